"""A portfolio's pages and sections with nothing in them yet, left out until they have some.

A site fresh from ``bibfolio new`` has pages the owner has not filled in.  A page is
*empty* when, after its title, it holds only comments (MyST ``%`` lines, ``<!-- ... -->``)
and lists with nothing to show: ``{news}``/``{talks}`` whose file has no item, a
``{publications}`` list (or a group's) that shows no entry (both leave :func:`no_items`
in their place), and ABlog's ``{postlist}`` while the site has no published post; a
section is empty when its content is.  On a portfolio (``bibfolio_portfolio = True``),
when a page is read, its empty sections are removed (from the page, its table of
contents and the CV alike), and an empty page is recorded; after reading, every empty
page is left out of the header's navigation and the body's toctrees, of the CV
(``cv/source.py``), of the sitemap (``pages/head.py``'s ``noindex``), of the search index
(Sphinx's ``nosearch``) and of ``bibfolio.testing``'s reachability check.  Its HTML is
still written (a link someone kept still works), and a removed section leaves its ids on
an empty target where it stood, so a ``{ref}`` to a label in it lands on its page.  The
build says once which pages and sections it left out, as information (``-W`` passes).
When the owner writes something into a page (or adds a news item, or an entry), the page
is read again and comes back; every page is then written again, so each one's navigation
shows it.

ABlog fills a ``{postlist}`` when a page is written, from the posts every page read
added; which pages and sections are empty *but for their post lists* is recorded when
they are read, and decided once reading is done (``env-updated``): without a published
post (ABlog's: dated, not after today) they are left out as the others, the sections
when the page is written (:class:`LeaveOut`).  Those pages are read again in every build
while no post is published, so their table of contents is whole again once one is.
"""

from __future__ import annotations

import re
from datetime import date, datetime, time, timedelta
from typing import TYPE_CHECKING, Any

from docutils import nodes
from sphinx import addnodes
from sphinx.domains import Domain
from sphinx.transforms.post_transforms import SphinxPostTransform
from sphinx.util import logging

if TYPE_CHECKING:
    from collections.abc import Iterator, Set

    from sphinx.application import Sphinx
    from sphinx.environment import BuildEnvironment

logger = logging.getLogger("bibfolio")
#: The class of what ``{news}``/``{talks}`` leave where a list with no item would be.
NO_ITEMS = "bibfolio-no-items"
_HTML_COMMENTS = re.compile(r"\s*(?:<!--.*?-->\s*)*", re.DOTALL)
#: Nodes that show a reader nothing: labels, substitution definitions, meta tags.
_INVISIBLE = (nodes.target, nodes.substitution_definition, nodes.meta)
#: ABlog's node for a ``{postlist}`` before it is written (read by name: nothing below
#: ``portfolio/`` imports ABlog).
ABLOG_POST_LIST = "PostList"
#: Section record: its title, and the ids in it (its own, its labels', its content's).
Removed = tuple[str, tuple[str, ...]]


def no_items(kind: str) -> nodes.comment:
    """The place of a list with nothing to show (``news``, ``talks``, ``publications``)."""
    return nodes.comment("", "", classes=[NO_ITEMS], kind=kind)


class EmptyPagesDomain(Domain):
    """Per page: whether it is empty, and the empty sections removed from it."""

    name = "bibfolio-pages"
    label = "Empty pages"
    data_version = 2
    initial_data: dict[str, Any] = {  # noqa: RUF012 - Sphinx's API shape
        "empty": set(),  # docnames of the empty pages
        "sections": {},  # docname -> [(title, ids)] of the empty sections removed from it
        "empty_without_posts": set(),  # docnames empty but for {postlist}s
        "sections_without_posts": {},  # docname -> [(title, ids)]: the same, sections
        "hidden": frozenset(),  # the empty pages of the last build (left out)
        "posts": True,  # whether the last build had a published post
    }
    _PER_PAGE = ("sections", "sections_without_posts")
    _PAGES = ("empty", "empty_without_posts")

    def clear_doc(self, docname: str) -> None:
        for key in self._PAGES:
            self.data[key].discard(docname)
        for key in self._PER_PAGE:
            self.data[key].pop(docname, None)

    def merge_domaindata(self, docnames: Set[str], otherdata: dict[str, Any]) -> None:
        for docname in docnames:
            for key in self._PAGES:
                if docname in otherdata[key]:
                    self.data[key].add(docname)
            for key in self._PER_PAGE:
                if docname in otherdata[key]:
                    self.data[key][docname] = otherdata[key][docname]

    def resolve_any_xref(self, *args: Any, **kwargs: Any) -> list[Any]:
        return []


