"""examples/mingyu-liang is the portfolio of the researcher in seed 000: every seed fact, nothing more.

The template publishes the same portfolio as docs/ (tests/test_own_portfolio.py keeps the
two identical); these tests read the copy, so they run in a fork that replaced docs/ too.
"""

from __future__ import annotations

import re
from urllib.parse import unquote

import pytest

from .helpers import build_project, copy_portfolio

pytestmark = pytest.mark.portfolio

INTERNSHIPS = [
    ("2024", "Meta", "Krishna Malladi", "Hardware architecture design for ML inference"),
    ("2022", "Meta", "Wenyin Fu", "Production AI benchmarks generation"),
    (
        "2021",
        "Google Brain",
        "Martin Maas",
        "Large-scale distributed ML workloads training and scheduling",
    ),
]
AWARDS = [
    ("ML and Systems Rising Stars, ML Commons", "2023"),
    (
        "IEEE Micro’s Top Picks, for the paper “Ditto: End-to-End Application Cloning for Networked Cloud Services”",
        "2023",
    ),
    (
        "IEEE Micro’s Top Picks, for the paper “Sage: Practical & Scalable ML-Driven Performance Debugging in Microservices”",
        "2021",
    ),
    ("Cornell Graduate Fellowship", "2019"),
    ("Zhiyuan College Honors Scholarship", "2016, 2017"),
]
COURSES = [
    ("Computer Architecture", "ECE 4750", "Fall 2024"),
    ("Embedding Systems", "ECE 3140", "Spring 2023"),
    ("Datacenter Computing", "ECE 5710", "Spring 2021"),
]
PAPERS = {
    "liang2025lumos": "Lumos: Efficient Performance Modeling and Estimation for Large-scale LLM Training",
    "liang2024finegrained": "Fine-grained Trace-driven Performance Modeling and Simulation for Large-scale ML Training",
    "liang2023mystique": "Mystique: Enabling Accurate and Scalable Generation of Production AI Benchmarks",
    "liang2023ditto": "Ditto: End-to-End Application Cloning for Networked Cloud Services",
    "gan2021sage": "Sage: Practical & Scalable ML-Driven Performance Debugging in Microservices",
}


def test_fresh_build_has_no_warnings(built_mingyu_liang):
    assert built_mingyu_liang.warnings == ""


def test_home_biography_position_contact(built_mingyu_liang):
    text = built_mingyu_liang.text("index")
    assert (
        "I received my Ph.D. from Cornell University in 2024, advised by Prof. Christina Delimitrou."
        in text
    )
    assert (
        "My research focuses on improving the performance and efficiency of cloud and machine learning systems."
        in text
    )
    assert "I was a research intern at Google Brain in 2021 and at Meta in 2022 and 2024." in text
    assert (
        "Before joining Cornell, I obtained my B.S. degree from Shanghai Jiao Tong University."
        in text
    )
    assert "software engineer at Google DeepMind, working on Gemini serving performance" in text
    # Sphinx cloaks addresses against harvesters ("%40"); the link still mails the seed's address.
    # The card shows it once, as text after an envelope (test_profile.py).
    mail = built_mingyu_liang.page("index").select('article a[href^="mailto:"]')
    assert [(unquote(a["href"]), " ".join(a.get_text().split())) for a in mail] == [
        ("mailto:ml2585@cornell.edu", "Email ml2585@cornell.edu")
    ]


def test_education_and_internships(built_mingyu_liang):
    text = built_mingyu_liang.text("education-experience")
    assert re.search(
        r"Ph\.D\. in Electrical and Computer Engineering \(2024\) Cornell University\. "
        r"Advised by Prof\. Christina Delimitrou\.",
        text,
    )
    assert re.search(r"Bachelor in Computer Science \(2019\) Shanghai Jiao Tong University", text)
    for year, company, mentor, project in INTERNSHIPS:
        assert (
            f"Research intern, {company} ({year}) Mentored by {mentor}. Project: {project}." in text
        )


