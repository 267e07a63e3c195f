"""Machine-readable views of a publication: cite-as text, COinS, Highwire tags, JSON-LD."""

from __future__ import annotations

import json
from functools import lru_cache
from typing import TYPE_CHECKING, Any
from urllib.parse import quote_plus, urlsplit

from ..model.dates import parse_date
from ..model.kinds import THESIS, kind_of
from ..model.links import valid_isbn
from ..reading.richtext import plain

if TYPE_CHECKING:
    from collections.abc import Mapping

    from ..model.names import PersonName
    from ..model.publication import Publication

#: The degree COinS names for a thesis type (Zotero stores it as the thesis type).
_DEGREE = {"phdthesis": "PhD", "mastersthesis": "Master's"}


def is_absolute(url: str) -> bool:
    """Whether *url* is an absolute http(s) address, the only kind worth publishing.

    A relative one is resolved by the reader against the page it is on, which is not
    the base it was written for (Zotero stored ``…/publications/publications/x.html``).
    """
    parts = urlsplit(url)
    return parts.scheme in ("http", "https") and bool(parts.netloc)


@lru_cache(maxsize=65536)
def name_for_readers(person: PersonName) -> str:
    """A name as "Family, Given Suffix", for meta tags and COinS.

    Zotero reads both with ``cleanAuthor(name, type, useComma)``: before the first
    comma is the family name (particles included), after it the given names (a suffix
    after them, where Zotero keeps it).  An organisation of several words gets a
    trailing comma, so it is not split into "given" and "family" words: ``cleanAuthor``
    strips the comma and keeps the whole as one name.

    Memoised per name (names are frozen): the same people recur across entries, and on
    the 3,000-entry bench the COinS of a list ask for 22,583 names, 3,955 distinct.
    """
    written = person.sorted_form
    return written + "," if person.is_single and " " in written else written


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


def coins(publication: Publication, page_url: str = "") -> str:
    """The ContextObject (Z39.88-2004 KEV) for a COinS span, so Zotero can import it.

    The format and genre are the publication's :func:`~.kinds.kind_of`, as Zotero's
    ``parseContextObject`` (zotero/utilities ``openurl.js``) reads them: a conference
    paper is the book format with ``genre=proceeding``, its proceedings ``rft.btitle``;
    kinds no format has (a preprint, a talk) are Dublin Core with Zotero's type in
    ``rft.type``.
    """
    kind = kind_of(publication)
    pairs: list[tuple[str, str]] = [
        ("ctx_ver", "Z39.88-2004"),
        ("rft_val_fmt", "info:ofi/fmt:kev:mtx:" + kind.coins_format),
        ("rfr_id", "info:sid/bibfolio"),
    ]
    if kind.coins_format == "dc":
        pairs.append(("rft.type", kind.zotero))
    elif kind.coins_genre:
        pairs.append(("rft.genre", kind.coins_genre))
    pairs.append((kind.title_key, plain(publication.title)))
    venue = plain(publication.venue)
    if venue and kind.venue_key:
        pairs.append((kind.venue_key, venue))
    elif venue and kind is THESIS:
        pairs.append(("rft.inst", venue))
    if kind is THESIS and publication.type in _DEGREE:
        pairs.append(("rft.degree", _DEGREE[publication.type]))
    # Each author once, "Family, Given": parseContextObject splits rft.au at the comma.
    # rft.aulast/rft.aufirst repeat the first author for resolvers; Zotero keeps them
    # as a second person unless rft.au has the same family name and a given name that
    # starts with rft.aufirst, so they are written only for a person with given names.
    # Both are read off the first rft.au itself, so they name the same person in the
    # same words ("{King, Jr.}" is "King Jr." in both).
    people = [name_for_readers(author.person) for author in publication.authors]
    pairs.extend(("rft.au", name) for name in people)
    first = publication.authors[0].person if publication.authors else None
    if first is not None and not first.is_single and first.given:
        family, _comma, given = people[0].partition(", ")
        pairs.append(("rft.aulast", family))
        pairs.append(("rft.aufirst", _first_given(given)))
    if date := _date(publication, "-"):
        pairs.append(("rft.date", date))
    for field_name, key in (("volume", "rft.volume"), ("number", "rft.issue")):
        if value := publication.fields.get(field_name, "").strip():
            pairs.append((key, value))
    first_page, last_page = publication.pages
    if first_page:
        pairs.append(("rft.spage", first_page))
    if last_page:
        pairs.append(("rft.epage", last_page))
    if publisher := plain(publication.rich("publisher")):
        pairs.append(("rft.pub", publisher))
    if doi := doi_of(publication):
        pairs.append(("rft_id", f"info:doi/{doi}"))
    if is_absolute(page_url):
        pairs.append(("rft_id", page_url))
    return kev_encode(pairs)


