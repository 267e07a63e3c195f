"""The CV as a web page: ``cv.html`` (``cv/`` with dirhtml), made of the PDF's parts.

``html-collect-pages``: the documents (or sections) of ``bibfolio_cv`` are resolved as
for the PDF (build.py's :meth:`CvSource.resolved`: CV entries instead of the site's
list, no chart, filter or reveals), put under one ``<h1>``, the owner's name, and
written by the builder's own HTML translator into the theme's ``page.html``; under
the name, the CV's header (header.py: position, affiliation, contact, the PDFs).
Only ``html`` and ``dirhtml`` write it: an EPUB would have to list it in its spine,
and ``singlehtml`` is one page already (there the ``{cv-link}`` page target links
the PDF).  A project's own ``cv`` document wins: no page is generated then.
"""

from __future__ import annotations

import gc
import posixpath
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

from docutils import nodes
from docutils.utils import new_document
from sphinx import addnodes
from sphinx.util import logging
from sphinx.util.osutil import relative_uri

from .. import atomic
from ..build.bibliography import get_domain
from ..build.fragments import DirectWriter
from ..build.gcpolicy import release_free_memory
from ..build.translation import translated
from ..model.messages import N_
from .build import FILES, freeing_own_cycles, inputs_key, typst_version
from .header import cv_header, header_nodes, pdf_line
from .source import CvSource, cv_parts, drop_empty_sections, list_variants, wants_cv

if TYPE_CHECKING:
    from sphinx.application import Sphinx
    from sphinx.builders.html import StandaloneHTMLBuilder

logger = logging.getLogger(__name__)

PAGENAME = "cv"
#: In the doctree folder: the inputs the page was made from (and that bibfolio made it).
STAMP = "bibfolio-cv-page.sha256"
TITLE = N_("Curriculum Vitae")
#: The builders that write the page.
PAGE_BUILDERS = frozenset({"html", "dirhtml"})
_SCHEME = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*:")
_SLUG = re.compile(r"[^a-z0-9]+")


def has_page(app: Sphinx) -> bool:
    """Whether this build writes the CV page (or the project has a ``cv`` page itself)."""
    if app.builder.name not in PAGE_BUILDERS or app.config.bibfolio_cv is False:
        return False
    return PAGENAME in app.env.all_docs or wants_cv(app)


def written_page(app: Sphinx) -> str | None:
    """The CV page's name when bibfolio wrote it and keeps it (its stamp is there)."""
    if app.builder.name not in PAGE_BUILDERS or PAGENAME in app.env.all_docs:
        return None
    return PAGENAME if (Path(app.doctreedir) / STAMP).is_file() else None


def collect_cv_page(app: Sphinx) -> list[tuple[str, dict[str, Any], str]]:
    """``html-collect-pages``: write the CV page, when the project has a CV.

    Written here rather than returned: Sphinx passes no doctree to ``html-page-context``
    for the pages handlers return, and extensions that describe a page from its
    doctree (sphinxext-opengraph's ``og:`` tags, bibfolio's head metadata) need it.
    """
    builder: StandaloneHTMLBuilder = app.builder  # type: ignore[assignment]
    if builder.name not in PAGE_BUILDERS:
        return []
    target = Path(builder.get_outfilename(PAGENAME))
    stamp = Path(app.doctreedir) / STAMP
    if PAGENAME in app.env.all_docs:
        logger.info("bibfolio: the project has a %r page of its own: no CV page made", PAGENAME)
        stamp.unlink(missing_ok=True)  # the page is the project's now: never remove it
        return []
    parts = cv_parts(app.env, app.config.bibfolio_cv, quiet=True) if wants_cv(app) else []
    if not parts:
        if stamp.exists():  # switched off: remove the page an earlier build wrote
            target.unlink(missing_ok=True)
            stamp.unlink()
        return []
    inputs = page_inputs(app, parts)
    if target.exists() and stamp.is_file() and stamp.read_text(encoding="utf-8") == inputs:
        return []  # nothing it is made of changed: no doctree is loaded
    # The page's doctrees are cycles of nodes: freed when it is written, not at the next
    # full collection; the search index and the build's last steps reuse their memory.
    fragments = get_domain(app.env).fragments
    if fragments is not None:
        fragments.flush()  # the site's pages are written: the page needs little memory
    # What the site's pages left as garbage (a written page's doctree is a web of
    # cycles: a 3000-entry list's holds 22 MB of entry HTML) is freed now, not frozen
    # with the rest by the block below and kept to the build's end.
    gc.collect()
    release_free_memory()
    with freeing_own_cycles():
        write_page(app, parts, target)
    atomic.write_file(stamp, inputs)
    return []


