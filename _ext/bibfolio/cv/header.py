"""The CV's header: who it is about and how to reach them, for the PDF and the page alike.

Made from the profile card's data (``bibfolio_profile``, read by
:func:`~bibfolio.model.profile.read_profile`): the name (else the first
``bibfolio_owner``, else ``project``), the position and affiliation, the e-mail address
and the profile's links, then the site's address (``html_baseurl``).  build.py writes it
as the PDF's Typst header; page.py as the page's ``<h1>`` and the lines under it, with
the links to the PDFs.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from docutils import nodes

from ..build.translation import _, translated
from ..model.profile import read_profile

if TYPE_CHECKING:
    from sphinx.config import Config


class cv_header_box(nodes.container, nodes.Invisible):  # noqa: N801 - docutils node naming
    """The header's lines; invisible to page descriptions (og:description is the CV's text)."""


@dataclass(frozen=True)
class ContactLink:
    """One link of the contact line: where it goes, and the words it shows."""

    url: str
    text: str
    kind: str  #: ``email``, a profile link's kind (``scholar``, ``github`` ...), or ``site``


@dataclass(frozen=True)
class CvHeader:
    """What the CV says first."""

    name: str
    facts: tuple[str, ...]  #: the position and the affiliation, as given (translated)
    links: tuple[ContactLink, ...]


def cv_header(config: Config) -> CvHeader:
    """The header of the CV of the project configured by *config*.

    The profile's problems are the card's to report (portfolio/profile.py): here a
    value it leaves out is simply not shown.
    """
    profile, _problems = read_profile(config.bibfolio_profile)
    name = profile.name or (config.bibfolio_owner or [config.project])[0]
    facts = tuple(translated(value) for value in (profile.position, profile.affiliation) if value)
    links = [
        ContactLink(
            link.url,
            link.url.removeprefix("mailto:") if link.kind == "email" else translated(link.label),
            link.kind,
        )
        for link in profile.links
    ]
    if config.html_baseurl:
        url = config.html_baseurl
        links.append(ContactLink(url, url.split("://", 1)[-1].rstrip("/"), "site"))
    return CvHeader(name, facts, tuple(links))


def header_nodes(header: CvHeader, pdfs: nodes.Node | None) -> cv_header_box:
    """The page's lines under the name: facts, contact links, and *pdfs* beside them.

    A ``container`` of paragraphs (standard nodes): ``bibfolio-cv-header`` lays the
    contact lines and the PDF links side by side from 576 px (bibfolio.css).
    """
    who = nodes.container(classes=["bibfolio-cv-who"])
    if header.facts:
        line = nodes.paragraph(classes=["bibfolio-cv-facts"])
        for index, fact in enumerate(header.facts):
            if index:
                line += nodes.Text(" · ")
            line += nodes.inline(fact, fact)
        who += line
    if header.links:
        line = nodes.paragraph(classes=["bibfolio-cv-contact"])
        for index, link in enumerate(header.links):
            if index:
                line += nodes.Text(" · ")
            line += nodes.reference(
                link.text, link.text, refuri=link.url, classes=[f"bibfolio-cv-contact-{link.kind}"]
            )
        who += line
    box = cv_header_box(classes=["bibfolio-cv-header"])
    if len(who):
        box += who
    if pdfs is not None:
        box += pdfs
    return box


def pdf_line(full: str, short: str | None) -> nodes.paragraph:
    """The line "Also as a PDF: full CV · one page", linking the PDFs at *full* and *short*."""
    paragraph = nodes.paragraph("", "", classes=["bibfolio-cv-pdfs"])
    paragraph += nodes.inline(
        _("Also as a PDF:"), _("Also as a PDF:"), classes=["bibfolio-cv-pdfs-label"]
    )
    links = [(_("full CV"), full, "full")]
    if short is not None:
        links.append((_("one page"), short, "short"))
    for index, (text, uri, which) in enumerate(links):
        if index:  # between two buttons the gap says it (bibfolio.css hides it)
            paragraph += nodes.Text(" ")
            paragraph += nodes.inline("·", "·", classes=["bibfolio-cv-separator"])
        paragraph += nodes.Text(" ")
        paragraph += nodes.reference(
            text, text, refuri=uri, classes=["bibfolio-cv-link", f"bibfolio-cv-pdf-{which}"]
        )
    return paragraph
