"""A preprint and its published version are one paper: one entry with both versions' links."""

from __future__ import annotations

import shutil

import pytest

from bibfolio.model.assemble import build_publications
from bibfolio.model.publication import Settings
from bibfolio.reading.bibtex import read_bib_files

from .helpers import REPO, build_project, page, warnings_of


def read(text: str):
    entries, problems = read_bib_files([("refs.bib", text.encode())])
    assert problems == []
    return build_publications(entries, Settings())


@pytest.mark.sphinx("html", testroot="pairing", freshenv=True)
def test_pair_is_listed_once_with_both_versions_links(app):
    app.build()
    # Same titles, but paired: no similar_title, nothing else either.
    assert not warnings_of(app)
    soup = page(app)
    entries = {li["id"][4:]: li for li in soup.select("li.bibfolio-entry")}
    assert list(entries) == ["engine", "loom", "alone"]
    engine = entries["engine"]
    links = [(a.get_text(), a["href"]) for a in engine.select(".bibfolio-links a")]
    assert links == [
        ("PDF", "https://example.org/engine-published.pdf"),
        ("DOI", "https://doi.org/10.5555/engine.1843"),
        ("Preprint PDF", "https://example.org/engine-preprint.pdf"),
        ("arXiv", "https://arxiv.org/abs/1208.1234"),
    ]
    # The published version is what the entry shows.
    assert " ".join(engine.select_one(".bibfolio-venue").get_text().split()) == (
        "Scientific Memoirs, 1843"
    )
    loom = entries["loom"]
    assert [a.get_text() for a in loom.select(".bibfolio-links a")] == ["arXiv"]
    assert " ".join(loom.select_one(".bibfolio-venue").get_text().split()) == (
        "In Proceedings of the Weavers, 1841"
    )


@pytest.mark.sphinx("html", testroot="pairing", freshenv=True)
def test_preprint_has_no_page_and_citations_land_on_the_published_entry(app):
    app.build()
    assert sorted(p.name for p in (app.outdir / "publications").glob("*.html")) == [
        "alone.html",
        "engine.html",
        "loom.html",
    ]
    cites = [a["href"] for a in page(app).select("p a[href^='#pub-']")]
    assert cites == ["#pub-engine", "#pub-loom"]
    paper = page(app, "publications/engine")
    assert [a.get_text() for a in paper.select(".bibfolio-links a")] == [
        "PDF",
        "DOI",
        "Preprint PDF",
        "arXiv",
    ]


def test_pairs_from_either_side():
    publications, problems = read(
        """
        @article{pub, author={A, B}, title={T}, journal={J}, year={2020}, preprint={pre}}
        @misc{pre, author={A, B}, title={T}, year={2019}, eprint={1901.00001}}
        @misc{pre2, author={A, B}, title={U}, year={2019}, published={pub2}}
        @article{pub2, author={A, B}, title={U}, journal={J}, year={2020}, preprint={pre2}}
        """
    )
    assert problems == []
    assert list(publications) == ["pub", "pub2"]
    assert publications["pub"].paired_with == "pre"
    assert publications["pub"].preprint is not None
    assert publications["pub"].preprint.paired_with == "pub"
    assert publications["pub2"].paired_with == "pre2"
    assert [link.label for link in publications["pub"].links] == ["arXiv"]


def test_a_selected_preprint_selects_its_published_version():
    publications, _ = read(
        """
        @article{pub, author={A, B}, title={T}, journal={J}, year={2020}, preprint={pre}}
        @misc{pre, author={A, B}, title={T}, year={2019}, selected={true}}
        """
    )
    assert publications["pub"].selected


def test_preprint_edits_change_the_published_entrys_hash():
    template = """
        @article{pub, author={A, B}, title={T}, journal={J}, year={2020}, preprint={pre}}
        @misc{pre, author={A, B}, title={T}, year={2019}, eprint={%s}}
    """
    first, _ = read(template % "1901.00001")
    second, _ = read(template % "1901.00002")
    assert first["pub"].content_hash != second["pub"].content_hash


