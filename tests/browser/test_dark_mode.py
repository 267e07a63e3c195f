"""The theme's dark mode: the switch works, and the owner's name and the badges stay readable."""

from __future__ import annotations

import pytest

from .support import (
    BACKDROP_LUMINANCE_JS,
    TEXT_CONTRAST,
    contrast,
    require_chromium,
    settle,
)

require_chromium()
pytestmark = pytest.mark.browser

OWNER = "strong.bibfolio-owner"
BADGE = ".bibfolio-badge"


def readability(page) -> dict[str, float]:
    """The lowest contrast of the owner's bold name and of the venue badges on the page."""
    return {"owner": contrast(page, OWNER), "badge": contrast(page, BADGE)}


@pytest.mark.parametrize("name", ["mingyu-liang", "liang-luo"])
def test_switching_to_dark_mode_keeps_owner_and_badges_readable(page, sites, name):
    site = sites[name]
    page.goto(site.url + site.list_page)
    html = page.locator("html")
    assert html.get_attribute("data-theme") == "light"
    light_backdrop = page.evaluate(BACKDROP_LUMINANCE_JS, page.locator("main").element_handle())
    light = readability(page)

    page.locator(".theme-switch-button:visible").click()
    page.locator(".theme-change-button[data-mode=dark]:visible").click()
    page.wait_for_function("document.documentElement.dataset.theme === 'dark'")
    settle(page)
    dark_backdrop = page.evaluate(BACKDROP_LUMINANCE_JS, page.locator("main").element_handle())
    assert dark_backdrop < 0.05 < light_backdrop  # the page really turned dark
    dark = readability(page)
    assert page.evaluate("localStorage.getItem('mode')") == "dark"  # kept for the next page

    for scheme, ratios in (("light", light), ("dark", dark)):
        for what, ratio in ratios.items():
            assert ratio >= TEXT_CONTRAST, f"{what} contrast {ratio:.2f} in {scheme} mode"
    # The owner stands out by weight, not by colour alone.
    assert int(page.locator(OWNER).first.evaluate("(e) => getComputedStyle(e).fontWeight")) >= 700
