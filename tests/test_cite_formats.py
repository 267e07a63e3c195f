"""Citations visitors take in their format: RIS, CSL-JSON, APA and IEEE, per entry and per list.

CSL-JSON is checked against the CSL input schema (vendored in ``tests/csl_schema/``), RIS
tag by tag against the RIS specification's tags, and the formatted references against
bibfolio's formatter run on the CSL-JSON shown beside them (``tests/test_citeproc_js.py``
compares that formatter with citeproc-js itself).
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import jsonschema
import pytest
from bs4 import BeautifulSoup

from bibfolio.formats import citeformats
from bibfolio.formats.citeformats import csl_item, csl_json, ris, ris_file
from bibfolio.formats.references import ReferenceCache, format_item, formatted_reference
from bibfolio.model.assemble import build_publications
from bibfolio.model.publication import Settings
from bibfolio.reading.bibtex import read_bib_text

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


# -- model --------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "bib",
    [
        ROOT / "refs.bib",
        REPO / "examples" / "mingyu-liang" / "refs.bib",
        REPO / "examples" / "liang-luo" / "refs.bib",
    ],
    ids=["cite-formats", "mingyu-liang", "liang-luo"],
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
    for bib in (
        ROOT / "refs.bib",
        REPO / "examples" / "mingyu-liang" / "refs.bib",
        REPO / "examples/liang-luo/refs.bib",
    ):
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
def test_formatted_references_are_made_from_the_csl_json_shown(style):
    publications = publications_of(ROOT / "refs.bib")
    items = json.loads(csl_json(publications.values()))
    for publication, item in zip(publications.values(), items, strict=True):
        assert formatted_reference(publication, style) == format_item(item, style)


def test_formatted_references_read_as_a_citer_expects():
    publications = publications_of(ROOT / "refs.bib")
    assert formatted_reference(publications["engine2020"], "apa") == (
        "Lovelace, A., & Babbage, C. (2020). Notes on the Analytical Engine. "
        "Proceedings of the Conference on Engines, 1–9. https://example.org/engine"
    )
    assert formatted_reference(publications["hostile2021"], "ieee") == (
        "J. Müller, A. Lovelace, and Analytical Engine Society, "
        "“<script>alert(1)</script> R&D on DNA with E=mc²,” Journal of Tests & Things, "
        "vol. 12, no. 3, pp. 10–20, Mar. 2021, doi: 10.1234/abc.def."
    )


# -- site ---------------------------------------------------------------------------------
def formats_of(outdir: Path, reveal) -> tuple[list[str], list[str]]:
    """(labels, texts) a reveal's script shows: its entry in the file it loads."""
    data = json.loads((outdir / reveal["data-formats"]).read_text(encoding="utf-8"))
    return data["formats"], data["entries"][reveal["data-key"]]


@pytest.mark.sphinx("html", testroot="cite-formats", freshenv=True)
def test_list_entries_load_their_formats_on_demand(app):
    """The list carries no RIS or CSL-JSON text; its reveals load the entry's from a file."""
    app.build()
    assert warnings_of(app) == ""
    out = Path(app.outdir)
    html = (out / "index.html").read_text(encoding="utf-8")
    # Not one record inline: no RIS line, no CSL-JSON variable, no formatted reference.
    assert "TY  - " not in html
    assert "&quot;id&quot;" not in html
    assert '"container-title"' not in html
    assert "Engine Press, 2020, pp." not in html
    soup = page(app)
    publications = publications_of(ROOT / "refs.bib")
    for key, publication in publications.items():
        reveal = soup.find("li", id=f"pub-{key}").select_one("details.bibfolio-formats")
        assert reveal.summary.get_text() == "Cite"  # one reveal: the BibTeX, then these
        assert reveal.select("pre") == reveal.select(".bibfolio-bibtex pre")
        assert len(reveal.select("pre")) == 1
        assert reveal["data-formats"] == "index.formats.json"
        labels, texts = formats_of(out, reveal)
        assert labels == ["APA", "IEEE", "RIS", "CSL-JSON"]
        # Without the abstract, as the inline blocks were: the paper page has it.
        assert texts == [
            formatted_reference(publication, "apa"),
            formatted_reference(publication, "ieee"),
            ris(publication, drop=["abstract"]).rstrip("\n"),
            csl_json([publication], drop=["abstract"]).rstrip(),
        ]
        assert json.loads(texts[3]) == [csl_item(publication, drop=["abstract"])]
    labels, texts = formats_of(out, soup.select_one("#pub-hostile2021 details.bibfolio-formats"))
    assert "We study braces" not in "".join(texts)


