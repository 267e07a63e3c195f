"""bibfolio's CSS and JavaScript in ``_static``: copied before any page, only where linked.

Sphinx adds ``?v=<checksum>`` to a linked file that is in the output when the page is
written; copying the files at ``write-started`` makes a fresh build's pages link them
as an incremental build's do (issue 23).  A project that shows nothing of bibfolio's
gets none of them.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from docutils import nodes

from .. import atomic
from ..build.bibliography import get_domain
from ..doctree import nodes as bf_nodes
from .localfiles import is_epub
from .slugs import paper_pages

if TYPE_CHECKING:
    from sphinx.application import Sphinx
    from sphinx.builders import Builder

STATIC = Path(__file__).parent.parent / "static"
#: The static files an epub's pages link: its theme writes no scripts (see ``pageload``).
EPUB_STATIC = frozenset({"bibfolio.css"})
#: Elements that make a page link bibfolio.css: bibfolio's nodes, or a ``bibfolio-*`` class.
_STYLED_NODES = (bf_nodes.publication_entry, bf_nodes.paper_body, bf_nodes.listing_tools)


def note_styled(app: Sphinx, doctree: nodes.document) -> None:
    """``doctree-read``: remember a document that shows something of bibfolio's."""
    for node in doctree.findall(nodes.Element):
        if isinstance(node, _STYLED_NODES) or any(
            str(name).startswith("bibfolio-") for name in node.get("classes", ())
        ):
            get_domain(app.env).styled.add(app.env.docname)
            return


def static_files(app: Sphinx) -> set[str]:
    """The names of bibfolio's static files that the pages of this build link.

    ``bibfolio-icons.css`` with light pages (every page links it, not in an epub);
    ``bibfolio.css`` and ``bibfolio.js`` when a page shows something of bibfolio's (a
    list, a profile card, a CV link: recorded while reading, see :func:`note_styled`)
    or there are paper pages; an epub links only the CSS.  None in a project that adds
    bibfolio only for ``{cite}`` and ``{bibliography}``.
    """
    builder = app.builder
    epub = is_epub(builder)
    names = set()
    if app.config.bibfolio_light_pages and not epub:
        names.add("bibfolio-icons.css")
    if get_domain(app.env).styled or paper_pages(app.env, builder):
        names |= EPUB_STATIC if epub else {"bibfolio.css", "bibfolio.js"}
    return names


def copy_static_files(app: Sphinx, builder: Builder) -> None:
    """``write-started``: put bibfolio's static files in ``_static`` before pages link them.

    Sphinx adds a ``?v=<checksum>`` to a linked file that is in the output when the page
    is written, so they are copied before any page (a fresh build and an incremental one
    then link them alike).  Those no page of this build links are removed, so a project
    that stopped showing lists publishes none of them (issue 23).
    """
    if builder.format != "html":
        return
    folder = Path(app.outdir) / "_static"
    wanted = static_files(app)
    for asset in STATIC.iterdir():
        if asset.name in wanted:
            atomic.copy_file(asset, folder / asset.name)
        else:
            (folder / asset.name).unlink(missing_ok=True)
