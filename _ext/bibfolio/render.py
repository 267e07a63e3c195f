"""Publications → docutils nodes.

``entry_nodes`` and ``paper_nodes`` build trees that every builder can write (LaTeX and
text included).  ``entry_html_nodes`` builds the richer HTML entry: folded author lists,
reveals, COinS.  None of this produces markup strings; the writers do.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from docutils import nodes

from . import nodes as bf
from .model.chart import chart_svg, yearly_counts
from .model.citeformats import STYLES, formatted_reference, machine_formats
from .model.cleanbib import clean_bibtex
from .model.links import classify_url
from .model.metadata import cite_as, coins

if TYPE_CHECKING:
    from collections.abc import Sequence

    from .model.latex import Rich, Span
    from .model.publication import Author, Publication
    from .model.venue import Segment


@dataclass(frozen=True)
class EntryContext:
    """Everything an entry's rendering depends on besides the publication itself.

    It is part of the HTML fragment cache key, so it must hold all of it.
    """

    variant: str  #: "list", "selected" or "paper".
    anchor: str = ""
    listing: str = ""  #: Id of the list the entry is in (the filter finds entries by it).
    title_href: str = ""  #: Relative URI of the paper page, "" for none.
    back_href: str = ""  #: Paper pages: relative URI of the main list entry.
    file_hrefs: tuple[tuple[str, str], ...] = ()  #: (field, relative URI) of local files.
    max_authors: int = 10
    separators: tuple[str, str] = (", ", ", and ")
    page_url: str = ""  #: Absolute URL of the paper page, for COinS (may be "").
    drop_fields: tuple[str, ...] = field(default=())
    legends: tuple[tuple[str, str], ...] = (("*", "equal contribution"),)  #: mark → legend
    cite_styles: tuple[str, ...] = ()  #: Formatted references shown, e.g. ("apa",).
    #: Lists: relative URI of the file the formats reveal loads ("" keeps them inline).
    formats_data: str = ""
    #: Lists: (label, relative URI) of the whole-list downloads, the reveal's fallback.
    formats_files: tuple[tuple[str, str], ...] = ()
    #: ("Cited by N", the source's page for the work, source and date), or () (citedby.py).
    cited_by: tuple[str, ...] = ()
    #: Lists: (relative URI, width, height) of the entry's thumbnail, or () (previews.py).
    preview: tuple[str, int, int] | tuple[()] = ()


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


# -- people ------------------------------------------------------------------------------
def _author_node(author: Author) -> list[nodes.Node]:
    name: nodes.Node = (
        nodes.strong("", author.name, classes=["bibfolio-owner"])
        if author.owner
        else nodes.Text(author.name)
    )
    if author.marks:
        return [name, nodes.superscript("", author.marks, classes=["bibfolio-mark"])]
    return [name]


def _separator(index: int, last: int, separators: tuple[str, str]) -> str:
    between, final = separators
    if index != last:
        return between
    if last == 1 and final.startswith(",") and final[1:].strip():
        return final[1:]  # two authors: "A and B", not "A, and B"
    return final


def _joined(authors: Sequence[Author | None], separators: tuple[str, str]) -> list[nodes.Node]:
    """Join names with separators; ``None`` stands for a gap shown as an ellipsis."""
    out: list[nodes.Node] = []
    text: list[str] = []  # plain names and separators, merged into one Text node
    last = len(authors) - 1
    for index, author in enumerate(authors):
        if index:
            text.append(_separator(index, last, separators))
        if author is None:
            text.append("…")
        elif not author.owner and not author.marks:
            text.append(author.name)
        else:
            if text:
                out.append(nodes.Text("".join(text)))
                text = []
            out.extend(_author_node(author))
    if text:
        out.append(nodes.Text("".join(text)))
    return out


def author_list(authors: Sequence[Author], separators: tuple[str, str]) -> list[nodes.Node]:
    """Every author, owner bold, marks as superscripts."""
    return _joined(list(authors), separators)


def people_list(
    people: Sequence[Author | None],
    separators: tuple[str, str],
    *,
    et_al: bool = False,
    editors: bool = False,
) -> list[nodes.Node]:
    """Names as :func:`author_list`, then "et al." (``and others``) and "(ed.)"/"(eds.)".

    With "et al." the last name is not joined with "and": ``A, B, et al.``.
    """
    if et_al:
        between = separators[0]
        out = _joined(people, (between, between))
        out.append(nodes.Text(f"{between.rstrip()} et al." if len(people) > 1 else " et al."))
    else:
        out = _joined(people, separators)
    if editors:
        named = [person for person in people if person is not None]
        out.append(nodes.Text(" (eds.)" if et_al or len(named) > 1 else " (ed.)"))
    return out


def _people_nodes(publication: Publication, separators: tuple[str, str]) -> list[nodes.Node]:
    """The people line: authors, or the editors of an edited volume."""
    return people_list(
        publication.people,
        separators,
        et_al=publication.people_et_al,
        editors=publication.people_are_editors,
    )


def short_authors(authors: Sequence[Author], limit: int) -> tuple[list[Author | None], int]:
    """The first *limit* authors, keeping the owner visible; returns (names with gaps, hidden)."""
    owner = next((i for i, a in enumerate(authors) if a.owner), None)
    if owner is None or owner < limit:
        shown: list[Author | None] = list(authors[:limit])
        shown.append(None)
        return shown, len(authors) - limit
    head = list(authors[: max(limit - 1, 1)])
    shown = [*head, None, authors[owner]]
    if owner < len(authors) - 1:
        shown.append(None)
    return shown, len(authors) - len(head) - 1


def legend_text(marks: dict[str, str]) -> str:
    """``*: equal contribution; †: corresponding author``."""
    return "; ".join(f"{mark}: {text}" for mark, text in marks.items())


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
    line = publication.venue_line
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
    people = _people_nodes(publication, context.separators) if publication.people else []
    item += citation_sentence(line, publication, context, _title_node(publication, context), people)
    links = _link_nodes(publication, context, with_urls=plain_links)
    if links:
        item += nodes.paragraph("", "", *links, classes=["bibfolio-links"])
    return item


def _section(title: str, section_id: str, *body: nodes.Node) -> nodes.section:
    section = nodes.section(ids=[section_id], names=[nodes.fully_normalize_name(title)])
    section += nodes.title(title, title)
    section.extend(body)
    return section


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
                *_people_nodes(publication, context.separators),
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
        out.append(_section("Abstract", "abstract", nodes.paragraph("", "", *rich_nodes(abstract))))
    out.append(
        _section(
            "Cite as",
            "cite-as",
            nodes.paragraph(
                "", cite_as(publication, context.separators), classes=["bibfolio-cite-as"]
            ),
        )
    )
    bibtex = clean_bibtex(publication.entry, context.drop_fields)
    out.append(
        _section(
            "BibTeX",
            "bibtex",
            nodes.literal_block(
                bibtex, bibtex, language="bibtex", classes=["bibfolio-bibtex", "no-search"]
            ),
        )
    )
    out.extend(_paper_format_sections(publication, context))
    if context.back_href:
        back = nodes.paragraph(classes=["bibfolio-back"])
        back += nodes.reference("", "← All publications", refuri=context.back_href, internal=True)
        out.append(back)
    return out


def _paper_format_sections(publication: Publication, context: EntryContext) -> list[nodes.Node]:
    """RIS, CSL-JSON and the formatted references (APA, IEEE) of a paper page."""
    out: list[nodes.Node] = []
    # citeproc-py takes ~10 ms an entry for both styles: paid here, once per paper page,
    # only for the styles asked for (bibfolio_cite_styles), never on lists of thousands.
    for style in context.cite_styles:
        label = STYLES[style]
        text = formatted_reference(publication, style, context.drop_fields)
        out.append(
            _section(
                label,
                f"cite-{style}",
                # A literal block, so the copy button the BibTeX has copies it too.
                bf.bibtex_code(
                    text, text, language="text", classes=["bibfolio-formatted", f"bibfolio-{style}"]
                ),
            )
        )
    for label, ident, text, language in _machine_formats(publication, context):
        out.append(
            _section(
                label,
                ident,
                bf.bibtex_code(
                    text, text, language=language, classes=[f"bibfolio-{ident}", "no-search"]
                ),
            )
        )
    return out


def _machine_formats(
    publication: Publication, context: EntryContext, drop: Sequence[str] = ()
) -> list[tuple[str, str, str, str]]:
    """(label, id, text, Pygments language) of the entry's RIS and CSL-JSON."""
    formats = dict(machine_formats(publication, [*context.drop_fields, *drop]))
    return [
        ("RIS", "ris", formats["RIS"], "text"),
        ("CSL-JSON", "csl-json", formats["CSL-JSON"], "json"),
    ]


