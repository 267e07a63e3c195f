"""What the browser tests share: Chromium, the served sites, measurements taken in the page."""

from __future__ import annotations

import shutil
import time
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pytest

from ..audit import CHROMIUM, CHROMIUM_FLAGS, serve
from ..helpers import REPO, build_project

if TYPE_CHECKING:
    from collections.abc import Iterator
    from pathlib import Path

    from playwright.sync_api import Browser, Locator, Page

ARTIFACTS = REPO / "tests" / "artifacts"  # git-ignored
SCREENSHOTS = ARTIFACTS / "screenshots"
CHROMIUM_ARGS = list(CHROMIUM_FLAGS)
DESKTOP = {"width": 1280, "height": 900}
MOBILE = {"width": 375, "height": 812}
#: WCAG 2.2 AA: 4.5:1 for text (1.4.3), 3:1 for focus indicators and other UI (1.4.11).
TEXT_CONTRAST = 4.5
UI_CONTRAST = 3.0


def require_chromium() -> None:
    """Skip the calling test module when Debian's chromium is not installed."""
    if not CHROMIUM.is_file():
        pytest.skip(
            f"{CHROMIUM} not found: the browser tests drive Debian's chromium "
            "(apt-get install chromium; .ci/run installs it)",
            allow_module_level=True,
        )


@contextmanager
def served_root(base: Path, name: str) -> Iterator[str]:
    """``tests/roots/test-<name>`` copied into *base*, built and served: its address."""
    shutil.copytree(REPO / "tests" / "roots" / f"test-{name}", base / "site")
    build_project(base / "site", base / "_build")
    server, url = serve(base / "_build" / "html")
    try:
        yield url
    finally:
        server.shutdown()
        server.server_close()


