extensions = ["myst_parser", "sphinxcontrib.bibtex", "bibfolio"]
bibtex_bibfiles = ["refs.bib"]
bibfolio_owner = ["Mingyu Liang"]
suppress_warnings = ["bibfolio.owner_missing"]  # near misses on purpose
