"""The projects page in Chromium: the tag filter shows one tag's cards; cards fit a phone."""

from __future__ import annotations

import shutil
from typing import TYPE_CHECKING

import pytest

from .audit import serve
from .browser.support import CHROMIUM, CHROMIUM_ARGS, require_chromium
from .helpers import REPO, build_project

if TYPE_CHECKING:
    from collections.abc import Iterator

    from playwright.sync_api import Browser

require_chromium()
pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    base = tmp_path_factory.mktemp("projects-browser")
    shutil.copytree(REPO / "tests" / "roots" / "test-projects", base / "site")
    build_project(base / "site", base / "_build")
    server, url = serve(base / "_build" / "html")
    yield url
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="module")
def browser(site: str) -> Iterator[Browser]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


def _visible_cards(page) -> list[str]:
    return page.eval_on_selector_all(
        ".bibfolio-project-card",
        "cards => cards.filter(c => c.offsetParent !== null)"
        ".map(c => c.querySelector('.bibfolio-project-title').textContent.trim())",
    )


def test_tag_filter_shows_one_tags_cards(site: str, browser: Browser) -> None:
    page = browser.new_page(viewport={"width": 1366, "height": 900})
    page.goto(site + "index.html")
    assert page.locator("p.bibfolio-project-filter").is_visible()  # the script showed it
    assert _visible_cards(page) == ["Engine", "The Loom Project", "Loom Tools"]
    page.click("button[data-tag=bibfolio-tag-looms]")
    assert _visible_cards(page) == ["The Loom Project", "Loom Tools"]
    assert page.get_attribute("button[data-tag=bibfolio-tag-looms]", "aria-pressed") == "true"
    page.click("button[data-tag='']")
    assert len(_visible_cards(page)) == 3


def test_cards_are_one_column_on_a_phone(site: str, browser: Browser) -> None:
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.goto(site + "index.html")
    lefts = page.eval_on_selector_all(
        ".bibfolio-project-card",
        "cards => cards.map(c => Math.round(c.getBoundingClientRect().left))",
    )
    assert len(set(lefts)) == 1
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390  # nothing wider than the screen
