"""GUIDE.md's screenshots of both demo portfolios: ``nox -s screenshots``.

Builds examples/mingyu-liang and examples/liang-luo, serves them, and writes the home
page at 1366×900 and on a 390×844 phone, and the publication list, the first paper page
and the CV page at 1366×900, to ``examples/screenshots/<portfolio>-<page>-<width>.png``:
what a reader of GUIDE.md sees before installing anything.  Light mode; the first
screen only, so the files stay small.  Then README.md's ``docs/_static/cv-preview.png``:
the first page of the Mingyu Liang CV PDF at 60 dpi (pdftoppm, from poppler-utils).
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from ..audit import CHROMIUM, CHROMIUM_FLAGS, serve
from ..helpers import REPO, build_project, copy_portfolio

OUT = REPO / "examples" / "screenshots"
WIDE = {"width": 1366, "height": 900}
PHONE = {"width": 390, "height": 844}
#: The path that stands for the list's first paper page (found on the list page).
PAPER = "<first paper>"
#: README.md's picture of the CV PDF: its first page, from this portfolio's build.
CV_PREVIEW = (REPO / "docs" / "_static" / "cv-preview.png", "mingyu-liang", 60)
#: portfolio → [(page name, path, viewports)]
SHOTS = {
    "mingyu-liang": [
        ("home", "index.html", (WIDE, PHONE)),
        ("publications", "publications.html", (WIDE,)),
        ("paper", PAPER, (WIDE,)),
        ("cv", "cv.html", (WIDE,)),
    ],
    "liang-luo": [
        ("home", "index.html", (WIDE, PHONE)),
        ("paper", PAPER, (WIDE,)),
        ("cv", "cv.html", (WIDE,)),
    ],
}
SETTLE_JS = "() => document.fonts.ready.then(() => true)"


def main() -> int:
    """Build, serve, shoot; prints each file written."""
    from playwright.sync_api import sync_playwright

    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as temporary:
        base = Path(temporary)
        served = {}
        outdirs = {}
        for name in SHOTS:
            built = build_project(copy_portfolio(name, base), base / name / "_build")
            if built.statuscode != 0:
                sys.stderr.write(built.warnings + "\n")
                return 1
            served[name] = serve(built.outdir)
            outdirs[name] = built.outdir
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
                        address = url + path
                        if path == PAPER:
                            page.goto(url + ("index.html" if name == "liang-luo" else
                                             "publications.html"))  # fmt: skip
                            first = page.locator("li.bibfolio-entry .bibfolio-head a").first
                            address = first.evaluate("(a) => a.href")
                        page.goto(address, wait_until="load")
                        page.evaluate(SETTLE_JS)
                        target = OUT / f"{name}-{page_name}-{viewport['width']}.png"
                        page.screenshot(path=target)
                        context.close()
                        sys.stdout.write(f"{target.relative_to(REPO)}\n")
            browser.close()
        for server, _url in served.values():
            server.shutdown()
            server.server_close()
        target, name, dpi = CV_PREVIEW
        pdf = outdirs[name] / "cv.pdf"
        stem = target.with_suffix("")
        subprocess.run(
            ["pdftoppm", "-png", "-r", str(dpi), "-f", "1", "-l", "1", "-singlefile",
             str(pdf), str(stem)],
            check=True,
        )  # fmt: skip
        sys.stdout.write(f"{target.relative_to(REPO)}\n")
        # The demo copy of docs/ (examples/mingyu-liang) keeps the same picture.
        demo = REPO / "examples" / name / target.relative_to(REPO / "docs")
        if demo.parent.is_dir():
            shutil.copy2(target, demo)
    return 0


if __name__ == "__main__":
    sys.exit(main())
