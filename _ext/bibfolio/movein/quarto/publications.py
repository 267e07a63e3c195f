"""A publication's page (``publications/<slug>/index.qmd``) → a BibTeX entry.

The entry is paired with the site's ``.bib`` when that holds the same paper.
"""

from __future__ import annotations

import re
import unicodedata
from pathlib import PurePosixPath
from typing import TYPE_CHECKING, Any

from ...reading.texescape import escape
from ..model import Entry
from .authors import annotations, author_field, read_authors
from .bibfiles import add_fields
from .dates import quarto_date

if TYPE_CHECKING:
    from pathlib import Path

    from ..model import Site
    from .project import QDoc

#: CSL types (Quarto's ``citation: type:``) → BibTeX types.
_TYPES = {
    "article-journal": "article", "article-magazine": "article",
    "article-newspaper": "article", "paper-conference": "inproceedings",
    "chapter": "incollection", "book": "book", "thesis": "phdthesis",
    "report": "techreport", "article": "misc", "manuscript": "unpublished",
    "dataset": "misc", "software": "software", "speech": "misc", "webpage": "online",
}  # fmt: skip
#: The field the venue (``container-title``) goes to, per BibTeX type.
_VENUE = {"article": "journal", "inproceedings": "booktitle", "incollection": "booktitle",
          "misc": "howpublished", "online": "organization"}  # fmt: skip
#: Front matter link fields → entry fields (GUIDE: link buttons).
_LINKS = ("pdf", "code", "slides", "poster", "video", "supp", "website", "blog")
_MD_LINK = re.compile(r"(?<!!)\[([^\]]+)\]\(([^)\s]+)\)")
#: Front matter the entry has no use for (Quarto's page layout).
_LAYOUT = {"title-block-banner", "page-layout", "format", "toc", "execute", "freeze",
           "aliases", "draft", "engine", "jupyter", "knitr", "editor", "filters",
           "image-alt", "citation-key", "bibliography", "google-scholar", "license",
           "copyright", "appendix-style"}  # fmt: skip
_USED = {"title", "subtitle", "description", "author", "authors", "date", "categories",
         "keywords", "doi", "url", "citation", "image", "abstract", "journal", "venue",
         "selected", *_LINKS}  # fmt: skip


def publication(doc: QDoc, body: str, root: Path, site: Site, keys: set[str]) -> Entry:
    """The entry of *doc*: fields from its front matter and ``citation:``.

    Its *body* (MyST) is the abstract, its links named like a button
    (``[Slides](slides.pdf)``) those fields; files in its folder go to ``papers/``.
    """
    meta, citation = doc.fields, doc.fields.get("citation")
    citation = citation if isinstance(citation, dict) else {}
    kind = _TYPES.get(str(citation.get("type", "article-journal")), "misc")
    authors = read_authors(meta.get("author", meta.get("authors")))
    date = quarto_date(citation.get("issued", meta.get("date")))
    fields: dict[str, str] = {"title": escape(str(meta.get("title", doc.slug)))}
    if authors:
        fields["author"] = author_field(authors)
    marks = annotations(authors)
    if marks:
        fields["author+an"] = marks
    if date:
        fields["year"] = date[:4]
        if len(date) >= 7:
            fields["month"] = str(int(date[5:7]))
    venue = citation.get("container-title", meta.get("journal", meta.get("venue")))
    if venue:
        fields[_VENUE.get(kind, "journal")] = escape(str(venue))
    _csl_fields(citation, kind, fields)
    doi = citation.get("doi", meta.get("doi"))
    if doi:
        fields["doi"] = str(doi).strip().removeprefix("https://doi.org/")
    url = citation.get("url", meta.get("url"))
    if url:
        fields["url"] = str(url)
    if kind == "misc" and citation.get("type") == "article":
        fields["pubtype"] = "preprint"
    tags = meta.get("categories", meta.get("keywords"))
    if isinstance(tags, list) and tags:
        fields["keywords"] = escape(", ".join(str(tag) for tag in tags))
    if meta.get("selected") is True:
        fields["selected"] = "true"
    links = {name: meta[name] for name in (*_LINKS, "image") if isinstance(meta.get(name), str)}
    for text, target in _MD_LINK.findall(body):
        links.setdefault(text.strip().lower(), target)
    if meta.get("subtitle"):
        fields["subtitle"] = escape(str(meta["subtitle"]))
    abstract = meta.get("abstract") or _MD_LINK.sub(r"\1", body).strip()
    description = str(doc.own.get("description") or "").strip()
    if description and abstract:
        site.report.left(doc.at("description"), "the paper's description: no place")
    abstract = abstract or description
    if abstract:
        fields["abstract"] = escape(str(abstract))
    key = _key(authors[0].family if authors else doc.slug, date[:4], fields["title"], keys)
    entry = Entry(key, kind, fields, source=doc.at())
    for name, value in links.items():
        if name in (*_LINKS, "image") and value.strip():
            _link(entry, name, value.strip(), doc, root=root, site=site)
    for name in sorted(set(doc.own) - _USED - _LAYOUT):
        site.report.left(doc.at(name), f"front matter '{name}' of a publication: no place")
    return entry


