"""The projects page (``{projects}``: cards) and each project's page (card, papers, people).

A card is a ``container`` of standard nodes: the thumbnail (an ``image`` with its width
and height, loaded lazily), the title linking to the project's page, the one-line
summary, the years and tags, and a line of links (code, data, demo).  A project page is
the user's own MyST page: bibfolio puts the card's facts under its title and, at its
end, its publications (a ``{publications}`` list, or ``{group-publications}`` with the
members marked on a group site) and, on a group site, its members
(``{people-preview}``), unless the page places them itself.
"""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING, Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx import addnodes
from sphinx.util.docutils import SphinxDirective

from ..build.bibliography import get_library
from ..build.translation import _, translated
from ..build.warnings_ import warn
from ..group.load import get_group
from .data import LINK_LABELS
from .load import get_projects, keys_of

if TYPE_CHECKING:
    from sphinx.application import Sphinx

    from .data import Project
    from .load import Projects

_PLACED = re.compile(r"^\s*(```+|:::+)\s*\{(group-)?publications\}", re.MULTILINE)
_TAG = re.compile(r"[^a-z0-9]+")


def tag_class(tag: str) -> str:
    """The class a card carries for *tag* (the filter shows cards by it)."""
    return "bibfolio-tag-" + (_TAG.sub("-", tag.lower()).strip("-") or "x")


def _image(project: Project, found: Projects, classes: list[str]) -> nodes.image:
    width, height = found.sizes[project.image]
    # no-scaled-link: Sphinx would make a sized image a link to its file (the card's
    # title links the project's page).
    return nodes.image(
        uri="/" + project.image, alt=project.image_alt or project.title,
        classes=[*classes, "no-scaled-link"],
        width=str(width), height=str(height), loading="lazy",
    )  # fmt: skip


def facts(project: Project) -> list[nodes.Node]:
    """The years and tags line, and the links line (each only when there is something)."""
    result: list[nodes.Node] = []
    line = nodes.paragraph(classes=["bibfolio-project-meta"])
    years = project.years_text(translated)
    if years:
        line += nodes.inline(years, years, classes=["bibfolio-project-years"])
    for tag in project.tags:
        if len(line):
            line += nodes.Text(" ")
        line += nodes.inline(tag, tag, classes=["bibfolio-project-tag"])
    if len(line):
        result.append(line)
    links = nodes.paragraph(classes=["bibfolio-links", "bibfolio-project-links"])
    for name, label in LINK_LABELS:
        if name in project.links:
            if len(links):
                links += nodes.Text(" ")
            text = translated(label)
            links += nodes.reference(
                "", text, refuri=project.links[name], classes=[f"bibfolio-project-{name}"]
            )
    if len(links):
        result.append(links)
    return result


def project_card(project: Project, found: Projects, refdoc: str) -> nodes.container:
    """One card of the projects page."""
    card = nodes.container(
        classes=["bibfolio-project-card", *(tag_class(tag) for tag in project.tags)]
    )
    if project.image:
        card += _image(project, found, ["bibfolio-project-thumb"])
    title = nodes.paragraph(classes=["bibfolio-project-title"])
    title += addnodes.pending_xref(
        "", nodes.inline(project.title, project.title), refdomain="std", reftype="doc",
        reftarget="/" + project.docname, refexplicit=True, refwarn=True, refdoc=refdoc,
    )  # fmt: skip
    card += title
    if project.summary:
        card += nodes.paragraph(
            project.summary, project.summary, classes=["bibfolio-project-summary"]
        )
    card += facts(project)
    return card


class project_filter(nodes.Invisible, nodes.Element):  # noqa: N801 - docutils node naming
    """HTML only: buttons showing the cards of one tag (``tags``: (tag, class, count)).

    Invisible: the CV (and any writer that skips invisible nodes) leaves it out.
    """


