"""The home page as a visitor sees it: the profile card at 1280 px and on a 390 px phone.

Screenshots (light, dark, phone) of both portfolios' home pages and of the test root
with every card field (tests/roots/test-profile) go to tests/artifacts/screenshots/.
"""

from __future__ import annotations

import shutil
from typing import TYPE_CHECKING

import pytest

from ..audit import serve
from ..helpers import REPO, build_project
from .support import BUTTON_GAPS_JS, DESKTOP, SCREENSHOTS, open_search, require_chromium, settle

if TYPE_CHECKING:
    from collections.abc import Iterator

require_chromium()
pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}  # the brief's phone: 390 px wide
#: Where each card link is drawn, and whether a visitor sees it (no collapsed menu).
_LINKS_JS = """() => [...document.querySelectorAll(
  "article :is(a.bibfolio-profile-link, a.bibfolio-profile-mail)")]
  .map((a) => {
    const box = a.getBoundingClientRect();
    const icon = a.querySelector("svg").getBoundingClientRect();
    return {name: a.textContent.trim(), visible: a.checkVisibility(), left: box.left,
            right: box.right, top: box.top, width: box.width, height: box.height,
            icon: icon.width};
  })"""


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """tests/roots/test-profile (photo, every link kind, a 3-entry list), built and served."""
    base = tmp_path_factory.mktemp("profile-demo")
    source = base / "src"
    shutil.copytree(REPO / "tests" / "roots" / "test-profile", source)
    built = build_project(source, base / "_build")
    assert built.statuscode == 0 and built.warnings == "", built.warnings
    server, url = serve(built.outdir)
    yield url
    server.shutdown()
    server.server_close()


def shoot(browser, url: str, stem: str) -> dict[str, list[dict]]:
    """Light, dark and phone screenshots of *url*; the card's links in each."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    links = {}
    for name, options in (
        ("light", {"viewport": DESKTOP, "color_scheme": "light"}),
        ("dark", {"viewport": DESKTOP, "color_scheme": "dark"}),
        ("phone", {"viewport": PHONE, "device_scale_factor": 2, "is_mobile": True}),
    ):
        context = browser.new_context(**options)
        page = context.new_page()
        fonts: list[str] = []
        page.on("request", lambda r, fonts=fonts: fonts.append(r.url) if "fa-" in r.url else 0)
        page.goto(url, wait_until="load")
        settle(page)
        page.screenshot(path=SCREENSHOTS / f"home-{stem}-{name}.png", full_page=name != "phone")
        links[name] = page.evaluate(_LINKS_JS)
        assert fonts == [], fonts  # no icon font is fetched for the card or the header
        context.close()
    return links


def test_demo_card_icons_visible_on_desktop_and_phone(browser, demo):
    links = shoot(browser, demo + "index.html", "profile-demo")
    expected = [
        "Email ada@example.org", "Google Scholar", "ORCID", "GitHub", "LinkedIn", "X",
        "Bluesky", "Mastodon", "Notes on the Engine",
    ]  # fmt: skip
    for mode, found in links.items():
        assert [link["name"] for link in found] == expected, mode
        mail, *icons = found  # the address as text after its envelope, then the icons
        assert mail["visible"] and mail["height"] >= 24 and mail["icon"] >= 16, (mode, mail)
        for link in icons:
            assert link["visible"], (mode, link)
            assert link["width"] >= 40 and link["height"] >= 40, (mode, link)  # touch target
            assert link["icon"] >= 20, (mode, link)  # the SVG is drawn, not collapsed
        width = PHONE["width"] if mode == "phone" else DESKTOP["width"]
        assert all(link["left"] >= 0 and link["right"] <= width for link in found), mode
    # On the phone the icons are on the first screen, not behind the menu button.
    assert all(link["top"] + link["height"] <= PHONE["height"] for link in links["phone"])


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_demo_card_icons_and_cv_evenly_spaced(browser, demo, viewport):
    context = browser.new_context(viewport=viewport)
    page = context.new_page()
    page.goto(demo + "index.html", wait_until="load")
    gaps = page.evaluate(BUTTON_GAPS_JS)["bibfolio-profile-links"]
    context.close()
    assert len(gaps) >= 4  # eight icons and the CV, on one line or a few
    assert max(gaps) - min(gaps) <= 1, gaps  # drawing to drawing, the last icon to the CV


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_demo_photo_and_card_left_of_the_biography_at_1280(browser, demo, scheme):
    context = browser.new_context(viewport=DESKTOP, color_scheme=scheme)
    page = context.new_page()
    page.goto(demo + "index.html")
    photo = page.locator("img.bibfolio-profile-photo")
    box = photo.bounding_box()
    body = page.locator(".bibfolio-profile-body").bounding_box()
    assert box["width"] == box["height"] >= 120  # a portrait, not a thumbnail ...
    style = photo.evaluate(
        "(img) => [getComputedStyle(img).borderRadius, getComputedStyle(img).filter]"
    )
    assert style == ["50%", "none"]  # ... round, and not dimmed in dark mode
    # A column like a homepage's: photo above the name and the facts, biography beside.
    name = page.locator("article h1").bounding_box()
    bio = page.locator(".bibfolio-profile-bio").bounding_box()
    assert box["y"] + box["height"] <= name["y"] < body["y"]
    assert max(box["x"] + box["width"], body["x"] + body["width"]) <= bio["x"]
    assert bio["y"] <= box["y"] + box["height"]  # beside the photo, not under the card
    loaded = page.evaluate("document.querySelector('img.bibfolio-profile-photo').naturalWidth")
    assert loaded == 16  # the copied file, served
    context.close()


def test_first_publication_above_the_fold_on_a_phone(browser, demo):
    context = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True)
    page = context.new_page()
    page.goto(demo + "publications.html")
    settle(page)
    first = page.locator("li.bibfolio-entry").first.bounding_box()
    assert first["y"] + first["height"] <= PHONE["height"], first
    assert page.locator(".bibfolio-chart-figure").count() == 0
    page.screenshot(path=SCREENSHOTS / "profile-demo-phone-publications.png")
    context.close()


def test_search_is_an_icon_that_ctrl_k_opens(browser, demo):
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    page.goto(demo + "index.html", wait_until="load")
    assert page.locator(".search-button-field").count() == 0  # no "Search Ctrl+K" box
    assert page.get_by_role("button", name="Search").first.is_visible()
    field = open_search(page)
    page.locator("#pst-search-dialog input[type=search]:focus").wait_for()
    assert field.get_attribute("placeholder") == "Search this site"
    context.close()


@pytest.mark.parametrize("name", ["mingyu-liang", "liang-luo"])
def test_portfolio_home_pages(browser, sites, name):
    links = shoot(browser, sites[name].url + "index.html", name)
    if name == "mingyu-liang":  # the seed gives an email address, and nothing else to link
        for found in links.values():
            # Once, as the address after its envelope, named "Email" for screen readers.
            assert [link["name"] for link in found] == ["Email ml2585@cornell.edu"]
            assert found[0]["visible"] and found[0]["icon"] >= 16
    else:  # the seed gives no position, photo or link: no card
        assert all(found == [] for found in links.values())


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_no_violations_on_the_full_card(browser, demo, scheme):
    from axe_playwright_python.sync_playwright import Axe

    context = browser.new_context(viewport=DESKTOP, color_scheme=scheme)
    page = context.new_page()
    page.goto(demo + "index.html", wait_until="load")
    settle(page)
    results = Axe().run(page)  # axe's default rule set, nothing disabled
    context.close()
    assert results.violations_count == 0, results.generate_report()
