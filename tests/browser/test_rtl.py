"""A right-to-left portfolio (``language = "ar"``) lays out right to left, in Chromium.

tests/roots/test-rtl is a small portfolio in Arabic (its owner is historical).  The page
runs right to left, the profile card puts its picture on the right and aligns its text
there, the entries' rule is on their right, and the chart stays a left-to-right graphic
whose labels do not collide.  Screenshots at 1366 and 390 px go to tests/artifacts.
"""

from __future__ import annotations

import shutil
from typing import TYPE_CHECKING

import pytest

from ..audit import serve
from ..helpers import REPO, build_project
from .support import SCREENSHOTS, require_chromium

if TYPE_CHECKING:
    from collections.abc import Iterator
    from pathlib import Path

    from playwright.sync_api import Browser, Page

pytestmark = pytest.mark.browser
WIDTHS = (1366, 390)


@pytest.fixture(scope="module")
def rtl_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The Arabic root built once and served; yields its base URL."""
    require_chromium()
    base: Path = tmp_path_factory.mktemp("rtl")
    shutil.copytree(REPO / "tests" / "roots" / "test-rtl", base / "src")
    built = build_project(base / "src", base / "_build")
    assert built.statuscode == 0, built.warnings
    assert not built.warnings, built.warnings
    server, url = serve(built.outdir)
    yield url
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="module")
def rtl_page(rtl_site: str, browser: Browser) -> Iterator[Page]:
    # The package's one Chromium (a second Playwright in the same process refuses to
    # start); rtl_site comes first, so a run of this file alone builds before it starts.
    page = browser.new_page()
    yield page
    page.close()


def _open(page: Page, url: str, width: int, name: str) -> None:
    page.set_viewport_size({"width": width, "height": 900})
    page.goto(url)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"rtl-{name}-{width}.png"))


def _box(page: Page, selector: str) -> dict[str, float]:
    box = page.locator(selector).first.bounding_box()
    assert box is not None, f"{selector} is not shown"
    return box


@pytest.mark.parametrize("width", WIDTHS)
def test_the_home_page_runs_right_to_left_with_the_card_mirrored(
    rtl_site: str, rtl_page: Page, width: int
) -> None:
    page = rtl_page
    _open(page, rtl_site + "index.html", width, "home")
    assert page.evaluate("document.body.dir") == "rtl"
    assert page.evaluate("getComputedStyle(document.querySelector('main')).direction") == "rtl"
    picture = _box(page, ".bibfolio-profile-initials")
    body = _box(page, ".bibfolio-profile-body")
    heading = _box(page, "main h1")
    # The picture is at the start of the line: on the right, the name to its left.
    assert picture["x"] >= heading["x"] + heading["width"] - 1, (picture, heading)
    # The text is aligned to the right: the position ends where the card's text box ends.
    position = _box(page, ".bibfolio-profile-position")
    assert abs((position["x"] + position["width"]) - (body["x"] + body["width"])) <= 2
    # The picture ends at the content's right edge, as the card's text does.
    assert abs((picture["x"] + picture["width"]) - (body["x"] + body["width"])) <= 2
    assert page.evaluate("document.scrollingElement.scrollWidth") <= width


@pytest.mark.parametrize("width", WIDTHS)
def test_the_list_and_chart_lay_out_right_to_left(
    rtl_site: str, rtl_page: Page, width: int
) -> None:
    page = rtl_page
    _open(page, rtl_site + "publications.html", width, "publications")
    entry = page.locator("li.bibfolio-entry").first
    borders = entry.evaluate(
        "e => [getComputedStyle(e).borderRightWidth, getComputedStyle(e).borderLeftWidth]"
    )
    assert borders == ["3px", "0px"], "the entry's rule is on its right (its start)"
    title = entry.locator(".bibfolio-title").first.bounding_box()
    box = entry.bounding_box()
    assert title and box
    assert abs((title["x"] + title["width"]) - (box["x"] + box["width"])) <= 16
    # The chart keeps its own left-to-right geometry: no two labels overlap.
    chart = page.locator("svg.bibfolio-chart")
    assert chart.evaluate("e => getComputedStyle(e).direction") == "ltr"
    labels = chart.evaluate(
        "svg => [...svg.querySelectorAll('text')].map(t => {"
        "  const r = t.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom, t.textContent]; })"
    )
    frame = chart.bounding_box()
    assert frame
    for left, top, right, bottom, text in labels:
        assert frame["x"] - 1 <= left and right <= frame["x"] + frame["width"] + 1, text
        assert frame["y"] - 1 <= top and bottom <= frame["y"] + frame["height"] + 1, text
    for i, a in enumerate(labels):
        for b in labels[i + 1 :]:
            apart = a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]
            assert apart, f"chart labels {a[4]!r} and {b[4]!r} overlap"
    assert page.evaluate("document.scrollingElement.scrollWidth") <= width