@contextmanager
def chromium() -> Iterator[Browser]:
    """Debian's chromium, headless, driven by Playwright (its own download is not used)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()


@dataclass(frozen=True)
class Site:
    """A built portfolio served over HTTP."""

    name: str  #: "mingyu-liang" or "liang-luo"
    root: Path  #: the HTML output folder
    url: str  #: base URL, ending in "/"
    list_page: str  #: the page with the full publication list

    @property
    def pages(self) -> list[str]:
        """Every HTML page of the site outside ``_static/``, as paths relative to the root."""
        found = (path.relative_to(self.root).as_posix() for path in self.root.rglob("*.html"))
        return sorted(path for path in found if not path.startswith("_static/"))


# -- measurements in the page --------------------------------------------------------------
#: Colours are read through a canvas, so any CSS colour syntax the browser computes works.
_COLOUR_TOOLS = """
const canvas = document.createElement("canvas");
canvas.width = canvas.height = 1;
const paint = canvas.getContext("2d", {willReadFrequently: true});
const rgba = (colour) => {
  paint.clearRect(0, 0, 1, 1);
  paint.fillStyle = colour;
  paint.fillRect(0, 0, 1, 1);
  const [r, g, b, a] = paint.getImageData(0, 0, 1, 1).data;
  return [r, g, b, a / 255];
};
const over = (top, bottom) => [0, 1, 2].map((i) => top[i] * top[3] + bottom[i] * (1 - top[3]));
const background = (element) => {
  const layers = [];
  for (let node = element; node; node = node.parentElement) {
    const colour = rgba(getComputedStyle(node).backgroundColor);
    if (colour[3] > 0) layers.unshift(colour);
    if (colour[3] === 1) break;
  }
  return layers.reduce((below, layer) => over(layer, below), [255, 255, 255]);
};
const luminance = (rgb) => {
  const [r, g, b] = rgb.map((v) => {
    v /= 255;
    return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
const ratio = (one, two) => {
  const [light, dark] = [luminance(one), luminance(two)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
};
"""

#: ``(elements, property)`` → WCAG contrast ratio of each element's *property* colour
#: (``color``, ``outlineColor`` ...) over what is painted behind it.  Outlines are drawn
#: around the element, so their backdrop is the parent's.
CONTRAST_JS = f"""(elements, property) => {{
{_COLOUR_TOOLS}
  return elements.map((element) => {{
    const behind = background(property === "color" ? element : element.parentElement);
    return ratio(over(rgba(getComputedStyle(element)[property]), behind), behind);
  }});
}}"""

#: ``element`` → luminance (0–1) of what is painted behind it.
BACKDROP_LUMINANCE_JS = f"""(element) => {{
{_COLOUR_TOOLS}
  return luminance(background(element));
}}"""

#: Waits for finite CSS transitions and animations (the theme fades colours on a switch).
SETTLE_JS = """() => Promise.all(document.getAnimations()
  .filter((a) => a.effect && a.effect.getComputedTiming().endTime !== Infinity)
  .map((a) => a.finished.catch(() => null))).then(() => true)"""


#: Horizontal gaps between neighbouring buttons on one line, per kind of button row: an
#: entry's links and Cite/Abstract, a paper page's or a talk's links, the card's icons
#: and CV (an icon's box is its drawing, not its round hover area).
BUTTON_GAPS_JS = """() => {
  const rows = {};
  const containers = "article :is(.bibfolio-actions, p.bibfolio-links, p.bibfolio-profile-links)";
  for (const row of document.querySelectorAll(containers)) {
    const items = [...row.querySelectorAll(
      ":scope > details > summary, :scope > .bibfolio-links > a, :scope > a")]
      .filter((e) => e.checkVisibility())
      .map((e) => {
        const icon = e.querySelector("svg");
        return (icon && !e.classList.contains("bibfolio-profile-cv") ? icon : e)
          .getBoundingClientRect();
      });
    const kind = row.classList[0];
    rows[kind] = rows[kind] || [];
    for (let i = 1; i < items.length; i++) {
      const middle = (box) => (box.top + box.bottom) / 2;  // an icon is shorter than the CV
      if (Math.abs(middle(items[i]) - middle(items[i - 1])) < 4) {
        rows[kind].push(Math.round((items[i].left - items[i - 1].right) * 10) / 10);
      }
    }
  }
  return rows;
}"""


def contrast(page: Page, selector: str, css_property: str = "color") -> float:
    """The lowest contrast ratio of *css_property* over its backdrop among all *selector*."""
    ratios = page.locator(selector).evaluate_all(CONTRAST_JS, css_property)
    assert ratios, f"no {selector} on {page.url}"
    return min(ratios)


def settle(page: Page) -> None:
    """Wait until colour transitions and the fonts are done."""
    page.evaluate(SETTLE_JS)
    page.evaluate("() => document.fonts.ready.then(() => true)")


def tab_to(page: Page, selector: str, limit: int = 300) -> int:
    """Press Tab from the top of the page until the first *selector* has focus.

    Returns how many presses it took; fails if the element is not in the tab order.
    """
    target = page.locator(selector).first.element_handle()
    for presses in range(1, limit + 1):
        page.keyboard.press("Tab")
        if page.evaluate("(target) => document.activeElement === target", target):
            return presses
    pytest.fail(f"{selector} not reached with {limit} presses of Tab")


def open_search(page: Page, timeout: float = 60) -> Locator:
    """Press Ctrl+K until pydata-sphinx-theme's search dialog is open; returns its field.

    The theme listens for Ctrl+K once its deferred script has run; a press that comes
    before (a loaded machine, another suite beside this one) is lost.  A press returns
    once the page has handled it, so the dialog's state right after says whether it was
    heard, and it is pressed again only while the dialog is closed (a heard second press
    would close it).
    """
    dialog = page.locator("#pst-search-dialog")
    deadline = time.monotonic() + timeout
    while True:
        page.keyboard.press("Control+k")
        if dialog.evaluate("(dialog) => dialog.open"):
            return dialog.locator("input[name=q]")
        if time.monotonic() > deadline:
            pytest.fail(f"Ctrl+K did not open the search dialog of {page.url} in {timeout} s")
        page.wait_for_timeout(250)