def _csl_fields(citation: dict[str, Any], kind: str, fields: dict[str, str]) -> None:
    simple = {"volume": "volume", "issue": "number", "number": "number", "page": "pages",
              "pages": "pages", "publisher": "publisher", "publisher-place": "address",
              "ISBN": "isbn", "isbn": "isbn", "edition": "edition",
              "collection-title": "series"}  # fmt: skip
    for name, target in simple.items():
        value = citation.get(name)
        if value not in (None, ""):
            text = escape(str(value), ligatures=target != "pages")
            fields[target] = re.sub(r"(?<=\d)\s*[-–]\s*(?=\d)", "--", text)
    if kind == "phdthesis" and "publisher" in fields:
        fields["school"] = fields.pop("publisher")
    if kind == "techreport" and "publisher" in fields:
        fields["institution"] = fields.pop("publisher")
    genre = str(citation.get("genre", ""))
    if kind == "phdthesis" and re.search(r"master|msc|m\.sc", genre, re.I):
        fields["type"] = escape(genre)


def _link(entry: Entry, name: str, value: str, doc: QDoc, *, root: Path, site: Site) -> None:
    # A path of the page's folder is copied beside refs.bib; a URL is a link as it is.
    if "://" in value or value.startswith("mailto:"):
        if name != "image":
            entry.fields[name] = value
        return
    old = (
        str(PurePosixPath(doc.folder, value.lstrip("/")))
        if not value.startswith("/")
        else value[1:]
    )
    field_name = "preview" if name == "image" else name
    suffix = PurePosixPath(value).suffix or ".pdf"
    tail = {"pdf": "", "image": "-preview"}.get(name, f"-{name}")
    new = f"papers/{entry.key}{tail}{suffix}"
    if name not in ("pdf", "image", "slides", "poster", "supp"):
        entry.fields[field_name] = value
        return
    if not (root / old).is_file():
        site.report.left(doc.at(name), f"{name} file {old} is not in the site: left out")
        site.report.count("files", 1, 0)
        return
    site.files[new] = old
    entry.fields[field_name] = new


def _key(family: str, year: str, title: str, keys: set[str]) -> str:
    words = [w for w in re.findall(r"[a-z]+", _ascii(title).lower()) if len(w) > 3]
    base = f"{_ascii(family).lower()}{year}{words[0] if words else ''}"
    base = re.sub(r"[^a-z0-9]", "", base) or "paper"
    key, letter = base, ord("a")
    while key in keys:
        key, letter = f"{base}{chr(letter)}", letter + 1
    keys.add(key)
    return key


def _ascii(text: str) -> str:
    return unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()


def _normal_title(text: str) -> str:
    return re.sub(r"[^a-z0-9]", "", _ascii(re.sub(r"\\\w+|[{}]", "", text)).lower())


def pair(made: Entry, kept: list[Entry]) -> Entry | None:
    """The entry of the site's ``.bib`` that is *made*'s paper (same DOI or title)."""
    doi = made.fields.get("doi", "").lower()
    title = _normal_title(made.fields.get("title", ""))
    for entry in kept:
        if doi and entry.fields.get("doi", "").lower().removeprefix("https://doi.org/") == doi:
            return entry
        if title and _normal_title(entry.fields.get("title", "")) == title:
            return entry
    return None


def merge_into(kept: Entry, made: Entry) -> list[str]:
    """What the page adds to the ``.bib``'s entry (marks, links, abstract); field names."""
    extra = {name: value for name, value in made.fields.items() if name not in kept.fields}
    kept.addresses += made.addresses
    return add_fields(kept, extra)
