"""After a .bib or owner edit, an incremental build writes exactly what a fresh one does.

Every HTML page is compared: the lists, the paper pages, and pages that only cite.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys

import pytest

from .helpers import REPO, build_project, copy_portfolio

ADDED = """
@article{added,
  author = {Lovelace, Ada and Somerville, Mary},
  title = {An Added Paper},
  journal = {Scientific Memoirs},
  year = 1844,
}
"""


def change_author(bib):
    bib.write_text(bib.read_text().replace("Babbage, Charles", "Herschel, Caroline"))


def add_entry(bib):
    bib.write_text(bib.read_text() + ADDED)


def remove_entry(bib):
    text = bib.read_text()
    start = text.index("@article{notes")
    bib.write_text(text[:start])


EDITS = {"change-author": change_author, "add-entry": add_entry, "remove-entry": remove_entry}


def html_pages(outdir) -> dict[str, bytes]:
    return {
        str(path.relative_to(outdir)): path.read_bytes()
        for path in sorted(outdir.rglob("*.html"))
        if "_static" not in path.parts
    }


def touch_later(path):
    later = path.stat().st_mtime + 10
    os.utime(path, (later, later))


def compare(source, tmp_path, edit, overrides_after=None):
    """Build *source*, apply *edit*, rebuild incrementally, and compare with a fresh build.

    The folder holding *source* is what gets copied for the fresh build (a portfolio
    may keep its refs.bib one level up, as the template's docs/ does).
    """
    build_project(source, tmp_path / "incremental")
    edit(source)
    incremental = build_project(
        source, tmp_path / "incremental", overrides=overrides_after, fresh=False
    )
    fresh_root = tmp_path / "fresh-source"
    shutil.copytree(source.parent, fresh_root)
    fresh_source = fresh_root / source.name
    fresh = build_project(fresh_source, tmp_path / "fresh", overrides=overrides_after)
    assert incremental.warnings.replace(str(source), "SRC") == fresh.warnings.replace(
        str(fresh_source), "SRC"
    )
    assert html_pages(incremental.outdir) == html_pages(fresh.outdir)
    return incremental


@pytest.mark.parametrize("edit", sorted(EDITS))
def test_bib_edits(tmp_path, rootdir, edit):
    source = tmp_path / "root" / "site"
    shutil.copytree(rootdir / "test-cite-links", source)

    def apply(site):
        EDITS[edit](site / "refs.bib")
        touch_later(site / "refs.bib")

    built = compare(source, tmp_path, apply)
    honors = built.page("honors").get_text()
    if edit == "change-author":
        assert "Herschel" in str(built.page("honors"))  # the cite tooltip was re-written
    if edit == "remove-entry":
        assert not (built.outdir / "publications" / "notes.html").exists()
        assert "Notes on the Engine" not in honors


def test_owner_config_change(tmp_path, rootdir):
    source = tmp_path / "root" / "site"
    shutil.copytree(rootdir / "test-cite-links", source)
    built = compare(source, tmp_path, lambda site: None, {"bibfolio_owner": ["Charles Babbage"]})
    assert [s.get_text() for s in built.page("pubs").select("strong.bibfolio-owner")] == [
        "Charles Babbage"
    ]
    # Only the entry Babbage wrote keeps a paper page.
    assert sorted(p.name for p in (built.outdir / "publications").glob("*.html")) == ["engine.html"]


def test_real_portfolio_author_edit(tmp_path):
    source = copy_portfolio("mingyu-liang", tmp_path / "src")
    bib = source / "refs.bib"

    def apply(site):
        bib.write_text(bib.read_text().replace("Gan, Yu", "Gan, Yuu"))
        touch_later(bib)

    built = compare(source, tmp_path, apply)
    assert "Yuu Gan" in built.page("publications/liang2023ditto").get_text()
    assert "Gan" in built.page("honors").get_text()


def test_citing_page_edit_reads_entries_again(tmp_path, rootdir):
    """Editing only a citing page formats its citations from the unchanged bib file.

    The environment keeps no parsed entries, so this build reads them again on first use.
    """
    source = tmp_path / "root" / "site"
    shutil.copytree(rootdir / "test-cite-links", source)
    environment = tmp_path / "incremental" / "doctrees" / "environment.pickle"

    def apply(site):
        assert b"BibEntry" not in environment.read_bytes()
        honors = site / "honors.md"
        honors.write_text(honors.read_text() + "\nEdited.\n")
        touch_later(honors)

    built = compare(source, tmp_path, apply)
    assert "Edited." in built.page("honors").get_text()
    assert "Babbage" in str(built.page("honors"))  # the cite tooltip names the authors


def run_sphinx(source, dest, *args) -> str:
    """``sphinx-build -b html`` in a subprocess (a real rebuild: nothing kept in memory)."""
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "sphinx",
            "-b",
            "html",
            *args,
            str(source),
            str(dest / "html"),
            "-d",
            str(dest / "doctrees"),
        ],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "PYTHONPATH": str(REPO / "_ext")},
    )
    return result.stdout + result.stderr


def output_tree(outdir) -> dict[str, bytes]:
    """Every file of a build (``.buildinfo`` aside), by path."""
    return {
        str(path.relative_to(outdir)): path.read_bytes()
        for path in sorted(outdir.rglob("*"))
        if path.is_file() and path.name != ".buildinfo"
    }


def test_no_change_rebuild_of_the_portfolio(tmp_path):
    source = copy_portfolio("mingyu-liang", tmp_path / "src")
    baseurl = "-Dhtml_baseurl=https://example.org/"
    run_sphinx(source, tmp_path / "out", baseurl)
    first = output_tree(tmp_path / "out" / "html")
    log = run_sphinx(source, tmp_path / "out", baseurl)
    assert "The configuration has changed" not in log
    assert "0 paper pages written, 5 unchanged" in log
    assert output_tree(tmp_path / "out" / "html") == first
    # Fresh pages link bibfolio's files with Sphinx's checksum, as rebuilt ones do.
    paper = first["publications/gan2021sage.html"].decode()
    assert re.search(r'_static/bibfolio\.css\?v=[0-9a-f]{8}"', paper)
    assert re.search(r'_static/bibfolio\.js\?v=[0-9a-f]{8}"', paper)
    assert re.search(r'_static/bibfolio-icons\.css\?v=[0-9a-f]{8}"', paper)
    assert "styles/pydata-sphinx-theme.css" in paper


def sitemap_links(outdir) -> list[str]:
    return re.findall(r"<loc>([^<]*)</loc>", (outdir / "sitemap.xml").read_text())


def test_sitemap_after_a_page_edit_lists_every_page(tmp_path):
    source = copy_portfolio("mingyu-liang", tmp_path / "src")
    overrides = {"html_baseurl": "https://example.org/"}
    before = build_project(source, tmp_path / "out", overrides=overrides)
    links = sitemap_links(before.outdir)
    assert "https://example.org/honors.html" in links
    assert "https://example.org/publications/gan2021sage.html" in links
    assert "https://example.org/search.html" not in links  # noindex
    honors = source / "honors.md"
    honors.write_text(honors.read_text() + "\nEdited.\n")
    touch_later(honors)
    after = build_project(source, tmp_path / "out", overrides=overrides, fresh=False)
    assert sitemap_links(after.outdir) == links == sorted(links)


def test_removed_entry_cited_on_a_page_warns_once(tmp_path):
    source = copy_portfolio("mingyu-liang", tmp_path / "src")
    bib = source / "refs.bib"
    text = bib.read_text()
    start = text.index("@inproceedings{gan2021sage")
    end = text.find("\n@", start + 1)
    bib.write_text(text[:start] + (text[end + 1 :] if end != -1 else ""))
    built = build_project(source, tmp_path / "out")
    found = [line for line in built.warnings.splitlines() if "gan2021sage" in line]
    assert found == [
        f'{source / "honors.md"}:6: WARNING: could not find bibtex key "gan2021sage" '
        "[bibtex.key_not_found]"
    ]


def test_outputs_of_removed_lists_are_removed(tmp_path, rootdir):
    source = tmp_path / "site"
    shutil.copytree(rootdir / "test-cite-links", source)
    (source / "more.md").write_text("# More\n\n```{publications}\n```\n\n```{publications}\n```\n")
    index = source / "index.md"
    index.write_text(index.read_text().replace("honors\n", "honors\nmore\n"))
    overrides = {"bibfolio_cite_styles": ["apa", "ieee"]}
    built = build_project(source, tmp_path / "out", overrides=overrides)
    assert {"more.bib", "more-2.ris", "more-2-ieee.txt", "pubs-apa.txt"} <= set(
        output_tree(built.outdir)
    )
    # The second list on "more" goes, and IEEE is no longer offered anywhere.
    (source / "more.md").write_text("# More\n\n```{publications}\n```\n")
    rebuilt = build_project(
        source, tmp_path / "out", overrides={"bibfolio_cite_styles": ["apa"]}, fresh=False
    )
    fresh = build_project(source, tmp_path / "fresh", overrides={"bibfolio_cite_styles": ["apa"]})
    files = set(output_tree(rebuilt.outdir))
    assert not {name for name in files if name.startswith("more-2") or "ieee" in name}
    assert files == set(output_tree(fresh.outdir))


def test_stock_bibliography_and_list_citing_one_key(tmp_path, rootdir):
    """A key in a ``{publications}`` list and a stock ``{bibliography}``: no duplicate.

    The project's own bibliography is where its citations land, as without bibfolio.
    """
    source = tmp_path / "site"
    shutil.copytree(rootdir / "test-cite-links", source)
    (source / "refs.md").write_text(
        "# References\n\nSee {cite:p}`engine`.\n\n```{bibliography}\n:filter: docname in docnames\n```\n"
    )
    index = source / "index.md"
    index.write_text(index.read_text().replace("honors\n", "honors\nrefs\n"))
    built = build_project(source, tmp_path / "out")
    assert built.warnings == ""
    cite = built.page("refs").select_one("a.reference.internal[href*='#id']")
    assert cite is not None and cite["href"].startswith("#")
    honors = built.page("honors")
    assert honors.select_one("a[href^='refs.html#']").get_text() == "LB43"  # stock's label
    # An entry that bibliography does not show (its filter: cited on its page) lands on the list.
    assert honors.select_one("a[href^='pubs.html#pub-notes']") is not None


@pytest.mark.parametrize("jobs", ["2", "auto"])
def test_parallel_build_writes_what_a_serial_one_does(tmp_path, jobs):
    source = copy_portfolio("mingyu-liang", tmp_path / "src")
    baseurl = "-Dhtml_baseurl=https://example.org/"
    run_sphinx(source, tmp_path / "serial", baseurl)
    run_sphinx(source, tmp_path / "parallel", baseurl, "-j", jobs)
    serial = output_tree(tmp_path / "serial" / "html")
    parallel = output_tree(tmp_path / "parallel" / "html")
    assert sorted(set(serial) ^ set(parallel)) == []
    assert sorted(name for name in serial if serial[name] != parallel[name]) == []
    # And after an edit, an incremental parallel build still equals the serial one.
    honors = source / "honors.md"
    honors.write_text(honors.read_text() + "\nEdited.\n")
    touch_later(honors)
    run_sphinx(source, tmp_path / "serial", baseurl)
    run_sphinx(source, tmp_path / "parallel", baseurl, "-j", jobs)
    serial = output_tree(tmp_path / "serial" / "html")
    parallel = output_tree(tmp_path / "parallel" / "html")
    assert sorted(name for name in serial if serial.get(name) != parallel.get(name)) == []


def test_deleted_page_leaves_the_portfolio(tmp_path):
    source = copy_portfolio("mingyu-liang", tmp_path / "src")
    build_project(source, tmp_path / "out")
    index = source / "index.md"
    index.write_text(index.read_text().replace("teaching\n", ""))
    touch_later(index)
    (source / "teaching.md").unlink()
    rebuilt = build_project(source, tmp_path / "out", fresh=False)
    fresh = build_project(source, tmp_path / "fresh")
    files = set(output_tree(rebuilt.outdir))
    assert not {name for name in files if "teaching" in name}
    assert files == set(output_tree(fresh.outdir))
