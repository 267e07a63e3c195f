"""The CV page reads as a CV (issue 45): a header, every date in its column, a line per project.

The site is tests/roots/test-cv-projects: a fictional researcher with education, papers,
projects (one with a picture), talks, teaching and news.
"""

from __future__ import annotations

import shutil
from typing import TYPE_CHECKING

import pytest
from docutils import nodes

from bibfolio.cv.dates import date_columns, date_talks, split_dates
from bibfolio.cv.projects import project_lines
from bibfolio.cv.source import drop_empty_sections

from .helpers import build_project
from .test_cv import text_of
from .test_cv_page import main_of, soup_of, text

if TYPE_CHECKING:
    from pathlib import Path

    from bs4 import BeautifulSoup

    from .helpers import Built


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory, rootdir: Path) -> Built:
    base = tmp_path_factory.mktemp("cv-projects")
    shutil.copytree(rootdir / "test-cv-projects", base / "site")
    return build_project(base / "site", base / "_build")


@pytest.fixture(scope="module")
def cv(built: Built) -> BeautifulSoup:
    assert built.warnings == ""
    return main_of(soup_of(built.outdir / "cv.html"))


def dated(main: BeautifulSoup) -> list[tuple[str, str]]:
    """(item, date) of every item with its date in the column, in page order."""
    return [
        (text(d.parent.select_one(".bibfolio-cv-item")), text(d))
        for d in main.select(".bibfolio-cv-dated > .bibfolio-cv-date")
    ]


def test_the_header_says_who_and_how_to_reach_them(cv: BeautifulSoup) -> None:
    assert [text(h1).rstrip("#") for h1 in cv.find_all("h1")] == ["Priya Raman"]
    header = cv.select_one("h1 + .bibfolio-cv-header")
    assert [text(s) for s in header.select(".bibfolio-cv-facts > span")] == [
        "Assistant Professor of Statistics",
        "University of Example",
    ]
    contact = [(text(a), a["href"]) for a in header.select(".bibfolio-cv-contact a")]
    assert contact == [
        ("priya@example.org", "mailto:priya%40example.org"),
        ("Google Scholar", "https://scholar.google.com/citations?user=AbCdEfGhIjK"),
        ("GitHub", "https://github.com/priyaraman"),
        ("priya.example.org", "https://priya.example.org/"),
    ]
    pdfs = [(text(a), a["href"]) for a in header.select(".bibfolio-cv-pdfs a")]
    assert pdfs == [("full CV", "cv.pdf"), ("one page", "cv-short.pdf")]
    # Not the page's description: that is the CV's first text, not the contact line.
    description = soup_of_page(cv).find("meta", attrs={"property": "og:description"})
    assert description["content"].startswith("Priya Raman: Education & Experience: Education:")


def soup_of_page(main: BeautifulSoup) -> BeautifulSoup:
    while main.parent is not None:
        main = main.parent
    return main


def test_every_dated_item_has_its_date_in_the_column(cv: BeautifulSoup) -> None:
    assert dated(cv) == [
        ("Ph.D. in Statistics", "2018 – 2023"),
        ("B.Sc. in Mathematics", "2014 – 2018"),
        ("Assistant Professor, University of Example", "2023 – present"),
        ("Research intern, Example Labs", "Summer 2021"),
        # Publications: each entry's year, its line as on the site.
        (
            "Sparse Attention for Streaming Sensor Data. Priya Raman and Chidi Okafor. "
            "Journal of Example Systems, 2024.",
            "2024",
        ),
        (
            "Edge Inference under Tight Memory Budgets. Chidi Okafor and Priya Raman. In "
            "Proceedings of the Workshop on Example Machine Learning, 2023.",
            "2023",
        ),
        (
            "A Survey of Streaming Statistics. Priya Raman. arXiv preprint arXiv:2201.00001, 2022.",
            "2022",
        ),
        ("Edge Inference — Inference on devices with a few megabytes of memory.", "since 2023"),
        (
            "Streaming Sensors — Sparse attention for streams of sensor readings, in real time.",
            "2021–2024",
        ),
        # Talks: the date out of the line ("…, Springfield, March 2024.").
        ("Sparse attention for sensors. Example Statistics Seminar, Springfield.", "March 2024"),
        ("Memory budgets at the edge. Workshop on Example Systems.", "June 15, 2023"),
    ]
    assert (
        len(cv.select("li.bibfolio-cv-entry"))
        == len(cv.select("li.bibfolio-cv-entry > p.bibfolio-cv-dated"))
        == 3
    )
    # A table's last column of dates is the table's date column.
    assert [text(c) for c in cv.select("table .bibfolio-cv-date")] == [
        "Term",
        "Fall 2024",
        "Spring 2023",
    ]


