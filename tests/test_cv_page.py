"""The CV as a web page: ``cv.html`` from the PDF's parts, in the site's theme (issue 15)."""

from __future__ import annotations

import re
import shutil
import subprocess
from typing import TYPE_CHECKING

import pytest
from bs4 import BeautifulSoup

from .audit import CHROMIUM
from .test_cv import ARTIFACTS, HOSTILE, flat, out_of_order, site_titles, text_of

if TYPE_CHECKING:
    from collections.abc import Callable
    from pathlib import Path

    from sphinx.testing.util import SphinxTestApp

    from .helpers import Built


def soup_of(path: Path) -> BeautifulSoup:
    return BeautifulSoup(path.read_text(encoding="utf-8"), "html.parser")


def main_of(soup: BeautifulSoup) -> BeautifulSoup:
    """The page's own content (the theme's article, or alabaster's body)."""
    return soup.select_one("article") or soup.select_one("div.body")


def text(element: BeautifulSoup) -> str:
    return " ".join(element.get_text().split())


def undated(words: str) -> str:
    """*words* without the brackets or comma before a year ("Meta (2024)" → "Meta 2024")."""
    return re.sub(r"(?:,\s*|\s*\()((?:19|20)\d\d)\)?", r" \1", words)


@pytest.mark.sphinx("html", testroot="cv")
def test_cv_page_is_the_pdfs_content_in_html(app: SphinxTestApp) -> None:
    app.build()
    assert not app.warning.getvalue()
    soup = soup_of(app.outdir / "cv.html")
    main = main_of(soup)
    # The owner's name heads it (the header: position, e-mail), the page is the CV.
    assert [h1.get_text(strip=True).rstrip("#¶") for h1 in soup.find_all("h1")] == ["Ada Lovelace"]
    assert soup.title.get_text().startswith("Curriculum Vitae")
    assert text(main.select_one(".bibfolio-cv-facts")) == "Analyst"
    contact = [(a.get_text(), a["href"]) for a in main.select(".bibfolio-cv-contact a")]
    assert contact == [("ada@example.org", "mailto:ada%40example.org")]
    assert soup.find("meta", attrs={"name": "robots"}) is None
    # The PDFs first, then the home page's text, then its parts' sections, in CV order.
    pdfs = main.select_one("p.bibfolio-cv-pdfs")
    assert [(a.get_text(), a["href"]) for a in pdfs.select("a")] == [
        ("full CV", "cv.pdf"),
        ("one page", "cv-short.pdf"),
    ]
    assert [text(h2).rstrip("¶") for h2 in main.find_all("h2")] == [
        "Education",
        "Publications",
        "Teaching",
    ]
    page = text(main)
    assert "Analyst of engines, notes and tables." in page
    assert [text(main.select_one(tag)) for tag in ("dt", "dd")] == [
        "Countess of Lovelace",
        "Ockham Park, 1835",
    ]
    assert [text(td) for td in main.select("td")] == ["Analytical Engines", "Fall 1843"]
    # Publications: every title once, in the site's order, the owner bold in each,
    # the marks and their legend once, the long list folded with the owner kept.
    entries = main.select("li.bibfolio-cv-entry")
    titles = ["Notes on the Analytical Engine", HOSTILE, "A Paper with Many Authors"]
    assert len(entries) == 3
    assert out_of_order(page, titles) == []
    assert page.count("Notes on the Analytical Engine") == 1  # the selected list is not repeated
    for li in entries:
        assert [s.get_text() for s in li.select("strong.bibfolio-owner")] == ["Ada Lovelace"]
    assert [p.get_text() for p in main.select("p.bibfolio-legend")] == ["*: equal contribution"]
    assert "A One, B Two, …, Ada Lovelace, and 5 others." in page
    assert "Best Paper Award" in page
    hrefs = [a["href"] for a in main.select("a.bibfolio-link")]
    assert hrefs == [
        "https://doi.org/10.1000/notes",
        "https://example.org/hostile",
        "https://arxiv.org/abs/2101.00001",
    ]
    # What stays on the site: chart, filter, reveals, BibTeX; the pages' own CV links.
    assert not main.select("svg, form, details, pre")
    assert "@misc" not in page
    assert "Download" not in page and "Also as a PDF and" not in page
    # Written by the builder's translator: escaped text, permalinks, unique ids.
    assert "<script>alert(1)</script>" in page
    assert main.find("script") is None
    ids = [element["id"] for element in soup.find_all(id=True)]
    assert len(ids) == len(set(ids))
    for link in main.select('a[href^="#"]'):
        assert soup.find(id=link["href"][1:]) is not None or link["href"] == "#"


