"""Publications → docutils nodes.

``entry_nodes`` and ``paper_nodes`` build trees that every builder can write (LaTeX and
text included).  ``entry_html_nodes`` builds the richer HTML entry: folded author lists,
reveals, COinS.  None of this produces markup strings; the writers do.  Rich text and
the venue line are inline.py's; the per-year chart is chartnodes.py's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from docutils import nodes

from ..build.translation import _, ngettext, translated
from ..formats.citeas import cite_as
from ..formats.cleanbib import clean_bibtex
from ..formats.metadata import coins
from . import nodes as bf
from .citeblocks import cite_reveal, paper_format_sections, section
from .inline import rich_nodes, venue_nodes
from .people import legend_text, people_list, people_nodes, short_authors
from .previews import preview_image

if TYPE_CHECKING:
    from collections.abc import Sequence

    from ..model.publication import Publication
    from .entrycontext import EntryContext


# -- shared pieces -------------------------------------------------------------------------
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
        label = translated(link.label)
        if with_urls:
            out.append(nodes.Text(f"{label}: {href}"))
            continue
        out.append(
            nodes.reference(
                "",
                label,
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
    venue = venue_nodes(publication, context.separators)
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
    meta.extend(venue_nodes(publication, context.separators))
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
        out.append(
            section(_("Abstract"), "abstract", nodes.paragraph("", "", *rich_nodes(abstract)))
        )
    # One panel: the sentence to cite it by, then each format in a section of its own.
    # All of them are in the page (readable without scripts, found by Zotero's and
    # search engines' readers); bibfolio.js makes the sections a choice of one at a time.
    bibtex = clean_bibtex(publication.entry, context.drop_fields)
    panel = section(
        _("Cite"),
        "cite",
        nodes.paragraph(
            "",
            cite_as(publication, context.separators, translated, ngettext),
            classes=["bibfolio-cite-as"],
        ),
        section(
            "BibTeX",
            "bibtex",
            nodes.literal_block(
                bibtex, bibtex, language="bibtex", classes=["bibfolio-bibtex", "no-search"]
            ),
        ),
        *paper_format_sections(publication, context),
    )
    panel["classes"].append("bibfolio-cite-panel")
    out.append(panel)
    if context.back_href:
        back = nodes.paragraph(classes=["bibfolio-back"])
        back += nodes.reference(
            "", _("← All publications"), refuri=context.back_href, internal=True
        )
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
    more = ngettext("%(count)d more author", "%(count)d more authors", hidden) % {"count": hidden}
    toggle += nodes.inline("", more, classes=["bibfolio-when-closed"])
    toggle += nodes.inline("", _("show fewer"), classes=["bibfolio-when-open"])
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
    if context.preview:
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
    venue = venue_nodes(publication, context.separators)
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
        reveal += bf.summary("", _("Abstract"), classes=["bibfolio-toggle"])
        reveal += nodes.container(
            "", nodes.paragraph("", "", *rich_nodes(abstract)), classes=["bibfolio-reveal"]
        )
        actions += reveal
    actions += cite_reveal(publication, context)
    item += actions
    item += bf.coins("", "", classes=["Z3988"], title=coins(publication, context.page_url))
    return item
