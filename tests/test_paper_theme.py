"""Paper pages in pydata-sphinx-theme's page.html: the site's header and footer, made fast.

The pages are filled into one render of the theme's page per kind of page
(pages/themeskeleton.py); these tests compare them, byte for byte and without any
normalisation, with the pages the theme itself writes when every paper page goes through
``builder.handle_page`` and a full render of ``page.html`` (the theme's handlers checking
every template of its header for emptiness on every page, as they do for documents).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from bs4 import BeautifulSoup

from bibfolio.pages import themeskeleton

from .helpers import build_project, copy_portfolio

ROOTS = Path(__file__).parent / "roots"


def _pages(outdir: Path, folder: str) -> dict[str, bytes]:
    return {
        path.relative_to(outdir).as_posix(): path.read_bytes()
        for path in sorted((outdir / folder).rglob("*.html"))
    }


def _fast_and_full(source: Path, tmp_path: Path, monkeypatch, builder: str, folder: str):
    """The pages of *folder* written the fast way (and how many were filled in), and in full."""
    filled: list[str] = []
    fill = themeskeleton._Skeleton.fill

    def counted(self, context):
        filled.append(context["pagename"])
        return fill(self, context)

    with monkeypatch.context() as patch:
        patch.setattr(themeskeleton._Skeleton, "fill", counted)
        fast = build_project(source, tmp_path / "fast", builder)
    with monkeypatch.context() as patch:
        # Every page through the theme's full render, its handlers checking every template.
        patch.setattr(themeskeleton.ThemePageSkeletons, "_key", lambda self, context: None)
        patch.setattr(themeskeleton.ThemePageSkeletons, "known_sections", lambda self, doc: {})
        full = build_project(source, tmp_path / "full", builder)
    assert fast.warnings == full.warnings
    return _pages(fast.outdir, folder), set(filled), _pages(full.outdir, folder), fast


@pytest.mark.parametrize("builder", ["html", "dirhtml"])
def test_paper_pages_are_what_the_themes_full_render_writes(tmp_path, monkeypatch, builder):
    # liang-luo: pydata-sphinx-theme, sphinxext-opengraph, sphinx-sitemap, a site
    # address (canonical links), the CV page in the header, math in titles.
    source = copy_portfolio("liang-luo", tmp_path)
    fast, filled, full, built = _fast_and_full(source, tmp_path, monkeypatch, builder, "publications")
    assert len(fast) == 31
    assert fast.keys() == full.keys()
    for name, content in full.items():
        assert fast[name] == content, name
    # Filled in: all but the pages each skeleton is made from and checked against.
    assert len(filled) >= len(fast) - 2 * 2
    # The theme's own page: its header (search, colour modes, icons) and footer.
    name = "publications/index.html" if builder == "dirhtml" else "publications.html"
    listing = BeautifulSoup((built.outdir / name).read_text(), "html.parser")
    some = sorted(fast)[0]
    paper = BeautifulSoup(fast[some].decode(), "html.parser")
    for selector in (
        "header.bd-header .navbar-header-items",
        "header.bd-header button.search-button",
        "header.bd-header button.theme-switch-button",
        "header.bd-header .navbar-icon-links",
        "header.bd-header button.primary-toggle",
        "footer.bd-footer",
    ):
        assert paper.select(selector), selector
        assert len(paper.select(selector)) == len(listing.select(selector)), selector
    current = paper.select("header.bd-header .navbar-nav li.current > a")
    assert [a.get_text(strip=True) for a in current] == ["Publications"]
    # The list's own entry is not "this page" there: the paper page is.
    assert not paper.select("header.bd-header .navbar-nav [aria-current]")
    labels = [a.get_text(strip=True) for a in paper.select("header.bd-header .navbar-nav a")]
    assert labels == [a.get_text(strip=True) for a in listing.select("header.bd-header .navbar-nav a")]


def test_member_pages_mark_the_people_page(tmp_path):
    built = build_project(ROOTS / "test-group-table", tmp_path / "_build")
    page = built.page("people/sefton")
    current = page.select("header.bd-header .navbar-nav li.current > a")
    assert [a.get_text(strip=True) for a in current] == ["People"]
    assert page.select_one("header.bd-header button.search-button")


def test_lean_themes_keep_the_lean_page(tmp_path):
    built = build_project(
        ROOTS / "test-links", tmp_path / "_build", overrides={"html_theme": "alabaster"}
    )
    paper = built.page("publications/standard")
    assert paper.select_one("body.bibfolio-paper-site header.bibfolio-site-header")
    assert not paper.select_one("header.bd-header")
