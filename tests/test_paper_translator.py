"""Paper pages written with one reset translator are the pages a new translator per page writes."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bibfolio.pages import papertranslator

from .helpers import build_project, copy_portfolio

if TYPE_CHECKING:
    from pathlib import Path


def _pages(outdir: Path) -> dict[str, bytes]:
    return {
        path.relative_to(outdir).as_posix(): path.read_bytes()
        for path in sorted((outdir / "publications").rglob("*.html"))
    }


def test_a_reset_translator_writes_what_a_new_one_writes(tmp_path, monkeypatch):
    source = copy_portfolio("liang-luo", tmp_path)
    reused = _pages(build_project(source, tmp_path / "reused").outdir)
    # Every page's translator new, as Sphinx makes it: nothing is kept to reset.
    monkeypatch.setattr(papertranslator, "_resettable", lambda name, value: False)
    fresh = _pages(build_project(source, tmp_path / "fresh").outdir)
    assert len(fresh) == 31
    assert reused == fresh
    # No page shows another page's body.
    for page, html in reused.items():
        assert html.count(b'<section id="bibtex">') == 1, page
