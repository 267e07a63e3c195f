extensions = ["myst_parser", "sphinxcontrib.bibtex", "bibfolio"]
bibtex_bibfiles = ["refs.bib"]
bibfolio_owner = ["Ada Lovelace"]
bibfolio_profile = {"name": "Ada Lovelace", "jobTitle": "Analyst", "email": "ada@example.org"}
myst_enable_extensions = ["deflist"]
bibfolio_max_authors = 3
