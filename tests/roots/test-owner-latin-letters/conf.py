extensions = ["myst_parser", "sphinxcontrib.bibtex", "bibfolio"]
bibtex_bibfiles = ["refs.bib"]
bibfolio_owner = ["Lucja Kowalczyk", "Søren Holmgaard", "Durdica Marevic", "Thora Eiriksdottir", "张伟"]
