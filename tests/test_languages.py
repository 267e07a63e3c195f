"""Both portfolios, a group site and a news site built in other languages: no English of bibfolio's left.

One build per language, with the CV PDF (tests/test_bilingual.py checks Simplified
Chinese's).  Each build's pages, CV page, a paper page and 404 page are searched for the
English msgids of bibfolio's catalog and for English words of the catalog's vocabulary
written without ``_()``; its CV PDFs for the catalog's English phrases that the owner's
own files do not hold (tests/i18n_scan.py).  The group site (examples/fernhollow-lab)
and tests/roots/test-news are built in every shipped language.
"""

from __future__ import annotations

import json
import re
import shutil
import sys
from typing import TYPE_CHECKING

import pytest

from bibfolio.cv.fonts import choose_fonts, system_fonts

from .helpers import REPO, build_project, copy_portfolio
from .i18n_scan import english_left, english_left_in_pdf, english_words_left, pages_text, pdf_text

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
    result = build_project(source, base / "_build", overrides={"language": language})
    return language, result, list_page


def _pages(outdir: Path, list_page: str) -> list[str]:
    paper = sorted(
        p.relative_to(outdir).as_posix() for p in (outdir / "publications").glob("*.html")
    )
    return sorted({"index.html", list_page, "cv.html", "404.html", *paper[:2]})


def test_no_english_of_bibfolios_is_left(built) -> None:
    language, result, list_page = built
    assert result.statuscode == 0, result.warnings
    texts = pages_text(result.outdir, _pages(result.outdir, list_page))
    assert texts, "bibfolio's elements were found"
    left = english_left(texts, language)
    assert not left, f"{language}: English left in the pages: {sorted(left)}"
    words = english_words_left(texts, language)
    assert not words, f"{language}: English words of bibfolio's never marked: {sorted(words)}"


#: language → bibfolio's words in its CV PDF, translated (patterns): a group heading, the
#: legend's "equal contribution", and (Liang Luo's long author lists) "and N others".
PDF_WORDS = {
    "de": ("Konferenzbeiträge", r"\*: gleicher Beitrag"),
    "es": ("Publicaciones en congresos", r"\*: contribución igualitaria"),
    "fr": ("Articles de conférence", r"\*: contribution égale", r"et \d+ autres"),
    "ja": ("会議論文", r"\*: 同等貢献", r"ほか \d+ 名"),
}


def test_no_english_of_bibfolios_is_left_in_the_cv_pdf(built) -> None:
    """The full and one-page CV PDFs: bibfolio's words translated, the owner's as written."""
    language, result, _ = built
    assert result.statuscode == 0, result.warnings
    if language == "ja" and choose_fonts(["会"], "ja", fonts=system_fonts()).missing:
        pytest.skip("no font draws Japanese on this system (apt-get install fonts-noto-cjk)")
    pdfs = sorted(result.outdir.glob("cv*.pdf"))
    assert result.outdir / "cv.pdf" in pdfs
    text = " ".join(pdf_text(result.outdir / "cv.pdf")[0].split())
    for words in PDF_WORDS[language]:
        assert re.search(words, text), f"{language}: {words!r} not in cv.pdf"
    left = {pdf.name: english_left_in_pdf(pdf, result.srcdir, language) for pdf in pdfs}
    assert not any(left.values()), f"{language}: English left in the PDFs: {left}"


def test_the_script_gets_its_words_in_the_language(built) -> None:
    """bibfolio.js reads the filter's count and the formats' messages from a <meta>."""
    language, result, list_page = built
    meta = result.page(list_page.removesuffix(".html")).select_one('meta[name="bibfolio-words"]')
    assert meta is not None
    words = json.loads(meta["content"])
    expected = {
        "de": "%(shown)s von %(total)s Veröffentlichungen angezeigt",
        "es": "Se muestran %(shown)s de %(total)s publicaciones",
        "fr": "Publications affichées\u00a0: %(shown)s sur %(total)s",
        "ja": "%(total)s 件中 %(shown)s 件を表示",
    }
    assert words["showing"] == expected[language]
    assert set(words) == {"showing", "loading", "failed_links", "failed"}


def test_a_rebuild_in_another_language_rewrites_bibfolios_words(tmp_path: Path) -> None:
    """Renderings cached by an English build are not reused by a German one (fragments.py)."""
    source = tmp_path / "src"
    shutil.copytree(REPO / "tests" / "roots" / "test-equal-contrib", source)
    english = build_project(source, tmp_path / "_build")
    assert "equal contribution" in english.page("index").select_one(".bibfolio-legend").get_text()
    german = build_project(source, tmp_path / "_build", overrides={"language": "de"}, fresh=False)
    page = german.page("index")
    assert page.select_one(".bibfolio-legend").get_text() == "*: gleicher Beitrag"
    authors = " ".join(page.select_one("#pub-shared .bibfolio-authors").get_text().split())
    assert authors == "Charles Babbage*, Ada Lovelace* und Mary Somerville"


