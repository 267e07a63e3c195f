extensions = ["bibfolio"]
bibfolio_portfolio = True
project = "Ferrowick Group"
bibtex_bibfiles = ["refs.bib"]
bibfolio_group = {"name": "Ferrowick Group"}
bibfolio_group_members = ["people", "members.yaml"]
bibfolio_group_mark = "italic"
