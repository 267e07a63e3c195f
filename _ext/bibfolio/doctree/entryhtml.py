"""The HTML list entry as a string: what the writer makes of :func:`.render.entry_html_nodes`.

The fragment cache (:mod:`bibfolio.build.fragments`) renders each list entry once; on a
cold build of a 3000-entry list that is 3000 node trees of about 50 nodes each, built
and then written by the translator, which was 6.2 of 14.5 CPU seconds (issue 24).
:func:`entry_html` writes the same HTML and the same entry text (``entry_text``) without
the tree, in about a fifth of the time: the same start tags (docutils' ``starttag``), the
same ``encode``, and the same text leaves in the same order (:mod:`.htmlparts`).

It is used only where that is exactly what the tree would give: the translator has the
stock visitors for every node type of an entry (:func:`.htmlparts.html_writer` checks),
and the entry has nothing this writer does not write itself (a thumbnail, inline code,
a URL in rich text, a ``mailto:`` link, reveals with their formats inline):
:func:`entry_html` then returns None and the entry is built as a tree, as before.
tests/test_entryhtml.py compares both on every entry of the test corpora.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..build.fragments import join_leaves
from ..build.translation import _, ngettext, translated
from ..formats.cleanbib import publication_bibtex
from ..formats.metadata import coins
from ..model.venue import venue_line
from .htmlparts import Decline, EntryHtml, html_writer
from .inline import date_text
from .people import short_authors

if TYPE_CHECKING:
    from ..build.fragments import DirectWriter
    from ..model.publication import Publication
    from .entrycontext import EntryContext


def entry_html(
    publication: Publication, context: EntryContext, direct: DirectWriter
) -> tuple[str, str] | None:
    """(HTML, text) of :func:`.render.entry_html_nodes`, or None where only the tree has it."""
    writer = html_writer(direct)
    if writer is None or context.preview or not context.formats_data:
        return None
    translator = writer.translator
    if translator.in_mailto or translator.protect_literal_text:
        return None  # not between two entries: left so by a writer's error
    entry = EntryHtml(writer)
    try:
        _write(entry, publication, context)
    except Decline:
        return None
    return "".join(entry.body), join_leaves(entry.leaves)


def _write(entry: EntryHtml, publication: Publication, context: EntryContext) -> None:
    writer = entry.writer
    year = str(publication.year) if publication.year else ""
    data = {"data-listing": context.listing, "data-type": publication.group, "data-year": year}
    ids = (context.anchor,) if context.anchor else ()
    entry.raw(writer.fresh("li", ("bibfolio-entry",), "", ids, **data))
    entry.raw(writer.tag("p", ("bibfolio-head",)))
    if publication.venue_short:
        entry.element("span", ("bibfolio-badge",), publication.venue_short)
        entry.text(" ")
    if context.title_href:
        if context.title_href.startswith("mailto:"):
            raise Decline
        attributes = {"class": "reference internal", "href": context.title_href}
        entry.raw(writer.fresh("a", ("bibfolio-title",), "", **attributes))
        entry.rich(publication.display_title)
        entry.raw("</a>")
    else:
        entry.raw(writer.tag("strong", ("bibfolio-title",)))
        entry.rich(publication.display_title)
        entry.raw("</strong>")
    entry.raw("</p>\n")
    if publication.people:
        _authors(entry, publication, context)
    _venue(entry, publication, context)
    _notes(entry, publication)
    entry.raw(writer.tag("div", ("bibfolio-actions",), "\n", CLASS="docutils container"))
    _links(entry, publication, context)
    abstract = publication.rich("abstract")
    if abstract:
        entry.raw(writer.tag("details", ("bibfolio-abstract",)))
        entry.element("summary", ("bibfolio-toggle",), _("Abstract"))
        entry.raw(writer.tag("div", ("bibfolio-reveal",), "\n", CLASS="docutils container"))
        entry.raw(writer.tag("p"))
        entry.rich(abstract)
        entry.raw("</p>\n</div>\n</details>")
    _cite(entry, publication, context)
    entry.raw("</div>\n")
    title = coins(publication, context.page_url)
    entry.raw(writer.fresh("span", ("Z3988",), "", title=title) + "</span>")
    entry.raw("</li>\n")


def _authors(entry: EntryHtml, publication: Publication, context: EntryContext) -> None:
    """:func:`.render._html_authors`."""
    writer = entry.writer
    entry.raw(writer.tag("div", ("bibfolio-authors",), "\n", CLASS="docutils container"))
    authors = publication.people
    full = {"et_al": publication.people_et_al, "editors": publication.people_are_editors}
    if len(authors) <= context.max_authors + 2:
        entry.raw(writer.tag("span"))
        entry.people(publication.people, context.separators, **full)
        entry.raw("</span></div>\n")
        return
    shown, hidden = short_authors(authors, context.max_authors)
    between = (context.separators[0], context.separators[0])
    entry.raw(writer.tag("span", ("bibfolio-authors-short",)))
    entry.people(shown, between, **full)
    entry.raw("</span>")
    entry.raw(writer.tag("details", ("bibfolio-authors-all",)))
    entry.raw(writer.tag("summary", ("bibfolio-more",)))
    more = ngettext("%(count)d more author", "%(count)d more authors", hidden) % {"count": hidden}
    entry.element("span", ("bibfolio-when-closed",), more)
    entry.element("span", ("bibfolio-when-open",), _("show fewer"))
    entry.raw("</summary>")
    entry.raw(writer.tag("span", ("bibfolio-authors-full",)))
    entry.people(publication.people, context.separators, **full)
    entry.raw("</span></details></div>\n")


def _venue(entry: EntryHtml, publication: Publication, context: EntryContext) -> None:
    """:func:`.inline.venue_nodes` in a ``bibfolio-venue`` paragraph, if it has any."""
    line = venue_line(publication)
    date = date_text(publication)
    if not (line.prefix or line.segments or date):
        return
    entry.raw(entry.writer.tag("p", ("bibfolio-venue",)))
    entry.venue = True
    if line.prefix:
        entry.text(translated(line.prefix.strip()) + " ")
    for index, segment in enumerate(line.segments):
        if index:
            entry.text(", ")
        if segment.kind == "title":
            entry.raw(entry.writer.tag("em"))
            entry.rich(segment.rich)
            entry.raw("</em>")
            entry.rich(segment.after)
        elif segment.kind == "people":
            entry.people(segment.people, context.separators, et_al=segment.et_al, editors=True)
        else:
            entry.rich(segment.rich)
    if date:
        entry.text(", " if (line.prefix or line.segments) else "")
        entry.text(date)
    entry.venue = False
    entry.raw("</p>\n")


def _notes(entry: EntryHtml, publication: Publication) -> None:
    """:func:`.render._note_nodes` in a ``bibfolio-notes`` paragraph, if there are any."""
    notes = [
        (name, rich)
        for name, rich in (
            ("award", publication.award),
            ("impact", publication.rich("impact")),
            ("note", publication.note),
        )
        if rich
    ]
    if not notes:
        return
    entry.raw(entry.writer.tag("p", ("bibfolio-notes",)))
    for index, (name, rich) in enumerate(notes):
        if index:
            entry.text(" ")
        entry.raw(entry.writer.tag("span", (f"bibfolio-{name}",)))
        entry.rich(rich)
        entry.raw("</span>")
    entry.raw("</p>\n")


def _links(entry: EntryHtml, publication: Publication, context: EntryContext) -> None:
    """:func:`.render._link_nodes` in a ``bibfolio-links`` span, if there are any."""
    files = dict(context.file_hrefs)
    links = [(link, link.url or files.get(link.field, "")) for link in publication.links]
    links = [(link, href) for link, href in links if href]
    if not (links or context.cited_by):
        return
    entry.raw(entry.writer.tag("span", ("bibfolio-links",)))
    for index, (link, href) in enumerate(links):
        if index:
            entry.text(" ")
        classes = ("bibfolio-link", f"bibfolio-link-{link.field}")
        entry.link(href, translated(link.label), classes, internal=not link.url)
    if context.cited_by:
        label, href, about = context.cited_by
        if links:
            entry.text(" ")
        classes = ("bibfolio-link", "bibfolio-cited-by")
        entry.link(href, label, classes, internal=False, title=about)
    entry.raw("</span>")


def _cite(entry: EntryHtml, publication: Publication, context: EntryContext) -> None:
    """:func:`.citeblocks.cite_reveal` of a list whose formats load from a file."""
    writer = entry.writer
    data = {"data-formats": context.formats_data, "data-key": publication.key}
    entry.raw(writer.fresh("details", ("bibfolio-cite", "bibfolio-formats"), "", **data))
    entry.element("summary", ("bibfolio-toggle",), _("Cite"))
    entry.raw(writer.tag("div", ("bibfolio-reveal",), "\n", CLASS="docutils container"))
    entry.element("p", ("bibfolio-format-label",), "BibTeX")
    entry.raw("\n")
    bibtex = publication_bibtex(publication, context.drop_fields)
    classes = ("bibfolio-bibtex", "no-search")
    entry.raw(writer.tag("div", classes, CLASS="highlight-bibtex notranslate"))
    entry.raw('<div class="highlight"><pre>' + entry.encode(bibtex) + "\n</pre></div></div>\n")
    if context.title_href or context.formats_files:
        entry.raw(writer.tag("p", ("bibfolio-formats-fallback",)))
        if context.title_href:
            entry.link(context.title_href, _("Paper page"), (), internal=True)
        for index, (label, href) in enumerate(context.formats_files):
            if index == 0:
                whole = _("Whole list:") + " "
                entry.text(f" · {whole}" if context.title_href else whole)
            else:
                entry.text(" · ")
            entry.link(href, label, (), internal=True)
        entry.raw("</p>\n")
    entry.raw("</div>\n</details>")
