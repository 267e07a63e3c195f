"""Fixtures: both portfolios built once and served, one Chromium for every browser test.

The served sites and the browser live as long as this package's tests (pytest's
"package" scope), and the browser starts only after both builds: sphinx-sitemap starts a
``multiprocessing.Manager`` (a forked process) in every build, and a fork made while
Playwright runs inherits the pipes to its driver, so Playwright could never shut down.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from bibfolio.scaffold import new_portfolio

from ..audit import serve
from ..helpers import build_project
from .support import CHROMIUM, CHROMIUM_ARGS, DESKTOP, Site, require_chromium

if TYPE_CHECKING:
    from collections.abc import Iterator
    from pathlib import Path

    from playwright.sync_api import Browser, Page

    from ..helpers import Built


@pytest.fixture(scope="package")
def sites(built_mingyu_liang: Built, built_liang_luo: Built) -> Iterator[dict[str, Site]]:
    """The demos examples/mingyu-liang and examples/liang-luo, built once, each served on its own free port."""
    servers = []
    served = {}
    for name, built, list_page in (
        ("mingyu-liang", built_mingyu_liang, "publications.html"),
        ("liang-luo", built_liang_luo, "index.html"),
    ):
        assert built.statuscode == 0, built.warnings
        server, url = serve(built.outdir)
        servers.append(server)
        served[name] = Site(name, built.outdir, url, list_page)
    yield served
    for server in servers:
        server.shutdown()
        server.server_close()


#: The .bib of the site ``bibfolio new`` makes for the browser tests (a fictional owner).
BIB = r"""@article{raman2024sparse,
  author  = {Raman, Priya S. and Okafor, Chidi},
  title   = {Sparse Attention for Streaming Sensor Data},
  journal = {Journal of Example Systems},
  year    = {2024},
  selected = {true},
}

@inproceedings{raman2023edge,
  author    = {Okafor, Chidi and Priya Raman},
  title     = {Edge Inference under Tight Memory Budgets},
  booktitle = {Proceedings of the Workshop on Example Machine Learning},
  year      = {2023},
}
"""


def _served_new_site(base: Path, fill: bool) -> Iterator[str]:
    """``bibfolio new`` with :data:`BIB` in *base*, filled in (*fill*) or not, built and served."""
    (base / "priya.bib").write_text(BIB, encoding="utf-8")
    new_portfolio(base / "site", "Priya Raman", base / "priya.bib")
    if fill:
        with (base / "site" / "teaching.md").open("a", encoding="utf-8") as page:
            page.write("\n- Introduction to Machine Learning, Fall 2024\n")
        with (base / "site" / "news.yml").open("a", encoding="utf-8") as news:
            news.write("- date: 2024-09-01\n  text: Joined the lab.\n")
    built = build_project(base / "site", base / "_build")
    assert built.statuscode == 0 and built.warnings == "", built.warnings
    server, url = serve(built.outdir)
    yield url
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="package")
def fresh(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """``bibfolio new site --name "Priya Raman" --bib priya.bib``, built once and served."""
    yield from _served_new_site(tmp_path_factory.mktemp("new-site"), fill=False)


@pytest.fixture(scope="package")
def filled(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The same site once its owner has written a course and a news item, built and served."""
    yield from _served_new_site(tmp_path_factory.mktemp("filled-site"), fill=True)


@pytest.fixture(scope="package")
def browser(sites: dict[str, Site]) -> Iterator[Browser]:
    """Debian's chromium, headless, driven by Playwright (its own download is not used)."""
    require_chromium()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    """A fresh desktop page in light mode (a new context: no stored theme, no history)."""
    context = browser.new_context(viewport=DESKTOP, color_scheme="light")
    yield context.new_page()
    context.close()
