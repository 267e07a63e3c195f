extensions = ["myst_parser", "sphinxcontrib.bibtex", "bibfolio"]
bibtex_bibfiles = ["papers.bib"]
bibfolio_owner = ["Albert Einstein", "A. Einstein"]
