"""The group pages in Chromium: the member filter works, the card grid fits a phone.

Screenshots of the people page, a member page and the group list at 1366 and 390 px go
to tests/artifacts/screenshots/group-*.png.
"""

from __future__ import annotations

import shutil
from typing import TYPE_CHECKING

import pytest

from .audit import serve
from .browser.support import CHROMIUM, CHROMIUM_ARGS, SCREENSHOTS, require_chromium, settle
from .helpers import REPO, build_project

if TYPE_CHECKING:
    from collections.abc import Iterator

    from playwright.sync_api import Browser

require_chromium()
pytestmark = pytest.mark.browser

WIDTHS = {"desktop": {"width": 1366, "height": 900}, "phone": {"width": 390, "height": 844}}


def _serve(
    tmp_path_factory: pytest.TempPathFactory, builder: str, **overrides: object
) -> Iterator[str]:
    base = tmp_path_factory.mktemp(f"group-browser-{builder}")
    shutil.copytree(REPO / "tests" / "roots" / "test-group", base / "group")
    built = build_project(base / "group", base / "_build", builder, overrides=overrides)
    assert built.warnings == ""
    server, url = serve(built.outdir)
    yield url
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """tests/roots/test-group built (before the browser starts: see browser/conftest.py) and served.

    Its lists of 5 and 7 entries get the list's own filter form too (search, type, year).
    """
    yield from _serve(tmp_path_factory, "html", bibfolio_filter_min_entries=5)


@pytest.fixture(scope="module")
def single(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The same as one page (singlehtml): every member page's list is on it too."""
    yield from _serve(tmp_path_factory, "singlehtml")


@pytest.fixture(scope="module")
def browser(site: str, single: str) -> Iterator[Browser]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


def _visible_entries(page) -> list[str]:
    return page.eval_on_selector_all(
        "li.bibfolio-entry", "items => items.filter(i => i.offsetParent !== null).map(i => i.id)"
    )


def test_member_filter_shows_one_members_papers_and_keeps_the_choice(
    site: str, browser: Browser
) -> None:
    page = browser.new_page(viewport=WIDTHS["desktop"])
    page.goto(site + "publications.html")
    assert len(_visible_entries(page)) == 5
    # The member select is a field of the list's filter form, whose count follows it.
    form = 'form[data-listing="publications-1"]'
    assert page.locator(f"{form} select[data-bibfolio-member-filter]").is_visible()
    page.select_option("select[data-bibfolio-member-filter]", "arkwright")
    assert _visible_entries(page) == ["pub-arkwright2018first"]
    assert page.text_content(f"{form} .bibfolio-filter-count") == "Showing 1 of 5 publications"
    assert page.url.endswith("publications.html?member=arkwright")
    # With the form's own filters: both apply.
    page.select_option(f"{form} select[name=year]", "2020")
    assert _visible_entries(page) == []
    page.select_option(f"{form} select[name=year]", "")
    # Sections left without a visible entry are hidden too.
    assert (
        page.eval_on_selector_all(
            "section.bibfolio-group", "s => s.filter(x => x.offsetParent !== null).length"
        )
        == 1
    )
    page.goto(site + "publications.html?member=tomas-ferrowick")
    assert _visible_entries(page) == ["pub-ferrowick2023sparse", "pub-quillfeather2024graphs"]
    page.select_option("select[data-bibfolio-member-filter]", "")
    assert len(_visible_entries(page)) == 5
    page.close()


def test_member_filter_in_singlehtml_filters_its_own_list_only(
    single: str, browser: Browser
) -> None:
    page = browser.new_page(viewport=WIDTHS["desktop"])
    page.goto(single + "index.html")
    # Every list of the site is on the page: the group list, "everything", member pages'.
    everything_before = len(_visible_entries(page))
    assert everything_before == 5 + 7 + 3 + 1 + 2 + 5 + 1 + 2
    group_list = 'select[data-bibfolio-member-filter="publications-publications-1"]'
    assert page.locator(group_list).is_visible()  # no list form here: its own line
    page.select_option(group_list, "arkwright")
    listing = 'li.bibfolio-entry[data-listing="publications-publications-1"]'
    shown = page.eval_on_selector_all(
        listing, "items => items.filter(i => i.offsetParent !== null).map(i => i.id)"
    )
    assert shown == ["publications-pub-arkwright2018first"]  # singlehtml ids: PageIds
    # The other lists (member pages, "everything") keep every entry.
    assert len(_visible_entries(page)) == everything_before - 4
    page.close()


@pytest.mark.parametrize("width", list(WIDTHS))
def test_group_pages_fit_and_are_captured(site: str, browser: Browser, width: str) -> None:
    page = browser.new_page(viewport=WIDTHS[width])
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    for name in ("people", "people/arkwright", "publications"):
        page.goto(f"{site}{name}.html")
        settle(page)
        overflow = page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth")
        assert overflow <= 0, f"{name} is {overflow}px wider than a {width} screen"
        slug = name.replace("/", "-")
        page.screenshot(path=str(SCREENSHOTS / f"group-{slug}-{width}.png"), full_page=True)
    # The cards sit side by side even on a phone: two columns at 390 px, more on a desktop.
    page.goto(site + "people.html")
    columns = page.eval_on_selector(
        ".bibfolio-people", "grid => getComputedStyle(grid).gridTemplateColumns.split(' ').length"
    )
    assert columns == 2 if width == "phone" else columns >= 4
    page.close()
