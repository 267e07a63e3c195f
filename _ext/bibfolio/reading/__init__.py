"""Reading ``.bib`` text into entries: the reader, macros, crossref, LaTeX → Unicode, math.

The tolerant reader (``bibtex``), ``@string``/``@preamble`` macros, ``crossref``/``xdata``,
LaTeX → rich text and inline math, and back: Unicode text escaped for a BibTeX value
(``texescape``); which fields citers want and which only shape the site (``bibfields``).
Plain Python: no Sphinx or docutils imports.  Owns :class:`~.bibtex.BibEntry` and the
:class:`~.diagnostics.Diagnostic` problems found in the input.  Imports nothing else of
bibfolio.
"""
