"""A portfolio's pages and sections with nothing in them yet, left out until they have some.

A site fresh from ``bibfolio new`` has pages the owner has not filled in.  A page is
*empty* when, after its title, it holds only comments (MyST ``%`` lines, ``<!-- ... -->``)
and ``{news}``/``{talks}`` lists whose file has no item; a section is empty when its
content is.  On a portfolio (``bibfolio_portfolio = True``), when a page is read, its
empty sections are removed (from the page, its table of contents and the CV alike), and
an empty page is recorded; after reading, every empty page is left out of the header's
navigation and the body's toctrees, of the CV (``cv/source.py``), of the sitemap
(``pages/head.py``'s ``noindex``), of the search index (Sphinx's ``nosearch``) and of
``bibfolio.testing``'s reachability check.  Its HTML is still written (a link someone
kept still works).  The build says once which pages and sections it left out, as
information (``-W`` passes).  When the owner writes something into a page (or adds a news
item), the page is read again and comes back; every page is then written again, so each
one's navigation shows it.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from docutils import nodes
from sphinx import addnodes
from sphinx.domains import Domain
from sphinx.transforms.post_transforms import SphinxPostTransform
from sphinx.util import logging

if TYPE_CHECKING:
    from collections.abc import Set

    from sphinx.application import Sphinx
    from sphinx.environment import BuildEnvironment

logger = logging.getLogger("bibfolio")
#: The class of what ``{news}``/``{talks}`` leave where a list with no item would be.
NO_ITEMS = "bibfolio-no-items"
_HTML_COMMENTS = re.compile(r"\s*(?:<!--.*?-->\s*)*", re.DOTALL)
#: Nodes that show a reader nothing: labels, substitution definitions, meta tags.
_INVISIBLE = (nodes.target, nodes.substitution_definition, nodes.meta)


def no_items(kind: str) -> nodes.comment:
    """The place of a ``{news}`` or ``{talks}`` list with nothing to show (a comment)."""
    return nodes.comment("", "", classes=[NO_ITEMS], kind=kind)


class EmptyPagesDomain(Domain):
    """Per page: whether it is empty, and the empty sections removed from it."""

    name = "bibfolio-pages"
    label = "Empty pages"
    data_version = 1
    initial_data: dict[str, Any] = {  # noqa: RUF012 - Sphinx's API shape
        "empty": set(),  # docnames of the empty pages
        "sections": {},  # docname -> [(title, ids)] of the empty sections removed from it
        "hidden": frozenset(),  # the empty pages of the last build (left out)
    }

    def clear_doc(self, docname: str) -> None:
        self.data["empty"].discard(docname)
        self.data["sections"].pop(docname, None)

    def merge_domaindata(self, docnames: Set[str], otherdata: dict[str, Any]) -> None:
        for docname in docnames:
            if docname in otherdata["empty"]:
                self.data["empty"].add(docname)
            if docname in otherdata["sections"]:
                self.data["sections"][docname] = otherdata["sections"][docname]

    def resolve_any_xref(self, *args: Any, **kwargs: Any) -> list[Any]:
        return []


def _domain(env: BuildEnvironment) -> EmptyPagesDomain:
    return env.get_domain(EmptyPagesDomain.name)  # type: ignore[return-value]


def shows_nothing(node: nodes.Node) -> bool:
    """Whether *node* shows a reader nothing (a section: nothing after its title)."""
    if isinstance(node, nodes.section):
        return all(shows_nothing(child) for child in node.children[1:])
    if isinstance(node, nodes.raw):
        return "html" in node.get("format", "").split() and bool(
            _HTML_COMMENTS.fullmatch(node.astext())
        )
    if isinstance(node, _INVISIBLE):
        return not node.children
    return isinstance(node, nodes.comment)


def hidden_pages(env: BuildEnvironment) -> frozenset[str]:
    """The empty pages this build leaves out (none but in a portfolio)."""
    if env.config.bibfolio_portfolio is not True:
        return frozenset()
    return frozenset(_domain(env).data["empty"] & env.found_docs)


def hidden_sections(env: BuildEnvironment, docname: str) -> frozenset[str]:
    """The ids of the empty sections removed from *docname* (and of what they held)."""
    removed = _domain(env).data["sections"].get(docname, ())
    return frozenset(ident for _title, ids in removed for ident in ids)


def mark_empty(app: Sphinx, doctree: nodes.document) -> None:
    """``doctree-read``, after the cards (400), before the table of contents (500).

    Removes the page's empty sections and HTML comments and records whether the page is
    empty; the place holders of empty lists go in every project.
    """
    env = app.env
    docname = env.docname
    if app.config.bibfolio_portfolio is True:
        page = next(iter(doctree.findall(nodes.section)), None)
        removed: list[tuple[str, tuple[str, ...]]] = []
        _drop_empty_sections(doctree, doctree, page, removed)
        if removed:
            _domain(env).data["sections"][docname] = removed
        if (
            page is not None
            and docname != app.config.root_doc
            and all(shows_nothing(child) for child in doctree.children)
        ):
            _domain(env).data["empty"].add(docname)
        # An HTML comment is the owner's note, as a % line is: not in the page's source
        # (where a visitor would read it), nor left for the CV, which has no raw HTML.
        for raw in list(doctree.findall(nodes.raw)):
            if shows_nothing(raw):
                raw.parent.remove(raw)
    for marker in list(doctree.findall(nodes.comment)):
        if NO_ITEMS in marker["classes"]:
            marker.parent.remove(marker)


def _drop_empty_sections(
    doctree: nodes.document,
    node: nodes.Element,
    page: nodes.Node | None,
    removed: list[tuple[str, tuple[str, ...]]],
) -> None:
    """Remove the empty sections in *node* but the *page*'s own; (title, ids) to *removed*."""
    for child in list(node.children):
        if not isinstance(child, nodes.section):
            continue
        if child is not page and shows_nothing(child):
            ids = tuple(ident for inner in child.findall(nodes.Element) for ident in inner["ids"])
            removed.append((child[0].astext() if child.children else "", ids))
            for ident in ids:
                doctree.ids.pop(ident, None)
            node.remove(child)
        else:
            _drop_empty_sections(doctree, child, page, removed)