@pytest.mark.sphinx("html", testroot="cite-formats", freshenv=True)
def test_formats_reveal_links_work_without_scripts(app):
    """Each fallback link leads to a file that holds the entry's record."""
    app.build()
    out = Path(app.outdir)
    publications = publications_of(ROOT / "refs.bib")
    soup = page(app)
    for key, publication in publications.items():
        reveal = soup.find("li", id=f"pub-{key}").select_one("details.bibfolio-formats")
        fallback = reveal.select_one(".bibfolio-formats-fallback")
        assert " ".join(fallback.get_text().split()) == (
            "Paper page · Whole list: RIS · CSL-JSON · APA · IEEE"
        )
        links = {a.get_text(): out / a["href"] for a in fallback.find_all("a")}
        paper = BeautifulSoup(links["Paper page"].read_text(encoding="utf-8"), "html.parser")
        assert paper.select_one("section#ris pre").get_text().strip() == ris(publication).strip()
        assert ris(publication) in links["RIS"].read_text(encoding="utf-8")
        items = json.loads(links["CSL-JSON"].read_text(encoding="utf-8"))
        assert csl_item(publication) in items
        for style in ("APA", "IEEE"):
            assert formatted_reference(publication, style.lower()) in links[style].read_text(
                encoding="utf-8"
            )