def test_projects_are_one_line_each_never_their_pages(built: Built, cv: BeautifulSoup) -> None:
    (listing,) = cv.select("ul.bibfolio-cv-projects")
    links = [(text(a), a["href"]) for a in listing.select("li > p > .bibfolio-cv-item strong a")]
    assert links == [
        ("Edge Inference", "projects/edge.html"),
        ("Streaming Sensors", "projects/sensors.html"),
    ]
    assert [len(li.find_all("p")) for li in listing.select("li")] == [1, 1]
    # No card, picture, tag, button or filter; no project's description or papers.
    assert cv.find("img") is None
    assert not cv.select(
        '[class*="bibfolio-project-"], .bibfolio-project-filter, .bibfolio-projects'
    )
    page = text(cv)
    assert "The long description" not in page and "Another page's text" not in page
    assert page.count("Sparse Attention for Streaming Sensor Data") == 1
    # In a CV's order: after the publications, before the talks.
    headings = [text(h2).rstrip("#") for h2 in cv.find_all("h2")]
    assert headings == ["Education & Experience", "Publications", "Projects", "Talks", "Teaching"]
    # The PDF: the same lines, no project page either.
    pdf = " ".join(text_of(built.outdir / "cv.pdf").split())
    assert "Edge Inference — Inference on devices with a few megabytes of memory. since 2023" in pdf
    assert "The long description" not in pdf and "Another page" not in pdf
    assert (
        "Streaming Sensors — Sparse attention for streams of sensor readings, in real time. 2021–2024"
        in pdf
    )


def test_no_heading_stands_alone(cv: BeautifulSoup) -> None:
    """The home page's news (never on a CV) and selected papers (the full list has them)."""
    for section in cv.select("section section"):
        body = [c for c in section.find_all(recursive=False) if c.name not in ("h2", "h3", "h4")]
        assert any(text(c) or c.find("img") for c in body), section.find(["h2", "h3"])
    headings = [text(h).rstrip("#") for h in cv.select("h2, h3")]
    assert "News" not in headings and "Selected publications" not in headings
    assert "Joined the University of Example" not in text(cv)


# -- the parts, without Sphinx ------------------------------------------------------------
def _talk(*children: nodes.Node) -> nodes.paragraph:
    return nodes.paragraph("", "", *children, classes=["bibfolio-talk-line"])


def _date(value: str) -> nodes.inline:
    return nodes.inline("", value, classes=["bibfolio-talk-date"])


@pytest.mark.parametrize(
    ("line", "item", "date"),
    [
        (
            _talk(nodes.strong("", "T"), nodes.Text(". "), nodes.emphasis("", "Event"),
                  nodes.Text(", "), nodes.inline("", "Place"), nodes.Text(", "),
                  _date("March 2024"), nodes.Text(".")),
            "T. Event, Place.", "March 2024",
        ),
        (_talk(nodes.strong("", "T"), nodes.Text(". "), _date("2024"), nodes.Text(".")), "T.", "2024"),
        (_talk(nodes.emphasis("", "Colloquium"), nodes.Text(", "), _date("1999"), nodes.Text(".")),
         "Colloquium.", "1999"),
    ],
)  # fmt: skip
def test_a_talks_date_leaves_its_line_for_the_column(
    line: nodes.paragraph, item: str, date: str
) -> None:
    assert date_talks(nodes.section("", line)) == 1
    assert [child.astext() for child in line.children] == [item, " ", date]
    assert "bibfolio-cv-dated" in line["classes"]


