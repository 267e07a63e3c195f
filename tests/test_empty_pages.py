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

from bibfolio.scaffold import new_portfolio, new_site
from bibfolio.testing import build_site, checks

from .helpers import REPO, build_project, heading_text

if TYPE_CHECKING:
    from pathlib import Path

    from .helpers import Built

ROOT = REPO / "tests" / "roots" / "test-empty-pages"
SAID = (
    "bibfolio: left out until they have something in them (only comments, or lists with "
    "nothing to show yet: news, talks, publications, posts): "
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


#: A post ABlog publishes, and one it keeps a draft (no date).
POST = "---\nblogpost: true\ndate: 1843-09-01\ntags: engines\n---\n\n# On Note G\n\nText.\n"
DRAFT = "---\nblogpost: true\n---\n\n# Unfinished\n\nText.\n"
ENTRY = (
    "@article{notes1843,\n  author = {Priya Raman},\n  title = {Notes on the Engine},\n"
    "  journal = {Scientific Memoirs},\n  year = {1843},\n}\n"
)
CHECKS = [
    getattr(checks, name) for name in checks.__all__ if name != "test_nothing_private_is_published"
]


def site_checks(site: Path, built) -> None:
    """Every check of bibfolio.testing, as the site's own tests run them."""
    for check in CHECKS:
        if "site_docs" in check.__code__.co_varnames:
            check(site / "docs", built)
        else:
            check(built)


def navbar(built, page: str = "index") -> list[str]:
    bar = built.soup(built.outdir / f"{page}.html").select_one("ul.bd-navbar-elements")
    return [link.get_text(strip=True) for link in bar.select("a.nav-link")]


def article_headings(built, page: str = "index") -> list[str]:
    soup = built.soup(built.outdir / f"{page}.html")
    return [heading_text(h) for h in soup.select("article h1, article h2")]


@pytest.mark.parametrize("kind", ["person", "posts", "group"])
def test_a_site_fresh_from_bibfolio_new_shows_its_name_alone(tmp_path, kind):
    site = tmp_path / "site"
    new_site(
        site, "Priya Raman", group="Raman Lab" if kind == "group" else None, posts=kind == "posts"
    )
    built = build_site(site / "docs", tmp_path / "html")
    assert built.returncode == 0, built.output
    assert "WARNING" not in built.output
    # Only the name (and a group's first member): no empty heading, no page, no CV.
    if kind == "group":
        assert article_headings(built) == ["Raman Lab", "People"]
        assert navbar(built) == ["People"]
    else:
        assert article_headings(built) == ["Priya Raman"]
        assert navbar(built) == []
    assert not (built.outdir / "cv.html").exists()
    article = built.soup(built.outdir / "index.html").select_one("article").get_text()
    assert "example" not in article.lower() and "replace" not in article.lower()
    site_checks(site, built)

    # The owner's data comes by itself: an entry, a news item (a post): no page edited.
    (site / "refs.bib").write_text((site / "refs.bib").read_text() + ENTRY)
    with (site / "docs" / "news.yml").open("a") as news:
        news.write(NEWS_ITEM)
    if kind == "posts":
        (site / "docs" / "posts").mkdir()
        (site / "docs" / "posts" / "note-g.md").write_text(POST)
    built = build_site(site / "docs", tmp_path / "html-2")
    assert built.returncode == 0, built.output
    if kind == "group":
        assert article_headings(built) == ["Raman Lab", "News", "Recent publications", "People"]
        assert navbar(built) == ["People", "Publications", "News"]
    else:
        latest = ["Latest posts"] if kind == "posts" else []
        assert article_headings(built) == ["Priya Raman", "News", *latest, "Recent publications"]
        posts = ["Posts"] if kind == "posts" else []
        assert navbar(built) == ["Publications", "News", *posts, "CV"]
        assert "Notes on the Engine" in built.soup(built.outdir / "cv.html").get_text()
    site_checks(site, built)


def test_a_list_that_shows_no_entry_is_nothing(site):
    (site / "refs.bib").write_text("% The publications, once there are some.\n")
    (site / "later.md").write_text("# Later\n\n```{publications}\n:filter: year > 1900\n```\n")
    index = (site / "index.md").read_text()
    (site / "index.md").write_text(index.replace("honors\n", "honors\nlater\n"))
    built = build(site)
    assert built.warnings == ""  # a .bib of comments alone is no mistake
    assert said(built) == [
        SAID + 'later.md, news.md, publications.md, teaching.md, "Service" (honors.md), '
        '"News" (index.md), "Selected publications" (index.md)'
    ]
    assert header(built) == ["Talks", "Honors", "CV"]
    assert headings(built, "index") == ["Ada Lovelace"]
    # Written, with neither an empty list nor its tools, legend or download.
    page = built.page("publications")
    assert page.select("article :is(ul, .bibfolio-tools, .bibfolio-legend, a[download])") == []
    # The filter that picks nothing, with entries in the file.
    (site / "refs.bib").write_text((ROOT / "refs.bib").read_text())
    built = build(site)
    assert said(built) == [
        SAID + 'later.md, news.md, teaching.md, "Service" (honors.md), "News" (index.md)'
    ]
    assert header(built) == ["Publications", "Talks", "Honors", "CV"]


def ablog_site(site: Path) -> Path:
    """The root with ABlog: a page of posts, and the home page's newest posts."""
    conf = site / "conf.py"
    conf.write_text(conf.read_text() + 'extensions += ["ablog"]\nblog_post_pattern = "posts/*"\n')
    (site / "posts.md").write_text("# Posts\n\n% One page each in posts/.\n\n```{postlist}\n```\n")
    (site / "posts").mkdir()
    index = (site / "index.md").read_text()
    index = index.replace(
        "## Selected", "(latest)=\n## Latest posts\n\n```{postlist} 3\n```\n\n## Selected"
    )
    (site / "index.md").write_text(index.replace("honors\n", "honors\nposts\n"))
    return site


def test_a_post_list_without_a_published_post_is_nothing(site):
    ablog_site(site)
    (site / "posts" / "unfinished.md").write_text(DRAFT)  # a draft is no post
    built = build(site)
    assert built.warnings.count("WARNING") == 1 and "[bibfolio.post]" in built.warnings
    assert said(built) == [
        SAID + 'news.md, posts.md, teaching.md, "Service" (honors.md), "News" (index.md), '
        '"Latest posts" (index.md)'
    ]
    assert header(built) == ["Publications", "Talks", "Honors", "CV"]
    assert headings(built, "index") == ["Ada Lovelace", "Selected publications"]
    assert built.page("index").select_one("#latest") is not None  # its label's place
    assert built.page("posts").select_one('meta[name="robots"]')["content"] == "noindex"
    # A post, and the page and the section come back (incrementally: nothing else read).
    (site / "posts" / "note-g.md").write_text(POST)
    built = build(site, fresh=False)
    assert said(built) == [SAID + 'news.md, teaching.md, "Service" (honors.md), "News" (index.md)']
    assert header(built, "talks") == ["Publications", "Talks", "Honors", "Posts", "CV"]
    assert headings(built, "index") == ["Ada Lovelace", "Latest posts", "Selected publications"]
    # The label's id is the section's (Sphinx 9.0, docutils 0.22), or an anchor at the
    # section's start (Sphinx 8.2, docutils 0.21: nox -s lowest).
    latest = built.page("index").select_one("#latest")
    latest = latest if latest.name == "section" else latest.find_parent("section")
    assert "On Note G" in latest.get_text()
    # And the page's table of contents has the section again (read again meanwhile).
    fresh = build_project(site, site.parent / "fresh")
    assert headings(fresh, "index") == headings(built, "index")


def test_a_link_to_a_label_in_a_section_left_out_lands_on_its_page(site, tmp_path):
    honors = site / "honors.md"
    honors.write_text(honors.read_text().replace("## Service", "(service)=\n## Service"))
    (site / "talks.md").write_text((site / "talks.md").read_text() + "\nSee {ref}`service`.\n")
    built = build(site)
    assert built.warnings == ""
    link = built.page("talks").select_one('article a[href^="honors.html"]')
    assert link["href"] == "honors.html#service"
    assert built.page("honors").find(id="service") is not None  # where the section was
    assert headings(built, "honors") == ["Honors"]
    checks.test_no_internal_link_or_resource_is_dangling(build_site(site, tmp_path / "html"))


def test_a_cv_is_made_once_it_has_something_beside_the_name(tmp_path):
    site = tmp_path / "site"
    new_portfolio(site, "Priya Raman")
    built = build_project(site, tmp_path / "fresh")
    assert built.warnings == ""
    assert not (built.outdir / "cv.html").exists() and not (built.outdir / "cv.pdf").exists()
    assert header(built) == []
    assert built.page("index").select(".bibfolio-profile a") == []  # no CV button either
    # A section of the home page the CV keeps (not the card, the news or the posts).
    home = site / "index.md"
    home.write_text(home.read_text().replace("## News", "## Research\n\nLooms.\n\n## News"))
    built = build_project(site, tmp_path / "research")
    assert header(built) == ["CV"]
    assert "Looms." in built.text("cv")