def test_awards_with_years_and_cite_links(built_mingyu_liang):
    soup = built_mingyu_liang.page("honors")
    items = [" ".join(li.get_text(" ").split()) for li in soup.select("article li")]
    assert len(items) == len(AWARDS)
    for (award, year), item in zip(AWARDS, items, strict=True):
        assert item.startswith(award), item
        assert item.endswith(year), item
    links = [a["href"] for a in soup.select("article span.bibtex-citation a")]
    assert links == ["publications.html#pub-liang2023ditto", "publications.html#pub-gan2021sage"]
    publications = built_mingyu_liang.page("publications")
    for href in links:
        assert publications.find("li", id=href.split("#")[1]) is not None


def test_courses_with_codes_and_terms(built_mingyu_liang):
    rows = [
        tuple(td.get_text(strip=True) for td in tr.find_all("td"))
        for tr in built_mingyu_liang.page("teaching").select("article tbody tr")
    ]
    assert rows == COURSES


def test_navigation_and_icon_links_are_only_what_the_seed_supports(built_mingyu_liang):
    soup = built_mingyu_liang.page("index")
    header = soup.select_one(".bd-header")
    nav = [
        a.get_text(strip=True)
        for a in header.select(".navbar-header-items a.nav-link.nav-internal")
    ]
    # The home page's toctree, then the CV page bibfolio writes.
    assert nav == ["Education & Experience", "Publications", "Honors & Awards", "Teaching", "CV"]
    assert header.select_one('a.nav-link[href="cv.html"]').get_text(strip=True) == "CV"
    icons = sorted({a["href"] for a in header.select(".navbar-icon-links a")})
    assert icons == ["mailto:ml2585@cornell.edu"]
    for name in ("index", "education-experience", "honors", "teaching"):
        external = [  # outside the publication entries, whose links come from refs.bib
            a["href"]
            for a in built_mingyu_liang.page(name).select("article a[href]")
            if a["href"].startswith(("http:", "https:"))
            and not a.find_parent("li", class_="bibfolio-entry")
        ]
        assert external == [], name


def test_publications_list_the_five_papers_with_the_owner_bold(built_mingyu_liang):
    soup = built_mingyu_liang.page("publications")
    entries = soup.select("li.bibfolio-entry")
    assert sorted(li["id"] for li in entries) == sorted(f"pub-{key}" for key in PAPERS)
    for li in entries:
        key = li["id"][4:]
        assert li.select_one(".bibfolio-title").get_text() == PAPERS[key]
        assert [s.get_text() for s in li.select("strong.bibfolio-owner")] == ["Mingyu Liang"]
    ditto = soup.find("li", id="pub-liang2023ditto")
    assert "Mingyu Liang*, Yu Gan*, Yueying Li" in ditto.select_one(".bibfolio-authors").get_text()
    assert ditto.select_one(".bibfolio-badge").get_text() == "ASPLOS’23"
    assert "IEEE Micro's Top Picks" in ditto.select_one(".bibfolio-award").get_text()
    links = {a.get_text(): a["href"] for a in ditto.select("a.bibfolio-link")}
    assert links["DOI"] == "https://doi.org/10.1145/3575693.3575751"
    assert [p.get_text() for p in soup.select("p.bibfolio-legend")] == ["*: equal contribution"]


@pytest.mark.parametrize("builder", ["latex", "text"])
def test_latex_and_text_builds_are_clean(builder, tmp_path):
    source = copy_portfolio("mingyu-liang", tmp_path)
    built = build_project(source, tmp_path / "_build", builder)
    assert built.warnings == ""
    if builder == "latex":
        tex = next(built.outdir.glob("*.tex")).read_text()
        assert tex.count(r"\sphinxstylestrong{Mingyu Liang}") == 10  # 5 on the list, 5 selected
    else:
        text = (built.outdir / "publications.txt").read_text()
        assert text.count("**Mingyu Liang**") == 5
