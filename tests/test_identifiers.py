"""Identifiers: eprint links by type, and DOIs, arXiv ids and ISBNs validated before use."""

from __future__ import annotations

import json
from urllib.parse import parse_qs

import pytest

from bibfolio.model.links import (
    collect_links,
    invalid_identifiers,
    is_isbn,
    isbn_problem,
    normalize_arxiv,
    normalize_doi,
)

from .helpers import page, warnings_of

# -- model: one identifier at a time -------------------------------------------------------


@pytest.mark.parametrize(
    ("written", "doi"),
    [
        ("10.1000/xyz", "10.1000/xyz"),
        ("doi:10.1000/xyz", "10.1000/xyz"),
        ("DOI:10.1000/xyz", "10.1000/xyz"),
        ("https://doi.org/10.1000/xyz", "10.1000/xyz"),
        ("http://dx.doi.org/10.1000/xyz", "10.1000/xyz"),
        ("\\url{https://doi.org/10.1145/3368089.3409741}", "10.1145/3368089.3409741"),
        ("10.1000/a\\_b", "10.1000/a_b"),
        # An old Wiley SICI DOI, percent-encoded in its URL form.
        (
            "https://doi.org/10.1002/(SICI)1097-4571(199806)49:8%3C693::AID-ASI4%3E3.0.CO;2-O",
            "10.1002/(SICI)1097-4571(199806)49:8<693::AID-ASI4>3.0.CO;2-O",
        ),
        ('"><script>alert(1)</script>', None),
        ('10.1000/x" onmouseover="alert(1)', None),
        ("10.1/short-registrant", None),
        ("https://example.org/10.1000/xyz", None),
        ("xyz", None),
    ],
)
def test_doi_forms(written, doi):
    assert normalize_doi(written) == doi


@pytest.mark.parametrize(
    ("written", "arxiv"),
    [
        ("2301.00002", "2301.00002"),
        ("2301.00002v3", "2301.00002v3"),
        ("0704.0001", "0704.0001"),
        ("arXiv:1501.00001", "1501.00001"),
        ("arXiv 2402.08741", "2402.08741"),  # as the Stacks project's bibliography writes it
        ("math/0110247", "math/0110247"),
        ("hep-th/9901001v2", "hep-th/9901001v2"),
        ("math.AG/0110247", "math.AG/0110247"),
        ("https://arxiv.org/abs/2301.00002", "2301.00002"),
        ("https://arxiv.org/pdf/math/0110247", "math/0110247"),
        ("https://arxiv.org/pdf/2301.00002v2.pdf", "2301.00002v2"),
        ("2013.12345", None),  # month 13
        ("1501.0001", None),  # four digits after 2014
        ("1412.00001", None),  # five digits before 2015
        ("4HIWAAAAYAAJ", None),
        ("math/01102", None),
    ],
)
def test_arxiv_forms(written, arxiv):
    assert normalize_arxiv(written) == arxiv


@pytest.mark.parametrize(
    ("isbn", "valid"),
    [
        ("9783161484100", True),
        ("0306406152", True),
        ("080442957X", True),
        ("9783161484101", False),
        ("0306406153", False),
        ("97831614841", False),
    ],
)
def test_isbn_checksums(isbn, valid):
    assert is_isbn(isbn) is valid


def test_isbn_field_forms():
    assert isbn_problem("978-3-16-148410-0") == ""
    assert isbn_problem("ISBN 0-306-40615-2") == ""
    assert isbn_problem("978-3-16-148410-0 (hardcover), 0-306-40615-2 (pbk.)") == ""
    assert "'0-306-40615-3'" in isbn_problem("978-3-16-148410-0, 0-306-40615-3")


def labelled(fields: dict[str, str]) -> list[tuple[str, str]]:
    return [(link.label, link.url) for link in collect_links(fields)[0]]


