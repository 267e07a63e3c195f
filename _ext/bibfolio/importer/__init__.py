"""``bibfolio import``: publications from DOI, arXiv, ORCID, DBLP or a .bib, merged into refs.bib.

The data path: :mod:`.sources` turns each SOURCE into :class:`~.records.Record` objects
(fetched with :mod:`.http`, which keeps to each service's rate limit), :mod:`.merge`
matches them against the entries already in the file and decides what to add, and
:mod:`.writer` writes the result in the file's own style with a minimal diff;
:mod:`.progress` is the bar on a terminal's stderr (``bibfolio metrics`` draws it too).  Nothing
here runs during a Sphinx build: only the command line imports this package.  May import
:mod:`bibfolio.formats`, :mod:`bibfolio.model` and :mod:`bibfolio.reading`.
"""
