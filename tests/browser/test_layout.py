"""The pages a visitor sees first, measured at 1366×900 and on a 390×844 phone.

Home, publications, one paper page and the CV of both portfolios and of a fresh
``bibfolio new`` site: the profile beside the biography on a desktop and stacked on a
phone (by bounding boxes), the name once as a heading and above the fold, no sideways
scrolling, no boxes drawn over each other, no documentation chrome; axe-core on the
phone layouts (the desktop layouts: test_accessibility.py, and below for the fresh
site).  Screenshots go to tests/artifacts/screenshots/layout-*.png.
"""

from __future__ import annotations

import pytest

from .support import BUTTON_GAPS_JS, SCREENSHOTS, require_chromium, settle

require_chromium()
pytestmark = pytest.mark.browser

WIDE = {"width": 1366, "height": 900}
PHONE = {"width": 390, "height": 844}
#: site → (owner's name, whether its home has a biography, the full list's page).
SITES = {
    "mingyu-liang": ("Mingyu Liang", True, "publications.html"),
    "liang-luo": ("Liang Luo", False, "index.html"),
    "fresh": ("Priya Raman", False, "publications.html"),  # a new site: no biography yet
}
PAGES = ["home", "publications", "paper", "cv"]

#: Boxes of the page's content blocks that overlap (neither holds the other), as text.
_OVERLAPS_JS = """() => {
  const selector = "article :is(h1, h2, h3, p, dt, dd, li.bibfolio-entry, svg.bibfolio-chart,"
    + " img.bibfolio-profile-photo, .bibfolio-profile-initials, .bibfolio-profile-body,"
    + " .bibfolio-profile-bio, form.bibfolio-filter, table)";
  const blocks = [...document.querySelectorAll(selector)].filter((e) => e.checkVisibility()
    && !e.closest(".bibfolio-visually-hidden, .bibfolio-chart-table, details:not([open])"));
  const boxes = blocks.map((e) => e.getBoundingClientRect());
  const found = [];
  for (let i = 0; i < blocks.length; i++) {
    for (let j = i + 1; j < blocks.length; j++) {
      if (blocks[i].contains(blocks[j]) || blocks[j].contains(blocks[i])) continue;
      const [a, b] = [boxes[i], boxes[j]];
      const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
      const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
      if (w > 1 && h > 1) {
        found.push(blocks[i].tagName + "." + blocks[i].className + " × "
          + blocks[j].tagName + "." + blocks[j].className);
      }
    }
  }
  return found;
}"""


@pytest.fixture(scope="module")
def urls(sites, fresh) -> dict[str, dict[str, str]]:
    """site → page → URL, the paper page being the list's first entry's."""
    found = {}
    for name, (_, _, list_page) in SITES.items():
        base = fresh if name == "fresh" else sites[name].url
        found[name] = {
            "home": base + "index.html",
            "publications": base + list_page,
            "cv": base + "cv.html",
        }
    return found


def paper_url(page, url: str) -> str:
    """The first entry's paper page, as its title links it."""
    page.goto(url)
    return page.locator("li.bibfolio-entry .bibfolio-head a").first.evaluate("(a) => a.href")


@pytest.mark.parametrize("name", list(SITES))
@pytest.mark.parametrize("viewport", [WIDE, PHONE], ids=["1366", "390"])
def test_pages_fit_without_overlap_or_chrome(browser, urls, name, viewport):
    context = browser.new_context(viewport=viewport, color_scheme="light")
    page = context.new_page()
    targets = dict(urls[name])
    targets["paper"] = paper_url(page, targets["publications"])
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    problems = []
    for which in PAGES:
        page.goto(targets[which], wait_until="load")
        settle(page)
        page.screenshot(path=SCREENSHOTS / f"layout-{name}-{which}-{viewport['width']}.png")
        width = page.evaluate("document.scrollingElement.scrollWidth")
        if width > viewport["width"]:
            problems.append(f"{which}: scrolls sideways ({width} px)")
        overlaps = page.evaluate(_OVERLAPS_JS)
        if overlaps:
            problems.append(f"{which}: overlapping boxes {overlaps[:3]}")
        # Documentation chrome a portfolio does without, at any width (paper pages too:
        # they are the theme's page, as every other page).
        chrome = (".bd-sidebar-secondary", ".prev-next-area", ".bd-breadcrumbs", ".editthispage")
        problems.extend(
            f"{which}: shows {part}"
            for part in chrome
            if page.locator(part).count() and page.locator(part).first.is_visible()
        )
        if viewport is WIDE and page.locator(".bd-sidebar-primary").is_visible():
            problems.append(f"{which}: shows the left sidebar")
        if viewport is WIDE:
            navbar = page.locator("header .navbar-header-items .bd-navbar-elements a.nav-link")
            if "CV" not in [text.strip() for text in navbar.all_inner_texts()]:
                problems.append(f"{which}: no CV in the navbar")
    context.close()
    assert not problems, problems