@pytest.mark.parametrize(
    ("fields", "links"),
    [
        (
            {"eprint": "4HIWAAAAYAAJ", "eprinttype": "googlebooks"},
            [("Google Books", "https://books.google.com/books?id=4HIWAAAAYAAJ")],
        ),
        (
            {"eprint": "https://arxiv.org/pdf/math/0110247"},
            [("arXiv", "https://arxiv.org/abs/math/0110247")],
        ),
        (
            {"eprint": "2301.00002", "archiveprefix": "arXiv"},
            [("arXiv", "https://arxiv.org/abs/2301.00002")],
        ),
        ({"eprint": "2301.00002"}, [("arXiv", "https://arxiv.org/abs/2301.00002")]),
        (
            {"eprint": "1234567", "eprinttype": "jstor"},
            [("JSTOR", "https://www.jstor.org/stable/1234567")],
        ),
        (
            {"eprint": "1721.1/12345", "eprinttype": "HDL"},
            [("HDL", "https://hdl.handle.net/1721.1/12345")],
        ),
        (
            {"eprint": "12345678", "eprinttype": "pubmed"},
            [("PubMed", "https://pubmed.ncbi.nlm.nih.gov/12345678/")],
        ),
        (
            {"eprint": "1234567", "eprinttype": "pmcid"},
            [("PMC", "https://pmc.ncbi.nlm.nih.gov/articles/PMC1234567/")],
        ),
        (
            {"eprint": "10.1000/x", "eprinttype": "doi"},
            [("DOI", "https://doi.org/10.1000/x")],
        ),
        (
            {"pmid": "12345678", "pmcid": "PMC1234567"},
            [
                ("PubMed", "https://pubmed.ncbi.nlm.nih.gov/12345678/"),
                ("PMC", "https://pmc.ncbi.nlm.nih.gov/articles/PMC1234567/"),
            ],
        ),
        # al-folio's arxiv and BibTeX's eprint naming one preprint: one link.
        (
            {"arxiv": "2301.00002", "eprint": "2301.00002", "archiveprefix": "arXiv"},
            [("arXiv", "https://arxiv.org/abs/2301.00002")],
        ),
        ({"eprint": "hal-01234567", "eprinttype": "hal"}, []),
        # An eprint given as the URL of another repository is linked as written.
        (
            {"eprint": "https://hal.science/hal-01234567"},
            [("Eprint", "https://hal.science/hal-01234567")],
        ),
        # The url field repeating the arXiv link adds no second button.
        (
            {"eprint": "2301.00002", "url": "https://arxiv.org/abs/2301.00002"},
            [("arXiv", "https://arxiv.org/abs/2301.00002")],
        ),
        (
            {"eprint": "4HIWAAAAYAAJ", "eprinttype": "googlebooks", "archiveprefix": "x"},
            [("Google Books", "https://books.google.com/books?id=4HIWAAAAYAAJ")],
        ),
        (
            {"doi": "10.1000/a#b?c"},
            [("DOI", "https://doi.org/10.1000/a%23b%3Fc")],
        ),
    ],
)
def test_eprint_links_by_type(fields, links):
    assert labelled(fields) == links
    assert invalid_identifiers(fields) == []


def test_invalid_identifiers_give_no_link_and_a_reason():
    fields = {
        "doi": '"><script>alert(1)</script>',
        "arxiv": "2013.12345",
        "isbn": "978-3-16-148410-1",
        "pmid": "PMID12",
    }
    assert labelled(fields) == []
    assert [(found.field, found.reason) for found in invalid_identifiers(fields)] == [
        ("arxiv", "it is not an arXiv identifier"),
        ("doi", "it is not a DOI (10.NNNN/suffix)"),
        ("pmid", "it is not a PubMed id (PMID)"),
        (
            "isbn",
            "'978-3-16-148410-1' is not a valid ISBN-10 or ISBN-13 (wrong length or checksum)",
        ),
    ]
    (untyped,) = invalid_identifiers({"eprint": "hal-01234567"})
    assert untyped.reason == "it is not an arXiv identifier; set eprinttype if it is another kind"
    # A type bibfolio does not link is not an error: nothing to fix.
    assert invalid_identifiers({"eprint": "hal-01234567", "eprinttype": "hal"}) == []


# -- the build ------------------------------------------------------------------------------


def links_of(soup, key: str) -> list[tuple[str, str]]:
    entry = soup.find("li", id=f"pub-{key}")
    return [(a.get_text(), a["href"]) for a in entry.select("a.bibfolio-link")]


