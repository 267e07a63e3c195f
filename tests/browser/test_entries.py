"""Publication entries as a visitor uses them: long author lists, BibTeX, citations."""

from __future__ import annotations

import re

import pytest

from bibfolio.reading.bibfields import PRESENTATION_FIELDS

from .support import DESKTOP, SETTLE_JS, UI_CONTRAST, contrast, require_chromium, tab_to

require_chromium()
pytestmark = pytest.mark.browser

FOLDED = "li.bibfolio-entry:has(details.bibfolio-authors-all)"


def test_a_long_author_list_expands_by_keyboard_with_visible_focus(page, sites):
    site = sites["liang-luo"]
    page.goto(site.url + site.list_page)
    entry = page.locator(FOLDED).first
    toggle = entry.locator("summary.bibfolio-more")
    bibtex = entry.locator("details.bibfolio-cite .bibfolio-bibtex pre").text_content()
    authors_field = re.search(r"^\s*author\s*=\s*\{(.*)\},?$", bibtex, flags=re.MULTILINE)[1]
    every_author = authors_field.split(" and ")
    names = entry.locator(".bibfolio-authors-full").text_content().split(", ")
    assert len(names) == len(every_author) > 12
    shown = entry.locator(".bibfolio-authors").inner_text()
    hidden = [name for name in names if name not in shown]
    assert hidden, "the list should start folded"
    assert toggle.inner_text() == f"{len(hidden)} more authors"

    tab_to(page, f"{FOLDED} summary.bibfolio-more")  # Tab from the top of the page
    focus = toggle.evaluate(
        """(element) => ({visible: element.matches(":focus-visible"),
                          style: getComputedStyle(element).outlineStyle,
                          width: parseFloat(getComputedStyle(element).outlineWidth)})"""
    )
    assert focus["visible"] and focus["style"] != "none" and focus["width"] >= 2, focus
    outline = contrast(page, "summary.bibfolio-more:focus", "outlineColor")
    assert outline >= UI_CONTRAST, f"focus outline contrast {outline:.2f}"

    page.keyboard.press("Enter")
    assert entry.locator("details.bibfolio-authors-all").evaluate("(d) => d.open")
    shown = entry.locator(".bibfolio-authors").inner_text()
    assert all(name in shown for name in names), shown
    assert shown.count(names[0]) == 1  # the short list made way for the full one
    assert toggle.inner_text() == "show fewer"
    page.keyboard.press("Enter")
    assert toggle.inner_text() == f"{len(hidden)} more authors"


def test_copy_button_puts_the_clean_bibtex_on_the_clipboard(browser, sites):
    site = sites["mingyu-liang"]
    context = browser.new_context(
        viewport=DESKTOP, permissions=["clipboard-read", "clipboard-write"]
    )
    page = context.new_page()
    page.goto(site.url + site.list_page)
    entry = page.locator("li.bibfolio-entry").first
    reveal = entry.locator("details.bibfolio-cite")
    code = reveal.locator(".bibfolio-bibtex div.highlight pre")
    assert not code.is_visible()
    reveal.locator("summary").click()
    assert code.is_visible()
    shown = code.inner_text()
    reveal.locator(".bibfolio-bibtex button.copybtn").click()
    copied = page.evaluate("navigator.clipboard.readText()")
    key = entry.get_attribute("id").removeprefix("pub-")
    context.close()
    assert copied.strip() == shown.strip()
    assert re.match(rf"@\w+\{{{key},\n", copied), copied
    assert copied.rstrip().endswith("}")
    fields = re.findall(r"^\s+([\w+-]+)\s*=", copied, flags=re.MULTILINE)
    assert {"author", "title", "year"} <= set(fields)
    assert not set(fields) & PRESENTATION_FIELDS  # abbr, selected, pubtype, author+an ...


def test_a_closed_cite_lays_out_nothing_until_it_opens(page, sites):
    """The theme reads every <pre>'s size on load; a closed Cite must not make it lay one out.

    Chromium lays out a closed <details>' content to answer that read: 31 entries' BibTeX
    were ~0.2 s of a throttled phone's main thread (Lighthouse's total blocking time).
    """
    site = sites["liang-luo"]
    page.goto(site.url + site.list_page)
    boxes = page.eval_on_selector_all(
        "details.bibfolio-cite pre", "(pres) => pres.map((pre) => pre.getClientRects().length)"
    )
    assert len(boxes) >= 30 and not any(boxes), boxes
    reveal = page.locator("details.bibfolio-cite").first
    reveal.locator("summary").click()
    assert reveal.locator(".bibfolio-bibtex pre").is_visible()


def test_a_citation_lands_on_its_highlighted_entry(page, sites):
    site = sites["mingyu-liang"]
    page.goto(site.url + "honors.html")
    cite = page.locator("article a[href*='#pub-']").first
    assert cite.get_attribute("href") == "publications.html#pub-liang2023ditto"
    cite.click()
    page.wait_for_url("**/publications.html#pub-liang2023ditto")
    assert page.evaluate("location.hash") == "#pub-liang2023ditto"
    entry = page.locator("#pub-liang2023ditto")
    assert entry.evaluate("(e) => e.matches(':target')")
    # In view, and below the sticky header rather than under it.
    header = page.locator("header.bd-header").bounding_box()
    box = entry.bounding_box()
    assert header["y"] + header["height"] <= box["y"] + 1
    assert box["y"] + box["height"] / 2 < DESKTOP["height"]
    assert entry.get_by_role("link", name=re.compile("Ditto")).is_visible()
    style = """(e) => { const s = getComputedStyle(e);
        return [s.outlineStyle, s.outlineColor, s.backgroundColor, s.borderLeftColor]; }"""
    targeted = entry.evaluate(style)
    other = page.locator("li.bibfolio-entry:not(:target)").first.evaluate(style)
    assert targeted[0] != "none" and targeted != other, (targeted, other)


#: What has focus, and whether a sighted keyboard user can see it: on screen, and the
#: element is what is painted at its centre (not clipped away or covered).
_FOCUS_JS = """() => {
  const element = document.activeElement;
  if (!element || element === document.body) return null;
  const painted = (box) => {  // an inline link broken over lines has a box per line
    const x = box.left + box.width / 2, y = box.top + box.height / 2;
    if (box.width < 1 || box.height < 1 || x < 0 || y < 0 || x > innerWidth || y > innerHeight) {
      return false;
    }
    const hit = document.elementFromPoint(x, y);
    return hit !== null && (hit === element || element.contains(hit));
  };
  const name = element.tagName.toLowerCase() + [...element.classList].map((c) => "." + c).join("")
    + ` "${(element.textContent || element.getAttribute("aria-label") || "").trim().slice(0, 40)}"`;
  return {name, seen: [...element.getClientRects()].some(painted)};
}"""


@pytest.mark.parametrize("name", ["mingyu-liang", "liang-luo"])
def test_every_tab_stop_of_the_list_page_can_be_seen(page, sites, name):
    site = sites[name]
    page.goto(site.url + site.list_page)
    stops, unseen = 0, []
    for _ in range(400):
        page.keyboard.press("Tab")
        page.evaluate(SETTLE_JS)  # e.g. the skip link slides in
        focus = page.evaluate(_FOCUS_JS)
        if focus is None:  # back at the start: every stop visited
            break
        stops += 1
        if not focus["seen"]:
            unseen.append(focus["name"])
    else:
        pytest.fail("Tab never came back to the start of the page")
    assert stops > 3 * page.locator("li.bibfolio-entry").count()
    assert not unseen, unseen
