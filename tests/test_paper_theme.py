"""Paper pages in pydata-sphinx-theme's page.html: the site's header and footer, made fast.

The pages are filled into one render of the theme's page per kind of page
(pages/themeskeleton.py); these tests compare them, byte for byte and without any
normalisation, with the pages the theme itself writes when every paper page goes through
``builder.handle_page`` and a full render of ``page.html`` (the theme's handlers checking
every template of its header for emptiness on every page, as they do for documents).
"""

from __future__ import annotations

import shutil
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
    # address (canonical links), the list on the home page, math in titles.
    source = copy_portfolio("liang-luo", tmp_path)
    fast, filled, full, _built = _fast_and_full(
        source, tmp_path, monkeypatch, builder, "publications"
    )
    assert len(fast) == 31
    assert fast.keys() == full.keys()
    for name, content in full.items():
        assert fast[name] == content, name
    # Filled in: all but the pages each skeleton is made from and checked against.
    assert len(filled) >= len(fast) - 2 * 2


def test_paper_pages_wear_the_lists_header_with_its_section_marked(tmp_path, monkeypatch):
    # mingyu-liang: a publications page under the home page, the CV page in the header.
    source = copy_portfolio("mingyu-liang", tmp_path)
    fast, filled, full, built = _fast_and_full(
        source, tmp_path, monkeypatch, "html", "publications"
    )
    assert len(fast) == 5
    assert fast == full
    assert filled
    # The theme's own page: its header (search, colour modes, icons, phone menu), footer.
    listing = BeautifulSoup((built.outdir / "publications.html").read_text(), "html.parser")
    for name, content in fast.items():
        paper = BeautifulSoup(content.decode(), "html.parser")
        for selector in (
            "header.bd-header .navbar-header-items",
            "header.bd-header button.search-button",
            "header.bd-header button.theme-switch-button",
            "header.bd-header .navbar-icon-links a",
            "header.bd-header button.primary-toggle",
            "footer.bd-footer",
        ):
            assert paper.select(selector), (name, selector)
            assert len(paper.select(selector)) == len(listing.select(selector)), (name, selector)
        current = paper.select("header.bd-header .navbar-nav li.current > a")
        assert [a.get_text(strip=True) for a in current] == ["Publications"], name
        # The list's entry is not "this page" there: the paper page is.
        assert not paper.select("header.bd-header .navbar-nav [aria-current]"), name
        labels = [a.get_text(strip=True) for a in paper.select("header.bd-header .navbar-nav a")]
        theirs = listing.select("header.bd-header .navbar-nav a")
        assert labels == [a.get_text(strip=True) for a in theirs], name


def test_rich_and_hostile_titles_are_the_full_render(tmp_path, monkeypatch):
    # Math and escapes in titles (the <title>'s striptags|e, the breadcrumbs' markup), a
    # site address (canonical links), and titles holding markup and script end tags.
    for root in ("test-latex", "test-hostile"):
        source = tmp_path / root
        shutil.copytree(ROOTS / root, source)
        conf = source / "conf.py"
        conf.write_text(
            conf.read_text()
            + '\nhtml_theme = "pydata_sphinx_theme"\nhtml_baseurl = "https://example.org/s/"\n'
        )
        fast, filled, full, _built = _fast_and_full(
            source, tmp_path / f"{root}-out", monkeypatch, "html", "publications"
        )
        assert fast == full, root
        assert filled, root
    math = (tmp_path / "test-latex-out/fast/html/publications/math.html").read_text()
    assert "<title>Sorting in O(n2) with α-tuning &#8212; " in math
    assert '<link rel="canonical" href="https://example.org/s/publications/math.html"' in math


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


class _Builder:
    """What the skeletons ask of the builder: its global context and page addresses."""

    def __init__(self, globalcontext: dict) -> None:
        self.globalcontext = globalcontext

    def get_target_uri(self, page: str) -> str:
        return page + ".html"


class _Script:
    """A stylesheet or script as Sphinx keeps one: compared by file and attributes."""

    def __init__(self, filename: str, **attributes: str) -> None:
        self.filename, self.attributes = filename, attributes

    def __str__(self) -> str:
        return self.filename

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Script) and (self.filename, self.attributes) == (
            other.filename,
            other.attributes,
        )

    def __hash__(self) -> int:
        return hash(self.filename)


def test_a_pages_kind_is_what_it_would_be_without_the_last_pages(tmp_path):
    # The key reuses what it worked out for the last page where a value is equal and
    # names neither page; each page's key must be the one worked out afresh.
    shared = _Script("_static/theme.js")
    build_own = ["the build's own list"]
    builder = _Builder({"theme_list": build_own})
    kept = ["a", "b"]

    def page(name: str, **values) -> dict:
        scripts = [shared, _Script("", body=f"pagename = '{name}';")]
        context = {
            "pagename": name, "title": "T", "body": "B", "metatags": "",
            "theme_list": build_own, "script_files": scripts, "links": ["publications/b"],
            "kept": kept, "pathto": lambda other: other,
        }  # fmt: skip
        context.update(values)
        return context

    pages = [
        page("publications/a"),
        page("publications/c"),
        # Equal to the last page's, but naming this page: masked on this page alone.
        page("publications/b"),
        page("publications/d"),
    ]
    cached = themeskeleton.ThemePageSkeletons(None, builder)
    keys = []
    for context in pages:
        keys.append(cached._key(context))
        assert keys[-1] == themeskeleton.ThemePageSkeletons(None, builder)._key(context)
    assert keys[0] == keys[1] == keys[3] != keys[2]
    # The same list, changed in place since the last page: keyed as it is now.
    kept.append("c")
    changed = page("publications/e")
    assert cached._key(changed) == themeskeleton.ThemePageSkeletons(None, builder)._key(changed)
    assert cached._key(changed) != keys[3]
    # A value of the build's own replaced on one page: part of that page's kind.
    replaced = page("publications/f", theme_list=["this page's own"])
    assert cached._key(replaced) == themeskeleton.ThemePageSkeletons(None, builder)._key(replaced)
    assert cached._key(replaced) != cached._key(page("publications/g"))
