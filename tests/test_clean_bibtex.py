"""The BibTeX shown to visitors: presentation fields gone, everything else intact.

Round trip: the clean text, read back by pybtex and by bibtexparser, gives the same
bibliographic fields as the source read by the same parser.
"""

from __future__ import annotations

import ast
import json
import re
import shutil
from typing import TYPE_CHECKING

import bibtexparser
import pybtex.database
import pytest
from bs4 import BeautifulSoup

from bibfolio.formats.citeformats import csl_item, ris
from bibfolio.formats.cleanbib import clean_bibliography, clean_bibtex
from bibfolio.model.names import strip_marks
from bibfolio.model.privacy import private_fields
from bibfolio.model.publication import Publication, Settings
from bibfolio.reading.bibfields import BIBLIOGRAPHIC_FIELDS, PRESENTATION_FIELDS, is_presentation
from bibfolio.reading.bibtex import read_bib_files

from .helpers import ON_READTHEDOCS, REPO, build_project, page, warnings_of

if TYPE_CHECKING:
    from collections.abc import Iterable
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


# Which fields may reach a visitor: derived from the fields the code reads.
#: Packages whose entries are not the site's .bib entries (news items, imported records,
#: fetched counts, the front matter of sites made with other templates) or that read no entry
#: (the command line, templates of new sites).
NOT_SITE_ENTRIES = {"news", "importer", "metrics", "scaffold", "live", "testing", "movein"}
#: Packages where a variable named ``entry`` is a BibEntry (elsewhere a docutils node).
BIBENTRY_PACKAGES = {"reading", "model", "formats", "build", "projects", "group"}
#: Methods of Publication that read the field they are given.
FIELD_METHODS = {"rich", "link"}


def _is_fields(node: ast.expr) -> bool:
    """``fields``, ``publication.fields``, ``entry.fields`` ... (a mapping of fields)."""
    return (isinstance(node, ast.Attribute) and node.attr == "fields") or (
        isinstance(node, ast.Name) and node.id == "fields"
    )


