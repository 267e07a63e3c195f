"""The publication list in the common themes, light and dark: readable, and it works.

One small list (tests/roots/test-theme) built with each theme and served.  "Dark" is the
system preference a visitor's browser sends: pydata-sphinx-theme, sphinx-book-theme and
furo follow it ("auto"); alabaster and sphinx_rtd_theme have no dark mode and stay light,
so the list must stay readable there too.  Screenshots of each go to
tests/artifacts/screenshots/theme-<theme>-<scheme>.png for people to look at.
"""

from __future__ import annotations

import importlib.util
import shutil
from typing import TYPE_CHECKING

import pytest

from ..audit import serve
from ..helpers import REPO, build_project
from .support import (
    BACKDROP_LUMINANCE_JS,
    DESKTOP,
    SCREENSHOTS,
    TEXT_CONTRAST,
    contrast,
    require_chromium,
    settle,
)

if TYPE_CHECKING:
    from collections.abc import Iterator

    from playwright.sync_api import Page

require_chromium()
pytestmark = pytest.mark.browser

#: Theme → its module; a theme that is not installed is skipped with the reason.
THEMES = {
    "alabaster": "alabaster",
    "furo": "furo",
    "pydata_sphinx_theme": "pydata_sphinx_theme",
    "sphinx_book_theme": "sphinx_book_theme",
    "sphinx_rtd_theme": "sphinx_rtd_theme",
}
#: Themes that turn dark when the system is dark.
FOLLOW_THE_SYSTEM = {"furo", "pydata_sphinx_theme", "sphinx_book_theme"}
#: Everything bibfolio draws on the list page.
BIBFOLIO = [".bibfolio-legend", ".bibfolio-chart-figure", ".bibfolio-tools", ".bibfolio-list"]
ENTRIES = 4
#: (Ids of entries a visitor sees, the filter's announcement.)
_VISIBLE_JS = """() => [
  Array.from(document.querySelectorAll("li.bibfolio-entry"))
    .filter((li) => li.checkVisibility()).map((li) => li.id),
  document.querySelector(".bibfolio-filter-count").textContent]"""
#: The vertical gaps between the lines of each entry, and its bullet.
_ENTRY_LAYOUT_JS = """(li) => {
  const boxes = Array.from(li.children).filter((c) => c.getBoundingClientRect().height > 0)
    .map((c) => c.getBoundingClientRect());
  return {bullet: getComputedStyle(li).listStyleType,
          marker: getComputedStyle(li, "::marker").content,
          indent: li.getBoundingClientRect().left - li.parentElement.getBoundingClientRect().left,
          gaps: boxes.slice(1).map((box, i) => box.top - boxes[i].bottom)};
}"""


@pytest.fixture(scope="module")
def themed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, str]]:
    """Theme → base URL of the test list built with it and served."""
    base = tmp_path_factory.mktemp("themes")
    source = base / "source"
    shutil.copytree(REPO / "tests" / "roots" / "test-theme", source)
    servers, urls = [], {}
    for theme, module in THEMES.items():
        if importlib.util.find_spec(module) is None:
            continue
        built = build_project(source, base / theme, overrides={"html_theme": theme})
        assert built.warnings == "", f"{theme}:\n{built.warnings}"
        server, url = serve(built.outdir)
        servers.append(server)
        urls[theme] = url
    yield urls
    for server in servers:
        server.shutdown()
        server.server_close()


