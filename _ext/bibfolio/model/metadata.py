"""Machine-readable views of a publication: cite-as text, COinS, Highwire tags, JSON-LD."""

from __future__ import annotations

import json
from functools import lru_cache
from typing import TYPE_CHECKING, Any
from urllib.parse import quote_plus

from .dates import parse_date
from .latex import plain
from .links import valid_isbn

if TYPE_CHECKING:
    from collections.abc import Mapping

    from .publication import Publication

_CONTAINER_TAG = {
    "article": "citation_journal_title",
    "inproceedings": "citation_conference_title",
    "proceedings": "citation_conference_title",
    "incollection": "citation_book_title",
    "inbook": "citation_book_title",
    "phdthesis": "citation_dissertation_institution",
    "mastersthesis": "citation_dissertation_institution",
    "thesis": "citation_dissertation_institution",
    "techreport": "citation_technical_report_institution",
    "report": "citation_technical_report_institution",
}
_COINS_GENRE = {
    "article": "article",
    "inproceedings": "proceeding",
    "proceedings": "conference",
    "book": "book",
    "inbook": "bookitem",
    "incollection": "bookitem",
    "techreport": "report",
    "report": "report",
    "unpublished": "preprint",
}


def doi_of(publication: Publication) -> str:
    """The entry's DOI as registered (not URL-encoded); "" when it has no valid one.

    Only a DOI that made a link counts: an invalid ``doi`` field never reaches the metadata.
    """
    link = publication.link("doi")
    return link.identifier if link is not None and link.identifier else ""


def _identifier(publication: Publication, kind: str) -> str:
    return next((link.identifier for link in publication.links if link.kind == kind), "")


def _date(publication: Publication, separator: str) -> str:
    """The publication date as Scholar (``/``) or ISO 8601 (``-``) writes it.

    A biblatex ``date`` with a day gives the day too; a range gives its start.
    """
    if publication.year is None:
        return ""
    if publication.month:
        text = f"{publication.year}{separator}{publication.month:02d}"
        day = _day(publication)
        return f"{text}{separator}{day:02d}" if day else text
    return str(publication.year)


def _day(publication: Publication) -> int | None:
    written = publication.fields.get("date", "")
    if not written:
        return None
    found = parse_date(written)
    if found is None or (found.year, found.month) != (publication.year, publication.month):
        return None
    return found.day


def cite_as(publication: Publication, separators: tuple[str, str] = (", ", ", and ")) -> str:
    """A plain citation: authors, year, official title, venue, pages, DOI or URL."""
    names = [author.name for author in publication.people]
    if publication.people_et_al:  # "and others": "A, B, et al."
        people = separators[0].join([*names, "et al."]) if len(names) > 1 else f"{names[0]} et al."
    elif len(names) == 2 and separators[1].startswith(",") and separators[1][1:].strip():
        people = names[0] + separators[1][1:] + names[1]  # "A and B", as the list shows
    elif len(names) > 1:
        people = separators[0].join(names[:-1]) + separators[1] + names[-1]
    else:
        people = "".join(names)
    if people and publication.people_are_editors:
        people += " (eds.)" if len(names) > 1 or publication.people_et_al else " (ed.)"
    parts = [people.rstrip(".") + "." if people else ""]
    if publication.year:
        parts.append(f"{publication.year}.")
    parts.append(plain(publication.title).rstrip(".") + ".")
    venue = plain(publication.venue)
    if venue:
        prefix = "In " if publication.type in ("inproceedings", "incollection", "inbook") else ""
        details = []
        volume = publication.fields.get("volume", "").strip()
        number = publication.fields.get("number", "").strip()
        if volume:
            details.append(volume + (f"({number})" if number else ""))
        first, last = publication.pages
        if first:
            details.append(("pages " if last else "page ") + (f"{first}–{last}" if last else first))
        publisher = plain(publication.rich("publisher"))
        if publisher and publisher not in venue:
            details.append(publisher)
        parts.append(prefix + ", ".join([venue, *details]) + ".")
    if doi := publication.link("doi"):
        parts.append(doi.url)
    else:
        url = publication.link("url") or publication.link("html")
        if url is not None and url.url:
            parts.append(url.url)
    return " ".join(part for part in parts if part)


