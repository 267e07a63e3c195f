extensions = ["myst_parser", "sphinxcontrib.bibtex", "bibfolio"]
bibtex_bibfiles = ["refs.bib"]
bibfolio_owner = ["Priya Raman"]
bibfolio_profile = {"name": "Priya Raman", "position": "Your position"}  # 0.1.0's example
bibfolio_cv = False  # the test is about the pages, not the CV
