"""What Zotero saves from each channel: item type, names, abstract and URL.

Every rule here is the one a Zotero translator applies, named in a comment with the
repository and function that reads it (zotero/translators, zotero/utilities and
zotero/zotero-schema, read at translators 2814370, utilities 9c89b23, schema 41).  The
same outputs were saved by a local translation-server in the work on issue 29; these
tests pin the rules without it.
"""

from __future__ import annotations

from urllib.parse import parse_qs

import pytest

from bibfolio.formats.citeformats import csl_item, ris
from bibfolio.formats.cleanbib import clean_bibtex
from bibfolio.formats.metadata import coins, highwire_tags, scholarly_article, type_tag
from bibfolio.model.assemble import build_publications
from bibfolio.model.publication import Settings
from bibfolio.reading.bibtex import read_bib_text

from .helpers import page, warnings_of

KINDS = """
@article{journal, author = {Doe, Jane}, title = {A}, journal = {J}, year = 2020}
@inproceedings{conference, author = {Doe, Jane}, title = {B}, booktitle = {Proc. C}, year = 2020}
@misc{preprint, author = {Doe, Jane}, title = {C}, eprint = {2001.00001},
  archiveprefix = {arXiv}, pubtype = {conference}, year = 2020}
@phdthesis{thesis, author = {Doe, Jane}, title = {D}, school = {MIT}, year = 2020}
@techreport{report, author = {Doe, Jane}, title = {E}, institution = {Lab}, year = 2020}
@book{book, author = {Doe, Jane}, title = {F}, publisher = {P}, year = 2020}
@incollection{chapter, author = {Doe, Jane}, title = {G}, booktitle = {The Book},
  publisher = {P}, year = 2020}
@misc{talk, author = {Doe, Jane}, title = {H}, pubtype = {talk}, year = 2020}
@proceedings{volume, editor = {Doe, Jane}, title = {I}, year = 2020}
@misc{conference-unverified, author = {Doe, Jane}, title = {J}, pubtype = {conference},
  year = 2020}
@misc{plain, author = {Doe, Jane}, title = {K}, year = 2020}
"""


#: zotero/utilities openurl.js, parseContextObject: the item type from rft_val_fmt (and,
#: in the book format, rft.genre); Dublin Core records are web pages unless rft.type
#: names a Zotero type.
def coins_item_type(kev: dict[str, list[str]]) -> str:
    fmt = kev["rft_val_fmt"][0].rsplit(":", 1)[1]
    genre = kev.get("rft.genre", [""])[0]
    if fmt == "journal":
        return "journalArticle"
    if fmt == "book":
        return {
            "bookitem": "bookSection",
            "conference": "conferencePaper",
            "proceeding": "conferencePaper",
            "report": "report",
            "document": "document",
        }.get(genre, "book")
    if fmt == "dc":
        return kev.get("rft.type", ["webpage"])[0]
    return {"dissertation": "thesis", "patent": "patent"}[fmt]


#: zotero/utilities openurl.js, parseContextObject: which key holds the item's title.
def coins_title(kev: dict[str, list[str]], item_type: str) -> str:
    if item_type in ("book", "report") and "rft.btitle" in kev:
        return kev["rft.btitle"][0]
    if item_type in ("journalArticle", "bookSection", "conferencePaper"):
        return kev["rft.atitle"][0]
    return kev["rft.title"][0]


#: zotero/translators RIS.js, importTypeMap (with exportTypeMap reversed); a TY it does
#: not know is DEFAULT_IMPORT_TYPE, a journal article.
RIS_TYPES = {
    "JOUR": "journalArticle",
    "CPAPER": "conferencePaper",
    "CONF": "conferencePaper",
    "THES": "thesis",
    "RPRT": "report",
    "BOOK": "book",
    "CHAP": "bookSection",
    "SLIDE": "presentation",
    "MANSCPT": "manuscript",
    "GEN": "journalArticle",
}
#: zotero/zotero-schema schema.json, csl.types (read by itemFromCSLJSON, the first type).
CSL_TYPES = {
    "article": "preprint",
    "article-journal": "journalArticle",
    "paper-conference": "conferencePaper",
    "thesis": "thesis",
    "report": "report",
    "book": "book",
    "chapter": "bookSection",
    "speech": "presentation",
    "document": "document",
}


def publications_of(text: str):
    return build_publications(read_bib_text(text, "refs.bib").entries, Settings())[0]


def ris_tags(record: str) -> list[tuple[str, str]]:
    return [(line[:2], line[6:]) for line in record.splitlines() if line[2:6] == "  - "]


