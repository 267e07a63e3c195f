"""Sphinx configuration: the portfolio of Liang Luo."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from sphinx.application import Sphinx

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


# Speed ------------------------------------------------------------------------------------
# Sphinx's search-word highlighter and sphinx-copybutton's scripts are linked in <head>
# without ``defer``, so they hold up the first paint, yet they only act on the parsed page.
# doctools.js stays as it is: the theme's search script, also in <head>, needs it at once.
DEFERRED_SCRIPTS = ("sphinx_highlight.js", "clipboard.min.js", "copybutton.js")


def defer_scripts(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    """``html-page-context``: load :data:`DEFERRED_SCRIPTS` with ``defer``."""
    context["script_files"] = [_deferred(script) for script in context.get("script_files", [])]


def _deferred(script: Any) -> Any:
    if not str(getattr(script, "filename", "")).endswith(DEFERRED_SCRIPTS) or script.attributes:
        return script
    return type(script)(script.filename, priority=script.priority, defer="defer")


def setup(app: Sphinx) -> None:
    """Connect :func:`defer_scripts`."""
    app.connect("html-page-context", defer_scripts)