def coins(publication: Publication, page_url: str = "") -> str:
    """The ContextObject (Z39.88-2004 KEV) for a COinS span, so Zotero can import it."""
    book = publication.type in ("book", "phdthesis", "mastersthesis", "thesis")
    pairs: list[tuple[str, str]] = [
        ("ctx_ver", "Z39.88-2004"),
        ("rft_val_fmt", "info:ofi/fmt:kev:mtx:" + ("book" if book else "journal")),
        ("rfr_id", "info:sid/bibfolio"),
        ("rft.genre", _COINS_GENRE.get(publication.type, "document" if book else "unknown")),
        ("rft.btitle" if book else "rft.atitle", plain(publication.title)),
    ]
    venue = plain(publication.venue)
    if venue and not book:
        pairs.append(("rft.jtitle", venue))
    pairs.extend(("rft.au", author.name) for author in publication.authors)
    if publication.authors:
        pairs.append(("rft.aulast", publication.authors[0].person.family))
        if publication.authors[0].person.given:
            pairs.append(("rft.aufirst", publication.authors[0].person.given))
    if date := _date(publication, "-"):
        pairs.append(("rft.date", date))
    for field_name, key in (("volume", "rft.volume"), ("number", "rft.issue")):
        if value := publication.fields.get(field_name, "").strip():
            pairs.append((key, value))
    first, last = publication.pages
    if first:
        pairs.append(("rft.spage", first))
    if last:
        pairs.append(("rft.epage", last))
    if publisher := plain(publication.rich("publisher")):
        pairs.append(("rft.pub", publisher))
    if doi := doi_of(publication):
        pairs.append(("rft_id", f"info:doi/{doi}"))
    if page_url:
        pairs.append(("rft_id", page_url))
    return kev_encode(pairs)


_kev_quote = lru_cache(maxsize=16384)(quote_plus)


def kev_encode(pairs: list[tuple[str, str]]) -> str:
    """Exactly ``urllib.parse.urlencode(pairs)``, with each key and value's quoting cached.

    Most of a ContextObject repeats across entries: the keys, the format, the genre and
    the people.
    """
    return "&".join(f"{_kev_quote(key)}={_kev_quote(value)}" for key, value in pairs)


def highwire_tags(
    publication: Publication, *, page_url: str = "", pdf_url: str = ""
) -> list[tuple[str, str]]:
    """Google Scholar's ``citation_*`` meta tags, as (name, content) pairs in order."""
    tags = [("citation_title", plain(publication.title))]
    tags.extend(("citation_author", author.name) for author in publication.authors)
    if date := _date(publication, "/"):
        tags.append(("citation_publication_date", date))
    container = _CONTAINER_TAG.get(publication.type)
    venue = plain(publication.venue)
    if container and venue:
        tags.append((container, venue))
    for field_name, tag in (
        ("volume", "citation_volume"),
        ("number", "citation_issue"),
        ("issn", "citation_issn"),
    ):
        if value := publication.fields.get(field_name, "").strip():
            tags.append((tag, value))
    if isbn := valid_isbn(publication.fields.get("isbn", "")):
        tags.append(("citation_isbn", isbn))
    first, last = publication.pages
    if first:
        tags.append(("citation_firstpage", first))
    if last:
        tags.append(("citation_lastpage", last))
    if publisher := plain(publication.rich("publisher")):
        tags.append(("citation_publisher", publisher))
    if doi := doi_of(publication):
        tags.append(("citation_doi", doi))
    if arxiv := _identifier(publication, "arxiv"):
        tags.append(("citation_arxiv_id", arxiv))
    if pmid := _identifier(publication, "pubmed"):
        tags.append(("citation_pmid", pmid))
    if pdf_url:
        tags.append(("citation_pdf_url", pdf_url))
    if page_url:
        tags.append(("citation_abstract_html_url", page_url))
    if abstract := plain(publication.rich("abstract")):
        tags.append(("citation_abstract", abstract))
    return tags


def _person(author: Any) -> dict[str, str]:
    found = {"@type": "Person", "name": author.name}
    if author.person.given:
        found["givenName"] = author.person.given
    if author.person.family:
        found["familyName"] = author.person.family
    return found


