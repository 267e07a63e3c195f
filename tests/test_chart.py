"""The publications-per-year chart of the demos: the numbers of their refs.bib, well-formed.

Liang Luo's 31 entries over eleven years get one; Mingyu Liang's 5 entries over four
years do not (a portfolio's chart starts at 5 distinct years, its filter at 20 entries).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections import Counter

import pybtex.database
import pytest

from .helpers import REPO, page

SVG = "{http://www.w3.org/2000/svg}"
PORTFOLIOS = {
    "liang-luo": (REPO / "examples" / "liang-luo" / "refs.bib", "index"),
}
GROUP_OF_TYPE = {"article": "journal", "inproceedings": "conference"}


@pytest.fixture(params=sorted(PORTFOLIOS))
def chart(request, built_liang_luo):
    bib, list_page = PORTFOLIOS[request.param]
    return built_liang_luo.page(list_page), pybtex.database.parse_file(str(bib))


def test_five_papers_in_four_years_get_a_list_not_a_dashboard(built_mingyu_liang):
    soup = built_mingyu_liang.page("publications")
    assert len(soup.select("li.bibfolio-entry")) == 5
    assert soup.select(".bibfolio-chart-figure, svg.bibfolio-chart, form[data-listing]") == []
    # The downloads stay: they cost a visitor nothing.
    assert soup.select_one(".bibfolio-download-line a").get_text() == "Download all 5 as BibTeX"


def test_chart_height_follows_its_data_and_axis_ends_at_the_last_year(built_liang_luo):
    svg = ET.fromstring(str(built_liang_luo.page("index").select_one("svg.bibfolio-chart")))
    bars = [r for r in svg.iter(f"{SVG}rect") if r.find(f"{SVG}title") is not None]
    right = max(float(r.get("x")) + float(r.get("width")) for r in bars)
    axis = svg.find(f"{SVG}line")
    assert float(axis.get("x2")) <= right + 5  # no empty columns after the last year
    tops = min(float(r.get("y")) for r in bars)
    assert tops <= 20 + 1  # the peak's bar reaches the top of the plot: no headroom wasted
    # A peak of 6 gets 6 × 22 px of plot (under the 150 px cap); labels on one line.
    assert float(axis.get("y1")) - tops == pytest.approx(6 * 22, abs=1)
    years = [t for t in svg.iter(f"{SVG}text") if t.text and t.text.startswith("'")]
    assert len({t.get("y") for t in years}) == 1 and len(years) == 11


def expected_counts(bib) -> Counter:
    counts: Counter = Counter()
    for entry in bib.entries.values():
        group = entry.fields.get("pubtype") or GROUP_OF_TYPE.get(entry.type, "preprint")
        counts[(int(entry.fields["year"]), group)] += 1
    return counts


def test_counts_per_year_and_type_match_the_bib(chart):
    soup, bib = chart
    table = soup.select_one("table.bibfolio-chart-data")
    headers = [th.get_text(strip=True) for th in table.select("thead th")]
    assert headers[0] == "Year" and headers[-1] == "Total"
    titles = {
        "Journal Publications": "journal",
        "Conference Publications": "conference",
        "Workshop Publications": "workshop",
        "Preprints": "preprint",
    }
    found: Counter = Counter()
    for row in table.select("tbody tr"):
        cells = [td.get_text(strip=True) for td in row.find_all("td")]
        year = int(cells[0])
        for header, cell in zip(headers[1:-1], cells[1:-1], strict=True):
            if int(cell):
                found[(year, titles[header])] = int(cell)
        assert int(cells[-1]) == sum(int(c) for c in cells[1:-1])
    assert found == expected_counts(bib)


def test_svg_is_well_formed_with_title_and_description(chart):
    soup, bib = chart
    svg = ET.fromstring(str(soup.select_one("svg.bibfolio-chart")))
    assert svg.get("role") == "img"
    title = svg.find(f"{SVG}title").text
    desc = svg.find(f"{SVG}desc").text
    assert title == "Publications per year"
    assert f"{len(bib.entries)} publications" in desc
    assert (
        svg.get("aria-labelledby")
        == f"{svg.find(f'{SVG}title').get('id')} {svg.find(f'{SVG}desc').get('id')}"
    )
    # Each bar segment's own title states its numbers; they add up to the bib.
    segments = [
        rect.find(f"{SVG}title").text
        for rect in svg.iter(f"{SVG}rect")
        if rect.find(f"{SVG}title") is not None
    ]
    assert sum(int(text.split(": ")[1].split(" ")[0]) for text in segments) == len(bib.entries)
    # Colours come from CSS classes (light and dark mode), not fixed fills.
    assert all("fill" not in rect.attrib for rect in svg.iter(f"{SVG}rect"))
    assert not soup.select_one(".bibfolio-chart-figure").find("script")


@pytest.mark.sphinx("html", testroot="list-options", freshenv=True)
def test_chart_can_be_switched_off(app):
    app.build()
    assert page(app).select("svg.bibfolio-chart")
    assert (
        not page(app, "flat").select("svg.bibfolio-chart")
        or len(page(app, "flat").select("svg.bibfolio-chart")) == 1
    )


@pytest.mark.sphinx(
    "html", testroot="list-options", freshenv=True, confoverrides={"bibfolio_chart": False}
)
def test_chart_config_off(app):
    app.build()
    assert not page(app).select("svg.bibfolio-chart")
    assert not page(app).select("table.bibfolio-chart-data")
