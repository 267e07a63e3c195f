"""A linked local file is published only when it really lies inside the project."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from bs4 import BeautifulSoup

from .helpers import build_project

SECRET = "root:x:0:0:secret-of-the-build-machine\n"


def _project(tmp_path: Path, rootdir: Path, target: Path) -> Path:
    source = tmp_path / "src"
    shutil.copytree(rootdir / "test-local-files", source)
    (source / "papers" / "leak.pdf").symlink_to(target)
    return source


def _published(outdir: Path, needle: str) -> list[Path]:
    return [
        path
        for path in outdir.rglob("*")
        if path.is_file() and needle.encode() in path.read_bytes()
    ]


@pytest.mark.parametrize("where", ["outside", "etc-passwd"])
def test_symlink_out_of_the_project_is_refused(tmp_path: Path, rootdir: Path, where: str):
    if where == "outside":
        target = tmp_path / "private" / "notes.txt"
        target.parent.mkdir()
        target.write_text(SECRET)
        needle = "secret-of-the-build-machine"
    else:
        target = Path("/etc/passwd")
        if not target.is_file():
            pytest.skip("no /etc/passwd on this machine")
        needle = target.read_text().splitlines()[0]
    source = _project(tmp_path, rootdir, target)

    built = build_project(
        source, tmp_path / "_build", overrides={"html_baseurl": "https://example.org/"}
    )

    assert (
        f"{source / 'refs.bib'}:11: WARNING: no link made for field 'pdf' of 'leak': "
        f"papers/leak.pdf resolves to {target.resolve()}, outside the project; not copied "
        "[bibfolio.unsafe_url]"
    ) in built.warnings
    assert built.warnings.count("[bibfolio.unsafe_url]") == 1
    # Nothing of the file reached the site, under any name.
    assert _published(built.outdir, needle) == []
    entries = {li["id"]: li for li in built.page("index").select("li.bibfolio-entry")}
    assert entries["pub-leak"].select("a.bibfolio-link-pdf") == []
    # The file inside the project is still published and linked.
    kept = entries["pub-kept"].select_one("a.bibfolio-link-pdf")
    assert kept is not None
    assert (built.outdir / kept["href"]).read_bytes() == (source / "papers/kept.pdf").read_bytes()
    # Nor does Google Scholar get told of a PDF that is not there.
    pdf_urls = {
        key: [
            meta["content"]
            for meta in built.page(f"publications/{key}").find_all(
                "meta", attrs={"name": "citation_pdf_url"}
            )
        ]
        for key in ("kept", "leak")
    }
    assert pdf_urls == {"kept": ["https://example.org/publications/kept.pdf"], "leak": []}


@pytest.mark.parametrize("builder", ["html", "dirhtml", "singlehtml"])
def test_symlink_inside_the_project_is_published(tmp_path: Path, rootdir: Path, builder: str):
    """A symlink to another file of the project is as good as the file, in every HTML site."""
    source = tmp_path / "src"
    shutil.copytree(rootdir / "test-local-files", source)
    (source / "papers" / "leak.pdf").symlink_to(source / "papers" / "kept.pdf")

    built = build_project(source, tmp_path / "_build", builder)

    assert built.warnings == ""
    expected = (source / "papers/kept.pdf").read_bytes()
    checked = 0
    for page in built.outdir.rglob("*.html"):
        soup = BeautifulSoup(page.read_text(encoding="utf-8"), "html.parser")
        for link in soup.select("a.bibfolio-link-pdf"):
            assert (page.parent / link["href"]).read_bytes() == expected, (page, link["href"])
            checked += 1
    assert checked >= 2  # both entries' links on the list page
