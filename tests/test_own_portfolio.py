"""docs/, the published demo: what must hold for any owner's published portfolio.

docs/ is the demo (Mingyu Liang's); these tests assert nothing about a particular person
(the demo's facts are tested on its copy, examples/mingyu-liang/), only what every site
made by ``bibfolio new`` is tested for too.

The checks that hold for any site are the ones bibfolio ships to every site's tests
(:mod:`bibfolio.testing.checks`: builds -nW, the owner matched and bold, no dangling
link, every page reachable, nothing private published), collected here as a site
collects them and run on docs/ built as Read the Docs builds it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from bs4 import BeautifulSoup

from bibfolio.testing import SiteBuild
from bibfolio.testing.checks import *  # noqa: F403 - the checks, collected as a site does

from .helpers import CANONICAL, DEMOS, DOCS, REPO, portfolio_conf

if TYPE_CHECKING:
    from pathlib import Path

    from .helpers import Built

pytestmark = pytest.mark.portfolio
DEMO = REPO / "examples" / "mingyu-liang"
#: The one line the demo's copy changes: it keeps its refs.bib inside its folder.
TEMPLATE_BIB_LINE = 'bibtex_bibfiles = ["../refs.bib"]'
DEMO_BIB_LINE = 'bibtex_bibfiles = ["refs.bib"]'


@pytest.fixture(scope="module")
def built_site(built_own_docs: Built) -> SiteBuild:
    """docs/ built once for the session (``built_own_docs``), as the checks read a build."""
    return SiteBuild(
        built_own_docs.srcdir, built_own_docs.outdir, built_own_docs.statuscode,
        built_own_docs.warnings, built_own_docs.outdir.parent / "doctrees",
    )  # fmt: skip


@pytest.fixture(scope="module")
def site_docs(built_own_docs: Built) -> Path:
    """The copy of docs/ that was built, with its .bib files where conf.py names them."""
    return built_own_docs.srcdir


def site_pages(built: Built) -> list[Path]:
    """Every HTML page of the site, outside the theme's and Sphinx's asset folders."""
    return sorted(
        path
        for path in built.outdir.rglob("*.html")
        if not path.relative_to(built.outdir).parts[0].startswith("_")
    )


def test_docs_is_the_demo_copy():
    """docs/ + refs.bib and examples/mingyu-liang/ hold the same files.

    The demo's tests read the copy; this keeps the published demo and the tested one the
    same.
    """
    owner = list(portfolio_conf(DOCS).get("bibfolio_owner") or [])  # type: ignore[call-overload]
    assert owner == [DEMOS["mingyu-liang"]]
    files = {
        str(path.relative_to(DOCS)): path
        for path in DOCS.rglob("*")
        if path.is_file()
        and not {"_build", "__pycache__"} & set(path.parts)
        and path.suffix != ".bibfolio"
    }
    files["refs.bib"] = REPO / "refs.bib"
    copies = {
        str(path.relative_to(DEMO)): path
        for path in DEMO.rglob("*")
        if path.is_file()
        and not {"_build", "__pycache__"} & set(path.parts)
        and path.suffix != ".bibfolio"
    }
    assert sorted(copies) == sorted(files)
    conf = (DOCS / "conf.py").read_text(encoding="utf-8")
    assert conf.count(TEMPLATE_BIB_LINE) == 1
    assert (DEMO / "conf.py").read_text(encoding="utf-8") == conf.replace(
        TEMPLATE_BIB_LINE, DEMO_BIB_LINE
    )
    differ = [
        name
        for name in files
        if name != "conf.py" and files[name].read_bytes() != copies[name].read_bytes()
    ]
    assert differ == [], "cp docs/... examples/mingyu-liang/ (and refs.bib) to keep them equal"


def test_the_publications_feed_parses_and_every_page_links_it(built_own_docs: Built):
    """Read the Docs gives the site its address, so the portfolio's Atom feed is written."""
    import feedparser

    address = CANONICAL + "feeds/publications.atom"
    for page in site_pages(built_own_docs):
        soup = BeautifulSoup(page.read_text(encoding="utf-8"), "html.parser")
        links = soup.head.select('link[rel="alternate"][type="application/atom+xml"]')
        assert address in [link["href"] for link in links], page
    feed = feedparser.parse((built_own_docs.outdir / "feeds" / "publications.atom").read_bytes())
    assert not feed.bozo and feed.version == "atom10"
    assert feed.feed.id == address and feed.feed.updated
    listed = {
        item["id"]
        for page in site_pages(built_own_docs)
        for item in BeautifulSoup(page.read_text(encoding="utf-8"), "html.parser").select(
            "li.bibfolio-entry[id]"
        )
    }
    assert 1 <= len(feed.entries) <= min(20, len(listed))
    dates = [entry.updated for entry in feed.entries]
    assert dates == sorted(dates, reverse=True)  # newest first, by the .bib's dates
    for entry in feed.entries:
        assert entry.id.startswith(CANONICAL) and entry.link == entry.id and entry.title