@pytest.mark.sphinx("html", testroot="cv")
def test_pages_link_the_cv_page(app: SphinxTestApp) -> None:
    app.build()
    teaching = soup_of(app.outdir / "teaching.html")
    links = [(a.get_text(), a["href"]) for a in teaching.select("a.bibfolio-cv-link")]
    assert links == [("PDF", "cv.pdf"), ("a web page", "cv.html")]
    assert (app.outdir / "cv.html").is_file()


def test_dirhtml_cv_page_links_and_images(build_root: Callable[..., Built]) -> None:
    built = build_root("cv-media", "dirhtml")
    page = built.outdir / "cv" / "index.html"
    soup = soup_of(page)
    main = main_of(soup)
    assert [a["href"] for a in main.select("p.bibfolio-cv-pdfs a")] == ["../cv.pdf"]
    # Images: the page's, copied once to _images/, found from cv/.
    images = main.find_all("img")
    assert [img.get("alt") for img in images][:1] == ["A red banner"]
    assert len(images) == 3  # the unreadable one too: the site shows what it shows
    for img in images:
        assert (page.parent / img["src"]).resolve().is_file(), img["src"]
    assert "The engine’s outline." in text(main)
    # Footnotes: the reference and the note are on the page, linked both ways.
    reference = main.select_one("a.footnote-reference")
    note = soup.find(id=reference["href"][1:])
    assert "Published in Taylor’s Scientific Memoirs." in text(note)
    # Math: the site's own rendering of it (MathJax, loaded on this page), not the PDF's text.
    assert main.select(".math")
    assert any("mathjax" in script.get("src", "") for script in soup.find_all("script"))


def test_cv_page_off_and_not_a_portfolio(build_root: Callable[..., Built]) -> None:
    off = build_root("cv", overrides={"bibfolio_cv": False})
    assert not (off.outdir / "cv.html").exists()
    teaching = soup_of(off.outdir / "teaching.html")
    assert teaching.select("a.bibfolio-cv-link") == []
    assert "Also as a PDF and a web page." in text(teaching)
    cite_only = build_root("cv-unknown", overrides={"bibfolio_owner": []})
    assert not (cite_only.outdir / "cv.html").exists()


@pytest.mark.parametrize("builder", ["singlehtml", "epub"])
def test_no_cv_page_in_one_file_builds(build_root: Callable[..., Built], builder: str) -> None:
    """singlehtml is one page already (its page link is the PDF); an EPUB lists no CV page."""
    built = build_root("cv", builder)
    assert "bibfolio" not in built.warnings
    assert not list(built.outdir.rglob("cv.*html"))
    if builder == "singlehtml":
        soup = soup_of(built.outdir / "index.html")
        hrefs = [a["href"] for a in soup.select("a.bibfolio-cv-link")]
        assert hrefs == ["cv.pdf", "cv-short.pdf", "cv.pdf", "cv.pdf"]


def test_a_project_cv_page_wins(
    build_root: Callable[..., Built], tmp_path: Path, rootdir: Path
) -> None:
    source = tmp_path / "cv"
    shutil.copytree(rootdir / "test-cv", source)
    (source / "cv.md").write_text("# My own CV\n\nWritten by hand.\n", encoding="utf-8")
    toctree = (
        (source / "index.md").read_text(encoding="utf-8").replace("teaching\n", "teaching\ncv\n")
    )
    (source / "index.md").write_text(toctree, encoding="utf-8")
    built = build_root("cv")
    assert "My own CV" in (built.outdir / "cv.html").read_text(encoding="utf-8")
    teaching = soup_of(built.outdir / "teaching.html")
    assert [a["href"] for a in teaching.select("a.bibfolio-cv-link")] == ["cv.pdf", "cv.html"]


@pytest.mark.sphinx("html", testroot="profile", freshenv=True)
def test_profile_card_links_the_cv_page(app: SphinxTestApp) -> None:
    app.build()
    card = soup_of(app.outdir / "index.html").select_one("article div.bibfolio-profile")
    (link,) = card.select("a.bibfolio-profile-cv")
    assert (link.get_text(), link["href"]) == ("CV", "cv.html")
    assert not link.find("svg")  # a word, not an icon
    assert (app.outdir / "cv.html").is_file()


@pytest.mark.sphinx("html", testroot="profile", freshenv=True, confoverrides={"bibfolio_cv": False})
def test_profile_card_without_a_cv(app: SphinxTestApp) -> None:
    app.build()
    card = soup_of(app.outdir / "index.html").select_one("article div.bibfolio-profile")
    assert card.select(".bibfolio-profile-cv") == []
    assert "CV" not in card.get_text()


