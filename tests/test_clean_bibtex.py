"""The BibTeX shown to visitors: presentation fields gone, everything else intact.

Round trip: the clean text, read back by pybtex and by bibtexparser, gives the same
bibliographic fields as the source read by the same parser.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import bibtexparser
import pybtex.database
import pytest

from bibfolio.formats.cleanbib import PRESENTATION_FIELDS, clean_bibliography, clean_bibtex
from bibfolio.model.names import strip_marks
from bibfolio.reading.bibtex import read_bib_files

from .helpers import REPO, page, warnings_of

if TYPE_CHECKING:
    from pathlib import Path

SOURCES = [
    REPO / "examples" / "mingyu-liang" / "refs.bib",
    REPO / "examples" / "liang-luo" / "refs.bib",
    REPO / "tests" / "roots" / "test-alfolio" / "papers.bib",
    REPO / "tests" / "roots" / "test-links" / "refs.bib",
    REPO / "tests" / "roots" / "test-latex" / "refs.bib",
]


def kept(name: str) -> bool:
    return name.lower() not in PRESENTATION_FIELDS and not name.lower().endswith("+an")


def entries_of(path: Path):
    entries, diagnostics = read_bib_files([(str(path), path.read_bytes())])
    assert diagnostics == []
    return entries


def test_presentation_fields_are_removed_by_name_not_by_text():
    (entry,) = entries_of_text(
        "@inproceedings{k,\n"
        "  author = {Doe*, Jane and Roe, Rick},\n"
        "  author+an = {1=equal},\n"
        "  title = {Selected Codes: Awards for Abbreviations},\n"
        "  booktitle = {Proc. of Code},\n"
        "  abbr = {PoC'24}, award = {Best}, impact = {Big},\n"
        "  selected = true,\n"
        "  code = {https://x.org\n    /multi-line},\n"
        "  pubtype = {workshop}, display_title = {Codes},\n"
        "  year = 2024,\n"
        "}\n"
    )
    text = clean_bibtex(entry)
    assert text == (
        "@inproceedings{k,\n"
        "  author = {Doe, Jane and Roe, Rick},\n"
        "  title = {Selected Codes: Awards for Abbreviations},\n"
        "  booktitle = {Proc. of Code},\n"
        "  year = {2024},\n"
        "}"
    )


def entries_of_text(text: str):
    entries, diagnostics = read_bib_files([("x.bib", text.encode())])
    assert diagnostics == []
    return entries


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: p.parent.name)
def test_round_trip_with_pybtex(path):
    source = pybtex.database.parse_file(str(path))
    for entry in entries_of(path):
        original = source.entries[entry.key]
        clean = pybtex.database.parse_string(clean_bibtex(entry), "bibtex").entries[entry.key]
        expected = {name.lower(): value for name, value in original.fields.items() if kept(name)}
        assert {name.lower(): value for name, value in clean.fields.items()} == expected, entry.key
        for role, people in original.persons.items():
            wanted = [strip_marks(str(person))[0] for person in people]
            assert [str(person) for person in clean.persons[role]] == wanted, entry.key


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: p.parent.name)
def test_round_trip_with_bibtexparser(path):
    source = {e.key: e for e in bibtexparser.parse_string(path.read_text(encoding="utf-8")).entries}
    for entry in entries_of(path):
        parsed = bibtexparser.parse_string(clean_bibtex(entry))
        assert not parsed.failed_blocks
        (clean,) = parsed.entries
        expected = {
            name.lower(): " ".join(field.value.split())
            for name, field in source[entry.key].fields_dict.items()
            if kept(name)
        }
        if "author" in expected:
            names = expected["author"].split(" and ")
            expected["author"] = " and ".join(strip_marks(name)[0] for name in names)
        found = {name: " ".join(field.value.split()) for name, field in clean.fields_dict.items()}
        assert found == expected, entry.key
        assert clean.entry_type in {source[entry.key].entry_type, "inproceedings"}


@pytest.mark.sphinx("html", testroot="links", freshenv=True)
def test_download_all_is_the_clean_bibliography_of_the_list(app):
    app.build()
    assert not warnings_of(app)
    link = page(app).select_one("a.bibfolio-download")
    assert link.get_text() == "Download all 3 as BibTeX"
    assert link["href"] == "index.bib"
    text = (app.outdir / "index.bib").read_text(encoding="utf-8")
    entries = entries_of_text((app.srcdir / "refs.bib").read_text())
    listed = [e for key in ("every", "standard", "local") for e in entries if e.key == key]
    assert text == clean_bibliography(listed)
    assert list(pybtex.database.parse_string(text, "bibtex").entries) == [
        "every",
        "standard",
        "local",
    ]


@pytest.mark.sphinx("html", testroot="links", freshenv=True)
def test_bibtex_reveal_and_copy_button_markup(app):
    app.build()
    entry = page(app).find("li", id="pub-every")
    # One "Cite" reveal, the BibTeX first in it (works without the script).
    reveal = entry.select_one("details.bibfolio-cite")
    assert reveal.summary.get_text() == "Cite"
    assert reveal.select_one(".bibfolio-format-label").get_text() == "BibTeX"
    block = reveal.select_one(".bibfolio-bibtex div.highlight pre")  # copybutton's selector
    assert (
        block.get_text()
        == clean_bibtex(entries_of_text((app.srcdir / "refs.bib").read_text())[0]) + "\n"
    )
    assert any("copybutton" in script["src"] for script in page(app).find_all("script", src=True))


def test_biblatex_entries_keep_their_type_and_fields():
    (entry,) = entries_of_text(
        "@collection{c,\n"
        "  editor = {Doe, Jane},\n"
        "  title = {Collected Papers},\n"
        "  subtitle = {Second Series},\n"
        "  date = {2006-03},\n"
        "  location = {Berlin},\n"
        "  langid = {english},\n"
        "  eprint = {2001.00001},\n"
        "  eprinttype = {arxiv},\n"
        "  preprint = {other},\n"
        "  file = {/Users/jane/Zotero/storage/X/c.pdf},\n"
        "}\n"
    )
    assert clean_bibtex(entry) == (
        "@collection{c,\n"
        "  editor = {Doe, Jane},\n"
        "  title = {Collected Papers},\n"
        "  subtitle = {Second Series},\n"
        "  date = {2006-03},\n"
        "  location = {Berlin},\n"
        "  langid = {english},\n"
        "  eprint = {2001.00001},\n"
        "  eprinttype = {arxiv},\n"
        "}"
    )
