"""Sphinx configuration: the portfolio of Mingyu Liang."""

from __future__ import annotations

import os

project = "Mingyu Liang"
author = "Mingyu Liang"
language = "en"

extensions = [
    "myst_parser",
    "sphinxcontrib.bibtex",
    "bibfolio",
    "sphinx_copybutton",
    "sphinxext.opengraph",
]

# Publications ---------------------------------------------------------------------------
bibtex_bibfiles = ["../refs.bib"]
bibtex_reference_style = "author_year"
bibtex_default_style = "bibfolio"  # citation tooltips keep the titles' case
bibfolio_owner = ["Mingyu Liang"]
bibfolio_profile = {
    "name": "Mingyu Liang",
    "jobTitle": "Software Engineer",
    "affiliation": "Google DeepMind",
    "alumniOf": ["Cornell University", "Shanghai Jiao Tong University"],
    "email": "ml2585@cornell.edu",
}

# Pages ------------------------------------------------------------------------------------
myst_enable_extensions = ["colon_fence", "deflist"]
exclude_patterns = ["_build"]

# HTML -------------------------------------------------------------------------------------
html_theme = "pydata_sphinx_theme"
html_title = "Mingyu Liang"
html_favicon = "_static/favicon.svg"
html_context = {"default_mode": "auto"}
html_show_copyright = False
html_show_sourcelink = False
html_use_index = False  # a portfolio has no index entries; no empty genindex page
html_sidebars = {"**": []}
bibfolio_light_pages = True  # deferred scripts, search index only on search.html
html_theme_options = {
    "navbar_align": "left",
    "header_links_before_dropdown": 6,
    "icon_links": [
        {
            "name": "Email",
            "url": "mailto:ml2585@cornell.edu",
            "icon": "fa-solid fa-envelope",
            "type": "fontawesome",
        }
    ],
    "secondary_sidebar_items": [],
    "show_prev_next": False,
    "footer_start": [],
    "footer_end": ["theme-version"],
}

# Where Read the Docs serves the site.  Locally there is none, so no sitemap is built and
# no absolute URLs are written.
html_baseurl = os.environ.get("READTHEDOCS_CANONICAL_URL", "")
if html_baseurl:
    extensions.append("sphinx_sitemap")
sitemap_url_scheme = "{link}"
sitemap_show_lastmod = False
ogp_site_url = html_baseurl
ogp_site_name = "Mingyu Liang"
ogp_enable_meta_description = True
ogp_social_cards = {"enable": False}  # the cards need matplotlib; a text site does not
