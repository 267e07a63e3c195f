"""The people page (``{people}``) and the member pages' card and publication list.

``{people}`` writes one section per role, in ``bibfolio_group_roles`` order (members
with a missing or unknown role last, under "Other Members"), then the alumni, latest to
leave first, with their years and where they went.  Each card is a ``container`` of
standard nodes: the photo (or the initials), the name linking to the member's page,
the role, the years.

A member page is the member's own MyST page: bibfolio puts the member's profile card
under its title (the owner's card, :class:`bibfolio.profile.profile_card`, so it gets
the same icons and styles) and, unless the page places ``{member-publications}``
itself, their publications at its end.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, ClassVar

from docutils import nodes
from sphinx import addnodes
from sphinx.util.docutils import SphinxDirective

from ..build.translation import _, translated
from ..build.warnings_ import warn
from ..model.profile import person_initials, read_profile
from ..portfolio.profile import profile_card
from .load import OTHER_ROLE, get_group

if TYPE_CHECKING:
    from sphinx.application import Sphinx

    from .load import Group
    from .members import Member

_PUBLICATIONS = re.compile(r"^\s*(```+|:::+)\s*\{member-publications\}", re.MULTILINE)
_TITLE = re.compile(r"^#\s+\S", re.MULTILINE)
_FRONT_MATTER_END = re.compile(r"\A---[ \t]*\r?\n.*?\r?\n---[ \t]*(?:\r?\n|\Z)", re.DOTALL)


def initials(name: str) -> str:
    """A member's initials, as the profile card's ("Kasimir Vandeleur-Tosh" → "KV")."""
    return person_initials(name)


class member_link(nodes.inline):  # noqa: N801 - docutils node naming
    """A table member's name on a card or in the counts: ``member`` is their id.

    ``generated.ResolveMemberLinks`` makes it a link to their generated page, to their
    homepage, or plain text, as the builder allows (the doctree is read once for all).
    """


def _doc_link(member: Member, refdoc: str, *children: nodes.Node) -> nodes.Node:
    xref = addnodes.pending_xref(
        "", *children, refdomain="std", reftype="doc", reftarget="/" + member.docname,
        refexplicit=True, refwarn=True, refdoc=refdoc,
    )  # fmt: skip
    return xref


def person_card(member: Member, group: Group, refdoc: str) -> nodes.container:
    """One card of the people page."""
    card = nodes.container(classes=["bibfolio-person"])
    if member.photo:
        card += nodes.image(
            uri="/" + member.photo,
            alt=member.photo_alt or member.name,
            classes=["bibfolio-person-photo", "dark-light"],
        )
    else:
        text = initials(member.name)
        card += nodes.inline(text, text, classes=["bibfolio-person-initials"])
    name = nodes.paragraph(classes=["bibfolio-person-name"])
    label = nodes.inline(member.name, member.name)
    if member.docname:
        name += _doc_link(member, refdoc, label)
    else:  # a table's member: their generated page, their homepage, or no link
        name += member_link("", "", label, member=member.id)
    card += name
    role = member.position or translated(group.role_label(member))
    if role:
        card += nodes.paragraph(role, role, classes=["bibfolio-person-role"])
    years = member.years_text(translated)
    if member.alumni and years:
        card += nodes.paragraph(years, years, classes=["bibfolio-person-years"])
    if member.alumni and member.went_to:
        text = _("Now: %(place)s") % {"place": member.went_to}
        card += nodes.paragraph(text, text, classes=["bibfolio-person-went"])
    return card


class PeopleDirective(SphinxDirective):
    """``{people}``: the group's members as cards, by role, then the alumni."""

    has_content = False
    option_spec: ClassVar[dict[str, Any]] = {}

    def run(self) -> list[nodes.Node]:
        """One section of cards per role with members, then the alumni."""
        group = get_group(self.env)
        if group is None:
            warn(
                "{people} needs a group site: set bibfolio_group = {'name': ...} in conf.py",
                "config",
                location=self.get_location(),
            )
            return []
        for path in group.sources:
            self.env.note_dependency(str(path))
        current = [m for m in group.members if not m.alumni]
        sections: list[tuple[str, list[Member]]] = []
        known = set()
        for ident, heading, _label in group.roles:
            known.add(ident)
            sections.append((heading, [m for m in current if m.role == ident]))
        sections.append((OTHER_ROLE[1], [m for m in current if m.role not in known]))
        alumni = sorted(
            (m for m in group.members if m.alumni), key=lambda m: -(m.end or 0)
        )  # sorted() keeps the source order among equal years
        sections.append((self.config.bibfolio_group_alumni_title, alumni))
        result: list[nodes.Node] = []
        for heading, members in sections:
            if not members:
                continue
            section_id = nodes.make_id("people-" + heading) or "people"
            section = nodes.section(
                ids=[section_id], names=[nodes.fully_normalize_name(heading)],
                classes=["bibfolio-people-role"],
            )  # fmt: skip
            self.state.document.ids[section_id] = section
            title = translated(heading)
            section += nodes.title(title, title)
            grid = nodes.container(classes=["bibfolio-people"])
            for member in members:
                grid += person_card(member, group, self.env.docname)
            section += grid
            result.append(section)
        for node in result:
            for image in node.findall(nodes.image):
                self.set_source_info(image)
        return result


