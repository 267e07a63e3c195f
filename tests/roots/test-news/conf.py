extensions = ["myst_parser", "sphinxcontrib.bibtex", "bibfolio"]
bibtex_bibfiles = ["refs.bib"]
bibfolio_owner = ["Ada Lovelace"]
bibfolio_profile = {"name": "Ada Lovelace", "position": "Analyst"}
html_baseurl = "https://ada.example.org/"
bibfolio_news_feed = 3
bibfolio_publications_feed = 2
html_static_path = ["_static"]