#: schema.org types of the entry types that are not articles; the rest are
#: ``ScholarlyArticle`` (articles, papers in proceedings, preprints, reports online ...).
_SCHEMA_TYPE = {
    "book": "Book",
    "mvbook": "Book",
    "collection": "Book",
    "mvcollection": "Book",
    "proceedings": "Book",
    "mvproceedings": "Book",
    "reference": "Book",
    "booklet": "Book",
    "inbook": "Chapter",
    "incollection": "Chapter",
    "inreference": "Chapter",
    "phdthesis": "Thesis",
    "mastersthesis": "Thesis",
    "thesis": "Thesis",
    "techreport": "Report",
    "report": "Report",
    "dataset": "Dataset",
    "software": "SoftwareSourceCode",
}
#: Types whose venue is the organisation that issued them, not a container.
_ISSUED_BY = frozenset({"Thesis", "Report"})


def scholarly_article(publication: Publication, page_url: str = "") -> dict[str, Any]:
    """schema.org data for the publication's own page.

    A ``ScholarlyArticle``, or the ``Book``, ``Chapter``, ``Thesis``, ``Report``,
    ``Dataset`` or ``SoftwareSourceCode`` its entry type says it is.
    """
    title = plain(publication.title)
    kind = _SCHEMA_TYPE.get(publication.type, "ScholarlyArticle")
    data: dict[str, Any] = {
        "@context": "https://schema.org",
        "@type": kind,
        "headline": title if len(title) <= 110 else title[:109] + "…",
        "name": title,
        "author": [_person(author) for author in publication.authors],
    }
    if publication.editors and kind in ("Book", "Chapter"):
        data["editor"] = [_person(editor) for editor in publication.editors]
    if date := _date(publication, "-"):
        data["datePublished"] = date
    venue = plain(publication.venue)
    if venue and kind in _ISSUED_BY:
        data["sourceOrganization"] = {"@type": "Organization", "name": venue}
    elif venue and kind == "Chapter":
        data["isPartOf"] = {"@type": "Book", "name": venue}
    elif venue and kind == "ScholarlyArticle":
        container = "Periodical" if publication.type == "article" else "CreativeWork"
        data["isPartOf"] = {"@type": container, "name": venue}
    first, last = publication.pages
    if first:
        data["pageStart"] = first
    if last:
        data["pageEnd"] = last
    if publisher := plain(publication.rich("publisher")):
        data["publisher"] = {"@type": "Organization", "name": publisher}
    if doi := doi_of(publication):
        data["sameAs"] = publication.link("doi").url  # type: ignore[union-attr]
        data["identifier"] = {"@type": "PropertyValue", "propertyID": "DOI", "value": doi}
    if abstract := plain(publication.rich("abstract")):
        data["abstract"] = abstract
    if page_url:
        data["url"] = page_url
    return data


def profile_page(profile: Mapping[str, Any]) -> dict[str, Any]:
    """schema.org ``ProfilePage`` whose ``mainEntity`` is the ``Person`` in *profile*."""
    person: dict[str, Any] = {"@type": "Person"}
    for key, value in profile.items():
        if key == "affiliation":
            person[key] = _organizations(value, "Organization")
        elif key == "alumniOf":
            person[key] = _organizations(value, "CollegeOrUniversity")
        elif key == "email" and isinstance(value, str) and not value.startswith("mailto:"):
            person[key] = "mailto:" + value
        else:
            person[key] = value
    return {"@context": "https://schema.org", "@type": "ProfilePage", "mainEntity": person}


def _organizations(value: Any, kind: str) -> Any:
    if isinstance(value, str):
        return {"@type": kind, "name": value}
    if isinstance(value, (list, tuple)):
        return [_organizations(item, kind) for item in value]
    return value


def json_for_script(data: Any) -> str:
    """JSON that cannot end its ``<script>`` element early, whatever the strings hold."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return (
        text.replace("<", "\\u003c")
        .replace(">", "\\u003e")
        .replace("&", "\\u0026")
        .replace("\u2028", "\\u2028")
        .replace("\u2029", "\\u2029")
    )