#: The group site and the news-and-talks root, each in every shipped language.
SITES = {
    "group": (REPO / "examples" / "fernhollow-lab", ("index.html", "publications.html",
              "people.html", "people/odile-fernhollow.html", "people/lio-brannaghmor.html",
              "404.html")),
    "news": (REPO / "tests" / "roots" / "test-news", ("index.html", "news.html", "talks.html")),
}  # fmt: skip
LANGUAGES = ("ar", "de", "es", "fr", "ja", "zh_CN")


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("site", sorted(SITES))
def test_a_group_site_and_news_pages_keep_no_english(
    site: str, language: str, tmp_path: Path
) -> None:
    """The people page's roles, member pages, the group's counts and filter; news and talks."""
    folder, names = SITES[site]
    source = tmp_path / "src"
    shutil.copytree(folder, source, ignore=shutil.ignore_patterns("_build"))
    with pytest.MonkeyPatch.context() as patch:
        patch.setitem(sys.modules, "typst", None)
        result = build_project(source, tmp_path / "_build", overrides={"language": language})
    assert result.statuscode == 0, result.warnings
    papers = sorted(p.relative_to(result.outdir).as_posix()
                    for p in (result.outdir / "publications").glob("*.html"))  # fmt: skip
    texts = pages_text(result.outdir, [*names, *papers[:2]])
    assert texts, "bibfolio's elements were found"
    left = english_left(texts, language)
    assert not left, f"{site} in {language}: English left: {sorted(left)}"
    words = english_words_left(texts, language)
    assert not words, f"{site} in {language}: English words never marked: {sorted(words)}"


@pytest.mark.parametrize(
    ("setting", "expected", "absent"),
    [
        ({}, ", pp. 1-9", ", S. 1-9"),  # the default: references in English
        ({"bibfolio_citation_locale": "page"}, ", S. 1-9", ", pp. 1-9"),
    ],
)
def test_references_follow_bibfolio_citation_locale(
    setting: dict, expected: str, absent: str, tmp_path: Path
) -> None:
    """A German site's IEEE list file: English by default, German with ``"page"``."""
    source = tmp_path / "src"
    shutil.copytree(REPO / "tests" / "roots" / "test-cite-formats", source)
    overrides = {"language": "de", **setting}
    result = build_project(source, tmp_path / "_build", overrides=overrides)
    assert result.statuscode == 0, result.warnings
    text = (result.outdir / "index-ieee.txt").read_text(encoding="utf-8").replace("\u2013", "-")
    assert expected in text
    assert absent not in text


def _venue_lines(tmp_path: Path, bib: str, keys: tuple[str, ...]) -> dict[str, dict[str, str]]:
    """The venue lines of *keys*, by language (en, de), on a one-page list of *bib*."""
    source = tmp_path / "src"
    source.mkdir()
    (source / "conf.py").write_text(
        'extensions = ["myst_parser", "sphinxcontrib.bibtex", "bibfolio"]\n'
        'bibtex_bibfiles = ["refs.bib"]\nbibfolio_owner = ["Ada Lovelace"]\n',
        encoding="utf-8",
    )
    (source / "index.md").write_text("# Entries\n\n```{publications}\n```\n", encoding="utf-8")
    (source / "refs.bib").write_text(bib, encoding="utf-8")
    lines: dict[str, dict[str, str]] = {}
    for language in ("en", "de"):
        result = build_project(source, tmp_path / language, overrides={"language": language})
        assert result.statuscode == 0, result.warnings
        page = result.page("index")
        lines[language] = {
            key: " ".join(page.select_one(f"#pub-{key} .bibfolio-venue").get_text().split())
            for key in keys
        }
    return lines


def test_venue_labels_are_in_the_sites_language(tmp_path: Path) -> None:
    """A chapter and its pages: "Kapitel 4" and "S. 10–20" on a German list."""
    bib = (
        "@incollection{engines,\n  author = {Lovelace, Ada},\n  title = {Notes on engines},\n"
        "  booktitle = {Essays on Computing},\n  volume = 2,\n  chapter = 4,\n"
        "  pages = {10--20},\n  publisher = {Fictional Press},\n  year = 1843,\n}\n"
    )
    lines = _venue_lines(tmp_path, bib, ("engines",))
    english, german = lines["en"]["engines"], lines["de"]["engines"]
    assert "chapter 4" in english
    assert "pp. 10–20" in english
    assert "Kapitel 4" in german
    assert "S. 10–20" in german
    assert "chapter" not in german


def test_a_written_edition_is_labelled_in_the_sites_language(tmp_path: Path) -> None:
    """A book's "Revised" edition: "Revised Auflage" on a German list; a book title's own
    ", Special edition" is left as written."""
    bib = (
        "@book{engines,\n  author = {Lovelace, Ada},\n  title = {Notes on engines},\n"
        "  edition = {Revised},\n  publisher = {Fictional Press},\n  year = 1843,\n}\n"
        "@incollection{looms,\n  author = {Lovelace, Ada},\n  title = {On looms},\n"
        "  booktitle = {Engines, Special edition},\n  publisher = {Fictional Press},\n"
        "  year = 1842,\n}\n"
    )
    lines = _venue_lines(tmp_path, bib, ("engines", "looms"))
    assert lines["en"]["engines"].startswith("Revised edition, Fictional Press")
    assert lines["de"]["engines"].startswith("Revised Auflage, Fictional Press")
    assert "edition" not in lines["de"]["engines"]
    assert "Engines, Special edition" in lines["en"]["looms"]
    assert "Engines, Special edition" in lines["de"]["looms"]
