"""The list's citation formats reveal in a real Chromium: loaded on first open, copyable.

The test root is built as a portfolio (pydata theme, sphinx-copybutton, deferred
scripts), served on 127.0.0.1 and opened as a visitor opens it; axe checks the filled
reveals in light and dark mode; then the page is opened from ``file://``, where the
script cannot fetch and the reveal's links must stay.
"""

from __future__ import annotations

import json
import shutil
from typing import TYPE_CHECKING

import pytest

from bibfolio.formats.citeformats import csl_item, ris
from bibfolio.formats.references import formatted_reference

from .audit import CHROMIUM, CHROMIUM_FLAGS, serve
from .helpers import build_project
from .test_cite_formats import ROOT, publications_of

if TYPE_CHECKING:
    from collections.abc import Iterator
    from pathlib import Path

    from playwright.sync_api import Browser

if not CHROMIUM.is_file():
    pytest.skip(
        f"{CHROMIUM} not found: the browser tests drive Debian's chromium (apt-get install chromium)",
        allow_module_level=True,
    )
pytestmark = pytest.mark.browser

REVEAL = "#pub-hostile2021 details.bibfolio-formats"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, str]]:
    """tests/roots/test-cite-formats as a portfolio (theme, sphinx-copybutton), served."""
    base = tmp_path_factory.mktemp("lazy-formats")
    source = base / "src"
    shutil.copytree(ROOT, source)
    built = build_project(source, base / "_build", overrides={"bibfolio_portfolio": True})
    assert built.statuscode == 0 and built.warnings == "", built.warnings
    server, url = serve(built.outdir)
    yield built.outdir, url
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="module")
def browser(site: tuple[Path, str]) -> Iterator[Browser]:
    """Debian's chromium, started after the build (see tests/browser/conftest.py)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=str(CHROMIUM), args=list(CHROMIUM_FLAGS)
        )
        yield chromium
        chromium.close()


def test_opening_the_reveal_shows_the_entrys_formats(site, browser):
    _outdir, url = site
    publication = publications_of(ROOT / "refs.bib")["hostile2021"]
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=url.rstrip("/"))
    page = context.new_page()
    fetched: list[str] = []
    page.on("request", lambda request: fetched.append(request.url))
    page.goto(url + "index.html")
    page.wait_for_function("() => window.ClipboardJS !== undefined")
    assert not [u for u in fetched if u.endswith(".formats.json")]  # nothing before opening
    summary = page.locator(f"{REVEAL} > summary")
    assert summary.inner_text() == "Cite"  # one control for every format
    summary.focus()
    page.keyboard.press("Enter")  # the summary is a real control: the keyboard opens it
    reveal = page.locator(REVEAL)
    reveal.locator(".bibfolio-csl-json pre").wait_for()
    shown = {
        label: reveal.locator(f".bibfolio-{ident} pre").inner_text()
        for label, ident in (("APA", "apa"), ("IEEE", "ieee"), ("RIS", "ris"), ("CSL", "csl-json"))
    }
    assert shown["APA"] == formatted_reference(publication, "apa")
    assert shown["APA"].startswith("Müller, J., Lovelace, A., & Analytical Engine Society. (2021).")
    assert shown["IEEE"] == formatted_reference(publication, "ieee")
    assert shown["RIS"].strip() == ris(publication, drop=["abstract"]).strip()
    assert json.loads(shown["CSL"]) == [csl_item(publication, drop=["abstract"])]
    labels = reveal.locator(".bibfolio-format-label").all_inner_texts()
    assert labels == ["BibTeX", "APA", "IEEE", "RIS", "CSL-JSON"]  # BibTeX first, in the page
    # The fallback links stay below the blocks.
    assert reveal.locator(".bibfolio-formats-fallback a").all_inner_texts() == [
        "Paper page", "RIS", "CSL-JSON", "APA", "IEEE",
    ]  # fmt: skip
    # Each block has sphinx-copybutton's button, aimed at it; a click copies the text.
    pre = reveal.locator(".bibfolio-ris pre")
    button = reveal.locator(".bibfolio-ris button.copybtn")
    assert button.get_attribute("data-clipboard-target") == "#" + pre.get_attribute("id")
    assert reveal.locator("button.copybtn").count() == 5
    button.click()
    copied = page.evaluate("() => navigator.clipboard.readText()")
    assert copied.strip() == ris(publication, drop=["abstract"]).strip()
    # A second reveal of the same list fetches nothing more.
    page.locator("#pub-engine2020 details.bibfolio-formats > summary").click()
    page.locator("#pub-engine2020 .bibfolio-apa pre").wait_for()
    apa = page.locator("#pub-engine2020 .bibfolio-apa pre").inner_text()
    assert apa == formatted_reference(publications_of(ROOT / "refs.bib")["engine2020"], "apa")
    assert len([u for u in fetched if u.endswith("index.formats.json")]) == 1
    context.close()


def test_without_a_server_the_links_stay(site, browser):
    """From file:// the script cannot fetch: the reveal says so and keeps its links."""
    outdir, _url = site
    page = browser.new_page()
    page.goto((outdir / "index.html").as_uri())
    page.locator(f"{REVEAL} > summary").click()
    status = page.locator(f"{REVEAL} .bibfolio-formats-status")
    status.wait_for()
    page.wait_for_function(
        "(s) => document.querySelector(s + ' .bibfolio-formats-status').textContent !== 'Loading…'",
        arg=REVEAL,
    )
    assert status.inner_text() == "Could not load this entry's formats; the links below have them."
    assert status.get_attribute("role") == "status"
    # The BibTeX is in the page: the reveal still gives a citation.
    assert page.locator(f"{REVEAL} pre").count() == 1
    assert page.locator(f"{REVEAL} .bibfolio-bibtex pre").inner_text().startswith("@")
    links = page.locator(f"{REVEAL} .bibfolio-formats-fallback a")
    assert links.all_inner_texts() == ["Paper page", "RIS", "CSL-JSON", "APA", "IEEE"]
    page.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_no_violations_in_the_filled_reveals(site, browser, scheme):
    from axe_playwright_python.sync_playwright import Axe

    _outdir, url = site
    context = browser.new_context(viewport={"width": 1280, "height": 900}, color_scheme=scheme)
    page = context.new_page()
    page.goto(url + "index.html", wait_until="load")
    for summary in page.locator("details.bibfolio-formats > summary").all():
        summary.click()
    page.locator("details.bibfolio-formats .bibfolio-csl-json pre").nth(2).wait_for()
    page.wait_for_timeout(300)  # the theme's colour transition
    results = Axe().run(page)  # axe's default rule set, nothing disabled
    context.close()
    assert results.violations_count == 0, results.generate_report()


