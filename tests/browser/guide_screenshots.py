"""GUIDE.md's screenshots of both demo portfolios: ``nox -s screenshots``.

Builds examples/mingyu-liang and examples/liang-luo, serves them, and writes the home
page at 1366×900 and on a 390×844 phone, and the publication list and the CV page at
1366×900, to ``examples/screenshots/<portfolio>-<page>-<width>.png``: what a reader of
GUIDE.md sees before installing anything.  Light mode; the first screen only, so the
files stay small.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from ..audit import CHROMIUM, CHROMIUM_FLAGS, serve
from ..helpers import REPO, build_project, copy_portfolio

OUT = REPO / "examples" / "screenshots"
WIDE = {"width": 1366, "height": 900}
PHONE = {"width": 390, "height": 844}
#: portfolio → [(page name, path, viewports)]
SHOTS = {
    "mingyu-liang": [
        ("home", "index.html", (WIDE, PHONE)),
        ("publications", "publications.html", (WIDE,)),
        ("cv", "cv.html", (WIDE,)),
    ],
    "liang-luo": [("home", "index.html", (WIDE, PHONE))],
}
SETTLE_JS = "() => document.fonts.ready.then(() => true)"


def main() -> int:
    """Build, serve, shoot; prints each file written."""
    from playwright.sync_api import sync_playwright

    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as temporary:
        base = Path(temporary)
        served = {}
        for name in SHOTS:
            built = build_project(copy_portfolio(name, base), base / name / "_build")
            if built.statuscode != 0:
                sys.stderr.write(built.warnings + "\n")
                return 1
            served[name] = serve(built.outdir)
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=str(CHROMIUM), args=list(CHROMIUM_FLAGS)
            )
            for name, shots in SHOTS.items():
                url = served[name][1]
                for page_name, path, viewports in shots:
                    for viewport in viewports:
                        context = browser.new_context(viewport=viewport, color_scheme="light")
                        page = context.new_page()
                        page.goto(url + path, wait_until="load")
                        page.evaluate(SETTLE_JS)
                        target = OUT / f"{name}-{page_name}-{viewport['width']}.png"
                        page.screenshot(path=target)
                        context.close()
                        sys.stdout.write(f"{target.relative_to(REPO)}\n")
            browser.close()
        for server, _url in served.values():
            server.shutdown()
            server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
