extensions = ["myst_parser", "sphinxcontrib.bibtex", "bibfolio"]
bibtex_bibfiles = ["refs.bib"]
bibfolio_owner = ["Vera Quill"]
