extensions = ["myst_parser", "sphinxcontrib.bibtex", "bibfolio", "sphinx_sitemap"]
bibtex_bibfiles = ["refs.bib"]
bibfolio_owner = ["Ada Lovelace"]
html_baseurl = "https://example.org/"
sitemap_url_scheme = "{link}"
sitemap_excludes = ["drafts.html"]  # the user's own: kept
