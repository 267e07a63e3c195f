"""What a publication is (conference paper, preprint, talk ...), once, for every export.

Each machine-readable channel names the kind in its own vocabulary: the paper page's
``DC.type`` and ``citation_*`` container tag, the list's COinS, the RIS ``TY``, the CSL-JSON
``type``.  They are all read from one :class:`Kind`, so Zotero (and any other reader)
saves the same item type whichever channel it reads.  The values are the ones Zotero's
translators read (zotero/translators and zotero/utilities; the tests name each place).

The downloadable BibTeX keeps the entry's own type (its round trip is the owner's file):
Zotero's ``BibTeX.js`` reads ``@misc`` as a document whatever it holds, so a preprint
or a talk written as ``@misc`` cannot say so there.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .publication import Publication


@dataclass(frozen=True, slots=True)
class Kind:
    """One kind of publication, as each channel writes it."""

    zotero: str  #: Zotero's item type; also the paper page's ``DC.type``.
    csl: str  #: CSL type (Zotero's CSL JSON import maps it back to ``zotero``).
    #: RIS ``TY`` (Zotero's RIS import maps it back, except a preprint and a document,
    #: for which ``RIS.js`` has no type).
    ris: str
    #: COinS format: ``journal``, ``book``, ``dissertation``, ``patent`` or ``dc``
    #: (Dublin Core, which carries the Zotero type itself in ``rft.type``).
    coins_format: str
    coins_genre: str = ""  #: ``rft.genre`` (journal and book formats only).
    #: The Highwire tag naming the venue; it also sets Zotero's type (Embedded
    #: Metadata), so kinds with no such tag (book, preprint, talk) have none.
    container_tag: str = ""

    @property
    def title_key(self) -> str:
        """The COinS key of the item's own title in this format."""
        if self.coins_format == "journal" or self.coins_genre in ("proceeding", "bookitem"):
            return "rft.atitle"
        if self.coins_genre in ("book", "report"):
            return "rft.btitle"
        # A thesis, a Dublin Core record, a book-format document: Zotero's
        # parseContextObject takes rft.btitle as the title of books and reports only.
        return "rft.title"

    @property
    def venue_key(self) -> str:
        """The COinS key of the container's title (journal, proceedings, book), or ""."""
        if self.coins_format == "journal":
            return "rft.jtitle"
        if self.coins_genre in ("proceeding", "bookitem"):
            return "rft.btitle"
        return ""


JOURNAL_ARTICLE = Kind(
    "journalArticle", "article-journal", "JOUR", "journal", "article", "citation_journal_title"
)
CONFERENCE_PAPER = Kind(
    "conferencePaper", "paper-conference", "CPAPER", "book", "proceeding",
    "citation_conference_title",
)  # fmt: skip
#: RIS has no preprint type Zotero reads (``RIS.js`` maps no TY to ``preprint``); an
#: unpublished manuscript (``MANSCPT``, Zotero's "manuscript") is the nearest it has.
PREPRINT = Kind("preprint", "article", "MANSCPT", "dc")
THESIS = Kind(
    "thesis", "thesis", "THES", "dissertation", container_tag="citation_dissertation_institution"
)
REPORT = Kind("report", "report", "RPRT", "book", "report", "citation_technical_report_institution")
BOOK = Kind("book", "book", "BOOK", "book", "book")
BOOK_CHAPTER = Kind("bookSection", "chapter", "CHAP", "book", "bookitem", "citation_book_title")
TALK = Kind("presentation", "speech", "SLIDE", "dc")
#: ``GEN`` is the RIS specification's generic type; ``RIS.js`` reads it as an article.
DOCUMENT = Kind("document", "document", "GEN", "book", "document")

