"""Nothing placeholder is published: a portfolio's pages and sections with nothing in them
yet are left out until they have something (build/emptypages.py).

The root tests/roots/test-empty-pages: ``teaching.md`` holds only comments (``%`` lines
and an HTML comment), ``news.md`` a ``{news}`` list whose file holds only comments, the
home page a "News" section with that list, ``honors.md`` an item and a "Service" section
of comments; ``talks.md`` lists a talk and ``publications.md`` the entries.
"""

from __future__ import annotations

import json
import re
import shutil
from typing import TYPE_CHECKING

import pytest
from pypdf import PdfReader

from bibfolio.scaffold import new_site
from bibfolio.testing import build_site, checks

from .helpers import REPO, build_project, heading_text

if TYPE_CHECKING:
    from pathlib import Path

    from .helpers import Built

ROOT = REPO / "tests" / "roots" / "test-empty-pages"
SAID = (
    "bibfolio: left out until they have something in them (only comments, or a news or "
    "talks list with no item): "
)
TEACHING = "\n- Analytical Engines, lecturer, 1844\n"
NEWS_ITEM = "- date: 1844-01-02\n  text: Began the notes on Note H.\n"


@pytest.fixture
def site(tmp_path: Path) -> Path:
    source = tmp_path / "site"
    shutil.copytree(ROOT, source)
    return source


def build(source: Path, fresh: bool = True) -> Built:
    return build_project(source, source.parent / "_build", fresh=fresh)


def header(built: Built, page: str = "index") -> list[str]:
    """The navbar's links, as a visitor reads them."""
    navbar = built.page(page).select_one("ul.bd-navbar-elements")
    return [link.get_text(strip=True) for link in navbar.select("a.nav-link")]


def headings(built: Built, page: str) -> list[str]:
    return [heading_text(h) for h in built.page(page).select("article h1, article h2")]


def cv_text(built: Built) -> str:
    return " ".join(
        " ".join(p.extract_text() for p in PdfReader(built.outdir / "cv.pdf").pages).split()
    )


def said(built: Built) -> list[str]:
    return [line for line in built.status.splitlines() if line.startswith(SAID)]


def test_empty_pages_and_sections_are_left_out(site):
    built = build(site)
    assert built.warnings == ""
    assert said(built) == [SAID + 'news.md, teaching.md, "Service" (honors.md), "News" (index.md)']
    # Out of the navigation, on every page (a paper page's too) ...
    for page in ("index", "honors", "teaching", "publications/notes1843"):
        assert header(built, page) == ["Publications", "Talks", "Honors", "CV"], page
    # ... and of the page: the sections with nothing in them are gone.
    assert headings(built, "index") == ["Ada Lovelace", "Selected publications"]
    assert headings(built, "honors") == ["Honors"]
    # Written (a kept link still works), but out of the sitemap and the search index.
    teaching = built.page("teaching")
    assert teaching.select_one('meta[name="robots"]')["content"] == "noindex"
    assert "Or write them as a list" not in str(teaching)  # the owner's HTML comment
    sitemap = (built.outdir / "sitemap.xml").read_text()
    assert re.findall(r"<loc>https://ada.example.org/(\w+)\.html</loc>", sitemap) == [
        "cv", "honors", "index", "publications", "talks"
    ]  # fmt: skip
    index = json.loads(
        re.search(r"Search\.setIndex\((.*)\)", (built.outdir / "searchindex.js").read_text())[1]
    )
    titles = dict(zip(index["docnames"], index["titles"], strict=True))
    assert titles["teaching"] == titles["news"] == ""
    assert "Teaching" not in index["alltitles"]
    # Out of the CV, page and PDF.
    assert "Teaching" not in built.text("cv")
    cv = cv_text(built)
    assert "Talks" in cv and "Honors" in cv
    assert "Teaching" not in cv and "News" not in cv and "Service" not in cv


def test_a_page_comes_back_when_it_has_something_incremental_build(site):
    build(site)
    with (site / "teaching.md").open("a") as page:
        page.write(TEACHING)
    built = build(site, fresh=False)
    assert built.warnings == ""  # the HTML comment left no raw node for the CV either
    assert said(built) == [SAID + 'news.md, "Service" (honors.md), "News" (index.md)']
    # Every page is written again: the unchanged ones' and the paper page's navigation too.
    for page in ("index", "honors", "publications/notes1843"):
        assert header(built, page) == ["Publications", "Teaching", "Talks", "Honors", "CV"]
    assert built.page("teaching").select_one('meta[name="robots"]') is None
    assert "teaching.html" in (built.outdir / "sitemap.xml").read_text()
    assert "Analytical Engines, lecturer, 1844" in cv_text(built)
    # A news item brings back the news page and the home page's section.
    with (site / "news.yml").open("a") as news:
        news.write(NEWS_ITEM)
    built = build(site, fresh=False)
    assert said(built) == [SAID + '"Service" (honors.md)']
    assert "News" in header(built, "talks")
    assert headings(built, "index") == ["Ada Lovelace", "News", "Selected publications"]
    # And back: a page emptied is left out again.
    (site / "teaching.md").write_text("# Teaching\n\n% Nothing this year.\n")
    built = build(site, fresh=False)
    assert said(built) == [SAID + 'teaching.md, "Service" (honors.md)']
    assert header(built, "index") == ["Publications", "News", "Talks", "Honors", "CV"]