def _domain(env: BuildEnvironment) -> EmptyPagesDomain:
    return env.get_domain(EmptyPagesDomain.name)  # type: ignore[return-value]


def shows_nothing(node: nodes.Node, without_posts: bool = False) -> bool:
    """Whether *node* shows a reader nothing (a section: nothing after its title).

    *without_posts*: whether a ``{postlist}`` shows nothing (no post is published).
    """
    if isinstance(node, nodes.section):
        return all(shows_nothing(child, without_posts) for child in node.children[1:])
    if type(node).__name__ == ABLOG_POST_LIST:
        return without_posts
    if isinstance(node, nodes.raw):
        return "html" in node.get("format", "").split() and bool(
            _HTML_COMMENTS.fullmatch(node.astext())
        )
    if isinstance(node, _INVISIBLE):
        return not node.children
    # A parser's message (a label's "duplicate implicit target name", at info level) is
    # the build's, not the owner's: Sphinx drops it after reading (FilterSystemMessages).
    return isinstance(node, (nodes.comment, nodes.system_message)) or _hidden_toctree(node)


def _hidden_toctree(node: nodes.Node) -> bool:
    """Whether *node* is a ``{toctree}`` with ``:hidden:`` (it lists the header's pages)."""
    return (
        isinstance(node, nodes.compound)
        and "toctree-wrapper" in node["classes"]
        and bool(node.children)
        and all(isinstance(child, addnodes.toctree) and child.get("hidden") for child in node)
    )


def posts_published(env: BuildEnvironment) -> bool:
    """Whether a ``{postlist}`` has a post to show, one ABlog publishes.

    ABlog publishes a post dated today or earlier; one without a date, or a later one, is
    a draft.
    """
    tomorrow = datetime.combine(date.today() + timedelta(days=1), time())
    return any(
        post.get("date") is not None and post["date"] < tomorrow
        for posts in (getattr(env, "ablog_posts", None) or {}).values()
        for post in posts
    )


def hidden_pages(env: BuildEnvironment) -> frozenset[str]:
    """The empty pages this build leaves out (none but in a portfolio)."""
    if env.config.bibfolio_portfolio is not True:
        return frozenset()
    data = _domain(env).data
    empty = set(data["empty"])
    if data["empty_without_posts"] and not posts_published(env):
        empty |= data["empty_without_posts"]
    return frozenset(empty & env.found_docs)


def _removed(env: BuildEnvironment, docname: str) -> Iterator[Removed]:
    """The empty sections of *docname* this build leaves out."""
    data = _domain(env).data
    yield from data["sections"].get(docname, ())
    postless = data["sections_without_posts"].get(docname, ())
    if postless and not posts_published(env):
        yield from postless


def hidden_sections(env: BuildEnvironment, docname: str) -> frozenset[str]:
    """The ids of the empty sections removed from *docname* (and of what they held)."""
    return frozenset(ident for _title, ids in _removed(env, docname) for ident in ids)


def mark_empty(app: Sphinx, doctree: nodes.document) -> None:
    """``doctree-read``, after the cards (400), before the table of contents (500).

    Removes the page's empty sections and HTML comments and records whether the page is
    empty; the place holders of empty lists go in every project.
    """
    env = app.env
    docname = env.docname
    if app.config.bibfolio_portfolio is True:
        data = _domain(env).data
        page = next(iter(doctree.findall(nodes.section)), None)
        removed: list[Removed] = []
        postless: list[Removed] = []
        _drop_empty_sections(doctree, doctree, page, removed, postless)
        if removed:
            data["sections"][docname] = removed
        if postless:
            data["sections_without_posts"][docname] = postless
        # A page with a toctree holds other pages (the header's, or its own): never empty.
        if (
            page is not None
            and docname != app.config.root_doc
            and next(doctree.findall(addnodes.toctree), None) is None
        ):
            if all(shows_nothing(child) for child in doctree.children):
                data["empty"].add(docname)
            elif all(shows_nothing(child, without_posts=True) for child in doctree.children):
                data["empty_without_posts"].add(docname)
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
    removed: list[Removed],
    postless: list[Removed] | None,
) -> None:
    """Remove the empty sections in *node* but the *page*'s own; (title, ids) to *removed*.

    The outermost sections empty but for their post lists go to *postless* (none inside
    one: ``None``).
    """
    for child in list(node.children):
        if not isinstance(child, nodes.section):
            continue
        if child is not page and shows_nothing(child):
            removed.append(_leave_target(doctree, child))
            continue
        inner = postless
        if child is not page and postless is not None and shows_nothing(child, True):
            postless.append(_record(child))
            inner = None
        _drop_empty_sections(doctree, child, page, removed, inner)