def write_page(app: Sphinx, parts: list[tuple[str, str]], target: Path) -> None:
    """Assemble the page from *parts* and write it to *target* in the theme's layout."""
    builder: StandaloneHTMLBuilder = app.builder  # type: ignore[assignment]
    document, short = assemble(app, parts)
    release_free_memory()  # what resolving the parts freed (build/gcpolicy.py)
    outer = document[0]
    outer.insert(1, header_nodes(cv_header(app.config), pdf_links(app, short)))
    body, has_math = render(builder, document)
    release_free_memory()  # the translator's
    toc = table_of_contents(outer)
    context = {
        "title": translated(TITLE),
        "body": body,
        "toc": builder.render_partial(toc)["fragment"],
        "display_toc": len(list(toc.findall(nodes.list_item))) > 1,
        "meta": {},
        "metatags": "",
        "parents": [],
        "prev": None,
        "next": None,
        "sourcename": "",
        "page_source_suffix": "",
        "has_maths_elements": has_math,  # Sphinx then loads MathJax on the page
    }
    with atomic.replacing(target) as temporary:
        builder.handle_page(
            PAGENAME, context, "page.html", outfilename=temporary, event_arg=document
        )
    dissolve(document)


def dissolve(tree: nodes.Node) -> None:
    """Unlink every node of *tree* from its parent and children, once it is written.

    A doctree is a web of cycles (each node's parent and children) that only a full
    garbage collection frees; at N=3000 the page's is a few hundred thousand objects,
    and walking them took the collection after it half a second.  Unlinked, they are
    freed as they go, and the collection finds little left.
    """
    for node in list(tree.findall()):
        node.parent = None
        if isinstance(node, nodes.Element):
            node.children = []


def page_inputs(app: Sphinx, parts: list[tuple[str, str]]) -> str:
    """A hash of what the page is made of.

    The PDF's inputs (its parts' read times, the entries, the CV settings), whether
    the PDFs are made, the HTML settings and the newest template: Sphinx rewrites every
    page when the last two change, and the page follows.  Otherwise it costs nothing on
    a rebuild (at 3000 entries it takes seconds to make).
    """
    builder: StandaloneHTMLBuilder = app.builder  # type: ignore[assignment]
    info = getattr(builder, "build_info", None)
    templates = builder.templates.newest_template_mtime() if builder.templates else 0
    pdfs = typst_installed()
    extra = f"{builder.name}:{info.config_hash if info else ''}:{templates}:{pdfs}"
    return inputs_key(app, extra, parts)


def assemble(app: Sphinx, parts: list[tuple[str, str]]) -> tuple[nodes.document, bool]:
    """One document: a section titled with the owner's name holding every part, one level down.

    Also says whether the short CV has entries (whether ``cv-short.pdf`` is written).
    """
    env = app.env
    lists = list_variants(env, parts)
    source = CvSource(app, short=False, lists=lists)
    document = new_document(PAGENAME, app.builder.docsettings)  # type: ignore[attr-defined]
    outer = nodes.section(
        ids=["curriculum-vitae"], names=["curriculum vitae"], classes=["bibfolio-cv"]
    )
    name = cv_header(app.config).name
    outer += nodes.title(name, name)
    document += outer
    here = app.builder.get_target_uri(PAGENAME)
    for docname, section in parts:
        doctree, root, level = source.resolved(docname, section, docname == env.config.root_doc)
        # The home page's card and biography only where bibfolio_cv names the page.
        prune(root, keep_home=app.config.bibfolio_cv is not None)
        notes = notes_outside(root, doctree) if root is not doctree else []
        prefix = _SLUG.sub("-", docname.lower()).strip("-")
        rebase(doctree, prefix, app.builder.get_target_uri(docname), here)
        if root is not doctree:
            outer += root
            outer.extend(notes)
            continue
        for child in list(root.children):  # the page's section, then its footnotes
            if level < 0 and isinstance(child, nodes.section):
                outer.extend(list(child.children))  # the home page's, without its title
            else:
                outer += child
    drop_empty_sections(outer)  # what prune() emptied: no heading stands alone
    # The short CV shows selected entries only: none among the CV's lists, no PDF.  (A
    # `:selected:` list with none selected shows the newest instead: not selected either.)
    short = any(p.selected for p in source.shown)
    return document, short


def notes_outside(root: nodes.Element, doctree: nodes.document) -> list[nodes.footnote]:
    """The footnotes *root* (one section) refers to that sit outside it (MyST: at the end)."""
    inside = {id(node) for node in root.findall(nodes.footnote)}
    notes = []
    for reference in root.findall(nodes.footnote_reference):
        note = doctree.ids.get(reference.get("refid", ""))
        if isinstance(note, nodes.footnote) and id(note) not in inside:
            inside.add(id(note))
            notes.append(note)
    return notes


