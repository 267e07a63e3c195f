extensions = ["myst_parser", "sphinxcontrib.bibtex", "bibfolio", "sphinxext.opengraph"]
bibtex_bibfiles = ["refs.bib"]
bibfolio_owner = ["Ada Lovelace"]
