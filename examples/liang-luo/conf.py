"""Sphinx configuration: the portfolio of Liang Luo."""

from __future__ import annotations

import os

project = "Liang Luo"
author = "Liang Luo"
language = "en"

extensions = [
    "myst_parser",
    "sphinxcontrib.bibtex",
    "bibfolio",
    "sphinx_copybutton",
    "sphinxext.opengraph",
]

# Publications ---------------------------------------------------------------------------
bibtex_bibfiles = ["refs.bib"]
bibtex_reference_style = "author_year"
bibtex_default_style = "bibfolio"
bibfolio_owner = ["Liang Luo"]
bibfolio_author_separators = (", ", ", ")  # the homepage lists authors without "and"
bibfolio_max_authors = 10
bibfolio_profile = {"name": "Liang Luo"}

# Pages ------------------------------------------------------------------------------------
exclude_patterns = ["_build"]

# HTML -------------------------------------------------------------------------------------
html_theme = "pydata_sphinx_theme"
html_title = "Liang Luo"
html_favicon = "_static/favicon.svg"
html_context = {"default_mode": "auto"}
html_show_copyright = False
html_show_sourcelink = False
html_use_index = False  # a portfolio has no index entries; no empty genindex page
html_sidebars = {"**": []}
bibfolio_light_pages = True  # deferred scripts, search index only on search.html
html_theme_options = {
    "navbar_align": "left",
    "secondary_sidebar_items": [],
    "show_prev_next": False,
    "footer_start": [],
    "footer_end": ["theme-version"],
}

html_baseurl = os.environ.get("READTHEDOCS_CANONICAL_URL", "")
if html_baseurl:
    extensions.append("sphinx_sitemap")
sitemap_url_scheme = "{link}"
sitemap_show_lastmod = False
ogp_site_url = html_baseurl
ogp_site_name = "Liang Luo"
ogp_enable_meta_description = True
ogp_social_cards = {"enable": False}
