extensions = ["bibfolio"]
bibfolio_portfolio = True  # pydata-sphinx-theme, the sitemap, the search page
project = "Ada Lovelace"
bibtex_bibfiles = ["refs.bib"]
bibfolio_owner = ["Ada Lovelace"]
html_baseurl = "https://ada.example.org/"
bibfolio_projects = ["projects", "software"]
bibfolio_projects_filter_min = 3
