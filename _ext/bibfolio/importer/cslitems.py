"""CSL-JSON items (what doi.org serves for Crossref, DataCite, mEDRA DOIs) → records."""

from __future__ import annotations

import re

from ..reading.texescape import escape
from .abstracts import abstract_value
from .records import ARXIV_DOI, Record, arxiv_id
from .texout import name_value, title_value

#: CSL item types → BibTeX types, and the field the container title goes into.
_CSL_TYPES = {
    "article-journal": ("article", "journal"),
    "paper-conference": ("inproceedings", "booktitle"),
    "chapter": ("incollection", "booktitle"),
    "book": ("book", ""),
    "report": ("techreport", ""),
    "thesis": ("phdthesis", ""),
    "dataset": ("misc", ""),
}
#: BibTeX's month macros, January first.
MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
#: CSL dates in the order they stand for the publication: Crossref may give an "issued"
#: without a year (``{}``, ``[[null]]``) and still have "published".
_CSL_DATES = ("issued", "published", "published-print", "published-online", "created")


def _text(value: object) -> str:
    """A CSL string: Crossref's REST API gives lists, content negotiation strings."""
    if isinstance(value, list):
        value = value[0] if value else ""
    if isinstance(value, dict):  # DataCite's newer publisher: {"name": ...}
        value = value.get("name", "")
    return str(value or "").strip()


def _csl_date(item: dict) -> list[str]:
    """[year, month, ...] from the first CSL date that has a year.

    A CSL date is ``{"date-parts": [[y, m, d]]}`` or, in CSL 1.0's other form,
    ``{"raw": "…"}``/``{"literal": "…"}``, of which only the year is read.
    """
    for name in _CSL_DATES:
        value = item.get(name)
        if not isinstance(value, dict):
            continue
        parts = value.get("date-parts") or [[]]
        date = [str(part) for part in (parts[0] or []) if part]
        if date and date[0].isdigit():
            return date
        if found := re.search(r"\b\d{4}\b", str(value.get("raw") or value.get("literal") or "")):
            return [found.group()]
    return []


def csl_record(item: dict, origin: str) -> Record:
    """Map one CSL-JSON item to a BibTeX record."""
    doi = _text(item.get("DOI"))
    kind = _text(item.get("type"))
    arxiv = ARXIV_DOI.match(doi)
    bibtype, container_field = _CSL_TYPES.get(kind, ("misc", ""))
    fields: dict[str, str] = {}
    # Crossref names an organisation {"name": ...}; CSL and DataCite {"literal": ...}.
    authors = [
        name_value(
            _text(person.get("family") or person.get("literal") or person.get("name")),
            _text(person.get("given")),
            _text(person.get("non-dropping-particle")),
            _text(person.get("suffix")),
        )
        for person in item.get("author") or []
        if isinstance(person, dict)
        and (person.get("family") or person.get("literal") or person.get("name"))
    ]
    if authors:
        fields["author"] = " and ".join(authors)
    title = _text(item["title"])
    if (subtitle := _text(item.get("subtitle"))) and subtitle.lower() not in title.lower():
        title = f"{title}: {subtitle}"  # Crossref keeps a subtitle apart from the title
    fields["title"] = title_value(title, markup=True)
    container = _text(item.get("container-title"))
    if container and container_field:
        fields[container_field] = escape(container)
    if (kind in {"thesis", "report"}) and (publisher := _text(item.get("publisher"))):
        fields["school" if kind == "thesis" else "institution"] = escape(publisher)
    date = _csl_date(item)
    if date:
        fields["year"] = date[0]
    if len(date) > 1 and date[1].isdigit() and 1 <= int(date[1]) <= 12:
        fields["month"] = MONTHS[int(date[1]) - 1]  # written as BibTeX's macro: month = sep
    # A journal without pages numbers its articles: that number is cited as the pages.
    page = ("page", "pages") if item.get("page") else ("article-number", "pages")
    for csl, bib in (("volume", "volume"), ("issue", "number"), page):
        if value := _text(item.get(csl)):
            if bib == "pages":  # CSL's "10-20" is BibTeX's "10--20"
                fields[bib] = escape(re.sub(r"-+", "--", value), ligatures=False)
            else:
                fields[bib] = escape(value)
    publisher = _text(item.get("publisher"))
    if publisher and bibtype in {"article", "inproceedings", "incollection", "book"}:
        fields["publisher"] = escape(publisher)
    if arxiv:
        fields["eprint"] = arxiv_id(arxiv.group(1))
        fields["archiveprefix"] = "arXiv"
    if doi:
        fields["doi"] = doi
    if abstract := _text(item.get("abstract")):
        # DataCite gives arXiv's abstract as written there (TeX math in $…$); Crossref
        # gives JATS, other DataCite records HTML.
        value = abstract_value(abstract, markup=not arxiv, math=bool(arxiv))
        if value:
            fields["abstract"] = value
    return Record(bibtype, fields, origin)
