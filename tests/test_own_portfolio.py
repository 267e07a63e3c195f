"""docs/, whoever owns it: what must hold for any owner's published portfolio.

In the template docs/ is the demo (Mingyu Liang); in a fork it is the owner's own site
(``bibfolio new``).  These tests assert nothing about a particular person, so they pass
for both: the demo's facts are tested on its copy, examples/mingyu-liang/.
"""

from __future__ import annotations

import html
import re
from typing import TYPE_CHECKING
from urllib.parse import unquote

import pytest
from bs4 import BeautifulSoup

from bibfolio.__main__ import main
from bibfolio.model.privacy import private_fields
from bibfolio.reading.bibtex import read_bib_files
from bibfolio.testing.checks import internal_links

from .helpers import CANONICAL, DEMOS, DOCS, REPO, bib_files, portfolio_conf

if TYPE_CHECKING:
    from pathlib import Path

    from .helpers import Built

pytestmark = pytest.mark.portfolio
DEMO = REPO / "examples" / "mingyu-liang"
#: The one line the demo's copy changes: it keeps its refs.bib inside its folder.
TEMPLATE_BIB_LINE = 'bibtex_bibfiles = ["../refs.bib"]'
DEMO_BIB_LINE = 'bibtex_bibfiles = ["refs.bib"]'
#: Pages no page links to: Sphinx's search and index, and the 404 page the host serves for a
#: missing address.
SPHINX_PAGES = {"search.html", "genindex.html", "404.html"}
#: What the published files are: pages, the BibTeX/RIS/CSL-JSON downloads, sitemap, feeds.
PUBLISHED = {".html", ".bib", ".ris", ".json", ".txt", ".xml", ".atom", ".js"}
_EMAIL = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)*\.[A-Za-z]{2,}")
_LOCAL_PATH = re.compile(r"file:/|(?<![\w.])/(?:home|Users)/\w|\b[A-Z]:\\\\?\w")


def site_pages(built: Built) -> list[Path]:
    """Every HTML page of the site, outside the theme's and Sphinx's asset folders."""
    return sorted(
        path
        for path in built.outdir.rglob("*.html")
        if not path.relative_to(built.outdir).parts[0].startswith("_")
    )


def published_texts(built: Built) -> dict[str, str]:
    """Every file a visitor can fetch that the build wrote from the portfolio, by path.

    ``_static/`` holds the theme's and Sphinx's own assets (the same for every site),
    so it is left out; bibfolio's generated downloads live beside the pages.
    """
    return {
        str(path.relative_to(built.outdir)): path.read_text(encoding="utf-8", errors="replace")
        for path in built.outdir.rglob("*")
        if path.is_file()
        and path.suffix in PUBLISHED
        and not path.relative_to(built.outdir).parts[0].startswith(("_static", ".doctrees"))
    }


def test_builds_with_no_warning_as_with_n_and_w(built_own_docs: Built):
    # build_project builds with -n; -W would fail on the first warning.
    assert built_own_docs.warnings == ""
    assert built_own_docs.statuscode == 0


def test_every_listed_entry_shows_the_owner_in_bold(built_own_docs: Built):
    entries = {
        (page.name, li.get("id")): li
        for page in site_pages(built_own_docs)
        for li in built_own_docs.page(
            str(page.relative_to(built_own_docs.outdir).with_suffix(""))
        ).select("li.bibfolio-entry")
    }
    assert entries, "the portfolio lists no publication"
    unmatched = [key for key, li in entries.items() if not li.select("strong.bibfolio-owner")]
    assert unmatched == []


def test_the_owner_matches_an_author_of_every_entry_of_the_bib(capsys):
    owners = portfolio_conf(DOCS)["bibfolio_owner"]
    assert owners, "docs/conf.py names no bibfolio_owner"
    bibs = [str(path) for path in bib_files(DOCS)]
    main(["check", *bibs, *(arg for owner in owners for arg in ("--owner", owner))])  # type: ignore[union-attr]
    out, err = capsys.readouterr()
    assert [line for line in (out + err).splitlines() if "[owner_" in line] == []
    # The summary: "owner 'A', 'B': matches an author in 5 of 5 entries".
    matched = re.search(r"matches an author in (\d+) of (\d+) entries", out + err)
    assert matched, out + err
    assert matched[1] == matched[2] != "0"


