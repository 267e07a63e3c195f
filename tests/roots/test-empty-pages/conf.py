extensions = ["bibfolio"]
bibfolio_portfolio = True
project = "Ada Lovelace"
bibtex_bibfiles = ["refs.bib"]
bibfolio_owner = ["Ada Lovelace"]
html_baseurl = "https://ada.example.org/"
