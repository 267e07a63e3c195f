extensions = ["bibfolio"]
bibfolio_portfolio = True
project = "Brindlecombe Group"
bibtex_bibfiles = ["refs.bib"]
html_baseurl = "https://group.example.org/"
bibfolio_group = {"name": "Brindlecombe Group"}
bibfolio_group_members = ["people", "members.yaml"]
