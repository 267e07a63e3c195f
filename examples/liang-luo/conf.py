"""Sphinx configuration: the portfolio of Liang Luo."""

from __future__ import annotations

project = "Liang Luo"
language = "en"
extensions = ["bibfolio"]
bibfolio_portfolio = True  # theme, header, footer and metadata: bibfolio's portfolio defaults

bibtex_bibfiles = ["refs.bib"]
bibfolio_owner = ["Liang Luo"]
bibfolio_author_separators = (", ", ", ")  # the homepage lists authors without "and"
bibfolio_profile = {"name": "Liang Luo"}  # the seed gives no position, photo or links