class ProjectsDirective(SphinxDirective):
    """``{projects}``: a card per project, in page order; a tag filter when there are many."""

    has_content = False
    option_spec: ClassVar[dict[str, Any]] = {"tags": directives.unchanged_required}

    def run(self) -> list[nodes.Node]:
        """The filter (HTML, from ``bibfolio_projects_filter_min`` projects) and the cards."""
        found = get_projects(self.env)
        if found is None:
            folders = ", ".join(self.config.bibfolio_projects)
            warn(
                f"{{projects}}: no project pages (no folder {folders} in the source folder)",
                "project",
                location=self.get_location(),
            )
            return []
        for path in found.sources:
            self.env.note_dependency(str(path))
        shown = found.projects
        if "tags" in self.options:
            wanted = {t.strip().lower() for t in self.options["tags"].split(",") if t.strip()}
            shown = [p for p in shown if wanted & {t.lower() for t in p.tags}]
        grid = nodes.container(classes=["bibfolio-projects"])
        for project in shown:
            grid += project_card(project, found, self.env.docname)
        for image in grid.findall(nodes.image):
            self.set_source_info(image)
        result: list[nodes.Node] = []
        if len(shown) >= self.config.bibfolio_projects_filter_min:
            counts: dict[str, int] = {}
            for project in shown:
                for tag in project.tags:
                    counts[tag] = counts.get(tag, 0) + 1
            if len(counts) > 1:
                tags = [(tag, tag_class(tag), n) for tag, n in sorted(counts.items())]
                result.append(project_filter(tags=tags))
        result.append(grid)
        return result


def _visit_filter(self: Any, node: project_filter) -> None:
    def button(value: str, text: str) -> str:
        return (
            self.starttag(nodes.Element(), "button", "", type="button", **{"data-tag": value})
            + self.encode(text)
            + "</button>"
        )

    self.body.append(self.starttag(node, "p", "", CLASS="bibfolio-project-filter", hidden=""))
    self.body.append(button("", _("All projects")))
    for tag, css_class, count in node["tags"]:
        self.body.append(" " + button(css_class, f"{tag} ({count})"))
    self.body.append("</p>\n")
    raise nodes.SkipNode


def _skip(self: Any, node: nodes.Node) -> None:
    raise nodes.SkipNode


def add_sections(app: Sphinx, docname: str, source: list[str]) -> None:
    """``source-read``: a project page gets its publications and members at its end.

    Appended, so every line of the page keeps its number in warnings; a page that
    places a ``{publications}`` list itself gets none.
    """
    found = get_projects(app.env)
    project = found.pages.get(docname) if found is not None else None
    if project is None:
        return
    text = ""
    keys = keys_of(app.env, project)
    if keys and not _PLACED.search(source[0]):
        directive = "group-publications" if get_group(app.env) is not None else "publications"
        wanted = json.dumps(keys)
        heading = _("Publications")
        text += f"\n\n## {heading}\n\n```{{{directive}}}\n:filter: key in {wanted}\n"
        text += ":group-by: none\n:citable: no\n:download: no\n:chart: no\n:filter-ui: no\n"
        text += ":counts: no\n```\n" if directive == "group-publications" else "```\n"
    group = get_group(app.env)
    members = [m for m in project.members if group is not None and m in group.by_id]
    if members:
        heading = _("Members")
        text += f"\n\n## {heading}\n\n```{{people-preview}}\n:members: {', '.join(members)}\n```\n"
    source[0] += text


def add_card(app: Sphinx, doctree: nodes.document) -> None:
    """``doctree-read``: the image, summary, years, tags and links under the page's title."""
    found = get_projects(app.env)
    project = found.pages.get(app.env.docname) if found is not None else None
    if project is None:
        return
    header = nodes.container(classes=["bibfolio-project-header"])
    if project.image:
        header += _image(project, found, ["bibfolio-project-image"])
    if project.summary:
        header += nodes.paragraph(
            project.summary, project.summary, classes=["bibfolio-project-summary"]
        )
    header += facts(project)
    for node in header.findall(nodes.Element):
        node.source, node.line = project.path, 1
    if project.image:
        app.env.note_dependency(str(app.srcdir / project.image))
    # A new ``project = {id}`` entry changes the page's list, placed or not yet.
    for path in get_library(app.env).paths if app.config.bibtex_bibfiles else ():
        app.env.note_dependency(str(path))
    section = next(iter(doctree.findall(nodes.section)), None)
    title = next(iter(section.findall(nodes.title)), None) if section is not None else None
    if section is None:
        doctree.insert(0, header)
    else:
        section.insert(section.index(title) + 1 if title is not None else 0, header)


def register(app: Sphinx) -> None:
    """The directive, the filter's node and the project pages' handlers."""
    app.add_node(project_filter, html=(_visit_filter, None), latex=(_skip, None),
                 text=(_skip, None), man=(_skip, None), texinfo=(_skip, None))  # fmt: skip
    app.add_directive("projects", ProjectsDirective)
    app.connect("source-read", add_sections)
    app.connect("doctree-read", add_card, priority=400)
