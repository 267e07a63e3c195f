"""Publications → docutils nodes.

``entry_nodes`` and ``paper_nodes`` build trees that every builder can write (LaTeX and
text included).  ``entry_html_nodes`` builds the richer HTML entry: folded author lists,
reveals, COinS.  None of this produces markup strings; the writers do.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from docutils import nodes

from ..formats.chart import chart_svg, yearly_counts
from ..formats.cleanbib import clean_bibtex
from ..formats.metadata import cite_as, coins
from ..model.links import classify_url
from ..model.venue import venue_line
from . import nodes as bf
from .citeblocks import format_reveal, paper_format_sections, section
from .people import legend_text, people_list, people_nodes, short_authors

if TYPE_CHECKING:
    from collections.abc import Sequence

    from ..model.publication import Publication
    from ..model.venue import Segment
    from ..reading.richtext import Rich, Span
    from .entrycontext import EntryContext


# -- text --------------------------------------------------------------------------------
def rich_nodes(rich: Rich) -> list[nodes.Node]:
    """Rich text → inline nodes."""
    out: list[nodes.Node] = []
    for part in rich:
        if isinstance(part, str):
            out.append(nodes.Text(part))
        else:
            out.append(_span_node(part))
    return out


def _span_node(span: Span) -> nodes.Node:
    children = rich_nodes(span.children)
    if span.kind == "em":
        return nodes.emphasis("", "", *children)
    if span.kind == "strong":
        return nodes.strong("", "", *children)
    if span.kind == "code":
        return nodes.literal("", "", *children)
    if span.kind == "sup":
        return nodes.superscript("", "", *children)
    if span.kind == "sub":
        return nodes.subscript("", "", *children)
    if span.kind == "sc":
        return nodes.inline("", "", *children, classes=["bibfolio-smallcaps"])
    if span.kind == "math":
        return bf.math_text("", "", *children, classes=["bibfolio-math"], tex=span.data)
    if span.kind == "url":
        verdict, href = classify_url(span.data)
        if verdict == "url":
            return nodes.reference("", "", *children, refuri=href)
        return nodes.inline("", "", *children)
    return nodes.inline("", "", *children)


# -- shared pieces -------------------------------------------------------------------------
def _segment_nodes(segment: Segment, separators: tuple[str, str]) -> list[nodes.Node]:
    if segment.kind == "title":
        return [nodes.emphasis("", "", *rich_nodes(segment.rich)), *rich_nodes(segment.after)]
    if segment.kind == "people":
        return people_list(segment.people, separators, et_al=segment.et_al, editors=True)
    return rich_nodes(segment.rich)


def _venue_nodes(
    publication: Publication, separators: tuple[str, str] = (", ", ", and ")
) -> list[nodes.Node]:
    """``In <editors> (eds.), <book>, pp. 1–10, <publisher>, <date>`` and the like."""
    out: list[nodes.Node] = []
    line = venue_line(publication)
    if line.prefix:
        out.append(nodes.Text(line.prefix))
    for index, segment in enumerate(line.segments):
        if index:
            out.append(nodes.Text(", "))
        out.extend(_segment_nodes(segment, separators))
    if publication.date_text:
        out.append(nodes.Text(", " if out else ""))
        out.append(nodes.Text(publication.date_text))
    return out


def _note_nodes(publication: Publication) -> list[nodes.Node]:
    out: list[nodes.Node] = []
    for name, rich in (
        ("award", publication.award),
        ("impact", publication.rich("impact")),
        ("note", publication.note),
    ):
        if rich:
            if out:
                out.append(nodes.Text(" "))
            out.append(nodes.inline("", "", *rich_nodes(rich), classes=[f"bibfolio-{name}"]))
    return out


def _link_nodes(
    publication: Publication, context: EntryContext, *, with_urls: bool = False
) -> list[nodes.Node]:
    """Link buttons; *with_urls* spells the URL out (plain-text output shows no hrefs)."""
    files = dict(context.file_hrefs)
    out: list[nodes.Node] = []
    for link in publication.links:
        href = link.url or files.get(link.field, "")
        if not href:
            continue
        if out:
            out.append(nodes.Text("; " if with_urls else " "))
        if with_urls:
            out.append(nodes.Text(f"{link.label}: {href}"))
            continue
        out.append(
            nodes.reference(
                "",
                link.label,
                refuri=href,
                internal=not link.url,
                classes=["bibfolio-link", f"bibfolio-link-{link.field}"],
            )
        )
    if context.cited_by:
        label, href, about = context.cited_by
        if out:
            out.append(nodes.Text("; " if with_urls else " "))
        if with_urls:
            out.append(nodes.Text(f"{label}: {href}"))
        else:
            out.append(
                nodes.reference(
                    "",
                    label,
                    refuri=href,
                    reftitle=about,
                    classes=["bibfolio-link", "bibfolio-cited-by"],
                )
            )
    return out


def _title_node(publication: Publication, context: EntryContext) -> nodes.Node:
    title = rich_nodes(publication.display_title)
    if context.title_href:
        return nodes.reference(
            "", "", *title, refuri=context.title_href, internal=True, classes=["bibfolio-title"]
        )
    return nodes.strong("", "", *title, classes=["bibfolio-title"])


# -- every builder -----------------------------------------------------------------------
def citation_sentence(
    line: nodes.paragraph,
    publication: Publication,
    context: EntryContext,
    title: nodes.Node,
    people: list[nodes.Node],
) -> nodes.paragraph:
    """Append "Title. People. Venue. Notes" to *line* (text builders and the CV alike)."""
    line += title
    line += nodes.Text(". ")
    if people:
        line.extend(people)
        # "et al." already ends the sentence.
        line += nodes.Text(" " if people[-1].astext().endswith(".") else ". ")
    venue = _venue_nodes(publication, context.separators)
    if venue:
        line.extend(venue)
        line += nodes.Text(".")
    notes = _note_nodes(publication)
    if notes:
        line += nodes.Text(" ")
        line.extend(notes)
    return line


def entry_nodes(
    publication: Publication, context: EntryContext, *, plain_links: bool = False
) -> nodes.list_item:
    """A list entry any builder can write: one citation paragraph and a links line.

    *plain_links* writes each link as "label: URL" for builders without hyperlinks.
    """
    item = nodes.list_item(ids=[context.anchor] if context.anchor else [])
    line = nodes.paragraph()
    if publication.venue_short:
        line += nodes.Text(f"[{publication.venue_short}] ")
    people = people_nodes(publication, context.separators) if publication.people else []
    item += citation_sentence(line, publication, context, _title_node(publication, context), people)
    links = _link_nodes(publication, context, with_urls=plain_links)
    if links:
        item += nodes.paragraph("", "", *links, classes=["bibfolio-links"])
    return item


def paper_nodes(
    publication: Publication, context: EntryContext, *, plain_links: bool = False
) -> list[nodes.Node]:
    """The body of a paper page (every builder)."""
    out: list[nodes.Node] = []
    meta = nodes.paragraph(classes=["bibfolio-paper-venue"])
    if publication.venue_short:
        meta += nodes.inline("", publication.venue_short, classes=["bibfolio-badge"])
        meta += nodes.Text(" ")
    meta.extend(_venue_nodes(publication, context.separators))
    out.append(meta)
    if publication.people:
        out.append(
            nodes.paragraph(
                "",
                "",
                *people_nodes(publication, context.separators),
                classes=["bibfolio-authors"],
            )
        )
        marks = page_marks([publication], context.legends)
        if marks:
            out.append(nodes.paragraph("", legend_text(marks), classes=["bibfolio-legend"]))
    notes = _note_nodes(publication)
    if notes:
        out.append(nodes.paragraph("", "", *notes, classes=["bibfolio-notes"]))
    links = _link_nodes(publication, context, with_urls=plain_links)
    if links:
        out.append(nodes.paragraph("", "", *links, classes=["bibfolio-links"]))
    abstract = publication.rich("abstract")
    if abstract:
        out.append(section("Abstract", "abstract", nodes.paragraph("", "", *rich_nodes(abstract))))
    out.append(
        section(
            "Cite as",
            "cite-as",
            nodes.paragraph(
                "", cite_as(publication, context.separators), classes=["bibfolio-cite-as"]
            ),
        )
    )
    bibtex = clean_bibtex(publication.entry, context.drop_fields)
    out.append(
        section(
            "BibTeX",
            "bibtex",
            nodes.literal_block(
                bibtex, bibtex, language="bibtex", classes=["bibfolio-bibtex", "no-search"]
            ),
        )
    )
    out.extend(paper_format_sections(publication, context))
    if context.back_href:
        back = nodes.paragraph(classes=["bibfolio-back"])
        back += nodes.reference("", "← All publications", refuri=context.back_href, internal=True)
        out.append(back)
    return out


def page_marks(
    publications: Sequence[Publication], legends: Sequence[tuple[str, str]]
) -> dict[str, str]:
    """Marks shown among *publications* → legend text, in first-seen order.

    Marks no annotation explains (al-folio's ``‡``, ``§`` ...) are left out of the legend.
    """
    known = dict(legends)
    found: dict[str, str] = {}
    for publication in publications:
        for author in (*publication.authors, *publication.editors):
            for mark in author.marks:
                if mark not in found and mark in known:
                    found[mark] = known[mark]
    return found


# -- HTML --------------------------------------------------------------------------------
def chart_nodes(
    publications: Sequence[Publication], groups: Sequence[tuple[str, str]], ident: str
) -> list[nodes.Node]:
    """The per-year chart (inline SVG) and the same numbers as a table for screen readers."""
    rows = yearly_counts(publications)
    if not rows:
        return []
    present = [g for g, _ in groups if any(r.counts.get(g) for r in rows)]
    present += sorted({g for r in rows for g in r.counts} - set(present))
    titles = dict(groups)
    table = nodes.table(ids=[f"{ident}-data"], classes=["bibfolio-chart-data"])
    table += nodes.title("", "Publications per year, by type")
    group = nodes.tgroup(cols=len(present) + 2)
    table += group
    for _ in range(len(present) + 2):
        group += nodes.colspec(colwidth=1)
    head = nodes.thead()
    body = nodes.tbody()
    group += head
    group += body
    head += _row(["Year", *(titles.get(g, g) for g in present), "Total"])
    for row in reversed(rows):
        body += _row([str(row.year), *(str(row.counts.get(g, 0)) for g in present), str(row.total)])
    figure = nodes.container(classes=["bibfolio-chart-figure"])
    figure += nodes.raw("", chart_svg(rows, groups, ident), format="html")
    # A wrapper hides the table visually (the chart shows it): a table is never narrower
    # than its content, so hiding the table itself would widen the page on phones.
    figure += nodes.container("", table, classes=["bibfolio-chart-table"])
    return [figure]


def _row(cells: Sequence[str]) -> nodes.row:
    row = nodes.row()
    for cell in cells:
        row += nodes.entry("", nodes.paragraph("", cell))
    return row


def _html_authors(publication: Publication, context: EntryContext) -> nodes.Element:
    box = nodes.container(classes=["bibfolio-authors"])
    authors = publication.people
    # Folding away one or two names saves nothing; fold only longer lists.
    if len(authors) <= context.max_authors + 2:
        box += nodes.inline("", "", *people_nodes(publication, context.separators))
        return box
    shown, hidden = short_authors(authors, context.max_authors)
    between = (context.separators[0], context.separators[0])
    box += nodes.inline(
        "",
        "",
        *people_list(
            shown,
            between,
            et_al=publication.people_et_al,
            editors=publication.people_are_editors,
        ),
        classes=["bibfolio-authors-short"],
    )
    reveal = bf.details(classes=["bibfolio-authors-all"])
    toggle = bf.summary(classes=["bibfolio-more"])
    more = f"{hidden} more author{'s' if hidden != 1 else ''}"
    toggle += nodes.inline("", more, classes=["bibfolio-when-closed"])
    toggle += nodes.inline("", "show fewer", classes=["bibfolio-when-open"])
    reveal += toggle
    reveal += nodes.inline(
        "", "", *people_nodes(publication, context.separators), classes=["bibfolio-authors-full"]
    )
    box += reveal
    return box


def entry_html_nodes(publication: Publication, context: EntryContext) -> bf.entry_item:
    """The HTML list entry.

    Badge, title, authors (folded when long), venue, notes, links, abstract and BibTeX
    reveals, and a COinS span.
    """
    year = str(publication.year) if publication.year else ""
    item = bf.entry_item(
        ids=[context.anchor] if context.anchor else [],
        classes=["bibfolio-entry"],
        data={"listing": context.listing, "type": publication.group, "year": year},
    )
    # One paragraph per line (a text element, where references may sit): a <p> instead
    # of a <div><span> pair is 9,000 fewer elements to build and write on a 3,000-entry
    # list.  The authors stay a <div>: their folded form holds a <details>.
    head = nodes.paragraph(classes=["bibfolio-head"])
    if publication.venue_short:
        head += nodes.inline("", publication.venue_short, classes=["bibfolio-badge"])
        head += nodes.Text(" ")
    head += _title_node(publication, context)
    item += head
    if publication.people:
        item += _html_authors(publication, context)
    venue = _venue_nodes(publication, context.separators)
    if venue:
        item += nodes.paragraph("", "", *venue, classes=["bibfolio-venue"])
    notes = _note_nodes(publication)
    if notes:
        item += nodes.paragraph("", "", *notes, classes=["bibfolio-notes"])
    actions = nodes.container(classes=["bibfolio-actions"])
    links = _link_nodes(publication, context)
    if links:
        actions += nodes.inline("", "", *links, classes=["bibfolio-links"])
    abstract = publication.rich("abstract")
    if abstract:
        reveal = bf.details(classes=["bibfolio-abstract"])
        reveal += bf.summary("", "Abstract", classes=["bibfolio-toggle"])
        reveal += nodes.container(
            "", nodes.paragraph("", "", *rich_nodes(abstract)), classes=["bibfolio-reveal"]
        )
        actions += reveal
    bibtex = clean_bibtex(publication.entry, context.drop_fields)
    reveal = bf.details(classes=["bibfolio-bibtex"])
    reveal += bf.summary("", "BibTeX", classes=["bibfolio-toggle"])
    reveal += nodes.container(
        "", bf.bibtex_code(bibtex, bibtex, classes=["no-search"]), classes=["bibfolio-reveal"]
    )
    actions += reveal
    actions += format_reveal(publication, context)
    item += actions
    item += bf.coins("", "", classes=["Z3988"], title=coins(publication, context.page_url))
    return item
