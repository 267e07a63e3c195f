"""Paper pages look like the rest of the site: its header, colours, fonts and dark mode."""

from __future__ import annotations

from urllib.parse import urljoin

import pytest

from .support import (
    BACKDROP_LUMINANCE_JS,
    DESKTOP,
    SCREENSHOTS,
    TEXT_CONTRAST,
    contrast,
    require_chromium,
    settle,
)

require_chromium()
pytestmark = pytest.mark.browser

PAPER = "publications/liang2023ditto.html"
PHONE = {"width": 390, "height": 844}
#: Computed styles that make "the same site": the page's font and colours, the links'.
LOOK_JS = """() => {
  const style = (selector) => getComputedStyle(document.querySelector(selector));
  const link = document.querySelector("main a[href]");
  return {
    font: style("body").fontFamily,
    text: style("body").color,
    background: style("body").backgroundColor,
    link: getComputedStyle(link).color,
  };
}"""


def paper_pages(site) -> list[str]:
    return [path for path in site.pages if path.startswith("publications/")]


def test_header_has_the_site_title_and_its_top_level_pages(page, sites):
    site = sites["mingyu-liang"]
    page.goto(site.url + "index.html")
    theme_nav = [
        (link.inner_text().strip(), urljoin(page.url, link.get_attribute("href")))
        for link in page.locator(".bd-header .bd-navbar-elements a.nav-link").all()
    ]
    page.goto(site.url + PAPER)
    # The theme's own header, as on every page: the same links, search, colour modes.
    header = page.locator("header.bd-header")
    home = header.get_by_role("link", name="Mingyu Liang")
    assert urljoin(page.url, home.get_attribute("href")) == site.url + "index.html"
    nav = [
        (link.inner_text().strip(), urljoin(page.url, link.get_attribute("href")))
        for link in header.locator(".bd-navbar-elements a.nav-link").all()
    ]
    assert nav == theme_nav  # the same links as the theme's header on the home page
    assert [label for label, _ in nav] == [
        "Education & Experience",
        "Publications",
        "Honors & Awards",
        "Teaching",
        "CV",  # the CV page bibfolio writes, last, as in the theme's navbar
    ]
    assert header.locator("button.search-button").first.is_visible()
    assert header.locator("button.theme-switch-button").first.is_visible()
    # The list the paper belongs to is marked, and the link leads there.
    current = header.locator(".bd-navbar-elements li.current > a")
    assert current.inner_text().strip() == "Publications"
    current.click()
    page.wait_for_url("**/publications.html")
    assert page.get_by_role("heading", level=1).inner_text().startswith("Publications")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_paper_page_takes_the_sites_font_and_colours(browser, sites, scheme):
    site = sites["mingyu-liang"]
    context = browser.new_context(viewport=DESKTOP, color_scheme=scheme)
    page = context.new_page()
    page.goto(site.url + "publications.html")
    settle(page)
    theme = page.evaluate(LOOK_JS)
    page.goto(site.url + PAPER)
    settle(page)
    assert page.evaluate("document.documentElement.dataset.theme") == scheme
    paper = page.evaluate(LOOK_JS)
    context.close()
    assert paper == theme
    assert "Times" not in paper["font"]  # not the browser's default serif


@pytest.mark.parametrize(("stored", "system"), [("dark", "light"), ("light", "dark")])
def test_the_visitors_stored_choice_wins_over_the_system(browser, sites, stored, system):
    site = sites["mingyu-liang"]
    context = browser.new_context(viewport=DESKTOP, color_scheme=system)
    page = context.new_page()
    # Chosen with the theme's switch on any page of the site: pydata keeps it there.
    page.goto(site.url + "index.html")
    page.evaluate("(mode) => localStorage.setItem('mode', mode)", stored)
    page.goto(site.url + PAPER)
    settle(page)
    assert page.evaluate("document.documentElement.dataset.theme") == stored
    luminance = page.evaluate(BACKDROP_LUMINANCE_JS, page.locator("main").element_handle())
    assert luminance < 0.05 if stored == "dark" else luminance > 0.9
    assert contrast(page, "main p, main h1, main h2") >= TEXT_CONTRAST
    context.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("name", ["mingyu-liang", "liang-luo"])
def test_axe_colour_contrast_on_every_paper_page(browser, sites, name, scheme):
    from axe_playwright_python.sync_playwright import Axe

    axe = Axe()
    context = browser.new_context(viewport=DESKTOP, color_scheme=scheme)
    page = context.new_page()
    failures = []
    pages = paper_pages(sites[name])
    assert len(pages) == {"mingyu-liang": 5, "liang-luo": 31}[name]
    for path in pages:
        page.goto(sites[name].url + path, wait_until="load")
        assert page.evaluate("document.documentElement.dataset.theme") == scheme
        settle(page)
        results = axe.run(page, options={"runOnly": ["color-contrast"]})
        if results.violations_count:
            failures.append(f"{path}:\n{results.generate_report()}")
    context.close()
    assert not failures, "\n\n".join(failures)


@pytest.mark.parametrize("name", ["mingyu-liang", "liang-luo"])
def test_no_paper_page_scrolls_sideways_on_a_phone(browser, sites, name):
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    too_wide = {}
    for path in paper_pages(sites[name]):
        page.goto(sites[name].url + path, wait_until="load")
        width = page.evaluate("document.documentElement.scrollWidth")
        if width > PHONE["width"]:
            too_wide[path] = width
        # The way home and the theme's menu button are on the first screen.
        for selector in ("header.bd-header a.navbar-brand", "header.bd-header .primary-toggle"):
            found = page.locator(selector).first
            assert found.is_visible() and found.bounding_box()["y"] < 100, selector
    context.close()
    assert not too_wide


def test_screenshots_of_a_paper_page(browser, sites):
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    shots = {}
    for width, viewport in (("1280", DESKTOP), ("390", PHONE)):
        for scheme in ("light", "dark"):
            context = browser.new_context(
                viewport=viewport, color_scheme=scheme, is_mobile=viewport is PHONE
            )
            page = context.new_page()
            page.goto(sites["mingyu-liang"].url + PAPER)
            settle(page)
            name = f"mingyu-liang-paper-{width}-{scheme}.png"
            shots[name] = page.screenshot(path=SCREENSHOTS / name, full_page=True)
            context.close()
    for width in ("1280", "390"):
        assert (
            shots[f"mingyu-liang-paper-{width}-light.png"]
            != shots[f"mingyu-liang-paper-{width}-dark.png"]
        )
    assert all((SCREENSHOTS / name).read_bytes() == data for name, data in shots.items())