def test_no_internal_link_or_resource_is_dangling(built_own_docs: Built):
    ids: dict[Path, set[str]] = {}
    dangling = []
    for page in site_pages(built_own_docs):
        soup = BeautifulSoup(page.read_text(encoding="utf-8"), "html.parser")
        ids[page] = {tag["id"] for tag in soup.find_all(id=True)}
        for href, target, fragment in internal_links(page, soup, built_own_docs.outdir):
            if not target.is_file():
                dangling.append((page.name, href))
            elif fragment and target.suffix == ".html":
                if target not in ids:
                    found = BeautifulSoup(target.read_text(encoding="utf-8"), "html.parser")
                    ids[target] = {tag["id"] for tag in found.find_all(id=True)}
                if fragment not in ids[target]:
                    dangling.append((page.name, href))
    assert dangling == []


def test_every_page_is_reachable_from_the_home_page(built_own_docs: Built):
    home = built_own_docs.outdir / "index.html"
    seen, todo = {home}, [home]
    while todo:
        page = todo.pop()
        soup = BeautifulSoup(page.read_text(encoding="utf-8"), "html.parser")
        for _, target, _ in internal_links(page, soup, built_own_docs.outdir):
            if target.suffix == ".html" and target.is_file() and target not in seen:
                seen.add(target)
                todo.append(target)
    pages = {page for page in site_pages(built_own_docs) if page.name not in SPHINX_PAGES}
    assert sorted(str(p.relative_to(built_own_docs.outdir)) for p in pages - seen) == []


def private_values() -> list[str]:
    """The values of the private and local fields of docs/'s .bib files (long enough to
    be told apart from ordinary words)."""
    sources = [(str(path), path.read_bytes()) for path in bib_files(DOCS)]
    entries, _ = read_bib_files(sources)
    values = []
    for entry in entries:
        fields = {name: found.value for name, found in entry.fields.items()}
        values += [fields[name].strip() for name in private_fields(fields)]
    return [value for value in values if len(value) >= 8]


def test_no_private_field_local_path_or_unlisted_email_is_published(built_own_docs: Built):
    texts = published_texts(built_own_docs)
    assert "index.html" in texts
    leaks = [
        (name, value[:40])
        for value in private_values()
        for name, text in texts.items()
        if value in text or html.escape(value) in text
    ]
    assert leaks == []
    paths = [
        (name, match[0]) for name, text in texts.items() for match in _LOCAL_PATH.finditer(text)
    ]
    assert paths == []
    assert [name for name, text in texts.items() if str(built_own_docs.srcdir) in text] == []
    # An address is shown only where the owner wrote it: conf.py or a page of docs/.
    written = "\n".join(
        path.read_text(encoding="utf-8", errors="replace")
        for path in DOCS.rglob("*")
        if path.suffix in {".py", ".md", ".rst"} and "_build" not in path.parts
    )
    shown = {
        (name, address.lower())
        for name, text in texts.items()
        for address in _EMAIL.findall(unquote(html.unescape(text)))
    }
    assert sorted(item for item in shown if item[1] not in written.lower()) == []


def test_docs_is_the_demo_copy_while_the_template_is_untouched():
    """In the template docs/ + refs.bib and examples/mingyu-liang/ hold the same files.

    The demo's tests read the copy; this keeps the published demo and the tested one the
    same.  A fork's docs/ is its owner's (another bibfolio_owner): nothing to compare.
    """
    owner = list(portfolio_conf(DOCS).get("bibfolio_owner") or [])  # type: ignore[call-overload]
    if owner != [DEMOS["mingyu-liang"]]:
        pytest.skip(
            f"docs/ is the portfolio of {', '.join(owner) or 'no owner'}, not a copy of the "
            "demo (examples/mingyu-liang/, whose own tests run)"
        )
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
