"""One academicpages publication (front matter + citation string) as a BibTeX entry."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from ...importer.merge import make_key
from ...importer.records import Record
from ...importer.texout import name_value, protect_capitals
from ...reading.texescape import escape
from ..dates import iso_date
from ..model import Entry
from .citation import plain

if TYPE_CHECKING:
    from .citation import Citation

#: academicpages' ``category:`` (``publication_category`` in ``_config.yml``) → the
#: entry type and the field the venue goes in.  Sites add their own categories; those
#: not here become ``@misc`` with the venue as ``howpublished``.
CATEGORIES = {
    "manuscripts": ("article", "journal"),
    "journal": ("article", "journal"),
    "journals": ("article", "journal"),
    "articles": ("article", "journal"),
    "conferences": ("inproceedings", "booktitle"),
    "conference": ("inproceedings", "booktitle"),
    "proceedings": ("inproceedings", "booktitle"),
    "workshops": ("inproceedings", "booktitle"),
    "books": ("book", "publisher"),
    "book": ("book", "publisher"),
    "chapters": ("incollection", "booktitle"),
    "theses": ("phdthesis", "school"),
    "thesis": ("phdthesis", "school"),
    "reports": ("techreport", "institution"),
    "preprints": ("misc", "howpublished"),
}
_MATH = re.compile(r"(\$\$?)(.+?)\1")


def tex(text: str) -> str:
    """Plain text as a BibTeX value; ``$...$`` and ``$$...$$`` math kept as inline math."""
    parts: list[str] = []
    position = 0
    for found in _MATH.finditer(text):
        parts.append(escape(text[position : found.start()], strip=False))
        parts.append(f"${found.group(2)}$")
        position = found.end()
    parts.append(escape(text[position:], strip=False))
    return " ".join("".join(parts).split())


def title_tex(text: str) -> str:
    """A title: :func:`tex`, with words such as "GPUs" braced (outside the math)."""
    pieces = re.split(r"(\$[^$]*\$)", tex(text))
    return "".join(p if p.startswith("$") else protect_capitals(p) for p in pieces)


def author_field(citation: Citation) -> str:
    """The ``author`` value: "Family, Given" pairs as such, whole names escaped."""
    names = [
        name_value(family, given) if family else escape(given) for family, given in citation.authors
    ]
    if citation.more:
        names.append("others")
    return " and ".join(names)


def entry_from(
    fields: dict[str, Any], citation: Citation, taken: set[str]
) -> tuple[Entry, list[str]]:
    """The entry of a publication's front matter *fields* and its parsed *citation*.

    Returns the entry (no key in *taken*, which gets it) and what the owner should check
    (a year taken from the citation, a venue taken from its italics ...).
    """
    checks: list[str] = []
    category = str(fields.get("category") or "").strip().lower()
    kind, venue_field = CATEGORIES.get(category, ("misc", "howpublished"))
    if not category and (citation.volume or citation.pages):
        # Older academicpages sites have no categories: numbers mean a journal.
        kind, venue_field = "article", "journal"
    elif category and category not in CATEGORIES:
        checks.append(f"category {category!r} has no entry type: written as @misc")
    values: dict[str, str] = {}
    if citation.authors:
        values["author"] = author_field(citation)
    title = plain(str(fields.get("title") or citation.title or ""))
    values["title"] = title_tex(title)
    venue = plain(str(fields.get("venue") or "")) or citation.venue
    if venue:
        values[venue_field] = tex(venue)
        if not fields.get("venue"):
            checks.append(f"the venue {venue!r} taken from the citation string")
    date = iso_date(fields.get("date"))
    year = date[:4] or citation.year
    if date[:4] and citation.year and citation.year != date[:4]:
        checks.append(f"date says {date[:4]}, the citation {citation.year}: kept {date[:4]}")
    elif not date and year:
        checks.append(f"no date: the year {year} taken from the citation string")
    if year:
        values["year"] = year
    if len(date) >= 7 and not date.endswith("-01-01"):
        values["month"] = str(int(date[5:7]))
    for name in ("volume", "number", "pages"):
        if getattr(citation, name):
            values[name] = getattr(citation, name)
    if citation.doi:
        values["doi"] = escape(citation.doi, ligatures=False)
    if citation.url:
        values["url"] = citation.url
    record = Record(kind, values, "")
    key = make_key(record, taken)
    taken.add(key.lower())
    return Entry(key=key, type=kind, fields=values), checks


def abstract_field(excerpt: str, body: str) -> str:
    """The ``abstract``: the excerpt, then the page's text when it says more."""
    parts = [plain(excerpt)] if excerpt and excerpt.strip() else []
    text = " ".join(body.split())
    if text and (not parts or plain(text) != parts[0]):
        parts.append(text)
    return tex(" ".join(parts)) if parts else ""