PAPER_TABS = ["BibTeX", "APA", "IEEE", "RIS", "CSL-JSON"]


def test_the_paper_pages_cite_panel_shows_one_format_at_a_time(site, browser):
    _outdir, url = site
    publication = publications_of(ROOT / "refs.bib")["hostile2021"]
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=url.rstrip("/"))
    page = context.new_page()
    page.goto(url + "publications/hostile2021.html")
    page.wait_for_function("() => window.ClipboardJS !== undefined")
    panel = page.locator("section#cite.bibfolio-cite-panel")
    tabs = panel.get_by_role("tab")
    assert tabs.all_inner_texts() == PAPER_TABS
    assert panel.get_by_role("tablist").get_attribute("aria-labelledby")
    # BibTeX first; one format shown at a time.
    assert panel.locator("section#bibtex").is_visible()
    assert [panel.locator(f"section#{i}").is_visible() for i in ("cite-apa", "ris")] == [
        False,
        False,
    ]
    tabs.nth(1).click()
    apa = panel.locator("section#cite-apa")
    assert apa.is_visible() and not panel.locator("section#bibtex").is_visible()
    assert tabs.nth(1).get_attribute("aria-selected") == "true"
    assert apa.locator("pre").inner_text().strip() == formatted_reference(publication, "apa")
    # The keyboard moves along the tabs (arrows), as a tab list does.
    tabs.nth(1).focus()
    page.keyboard.press("ArrowRight")
    assert panel.locator("section#cite-ieee").is_visible()
    page.keyboard.press("End")
    assert panel.locator("section#csl-json").is_visible()
    # The shown block's copy button copies that format.
    panel.locator("section#csl-json pre").hover()
    panel.locator("section#csl-json button.copybtn").click()
    copied = page.evaluate("() => navigator.clipboard.readText()")
    assert json.loads(copied) == json.loads(panel.locator("section#csl-json pre").inner_text())
    # The choice is remembered on the next paper page.
    page.goto(url + "publications/engine2020.html")
    page.locator("section#csl-json").wait_for(state="visible")
    assert not page.locator("section#bibtex").is_visible()
    context.close()


def test_without_scripts_the_paper_page_shows_every_format(site, browser):
    _outdir, url = site
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(url + "publications/hostile2021.html")
    panel = page.locator("section#cite.bibfolio-cite-panel")
    assert panel.get_by_role("tab").count() == 0
    headings = panel.locator("section h3").all_inner_texts()
    assert [h.rstrip("#¶ \n") for h in headings] == PAPER_TABS
    for ident in ("bibtex", "cite-apa", "cite-ieee", "ris", "csl-json"):
        assert panel.locator(f"section#{ident} pre").is_visible(), ident
    context.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_no_violations_on_the_paper_page(site, browser, scheme):
    from axe_playwright_python.sync_playwright import Axe

    _outdir, url = site
    context = browser.new_context(viewport={"width": 1280, "height": 900}, color_scheme=scheme)
    page = context.new_page()
    page.goto(url + "publications/hostile2021.html", wait_until="load")
    page.locator("section#cite [role=tab]").nth(2).click()
    page.wait_for_timeout(300)  # the theme's colour transition
    results = Axe().run(page)  # axe's default rule set, nothing disabled
    context.close()
    assert results.violations_count == 0, results.generate_report()