def leave_out(app: Sphinx, env: BuildEnvironment) -> list[str]:
    """``env-updated``: the empty pages out of the navigation and search; said once.

    Returns every page when the empty pages differ from the last build's: each page's
    header lists the site's pages, so each is written again.
    """
    if app.config.bibfolio_portfolio is not True:
        return []
    hidden = hidden_pages(env)
    for toc in env.tocs.values():
        for toctree in toc.findall(addnodes.toctree):
            _without(toctree, hidden)
    for docname in hidden:
        env.metadata[docname]["nosearch"] = True
    _say(env, hidden)
    domain = _domain(env)
    if hidden == domain.data["hidden"]:
        return []
    domain.data["hidden"] = hidden
    return sorted(env.found_docs)


def _without(toctree: addnodes.toctree, hidden: frozenset[str]) -> None:
    """Leave *hidden* out of *toctree*'s entries, from the entries it was read with."""
    entries = toctree.setdefault("bibfolio_entries", list(toctree["entries"]))
    toctree["entries"] = [(title, ref) for title, ref in entries if ref not in hidden]
    included = toctree.setdefault("bibfolio_includefiles", list(toctree["includefiles"]))
    toctree["includefiles"] = [ref for ref in included if ref not in hidden]


def _say(env: BuildEnvironment, hidden: frozenset[str]) -> None:
    sections = _domain(env).data["sections"]
    parts = [str(env.doc2path(docname, False)) for docname in sorted(hidden)]
    parts += [
        f'"{title}" ({env.doc2path(docname, False)})'
        for docname in sorted(sections)
        if docname in env.found_docs and docname not in hidden
        for title, _ids in sections[docname]
    ]
    if parts:
        logger.info(
            "bibfolio: left out until they have something in them (only comments, or a "
            "news or talks list with no item): %s",
            ", ".join(parts),
        )


class HiddenInToctrees(SphinxPostTransform):
    """A toctree in a page's body lists no empty page (the header's, ``leave_out``)."""

    default_priority = 5

    def run(self, **kwargs: Any) -> None:
        hidden = hidden_pages(self.env)
        if hidden:
            for toctree in self.document.findall(addnodes.toctree):
                _without(toctree, hidden)


def register(app: Sphinx) -> None:
    """The domain, the reading and the leaving out."""
    app.add_domain(EmptyPagesDomain)
    app.connect("doctree-read", mark_empty, priority=450)
    app.connect("env-updated", leave_out)
    app.add_post_transform(HiddenInToctrees)