def _table(*rows: tuple[str, ...]) -> nodes.table:
    group = nodes.tgroup(cols=len(rows[0]))
    head, body = nodes.thead(), nodes.tbody()
    for index, cells in enumerate(rows):
        row = nodes.row("", *(nodes.entry("", nodes.paragraph("", cell)) for cell in cells))
        (head if index == 0 else body).append(row)
    group += [head, body]
    return nodes.table("", group)


def test_a_tables_last_column_of_dates_is_its_date_column() -> None:
    dates = _table(("Course", "Term"), ("Statistics", "Fall 2024"), ("Probability", "2019–2021"))
    words = _table(("Course", "Code"), ("Statistics", "STAT 4100"), ("Probability", "2021"))
    assert date_columns(nodes.section("", dates, words)) == 2
    marked = [e.astext() for e in dates.findall(nodes.entry) if "bibfolio-cv-date" in e["classes"]]
    assert marked == ["Term", "Fall 2024", "2019–2021"]
    assert not [e for e in words.findall(nodes.entry) if e["classes"]]


def test_empty_sections_go_and_a_picture_is_content() -> None:
    def section(name: str, *children: nodes.Node) -> nodes.section:
        return nodes.section("", nodes.title("", name), *children, ids=[name])

    picture = section("picture", nodes.paragraph("", "", nodes.image(uri="a.png")))
    empty = section("empty", nodes.comment("", "a comment"), nodes.target())
    nested = section("outer", section("inner"))
    root = nodes.section("", nodes.title("", "CV"), picture, empty, nested)
    drop_empty_sections(root)
    assert [s["ids"] for s in root.findall(nodes.section) if s is not root] == [["picture"]]


def test_a_projects_card_becomes_a_line_without_sphinx() -> None:
    card = nodes.container(
        "",
        nodes.image(uri="a.png", classes=["bibfolio-project-thumb"]),
        nodes.paragraph("", "", nodes.reference("", "Loom", refuri="loom.html"), classes=["bibfolio-project-title"]),
        nodes.paragraph("", "Cards that weave.", classes=["bibfolio-project-summary"]),
        nodes.paragraph("", "", nodes.inline("", "2021–2024", classes=["bibfolio-project-years"]),
                        nodes.inline("", "looms", classes=["bibfolio-project-tag"]), classes=["bibfolio-project-meta"]),
        nodes.paragraph("", "", nodes.reference("", "Code", refuri="https://example.org"), classes=["bibfolio-project-links"]),
        classes=["bibfolio-project-card"],
    )  # fmt: skip
    grid = nodes.container("", card, classes=["bibfolio-projects"])
    root = nodes.section("", nodes.title("", "Projects"), grid)
    assert project_lines(root) == 1
    (listing,) = root.findall(nodes.bullet_list)
    assert listing["classes"] == ["bibfolio-cv-projects"]
    assert listing.astext() == "Loom — Cards that weave. 2021–2024"
    assert not list(root.findall(nodes.image))
    split_dates(root)  # nothing more to move: one date, the years
    dates = [n for n in root.findall(nodes.inline) if "bibfolio-cv-date" in n["classes"]]
    assert [n.astext() for n in dates] == ["2021–2024"]


def test_demo_portfolios_date_every_publication(
    built_mingyu_liang: Built, built_liang_luo: Built
) -> None:
    for built_site in (built_mingyu_liang, built_liang_luo):
        main = main_of(soup_of(built_site.outdir / "cv.html"))
        entries = main.select("li.bibfolio-cv-entry")
        assert entries
        undated = [
            text(li)[:60]
            for li in entries
            if not li.select("p.bibfolio-cv-dated > .bibfolio-cv-date")
        ]
        assert undated == []
        for li in entries:  # the column's year is the one the entry's line gives
            year = text(li.select_one(".bibfolio-cv-date"))
            assert year in text(li.select_one(".bibfolio-cv-item")), text(li)[:80]