def _first_given(given: str) -> str:
    """The first given name as Zotero's ``cleanAuthor`` writes it ("D.E." → "D.").

    ``cleanAuthor`` separates initials and puts a full stop after each; the first word
    so written is a prefix of the given names Zotero reads from ``rft.au``.
    """
    word = given.replace(".", ". ").split()[0].rstrip(".")
    if len(word) == 1 or (word.isupper() and word.isalpha() and len(word) < 4):
        return word[0] + "."
    return word


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
    """Google Scholar's ``citation_*`` meta tags, as (name, content) pairs in order.

    Authors are "Family, Given" (:func:`name_for_readers`), as Scholar allows and as
    Zotero's Embedded Metadata translator reads without guessing.  The venue's tag
    follows the publication's kind (it also sets Zotero's item type), and ``DC.type``
    names the kind for every page (:func:`type_tag`).  URLs that are not absolute are
    left out.
    """
    kind = kind_of(publication)
    tags = [("citation_title", plain(publication.title))]
    authors = [name_for_readers(author.person) for author in publication.authors]
    if len(authors) == 1 and _reads_as_a_list(authors[0]):
        # processHighwireCreators (Embedded Metadata) splits a lone author tag at its
        # commas when both sides hold a space ("de la Vallée Poussin, Charles Louis"
        # would be two people); a semicolon marks the tag as a list of one.
        authors[0] += ";"
    tags.extend(("citation_author", name) for name in authors)
    if date := _date(publication, "/"):
        tags.append(("citation_publication_date", date))
    venue = plain(publication.venue)
    if kind.container_tag and venue:
        tags.append((kind.container_tag, venue))
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
    if is_absolute(pdf_url):
        tags.append(("citation_pdf_url", pdf_url))
    if is_absolute(page_url):
        tags.append(("citation_abstract_html_url", page_url))
    if abstract := plain(publication.rich("abstract")):
        tags.append(("citation_abstract", abstract))
    return tags


def abstract_summary(publication: Publication) -> str:
    """The abstract cut to 200 characters (a social preview's description); "" without one."""
    abstract = plain(publication.rich("abstract"))
    return abstract if len(abstract) <= 200 else abstract[:197] + "..."


def _reads_as_a_list(name: str) -> bool:
    family, _, given = name.partition(",")
    return " " in family.strip() and " " in given.strip()


def type_tag(publication: Publication) -> tuple[str, str]:
    """The paper page's ``DC.type``: Zotero's item type for the publication's kind.

    Zotero's Embedded Metadata translator passes ``DC.*`` tags to its RDF translator,
    whose ``detectType`` takes a ``dc:type`` that is a Zotero item type as the type
    (a ``citation_*`` venue tag, when there is one, agrees with it).  Without it a
    book's or a preprint's page would be saved as a journal article.
    """
    return ("DC.type", kind_of(publication).zotero)


def _person(author: Any) -> dict[str, str]:
    found = {"@type": "Person", "name": author.name}
    if author.person.given:
        found["givenName"] = author.person.given
    if author.person.surname:
        found["familyName"] = author.person.surname
    if author.person.suffix:
        found["honorificSuffix"] = author.person.suffix
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
    if is_absolute(page_url):
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
