"""The venue line of an entry: where it appeared, per entry type, as the common styles print it.

The order and wording follow biblatex's standard style, compacted to one comma-separated
line (APA and most CV styles do the same): an article shows its journal, volume(number)
and pages; a thesis its kind and school; a report its type, number and institution; a
book its edition and publisher; a chapter or paper "In" its editors and book.  The date
is not part of it (the renderer adds it last).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..reading.latex import latex_to_plain, latex_to_rich
from ..reading.richtext import plain, titled
from .dates import parse_date
from .messages import ARXIV_PREPRINT, N_
from .names import split_name_list

if TYPE_CHECKING:
    from ..reading.richtext import Rich
    from .publication import Author, Publication


@dataclass(frozen=True, slots=True)
class Segment:
    """One comma-separated piece of the venue line.

    ``kind`` is "title" (a container title, shown in italics), "people" (editors,
    followed by "(ed.)"/"(eds.)") or "text".
    """

    kind: str
    rich: Rich = ()
    people: tuple[Author, ...] = ()
    et_al: bool = False
    after: Rich = ()  #: Upright text after a title, with no comma: " (EC 2018)".


@dataclass(frozen=True, slots=True)
class VenueLine:
    """``prefix`` ("In " for parts of a bigger work) and the segments, joined by ", "."""

    prefix: str
    segments: tuple[Segment, ...]


#: Entry types that are part of a bigger work: "In <editors>, <book>".
PART_TYPES = frozenset(
    {"inproceedings", "incollection", "inbook", "inreference", "suppbook", "suppcollection"}
)
BOOK_TYPES = frozenset(
    {
        "book",
        "mvbook",
        "bookinbook",
        "collection",
        "mvcollection",
        "proceedings",
        "mvproceedings",
        "reference",
        "mvreference",
        "booklet",
        "manual",
    }
)
IN = N_("In")  #: "In <editors>, <book>"
THESIS_KIND = {
    "phdthesis": N_("PhD thesis"),
    "mathesis": N_("Master's thesis"),
    "mastersthesis": N_("Master's thesis"),
    "candthesis": N_("Candidate thesis"),
    "techreport": N_("Technical Report"),
    "resreport": N_("Research Report"),
    "software": N_("Software"),
    "datacd": "CD-ROM",
    "audiocd": "Audio CD",
}
_DEFAULT_KIND = {
    "phdthesis": N_("PhD thesis"),
    "mastersthesis": N_("Master's thesis"),
    "techreport": N_("Technical Report"),
    "report": N_("Report"),
    "patent": N_("Patent"),
}
#: biblatex's patent types (``type = {patentus}``, ``{patreqfr}``): the country's
#: adjective as biblatex's English localisation prints it.
_PATENT_COUNTRY = {
    "at": "Austrian",
    "ch": "Swiss",
    "de": "German",
    "eu": "European",
    "fr": "French",
    "uk": "British",
    "us": "U.S.",
}
_PATENT_TYPE = re.compile(r"pat(ent|req)(at|ch|de|eu|fr|uk|us)?")
_PUBSTATE = {
    "inpress": N_("in press"),
    "submitted": N_("submitted"),
    "forthcoming": N_("forthcoming"),
    "inpreparation": N_("in preparation"),
    "prepublished": N_("pre-published"),
}
#: bibfolio's own words in venue lines (the writers translate them where they stand).
VENUE_WORDS = tuple(
    sorted(
        {*THESIS_KIND.values(), *_DEFAULT_KIND.values(), *_PUBSTATE.values(), ARXIV_PREPRINT},
        key=len,
    )
)[::-1]
#: bibfolio's labels before a number in venue lines ("pp. 1–10", "vol. 5", "2nd edition"),
#: as messages: the writers find them in the line and translate them (``translate_labels``).
PAGES = N_("pp. %(pages)s")
PAGE = N_("p. %(pages)s")
VOLUME = N_("vol. %(volume)s")
NUMBER = N_("no. %(number)s")
ARTICLE = N_("article %(number)s")
CHAPTER = N_("chapter %(chapter)s")
# TRANSLATORS: %(suffix)s is English's ordinal ending (st, nd, rd, th); leave it out.
EDITION = N_("%(number)s%(suffix)s edition")
# TRANSLATORS: %(edition)s is one word as the .bib writes it ("Second", "Revised"); it is
# not translated, so put it where your language puts an ordinal (like the numbered edition).
WRITTEN_EDITION = N_("%(edition)s edition")
#: EDITION before WRITTEN_EDITION: "2nd edition" is a number's label, not a written word's.
VENUE_LABELS = (EDITION, WRITTEN_EDITION, PAGES, PAGE, VOLUME, NUMBER, ARTICLE, CHAPTER)
_ORDINAL = {1: "st", 2: "nd", 3: "rd"}
_RANGE = re.compile(r"\s*(?:-{1,3}|–|—)\s*")


def _text(publication: Publication, name: str) -> str:
    # al-folio files often end venues with a comma ("Proceedings of X,").
    return publication.fields.get(name, "").strip().rstrip(",;").rstrip()


def _rich(publication: Publication, name: str) -> Rich:
    value = _text(publication, name)
    return latex_to_rich(value) if value else ()


def pages_text(raw: str) -> str:
    """``pp. 1–10`` for a range, ``p. 5`` for one page, as written otherwise."""
    text = latex_to_plain(raw).strip()
    if not text:
        return ""
    parts = [part for part in _RANGE.split(text) if part]
    if len(parts) == 2 and "," not in text:
        return PAGES % {"pages": f"{parts[0]}–{parts[1]}"}
    if "," in text or len(parts) > 1:
        return PAGES % {"pages": _RANGE.sub("–", text)}
    return PAGE % {"pages": text}


def edition_text(raw: str) -> str:
    """``2`` → ``2nd edition``; a written edition ("Revised") stays as written."""
    text = latex_to_plain(raw).strip()
    if text.isdigit():
        number = int(text)
        suffix = "th" if 10 <= number % 100 <= 20 else _ORDINAL.get(number % 10, "th")
        return EDITION % {"number": number, "suffix": suffix}
    # BibTeX's styles add the word to "Second"; biblatex prints a phrase as written.
    if text and len(text.split()) == 1 and not text.lower().startswith("ed"):
        return WRITTEN_EDITION % {"edition": text}
    return text


def _volume_number(publication: Publication) -> str:
    volume = latex_to_plain(_text(publication, "volume"))
    number = latex_to_plain(_text(publication, "number") or _text(publication, "issue"))
    if volume and number:
        return f"{volume}({number})"
    if volume:
        return volume
    return NUMBER % {"number": number} if number else ""


def _kind(publication: Publication) -> str:
    written = latex_to_plain(_text(publication, "type"))
    if not written:
        return _DEFAULT_KIND.get(publication.type, "")
    key = written.lower().replace(" ", "")
    patent = _PATENT_TYPE.fullmatch(key)
    if patent:
        country = _PATENT_COUNTRY.get(patent.group(2) or "", "")
        kind = "patent" if patent.group(1) == "ent" else "patent request"
        return f"{country} {kind}" if country else kind.capitalize()
    return THESIS_KIND.get(key, written)


class _Line:
    """Collects segments, skipping empty ones."""

    def __init__(self) -> None:
        self.segments: list[Segment] = []

    def text(self, value: str | Rich) -> None:
        rich = (value,) if isinstance(value, str) else value
        if rich and plain(rich).strip():
            self.segments.append(Segment("text", rich))

    def title(self, rich: Rich, after: Rich = ()) -> None:
        if rich and plain(rich).strip():
            self.segments.append(Segment("title", rich, after=after))
        elif after:
            self.text(after)

    def people(self, people: tuple[Author, ...], et_al: bool) -> None:
        if people:
            self.segments.append(Segment("people", people=people, et_al=et_al))

    def series(self, publication: Publication, shown: Rich = ()) -> None:
        series = _rich(publication, "series")
        if series and plain(series) == plain(shown):
            series = ()  # a crossref child's book title is often its parent's series too
        volume = latex_to_plain(_text(publication, "volume"))
        if series and volume:
            self.text((*series, ", " + VOLUME % {"volume": volume}))
        elif volume:
            self.text(VOLUME % {"volume": volume})
        else:
            self.text(series)

    def publisher(self, publication: Publication) -> None:
        self.text(_rich(publication, "publisher"))
        self.text(_rich(publication, "address"))


def venue_line(publication: Publication) -> VenueLine:
    """The venue line of *publication* (see the module docstring)."""
    kind = publication.type
    line = _Line()
    prefix = ""
    if kind == "article":
        line.title(
            titled(
                publication.venue,
                _rich(publication, "journalsubtitle"),
                _rich(publication, "journaltitleaddon"),
            )
        )
        line.text(_rich(publication, "issuetitle"))
        line.text(_volume_number(publication))
        eid = latex_to_plain(_text(publication, "eid"))
        # APA's wording for an article number; biblatex prints the bare number.
        line.text(ARTICLE % {"number": eid} if eid else pages_text(_text(publication, "pages")))
    elif kind in PART_TYPES:
        prefix = IN + " "
        if not publication.people_are_editors:  # else they are the people line already
            line.people(publication.editors, publication.editors_et_al)
        book = titled(
            _rich(publication, "booktitle"),
            _rich(publication, "booksubtitle"),
            _rich(publication, "booktitleaddon"),
        )
        main = titled(
            _rich(publication, "maintitle"),
            _rich(publication, "mainsubtitle"),
            _rich(publication, "maintitleaddon"),
        )
        if main and book:
            book = (*main, ". ", *book) if plain(main).rstrip()[-1:] not in ".?!" else main + book
        event = _rich(publication, "eventtitle")
        shown_event: Rich = (" (", *event, ")") if event and plain(event) not in plain(book) else ()
        # An @inbook without booktitle is a part of the book its title names: no "In".
        line.title(book or main, shown_event)
        volume = latex_to_plain(_text(publication, "volume"))
        # "Proceedings of MLSys 6" with volume = 6: the volume is already there.
        if (
            not volume
            or _text(publication, "series")
            or not re.search(rf"(?<![\w.]){re.escape(volume)}(?![\w.])", plain(book))
        ):
            line.series(publication, book)
        chapter = plain(_rich(publication, "chapter"))
        line.text(CHAPTER % {"chapter": chapter} if chapter else "")
        line.text(pages_text(_text(publication, "pages")))
        line.text(_rich(publication, "organization"))
        line.publisher(publication)
    elif kind == "periodical":
        # The title is the periodical; an issue has its own title and numbers.
        line.title(
            titled(_rich(publication, "issuetitle"), _rich(publication, "issuesubtitle"), ())
        )
        line.text(_volume_number(publication))
        line.text(_rich(publication, "publisher"))
    elif kind in BOOK_TYPES:
        if not publication.people_are_editors:
            line.people(publication.editors, publication.editors_et_al)
        main = _rich(publication, "maintitle")
        if main:
            line.title(main)
        event = _rich(publication, "eventtitle")
        if event and plain(event) not in plain(publication.title):
            line.text(event)
        line.text(edition_text(_text(publication, "edition")))
        line.series(publication)
        line.text(_rich(publication, "howpublished"))
        line.text(_rich(publication, "organization"))
        line.publisher(publication)
    elif kind in {"phdthesis", "mastersthesis", "thesis"}:
        line.text(_kind(publication))
        line.text(_rich(publication, "school") or _rich(publication, "institution"))
        line.text(_rich(publication, "address"))
    elif kind in {"techreport", "report"}:
        number = latex_to_plain(_text(publication, "number"))
        line.text(" ".join(part for part in (_kind(publication), number) if part))
        line.text(_rich(publication, "institution") or _rich(publication, "school"))
        line.text(_rich(publication, "address"))
    elif kind == "patent":
        number = latex_to_plain(_text(publication, "number"))
        line.text(" ".join(part for part in (_kind(publication), number) if part))
        holders = [latex_to_plain(name) for name in split_name_list(_text(publication, "holder"))]
        line.text(", ".join(name for name in holders if name))
    else:
        # venue: howpublished, a note (unpublished) or "arXiv preprint ...".
        line.title(publication.venue)
        line.text(_rich(publication, "organization"))
        line.text(_rich(publication, "institution"))
        if kind == "software" or _text(publication, "version"):
            version = latex_to_plain(_text(publication, "version"))
            line.text(f"version {version}" if version else "")
        line.text(_rich(publication, "publisher"))
        urldate = parse_date(_text(publication, "urldate"))
        if urldate is not None and publication.link("url") is not None:
            line.text(f"accessed {urldate.text}")
    if not line.segments and publication.venue:
        line.title(publication.venue)
    state = latex_to_plain(_text(publication, "pubstate"))
    # biblatex's localisation keys, as its English strings print them.
    line.text(_PUBSTATE.get(state.lower().replace(" ", ""), state))
    in_something = line.segments and line.segments[0].kind in ("title", "people")
    return VenueLine(prefix if in_something else "", tuple(line.segments))
