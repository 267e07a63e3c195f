"""The client-side filter of the full list: text, type and year, announced and in the URL."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

import pytest

from .support import MOBILE, require_chromium, tab_to

require_chromium()
pytestmark = pytest.mark.browser

FORM = "form[data-listing]"
WORD = "scale"
TYPE = "conference"
YEAR = "2026"
#: Every entry's filterable facts, read from the page the server sent (not from the script).
_ENTRIES_JS = """() => Array.from(document.querySelectorAll("li.bibfolio-entry")).map((li) => ({
  id: li.id, type: li.dataset.type, year: li.dataset.year,
  text: Array.from(li.querySelectorAll(".bibfolio-head, .bibfolio-authors, .bibfolio-venue"))
    .map((part) => part.textContent).join(" ").toLowerCase()}))"""


def visible(page) -> list[str]:
    """Ids of the entries a visitor sees (in a group that is shown, not hidden themselves)."""
    return page.locator("li.bibfolio-entry").evaluate_all(
        "(items) => items.filter((li) => li.checkVisibility()).map((li) => li.id)"
    )


def announced(page) -> str:
    return page.locator(f"{FORM} [role=status]").inner_text()


def test_text_type_and_year_each_narrow_the_list_and_survive_a_reload(page, sites):
    site = sites["liang-luo"]
    page.goto(site.url + site.list_page)
    entries = page.evaluate(_ENTRIES_JS)
    total = len(entries)
    assert total == 31
    assert len(visible(page)) == total
    assert announced(page) == f"Showing {total} of {total} publications"

    # Keyboard only: Tab to the search box, type a word from titles.
    tab_to(page, f"{FORM} input[name=q]")
    page.keyboard.type(WORD)
    by_word = [e["id"] for e in entries if WORD in e["text"]]
    assert 1 < len(by_word) < total
    assert visible(page) == by_word
    assert announced(page) == f"Showing {len(by_word)} of {total} publications"

    # Then the type, chosen from the keyboard too.
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.name") == "type"
    for _ in range(5):  # a closed <select> steps through its options with the arrow keys
        page.keyboard.press("ArrowDown")
        if page.evaluate("document.activeElement.value") == TYPE:
            break
    by_type = [e["id"] for e in entries if WORD in e["text"] and e["type"] == TYPE]
    assert 0 < len(by_type) < len(by_word)
    assert visible(page) == by_type
    assert announced(page) == f"Showing {len(by_type)} of {total} publications"

    page.locator(f"{FORM} select[name=year]").select_option(YEAR)
    by_year = [
        e["id"] for e in entries if WORD in e["text"] and e["type"] == TYPE and e["year"] == YEAR
    ]
    assert 0 < len(by_year) < len(by_type)
    assert visible(page) == by_year
    assert announced(page) == f"Showing {len(by_year)} of {total} publications"
    # Groups with nothing left to show disappear with their heading.
    assert page.locator("section.bibfolio-group", has_text="Journal Publications").is_hidden()

    query = parse_qs(urlsplit(page.url).query)
    assert query == {"q": [WORD], "type": [TYPE], "year": [YEAR]}

    page.reload()
    form = page.locator(FORM)
    assert form.locator("input[name=q]").input_value() == WORD
    assert form.locator("select[name=type]").input_value() == TYPE
    assert form.locator("select[name=year]").input_value() == YEAR
    assert visible(page) == by_year
    assert announced(page) == f"Showing {len(by_year)} of {total} publications"

    # Clearing the box widens the list again and drops the word from the URL.
    form.locator("input[name=q]").fill("")
    assert len(visible(page)) > len(by_year)
    assert "q" not in parse_qs(urlsplit(page.url).query)


#: Collects layout shifts from the start of the page load.  All of them: headless Chromium
#: marks some as following input when there was none (Lighthouse counts them too).
_RECORD_SHIFTS_JS = """window.bibfolioShifts = [];
new PerformanceObserver((list) => {
  for (const shift of list.getEntries()) window.bibfolioShifts.push(shift.value);
}).observe({type: "layout-shift", buffered: true});"""


# Only Liang Luo's list (31 entries) has a filter: Mingyu Liang's 5 are under the
# portfolio's threshold of 20 (tests/test_portfolio_defaults.py checks the threshold).
@pytest.mark.parametrize("name", ["liang-luo"])
def test_the_filter_appears_without_moving_the_list(browser, sites, name):
    site = sites[name]
    context = browser.new_context(viewport=MOBILE, is_mobile=True)
    context.add_init_script(_RECORD_SHIFTS_JS)
    page = context.new_page()
    # On a slow connection the script comes after the list is painted: hold it back so.
    held = []

    def hold(route) -> None:  # Playwright wants a Python function, not list.append
        held.append(route)

    page.route("**/_static/bibfolio.js*", hold)
    page.goto(site.url + site.list_page, wait_until="commit")
    page.wait_for_function(
        "() => document.querySelector('li.bibfolio-entry:last-of-type')"
        " && performance.getEntriesByType('paint').length > 0"
    )
    page.wait_for_timeout(100)  # a frame or two with the list on screen
    for _ in range(500):
        if held:
            break
        page.wait_for_timeout(10)
    assert held, "bibfolio.js was never requested"
    held[0].continue_()
    page.locator(FORM).wait_for(state="visible")
    assert announced(page).startswith("Showing")
    page.wait_for_timeout(100)
    shifts = page.evaluate("window.bibfolioShifts")
    context.close()
    assert sum(shifts) == 0, shifts


def test_without_javascript_the_whole_list_shows_and_no_dead_form(browser, sites):
    site = sites["liang-luo"]
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(site.url + site.list_page)
    assert page.locator(FORM).is_hidden()
    assert len(visible(page)) == 31
    context.close()