def _field_read(node: ast.AST, package: str) -> ast.expr | None:
    """The field name asked for, when *node* reads a field of an entry."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.args:
        method, receiver = node.func.attr, node.func.value
        if method == "get" and _is_fields(receiver):
            return node.args[0]
        if method in FIELD_METHODS and isinstance(receiver, ast.Name):
            if receiver.id in {"publication", "self"} and package in {"model", "formats"}:
                return node.args[0]
            if receiver.id == "publication":
                return node.args[0]
        if (
            method in {"get", "line_of"}
            and isinstance(receiver, ast.Name)
            and receiver.id == "entry"
            and package in BIBENTRY_PACKAGES
        ):
            return node.args[0]
    if (
        isinstance(node, ast.Subscript)
        and isinstance(node.ctx, ast.Load)
        and _is_fields(node.value)
    ):
        return node.slice
    if (
        isinstance(node, ast.Compare)
        and len(node.ops) == 1
        and isinstance(node.ops[0], (ast.In, ast.NotIn))
        and _is_fields(node.comparators[0])
    ):
        return node.left
    return None


def fields_read_in_code() -> dict[str, list[str]]:
    """Every field name the code asks an entry for by name: name → ``file:line`` list.

    Reads through a variable (``for name in VENUE_FIELDS: fields.get(name)``) are found
    by :func:`test_every_field_a_build_asks_for_is_bibliographic_or_presentation`.
    """
    package_root = REPO / "_ext" / "bibfolio"
    found: dict[str, list[str]] = {}
    for path in sorted(package_root.rglob("*.py")):
        relative = path.relative_to(package_root)
        package = relative.parts[0] if len(relative.parts) > 1 else ""
        if package in NOT_SITE_ENTRIES:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            name = _field_read(node, package)
            if isinstance(name, ast.Constant) and isinstance(name.value, str):
                found.setdefault(name.value, []).append(f"{relative}:{node.lineno}")
    return found


def unclassified(names: Iterable[str]) -> set[str]:
    """The names that are neither bibliographic, presentation nor private fields."""
    return {
        name
        for name in names
        if name not in BIBLIOGRAPHIC_FIELDS
        and not is_presentation(name)
        and not private_fields({name: ""})
    }


def test_bibliographic_and_presentation_fields_are_apart():
    assert not BIBLIOGRAPHIC_FIELDS & PRESENTATION_FIELDS
    assert not private_fields(dict.fromkeys(BIBLIOGRAPHIC_FIELDS | PRESENTATION_FIELDS, ""))


def test_every_field_the_code_reads_is_bibliographic_or_presentation():
    read = fields_read_in_code()
    # The scan sees reads of every kind: model, links, pairing, previews, projects.
    assert {"title", "pubtype", "abbr", "award", "preview", "project", "doi"} <= set(read)
    strays = {name: read[name] for name in unclassified(read)}
    assert not strays, (
        "fields read to shape the site must be in reading/bibfields.py's PRESENTATION_FIELDS "
        f"(left out of every export) or, if citers want them, BIBLIOGRAPHIC_FIELDS: {strays}"
    )


#: Every field name a build asked an entry or a publication for.
ASKED: set[str] = set()


class AskedFields(dict):
    """A field mapping that notes each name it is asked for (a test double's only job)."""

    def get(self, key, default=None):
        ASKED.add(key)
        return super().get(key, default)

    def __getitem__(self, key):
        ASKED.add(key)
        return super().__getitem__(key)

    def __contains__(self, key):
        ASKED.add(key)
        return super().__contains__(key)

    def pop(self, key, *default):
        ASKED.add(key)
        return super().pop(key, *default)

    def setdefault(self, key, default=None):
        ASKED.add(key)
        return super().setdefault(key, default)


class AskedAttribute:
    """``Publication.fields`` as an :class:`AskedFields`, set and read like the attribute."""

    def __set__(self, publication, value):
        publication.__dict__["_asked_fields"] = AskedFields(value)

    def __get__(self, publication, owner=None):
        return self if publication is None else publication.__dict__["_asked_fields"]


@pytest.fixture
def every_feature(tmp_path):
    """A portfolio using every kind of field: projects, al-folio's, links, a list, pages."""
    source = tmp_path / "site"
    shutil.copytree(REPO / "tests" / "roots" / "test-projects", source)
    extra = [REPO / "tests" / "roots" / name for name in ("test-alfolio", "test-links")]
    with (source / "refs.bib").open("a", encoding="utf-8") as bib:
        bib.write("\n" + (extra[0] / "papers.bib").read_text().replace("---\n", ""))
        bib.write("\n" + (extra[1] / "refs.bib").read_text())
    with (source / "conf.py").open("a", encoding="utf-8") as conf:
        conf.write('bibfolio_owner = ["Ada Lovelace", "Albert Einstein"]\n')
    (source / "publications.md").write_text("# Publications\n\n```{publications}\n```\n")
    index = (source / "index.md").read_text()
    (source / "index.md").write_text(index.replace("projects/*\n", "publications\nprojects/*\n"))
    return source


def test_every_field_a_build_asks_for_is_bibliographic_or_presentation(
    every_feature, tmp_path, monkeypatch
):
    ASKED.clear()
    original = Publication.__init__

    def asking(self, entry, settings):
        entry.fields = AskedFields(entry.fields)
        original(self, entry, settings)

    monkeypatch.setattr(Publication, "fields", AskedAttribute(), raising=False)
    monkeypatch.setattr(Publication, "__init__", asking)
    built = build_project(every_feature, tmp_path / "_build", environ=ON_READTHEDOCS)
    assert (built.outdir / "publications.html").is_file()
    # What only a build asks, through variables: link buttons, the venue, the pairing.
    assert {"pdf", "code", "journal", "published", "project", "selected"} <= ASKED
    strays = unclassified(ASKED)
    assert not strays, (
        "fields a build reads must be in reading/bibfields.py's PRESENTATION_FIELDS (left out "
        f"of every export) or, if citers want them, BIBLIOGRAPHIC_FIELDS: {sorted(strays)}"
    )
    # project = {...} is read (the project pages list the entry) and never exported: not
    # in the paper page's BibTeX, the list's reveal, its download files nor anywhere else.
    texts = {
        path.relative_to(built.outdir).as_posix(): exported_text(path)
        for path in built.outdir.rglob("*")
        if path.suffix in {".html", ".bib", ".ris", ".json", ".txt"} and path.is_file()
    }
    assert "@software{engine2023," in texts["publications/engine2023.html"]
    assert "@software{engine2023," in texts["publications.html"]
    assert "@software{engine2023," in texts["publications.bib"]
    assert [name for name, text in texts.items() if re.search(r"project\s*=\s*\{", text)] == []


def exported_text(path: Path) -> str:
    """What a visitor copies from *path*: an HTML page's text, any other file as it is."""
    text = path.read_text(encoding="utf-8")
    return BeautifulSoup(text, "html.parser").get_text() if path.suffix == ".html" else text


@pytest.mark.parametrize("name", sorted({*PRESENTATION_FIELDS, "author+an", "title+an"}))
def test_every_presentation_field_is_left_out_of_every_export(name):
    (entry,) = entries_of_text(
        "@article{k,\n  author = {Doe, Jane},\n  title = {T},\n  journal = {J},\n"
        f"  year = 2024,\n  {name} = {{Zqxw}},\n}}\n"
    )
    publication = Publication(entry, Settings())
    assert "Zqxw" not in clean_bibtex(entry)
    assert "Zqxw" not in ris(publication)
    assert "Zqxw" not in json.dumps(csl_item(publication))
