"""What a publication is written as: clean BibTeX, RIS, CSL-JSON, APA/IEEE, COinS, JSON-LD, chart.

Includes the CSL engine (citeproc-py corrected to citeproc-js, in any CSL locale it ships)
and the "Cite as" line (its words through the catalog functions the writers pass in).
Plain Python: no Sphinx or docutils imports.  May import :mod:`bibfolio.model` and
:mod:`bibfolio.reading`.
"""