@pytest.mark.sphinx("text", testroot="profile", freshenv=True)
def test_profile_card_cv_link_is_left_out_of_text(app: SphinxTestApp) -> None:
    app.build()
    card_text = (app.outdir / "index.txt").read_text(encoding="utf-8")
    assert "GitHub" in card_text
    assert "CV" not in card_text.split()


# -- the real portfolio --------------------------------------------------------------------
def test_mingyu_liang_cv_page(built_mingyu_liang: Built) -> None:
    page = built_mingyu_liang.outdir / "cv.html"
    soup = soup_of(page)
    main = main_of(soup)
    assert len(soup.find_all("h1")) == 1
    assert soup.title.get_text() == "Curriculum Vitae — Mingyu Liang"
    # In the theme (the site's header and navigation), not in its navigation.
    nav = [a.get_text(strip=True) for a in soup.select(".navbar-header-items a.nav-internal")]
    assert nav == ["Education & Experience", "Publications", "Honors & Awards", "Teaching", "CV"]
    current = soup.select_one('.navbar-header-items a.nav-internal[aria-current="page"]')
    assert current.get_text(strip=True) == "CV"
    # Every heading, paragraph, list item and table cell of the CV's pages is on it, but
    # the home page's card and biography (bibfolio_cv does not name the home page).  A
    # date at an item's end is in the date column: "Meta (2024)" reads "Meta 2024".
    content, missing, checked = undated(text(main)), [], 0
    for name in ("index", "education-experience", "honors", "teaching"):
        site = built_mingyu_liang.page(name)
        for link in site.select("a.headerlink"):
            link.decompose()
        for element in main_of(site).select("h1, h2, h3, p, li, dt, dd, th, td"):
            if element.find_parent(class_=["bibfolio-entry", "bibfolio-home"]):
                continue  # publications are checked title by title; the card is the header
            if element.select(".bibfolio-cv-link") or element.find(["p", "ul"]):
                continue
            fact = undated(text(element))
            if not fact or fact in ("Mingyu Liang", "Selected publications"):
                continue  # the site's title; the selected list is the full list's papers
            if "bibfolio-entry" in element.get("class", []):
                continue
            checked += 1
            if fact not in content:
                missing.append(f"{name}: {fact}")
    assert checked >= 30  # the pages' facts, less the home page's card and biography
    # In CV order, not the toctree's (which has honors before teaching).
    assert [text(h2).rstrip("#¶") for h2 in main.find_all("h2")] == [
        "Education & Experience",
        "Publications",
        "Teaching",
        "Honors & Awards",
    ]
    # The PDF in the same order, the same items' dates flush right.
    pdf = flat(text_of(built_mingyu_liang.outdir / "cv.pdf"))
    sections = ["Education & Experience", "Publications", "Teaching", "Honors & Awards"]
    assert out_of_order(pdf, sections) == []
    assert "Cornell Graduate Fellowship 2019" in pdf
    assert missing == []
    titles = site_titles(built_mingyu_liang, "publications")
    assert out_of_order(content, titles) == []
    for li in main.select("li.bibfolio-cv-entry"):
        assert [s.get_text() for s in li.select("strong.bibfolio-owner")] == ["Mingyu Liang"]
    assert "I received my Ph.D." not in content  # the biography stays on the home page
    dates = [
        (text(d.parent.select_one(".bibfolio-cv-item")), text(d))
        for d in main.select(".bibfolio-cv-dated > .bibfolio-cv-date")
    ]
    assert dates[:5] == [
        ("Ph.D. in Electrical and Computer Engineering", "2024"),
        ("Bachelor in Computer Science", "2019"),
        ("Research intern, Meta", "2024"),
        ("Research intern, Meta", "2022"),
        ("Research intern, Google Brain", "2021"),
    ]
    assert ("Zhiyuan College Honors Scholarship", "2016, 2017") in dates
    # In the sitemap; linked from the home page's card and from the navbar.
    assert "/cv.html</loc>" in (built_mingyu_liang.outdir / "sitemap.xml").read_text()
    home = built_mingyu_liang.page("index")
    assert home.select_one('.bibfolio-profile a[href="cv.html"]').get_text() == "CV"
    assert home.select_one('.navbar-header-items a[href="cv.html"]').get_text(strip=True) == "CV"
    if CHROMIUM.is_file():
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        shot = ARTIFACTS / "web-mingyu-liang-cv.png"
        shot.unlink(missing_ok=True)
        subprocess.run(
            [
                str(CHROMIUM), "--headless", "--no-sandbox", "--disable-gpu",
                f"--screenshot={shot}", "--window-size=1280,2000", page.as_uri(),
            ],
            check=True, capture_output=True, timeout=120,
        )  # fmt: skip
        assert shot.stat().st_size > 10_000


