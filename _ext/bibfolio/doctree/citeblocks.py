"""An entry's citation formats as nodes: the paper page's sections and the list entry's reveal.

BibTeX, RIS, CSL-JSON and the formatted references (APA, IEEE) come from :mod:`bibfolio.formats`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from docutils import nodes

from ..formats.citeformats import STYLES, formatted_reference, machine_formats
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


def format_reveal(publication: Publication, context: EntryContext) -> bf.details:
    """A list entry's citation formats reveal ("APA · IEEE · RIS · CSL-JSON").

    On a site its body holds only links (the whole-list files, the paper page): the
    script fills in the entry's texts from ``context.formats_data`` when it is first
    opened, so a 3000-entry list does not carry 3000 hidden records of each kind.
    Without ``formats_data`` (EPUB: no scripts, no downloads) the RIS and CSL-JSON are
    inline, copyable blocks like the BibTeX.
    """
    labels = [STYLES[style] for style in context.cite_styles] + ["RIS", "CSL-JSON"]
    if not context.formats_data:
        reveal = bf.details(classes=["bibfolio-formats"])
        reveal += bf.summary("", " · ".join(labels), classes=["bibfolio-toggle"])
        box = nodes.container(classes=["bibfolio-reveal"])
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
    classes = ["bibfolio-formats"]
    if not len(line):
        # Nothing to offer without the script: bibfolio.css hides it where scripts are off.
        classes.append("bibfolio-formats-scripted")
    reveal = bf.details(
        classes=classes, data={"formats": context.formats_data, "key": publication.key}
    )
    reveal += bf.summary("", " · ".join(labels), classes=["bibfolio-toggle"])
    # No inner container (unlike the other reveals): 3000 of them are 170 kB of markup.
    if len(line):
        reveal += line
    return reveal
