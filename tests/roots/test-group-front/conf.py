extensions = ["bibfolio"]
bibfolio_portfolio = True
project = "Quillfeather Lab"
bibtex_bibfiles = ["refs.bib"]
html_baseurl = "https://lab.example.org/"
bibfolio_group = {"name": "Quillfeather Lab", "url": "https://lab.example.org/"}
bibfolio_group_filter_min_entries = 2
