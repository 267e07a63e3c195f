"""Both portfolios built in German, Spanish, French and Japanese: no English of bibfolio's left.

One build per language, without the CV PDF (tests/test_bilingual.py builds Simplified
Chinese with it, and checks the PDF).  Each build's pages, CV page, a paper page and
404 page are searched for the English msgids of bibfolio's catalog (tests/i18n_scan.py).
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

import pytest

from .helpers import build_project, copy_portfolio
from .i18n_scan import english_left, pages_text

if TYPE_CHECKING:
    from pathlib import Path

pytestmark = pytest.mark.portfolio
#: language → the portfolio built in it, and the page holding its full list.
CASES = {
    "de": ("mingyu-liang", "publications.html"),
    "es": ("mingyu-liang", "publications.html"),
    "fr": ("liang-luo", "index.html"),
    "ja": ("liang-luo", "index.html"),
}


@pytest.fixture(scope="module", params=sorted(CASES))
def built(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory):
    language = request.param
    name, list_page = CASES[language]
    base = tmp_path_factory.mktemp(f"{name}-{language}")
    source = copy_portfolio(name, base)
    # No PDF (the typst package looks absent): the CV page is still written.
    with pytest.MonkeyPatch.context() as patch:
        patch.setitem(sys.modules, "typst", None)
        result = build_project(source, base / "_build", overrides={"language": language})
    return language, result, list_page


def _pages(outdir: Path, list_page: str) -> list[str]:
    paper = sorted(p.relative_to(outdir).as_posix() for p in (outdir / "publications").glob("*.html"))
    return sorted({"index.html", list_page, "cv.html", "404.html", *paper[:2]})


def test_no_english_of_bibfolios_is_left(built) -> None:
    language, result, list_page = built
    assert result.statuscode == 0, result.warnings
    texts = pages_text(result.outdir, _pages(result.outdir, list_page))
    assert texts, "bibfolio's elements were found"
    left = english_left(texts, language)
    assert not left, f"{language}: English left in the pages: {sorted(left)}"
