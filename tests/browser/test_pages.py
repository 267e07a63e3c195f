"""Every page of both portfolios, paper pages included, loads cleanly in Chromium."""

from __future__ import annotations

import pytest

from .support import require_chromium

require_chromium()
pytestmark = pytest.mark.browser


@pytest.mark.parametrize("name", ["docs", "liang-luo"])
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
    context.close()
    assert not problems, "\n".join(problems)
    # Paper pages are part of "every page": one per publication of the owner.
    papers = [path for path in pages if path.startswith("publications/")]
    assert len(papers) == {"docs": 5, "liang-luo": 31}[name]
    assert {"index.html", "search.html"} <= set(pages)