def prune(root: nodes.Element, *, keep_home: bool = True) -> None:
    """Leave out what the PDF leaves out: the profile card, the CV's own links.

    Without *keep_home*, the biography beside the card goes too (the navbar and the
    PDF's header say who this is; the home page says the rest).
    """
    for node in list(root.findall(nodes.Element)):
        if node.parent is None:
            continue
        classes = node.get("classes", ())
        if "bibfolio-profile" in classes or (not keep_home and "bibfolio-home" in classes):
            node.parent.remove(node)
        elif isinstance(node, nodes.paragraph) and any(
            "bibfolio-cv-link" in child.get("classes", ()) for child in node.findall(nodes.Element)
        ):
            node.parent.remove(node)  # "CV: PDF, one page" on the CV itself


def rebase(root: nodes.Element, prefix: str, there: str, here: str) -> None:
    """Make *root*'s ids unique on the CV page, and its relative links work from it.

    Ids get the document's name in front ("teaching-teaching"), so two pages'
    "publications" sections stay apart; links written for the page at *there* are
    rewritten for the CV page at *here*.
    """
    renamed: dict[str, str] = {}
    for node in root.findall(nodes.Element):
        if node.get("ids"):
            node["ids"] = [renamed.setdefault(i, f"{prefix}-{i}") for i in node["ids"]]
    for node in root.findall(nodes.Element):
        if node.get("refid"):
            node["refid"] = renamed.get(node["refid"], node["refid"])
        if node.get("backrefs"):
            node["backrefs"] = [renamed.get(i, i) for i in node["backrefs"]]
        uri = node.get("refuri", "") if isinstance(node, nodes.reference) else ""
        if uri.startswith("#"):
            node["refuri"] = "#" + renamed.get(uri[1:], uri[1:])
        elif uri and not _SCHEME.match(uri) and not uri.startswith("/"):
            target = posixpath.normpath(posixpath.join(posixpath.dirname(there), uri))
            if uri.endswith("/") and not target.endswith("/"):
                target += "/"  # dirhtml's folder links keep their slash
            node["refuri"] = relative_uri(here, target)


def pdf_links(app: Sphinx, short: bool) -> nodes.paragraph | None:
    """The line "Also as a PDF: full CV · one page"; None where no PDF is written."""
    if not typst_installed():
        return None
    here = app.builder.get_target_uri(PAGENAME)
    return pdf_line(
        relative_uri(here, FILES["full"]), relative_uri(here, FILES["short"]) if short else None
    )


def typst_installed() -> bool:
    """Whether the PDFs are written (build.py needs the typst package)."""
    return typst_version() is not None


def render(builder: StandaloneHTMLBuilder, document: nodes.document) -> tuple[str, bool]:
    """*document* as the page body, written as Sphinx writes a page (write_doc).

    Also whether it holds math (then the page needs MathJax).
    """
    saved = {
        name: getattr(builder, name, None)
        for name in ("imgpath", "dlpath", "current_docname", "secnumbers", "fignumbers")
    }
    here = builder.get_target_uri(PAGENAME)
    try:
        builder.imgpath = relative_uri(here, "_images")
        builder.dlpath = relative_uri(here, "_downloads")
        builder.current_docname = PAGENAME
        builder.secnumbers = {}
        builder.fignumbers = {}
        builder.post_process_images(document)
        document.settings = builder.docsettings
        visitor = builder.create_translator(document, builder)
        # As ``document.walkabout(visitor)`` writes it; the entries' common nodes
        # (paragraphs, spans, links, text) written without the visitor's dispatch.
        DirectWriter(visitor).write(document)
        has_math = bool(getattr(visitor, "_has_maths_elements", False))
        return "".join(visitor.fragment), has_math  # type: ignore[attr-defined]
    finally:
        for name, value in saved.items():
            setattr(builder, name, value)


def table_of_contents(outer: nodes.section) -> nodes.bullet_list:
    """The page's sections as Sphinx's local table of contents (the theme's "On this page")."""

    def entries(section: nodes.Element) -> list[nodes.list_item]:
        items = []
        for child in section.children:
            if not isinstance(child, nodes.section) or not child["ids"]:
                continue
            title = child[0].astext() if isinstance(child[0], nodes.title) else ""
            reference = nodes.reference(
                "", title, internal=True, refuri="#" + child["ids"][0], anchorname=""
            )
            item = nodes.list_item("", addnodes.compact_paragraph("", "", reference))
            below = entries(child)
            if below:
                item += nodes.bullet_list("", *below)
            items.append(item)
        return items

    top = nodes.reference("", translated(TITLE), internal=True, refuri="#", anchorname="")
    item = nodes.list_item("", addnodes.compact_paragraph("", "", top))
    below = entries(outer)
    if below:
        item += nodes.bullet_list("", *below)
    return nodes.bullet_list("", item)