@pytest.mark.sphinx("html", testroot="cite-formats", freshenv=True)
def test_whole_list_downloads_hold_every_entry(app):
    app.build()
    line = page(app).select_one(".bibfolio-download-line")
    links = {a.get_text(): a["href"] for a in line.find_all("a")}
    assert links == {
        "Download all 3 as BibTeX": "index.bib",
        "RIS": "index.ris",
        "CSL-JSON": "index.json",
        "APA": "index-apa.txt",
        "IEEE": "index-ieee.txt",
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
def test_whole_list_references_equal_citeprocs_output(app):
    """APA and IEEE files: bibfolio's reference for each item of the list's CSL-JSON."""
    app.build()
    out = Path(app.outdir)
    items = json.loads((out / "index.json").read_text(encoding="utf-8"))
    apa = (out / "index-apa.txt").read_text(encoding="utf-8")
    assert apa == "\n\n".join(format_item(item, "apa") for item in items) + "\n"
    ieee = (out / "index-ieee.txt").read_text(encoding="utf-8")
    numbered = (f"[{n}] {format_item(item, 'ieee')}" for n, item in enumerate(items, start=1))
    assert ieee == "\n\n".join(numbered) + "\n"
    assert ieee.startswith("[1] J. Müller, A. Lovelace, and Analytical Engine Society, “<script>")


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


# -- lists without downloads, other builders, the reference cache --------------------------
LAZY = Path(__file__).parent / "roots" / "test-lazy-formats"


@pytest.mark.sphinx("html", testroot="lazy-formats", freshenv=True)
def test_a_list_without_downloads_still_loads_its_formats(app):
    """``:download: no``: no download line and no whole-list files; the reveals still work."""
    app.build()
    assert warnings_of(app) == ""
    out = Path(app.outdir)
    soup = page(app, "more")
    assert soup.select(".bibfolio-download-line") == []
    assert not (out / "more.bib").exists()
    assert not (out / "more-apa.txt").exists()
    publication = publications_of(LAZY / "refs.bib")["engine2020"]
    reveal = soup.select_one("#pub-engine2020 details.bibfolio-formats")
    assert reveal.summary.get_text() == "Cite"
    # Only the paper page to fall back on; the formats file is written all the same.
    fallback = reveal.select_one(".bibfolio-formats-fallback")
    assert [a.get_text() for a in fallback.find_all("a")] == ["Paper page"]
    assert "bibfolio-formats-scripted" not in reveal["class"]
    assert reveal["data-formats"] == "more.formats.json"
    assert formats_of(out, reveal) == (
        ["APA", "RIS", "CSL-JSON"],
        [
            formatted_reference(publication, "apa"),
            ris(publication, drop=["abstract"]).rstrip("\n"),
            csl_json([publication], drop=["abstract"]).rstrip(),
        ],
    )
    # The list with downloads on the other page links its own files.
    links = page(app).select_one("#pub-engine2020 .bibfolio-formats-fallback")
    assert [a["href"] for a in links.find_all("a")][1:] == [
        "index.ris",
        "index.json",
        "index-apa.txt",
    ]


@pytest.mark.sphinx(
    "html", testroot="lazy-formats", freshenv=True, confoverrides={"bibfolio_paper_pages": False}
)
def test_a_reveal_with_nothing_to_link_still_cites_without_the_script(app):
    """No downloads and no paper page: the Cite reveal still holds the entry's BibTeX."""
    app.build()
    reveal = page(app, "more").select_one("#pub-engine2020 details.bibfolio-cite")
    assert reveal.select(".bibfolio-formats-fallback a") == []
    assert "@inproceedings{engine2020" in reveal.select_one(".bibfolio-bibtex pre").get_text()
    css = (Path(app.outdir) / "_static" / "bibfolio.css").read_text(encoding="utf-8")
    assert "bibfolio-formats-scripted" not in css  # nothing hides it where scripts are off
    # The list with downloads keeps its links.
    fallback = page(app).select_one("#pub-engine2020 .bibfolio-formats-fallback")
    assert " ".join(fallback.get_text().split()) == "Whole list: RIS · CSL-JSON · APA"


@pytest.mark.sphinx("dirhtml", testroot="lazy-formats", freshenv=True)
def test_dirhtml_reveals_point_at_the_list_files(app):
    app.build()
    out = Path(app.outdir)
    soup = BeautifulSoup((out / "more" / "index.html").read_text(encoding="utf-8"), "html.parser")
    reveal = soup.select_one("#pub-thesis2018 details.bibfolio-formats")
    assert reveal["data-formats"] == "../more.formats.json"
    data = json.loads((out / "more" / reveal["data-formats"]).read_text(encoding="utf-8"))
    assert "thesis2018" in data["entries"]
    paper = reveal.select_one(".bibfolio-formats-fallback a")["href"]
    assert (out / "more" / paper / "index.html").is_file()


@pytest.mark.sphinx("singlehtml", testroot="lazy-formats", freshenv=True)
def test_singlehtml_reveals_load_their_own_lists_file(app):
    """Both pages' lists on one page: each entry loads its own list's file."""
    app.build()
    out = Path(app.outdir)
    loaded = {
        reveal["data-formats"]: json.loads((out / reveal["data-formats"]).read_text())["entries"]
        for reveal in page(app).select("details.bibfolio-formats")
    }
    assert set(loaded) == {"index.formats.json", "more.formats.json"}
    assert all(
        set(entries) == {"hostile2021", "engine2020", "thesis2018"} for entries in loaded.values()
    )


@pytest.mark.sphinx(
    "html", testroot="cite-formats", freshenv=True, confoverrides={"bibfolio_cite_styles": []}
)
def test_no_styles_no_citeproc_on_lists(app):
    """The bench's list project (no styles) pays nothing for references on its lists."""
    app.build()
    out = Path(app.outdir)
    reveal = page(app).select_one("#pub-engine2020 details.bibfolio-formats")
    assert reveal.summary.get_text() == "Cite"
    assert formats_of(out, reveal)[0] == ["RIS", "CSL-JSON"]
    line = page(app).select_one(".bibfolio-download-line")
    assert [a.get_text() for a in line.find_all("a")][1:] == ["RIS", "CSL-JSON"]
    assert "formatted references" not in app.status.getvalue()


@pytest.mark.sphinx("epub", testroot="cite-formats", freshenv=True)
def test_epub_reveals_keep_their_formats_inline(app):
    """An EPUB has no scripts and no downloads: its reveals carry RIS and CSL-JSON."""
    app.build()
    soup = BeautifulSoup(
        (Path(app.outdir) / "index.xhtml").read_text(encoding="utf-8"), "html.parser"
    )
    publication = publications_of(ROOT / "refs.bib")["hostile2021"]
    reveal = soup.select_one("#pub-hostile2021 details.bibfolio-formats")
    assert not reveal.has_attr("data-formats")
    assert reveal.summary.get_text() == "Cite"
    labels = [p.get_text() for p in reveal.select(".bibfolio-format-label")]
    assert labels == ["BibTeX", "RIS", "CSL-JSON"]
    shown = reveal.select_one(".bibfolio-ris div.highlight pre").get_text()
    assert shown == ris(publication, drop=["abstract"])
    assert not list(Path(app.outdir).glob("*.formats.json"))


def test_a_warm_build_formats_only_changed_entries(make_app, tmp_path):
    """References are kept next to the doctrees: an edit re-formats that entry only."""
    source = tmp_path / "src"
    shutil.copytree(ROOT, source)
    first = make_app("html", srcdir=source, freshenv=True)
    first.build()
    # 3 entries, 2 styles; reveals and downloads share one reference each.
    assert "bibfolio: 6 formatted references made, 0 reused from earlier builds" in (
        first.status.getvalue()
    )
    bib = source / "refs.bib"
    bib.write_text(
        bib.read_text(encoding="utf-8").replace("On Computing Machines", "On Calculating Engines"),
        encoding="utf-8",
    )
    second = make_app("html", srcdir=source, freshenv=False)
    second.build()
    assert "bibfolio: 2 formatted references made, 4 reused from earlier builds" in (
        second.status.getvalue()
    )
    apa = (Path(second.outdir) / "index-apa.txt").read_text(encoding="utf-8")
    assert "Lovelace, A. (2018). On Calculating Engines. University of London." in apa
    assert "Computing" not in apa


def test_the_reference_cache_is_keyed_by_the_item_and_citeproc(tmp_path):
    publications = publications_of(ROOT / "refs.bib")
    store = ReferenceCache(tmp_path / "refs.json")
    made = [store.reference(p, "apa") for p in publications.values()]
    assert made == [formatted_reference(p, "apa") for p in publications.values()]
    assert (store.made, store.reused) == (3, 0)
    store.save()
    again = ReferenceCache(tmp_path / "refs.json")
    assert [again.reference(p, "apa") for p in publications.values()] == made
    assert (again.made, again.reused) == (0, 3)
    # A dropped field changes the item, hence the key: formatted again.
    again.reference(publications["engine2020"], "apa", drop=["url"])
    assert again.made == 1
    # Another citeproc-py (or styles) version: nothing is trusted.
    stored = json.loads((tmp_path / "refs.json").read_text(encoding="utf-8"))
    stored["versions"] = ["0.0", "0.0"]
    (tmp_path / "refs.json").write_text(json.dumps(stored), encoding="utf-8")
    assert ReferenceCache(tmp_path / "refs.json").data == {}


@pytest.mark.parametrize(
    "bib",
    [
        ROOT / "refs.bib",
        REPO / "examples" / "mingyu-liang" / "refs.bib",
        REPO / "examples" / "liang-luo" / "refs.bib",
    ],
    ids=["cite-formats", "mingyu-liang", "liang-luo"],
)
def test_formats_without_the_abstract_equal_those_made_without_it(bib):
    """The reveals' RIS and CSL-JSON are derived from the downloads' ones, not made again."""
    if not bib.exists():
        pytest.skip(f"{bib} is not in this tree")
    derived = publications_of(bib)
    fresh = publications_of(bib)
    for key, publication in derived.items():
        ris(publication)  # the download's, with the abstract, made first
        csl_item(publication, ["url"])
        made = fresh[key]
        assert ris(publication, ["abstract"]) == citeformats._ris(made, ("abstract",))
        assert csl_item(publication, ["abstract"]) == citeformats._csl_item(made, ("abstract",))
        assert csl_item(publication, ["abstract", "url"]) == citeformats._csl_item(
            made, ("abstract", "url")
        )


def test_reference_caches_saved_by_parallel_writers_merge(tmp_path):
    """Two processes writing pages save one file: neither loses the other's references."""
    publications = list(publications_of(ROOT / "refs.bib").values())
    path = tmp_path / "refs.json"
    one, two = ReferenceCache(path), ReferenceCache(path)
    one.reference(publications[0], "apa")
    two.reference(publications[1], "ieee")
    one.save()
    two.save()
    later = ReferenceCache(path)
    later.reference(publications[0], "apa")
    later.reference(publications[1], "ieee")
    assert (later.made, later.reused) == (0, 2)
    # A build that rewrites only a short list keeps the long list's references.
    small = ReferenceCache(path)
    small.reference(publications[2], "apa")
    small.save()
    assert len(ReferenceCache(path).data) == 3