@pytest.mark.sphinx("html", testroot="ident", freshenv=True)
def test_links_and_warnings_in_the_build(app):
    app.build()
    bib = app.srcdir / "refs.bib"
    assert sorted(warnings_of(app).splitlines()) == [
        f"{bib}:47: WARNING: no link made for field 'doi' of 'bad': it is not a DOI "
        "(10.NNNN/suffix) ('\"><script>alert(1)</script>') [bibfolio.invalid_identifier]",
        f"{bib}:48: WARNING: no link made for field 'isbn' of 'bad': '978-3-16-148410-1' is not "
        "a valid ISBN-10 or ISBN-13 (wrong length or checksum) ('978-3-16-148410-1') "
        "[bibfolio.invalid_identifier]",
        f"{bib}:49: WARNING: no link made for field 'arxiv' of 'bad': it is not an arXiv "
        "identifier ('2013.12345') [bibfolio.invalid_identifier]",
    ]
    soup = page(app)
    assert links_of(soup, "books") == [
        ("Google Books", "https://books.google.com/books?id=4HIWAAAAYAAJ")
    ]
    assert links_of(soup, "arxivurl") == [
        ("arXiv", "https://arxiv.org/abs/math/0110247"),
        ("DOI", "https://doi.org/10.1000/prefixed"),
    ]
    assert links_of(soup, "archives") == [
        ("JSTOR", "https://www.jstor.org/stable/1234567"),
        ("PubMed", "https://pubmed.ncbi.nlm.nih.gov/12345678/"),
        ("PMC", "https://pmc.ncbi.nlm.nih.gov/articles/PMC1234567/"),
    ]
    assert links_of(soup, "handle") == [("HDL", "https://hdl.handle.net/1721.1/12345")]
    assert links_of(soup, "unknown") == []
    assert links_of(soup, "bad") == []


@pytest.mark.sphinx("html", testroot="ident", freshenv=True)
def test_metadata_carries_only_valid_identifiers(app):
    app.build()
    good = page(app, "publications/arxivurl")
    metas = {m["name"]: m["content"] for m in good.find_all("meta", attrs={"name": True})}
    assert metas["citation_doi"] == "10.1000/prefixed"
    assert metas["citation_arxiv_id"] == "math/0110247"
    book = page(app, "publications/books")
    assert {m["name"]: m["content"] for m in book.find_all("meta", attrs={"name": True})}[
        "citation_isbn"
    ] == "978-3-16-148410-0"

    bad = page(app, "publications/bad")
    names = [m["name"] for m in bad.find_all("meta", attrs={"name": True})]
    assert "citation_doi" not in names
    assert "citation_isbn" not in names
    assert "citation_arxiv_id" not in names
    (data,) = [json.loads(s.string) for s in bad.find_all("script", type="application/ld+json")]
    assert "identifier" not in data
    assert "sameAs" not in data
    coins = parse_qs(page(app).find("li", id="pub-bad").select_one("span.Z3988")["title"])
    assert not any(value.startswith("info:doi/") for value in coins.get("rft_id", []))
    assert "script" not in str(page(app).find("li", id="pub-bad").select_one("span.Z3988"))


@pytest.mark.sphinx("html", testroot="ident-cite", freshenv=True)
def test_cited_entries_link_only_safe_urls_and_valid_dois(app):
    # sphinxcontrib-bibtex's styles print url and doi as links: bibfolio hands them only
    # the ones its own lists would link.
    app.build()
    soup = page(app)
    hrefs = [a["href"] for a in soup.select("div.citation a.reference.external")]
    assert hrefs == ["https://example.org/fine", "https://doi.org/10.1000/fine"]
    texts = [p.get_text() for p in soup.select("div.citation p")]
    assert "Eve Mallory. Links that are not. 2020." in texts
    assert "javascript:" not in str(soup) and "<script>alert" not in str(soup)


def test_the_arxiv_venue_names_the_id_the_link_reads():
    from bibfolio.model.assemble import build_publications
    from bibfolio.model.publication import Settings
    from bibfolio.reading.bibtex import read_bib_files
    from bibfolio.reading.richtext import plain

    bib = (
        "@misc{url, title = {A}, eprint = {https://arxiv.org/pdf/math/0110247}}\n"
        "@misc{books, title = {B}, eprint = {4HIWAAAAYAAJ}, eprinttype = {googlebooks}}\n"
        "@misc{bad, title = {C}, eprint = {2013.12345}}\n"
    )
    entries, _ = read_bib_files([("refs.bib", bib.encode())], "utf-8")
    publications = build_publications(entries, Settings())[0]
    assert {key: plain(p.venue) for key, p in publications.items()} == {
        "url": "arXiv preprint arXiv:math/0110247",
        "books": "",
        "bad": "",
    }