def _record(section: nodes.section) -> Removed:
    ids = tuple(ident for inner in section.findall(nodes.Element) for ident in inner["ids"])
    return (section[0].astext() if section.children else "", ids)


def _leave_target(document: nodes.document, section: nodes.section) -> Removed:
    """Replace *section* by an empty target with its ids and its content's.

    A ``{ref}`` to a label in it (resolved to this page and one of those ids) then lands
    where the section would be, as a link to an empty page lands on its page.  A hidden
    toctree in it (the home page's, written at its end, under its last heading) stays,
    after the target: it makes the header.
    """
    record = _record(section)
    target = nodes.target("", "", ids=list(record[1]))
    for ident in record[1]:
        document.ids[ident] = target
    toctrees = [node for node in section.findall(nodes.compound) if _hidden_toctree(node)]
    for toctree in toctrees:
        toctree.parent.remove(toctree)
    section.replace_self([target, *toctrees])
    return record


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
    data = _domain(env).data
    posts = posts_published(env)
    if not posts:
        for docname, sections in data["sections_without_posts"].items():
            if docname in env.tocs:
                _toc_without(env.tocs[docname], {ids[0] for _title, ids in sections if ids})
    _say(env, hidden)
    if (hidden, posts) == (data["hidden"], data["posts"]):
        return []
    data["hidden"] = hidden
    data["posts"] = posts
    return sorted(env.found_docs)


def read_again(
    app: Sphinx, env: BuildEnvironment, added: Set[str], changed: Set[str], removed: Set[str]
) -> list[str]:
    """``env-get-outdated``: while no post is published, the pages with post lists.

    Their sections empty but for a post list are out of their table of contents
    (:func:`leave_out`); read again, a page has them back for the build that publishes
    its first post.
    """
    data = _domain(env).data
    if data["posts"]:
        return []
    return sorted(
        (data["empty_without_posts"] | data["sections_without_posts"].keys()) & env.found_docs
    )


def _without(toctree: addnodes.toctree, hidden: frozenset[str]) -> None:
    """Leave *hidden* out of *toctree*'s entries, from the entries it was read with."""
    entries = toctree.setdefault("bibfolio_entries", list(toctree["entries"]))
    toctree["entries"] = [(title, ref) for title, ref in entries if ref not in hidden]
    included = toctree.setdefault("bibfolio_includefiles", list(toctree["includefiles"]))
    toctree["includefiles"] = [ref for ref in included if ref not in hidden]


def _toc_without(toc: nodes.Node, ids: set[str]) -> None:
    """Leave the entries of the sections with *ids* out of a page's table of contents."""
    for reference in list(toc.findall(nodes.reference)):
        if reference.get("anchorname", "").removeprefix("#") in ids:
            item = reference.parent.parent  # list_item > compact_paragraph > reference
            if isinstance(item, nodes.list_item) and item.parent is not None:
                item.parent.remove(item)


def _say(env: BuildEnvironment, hidden: frozenset[str]) -> None:
    parts = [str(env.doc2path(docname, False)) for docname in sorted(hidden)]
    parts += [
        f'"{title}" ({env.doc2path(docname, False)})'
        for docname in sorted(env.found_docs - hidden)
        for title, _ids in _removed(env, docname)
    ]
    if parts:
        logger.info(
            "bibfolio: left out until they have something in them (only comments, or "
            "lists with nothing to show yet: news, talks, publications, posts): %s",
            ", ".join(parts),
        )


class LeaveOut(SphinxPostTransform):
    """Write time: what the page shows of the pages and sections left out.

    A toctree in its body lists no empty page (the header's: :func:`leave_out`); while no
    post is published, a section empty but for its post lists is an empty target with
    its ids.
    """

    default_priority = 5

    def run(self, **kwargs: Any) -> None:
        hidden = hidden_pages(self.env)
        if hidden:
            for toctree in self.document.findall(addnodes.toctree):
                _without(toctree, hidden)
        postless = _domain(self.env).data["sections_without_posts"].get(self.env.docname)
        if not postless or posts_published(self.env):
            return
        ids = {ids[0] for _title, ids in postless if ids}
        for section in list(self.document.findall(nodes.section)):
            if section["ids"] and section["ids"][0] in ids and section.parent is not None:
                _leave_target(self.document, section)


def register(app: Sphinx) -> None:
    """The domain, the reading and the leaving out."""
    app.add_domain(EmptyPagesDomain)
    app.connect("env-get-outdated", read_again)
    app.connect("doctree-read", mark_empty, priority=450)
    app.connect("env-updated", leave_out)
    app.add_post_transform(LeaveOut)