@pytest.mark.parametrize(
    ("bib", "message"),
    [
        (
            "@article{pub, author={A, B}, title={T}, journal={J}, year={2020},\n"
            "  preprint={nosuch}}",
            "refs.bib:2: field 'preprint' of 'pub' names 'nosuch', which is not in the "
            "bibliography; the entries are listed separately",
        ),
        (
            "@article{pub, author={A, B}, title={T}, journal={J}, year={2020},\n  preprint={pub}}",
            "refs.bib:2: field 'preprint' of 'pub' names the entry itself; the entries are "
            "listed separately",
        ),
        (
            "@article{pub, author={A, B}, title={T}, journal={J}, year={2020}, preprint={a}}\n"
            "@article{pub2, author={A, B}, title={T}, journal={J}, year={2020},\n"
            "  preprint={a}}\n"
            "@misc{a, title={T}}",
            "refs.bib:3: field 'preprint' of 'pub2' names 'a', which is already paired with "
            "'pub'; the entries are listed separately",
        ),
    ],
)
def test_bad_pairings_are_reported_where_they_are_written(bib, message):
    entries, _ = read_bib_files([("refs.bib", bib.encode())])
    publications, problems = build_publications(entries, Settings())
    assert [(f"{d.location}: {d.message}", d.subtype) for d in problems] == [(message, "pairing")]
    assert "pub" in publications


def test_citation_of_a_preprint_survives_a_rebuild_from_the_saved_environment(tmp_path):
    source = tmp_path / "src"
    shutil.copytree(REPO / "tests" / "roots" / "test-pairing", source)
    first = build_project(source, tmp_path / "out")
    again = build_project(source, tmp_path / "out", fresh=False)
    assert first.warnings == again.warnings == ""
    cites = [a["href"] for a in again.page("index").select("p a[href^='#pub-']")]
    assert cites == ["#pub-engine", "#pub-loom"]
    # The preprint changes: the published entry shows its new arXiv link.
    bib = source / "refs.bib"
    bib.write_text(bib.read_text().replace("1208.1234", "1208.4321"))
    changed = build_project(source, tmp_path / "out", fresh=False)
    assert changed.warnings == ""
    engine = changed.page("index").find("li", id="pub-engine")
    assert "https://arxiv.org/abs/1208.4321" in [
        a["href"] for a in engine.select(".bibfolio-links a")
    ]
    cites = [a["href"] for a in changed.page("index").select("p a[href^='#pub-']")]
    assert cites == ["#pub-engine", "#pub-loom"]


def test_a_page_citing_a_preprint_is_written_again_when_the_preprint_changes(tmp_path):
    source = tmp_path / "src"
    shutil.copytree(REPO / "tests" / "roots" / "test-pairing", source)
    first = build_project(source, tmp_path / "out")
    (cite,) = first.page("cites").select("a[href='index.html#pub-engine']")
    assert "Sketch of the Analytical Engine" in cite["title"]
    bib = source / "refs.bib"
    text = bib.read_text()
    start = text.index("@misc{engine-preprint")
    edited = text[:start] + text[start:].replace(
        "Sketch of the Analytical Engine", "A Sketch, Revised", 1
    )
    bib.write_text(edited)
    again = build_project(source, tmp_path / "out", fresh=False)
    assert again.warnings == ""
    (cite,) = again.page("cites").select("a[href='index.html#pub-engine']")
    assert "A Sketch, Revised" in cite["title"]


def test_a_preprints_local_pdf_is_copied_and_linked(tmp_path):
    source = tmp_path / "src"
    shutil.copytree(REPO / "tests" / "roots" / "test-pairing", source)
    bib = source / "refs.bib"
    bib.write_text(
        bib.read_text().replace(
            "pdf = {https://example.org/engine-preprint.pdf}", "pdf = {papers/engine-pre.pdf}"
        )
    )
    (source / "papers").mkdir()
    (source / "papers" / "engine-pre.pdf").write_bytes(b"%PDF-1.4 preprint")
    built = build_project(source, tmp_path / "out")
    assert built.warnings == ""
    engine = built.page("index").find("li", id="pub-engine")
    links = {a.get_text(): a["href"] for a in engine.select(".bibfolio-links a")}
    assert links["Preprint PDF"] == "publications/engine-preprint-pdf.pdf"
    copied = built.outdir / "publications" / "engine-preprint-pdf.pdf"
    assert copied.read_bytes() == b"%PDF-1.4 preprint"