@pytest.mark.parametrize(
    ("key", "zotero", "container_tag"),
    [
        ("journal", "journalArticle", "citation_journal_title"),
        ("conference", "conferencePaper", "citation_conference_title"),
        ("preprint", "preprint", None),
        ("thesis", "thesis", "citation_dissertation_institution"),
        ("report", "report", "citation_technical_report_institution"),
        ("book", "book", None),
        ("chapter", "bookSection", "citation_book_title"),
        ("talk", "presentation", None),
        ("volume", "book", None),  # a proceedings volume is a book, not a paper in one
        ("conference-unverified", "conferencePaper", None),  # no venue: no venue tag
        ("plain", "document", None),
    ],
)
def test_every_channel_gives_zotero_the_same_type(key, zotero, container_tag):
    publication = publications_of(KINDS)[key]
    # Paper page: Embedded Metadata hands DC.* to the RDF translator, whose detectType
    # takes a dc:type that is a Zotero item type (ZU.itemTypeExists) as the type ...
    assert type_tag(publication) == ("DC.type", zotero)
    # ... unless a citation_* venue tag sets hwType (Embedded Metadata init(), "hwTypes
    # are generally most accurate"): only the tag of the same kind may be written.
    venue_tags = {
        "citation_journal_title",
        "citation_conference_title",
        "citation_book_title",
        "citation_inbook_title",
        "citation_dissertation_institution",
        "citation_technical_report_institution",
    }
    written = {name for name, _ in highwire_tags(publication)} & venue_tags
    assert written == ({container_tag} if container_tag else set())
    # List page: the COinS translator (parseContextObject).
    kev = parse_qs(coins(publication))
    assert coins_item_type(kev) == zotero
    assert coins_title(kev, zotero) == publication.fields["title"]
    # CSL-JSON download: the CSL JSON translator (itemFromCSLJSON and the schema's map).
    assert CSL_TYPES[csl_item(publication)["type"]] == zotero
    # RIS download: RIS.js maps no TY to a preprint (a manuscript is the nearest) nor
    # to a document (GEN, the specification's generic type, is read as an article).
    (ty,) = [value for tag, value in ris_tags(ris(publication)) if tag == "TY"]
    limits = {"preprint": "manuscript", "document": "journalArticle"}
    assert RIS_TYPES[ty] == limits.get(zotero, zotero)


def test_conference_paper_coins_is_the_book_format_with_its_proceedings():
    # parseContextObject: book format + genre=proceeding is a conference paper, whose
    # rft.atitle is the title and rft.btitle the proceedings (its publicationTitle).
    kev = parse_qs(coins(publications_of(KINDS)["conference"]))
    assert kev["rft_val_fmt"] == ["info:ofi/fmt:kev:mtx:book"]
    assert kev["rft.genre"] == ["proceeding"]
    assert kev["rft.atitle"] == ["B"]
    assert kev["rft.btitle"] == ["Proc. C"]


NAMES = r"""
@article{names,
  author = {Charles Louis Xavier Joseph de la Vall{\'e}e Poussin and Eakin, Jr., Paul Mechlin
    and {King, Jr.}, Martin and {World Health Organization} and Aristotle and others},
  title = {T}, journal = {J}, year = 1900}
@article{etal, author = {Lovelace, Ada and Babbage, Charles and et al.}, title = {T},
  journal = {J}, year = 1843}
"""


def clean_author_family(name: str) -> str:
    """zotero/utilities utilities.js, cleanAuthor(name, type, useComma=true): the family.

    The text before the first comma (trailing punctuation stripped first); Embedded
    Metadata's processHighwireCreators and parseContextObject call it for any name with
    a comma.
    """
    return name.rstrip(" .,").split(",")[0]