#: Entry types that say what they are, whatever their ``pubtype``.
_BY_TYPE: dict[str, Kind] = {
    "article": JOURNAL_ARTICLE,
    "inproceedings": CONFERENCE_PAPER,
    **dict.fromkeys(
        ("book", "mvbook", "collection", "mvcollection", "proceedings", "mvproceedings",
         "reference", "mvreference", "booklet"),
        BOOK,
    ),
    **dict.fromkeys(
        ("inbook", "incollection", "bookinbook", "suppbook", "suppcollection"), BOOK_CHAPTER
    ),
    **dict.fromkeys(("phdthesis", "mastersthesis", "thesis"), THESIS),
    **dict.fromkeys(("techreport", "report"), REPORT),
    "manual": BOOK,  # as Zotero's BibTeX.js reads @manual (bibtex2zoteroTypeMap)
}  # fmt: skip
#: Other specific types: (Zotero type, CSL type, RIS type); COinS writes them in
#: Dublin Core with ``rft.type``, and the page has no container tag.
_OTHER_TYPES: dict[str, tuple[str, str, str]] = {
    "inreference": ("encyclopediaArticle", "entry-encyclopedia", "ENCYC"),
    # A whole issue: Zotero has no such type (its CSL map and BibTeX.js know none).
    "periodical": ("document", "periodical", "JFULL"),
    "suppperiodical": ("journalArticle", "article-journal", "JOUR"),
    "online": ("webpage", "webpage", "ELEC"),
    "software": ("computerProgram", "software", "COMP"),
    "dataset": ("dataset", "dataset", "DATA"),
    "patent": ("patent", "patent", "PAT"),
    "standard": ("standard", "standard", "STAND"),
    "video": ("videoRecording", "motion_picture", "VIDEO"),
    "movie": ("film", "motion_picture", "MPCT"),
    "audio": ("audioRecording", "song", "SOUND"),
    "music": ("audioRecording", "song", "MUSIC"),
    "artwork": ("artwork", "graphic", "ART"),
    "image": ("artwork", "graphic", "ART"),
    "legislation": ("statute", "legislation", "STAT"),
    "jurisdiction": ("case", "legal_case", "CASE"),
    "letter": ("letter", "personal_communication", "PCOMM"),
    "review": ("journalArticle", "review", "JOUR"),
    "unpublished": ("manuscript", "manuscript", "MANSCPT"),
}
_OTHER = {
    name: Kind(zotero, csl, ris, "patent" if zotero == "patent" else "dc")
    for name, (zotero, csl, ris) in _OTHER_TYPES.items()
}
#: ``pubtype`` values (the list's groups) that name a kind an entry of a general type
#: (``@misc``, ``@online``, ``@unpublished``) cannot say itself.
_BY_PUBTYPE = {
    "journal": JOURNAL_ARTICLE,
    "conference": CONFERENCE_PAPER,
    "workshop": CONFERENCE_PAPER,
    "preprint": PREPRINT,
    "thesis": THESIS,
    "report": REPORT,
    "book": BOOK,
    "talk": TALK,
    "talks": TALK,
    "presentation": TALK,
}
#: Types that say nothing about what the work is.
_GENERAL = frozenset({"misc", "online", "unpublished"})


def kind_of(publication: Publication) -> Kind:
    """What *publication* is: its entry type, or for a general type what it holds.

    An ``@misc``, ``@online`` or ``@unpublished`` entry is a talk when its ``pubtype``
    says so; else a preprint when it has an arXiv identifier (what a reader can fetch
    is the preprint, whatever the list's group); else what its ``pubtype`` names
    (``conference``: a paper in proceedings, ``journal``: an article ...); else what
    its type is (a document, a web page, a manuscript).
    """
    if publication.type in _BY_TYPE:
        return _BY_TYPE[publication.type]
    if publication.type in _GENERAL:
        pubtype = _BY_PUBTYPE.get(publication.fields.get("pubtype", "").strip().lower())
        if pubtype is TALK:
            return TALK
        if any(link.kind == "arxiv" for link in publication.links):
            return PREPRINT
        if pubtype is not None:
            return pubtype
    return _OTHER.get(publication.type, DOCUMENT)
