"""Member pages of the members a table lists: written into the HTML output, like paper pages.

A member from a ``.yaml``/``.csv`` table has no source document.  After reading
(``env-updated``) each gets a page name, ``<folder>/<id>`` (the first folder of
``bibfolio_group_members``, else ``people``), that no document uses; at the end of
writing (``html-collect-pages``) each page is rendered with the theme's ``page.html``:
the member's name, their profile card, their ``bio`` (plain paragraphs) and their
publications, grouped by type, their name marked, each entry as the lists show it.

Only builders that write one file per page write them (html, dirhtml; as paper pages,
:func:`~bibfolio.build.slugs.writes_paper_pages`); elsewhere a table member's card links
their ``homepage``, if any (:class:`ResolveMemberLinks`).  A dozen or two pages are
written in every build, as Sphinx writes its search and index pages, and fed to the
site's search index as paper pages are (``pages/papersearch.py``).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

from docutils import nodes
from docutils.utils import new_document
from sphinx.transforms.post_transforms import SphinxPostTransform
from sphinx.util.osutil import relative_uri

from .. import atomic
from ..build.bibliography import get_domain, get_library
from ..build.slugs import writes_paper_pages
from ..build.translation import _, translated
from ..build.warnings_ import warn
from ..doctree.render import entry_html_nodes
from ..model.highlight import shown
from ..model.selection import group_publications, newest_first
from ..pages import papersearch
from ..pages.assets import ListFormats, download_stem, write_list_files
from ..pages.context import PageContext
from ..pages.papersite import listed_under
from .lists import no_publications
from .load import get_group
from .pages import initials, member_card, member_link

if TYPE_CHECKING:
    from sphinx.application import Sphinx
    from sphinx.environment import BuildEnvironment

    from .load import Group
    from .members import Member

_STATE = "bibfolio-member-pages-{}.json"
_LISTING = "publications-1"


def page_folder(group: Group) -> str:
    """Where table members' pages go: the first folder of member pages, else ``people``."""
    return next((Path(s).as_posix() for s in group.folders), "people")


def name_pages(app: Sphinx, env: BuildEnvironment) -> None:
    """``env-updated``: the page name of each table member, none that a document has."""
    group = get_group(env)
    if group is None:
        return
    group.generated = {}
    if not (app.config.bibfolio_group_table_pages and writes_paper_pages(app.builder)):
        return
    taken = set(env.found_docs) | set(get_domain(env).papers)
    folder = page_folder(group)
    for member in group.members:
        if member.docname:
            continue
        page = wanted = f"{folder}/{member.id}"
        number = 2
        while page in taken:
            page = f"{wanted}-{number}"
            number += 1
        if page != wanted:
            warn(
                f"the page of {member.name} would replace the page {wanted}; it is "
                f"written as {page} instead",
                "group_member",
                location=member.location(),
            )
        taken.add(page)
        group.generated[page] = member


class ResolveMemberLinks(SphinxPostTransform):
    """A table member's name: a link to their page where there is one, else their homepage."""

    default_priority = 5

    def run(self, **kwargs: Any) -> None:
        found = list(self.document.findall(member_link))
        if not found:
            return
        group = get_group(self.env)
        builder: Any = get_domain(self.env).app.builder
        pages = {m.id: page for page, m in group.generated.items()} if group else {}
        members = group.by_id if group else {}
        for node in found:
            page = pages.get(node["member"])
            member = members.get(node["member"])
            children = [child.deepcopy() for child in node.children]
            if page:
                uri = builder.get_relative_uri(self.env.docname, page)
                link = nodes.reference("", "", *children, refuri=uri, internal=True)
            elif member is not None and member.homepage:
                link = nodes.reference("", "", *children, refuri=member.homepage)
            else:
                link = nodes.inline("", "", *children)
            node.replace_self(link)


def _publications(app: Sphinx, page: str, member: Member, group: Group) -> list[nodes.Node]:
    """The member's entries, grouped by type, as HTML list entries; or a sentence."""
    env = app.env
    library = get_library(env)
    matches = group.matches(library)
    keys = matches.by_member.get(member.id, [])
    publications = newest_first(p for p in map(library.get, keys) if p is not None)
    if not publications:
        return [no_publications(member)]
    context = PageContext(env, page)
    formats = ListFormats(context, [])
    write_list_files(
        env, app.builder.outdir, download_stem(page, _LISTING), publications, download=False
    )
    result: list[nodes.Node] = []
    taken: set[str] = set()
    for run in group_publications(publications, "type", env.config.bibfolio_groups):
        bullets = nodes.bullet_list(classes=["bibfolio-list"])
        for publication in run.publications:
            anchor = nodes.make_id("pub-" + publication.key) or "pub"
            while anchor in taken:
                anchor += "-2"
            taken.add(anchor)
            marked = shown(publication, matches.indices(publication.key, [member.id]))
            entry = formats.context(
                context.context(marked, "list", anchor, None, _LISTING), page, _LISTING
            )
            bullets += entry_html_nodes(marked, entry)
        heading = translated(run.title)
        ident = nodes.make_id(run.title or run.group_id) or "group"
        section = nodes.section(ids=[ident], classes=["bibfolio-group"])
        section += nodes.title(heading, heading)
        section += bullets
        result.append(section)
    return result


