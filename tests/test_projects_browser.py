"""The projects page in Chromium: the tag filter shows one tag's cards; cards fit a phone."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from .browser.support import chromium, require_chromium, served_root

if TYPE_CHECKING:
    from collections.abc import Iterator

    from playwright.sync_api import Browser

require_chromium()
pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with served_root(tmp_path_factory.mktemp("projects-browser"), "projects") as url:
        yield url


@pytest.fixture(scope="module")
def browser(site: str) -> Iterator[Browser]:
    with chromium() as launched:
        yield launched


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


def test_a_card_without_an_image_is_as_tall_as_its_own_content(site: str, browser: Browser) -> None:
    """Issue 45: "Engine" (no image) beside "The Loom Project" (an image) in one row."""
    page = browser.new_page(viewport={"width": 1366, "height": 900})
    page.goto(site + "index.html")
    boxes = page.eval_on_selector_all(
        ".bibfolio-project-card",
        """cards => cards.map(c => {
            const last = c.lastElementChild.getBoundingClientRect();
            const box = c.getBoundingClientRect();
            return {title: c.querySelector('.bibfolio-project-title').textContent.trim(),
                    top: Math.round(box.top), height: box.height,
                    slack: box.bottom - last.bottom, image: !!c.querySelector('img')};
        })""",
    )
    engine, loom = (
        next(b for b in boxes if b["title"] == t) for t in ("Engine", "The Loom Project")
    )
    assert engine["top"] == loom["top"]  # the same row
    assert not engine["image"] and loom["image"]
    assert engine["height"] < loom["height"] - 50  # the image's height is not added to it
    assert engine["slack"] < 30  # its box ends under its last line, not far below
