"""The group's publication lists: ``{group-publications}`` and ``{member-publications}``.

Both are ``{publications}`` lists (same options, same entries, same paper pages) over
the group's shared ``.bib``; they differ in which entries they take and whom they mark:

- ``{member-publications}`` (on a member page; or ``{member-publications} <id>``): the
  entries the member is an author of, the member's name marked;
- ``{group-publications}``: the group's papers, those with a member marked (alumni are
  marked only on papers from their time in the group; ``:all:`` lists every entry),
  with per-member and per-year counts (``:counts: no`` leaves them out) and, from
  ``bibfolio_group_filter_min_entries`` entries on, a member filter.

The marks ride on the placeholders (``highlight``: positions in the entry's people) and
are applied when the entries are rendered (:mod:`bibfolio.model.highlight`).
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx import addnodes
from sphinx.transforms.post_transforms import SphinxPostTransform

from ..build.bibliography import get_domain, get_library
from ..build.translation import _, current_language, ngettext
from ..build.warnings_ import warn
from ..doctree import nodes as bf
from ..model.localized import person_sort_key
from ..pages.context import PageContext
from ..pages.directives import PublicationsDirective
from ..pages.html import PageIds
from ..pages.localfiles import is_epub
from .load import get_group
from .matching import marked_indices, member_counts
from .pages import member_link

if TYPE_CHECKING:
    from sphinx.application import Sphinx
    from sphinx.writers.html5 import HTML5Translator

    from ..model.publication import Publication
    from .load import Group
    from .members import Member


class member_filter(nodes.General, nodes.Element):  # noqa: N801 - docutils node naming
    """HTML only: a ``<select>`` of members for one list.

    ``listing``: the list's ``data-listing`` (its entries' ``<li>`` carry it);
    ``choices``: (member id, name, positions of their entries in the list).  Positions,
    not ids: singlehtml gives a list's entries other ids than html does
    (``pages/html.py``'s ``PageIds``), but the same order.
    """


def _visit_member_filter(self: HTML5Translator, node: member_filter) -> None:
    def tag(name: str, ident: str = "", **attributes: str) -> str:
        return self.starttag(nodes.Element(ids=[ident] if ident else []), name, "", **attributes)

    ident = f"{node['listing']}-member"
    self.body.append(self.starttag(node, "p", "", CLASS="bibfolio-member-filter", hidden="hidden"))
    self.body.append(tag("label", **{"for": ident}) + self.encode(_("Member")) + "</label> ")
    self.body.append(tag("select", ident, **{"data-bibfolio-member-filter": node["listing"]}))
    self.body.append(tag("option", value="") + self.encode(_("everyone")) + "</option>")
    for value, name, anchors in node["choices"]:
        entries = {"data-entries": " ".join(map(str, anchors))}
        text = self.encode(f"{name} ({len(anchors)})")
        self.body.append(tag("option", value=value, **entries) + text + "</option>")
    self.body.append("</select></p>\n")
    raise nodes.SkipNode


def no_publications(member: Member) -> nodes.paragraph:
    """What a member page says where the list of a member with no entries would be."""
    text = _("No publications by %(name)s in the group's bibliography yet.") % {"name": member.name}
    return nodes.paragraph(text, text, classes=["bibfolio-member-none"])


def _skip(self: Any, node: nodes.Node) -> None:
    raise nodes.SkipNode


class _GroupList(PublicationsDirective):
    """A ``{publications}`` list of some of the group's entries, marked for some members."""

    group: Group

    def _keep(self, publication: Publication) -> bool:
        raise NotImplementedError

    def _marks(self, publication: Publication) -> tuple[int, ...]:
        raise NotImplementedError

    def _choose(self, publications: list[Publication]) -> list[Publication]:
        return super()._choose([p for p in publications if self._keep(p)])

    def _marked(self, result: list[nodes.Node]) -> list[nodes.Node]:
        library = get_library(self.env)
        for path in self.group.sources:  # a member's new alias changes the list
            self.env.note_dependency(str(path))
        for node in result:
            for entry in node.findall(bf.publication_entry):
                publication = library.get(entry["key"])
                if publication is not None:
                    entry["highlight"] = self._marks(publication)
        return result

    def _group(self) -> Group | None:
        group = get_group(self.env)
        if group is None:
            warn(
                f"{{{self.name}}} needs a group site: set bibfolio_group = "
                "{'name': ...} in conf.py",
                "config",
                location=self.get_location(),
            )
        return group


class MemberPublicationsDirective(_GroupList):
    """``{member-publications}``: one member's entries, their name marked."""

    optional_arguments = 1
    option_spec: ClassVar[dict[str, Any]] = dict(PublicationsDirective.option_spec)

    member: Member

    def _keep(self, publication: Publication) -> bool:
        return publication.key in self.keys

    def _marks(self, publication: Publication) -> tuple[int, ...]:
        return self.matches.indices(publication.key, [self.member.id])

    def run(self) -> list[nodes.Node]:
        """The member's list, or a sentence saying there is none yet."""
        group = self._group()
        if group is None:
            return []
        self.group = group
        wanted = self.arguments[0].strip() if self.arguments else ""
        member = group.by_id.get(wanted) if wanted else group.pages.get(self.env.docname)
        if member is None:
            warn(
                f"{{member-publications}}: no member {wanted!r}" if wanted else
                "{member-publications} on a page that is no member's: give the member id",
                "group_member",
                location=self.get_location(),
            )  # fmt: skip
            return []
        self.member = member
        self.matches = group.matches(get_library(self.env))
        self.keys = frozenset(self.matches.by_member.get(member.id, ()))
        if not self.keys:
            for path in get_library(self.env).paths:
                self.env.note_dependency(str(path))
            return [no_publications(member)]
        return self._marked(super().run())


class GroupPublicationsDirective(_GroupList):
    """``{group-publications}``: the group's papers, members marked, counts, member filter."""

    option_spec: ClassVar[dict[str, Any]] = {
        **PublicationsDirective.option_spec,
        "counts": directives.unchanged_required,
        "all": directives.flag,
    }

    def _keep(self, publication: Publication) -> bool:
        # The group's papers: those with a member marked (":all:" lists every entry).
        return "all" in self.options or bool(self._marks(publication))

    def _marks(self, publication: Publication) -> tuple[int, ...]:
        return marked_indices(publication, self.matches, self.by_id)

    def run(self) -> list[nodes.Node]:
        """Counts and filter, then the list."""
        group = self._group()
        if group is None:
            return []
        self.group = group
        self.by_id = group.by_id
        self.matches = group.matches(get_library(self.env))
        result = self._marked(super().run())
        entries = [e for node in result for e in node.findall(bf.publication_entry)]
        if not entries:  # nothing to count: the list's place alone (build/emptypages.py)
            return result
        library = get_library(self.env)
        publications = [p for p in (library.get(e["key"]) for e in entries) if p is not None]
        mark = self.config.bibfolio_group_mark
        tools = nodes.container(classes=["bibfolio-group-tools", f"bibfolio-group-mark-{mark}"])
        short = "limit" in self.options or "selected" in self.options
        if self._flag("counts", not short):
            tools += self._counts(publications)
        if not short and len(entries) >= self.config.bibfolio_group_filter_min_entries:
            tools += self._filter(entries)
        return [tools, *result] if len(tools) else result

    def _filter(self, entries: list[bf.publication_entry]) -> member_filter:
        positions: dict[str, list[int]] = {}
        for position, entry in enumerate(entries):
            for index, member_id in self.matches.by_key.get(entry["key"], ()):
                if index in entry["highlight"]:
                    positions.setdefault(member_id, []).append(position)
        choices = [
            (m.id, m.name, list(dict.fromkeys(positions[m.id])))
            for m in self.group.members
            if m.id in positions
        ]
        # A menu of names: alphabetical by family name, in the language's order.
        choices.sort(key=lambda choice: person_sort_key(current_language())(choice[1]))
        listing = entries[0]["listing"] if entries else ""
        return member_filter(listing=listing, docname=self.env.docname, choices=choices)

    def _counts(self, publications: list[Publication]) -> list[nodes.Node]:
        per_member = member_counts(publications, self.matches, self.by_id)
        per_year = Counter(p.year for p in publications if p.year)
        box = bf.details(classes=["bibfolio-group-counts"])
        box += bf.summary("", ngettext(
            "%(count)d publication: counts by member and year",
            "%(count)d publications: counts by member and year", len(publications),
        ) % {"count": len(publications)})  # fmt: skip
        rows = [
            (self._member_cell(m), str(per_member[m.id]))
            for m in sorted(self.group.members, key=lambda m: -per_member[m.id])
            if per_member[m.id]
        ]
        box += _table(_("Publications by member"), (_("Member"), _("Publications")), rows)
        years = [(str(year), str(count)) for year, count in sorted(per_year.items(), reverse=True)]
        box += _table(_("Publications by year"), (_("Year"), _("Publications")), years)
        return [box]

    def _member_cell(self, member: Member) -> nodes.Node:
        if not member.docname:
            return member_link("", member.name, member=member.id)
        xref = addnodes.pending_xref(
            "", refdomain="std", reftype="doc", reftarget="/" + member.docname,
            refexplicit=True, refwarn=True, refdoc=self.env.docname,
        )  # fmt: skip
        xref += nodes.inline(member.name, member.name)
        return xref


def _table(caption: str, header: tuple[str, str], rows: list[tuple[Any, str]]) -> nodes.table:
    table = nodes.table(classes=["bibfolio-group-count-table"])
    table += nodes.title(caption, caption)
    group = nodes.tgroup(cols=2)
    table += group
    # HTML takes only the widths' ratio; the text builder takes them as characters, and a
    # column 1 character wide sends Sphinx 8.2's text writer into an endless loop.
    group += nodes.colspec(colwidth=30)
    group += nodes.colspec(colwidth=10)
    head = nodes.thead()
    group += head
    head += _row(header)
    body = nodes.tbody()
    group += body
    for row in rows:
        body += _row(row)
    return table


def _row(cells: tuple[Any, str]) -> nodes.row:
    row = nodes.row()
    for cell in cells:
        entry = nodes.entry()
        paragraph = nodes.paragraph()
        paragraph += cell if isinstance(cell, nodes.Node) else nodes.Text(cell)
        entry += paragraph
        row += entry
    return row


class DropMemberFilter(SphinxPostTransform):
    """Outside HTML (LaTeX, text, man, ...) the member filter is nothing to show.

    Nor in an EPUB, read offline and often without scripts (as the list's own filter).
    In HTML (singlehtml too) it gets the ``data-listing`` its list's entries have.
    """

    default_priority = 5

    def run(self, **kwargs: Any) -> None:
        builder = get_domain(self.env).app.builder  # type: ignore[union-attr]
        found = list(self.document.findall(member_filter))
        if builder.format == "html" and not is_epub(builder):
            # The list's data-listing as its entries get it (singlehtml prefixes the page).
            ids = PageIds(self.document, PageContext(self.env, self.env.docname))
            for node in found:
                node["listing"] = ids.listing(node["docname"], node["listing"])
            return
        for node in found:
            node.parent.remove(node)


def register(app: Sphinx) -> None:
    """The lists' node, directives and post-transform."""
    app.add_node(
        member_filter, html=(_visit_member_filter, None), latex=(_skip, None), text=(_skip, None)
    )
    app.add_post_transform(DropMemberFilter)
    app.add_directive("member-publications", MemberPublicationsDirective)
    app.add_directive("group-publications", GroupPublicationsDirective)
