"""Screenshots for people to review, saved to tests/artifacts/screenshots/ on every run."""

from __future__ import annotations

import struct

import pytest

from .support import DESKTOP, MOBILE, SCREENSHOTS, require_chromium, settle

require_chromium()
pytestmark = pytest.mark.browser

#: (file name without mode, site, page); desktop shots are taken in light and in dark mode.
DESKTOP_SHOTS = [
    ("mingyu-liang-home", "mingyu-liang", "index.html"),
    ("mingyu-liang-publications", "mingyu-liang", "publications.html"),
    ("liang-luo-publications", "liang-luo", "index.html"),
]
MOBILE_SHOTS = [
    ("mingyu-liang-mobile-home", "mingyu-liang", "index.html"),
    ("mingyu-liang-mobile-publications", "mingyu-liang", "publications.html"),
    ("liang-luo-mobile-publications", "liang-luo", "index.html"),
]
PHONE_SCALE = 2


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


def test_screenshots_of_home_publications_and_mobile(browser, sites):
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    taken: dict[str, bytes] = {}
    for scheme in ("light", "dark"):
        context = browser.new_context(viewport=DESKTOP, color_scheme=scheme)
        page = context.new_page()
        for stem, site, path in DESKTOP_SHOTS:
            page.goto(sites[site].url + path)
            settle(page)
            name = f"{stem}-{scheme}.png"
            taken[name] = page.screenshot(path=SCREENSHOTS / name, full_page=True)
        context.close()
    context = browser.new_context(
        viewport=MOBILE, device_scale_factor=PHONE_SCALE, is_mobile=True, has_touch=True
    )
    page = context.new_page()
    for stem, site, path in MOBILE_SHOTS:
        page.goto(sites[site].url + path)
        settle(page)
        taken[f"{stem}.png"] = page.screenshot(path=SCREENSHOTS / f"{stem}.png")
    page.goto(sites["mingyu-liang"].url + "index.html")
    page.get_by_role("button", name="Site navigation").tap()
    page.locator("dialog#pst-primary-sidebar-modal").get_by_role("link", name="Teaching").wait_for()
    settle(page)
    taken["mingyu-liang-mobile-navigation.png"] = page.screenshot(
        path=SCREENSHOTS / "mingyu-liang-mobile-navigation.png"
    )
    context.close()

    for name, data in taken.items():
        assert (SCREENSHOTS / name).read_bytes() == data
        width, height = png_size(data)
        if "-mobile-" in name:
            assert (width, height) == (
                MOBILE["width"] * PHONE_SCALE,
                MOBILE["height"] * PHONE_SCALE,
            )
        else:
            assert width == DESKTOP["width"] and height >= DESKTOP["height"], name
    for stem, _, _ in DESKTOP_SHOTS:  # dark mode really is another look
        assert taken[f"{stem}-light.png"] != taken[f"{stem}-dark.png"]
