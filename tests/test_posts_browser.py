"""A post page in Chromium: its date and tags on a phone, where the theme hides the card."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from .browser.support import chromium, require_chromium, served_root

if TYPE_CHECKING:
    from collections.abc import Iterator

    from playwright.sync_api import Browser

pytest.importorskip("ablog", reason="posts are ABlog's (pip install bibfolio[posts])")
require_chromium()
pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with served_root(tmp_path_factory.mktemp("posts-browser"), "posts") as url:
        yield url


@pytest.fixture(scope="module")
def browser(site: str) -> Iterator[Browser]:
    with chromium() as launched:
        yield launched


def test_a_posts_date_and_tags_show_on_a_phone(site: str, browser: Browser) -> None:
    """Issue 45: at 390 px ABlog's card (in the hidden sidebar) was all there was."""
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.goto(site + "posts/looms.html")
    assert not page.locator(".ablog__postcard").is_visible()
    line = page.locator("p.bibfolio-post-line")
    assert line.is_visible()
    assert line.locator("time").inner_text() == "October 1, 2026"
    assert line.locator("a").all_inner_texts() == ["looms", "history"]
    assert line.locator("a").first.get_attribute("href") == "../blog/tag/looms.html"
    # Above the title, inside the screen, starting where the title starts.
    box, title = line.bounding_box(), page.locator("article h1").bounding_box()
    assert box["y"] + box["height"] <= title["y"]
    assert box["x"] == pytest.approx(title["x"], abs=1) and box["x"] + box["width"] <= 390
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def test_on_a_desktop_the_card_says_it_once(site: str, browser: Browser) -> None:
    page = browser.new_page(viewport={"width": 1366, "height": 900})
    page.goto(site + "posts/looms.html")
    assert page.locator(".ablog__postcard").is_visible()
    assert page.locator(".ablog__postcard time").inner_text() == "October 1, 2026"
    assert not page.locator("p.bibfolio-post-line").is_visible()