def test_names_are_family_first_with_particles_and_suffixes_kept():
    publication = publications_of(NAMES)["names"]
    expected = [
        "de la Vallée Poussin, Charles Louis Xavier Joseph",
        "Eakin, Paul Mechlin Jr.",  # the suffix after the given names, where Zotero keeps it
        "King Jr., Martin",  # braced "{King, Jr.}": one family name, its comma dropped
        "World Health Organization,",  # the comma keeps cleanAuthor from splitting it
        "Aristotle",
    ]
    assert [v for k, v in highwire_tags(publication) if k == "citation_author"] == expected
    assert parse_qs(coins(publication))["rft.au"] == expected
    families = [clean_author_family(name) for name in expected]
    assert families[:4] == [
        "de la Vallée Poussin",
        "Eakin",
        "King Jr.",
        "World Health Organization",
    ]
    # CSL-JSON: the suffix in `suffix` (issue 23), the particle in `family` (Zotero's
    # itemFromCSLJSON reads family and given only), organisations as literals.
    assert csl_item(publication)["author"] == [
        {"family": "de la Vallée Poussin", "given": "Charles Louis Xavier Joseph"},
        {"family": "Eakin", "given": "Paul Mechlin", "suffix": "Jr."},
        {"family": "King, Jr.", "given": "Martin"},
        {"literal": "World Health Organization"},
        {"literal": "Aristotle"},
    ]
    # RIS: the specification's "Lastname, Firstname, Suffix"; RIS.js takes the family
    # before the first comma and the rest as the given names.
    assert [v for k, v in ris_tags(ris(publication)) if k == "AU"] == [
        "de la Vallée Poussin, Charles Louis Xavier Joseph",
        "Eakin, Paul Mechlin, Jr.",
        "King Jr., Martin",
        "World Health Organization",
        "Aristotle",
    ]
    # schema.org: the suffix has its own property.
    eakin = scholarly_article(publication)["author"][1]
    assert (eakin["familyName"], eakin["honorificSuffix"]) == ("Eakin", "Jr.")


def test_a_lone_author_with_spaces_on_both_sides_is_not_read_as_two():
    # Embedded Metadata, processHighwireCreators: with one citation_author tag and no
    # semicolon, a value whose parts before and after a comma both hold a space is
    # split at the commas into several people.
    bib = r"""
@article{a, author = {Charles Louis Xavier Joseph de la Vall{\'e}e Poussin}, title = {T},
  journal = {J}, year = 1896}
@article{b, author = {Lovelace, Ada Augusta}, title = {T}, journal = {J}, year = 1843}
"""
    found = {
        key: [v for k, v in highwire_tags(p) if k == "citation_author"]
        for key, p in publications_of(bib).items()
    }
    assert found["a"] == ["de la Vallée Poussin, Charles Louis Xavier Joseph;"]
    assert found["b"] == ["Lovelace, Ada Augusta"]  # "Lovelace" has no space: one person


def test_and_others_is_never_a_person():
    for key, people in (("names", 5), ("etal", 2)):
        publication = publications_of(NAMES)[key]
        assert publication.et_al
        authors = [v for k, v in highwire_tags(publication) if k == "citation_author"]
        assert len(authors) == people
        assert len(parse_qs(coins(publication))["rft.au"]) == people
        assert len(csl_item(publication)["author"]) == people
        assert len([1 for k, _ in ris_tags(ris(publication)) if k == "AU"]) == people
        written = " ".join(authors) + coins(publication) + ris(publication)
        assert "al." not in written and "others" not in written.lower()


def test_coins_first_author_is_the_same_person_in_both_forms():
    # parseContextObject merges rft.aulast/rft.aufirst into the rft.au person only when
    # the family names are equal and that person's given names start with rft.aufirst
    # (as cleanAuthor writes them: "D.E." becomes "D. E."); otherwise it saves the
    # first author twice.  Without given names (an organisation) it never merges.
    bib = r"""
@article{a, author = {Charles Louis Xavier Joseph de la Vall{\'e}e Poussin}, title = {T},
  journal = {J}, year = 1900}
@article{b, author = {Knuth, D.E. and Doe, Jane}, title = {T}, journal = {J}, year = 1900}
@article{c, author = {{World Health Organization} and Doe, Jane}, title = {T}, journal = {J},
  year = 1900}
"""
    found = {key: parse_qs(coins(p)) for key, p in publications_of(bib).items()}
    assert (found["a"]["rft.aulast"], found["a"]["rft.aufirst"]) == (
        ["de la Vallée Poussin"],
        ["Charles"],
    )
    assert found["a"]["rft.au"][0].startswith("de la Vallée Poussin, Charles")
    assert (found["b"]["rft.aulast"], found["b"]["rft.aufirst"]) == (["Knuth"], ["D."])
    assert "rft.aulast" not in found["c"]
    assert "rft.aufirst" not in found["c"]


def test_downloadable_bibtex_keeps_particles_where_zotero_reads_them():
    # zotero/translators BibTeX.js: a name with a comma is "Last, [Jr,] First"; one
    # without goes through cleanAuthor, which splits at the last space ("Poussin").
    entries = read_bib_text(NAMES, "refs.bib").entries
    names, etal = (clean_bibtex(entry) for entry in entries)
    assert (
        "author = {de la Vall{\\'e}e Poussin, Charles Louis Xavier Joseph and Eakin, Jr., "
        "Paul Mechlin and {King, Jr.}, Martin and {World Health Organization} and Aristotle "
        "and others}"
    ) in names
    # BibTeX's own truncation, not a person "al." of the family "et".
    assert "author = {Lovelace, Ada and Babbage, Charles and others}" in etal
    # A list with nothing ambiguous is written exactly as the owner wrote it.
    plain = read_bib_text(
        "@article{p, author = {Ada Lovelace and Babbage, Charles}, title = {T}}", "x.bib"
    ).entries[0]
    assert "author = {Ada Lovelace and Babbage, Charles}" in clean_bibtex(plain)


