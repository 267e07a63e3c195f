extensions = ["myst_parser", "sphinxcontrib.bibtex", "bibfolio", "sphinx_copybutton"]
bibtex_bibfiles = ["refs.bib"]
bibfolio_owner = ["Ada Lovelace"]
bibfolio_max_authors = 6
