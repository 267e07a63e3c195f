"""biblatex's own ``biblatex-examples.bib``: every year, journal and book title is shown."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import pytest

from bibfolio.model.assemble import build_publications
from bibfolio.model.names import NamePattern
from bibfolio.model.publication import Settings
from bibfolio.pages.directives import anchor_for
from bibfolio.reading.bibtex import read_bib_files
from bibfolio.reading.latex import latex_to_plain

from .helpers import REPO, build_project

if TYPE_CHECKING:
    from pathlib import Path

EXAMPLES = REPO / "tests" / "corpus" / "biblatex-examples.bib"
KNUTH = Settings(owner=(NamePattern.from_config("Donald E. Knuth"),))
#: Containers to find on the venue line: what a reader needs to locate the work.
CONTAINERS = ("journaltitle", "journal", "booktitle", "maintitle", "issuetitle")


def words(text: str) -> str:
    return " ".join(text.split())


@pytest.fixture(scope="module")
def examples():
    if not EXAMPLES.is_file():
        pytest.skip("tests/corpus/biblatex-examples.bib is not there")
    entries, _ = read_bib_files([(str(EXAMPLES), EXAMPLES.read_bytes())])
    return entries, *build_publications(entries, KNUTH)


def test_no_unknown_type_and_no_false_missing_field(examples):
    _, _, diagnostics = examples
    assert [d.subtype for d in diagnostics if d.subtype == "unknown_type"] == []
    # The one entry biblatex itself would flag: a @book with neither author nor editor.
    missing = [d.message for d in diagnostics if d.subtype == "missing_field"]
    assert missing == [
        "entry 'vizedom:related' (@book) lacks the required field 'author' or 'editor'"
    ]


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if not EXAMPLES.is_file():
        pytest.skip("tests/corpus/biblatex-examples.bib is not there")
    source = tmp_path_factory.mktemp("biblatex-examples")
    (source / "refs.bib").write_bytes(EXAMPLES.read_bytes())
    (source / "conf.py").write_text(
        'extensions = ["myst_parser", "sphinxcontrib.bibtex", "bibfolio"]\n'
        'bibtex_bibfiles = ["refs.bib"]\n'
        'bibfolio_owner = ["Donald E. Knuth"]\n'
        "bibfolio_paper_pages = False\n"
        'suppress_warnings = ["bibfolio.owner_missing"]\n'
    )
    (source / "index.md").write_text("# Examples\n\n```{publications}\n```\n")
    return build_project(source, source / "_build").outdir


def test_every_year_journal_and_book_title_is_on_the_list(examples, site):
    from bs4 import BeautifulSoup

    entries, publications, _ = examples
    soup = BeautifulSoup((site / "index.html").read_text(encoding="utf-8"), "html.parser")
    items = soup.select("li.bibfolio-entry")
    taken: set[str] = set()
    anchors = {anchor_for(key, taken): key for key in publications}
    shown = {anchors[li["id"]]: li for li in items}
    by_key = {entry.key: entry for entry in entries}
    assert len(items) == len(shown) == len(publications)
    missing = []
    for key, item in shown.items():
        entry = by_key[key]
        venue = (
            words(item.select_one(".bibfolio-venue").get_text())
            if item.select_one(".bibfolio-venue")
            else ""
        )
        year = re.search(r"\d{4}", entry.get("date") or entry.get("year"))
        if year and year.group() not in venue:
            missing.append((key, "year", year.group(), venue))
        for name in CONTAINERS:
            value = entry.get(name)
            # A @collection's booktitle is its own title (there for crossref children).
            title = words(item.select_one(".bibfolio-title").get_text())
            if value and words(latex_to_plain(value)) not in f"{venue} {title}":
                missing.append((key, name, words(latex_to_plain(value)), venue))
    assert missing == []


def test_knuth_is_bold_and_et_al_is_never_a_name(site):
    from bs4 import BeautifulSoup

    soup = BeautifulSoup((site / "index.html").read_text(encoding="utf-8"), "html.parser")
    owners = {s.get_text() for s in soup.select("strong.bibfolio-owner")}
    assert owners == {"Donald E. Knuth"}
    people = " ".join(a.get_text() for a in soup.select(".bibfolio-authors"))
    assert "others" not in people.lower()