def _cite_reveal(publication: Publication, context: EntryContext) -> bf.details:
    """A list entry's one "Cite" reveal: the BibTeX, then the other formats.

    The BibTeX is in the page (a ``<details>`` opens without scripts; the block gets
    the copy button the theme's code blocks get).  On a site the formats (APA, IEEE,
    RIS, CSL-JSON) are loaded by the script from ``context.formats_data`` when the
    reveal is first opened, so a 3000-entry list does not carry 3000 hidden records of
    each kind; the links below the BibTeX (the paper page, the whole-list files) work
    without it.  Without ``formats_data`` (EPUB: no scripts, no downloads) the RIS and
    CSL-JSON are inline, copyable blocks like the BibTeX.
    """
    bibtex = clean_bibtex(publication.entry, context.drop_fields)
    box = nodes.container(classes=["bibfolio-reveal"])
    box += nodes.paragraph("", "BibTeX", classes=["bibfolio-format-label"])
    box += bf.bibtex_code(bibtex, bibtex, classes=["bibfolio-bibtex", "no-search"])
    if not context.formats_data:
        reveal = bf.details(classes=["bibfolio-cite", "bibfolio-formats"])
        reveal += bf.summary("", "Cite", classes=["bibfolio-toggle"])
        # Without the abstract (the paper page has it): three more copies of every
        # abstract would double a long list's weight.
        for label, ident, text, _language in _machine_formats(publication, context, ["abstract"]):
            box += nodes.paragraph("", label, classes=["bibfolio-format-label"])
            box += bf.bibtex_code(text, text, classes=[f"bibfolio-{ident}", "no-search"])
        reveal += box
        return reveal
    # What works without the script (and on file://): "Paper page · Whole list: RIS · …".
    line = nodes.paragraph(classes=["bibfolio-formats-fallback"])
    if context.title_href:
        line += nodes.reference("", "Paper page", refuri=context.title_href, internal=True)
    for index, (label, href) in enumerate(context.formats_files):
        if index == 0:
            line += nodes.Text(" · Whole list: " if len(line) else "Whole list: ")
        else:
            line += nodes.Text(" · ")
        line += nodes.reference("", label, refuri=href, internal=True)
    reveal = bf.details(
        classes=["bibfolio-cite", "bibfolio-formats"],
        data={"formats": context.formats_data, "key": publication.key},
    )
    reveal += bf.summary("", "Cite", classes=["bibfolio-toggle"])
    if len(line):
        box += line
    reveal += box
    return reveal


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
        box += nodes.inline("", "", *_people_nodes(publication, context.separators))
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
        "", "", *_people_nodes(publication, context.separators), classes=["bibfolio-authors-full"]
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
    if context.preview:
        from .previews import preview_image  # noqa: PLC0415

        href, width, height = context.preview
        alt = nodes.inline("", "", *rich_nodes(publication.display_title)).astext()
        item += preview_image(src=href, width=width, height=height, alt=" ".join(alt.split()))
        item["classes"].append("bibfolio-entry-preview")
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
    actions += _cite_reveal(publication, context)
    item += actions
    item += bf.coins("", "", classes=["Z3988"], title=coins(publication, context.page_url))
    return item
