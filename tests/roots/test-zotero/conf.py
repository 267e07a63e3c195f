extensions = ["bibfolio"]
bibfolio_portfolio = True  # loads sphinxext-opengraph, as every portfolio does
project = "Ada Lovelace"
bibtex_bibfiles = ["refs.bib"]
bibfolio_owner = ["Ada Lovelace"]
