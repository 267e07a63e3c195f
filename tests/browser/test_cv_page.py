"""The CV page in Chromium (issue 45): the header and the dates' column, desktop and phone."""

from __future__ import annotations

import pytest

from .support import require_chromium

require_chromium()
pytestmark = pytest.mark.browser

#: Each dated item's box and its date's, in page order.
_DATED_JS = """() => Array.from(document.querySelectorAll('.bibfolio-cv-dated'))
  .filter((e) => e.querySelector(':scope > .bibfolio-cv-date'))
  .map((e) => {
    const item = e.querySelector(':scope > .bibfolio-cv-item').getBoundingClientRect();
    const date = e.querySelector(':scope > .bibfolio-cv-date').getBoundingClientRect();
    return {text: e.textContent.trim().slice(0, 40), item: [item.left, item.top, item.right, item.bottom],
            date: [date.left, date.top, date.right, date.bottom]};
  })"""


def _boxes(page, selector: str) -> dict[str, float]:
    return page.locator(selector).bounding_box()


@pytest.mark.parametrize("name", ["mingyu-liang", "liang-luo"])
def test_on_a_desktop_the_dates_are_one_right_aligned_column(page, sites, name):
    page.goto(sites[name].url + "cv.html")
    dated = page.evaluate(_DATED_JS)
    assert len(dated) >= 5
    rights = {round(d["date"][2]) for d in dated}
    assert len(rights) == 1, rights  # one edge for every date
    for d in dated:
        assert d["date"][0] >= d["item"][2], d["text"]  # beside its item, right of it
        assert abs(d["date"][1] - d["item"][1]) < 12, d["text"]  # on its first line
    # The header: the name, then who and how to reach them, the PDFs at the right.
    who, pdfs = _boxes(page, ".bibfolio-cv-who"), _boxes(page, "p.bibfolio-cv-pdfs")
    assert pdfs["x"] >= who["x"] + who["width"]
    assert _boxes(page, "article h1")["y"] < who["y"]


@pytest.mark.parametrize("name", ["mingyu-liang", "liang-luo"])
def test_on_a_phone_each_date_is_under_its_item(browser, sites, name):
    context = browser.new_context(viewport={"width": 390, "height": 844}, color_scheme="light")
    page = context.new_page()
    page.goto(sites[name].url + "cv.html")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    for d in page.evaluate(_DATED_JS):
        assert d["date"][1] >= d["item"][3] - 1, d["text"]  # under the item
        assert abs(d["date"][0] - d["item"][0]) < 1, d["text"]  # where it starts
        assert d["date"][2] <= 390
    # The header stacks: the PDF links under the contact lines, close to them.
    who, pdfs = _boxes(page, ".bibfolio-cv-who"), _boxes(page, "p.bibfolio-cv-pdfs")
    assert 0 <= pdfs["y"] - (who["y"] + who["height"]) < 24
    assert pdfs["x"] + pdfs["width"] <= 390
    context.close()
