"""Publications in the CV: the site's entry, with long author lists cut to "and N others".

The CV shows what the list entry shows (badge, title, people with the owner bold and
the marks, venue, award notes, links) in standard nodes; what only makes sense on a
screen (reveals, BibTeX, COinS, the chart and filter) is not built at all.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from docutils import nodes

from ..build.translation import ngettext
from ..doctree.inline import rich_nodes
from ..doctree.people import people_list, short_authors
from ..doctree.render import _link_nodes, citation_sentence, page_marks
from .dates import ENTRY_DATE

if TYPE_CHECKING:
    from ..doctree.entrycontext import EntryContext
    from ..model.publication import Publication


def cv_people(
    publication: Publication, separators: tuple[str, str], max_authors: int
) -> list[nodes.Node]:
    """The people line; past *max_authors* (+2) names: "A, B, …, Owner, and N others"."""
    people = publication.people
    if len(people) <= max_authors + 2:
        return people_list(
            people,
            separators,
            et_al=publication.people_et_al,
            editors=publication.people_are_editors,
        )
    shown, hidden = short_authors(people, max_authors)
    if shown and shown[-1] is None:
        shown = shown[:-1]  # the trailing gap is said in words below
    between = separators[0]
    out = people_list(shown, (between, between))
    others = ngettext("and %(count)d other", "and %(count)d others", hidden) % {"count": hidden}
    out.append(nodes.Text(f"{between.rstrip()} {others}"))
    if publication.people_are_editors:
        out.append(nodes.Text(" " + ngettext("(ed.)", "(eds.)", 2)))
    return out


def cv_entry(publication: Publication, context: EntryContext) -> nodes.list_item:
    """One publication as a CV list item: badge, title, people, venue, notes, links."""
    item = nodes.list_item(classes=["bibfolio-cv-entry"])
    if publication.year:  # the CV page's date column (dates.py)
        item[ENTRY_DATE] = str(publication.year)
    line = nodes.paragraph()
    if publication.venue_short:
        line += nodes.inline("", publication.venue_short, classes=["bibfolio-badge"])
        line += nodes.Text(" ")
    title = nodes.inline("", "", *rich_nodes(publication.display_title))
    people = (
        cv_people(publication, context.separators, context.max_authors)
        if publication.people
        else []
    )
    item += citation_sentence(line, publication, context, title, people)
    links = _link_nodes(publication, context)
    if links:
        item += nodes.paragraph("", "", *links, classes=["bibfolio-links"])
    return item


def legend(publications: list[Publication], legends: tuple[tuple[str, str], ...]) -> str:
    """The marks' legend for *publications*, or ""."""
    marks = page_marks(publications, legends)
    return "; ".join(f"{mark}: {text}" for mark, text in marks.items())