@pytest.mark.parametrize("name", list(SITES))
@pytest.mark.parametrize("viewport", [WIDE, PHONE], ids=["1366", "390"])
def test_home_profile_beside_biography_and_name_above_the_fold(browser, urls, name, viewport):
    owner, has_biography, _ = SITES[name]
    context = browser.new_context(viewport=viewport, color_scheme="light")
    page = context.new_page()
    page.goto(urls[name]["home"], wait_until="load")
    settle(page)
    headings = page.locator("article :is(h1, h2, h3, h4)")
    named = [t for t in headings.all_inner_texts() if t.rstrip("#¶ \n") == owner]
    assert named == [owner], headings.all_inner_texts()  # the name once, as a heading
    name = page.locator("article h1")
    box = name.bounding_box()
    assert box["y"] + box["height"] <= viewport["height"]
    size = float(name.evaluate("(h) => getComputedStyle(h).fontSize").removesuffix("px"))
    assert size <= (32 if viewport is PHONE else 40), size
    assert name.evaluate("(h) => h.getClientRects().length") >= 1
    picture = page.locator(".bibfolio-profile-photo, .bibfolio-profile-initials").first
    facts = page.locator(".bibfolio-profile-body").bounding_box()
    cv = page.get_by_role("link", name="CV", exact=True).first
    assert cv.is_visible()
    for link in page.locator("a.bibfolio-profile-link").all():  # icons have names
        assert link.inner_text().strip(), link.evaluate("(a) => a.outerHTML")
    if has_biography:
        bio = page.locator(".bibfolio-profile-bio").bounding_box()
        card_right = max(picture.bounding_box()["x"] + picture.bounding_box()["width"],
                         box["x"] + box["width"], facts["x"] + facts["width"])  # fmt: skip
        if viewport is WIDE:  # two columns: the card's column, then the biography
            assert card_right <= bio["x"], (card_right, bio)
            assert bio["y"] < facts["y"] + facts["height"]  # side by side, not below
        else:  # stacked: the biography under the facts, its first line on the screen
            assert bio["y"] >= facts["y"] + facts["height"], (facts, bio)
            line = page.locator(".bibfolio-profile-bio p").first.evaluate(
                "(p) => p.getClientRects()[0].top + parseFloat(getComputedStyle(p).lineHeight)"
            )
            assert line <= viewport["height"], line
    context.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("viewport", [WIDE, PHONE], ids=["1366", "390"])
def test_axe_finds_no_violations(browser, urls, viewport, scheme):
    """Phones for every site; the fresh site at desktop width too (the portfolios' desktop
    pages are in test_accessibility.py)."""
    from axe_playwright_python.sync_playwright import Axe

    axe = Axe()
    context = browser.new_context(viewport=viewport, color_scheme=scheme)
    page = context.new_page()
    reports = []
    for name in SITES if viewport is PHONE else ["fresh"]:
        targets = dict(urls[name])
        targets["paper"] = paper_url(page, targets["publications"])
        for which in PAGES:
            page.goto(targets[which], wait_until="load")
            settle(page)
            results = axe.run(page)  # axe's default rule set, nothing disabled
            if results.violations_count:
                reports.append(f"{name} {which} ({scheme}):\n{results.generate_report()}")
    context.close()
    assert not reports, "\n\n".join(reports)


@pytest.mark.parametrize("name", list(SITES))
@pytest.mark.parametrize("viewport", [WIDE, PHONE], ids=["1366", "390"])
def test_buttons_are_evenly_spaced(browser, urls, name, viewport):
    context = browser.new_context(viewport=viewport, color_scheme="light")
    page = context.new_page()
    targets = dict(urls[name])
    targets["paper"] = paper_url(page, targets["publications"])
    uneven, measured = [], 0
    for which in ("home", "publications", "paper"):
        page.goto(targets[which], wait_until="load")
        for kind, gaps in page.evaluate(BUTTON_GAPS_JS).items():
            measured += len(gaps)
            if gaps and max(gaps) - min(gaps) > 1:
                uneven.append(f"{which} {kind}: gaps {sorted(set(gaps))} px")
    context.close()
    # The fresh site's entries have no links, only Cite; the portfolios' have several.
    assert measured or name == "fresh", "no two buttons side by side anywhere"
    assert not uneven, uneven


#: The chart's legend entries: their boxes in the page and in the chart's own units.
_LEGEND_JS = """(svg) => {
  const axis = svg.querySelector("line").getBBox();
  const labels = [...svg.querySelectorAll("text")].filter(
    (t) => t.getBBox().y > axis.y + 16);
  return {axisRight: axis.x + axis.width,
          legendRight: Math.max(...labels.map((t) => t.getBBox().x + t.getBBox().width)),
          boxes: labels.map((t) => t.getBoundingClientRect().toJSON()),
          width: svg.getBoundingClientRect().width,
          names: labels.map((t) => t.textContent)};
}"""


def test_chart_legend_wraps_on_a_phone_instead_of_shrinking_the_chart(browser, sites):
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    page.goto(sites["liang-luo"].url + "index.html", wait_until="load")
    chart = page.locator("svg.bibfolio-chart")
    found = chart.evaluate(_LEGEND_JS)
    context.close()
    assert len(found["names"]) == 4  # journal, conference, workshop, preprint
    # The legend ends within the plot's width: it sets no width of its own ...
    assert found["legendRight"] <= found["axisRight"] + 4, found
    # ... on lines of its own (two rows here), no entry over another.
    boxes = found["boxes"]
    assert len({round(box["top"]) for box in boxes}) == 2
    for i, one in enumerate(boxes):
        for two in boxes[i + 1 :]:
            apart = (one["right"] <= two["left"] or two["right"] <= one["left"]
                     or one["bottom"] <= two["top"] or two["bottom"] <= one["top"])  # fmt: skip
            assert apart, (one, two)
    assert found["width"] <= PHONE["width"]