def member_card(member: Member, group: Group) -> profile_card:
    """The member page's card: the owner's card, with the member's facts and links."""
    profile, _problems = read_profile(member.profile_fields(translated(group.role_label(member))))
    card = profile_card(classes=["bibfolio-profile", "bibfolio-member-card"])
    if member.photo:
        card += nodes.image(
            uri="/" + member.photo,
            alt=member.photo_alt or member.name,
            classes=["bibfolio-profile-photo", "dark-light"],
        )
    else:
        card["initials"] = initials(member.name)
    body = nodes.container(classes=["bibfolio-profile-body"])
    facts = [(profile.position, "position")]
    if member.years:
        years = member.years_text(translated)
        facts.append((_("In the group %(years)s") % {"years": years}, "years"))
    if member.alumni and member.went_to:
        facts.append((_("Now: %(place)s") % {"place": member.went_to}, "went"))
    facts.append((profile.interests, "interests"))
    for text, name in facts:
        if text:
            body += nodes.paragraph(text, text, classes=[f"bibfolio-profile-{name}"])
    if profile.links:
        row = nodes.paragraph(classes=["bibfolio-profile-links"])
        for link in profile.links:
            row += nodes.reference(
                "", "", nodes.inline(
                    translated(link.label), translated(link.label),
                    classes=["bibfolio-profile-label"],
                ),
                refuri=link.url, kind=link.kind,
                classes=["bibfolio-profile-link", f"bibfolio-profile-{link.kind}"],
            )  # fmt: skip
            row += nodes.Text(" ")
        body += row
    card += body
    return card


def add_publications(app: Sphinx, docname: str, source: list[str]) -> None:
    """``source-read``: a member page without ``{member-publications}`` gets it at its end.

    Appended, so every line of the page keeps its number in warnings.  A page without
    a ``#`` title gets the member's name as one.
    """
    group = get_group(app.env)
    member = group.pages.get(docname) if group is not None else None
    if member is None or _PUBLICATIONS.search(source[0]):
        return
    if not _TITLE.search(source[0]):
        # The page's title is the member's name; without one, "Publications" would be.
        # (The lines after the front matter then move down by two in warnings.)
        front = _FRONT_MATTER_END.match(source[0])
        end = front.end() if front else 0
        source[0] = f"{source[0][:end]}# {member.name}\n\n{source[0][end:]}"
    source[0] += "\n\n## Publications\n\n```{member-publications}\n```\n"


def add_card(app: Sphinx, doctree: nodes.document) -> None:
    """``doctree-read`` (before Sphinx collects images): the card under the page's title."""
    group = get_group(app.env)
    member = group.pages.get(app.env.docname) if group is not None else None
    if member is None:
        return
    card = member_card(member, group)
    for node in card.findall(nodes.Element):
        node.source, node.line = member.path, member.line
    section = next(iter(doctree.findall(nodes.section)), None)
    if section is None:
        doctree.insert(0, card)
    else:
        title = next(iter(section.findall(nodes.title)), None)
        section.insert(section.index(title) + 1 if title is not None else 0, card)


def register(app: Sphinx) -> None:
    """Directive and handlers of the people page and member pages."""
    app.add_directive("people", PeopleDirective)
    app.connect("source-read", add_publications)
    app.connect("doctree-read", add_card, priority=400)
