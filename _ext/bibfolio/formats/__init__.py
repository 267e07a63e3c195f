"""What a publication is written as: clean BibTeX, RIS, CSL-JSON, APA/IEEE, COinS, JSON-LD, chart.

Includes the CSL engine (citeproc-py corrected to citeproc-js).  Plain Python: no Sphinx or
docutils imports.  May import :mod:`bibfolio.model` and :mod:`bibfolio.reading`.
"""
