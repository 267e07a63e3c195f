"""Sphinx configuration: the portfolio of Mingyu Liang."""

from __future__ import annotations

project = "Mingyu Liang"
language = "en"
extensions = ["bibfolio"]
bibfolio_portfolio = True  # theme, header, footer and metadata: bibfolio's portfolio defaults

bibtex_bibfiles = ["refs.bib"]
bibfolio_owner = ["Mingyu Liang"]
bibfolio_profile = {
    "name": "Mingyu Liang",
    "position": "Software Engineer",
    "affiliation": "Google DeepMind",
    "interests": "Performance and efficiency of cloud and machine learning systems",
    "email": "ml2585@cornell.edu",
    "alumniOf": ["Cornell University", "Shanghai Jiao Tong University"],
}
