"""The publication model: one entry read for display, as plain Python.

People and owner matching, venue, dates, links and identifiers, preprint pairing, selection,
the owner's profile.  No Sphinx or docutils imports.  May import :mod:`bibfolio.reading`.
"""
