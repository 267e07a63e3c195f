"""A lab's front page: ``{highlight-row}`` and the ``{people-preview}`` row.

greenelab's lab template opens with the mission, then three highlight rows (research,
tools, team), each an image, a heading, a few lines and a link onward; its team shows
faces.  Both directives build standard nodes only (``container``, ``image``,
``strong``, ``paragraph``, ``pending_xref``), so the LaTeX and text builders write them
as they write any page; ``bibfolio-group.css`` lays them out in HTML.  Highlight rows
are not a group site's alone: the pages that show them are kept (:class:`FrontDomain`)
and the stylesheet ships for them on any site.

A highlight's image is a file of the project, relative to the page (or ``/``-rooted in
the source folder), as the ``image`` directive takes it: Sphinx copies it to
``_images/`` and rebuilds the page when it changes.  A missing image or one outside the
source folder warns (``bibfolio.front_page``) at the directive and the row is shown
without it.  The newest news and publications are ``{news}`` and
``{group-publications}`` with ``:limit:``.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx import addnodes
from sphinx.domains import Domain
from sphinx.util.docutils import SphinxDirective

from ..build.translation import translated
from ..build.warnings_ import warn
from ..model.messages import N_
from .load import get_group
from .pages import person_card

if TYPE_CHECKING:
    from collections.abc import Set

    from sphinx.application import Sphinx
    from sphinx.environment import BuildEnvironment

#: The "link onward" of a people preview, when ``:link-text:`` does not say otherwise.
ALL_MEMBERS = N_("Meet the whole group")
_URL = re.compile(r"^[a-z][a-z0-9+.-]*:", re.IGNORECASE)


def onward_link(target: str, text: str, refdoc: str) -> nodes.paragraph:
    """A paragraph linking *target* (a page of the project, or a web address)."""
    line = nodes.paragraph(classes=["bibfolio-onward"])
    if _URL.match(target):
        line += nodes.reference("", text, refuri=target)
        return line
    page = target.removesuffix(".md").removesuffix(".rst")
    line += addnodes.pending_xref(
        "", nodes.inline(text, text), refdomain="std", reftype="doc", reftarget=page,
        refexplicit=bool(text), refwarn=True, refdoc=refdoc,
    )  # fmt: skip
    return line


class FrontDomain(Domain):
    """The pages that show highlight rows (their style ships with them, group site or not)."""

    name = "bibfolio-front"
    label = "Front page"
    data_version = 1
    initial_data: dict[str, Any] = {"rows": set()}  # noqa: RUF012 - Sphinx's API shape

    @property
    def rows(self) -> set[str]:
        """Pages that show at least one highlight row."""
        return self.data["rows"]

    def clear_doc(self, docname: str) -> None:
        self.rows.discard(docname)

    def merge_domaindata(self, docnames: Set[str], otherdata: dict[str, Any]) -> None:
        self.rows.update(docnames & otherdata["rows"])

    def resolve_any_xref(self, *args: Any, **kwargs: Any) -> list[Any]:
        return []


def pages_with_rows(env: BuildEnvironment) -> set[str]:
    """The pages of *env* that show highlight rows."""
    return env.get_domain(FrontDomain.name).rows  # type: ignore[attr-defined]


class FrontDirective(SphinxDirective):
    """What both directives share: an image of the project, checked and located."""

    def project_image(self, value: str, alt: str) -> nodes.image | None:
        """An ``image`` node for *value*, or None (warned) when it cannot be shown."""
        relative, absolute = self.env.relfn2path(value.strip(), self.env.docname)
        source = Path(self.env.srcdir).resolve()
        path = Path(absolute).resolve()
        if _URL.match(value) or not path.is_relative_to(source):
            warn(
                f"{{{self.name}}}: image {value!r} is not a file inside the project; "
                "shown without it",
                "front_page",
                location=self.get_location(),
            )
            return None
        self.env.note_dependency(str(path))  # a missing file that appears rebuilds the page
        if not path.is_file():
            warn(
                f"{{{self.name}}}: image {value!r} does not exist; shown without it",
                "front_page",
                location=self.get_location(),
            )
            return None
        image = nodes.image(uri="/" + relative, alt=alt, classes=["bibfolio-highlight-image"])
        self.set_source_info(image)
        return image


class HighlightDirective(FrontDirective):
    """``{highlight-row} Heading``: one row of image, heading, text and link onward.

    Options: ``:image:`` (a file of the project), ``:alt:`` (its text alternative;
    the heading when not given), ``:link:`` (a page or a web address) and
    ``:link-text:``.  Consecutive rows alternate their image's side in HTML.
    """

    required_arguments = 1
    final_argument_whitespace = True
    has_content = True
    option_spec: ClassVar[dict[str, Any]] = {
        "image": directives.unchanged_required,
        "alt": directives.unchanged,
        "link": directives.unchanged_required,
        "link-text": directives.unchanged_required,
    }

    def run(self) -> list[nodes.Node]:
        """The row: a container of the image and a body (rubric, text, link)."""
        heading = self.arguments[0]
        pages_with_rows(self.env).add(self.env.docname)
        row = nodes.container(classes=["bibfolio-highlight"])
        self.set_source_info(row)
        if "image" in self.options:
            image = self.project_image(self.options["image"], self.options.get("alt", heading))
            if image is not None:
                row += image
        body = nodes.container(classes=["bibfolio-highlight-body"])
        # A bold paragraph, not a section (a row is no part of the page's outline) nor a
        # rubric (the CV's Typst writer has no translation for one).
        body += nodes.paragraph(
            "", "", nodes.strong(heading, heading), classes=["bibfolio-highlight-heading"]
        )
        self.state.nested_parse(self.content, self.content_offset, body)
        if "link" in self.options:
            text = self.options.get("link-text", "")
            body += onward_link(self.options["link"], text, self.env.docname)
        row += body
        return [row]


class PeoplePreviewDirective(FrontDirective):
    """``{people-preview}``: a row of current members' photos and names.

    Members in ``bibfolio_group_roles`` order (``:roles: pi, postdoc`` keeps those
    roles; ``:members: id, id`` names members, alumni too, in that order), at most
    ``:limit:``; ``:link:`` names the people page, linked under the
    row with ``:link-text:`` (default "Meet the whole group").
    """

    option_spec: ClassVar[dict[str, Any]] = {
        "roles": directives.unchanged_required,
        "members": directives.unchanged_required,
        "limit": directives.positive_int,
        "link": directives.unchanged_required,
        "link-text": directives.unchanged_required,
    }

    def run(self) -> list[nodes.Node]:
        """The row of cards and the link onward."""
        group = get_group(self.env)
        if group is None:
            warn(
                "{people-preview} needs a group site: set bibfolio_group = {'name': ...} "
                "in conf.py",
                "config",
                location=self.get_location(),
            )
            return []
        for path in group.sources:
            self.env.note_dependency(str(path))
        order = [ident for ident, _heading, _label in group.roles]
        wanted = order
        if "roles" in self.options:
            wanted = [r.strip() for r in self.options["roles"].split(",") if r.strip()]
            for role in wanted:
                if role not in order:
                    warn(
                        f"{{people-preview}}: no role {role!r} in bibfolio_group_roles",
                        "front_page",
                        location=self.get_location(),
                    )
        rank = {role: index for index, role in enumerate(wanted)}
        current = [m for m in group.members if not m.alumni and m.role in rank]
        if "roles" not in self.options:  # every current member; unknown roles last
            current = [m for m in group.members if not m.alumni]
        current.sort(key=lambda m: rank.get(m.role, len(rank)))  # stable: source order
        if "members" in self.options:
            current = []
            for ident in (i.strip() for i in self.options["members"].split(",")):
                if ident in group.by_id:
                    current.append(group.by_id[ident])
                elif ident:
                    warn(
                        f"{{people-preview}}: no member {ident!r}",
                        "front_page",
                        location=self.get_location(),
                    )
        shown = current[: self.options.get("limit", len(current))]
        row = nodes.container(classes=["bibfolio-people", "bibfolio-people-preview"])
        for member in shown:
            row += person_card(member, group, self.env.docname)
        for image in row.findall(nodes.image):
            self.set_source_info(image)
        result: list[nodes.Node] = [row] if shown else []
        if "link" in self.options:
            text = self.options.get("link-text") or translated(ALL_MEMBERS)
            result.append(onward_link(self.options["link"], text, self.env.docname))
        return result


def register(app: Sphinx) -> None:
    """The front page's directives."""
    app.add_domain(FrontDomain)
    app.add_directive("highlight-row", HighlightDirective)
    app.add_directive("people-preview", PeoplePreviewDirective)
