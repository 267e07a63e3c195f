"""``bibfolio metrics``: citation counts from open scholarly APIs, kept in a committed file.

``data`` (the file and the summary figures, plain Python) is all the Sphinx build reads
(through ``build/citedby.py``).  ``lookup`` (what a source is asked and answers), ``openalex``
and ``sources`` (Crossref, Semantic Scholar, and the table of all three) and ``command``
run only on request, through the importer's polite HTTP client and its progress bar.
Nothing here imports Sphinx.  May import :mod:`bibfolio.importer` (its HTTP client,
progress bar and records) and everything below it.
"""
