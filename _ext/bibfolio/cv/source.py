"""The CV's Typst body: which pages it holds (``bibfolio_cv``) and each page translated."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from docutils import nodes
from sphinx import addnodes
from sphinx.util import logging

from ..build.bibliography import get_domain, get_library
from ..build.emptypages import hidden_pages, hidden_sections
from ..build.translation import author_separators, translated
from ..build.warnings_ import warn
from ..doctree import nodes as bf
from ..doctree.entrycontext import EntryContext
from ..news.directives import drop_news
from ..news.store import news_pages
from .dates import date_entries, split_dates
from .entries import cv_entry, legend
from .images import find_image
from .order import in_cv_order
from .projects import is_project_page, project_lines
from .stock import fresh_citation_nodes
from .typst import TypstTranslator, typst_markup
from .typstentry import typst_entry

if TYPE_CHECKING:
    from sphinx.application import Sphinx
    from sphinx.environment import BuildEnvironment

    from ..model.publication import Publication


#: ABlog's node for a ``{postlist}`` before it is resolved into a bullet list of class
#: ``postlist`` (read by name: nothing below ``portfolio/`` imports ABlog).
ABLOG_POST_LIST = "PostList"


#: Key of the bibfolio domain's data: whether a default CV has something to show
#: (``content.py``; unknown before the first build's reading is done: yes).
HAS_CONTENT = "cv_content"


def wants_cv(app: Sphinx) -> bool:
    """Whether the project has a CV: ``bibfolio_cv`` names parts, or it is a portfolio.

    A project using bibfolio only for ``{cite}`` (no owner, no list) gets none unless
    ``bibfolio_cv`` names its pages; nor does a portfolio whose CV would show nothing but
    the owner's name (``content.py``: a site fresh from ``bibfolio new``).
    """
    setting = app.config.bibfolio_cv
    if setting is None:
        domain = get_domain(app.env)
        return bool(
            app.config.bibfolio_owner and domain.listings and domain.data.get(HAS_CONTENT, True)
        )
    return bool(setting)


def cv_parts(
    env: BuildEnvironment, setting: list[str] | None, *, quiet: bool = False
) -> list[tuple[str, str]]:
    """(docname, section id or "") in CV order; a name that matches nothing warns.

    By default the home page and its toctree (in CV order, ``order.py``), without paper
    pages, news archives, posts and project pages.  A page with nothing in it yet is left
    out, named or not (``build/emptypages.py``; its empty sections are gone from its
    doctree already).
    *quiet*: no warnings (the CV page reads the same setting; the PDF build says it).
    """
    papers = set(get_domain(env).papers)
    empty = hidden_pages(env)
    if setting is None:
        papers |= news_pages(env) - {env.config.root_doc}  # a news archive is no CV part
        posts = set(getattr(env, "ablog_posts", None) or {})  # ABlog's posts: no CV part
        order: list[str] = []

        def walk(docname: str) -> None:
            if docname in order or docname in papers or docname not in env.all_docs:
                return
            if docname in empty:
                return  # nor its children: the navigation leaves them out with it
            if docname != env.config.root_doc and (docname in posts or _no_part(env, docname)):
                return
            order.append(docname)
            for child in env.toctree_includes.get(docname, ()):
                walk(child)

        walk(env.config.root_doc)
        order = in_cv_order(order, env.config.root_doc, lambda doc: _title(env, doc))
        return [(docname, "") for docname in order]
    parts = []
    for item in setting:
        docname, _, section = item.partition("#")
        if docname not in env.all_docs:
            if not quiet:
                warn(f"bibfolio_cv names {item!r}, but there is no document {docname!r}", "cv")
            continue
        if section in hidden_sections(env, docname):
            continue  # a section with nothing in it yet, left out with a note
        if section and not isinstance(env.get_doctree(docname).ids.get(section), nodes.section):
            if not quiet:
                warn(f"bibfolio_cv: {docname} has no section {section!r}", "cv")
            continue
        if docname not in empty:
            parts.append((docname, section))
    return parts


class CvSource:
    """The Typst body of one CV variant, collected page by page."""

    def __init__(self, app: Sphinx, short: bool, lists: set[str], *, typst: bool = False) -> None:
        self.app = app
        #: For the PDF: each entry is Typst markup as soon as it is made (the page
        #: needs its nodes).  Nothing between making and translating changes an
        #: entry but :func:`split_dates`, done then (a 3000-entry CV's nodes took 50 MB).
        self.typst = typst
        #: What translating the entries left out, and the problems it found.
        self.entry_skipped: list[nodes.Node] = []
        self.entry_problems: list[tuple[nodes.Node, str]] = []
        self.env = app.env
        self.short = short
        #: The list variants ("list", "selected") the CV's documents hold.
        self.lists = lists
        self.library = get_library(self.env)
        config = app.config
        self.context = EntryContext(
            variant="list",
            max_authors=config.bibfolio_max_authors,
            separators=author_separators(config),
        )
        self.legends = tuple(
            (mark, translated(text)) for mark, text in config.bibfolio_annotations.values() if mark
        )
        self.baseurl = config.html_baseurl.rstrip("/") + "/" if config.html_baseurl else ""
        self.parts: list[str] = []
        self.shown: list[Publication] = []
        self.legend_done = False
        #: The images the CV shows: name in the Typst root → file.
        self.files: dict[str, Path] = {}
        self.image_problems: list[tuple[nodes.Node, str]] = []
        #: The page's entries kept out of the post-transforms, and where they go after.
        self.held: list[tuple[held_entry, nodes.list_item]] = []

    def resolved(
        self, docname: str, section_id: str, is_home: bool
    ) -> tuple[nodes.document, nodes.Element, int]:
        """*docname* as the CV shows it: (doctree, the part's root node, level offset).

        Its toctrees are gone, its lists are CV entries, its references are resolved
        (the site's post-transforms) and its empty sections are dropped.  The home
        page's title (the owner's name) is removed: the CV's header says it; its
        sections then sit one level up (offset -1).
        """
        doctree = self.env.get_doctree(docname)
        for toctree in list(doctree.findall(addnodes.toctree)):
            toctree.parent.remove(toctree)
        self.expand_lists(doctree, docname)
        # Quietly: what resolving finds (a cited key that is gone, a missing reference)
        # is the page's, and the site's build of the page reports it once (issue 23).
        with fresh_citation_nodes(self.env, doctree), logging.suppress_logging():
            self.env.apply_post_transforms(doctree, docname)
        for slot, item in self.held:
            slot.replace_self(item)
        self.held = []
        level = 0
        if section_id:
            root: nodes.Element = doctree.ids[section_id]  # checked by cv_parts
        else:
            root = doctree
            first = next(iter(doctree.findall(nodes.section)), None)
            if is_home and first is not None and first.parent is doctree:
                first.remove(first[0])
                level = -1
        drop_news(root)
        drop_post_lists(root)
        project_lines(root)  # a line per project, not its card
        drop_empty_sections(root)
        if not self.typst:
            date_entries(root)  # the page's publications: their years in the column
        split_dates(root)  # the dates' column, in the PDF and on the page
        return doctree, root, level

    def add(self, docname: str, section_id: str, is_home: bool) -> None:
        """Translate *docname* (or its section *section_id*) and append it."""
        doctree, root, level = self.resolved(docname, section_id, is_home)
        translator = TypstTranslator(
            doctree, self.link_target, level, image_file=self.image_file, name=docname
        )
        root.walkabout(translator)
        problems = [
            (
                node,
                f"the CV leaves out a {node.tagname} (no Typst translation): "
                f"{node.astext()[:60]!r}",
            )
            for node in self.entry_skipped + translator.skipped
        ]
        problems += self.entry_problems + translator.problems + self.image_problems
        self.image_problems, self.entry_skipped, self.entry_problems = [], [], []
        # Both variants translate the same pages: say it once, for the full CV.
        for node, message in () if self.short else problems:
            warn(message, "cv", location=node)
        self.parts.append("".join(translator.parts))

    def expand_lists(self, doctree: nodes.document, docname: str = "") -> None:
        """Placeholders → CV entries; the short CV keeps selected entries only.

        The full CV leaves out ``:selected:`` lists when it has a full list (the same
        papers twice); the short CV keeps them and, without any, selected entries of
        the full lists.
        """
        for tools in list(doctree.findall(bf.listing_tools)):
            tools.parent.remove(tools)
        has_full, has_selected = "list" in self.lists, "selected" in self.lists
        for entry in list(doctree.findall(bf.publication_entry)):
            publication = self.library.get(entry["key"])
            if entry["variant"] == "selected" and self.short:
                # The one-page CV is the owner's selection: a `:selected:` list showing the
                # newest entries because none is selected (its :recent: stand-in) adds none.
                keep = publication is not None and publication.selected
            elif entry["variant"] == "selected":
                keep = not has_full
            elif self.short:
                keep = not has_selected and publication is not None and publication.selected
            else:
                keep = True
            if not keep or publication is None:
                entry.parent.remove(entry)
                continue
            self.shown.append(publication)
            markup = (
                typst_entry(publication, self.context, self.link_target) if self.typst else None
            )
            if markup is not None:  # written as a string, no tree
                text = nodes.Text(markup)
                entry.replace_self(nodes.list_item("", typst_markup("", text, markup=markup)))
                continue
            item = cv_entry(publication, self.context)
            if not self.typst and _untouched(item):
                slot = held_entry()
                entry.replace_self(slot)
                self.held.append((slot, item))
                continue
            entry.replace_self(item)
            if self.typst:  # in place: what it leaves out is located in its page
                self.translate_entry(item, doctree, docname)
        for slot in list(doctree.findall(bf.publication_legend)):
            text = "" if self.legend_done else legend(self.shown, self.legends)
            if text:
                slot.replace_self(nodes.paragraph("", text, classes=["bibfolio-legend"]))
                self.legend_done = True
            else:
                slot.parent.remove(slot)

    def translate_entry(self, item: nodes.list_item, doctree: nodes.document, docname: str) -> None:
        """Replace *item* with its Typst markup (one :class:`typst_markup` in a list item)."""
        split_dates(item)  # as resolved() does for the whole page
        translator = TypstTranslator(
            doctree, self.link_target, image_file=self.image_file, name=docname
        )
        markup = translator.content(item)
        item.replace_self(nodes.list_item("", typst_markup("", nodes.Text(markup), markup=markup)))
        self.entry_skipped += translator.skipped
        self.entry_problems += translator.problems

    def image_file(self, node: nodes.image) -> str:
        """The image's name in the Typst root, or "" (and a problem to report)."""
        image, problem = find_image(node, Path(self.app.srcdir))
        if image is None:
            self.image_problems.append((node, f"the CV leaves out an image: {problem}"))
            return ""
        self.files[image.name] = image.path
        return image.name

    def link_target(self, node: nodes.reference) -> str:
        """Web and mail links as they are; site pages only with ``html_baseurl``."""
        uri = node.get("refuri", "")
        if uri.startswith(("http://", "https://", "mailto:")):
            return uri
        if uri and self.baseurl and not node.get("refid"):
            return self.baseurl + uri
        return ""


class held_entry(nodes.Element):  # noqa: N801 - docutils node naming
    """Where a CV page entry goes once the page's post-transforms ran (never written)."""


#: What a CV entry is made of that no post-transform changes (none looks at them).
_PLAIN_NODES = (
    nodes.Text,
    nodes.list_item,
    nodes.paragraph,
    nodes.inline,
    nodes.strong,
    nodes.emphasis,
    nodes.superscript,
    nodes.subscript,
)


def _untouched(item: nodes.list_item) -> bool:
    """Whether the site's post-transforms leave *item* as it is, and may skip it.

    They run over the page's whole doctree; 3000 entries' nodes in it made them take
    about a third of the CV page's time.  An entry of plain text and styles, and links
    whose text is not their address (the theme shortens such a GitHub link), has
    nothing any of them changes (Sphinx's, the theme's, MyST's, sphinxcontrib-bibtex's,
    bibfolio's); anything else (math, inline code, a URL in a title) stays in the tree
    for them, as before.  Like the site's lists, whose entries are HTML by then.
    """
    for node in item.findall():
        if isinstance(node, nodes.reference):
            if not node.get("refuri") or node["refuri"] in node.astext():
                return False
        elif not isinstance(node, _PLAIN_NODES):
            return False
    return True


def _title(env: BuildEnvironment, docname: str) -> str:
    title = env.titles.get(docname)
    return title.astext() if title is not None else ""


def _no_part(env: BuildEnvironment, docname: str) -> bool:
    """Whether *docname* is no part of a CV by default.

    A page with ABlog's ``{postlist}`` (a page of posts), or a project's page (its line
    is where ``{projects}`` lists it, projects.py).
    """
    doctree = env.get_doctree(docname)
    return is_project_page(doctree) or any(
        type(node).__name__ == ABLOG_POST_LIST for node in doctree.findall(nodes.Element)
    )


def drop_post_lists(root: nodes.Element) -> None:
    """Remove ABlog's lists of posts (the home page's latest posts: a CV lists no posts)."""
    for node in list(root.findall(nodes.Element)):
        if node.parent is not None and (
            "postlist" in node.get("classes", ()) or type(node).__name__ == ABLOG_POST_LIST
        ):
            node.parent.remove(node)


def drop_empty_sections(root: nodes.Element) -> None:
    """Remove the sections under *root* with nothing to show but their title.

    A list that went to the other variant, a card the CV leaves out, a news list: no
    heading of the CV stands alone.  A section of an image or a formula alone stays.
    """
    for section in reversed(list(root.findall(nodes.section))):
        if section is root or section.parent is None:
            continue
        body = [child for child in section.children if not isinstance(child, nodes.title)]
        if not any(shows(child) for child in body):
            section.parent.remove(section)


def shows(node: nodes.Node) -> bool:
    """Whether *node* puts something on the page: text, an image, math or raw markup."""
    if isinstance(node, (nodes.Invisible, nodes.comment, nodes.target)):
        return False
    if node.astext().strip():
        return True
    return isinstance(node, nodes.Element) and any(
        isinstance(child, (nodes.image, nodes.raw, nodes.math, nodes.math_block))
        for child in node.findall(nodes.Element)
    )


def list_variants(env: BuildEnvironment, parts: list[tuple[str, str]]) -> set[str]:
    """The list variants ("list", "selected") in the CV's documents."""
    found: set[str] = set()
    for docname, _section in parts:
        found.update(
            node["variant"] for node in env.get_doctree(docname).findall(bf.publication_entry)
        )
    return found
