"""The projects' CSS and tag-filter script: copied on a site with projects, linked where used."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from sphinx.transforms.post_transforms import SphinxPostTransform

from .. import atomic
from ..build.bibliography import get_domain
from ..pages.localfiles import is_epub
from .load import get_projects
from .pages import project_filter

if TYPE_CHECKING:
    from sphinx.application import Sphinx
    from sphinx.builders import Builder

STATIC = Path(__file__).parent / "static"


def copy_files(app: Sphinx, builder: Builder) -> None:
    """``write-started``: into ``_static`` before any page links them."""
    if builder.format != "html":
        return
    folder = Path(app.outdir) / "_static"
    folder.mkdir(parents=True, exist_ok=True)
    for asset in STATIC.iterdir():
        if get_projects(app.env) is not None:
            atomic.copy_file(asset, folder / asset.name)
        else:
            (folder / asset.name).unlink(missing_ok=True)


def link_files(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    """``html-page-context``: the projects page and project pages link them.

    Only on a site with projects: elsewhere :func:`copy_files` ships no file to link.
    """
    if get_projects(app.env) is None:
        return
    body = context.get("body") or ""
    if "bibfolio-project" in body:
        app.add_css_file("bibfolio-projects.css")
        if "bibfolio-project-filter" in body:
            app.add_js_file("bibfolio-projects.js", loading_method="defer")


class DropProjectFilter(SphinxPostTransform):
    """Outside HTML, and in an EPUB (read offline, often without scripts), no filter."""

    default_priority = 5

    def run(self, **kwargs: Any) -> None:
        builder = get_domain(self.env).app.builder  # type: ignore[union-attr]
        if builder.format == "html" and not is_epub(builder):
            return
        for node in list(self.document.findall(project_filter)):
            node.parent.remove(node)


def register(app: Sphinx) -> None:
    """The handlers and the post-transform."""
    app.add_post_transform(DropProjectFilter)
    app.connect("write-started", copy_files)
    app.connect("html-page-context", link_files)