def open_list(browser, themed: dict[str, str], theme: str, scheme: str) -> Page:
    if theme not in themed:
        pytest.skip(f"{theme} is not installed (pip install -e '.[test]')")
    context = browser.new_context(viewport=DESKTOP, color_scheme=scheme)
    page = context.new_page()
    page.goto(themed[theme] + "index.html")
    settle(page)
    return page


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("theme", sorted(THEMES))
def test_the_list_is_readable_and_works(browser, themed, theme, scheme):
    from axe_playwright_python.sync_playwright import Axe

    page = open_list(browser, themed, theme, scheme)
    backdrop = page.evaluate(
        BACKDROP_LUMINANCE_JS, page.locator(".bibfolio-list").first.element_handle()
    )
    turns_dark = scheme == "dark" and theme in FOLLOW_THE_SYSTEM
    assert (backdrop < 0.05) if turns_dark else (backdrop > 0.8), backdrop
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=SCREENSHOTS / f"theme-{theme}-{scheme}.png", full_page=True)

    # Readable: axe's colour-contrast rule on everything bibfolio draws (the theme's own
    # header and footer are the theme's business), and the chart's labels, which axe
    # does not check (SVG text takes the chart's colour).
    results = Axe().run(
        page,
        context={"include": [[selector] for selector in BIBFOLIO]},
        options={"runOnly": ["color-contrast"]},
    )
    assert results.violations_count == 0, results.generate_report()
    assert contrast(page, ".bibfolio-chart") >= TEXT_CONTRAST
    assert contrast(page, ".bibfolio-filter-field input") >= TEXT_CONTRAST

    # Laid out as an entry list: no bullets, no theme gaps between an entry's lines.
    for layout in page.locator("li.bibfolio-entry").evaluate_all(
        f"(items) => items.map({_ENTRY_LAYOUT_JS})"
    ):
        assert layout["bullet"] == "none", layout
        assert abs(layout["indent"]) < 1, layout
        assert all(gap < 6 for gap in layout["gaps"]), layout  # the buttons keep 4px

    # The filter narrows the list.
    page.locator(".bibfolio-tools input[name=q]").fill("bernoulli")
    shown, status = page.evaluate(_VISIBLE_JS)
    assert shown == ["pub-draft"]
    assert status == f"Showing 1 of {ENTRIES} publications"
    page.locator(".bibfolio-tools select[name=type]").select_option("journal")
    assert page.evaluate(_VISIBLE_JS)[0] == []
    page.locator(".bibfolio-tools input[name=q]").fill("")
    assert page.evaluate(_VISIBLE_JS) == [["pub-engines"], f"Showing 1 of {ENTRIES} publications"]
    page.locator(".bibfolio-tools select[name=type]").select_option("")
    assert len(page.evaluate(_VISIBLE_JS)[0]) == ENTRIES

    # The BibTeX reveal opens, and its code is readable.
    entry = page.locator("#pub-engines")
    code = entry.locator("details.bibfolio-cite .bibfolio-bibtex pre")
    assert not code.is_visible()
    entry.locator("details.bibfolio-cite > summary").click()
    assert code.is_visible()
    assert code.inner_text().startswith("@article{engines,")
    assert (
        contrast(page, "#pub-engines details.bibfolio-cite .bibfolio-bibtex pre") >= TEXT_CONTRAST
    )

    # The long author list expands and folds again.
    many = page.locator("#pub-many")
    toggle = many.locator("summary.bibfolio-more")
    assert toggle.inner_text() == "4 more authors"
    assert "Émilie Du Châtelet" not in many.locator(".bibfolio-authors").inner_text()
    toggle.click()
    assert "Émilie Du Châtelet" in many.locator(".bibfolio-authors").inner_text()
    assert toggle.inner_text() == "show fewer"
    assert contrast(page, "#pub-many summary.bibfolio-more") >= TEXT_CONTRAST
    toggle.click()
    assert toggle.inner_text() == "4 more authors"
    page.context.close()


def test_furo_dark_by_choice_on_a_light_system(browser, themed):
    """furo's own switch (body[data-theme=dark]), not the system preference."""
    page = open_list(browser, themed, "furo", "light")
    page.evaluate("localStorage.setItem('theme', 'dark')")
    page.reload()
    settle(page)
    assert page.evaluate("document.body.dataset.theme") == "dark"
    assert (
        page.evaluate(BACKDROP_LUMINANCE_JS, page.locator("article").first.element_handle()) < 0.05
    )
    journal = page.evaluate(
        "getComputedStyle(document.body).getPropertyValue('--bibfolio-chart-journal').trim()"
    )
    assert journal == "#56b4e9"  # the chart's dark-mode colours
    for selector in (
        ".bibfolio-chart",
        ".bibfolio-award",
        ".bibfolio-badge",
        ".bibfolio-actions summary",
        ".bibfolio-filter-field input",
    ):
        assert contrast(page, selector) >= TEXT_CONTRAST, selector
    page.context.close()


@pytest.mark.parametrize(("stored", "system"), [("dark", "light"), ("light", "dark")])
def test_furo_paper_pages_follow_the_visitors_stored_choice(browser, themed, stored, system):
    """furo keeps the switch's choice in localStorage "theme"; a paper page reads it too."""
    page = open_list(browser, themed, "furo", system)
    page.evaluate("(theme) => localStorage.setItem('theme', theme)", stored)
    page.locator("li.bibfolio-entry a.bibfolio-title").first.click()
    page.wait_for_url("**/publications/*.html")
    settle(page)
    assert page.evaluate("document.body.dataset.theme") == stored
    luminance = page.evaluate(BACKDROP_LUMINANCE_JS, page.locator("main").element_handle())
    assert luminance < 0.05 if stored == "dark" else luminance > 0.9
    assert contrast(page, "main p, main h1, main h2") >= TEXT_CONTRAST
    page.context.close()
