extensions = ["myst_parser", "sphinxcontrib.bibtex", "bibfolio"]
bibtex_bibfiles = ["refs.bib"]
bibfolio_owner = ["Tom Testperson"]
