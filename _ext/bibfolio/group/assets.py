"""The group's CSS and JavaScript: copied on a group site, linked where they are used."""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .. import atomic
from ..pages.localfiles import is_epub
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
    for asset in STATIC.iterdir():
        if get_group(app.env) is not None and not (epub and asset.suffix == ".js"):
            atomic.copy_file(asset, folder / asset.name)
        else:
            (folder / asset.name).unlink(missing_ok=True)


def link_files(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    """``html-page-context``: the people page, member pages and group lists link them."""
    if _STYLED.search(context.get("body") or ""):
        app.add_css_file("bibfolio-group.css")
        if "data-bibfolio-member-filter" in (context.get("body") or ""):
            app.add_js_file("bibfolio-group.js", loading_method="defer")


def register(app: Sphinx) -> None:
    """The handlers."""
    app.connect("write-started", copy_files)
    app.connect("html-page-context", link_files)
