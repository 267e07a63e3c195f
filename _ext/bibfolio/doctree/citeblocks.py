"""An entry's citation formats as nodes: the paper page's sections, the list entry's "Cite".

BibTeX, RIS, CSL-JSON and the formatted references (APA, IEEE) come from :mod:`bibfolio.formats`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from docutils import nodes

from ..build.translation import _
from ..formats.citeformats import machine_formats
from ..formats.cleanbib import publication_bibtex
from ..formats.references import STYLES, formatted_reference
from . import nodes as bf

if TYPE_CHECKING:
    from collections.abc import Sequence

    from ..model.publication import Publication
    from .entrycontext import EntryContext


def section(title: str, section_id: str, *body: nodes.Node) -> nodes.section:
    """A section titled *title*, id *section_id*, holding *body*."""
    section = nodes.section(ids=[section_id], names=[nodes.fully_normalize_name(title)])
    section += nodes.title(title, title)
    section.extend(body)
    return section


def paper_format_sections(publication: Publication, context: EntryContext) -> list[nodes.Node]:
    """RIS, CSL-JSON and the formatted references (APA, IEEE) of a paper page."""
    out: list[nodes.Node] = []
    # citeproc-py takes ~10 ms an entry for both styles: paid here, once per paper page,
    # only for the styles asked for (bibfolio_cite_styles), never on lists of thousands.
    for style in context.cite_styles:
        label = STYLES[style]
        text = formatted_reference(publication, style, context.drop_fields)
        out.append(
            section(
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
            section(
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


def cite_reveal(publication: Publication, context: EntryContext) -> bf.details:
    """A list entry's one "Cite" reveal: the BibTeX, then the other formats.

    The BibTeX is in the page (a ``<details>`` opens without scripts; the block gets
    the copy button the theme's code blocks get).  On a site the formats (APA, IEEE,
    RIS, CSL-JSON) are loaded by the script from ``context.formats_data`` when the
    reveal is first opened, so a 3000-entry list does not carry 3000 hidden records of
    each kind; the links below the BibTeX (the paper page, the whole-list files) work
    without it.  Without ``formats_data`` (EPUB: no scripts, no downloads) the RIS and
    CSL-JSON are inline, copyable blocks like the BibTeX.
    """
    bibtex = publication_bibtex(publication, context.drop_fields)
    box = nodes.container(classes=["bibfolio-reveal"])
    box += nodes.paragraph("", "BibTeX", classes=["bibfolio-format-label"])
    box += bf.bibtex_code(bibtex, bibtex, classes=["bibfolio-bibtex", "no-search"])
    if not context.formats_data:
        reveal = bf.details(classes=["bibfolio-cite", "bibfolio-formats"])
        reveal += bf.summary("", _("Cite"), classes=["bibfolio-toggle"])
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
        line += nodes.reference("", _("Paper page"), refuri=context.title_href, internal=True)
    for index, (label, href) in enumerate(context.formats_files):
        if index == 0:
            whole = _("Whole list:") + " "
            line += nodes.Text(f" · {whole}" if len(line) else whole)
        else:
            line += nodes.Text(" · ")
        line += nodes.reference("", label, refuri=href, internal=True)
    reveal = bf.details(
        classes=["bibfolio-cite", "bibfolio-formats"],
        data={"formats": context.formats_data, "key": publication.key},
    )
    reveal += bf.summary("", _("Cite"), classes=["bibfolio-toggle"])
    if len(line):
        box += line
    reveal += box
    return reveal