def test_urls_that_are_not_absolute_are_not_written():
    publication = publications_of(KINDS)["journal"]
    for url in ("publications/journal.html", "/publications/journal.html", ""):
        assert "citation_abstract_html_url" not in dict(highwire_tags(publication, page_url=url))
        assert "citation_pdf_url" not in dict(highwire_tags(publication, pdf_url=url))
        assert "rft_id" not in parse_qs(coins(publication, url))
        assert "url" not in scholarly_article(publication, url)
    absolute = "https://example.org/publications/journal.html"
    assert dict(highwire_tags(publication, page_url=absolute))["citation_abstract_html_url"] == (
        absolute
    )
    assert parse_qs(coins(publication, absolute))["rft_id"] == [absolute]


def metas(soup, **attrs) -> list[str]:
    return [m["content"] for m in soup.find_all("meta", attrs=attrs)]


@pytest.mark.sphinx("html", testroot="zotero", freshenv=True)
def test_paper_pages_give_the_abstract_or_none_and_no_relative_url(app):
    app.build()
    assert warnings_of(app) == ""
    with_abstract = page(app, "publications/notes1843")
    abstract = "What the Engine can do, and what it cannot originate."
    # Embedded Metadata: citation_abstract is the abstract (HIGHWIRE_MAPPINGS) ...
    assert metas(with_abstract, name="citation_abstract") == [abstract]
    # ... and og:description (RDF translator) and <meta name="description">
    # (addLowQualityMetadata) are read when it is missing: here they are the abstract.
    assert metas(with_abstract, property="og:description") == [abstract]
    assert metas(with_abstract, name="description") == [abstract]
    for key in ("bernoulli1842", "talk1844", "sketch1842"):
        without = page(app, f"publications/{key}")
        assert metas(without, name="citation_abstract") == []
        assert metas(without, property="og:description") == []
        assert metas(without, name="description") == []
    # Embedded Metadata's RDF translator takes og:url as the item's URL; without a base
    # URL sphinxext-opengraph writes the path, which Zotero resolves against the page.
    for key in ("notes1843", "bernoulli1842"):
        paper = page(app, f"publications/{key}")
        assert metas(paper, property="og:url") == []
        assert metas(paper, name="citation_abstract_html_url") == []
        assert metas(paper, name="DC.type") == [
            {"notes1843": "conferencePaper", "bernoulli1842": "preprint"}[key]
        ]
    home = page(app, "index")
    assert metas(home, property="og:url") == []
    # The list page keeps its description (Lighthouse's SEO audit asks for one).
    (description,) = metas(home, name="description")
    assert description.startswith("Ada Lovelace’s notes and papers, with the words")
    coins_spans = [parse_qs(span["title"]) for span in home.select("span.Z3988")]
    assert all("rft_id" not in kev or kev["rft_id"][0].startswith("info:") for kev in coins_spans)


@pytest.mark.sphinx(
    "html",
    testroot="zotero",
    freshenv=True,
    confoverrides={"html_baseurl": "https://example.org/"},
)
def test_with_a_base_url_every_url_is_the_page_own(app):
    app.build()
    assert warnings_of(app) == ""
    own = "https://example.org/publications/talk1844.html"
    paper = page(app, "publications/talk1844")
    assert metas(paper, property="og:url") == [own]
    assert metas(paper, name="citation_abstract_html_url") == [own]
    assert metas(paper, name="DC.type") == ["presentation"]
    home = page(app, "index")
    assert metas(home, property="og:url") == ["https://example.org/index.html"]
    spans = {span.find_parent("li")["id"][4:]: span["title"] for span in home.select("span.Z3988")}
    assert parse_qs(spans["talk1844"])["rft_id"] == [own]


@pytest.mark.sphinx("html", testroot="zotero-host", freshenv=True)
def test_a_host_project_keeps_its_own_pages_tags(app):
    # Not a portfolio: bibfolio drops a relative og:url on the pages it lists on or
    # writes, and leaves the project's other pages as sphinxext-opengraph made them.
    app.build()
    assert warnings_of(app) == ""
    assert metas(page(app, "about"), property="og:url") == ["about.html"]
    assert metas(page(app, "index"), property="og:url") == []
    assert metas(page(app, "publications/notes1843"), property="og:url") == []