def test_a_cv_that_names_empty_parts_leaves_them_out_without_a_warning(site):
    conf = site / "conf.py"
    conf.write_text(
        conf.read_text() + 'bibfolio_cv = ["talks", "teaching", "honors#service", "honors"]\n'
    )
    built = build(site)
    assert built.warnings == ""
    cv = cv_text(built)
    assert "On the Analytical Engine" in cv and "honorary membership" in cv
    assert "Teaching" not in cv and "Service" not in cv


def test_a_fresh_build_equals_an_incremental_one(site, tmp_path):
    build(site)
    with (site / "teaching.md").open("a") as page:
        page.write(TEACHING)
    incremental = build(site, fresh=False)
    fresh = build_project(site, tmp_path / "fresh")
    for page in ("index", "honors", "teaching", "publications/notes1843"):
        assert header(incremental, page) == header(fresh, page)


#: A page's markup after its title, and whether the page is empty.
CASES = [
    ("% a note\n", True),
    ("<!-- a note -->\n\n<!-- another\nover lines -->\n", True),
    ("(a-label)=\n\n% a note\n", True),
    ("```{news}\n```\n\n% a note\n", True),
    ("## Later\n\n% a note\n\n### Much later\n\n```{news}\n:limit: 2\n```\n", True),
    ("Some text.\n", False),
    ("<b>bold</b>\n", False),
    ("<!-- a note --> and text\n", False),
    ("```{talks}\n```\n", False),  # talks.yml has a talk
    ("## Later\n\nText.\n", False),
    ("```{toctree}\n:hidden:\n```\n", False),  # not nothing by the contract: kept
]


def test_what_counts_as_nothing(site):
    names = [f"case{number}" for number in range(len(CASES))]
    for name, (markup, _) in zip(names, CASES, strict=True):
        (site / f"{name}.md").write_text(f"# {name.title()}\n\n{markup}")
    index = (site / "index.md").read_text()
    (site / "index.md").write_text(index.replace("honors\n", "honors\n" + "\n".join(names) + "\n"))
    conf = site / "conf.py"
    conf.write_text(
        conf.read_text() + "html_theme_options = {'header_links_before_dropdown': 20}\n"
    )
    built = build(site)
    shown = header(built)
    assert [name for name, (_, empty) in zip(names, CASES, strict=True) if empty] == [
        name for name in names if name.title() not in shown
    ]


def test_a_project_that_is_no_portfolio_keeps_its_pages(site):
    conf = site / "conf.py"
    conf.write_text(
        conf.read_text().replace("bibfolio_portfolio = True", 'extensions += ["myst_parser"]')
    )
    built = build(site)
    assert "left out" not in built.status
    assert "Teaching" in built.page("teaching").get_text()
    assert built.page("teaching").select_one('meta[name="robots"]') is None
    assert [heading_text(h) for h in built.page("honors").select("h2")] == ["Service"]


def test_the_site_checks_look_for_no_empty_page(site, tmp_path):
    built = build_site(site, tmp_path / "html")
    assert built.returncode == 0, built.output
    assert checks.empty_pages(built) == {built.outdir / "news.html", built.outdir / "teaching.html"}
    checks.test_every_page_is_reachable_from_the_home_page(built)
    # A page no link reaches is still found.
    (built.outdir / "stray.html").write_text("<html><body>stray</body></html>")
    with pytest.raises(AssertionError):
        checks.test_every_page_is_reachable_from_the_home_page(built)


def test_a_site_from_bibfolio_new_with_pages_not_filled_in(tmp_path):
    # The pages as bibfolio new writes them without placeholders: comments only.
    site = tmp_path / "site"
    new_site(site, "Priya Raman")
    docs = site / "docs"
    (docs / "teaching.md").write_text("# Teaching\n\n% Your courses, e.g.\n% - CS 101, 2024\n")
    (docs / "honors.md").write_text("# Honors & Awards\n\n<!-- Your honors, e.g.\n- A prize -->\n")
    for name in ("news", "talks"):
        page = docs / f"{name}.md"
        page.write_text(f"# {name.title()}\n\n```{{{name}}}\n```\n")
        (docs / f"{name}.yml").write_text("# Your items, newest first (GUIDE.md).\n")
    built = build_site(docs, tmp_path / "html")
    assert built.returncode == 0, built.output
    assert "bibfolio: left out until they have something in them" in built.output
    navbar = built.soup(built.outdir / "index.html").select_one("ul.bd-navbar-elements")
    shown = [link.get_text(strip=True) for link in navbar.select("a.nav-link")]
    assert "Teaching" not in shown and "News" not in shown and "Talks" not in shown
    assert "Honors & Awards" not in shown
    assert "Publications" in shown
    for check in (
        checks.test_every_page_is_reachable_from_the_home_page,
        checks.test_no_internal_link_or_resource_is_dangling,
        checks.test_the_site_builds_with_n_and_w,
    ):
        check(built)
