"""On a phone (375×812): no page scrolls sideways, and the navigation opens and works."""

from __future__ import annotations

import pytest

from .support import MOBILE, require_chromium

require_chromium()
pytestmark = pytest.mark.browser

#: The elements that stick out past the right edge, for the failure message.
_WIDE_ELEMENTS_JS = """(width) => Array.from(document.body.querySelectorAll("*"))
  .filter((e) => e.getBoundingClientRect().right > width + 0.5)
  .slice(0, 5)
  .map((e) => `${e.tagName.toLowerCase()}.${[...e.classList].join(".")} ends at `
    + Math.round(e.getBoundingClientRect().right))"""


@pytest.fixture
def phone(browser):
    context = browser.new_context(
        viewport=MOBILE, device_scale_factor=2, is_mobile=True, has_touch=True
    )
    yield context.new_page()
    context.close()


@pytest.mark.parametrize("name", ["mingyu-liang", "liang-luo"])
def test_no_page_scrolls_sideways(phone, sites, name):
    site = sites[name]
    too_wide = {}
    for path in site.pages:
        phone.goto(site.url + path, wait_until="load")
        width = phone.evaluate("document.documentElement.scrollWidth")
        if width > MOBILE["width"]:
            too_wide[path] = (width, phone.evaluate(_WIDE_ELEMENTS_JS, MOBILE["width"]))
    assert not too_wide, "\n".join(
        f"{path}: {width}px wide; {', '.join(culprits)}"
        for path, (width, culprits) in too_wide.items()
    )


def test_navigation_opens_and_leads_to_a_page(phone, sites):
    site = sites["mingyu-liang"]
    phone.goto(site.url + "index.html")
    desktop_nav = phone.locator(".bd-header .navbar-header-items a.nav-link", has_text="Honors")
    assert not desktop_nav.is_visible()  # on a phone the links sit behind the menu button
    toggle = phone.get_by_role("button", name="Site navigation")
    assert toggle.is_visible()
    box = toggle.bounding_box()
    assert box["width"] >= 24 and box["height"] >= 24  # WCAG 2.5.8 target size
    toggle.tap()
    menu = phone.locator("dialog#pst-primary-sidebar-modal")
    link = menu.get_by_role("link", name="Publications")
    link.wait_for(state="visible")
    assert menu.evaluate("(dialog) => dialog.open")
    assert link.bounding_box()["height"] >= 24
    link.tap()
    phone.wait_for_url("**/publications.html")
    assert phone.get_by_role("heading", level=1).inner_text().startswith("Publications")
    assert not phone.locator("dialog#pst-primary-sidebar-modal").evaluate("(d) => d.open")
