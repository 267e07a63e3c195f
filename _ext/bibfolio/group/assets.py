"""The group's CSS and JavaScript: copied on a group site, linked where they are used.

The CSS also lays out highlight rows (``front.py``), on any site that shows them.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .. import atomic
from ..pages.localfiles import is_epub
from .front import pages_with_rows
from .load import get_group

if TYPE_CHECKING:
    from sphinx.application import Sphinx
    from sphinx.builders import Builder

STATIC = Path(__file__).parent / "static"
_STYLED = re.compile(r'class="[^"]*\bbibfolio-(?:people|member-card|group-tools|highlight)\b')


def copy_files(app: Sphinx, builder: Builder) -> None:
    """``write-started``: into ``_static`` before any page links them (see staticfiles.py)."""
    if builder.format != "html":
        return
    folder = Path(app.outdir) / "_static"
    folder.mkdir(parents=True, exist_ok=True)
    # An EPUB has no member filter (lists.DropMemberFilter): its script is not packed.
    epub = is_epub(builder)
    group = get_group(app.env) is not None
    # Highlight rows are laid out by the CSS on any site; the script is the member filter's.
    rows = bool(pages_with_rows(app.env))
    for asset in STATIC.iterdir():
        wanted = (group or rows) if asset.suffix == ".css" else group and not epub
        if wanted:
            atomic.copy_file(asset, folder / asset.name)
        else:
            (folder / asset.name).unlink(missing_ok=True)


def link_files(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    """``html-page-context``: the people page, member pages, group lists and rows link them.

    Pages of a site without a group are not searched (a cost on each of thousands of
    paper pages): there, only the pages that show highlight rows link the stylesheet.
    """
    group = get_group(app.env) is not None
    body = (context.get("body") or "") if group else ""
    if pagename in pages_with_rows(app.env) or (group and _STYLED.search(body)):
        app.add_css_file("bibfolio-group.css")
    if group and "data-bibfolio-member-filter" in body:
        app.add_js_file("bibfolio-group.js", loading_method="defer")


def register(app: Sphinx) -> None:
    """The handlers."""
    app.connect("write-started", copy_files)
    app.connect("html-page-context", link_files)