def member_document(app: Sphinx, page: str, member: Member, group: Group) -> nodes.document:
    """The doctree of a table member's page: name, card, biography, publications."""
    builder: Any = app.builder
    document = new_document(page, builder.docsettings)
    document.settings.env = app.env
    document["docname"] = page
    section = nodes.section(ids=[nodes.make_id(member.id) or "member"])
    section += nodes.title(member.name, member.name)
    card = member_card(member, group)
    for image in list(card.findall(nodes.image)):
        # The people page's card showed the photo, so Sphinx knows it; it is copied to
        # _images/ with the others.  Without a people page: the initials.
        if member.photo in app.env.images:
            image["uri"] = member.photo
            builder.images[member.photo] = app.env.images[member.photo][1]
        else:
            image.parent.remove(image)
            card["initials"] = initials(member.name)
    section += card
    for paragraph in member.bio.split("\n\n") if member.bio else ():
        text = " ".join(paragraph.split())
        if text:
            section += nodes.paragraph(text, text, classes=["bibfolio-member-bio"])
    heading = _("Publications")
    publications = nodes.section(ids=["publications"])
    publications += nodes.title(heading, heading)
    publications.extend(_publications(app, page, member, group))
    section += publications
    document += section
    return document


def write_pages(app: Sphinx) -> list[tuple[str, dict[str, Any], str]]:
    """``html-collect-pages``: write every table member's page; remove pages of old ones."""
    builder: Any = app.builder
    group = get_group(app.env)
    generated = group.generated if group is not None else {}
    state = Path(builder.doctreedir) / _STATE.format(builder.name)
    _remove_stale(app, state, set(generated))
    if not generated:
        state.unlink(missing_ok=True)
        return []
    # What writing a page sets on the builder, put back (a build that wrote no document,
    # a no-change rebuild, has none of them).
    names = ("current_docname", "imgpath", "secnumbers", "fignumbers")
    saved = {name: getattr(builder, name) for name in names if hasattr(builder, name)}
    parent = people_page(app.env, group)
    try:
        for page, member in generated.items():
            with listed_under(builder, parent, page):
                _write_page(app, page, member, group)
    finally:
        for name, value in saved.items():
            setattr(builder, name, value)
    # In the site's search, found by name, role, interests and biography.
    papersearch.feed(builder, {page: _search_text(m, group) for page, m in generated.items()})
    atomic.write_file(
        state, json.dumps({"outdir": str(builder.outdir), "pages": sorted(generated)})
    )
    return []


def people_page(env: BuildEnvironment, group: Group) -> str | None:
    """The page the theme's navigation marks on a generated member page, if any.

    The document named as the member pages' folder (``people/index`` or ``people``),
    else the page whose toctree lists a member's own page.
    """
    folder = page_folder(group)
    for doc in (f"{folder}/index", folder):
        if doc in env.found_docs:
            return doc
    parents = {child: doc for doc, children in env.toctree_includes.items() for child in children}
    for member in group.members:
        if member.docname in parents:
            return parents[member.docname]
    return None


def _search_text(member: Member, group: Group) -> papersearch.SearchText:
    parts = (member.position or group.role_label(member), member.interests, member.bio)
    return member.name, tuple(" ".join(part.split()) for part in parts if part)


def _write_page(app: Sphinx, page: str, member: Member, group: Group) -> None:
    builder: Any = app.builder
    document = member_document(app, page, member, group)
    builder.secnumbers = {}
    builder.fignumbers = {}
    builder.current_docname = page
    builder.imgpath = relative_uri(builder.get_target_uri(page), "_images")
    # The HTML post-transforms every page gets (the card's initials and icons).
    app.env.apply_post_transforms(document, page)
    translator = builder.create_translator(document, builder)
    document.walkabout(translator)
    context = {
        "parents": [],
        "prev": None,
        "next": None,
        "title": translator.encode(member.name),
        # No "on this page" column (pydata-sphinx-theme): the page is short.
        "meta": {"html_theme.sidebar_secondary.remove": "true"},
        "body": "".join(translator.fragment),
        "metatags": "".join(translator.meta[2:]),
        "rellinks": builder.globalcontext["rellinks"][:],
        "sourcename": "",
        "toc": "",
        "display_toc": False,
        "page_source_suffix": "",
    }
    with atomic.replacing(builder.get_outfilename(page)) as temporary:
        builder.handle_page(page, context, "page.html", outfilename=temporary, event_arg=document)


def _remove_stale(app: Sphinx, state: Path, current: set[str]) -> None:
    """Delete the pages of members the last build wrote and this one does not."""
    try:
        stored = json.loads(state.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return
    if stored.get("outdir") != str(app.builder.outdir):
        return
    for page in set(stored.get("pages", ())) - current - set(app.env.found_docs):
        Path(app.builder.get_outfilename(page)).unlink(missing_ok=True)


def register(app: Sphinx) -> None:
    """The link node's transform and the pages' handlers."""
    app.add_post_transform(ResolveMemberLinks)
    app.connect("env-updated", name_pages)
    app.connect("html-collect-pages", write_pages)
