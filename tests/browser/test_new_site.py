"""A site freshly made by ``bibfolio new``, as its new owner first sees it.

Screenshots (home in light, dark and on a phone; the publications page on a phone) go to
tests/artifacts/screenshots/new-site-*.png.
"""

from __future__ import annotations

import pytest

from .support import DESKTOP, SCREENSHOTS, require_chromium, settle

require_chromium()
pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
MODES = {
    "light": {"viewport": DESKTOP, "color_scheme": "light"},
    "dark": {"viewport": DESKTOP, "color_scheme": "dark"},
    "phone": {"viewport": PHONE, "device_scale_factor": 2, "is_mobile": True},
}


@pytest.mark.parametrize("mode", list(MODES))
def test_home_shows_the_owner_the_card_and_nothing_to_replace(browser, fresh, mode):
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    context = browser.new_context(**MODES[mode])
    page = context.new_page()
    page.goto(fresh + "index.html", wait_until="load")
    settle(page)
    page.screenshot(path=SCREENSHOTS / f"new-site-home-{mode}.png", full_page=mode != "phone")
    height = MODES[mode]["viewport"]["height"]
    heading = page.locator("article h1")
    assert heading.inner_text().rstrip("#¶ \n") == "Priya Raman"
    card = page.locator("article .bibfolio-profile")
    assert card.is_visible()
    # Only what the owner gave (issue 45): the initials and the CV, no example position,
    # no biography (its comments are not published), no example text anywhere.
    assert card.inner_text().split() == ["PR", "CV"]
    box = card.locator(".bibfolio-profile-initials").bounding_box()  # the card: contents
    assert box["y"] + box["height"] <= height, box
    assert page.locator("article .bibfolio-profile-bio").count() == 0
    article = page.locator("article").inner_text()
    for words in ("Example text", "replace it", "Your position", "Two or three sentences"):
        assert words not in article, words
    width = page.evaluate("document.scrollingElement.scrollWidth")
    assert width <= MODES[mode]["viewport"]["width"], width  # no sideways scrolling
    selected = page.locator("article li.bibfolio-entry")
    assert selected.count() == 1
    assert selected.first.locator("strong.bibfolio-owner").inner_text() == "Priya S. Raman"
    context.close()


def header_links(browser, site: str) -> list[str]:
    """The header's links a desktop visitor sees on the home page of *site*."""
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    page.goto(site + "index.html")
    links = page.locator("header nav a.nav-link")
    visible = [
        links.nth(i).inner_text().strip() for i in range(links.count()) if links.nth(i).is_visible()
    ]
    context.close()
    return visible


def test_every_page_with_something_in_it_is_in_the_header_on_a_desktop(browser, fresh, filled):
    # Fresh: the publications the owner gave, and the CV; the pages not filled in yet (news,
    # talks, education, teaching, honors: comments alone) are left out.
    assert header_links(browser, fresh) == ["Publications", "CV"]
    # A course and a news item written: their pages join, in the home page's toctree order.
    assert header_links(browser, filled) == ["Publications", "News", "Teaching", "CV"]


def test_first_publication_above_the_fold_on_a_phone(browser, fresh):
    context = browser.new_context(**MODES["phone"])
    page = context.new_page()
    page.goto(fresh + "publications.html")
    settle(page)
    page.screenshot(path=SCREENSHOTS / "new-site-publications-phone.png")
    first = page.locator("li.bibfolio-entry").first.bounding_box()
    assert first["y"] + first["height"] <= PHONE["height"], first
    assert page.locator(".bibfolio-chart-figure").count() == 0  # 2 entries: no chart
    context.close()
