"""The 404 page as a visitor meets it: a missing path on Read the Docs or GitHub Pages.

Each portfolio is built with the host's own command and environment and served under the
host's path, 404.html with status 404 for any missing path (tests/hosting.py).  Chromium
then opens missing paths at several depths: the page must come with the site's styles
and scripts, and its links must lead to real pages.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from ..helpers import copy_portfolio
from ..hosting import GITHUB_PAGES, READ_THE_DOCS, build_as_host, serve_as_host
from .support import require_chromium

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator

    from playwright.sync_api import Page

    from ..hosting import Host

require_chromium()
pytestmark = [pytest.mark.browser, pytest.mark.portfolio]

HOSTS = {"readthedocs": READ_THE_DOCS, "github-pages": GITHUB_PAGES}
#: Where each portfolio's home and publications links lead, from the site's root.
PORTFOLIOS = {
    "mingyu-liang": ("index.html", "publications.html"),
    "liang-luo": ("index.html", "index.html"),  # the home page is the list
}
MISSING = ("papers/old-name/", "a/b/c/missing.html")

#: What the site's CSS decides about the page: a theme variable, the header's look.
STYLE_JS = """() => {
  const header = getComputedStyle(document.querySelector(".bd-header"));
  const brand = getComputedStyle(document.querySelector(".navbar-brand"));
  return {
    primary: getComputedStyle(document.documentElement)
      .getPropertyValue("--pst-color-primary").trim(),
    headerPosition: header.position,
    headerBackground: header.backgroundColor,
    headerShadow: header.boxShadow,
    brandFont: brand.fontFamily + " " + brand.fontSize,
    bodyFont: getComputedStyle(document.body).fontFamily,
  };
}"""


@pytest.fixture(scope="module")
def hosted(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Callable[[str, Host], str]]:
    """``(portfolio, host) → site URL``: built by the host's command, served as it serves."""
    sites: dict[tuple[str, str], str] = {}
    servers = []

    def serve(portfolio: str, host: Host) -> str:
        if (portfolio, host.name) not in sites:
            base = tmp_path_factory.mktemp(f"{portfolio.replace('/', '-')}-{host.name}")
            source = copy_portfolio(portfolio, base)
            result = build_as_host(source, base / "html", host)
            assert result.returncode == 0, result.stderr
            server, url = serve_as_host(base / "html", host.prefix)
            servers.append(server)
            sites[portfolio, host.name] = url
        return sites[portfolio, host.name]

    yield serve
    for server in servers:
        server.shutdown()
        server.server_close()


def watch_failures(page: Page, document: str) -> list[str]:
    """Every failed request of *page* other than *document* itself, as it happens."""
    failures: list[str] = []
    page.on("requestfailed", lambda request: failures.append(f"{request.url}: {request.failure}"))
    page.on(
        "response",
        lambda response: (
            response.status >= 400
            and response.url != document
            and failures.append(f"{response.url}: {response.status}")
        ),
    )
    return failures


@pytest.mark.parametrize("missing", MISSING)
@pytest.mark.parametrize(
    ("portfolio", "host"),
    [
        ("mingyu-liang", "readthedocs"),
        ("liang-luo", "readthedocs"),
        ("mingyu-liang", "github-pages"),
    ],
)
def test_a_missing_page_shows_the_portfolio_with_working_links(
    hosted, page, portfolio, host, missing
):
    site = hosted(portfolio, HOSTS[host])
    url = site + missing
    failures = watch_failures(page, url)
    response = page.goto(url, wait_until="networkidle")
    assert response.status == 404
    assert page.locator("article h1").inner_text() == "Page not found"
    assert failures == []  # every stylesheet, script, font and icon of the site loaded

    # The site's CSS applies: the theme's colours and the header look as on the home page.
    style = page.evaluate(STYLE_JS)
    assert style["primary"]
    assert style["headerPosition"] == "sticky"
    home = page.context.new_page()
    assert home.goto(site + "index.html").status == 200
    assert style == home.evaluate(STYLE_JS)
    home.close()

    # The theme's scripts run: its colour-mode menu switches to dark.
    page.locator(".theme-switch-button:visible").click()
    page.locator(".theme-change-button[data-mode=dark]:visible").click()
    page.wait_for_function("document.documentElement.dataset.theme === 'dark'")

    # Every link into the site leads to a page: the header's and the way home.
    origin = site.split(HOSTS[host].prefix)[0]
    links = page.evaluate("() => Array.from(document.querySelectorAll('a[href]'), a => a.href)")
    own = {link.split("#")[0] for link in links if link.startswith(origin)}
    own.discard(url)  # in-page links ("skip to main content")
    home_page, publications = PORTFOLIOS[portfolio]
    assert {site + home_page, site + publications} <= own
    for link in sorted(own):
        assert page.request.get(link).status == 200, link

    # Following the article's links lands on the home page and the full list.
    for name, expected in (("home", home_page), ("publications", publications)):
        page.goto(url)
        with page.expect_navigation() as navigation:
            page.locator(f"article a[href='{HOSTS[host].prefix}{expected}']").first.click()
        assert navigation.value.status == 200, name
        assert page.url == site + expected
        assert page.locator(".bibfolio-title").count() > 0, name
