"""The entries of ``content/publication(s)/*/``.

A ``cite.bib`` is kept as it is, else the entry is made from the front matter; links,
``featured``, author notes and the preview image are added either way.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ...reading.bibtex import read_bib_text
from ...reading.texescape import escape
from ..dates import iso_date
from ..model import Entry
from .content import names, plain, report_unused
from .links import LINK_FIELDS, entry_links
from .marks import author_marks

if TYPE_CHECKING:
    from ..model import Report, Site
    from .content import Item
    from .profile import Owner

#: ``publication_types``: v4/v5's numeric codes and the CSL names of 2024 on → (type, pubtype).
TYPES = {
    "0": ("misc", ""),
    "1": ("inproceedings", ""),
    "2": ("article", ""),
    "3": ("misc", "preprint"),
    "4": ("techreport", ""),
    "5": ("book", ""),
    "6": ("incollection", ""),
    "7": ("phdthesis", ""),
    "8": ("misc", "other"),
    "paper-conference": ("inproceedings", ""),
    "article-journal": ("article", ""),
    "article-magazine": ("article", ""),
    "article-newspaper": ("article", ""),
    "article": ("misc", "preprint"),
    "chapter": ("incollection", ""),
    "book": ("book", ""),
    "thesis": ("phdthesis", ""),
    "report": ("techreport", ""),
    "manuscript": ("unpublished", ""),
    "patent": ("misc", "other"),
    "speech": ("misc", "other"),
    "dataset": ("misc", "other"),
    "webpage": ("misc", "other"),
}
#: Venue field by entry type.
_VENUE = {
    "inproceedings": "booktitle",
    "article": "journal",
    "incollection": "booktitle",
    "phdthesis": "school",
    "techreport": "institution",
    "book": "publisher",
}
_KEY = re.compile(r"[^\w:.-]+")


def publication(item: Item, owner: Owner, site: Site, projects: set[str]) -> Entry:
    """The entry of the publication page *item*."""
    report = site.report
    bib = item.path.parent / "cite.bib"
    entry = _from_bib(item, bib, report) if bib.is_file() else None
    made = entry is None
    if entry is None:
        entry = Entry(key=_KEY.sub("-", item.name), source=item.source())
        _from_front_matter(item, entry, owner, report)
    extra: dict[str, str] = {}
    marks = author_marks(item, entry, owner, report, made=made)
    if marks:
        extra["author+an"] = marks
    if item.get("featured") is True:
        extra["selected"] = "true"
    if not made:
        # What the page says and its cite.bib does not: _add keeps the bib's own fields.
        extra.update(_identifiers(item))
        if item.text("abstract") or item.text("summary"):
            extra["abstract"] = escape(item.text("abstract") or item.text("summary"))
    if not made and item.text("publication_short"):
        extra["abbr"] = escape(plain(item.text("publication_short")).removeprefix("In "))
    extra.update(entry_links(item, entry.key, site))
    image = item.image()
    if image:
        target = f"papers/previews/{entry.key}{image[image.rfind('.') :]}"
        site.files[target] = image
        extra["preview"] = target
    wanted = names(item.get("projects"))
    kept = [p for p in wanted if p in projects]
    if kept:
        extra["project"] = ", ".join(kept)
    for gone in (p for p in wanted if p not in projects):
        report.left(item.source("projects"), f"project {gone!r}: no such project page")
    keywords = names(item.get("tags")) + names(item.get("categories"))
    if keywords:
        extra["keywords"] = escape(", ".join(keywords))
    _add(entry, extra)
    _left_fields(item, report)
    return entry


def _from_bib(item: Item, path, report: Report) -> Entry | None:
    rel = path.relative_to(item.root).as_posix()
    text = path.read_text(encoding="utf-8-sig")
    read = read_bib_text(text, rel)
    if len(read.entries) != 1:
        report.left(
            item.source(), f"{rel} holds {len(read.entries)} entries: the front matter is used"
        )
        return None
    bib = read.entries[0]
    fields = {name: value.value for name, value in bib.fields.items()}
    raw = text[text.index("@") :].strip()
    return Entry(bib.key, bib.type, fields, raw, item.source())


def _from_front_matter(item: Item, entry: Entry, owner: Owner, report: Report) -> None:
    kinds = names(item.get("publication_types")) or ["0"]
    entry.type, pubtype = TYPES.get(kinds[0], ("misc", ""))
    if kinds[0] not in TYPES:
        report.left(
            item.source("publication_types"), f"publication type {kinds[0]!r}: written as @misc"
        )
    fields = entry.fields
    fields["title"] = escape(item.text("title"))
    found = authors(item, owner)
    if found:
        fields["author"] = " and ".join(found)
    date = iso_date(item.get("date"))
    if date:
        fields["year"] = date[:4]
        if len(date) > 4:
            fields["month"] = str(int(date[5:7]))
    venue = plain(item.text("publication")).removeprefix("In ").strip()
    if venue:
        fields[_VENUE.get(entry.type, "howpublished")] = escape(venue)
    short = plain(item.text("publication_short")).removeprefix("In ").strip()
    if short:
        fields["abbr"] = escape(short)
    if pubtype:
        fields["pubtype"] = pubtype
    fields.update(_identifiers(item))
    abstract = item.text("abstract") or item.text("summary")
    if abstract:
        fields["abstract"] = escape(abstract)


def _identifiers(item: Item) -> dict[str, str]:
    """``doi`` (v4-2025) and ``hugoblox.ids`` (2026: ``doi``, ``arxiv``)."""
    ids = item.get("hugoblox") or {}
    ids = ids.get("ids") if isinstance(ids, dict) else {}
    ids = ids if isinstance(ids, dict) else {}
    found = {"doi": item.text("doi") or str(ids.get("doi") or "").strip()}
    found["arxiv"] = str(ids.get("arxiv") or "").strip()
    return {name: value for name, value in found.items() if value}


def authors(item: Item, owner: Owner) -> list[str]:
    """The page's ``authors`` as BibTeX names (``admin``/``me``: the owner's)."""
    found = []
    for name in names(item.get("authors")):
        if name in ("admin", "me") and owner.bib_name:
            found.append(owner.bib_name)
        else:
            found.append(escape(owner.authors.get(name, name)))
    return found


def _add(entry: Entry, extra: dict[str, str]) -> None:
    """*extra* fields into the entry: its fields, and its raw text before the last brace."""
    extra = {k: v for k, v in extra.items() if k not in entry.fields}
    entry.fields.update(extra)
    if entry.raw and extra:
        end = entry.raw.rstrip().rstrip("}").rstrip().rstrip(",")
        lines = "".join(f",\n  {name} = {{{value}}}" for name, value in extra.items())
        entry.raw = end + lines + "\n}"


#: Fields that shape only the old site's page (its date of publishing, its slides deck).
_OWN = {"author_notes", "doi", "publication_types", "publication", "publication_short",
        "abstract", "summary", "projects", "tags", "categories", "hugoblox", "slides"}  # fmt: skip


def _left_fields(item: Item, report: Report) -> None:
    if item.text("slides"):
        report.left(
            item.source("slides"),
            f"the Markdown slides {item.text('slides')!r}: no slides in bibfolio",
        )
    if item.text("summary") and item.text("abstract"):
        report.left(
            item.source("summary"), "the summary (a shorter abstract): the abstract is kept"
        )
    report_unused(item, _OWN | set(LINK_FIELDS) | {"links"}, report, "entry")
    if item.doc.body.strip():
        report.left(item.source(), "the page's text: no place in a BibTeX entry (add it as a note)")
