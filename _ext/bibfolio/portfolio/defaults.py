"""``bibfolio_portfolio = True``: the settings every portfolio repeats, supplied by bibfolio.

A portfolio's ``conf.py`` then says who it is about (``project``, ``bibfolio_owner``,
``bibfolio_profile``, ``bibtex_bibfiles``) and little else.  One configuration value
rather than a theme of our own: the repeated settings span Sphinx itself
(``html_title``, ``html_show_copyright``, ``html_use_index`` ...), pydata-sphinx-theme's
options, sphinxcontrib-bibtex and sphinxext-opengraph, and a theme can only set the
theme's own options.

Each default applies only where ``conf.py`` (or ``-D``) leaves the value unset; dict
values (``html_theme_options``, ``html_context``) are merged, the project's keys
winning.  A project without ``bibfolio_portfolio`` is left exactly as it was.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..build.config import user_set
from ..build.translation import translated
from ..model.messages import N_
from ..model.profile import read_profile
from . import languages, notfound

if TYPE_CHECKING:
    from sphinx.application import Sphinx
    from sphinx.config import Config

#: Loaded by ``setup()`` in a portfolio (``app.setup_extension`` ignores a repeat).
EXTENSIONS = ("myst_parser", "sphinx_copybutton", "sphinxext.opengraph")
#: MyST-NB reads Markdown (and notebooks) in MyST-Parser's place and sets MyST-Parser up
#: itself; loading both registers ``.md`` twice, which Sphinx refuses.
MARKDOWN_READERS = {"myst_nb": "myst_parser"}

#: pydata-sphinx-theme without the documentation chrome: no breadcrumbs, no "Built with"
#: footer, no page-contents sidebar, no previous/next links; search stays as an icon.
THEME_OPTIONS: dict[str, Any] = {
    "navbar_align": "left",
    "navbar_center": ["bibfolio-navbar-nav"],  # the pages, then the CV (chrome.py)
    "header_links_before_dropdown": 6,
    "navbar_persistent": ["search-button"],
    "search_bar_text": N_("Search this site"),
    "article_header_start": [],
    "secondary_sidebar_items": [],
    "show_prev_next": False,
    "footer_start": [],
    "footer_center": [],
    "footer_end": [],
}

#: Font Awesome names of the header's links, drawn by bibfolio-icons.css with the card's
#: paths (so the 115 KB icon font is not fetched for them).
HEADER_ICONS = {
    "email": "fa-solid fa-envelope",
    "scholar": "fa-brands fa-google-scholar",
    "orcid": "fa-brands fa-orcid",
    "github": "fa-brands fa-github",
    "linkedin": "fa-brands fa-linkedin",
    "x": "fa-brands fa-x-twitter",
    "bluesky": "fa-brands fa-bluesky",
    "mastodon": "fa-brands fa-mastodon",
    "link": "fa-solid fa-link",
}

#: The portfolio's thresholds for a full list's chart and filter (GUIDE.md).
#: A chart of fewer years is a row of ones; a filter for fewer entries is a tool for nothing.
CHART_MIN_ENTRIES = 5
CHART_MIN_YEARS = 5
FILTER_MIN_ENTRIES = 20
#: A portfolio's feed of its newest publications (news/feeds.py; needs html_baseurl).
PUBLICATIONS_FEED = 20


def load_extensions(app: Sphinx) -> None:
    """From ``setup()``: the extensions every portfolio lists, when the project is one.

    Sphinx reads a config value from ``conf.py`` when it is first asked for, so the
    flag is known here, before ``config-inited``; extensions loaded now still read
    their own settings from ``conf.py``.  A project that lists MyST-NB gets it as its
    Markdown reader instead of MyST-Parser (:data:`MARKDOWN_READERS`).
    """
    if not app.config.bibfolio_portfolio:
        return
    listed = set(app.config.extensions) | set(app.extensions)
    replaced = {MARKDOWN_READERS[name] for name in listed & MARKDOWN_READERS.keys()}
    for name in EXTENSIONS:
        if name not in replaced:
            app.setup_extension(name)
    notfound.register(app)  # 404.html, with sphinx-notfound-page
    if _baseurl(app.config) and _importable("sphinx_sitemap"):
        app.setup_extension("sphinx_sitemap")


def apply_defaults(app: Sphinx, config: Config) -> None:
    """``config-inited`` (before validation): fill in what the project left unset."""
    if config.bibfolio_portfolio is not True:
        return
    raw_profile = config.bibfolio_profile if isinstance(config.bibfolio_profile, dict) else {}
    profile, _problems = read_profile(raw_profile)  # problems are reported by profile.py
    name = profile.name or config.project
    baseurl = _baseurl(config)
    favicon = Path(app.srcdir, "_static", "favicon.svg")
    defaults: dict[str, Any] = {
        "author": name,
        "html_theme": "pydata_sphinx_theme",
        "html_title": name,
        "html_show_copyright": False,
        "html_show_sourcelink": False,
        "html_use_index": False,  # a portfolio has no index entries
        "html_sidebars": {"**": []},
        "html_baseurl": baseurl,
        "bibfolio_light_pages": True,
        "bibfolio_chart_min_entries": CHART_MIN_ENTRIES,
        "bibfolio_chart_min_years": CHART_MIN_YEARS,
        "bibfolio_filter_min_entries": FILTER_MIN_ENTRIES,
        "bibfolio_cite_styles": ["apa", "ieee"],
        "bibfolio_publications_feed": PUBLICATIONS_FEED,
        "exclude_patterns": ["_build"],
        "bibtex_reference_style": "author_year",
        "bibtex_default_style": "bibfolio",  # citation tooltips keep the titles' case
        "myst_enable_extensions": ["colon_fence", "deflist"],
        "nb_execution_mode": "off",  # MyST-NB's: show a notebook's stored outputs, run nothing
        "ogp_site_url": baseurl,
        "ogp_site_name": name,
        "ogp_enable_meta_description": True,
        "ogp_social_cards": {"enable": False},  # the cards need matplotlib
        "sitemap_url_scheme": "{link}",
        "sitemap_show_lastmod": False,
        **notfound.defaults(baseurl),
    }
    if favicon.is_file():
        defaults["html_favicon"] = "_static/favicon.svg"
    for key, value in defaults.items():
        if key in config and not user_set(config, key):
            setattr(config, key, value)
    header_icons = [
        {"name": translated(link.label), "url": link.url, "icon": HEADER_ICONS[link.kind]}
        for link in profile.links
    ]
    if config.html_theme == "pydata_sphinx_theme":  # another theme would warn about them
        search = translated(THEME_OPTIONS["search_bar_text"])
        theme_options = {**THEME_OPTIONS, "icon_links": header_icons, "search_bar_text": search}
        config.html_theme_options = {**theme_options, **(config.html_theme_options or {})}
    config.html_context = {"default_mode": "auto", **(config.html_context or {})}


def _baseurl(config: Config) -> str:
    """The site's address: conf.py's ``html_baseurl``, else where Read the Docs serves it.

    A site in several languages gives each build's address in ``bibfolio_translations``.
    """
    if own := languages.own_address(config):
        return own
    if user_set(config, "html_baseurl"):
        return str(config.html_baseurl or "")
    return os.environ.get("READTHEDOCS_CANONICAL_URL", "")


def _importable(module: str) -> bool:
    from importlib.util import find_spec  # noqa: PLC0415

    return find_spec(module) is not None
