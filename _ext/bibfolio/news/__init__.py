"""News and talks: dated items kept as data, their pages, Atom feeds and schema.org events.

``data.py`` reads the YAML files (plain Python), ``store.py`` holds what the pages show,
``directives.py`` makes the ``{news}`` and ``{talks}`` lists, ``atom.py`` writes Atom
(plain Python), ``feeds.py`` and ``events.py`` put the feeds and events on the site.
Layer: below ``cv/`` (the CV shows talks and leaves out news: ``cv/build.py`` imports
:func:`.directives.drop_news` and :func:`.store.news_pages`), above ``doctree/``.  May
import ``build/`` (settings, warnings, the library, paper page names), ``formats/``,
``model/``, ``reading/`` and ``atomic``; never ``cv/``, ``pages/`` or ``portfolio/``.
Imported by ``bibfolio.setup`` and ``cv/build.py``.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from docutils import nodes

from .. import atomic
from .store import get_news_domain

if TYPE_CHECKING:
    from sphinx.application import Sphinx
    from sphinx.builders import Builder

STATIC = Path(__file__).with_name("static")
CSS = "bibfolio-news.css"


def register(app: Sphinx) -> None:
    """Domain, nodes, directives, then handlers; the settings are in ``config.py``."""
    from . import events, feeds, store  # noqa: PLC0415
    from .directives import (  # noqa: PLC0415
        MoreLinks,
        NewsDirective,
        SiteFileLinks,
        TalksDirective,
        more_items,
    )

    app.add_domain(store.NewsDomain)
    app.add_node(more_items)
    app.add_directive("news", NewsDirective)
    app.add_directive("talks", TalksDirective)
    app.add_post_transform(MoreLinks)
    app.add_post_transform(SiteFileLinks)
    app.connect("write-started", copy_css)
    app.connect("env-before-read-docs", store.load)
    app.connect("html-page-context", add_page_css)
    app.connect("html-page-context", feeds.add_links)
    app.connect("html-page-context", events.add_events)
    app.connect("build-finished", feeds.write_feeds)


def copy_css(app: Sphinx, builder: Builder) -> None:
    """``write-started``: ``_static/bibfolio-news.css`` when a page shows news or talks.

    Before any page is written, so pages link it with its checksum; removed again when
    no page needs it (a project without news ships nothing of this package).
    """
    if builder.format != "html":
        return
    target = Path(builder.outdir, "_static", CSS)
    if get_news_domain(app.env).lists:
        target.parent.mkdir(parents=True, exist_ok=True)
        atomic.copy_file(STATIC / CSS, target)
    else:
        target.unlink(missing_ok=True)


def add_page_css(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    """``html-page-context``: the list styles, on pages that show news or talks.

    Only where some page shows a list (:func:`copy_css` ships the file then), so that the
    doctrees of a site without news, thousands of paper pages among them, are not searched.
    """
    if not get_news_domain(app.env).lists:
        return
    if doctree is not None and any(
        {"bibfolio-news", "bibfolio-talks"} & set(node["classes"])
        for node in doctree.findall(nodes.bullet_list)
    ):
        app.add_css_file(CSS)
