"""After a .bib or owner edit, an incremental build writes exactly what a fresh one does.

Every HTML page is compared: the lists, the paper pages, and pages that only cite.
"""

from __future__ import annotations

import os
import shutil

import pytest

from .helpers import build_project, copy_portfolio

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
