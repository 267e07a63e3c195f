"""Every page of both portfolios, paper pages included, loads cleanly in Chromium."""

from __future__ import annotations

from urllib.parse import quote

import pytest

from .support import open_search, require_chromium

require_chromium()
pytestmark = pytest.mark.browser

#: Visible icons whose glyph box is empty (drawn neither by the font nor by a mask).
BLANK_ICONS = """() => [...document.querySelectorAll("i[class*='fa-'], span[class*='fa-']")]
    .filter((icon) => icon.getClientRects().length > 0)
    .filter((icon) => {
        const glyph = getComputedStyle(icon, "::before");
        return parseFloat(glyph.width) === 0 || glyph.content === "none";
    })
    .map((icon) => icon.className)"""
#: Visible elements drawing a glyph in Font Awesome's font (which then has to load).
USES_ICON_FONT = """() => [...document.querySelectorAll("body *")]
    .filter((element) => element.getClientRects().length > 0)
    .filter((element) => [null, "::before", "::after"].some((pseudo) => {
        const style = getComputedStyle(element, pseudo);
        const drawn = pseudo === null
            ? element.matches("i[class*='fa-'], span[class*='fa-']")
            : !["none", "normal", '""'].includes(style.content);
        return drawn && /Awesome/.test(style.fontFamily);
    }))
    .map((element) => `${element.tagName}.${element.className}`)"""


@pytest.mark.parametrize("name", ["mingyu-liang", "liang-luo"])
def test_every_page_loads_without_console_errors_or_failed_requests(browser, sites, name):
    site = sites[name]
    context = browser.new_context()
    page = context.new_page()
    problems: list[str] = []
    current = [""]

    def note(problem: str) -> None:
        problems.append(f"{current[0]}: {problem}")

    page.on("console", lambda m: m.type == "error" and note(f"console error: {m.text}"))
    page.on("pageerror", lambda error: note(f"uncaught exception: {error}"))
    page.on("requestfailed", lambda r: note(f"request failed: {r.url} ({r.failure})"))
    page.on("response", lambda r: r.status >= 400 and note(f"HTTP {r.status}: {r.url}"))
    pages = site.pages
    for path in pages:
        current[0] = path
        response = page.goto(site.url + path, wait_until="networkidle")
        assert response is not None and response.ok, path
        assert page.title(), f"{path} has no title"
        assert page.evaluate(BLANK_ICONS) == [], f"{path}: icons drawn empty"
        # bibfolio.css draws the theme's header icons, so nothing needs the icon font.
        assert page.evaluate(USES_ICON_FONT) == [], f"{path}: the icon font is needed"
    context.close()
    assert not problems, "\n".join(problems)
    # Paper pages are part of "every page": one per publication of the owner.
    papers = [path for path in pages if path.startswith("publications/")]
    assert len(papers) == {"mingyu-liang": 5, "liang-luo": 31}[name]
    assert {"index.html", "search.html"} <= set(pages)


@pytest.mark.parametrize(("name", "word"), [("mingyu-liang", "Ditto"), ("liang-luo", "PLink")])
def test_search_finds_a_paper(browser, sites, name, word):
    """The search box still works although other pages no longer load the search index."""
    page = browser.new_page()
    page.goto(sites[name].url + "index.html", wait_until="networkidle")
    field = open_search(page)
    field.fill(word)
    field.press("Enter")
    page.wait_for_url("**/search.html?q=*")
    results = page.locator("#search-results li")
    results.first.wait_for(timeout=15_000)
    assert word.lower() in results.first.inner_text().lower()
    page.close()


@pytest.mark.parametrize(
    ("title", "paper"),
    [
        (
            "Ditto: End-to-End Application Cloning for Networked Cloud Services",
            "publications/liang2023ditto.html",
        ),
        ("Lumos", "publications/liang2025lumos.html"),
        ("Mystique production AI benchmarks", "publications/liang2023mystique.html"),
    ],
)
def test_title_search_lands_on_the_paper_page(browser, sites, title, paper):
    """Sphinx's own search (searchtools.js, the built index) ranks the paper page first."""
    page = browser.new_page()
    page.goto(sites["mingyu-liang"].url + "search.html?q=" + quote(title), wait_until="networkidle")
    results = page.locator("#search-results li a")
    results.first.wait_for(timeout=15_000)
    hrefs = [link.get_attribute("href") for link in results.all()]
    assert hrefs[0].split("?")[0] == paper, hrefs
    # The list that shows the paper is found too, below it.
    assert any(href.startswith("publications.html") for href in hrefs[1:]), hrefs
    page.close()
