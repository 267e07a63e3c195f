"""Citation formats for visitors: the CSL-JSON item and RIS record of a publication.

Everything is written from the :class:`~.publication.Publication` (official title, decoded
names without marks, links that passed the checks), never from raw fields, so private and
presentation fields (:mod:`bibfolio.reading.bibfields`) cannot reach a citer.  Fields the
site drops from its BibTeX (``drop``) are left out here too.

RIS and CSL-JSON are string building (well under a millisecond an entry).  Formatted
references (APA, IEEE) are made from the CSL-JSON item by :mod:`.references`.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from ..model.kinds import kind_of
from ..model.privacy import private_fields
from ..reading.bibfields import is_presentation
from ..reading.latex import latex_to_rich
from ..reading.richtext import plain

if TYPE_CHECKING:
    from collections.abc import Iterable

    from ..model.publication import Author, Publication

#: Types whose venue is the container a reader looks up (journal, proceedings, book).
_CONTAINED = frozenset(
    {"article", "inproceedings", "incollection", "inbook", "bookinbook", "inreference",
     "suppbook", "suppcollection", "periodical", "review"}
)  # fmt: skip
#: Types whose venue is the organisation that issued them (school, institution).
_ISSUER = frozenset({"phdthesis", "mastersthesis", "thesis", "techreport", "report", "manual"})


def _kept(publication: Publication, drop: Iterable[str]) -> set[str]:
    """Source fields that may be published (the clean BibTeX's rule)."""
    raw = {name: found.value for name, found in publication.entry.fields.items()}
    gone = {name.lower() for name in drop} | set(private_fields(raw))
    return {name for name in publication.fields if name not in gone and not is_presentation(name)}


def _text(publication: Publication, name: str, kept: set[str]) -> str:
    return plain(publication.rich(name)).strip() if name in kept else ""


def _csl_name(author: Author) -> dict[str, str]:
    """A CSL name: particles stay in the family name, a suffix goes into ``suffix``.

    Zotero's CSL JSON import (zotero/utilities ``utilities_item.js``,
    ``itemFromCSLJSON``) reads ``family`` and ``given`` only, so a particle written as
    ``non-dropping-particle`` would be lost there; citeproc reads "de la Vallée
    Poussin" as a family name with its particle either way.
    """
    person = author.person
    if person.is_single:
        # One word or a braced corporate name ("{NASA}"): CSL's literal, never initialled.
        return {"literal": person.surname}
    name = {"family": plain_name(person.surname)}
    if person.given:
        name["given"] = plain_name(person.given)
    if person.suffix:
        name["suffix"] = plain_name(person.suffix)
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


def forget_formats(publications: Iterable[Publication]) -> None:
    """Drop the items and records kept of *publications* (:func:`_memo`).

    For a build that needs them no more: a list's files are written and no paper page
    follows (4 MB on a 3000-entry list, held to the end of the build otherwise).
    """
    for publication in publications:
        publication.__dict__.pop("_citeformats", None)


def csl_item(publication: Publication, drop: Iterable[str] = ()) -> dict[str, Any]:
    """The entry as one CSL-JSON item (the CSL 1.0.2 input schema's fields)."""
    memo, key = _memo(publication, "csl", drop)
    if "abstract" in key[1]:
        # The list's reveals drop only the abstract of what the downloads already
        # made: derived, not made again (a tenth of a 3000-entry list's build), and not
        # kept (it is used once a list; 1 MB on a 3000-entry list).
        item = csl_item(publication, [name for name in key[1] if name != "abstract"])
        item.pop("abstract", None)
        return item
    if key not in memo:
        memo[key] = _csl_item(publication, key[1])
    return dict(memo[key])


def _csl_item(publication: Publication, drop: Iterable[str]) -> dict[str, Any]:
    kept = _kept(publication, drop)
    item: dict[str, Any] = {
        "id": publication.key,
        "type": kind_of(publication).csl,
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
    if "note" in kept and (note := plain(latex_to_rich(publication.bibtex_note)).strip()):
        item["note"] = note
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


#: ``json.dumps(value, ensure_ascii=False)`` without making an encoder for each value.
_JSON = json.JSONEncoder(ensure_ascii=False)


def csl_json(publications: Iterable[Publication], drop: Iterable[str] = ()) -> str:
    """A CSL-JSON document (an array of items), as Zotero and citeproc processors read it."""
    drop = list(drop)
    # One line per variable: readable in a reveal, and a third the size of indent=2
    # (whose date-parts take six lines), which matters on a list of thousands.
    encode = _JSON.encode
    items = [
        "  {\n"
        + ",\n".join(
            f"    {encode(name)}: {encode(value)}"
            for name, value in csl_item(publication, drop).items()
        )
        + "\n  }"
        for publication in publications
    ]
    return "[\n" + ",\n".join(items) + "\n]\n" if items else "[]\n"


def ris(publication: Publication, drop: Iterable[str] = ()) -> str:
    """The entry as one RIS record (tags ``XX  - value``, ending in ``ER  -``)."""
    memo, key = _memo(publication, "ris", drop)
    if "abstract" in key[1]:
        # As in csl_item: the record without its (one-line) abstract, not kept.
        full = ris(publication, [name for name in key[1] if name != "abstract"])
        return "".join(
            line for line in full.splitlines(keepends=True) if not line.startswith("AB  - ")
        )
    if key not in memo:
        memo[key] = _ris(publication, key[1])
    return memo[key]


def _ris(publication: Publication, drop: Iterable[str]) -> str:
    item = csl_item(publication, drop)
    kind = kind_of(publication).ris
    lines = [("TY", kind)]
    for role, tag in (("author", "AU"), ("editor", "A2" if "author" in item else "ED")):
        for name in item.get(role, ()):
            # The RIS specification's "Lastname, Firstname, Suffix"; Zotero's RIS import
            # takes the text before the first comma as the family name, the rest as
            # given names (with the suffix, where Zotero keeps it).
            # A family name with a comma ("{King, Jr.}", one name to BibTeX) loses the
            # comma, which would end it.
            family = name.get("family", "")
            parts = [name.get("literal") or " ".join(family.replace(",", " ").split())]
            parts += [name[part] for part in ("given", "suffix") if name.get(part)]
            lines.append((tag, ", ".join(parts)))
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
    if note := item.get("note"):
        lines.append(("N1", note))
    if abstract := item.get("abstract"):
        lines.append(("AB", abstract))
    # RIS is line-based: a newline inside a value would start a bogus tag.
    body = [f"{tag}  - {' '.join(str(value).split())}" for tag, value in lines]
    return "\n".join([*body, "ER  - "]) + "\n"


def ris_file(publications: Iterable[Publication], drop: Iterable[str] = ()) -> str:
    """Several RIS records, one blank line apart (the "download all" file)."""
    drop = list(drop)
    return "\n".join(ris(publication, drop) for publication in publications)


def machine_formats(publication: Publication, drop: Iterable[str] = ()) -> list[tuple[str, str]]:
    """(label, text) of the entry's RIS record and CSL-JSON document, as shown to copy."""
    drop = list(drop)
    return [
        ("RIS", ris(publication, drop).rstrip("\n")),
        ("CSL-JSON", csl_json([publication], drop).rstrip()),
    ]