def test_cv_page_rebuilds_only_when_its_parts_change(
    build_root: Callable[..., Built], tmp_path: Path
) -> None:
    first = build_root("cv")
    page = first.outdir / "cv.html"
    mtime = page.stat().st_mtime_ns
    build_root("cv", fresh=False)
    assert page.stat().st_mtime_ns == mtime  # nothing changed: not made again
    teaching = tmp_path / "cv" / "teaching.md"
    teaching.write_text(teaching.read_text().replace("Fall 1843", "Spring 1844"), encoding="utf-8")
    build_root("cv", fresh=False)
    assert [text(td) for td in main_of(soup_of(page)).select("td")] == [
        "Analytical Engines",
        "Spring 1844",
    ]
    # Switched off: the page an earlier build wrote is removed.
    off = build_root("cv", fresh=False, overrides={"bibfolio_cv": False})
    assert not off.warnings
    assert not page.exists()


def test_dates_at_an_items_end_go_to_the_date_column_without_sphinx() -> None:
    from docutils import nodes

    from bibfolio.cv.dates import split_dates

    def section(title: str) -> nodes.section:
        return nodes.section("", nodes.title(title, title))

    root = nodes.section("", nodes.title("Experience (2020)", "Experience (2020)"))
    root += section("Research intern, Meta (2024)")
    root += section("PhD (Sep 2019 – May 2024)")
    root += section("Talks in 2024 and beyond")  # no date at the end: left alone
    items = [
        "Cornell Graduate Fellowship, 2019",
        "Zhiyuan College Honors Scholarship, 2016, 2017.",
        "Reviewer for ICML (2023 – present)",
        "A prize named 2021",  # no comma, no brackets: not a date column
    ]
    root += nodes.bullet_list(
        "", *(nodes.list_item("", nodes.paragraph(text, text)) for text in items)
    )
    term = nodes.term("Ph.D. in Physics (2024)", "Ph.D. in Physics (2024)")
    root += nodes.definition_list("", nodes.definition_list_item("", term, nodes.definition()))
    assert split_dates(root) == 6
    dated = [
        (el.children[0].astext().strip(), el.children[-1].astext())
        for el in root.findall(nodes.Element)
        if "bibfolio-cv-dated" in el.get("classes", ())
    ]
    assert dated == [
        ("Research intern, Meta", "2024"),
        ("PhD", "Sep 2019 – May 2024"),
        ("Cornell Graduate Fellowship", "2019"),
        ("Zhiyuan College Honors Scholarship", "2016, 2017"),
        ("Reviewer for ICML", "2023 – present"),
        ("Ph.D. in Physics", "2024"),
    ]
    assert root[0].astext() == "Experience (2020)"  # the part's own title stays as written
    assert split_dates(root) == 0  # a second pass finds nothing more


def test_a_single_date_at_the_start_or_between_commas_goes_to_the_column_too() -> None:
    from docutils import nodes

    from bibfolio.cv.dates import split_dates

    items = [
        "2019–2023: Ph.D., Cornell University",
        "Sep 2019 — Research intern, Meta",
        "Ph.D., Cornell University, 2019 – 2023, advised by Ada Lovelace",
        "Lecturer, Fall 2024, Ockham College",
        # Two years: which one is the item's date is not clear; left as written.
        "2019: best paper of ICML 2018",
        "Fellowship, 2019, renewed, 2020, and again",
        "Award for work on 2019's data",  # a year, but neither first nor between commas
    ]
    root = nodes.section("", nodes.title("Education", "Education"))
    root += nodes.bullet_list(
        "", *(nodes.list_item("", nodes.paragraph(text, text)) for text in items)
    )
    title = "2024 – present: Engineer, Example Labs"
    root += nodes.section("", nodes.title(title, title))
    assert split_dates(root) == 5
    dated = [
        (el.children[0].astext().strip(), el.children[-1].astext())
        for el in root.findall(nodes.Element)
        if "bibfolio-cv-dated" in el.get("classes", ())
    ]
    assert dated == [
        ("Ph.D., Cornell University", "2019–2023"),
        ("Research intern, Meta", "Sep 2019"),
        ("Ph.D., Cornell University, advised by Ada Lovelace", "2019 – 2023"),
        ("Lecturer, Ockham College", "Fall 2024"),
        ("Engineer, Example Labs", "2024 – present"),
    ]
    untouched = [p.astext() for p in root.findall(nodes.paragraph)][4:]
    assert untouched == items[4:]
    assert split_dates(root) == 0


