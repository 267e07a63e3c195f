"""axe-core on every page of both portfolios, in light and in dark mode: no violations."""

from __future__ import annotations

import pytest

from .support import DESKTOP, require_chromium, settle

require_chromium()
pytestmark = pytest.mark.browser


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("name", ["mingyu-liang", "liang-luo"])
def test_axe_finds_no_violations_on_any_page(browser, sites, name, scheme):
    from axe_playwright_python.sync_playwright import Axe

    axe = Axe()
    site = sites[name]
    # The theme follows the system preference ("auto"): this is how a visitor gets dark mode.
    context = browser.new_context(viewport=DESKTOP, color_scheme=scheme)
    page = context.new_page()
    reports = []
    for path in site.pages:
        page.goto(site.url + path, wait_until="load")
        # Paper pages are lean (no theme script): they follow the system scheme in CSS.
        if not path.startswith("publications/"):
            assert page.evaluate("document.documentElement.dataset.theme") == scheme
        settle(page)
        results = axe.run(page)  # axe's default rule set, nothing disabled
        if results.violations_count:
            reports.append(f"{path} ({scheme}):\n{results.generate_report()}")
    context.close()
    assert not reports, "\n\n".join(reports)