def test_cv_parts_follow_cv_order_not_the_toctrees() -> None:
    from bibfolio.cv.order import in_cv_order

    titles = {
        "index": "Ada Lovelace",
        "awards": "Honors & Awards",
        "lectures": "Teaching",
        "notes": "Notes on the Engine",  # of no known kind: after the rest, as listed
        "papers": "Publications",
        "jobs": "Experience",
        "school": "Education",
        "seminars": "Invited talks",
        "committees": "Service",
    }
    toctree = list(titles)
    assert in_cv_order(toctree, "index", titles.__getitem__) == [
        "index",
        "school",
        "jobs",
        "papers",
        "seminars",
        "lectures",
        "awards",
        "committees",
        "notes",
    ]
    # A page's name decides before its title: "education-experience" is education.
    assert in_cv_order(
        ["index", "teaching", "education-experience"], "index", lambda doc: "Timeline"
    ) == ["index", "education-experience", "teaching"]


def test_a_link_the_theme_shortens_is_shortened_on_the_cv_page(tmp_path: Path) -> None:
    """A GitHub address in a title reads on the CV page as the theme writes such links.

    pydata-sphinx-theme's post-transform shortens a link whose text is its address; the
    CV page's entries that have one stay where it sees them (cv/source.py).
    """
    from .helpers import build_project

    source = tmp_path / "src"
    source.mkdir()
    (source / "conf.py").write_text(
        'extensions = ["myst_parser", "sphinxcontrib.bibtex", "bibfolio"]\n'
        'bibtex_bibfiles = ["refs.bib"]\nbibfolio_owner = ["Ada Lovelace"]\n'
        'html_theme = "pydata_sphinx_theme"\nbibfolio_cv = ["index"]\n'
    )
    (source / "refs.bib").write_text(
        "@article{lovelace1843tool,\n  author = {Ada Lovelace},\n"
        "  title = {Notes at \\url{https://github.com/example/engine}},\n"
        "  journal = {Scientific Memoirs}, year = {1843},\n"
        "  url = {https://example.org/notes}\n}\n"
    )
    (source / "index.md").write_text("# Ada Lovelace\n\n## Papers\n\n```{publications}\n```\n")
    built = build_project(source, tmp_path / "out", overrides={"nitpicky": False})
    link = soup_of(built.outdir / "cv.html").select_one("li.bibfolio-cv-entry a.github")
    assert link is not None
    assert link.get_text() == "example/engine"
    assert link["href"] == "https://github.com/example/engine"


def test_only_entries_no_post_transform_changes_skip_the_post_transforms() -> None:
    """The CV page's plain entries skip the site's post-transforms; the others get them.

    A link whose text is its address (pydata-sphinx-theme shortens GitHub ones), math or
    inline code stay in the doctree the post-transforms see (cv/source.py).
    """
    from docutils import nodes

    from bibfolio.cv.source import _untouched

    def entry(*inline: nodes.Node) -> nodes.list_item:
        link = nodes.reference("", "PDF", refuri="https://example.org/a.pdf")
        return nodes.list_item(
            "",
            nodes.paragraph("", "", nodes.strong("", "Ada Lovelace"), nodes.Text(". "), *inline),
            nodes.paragraph("", "", link, classes=["bibfolio-links"]),
        )

    assert _untouched(entry(nodes.emphasis("", "Journal"), nodes.superscript("", "*")))
    url = "https://github.com/example/tool"
    assert not _untouched(entry(nodes.reference("", url, refuri=url)))
    assert not _untouched(entry(nodes.literal("", "code")))
    assert not _untouched(entry(nodes.reference("", "no address")))


@pytest.mark.sphinx("html", testroot="cv", freshenv=True)
def test_list_entries_cached_before_the_cv_page_are_reused_by_the_next_build(
    app: SphinxTestApp, make_app: Callable[..., SphinxTestApp]
) -> None:
    """The CV page stores the list entries' HTML cache and frees it (fragments.flush):
    what the site's pages rendered before it is not lost for the next build."""
    from bibfolio.build.fragments import _FILE

    (app.doctreedir / _FILE).unlink(missing_ok=True)  # earlier tests of this root
    (app.outdir / "cv.html").unlink(missing_ok=True)
    app.build(force_all=True)
    assert (app.outdir / "cv.html").is_file()
    made = re.search(r"(\d+) list entries rendered, 0 reused", app.status.getvalue())
    assert made is not None and int(made[1]) > 0
    again = make_app("html", srcdir=app.srcdir)
    again.build(force_all=True)
    assert f"0 list entries rendered, {made[1]} reused" in again.status.getvalue()
