"""A sphinxcontrib-bibtex project that adds bibfolio keeps stock's build (issue 13).

The root ``test-stock-project`` uses only stock ``{cite}`` and ``{bibliography}``; its
``refs.bib`` holds what bibfolio's portfolio checks would flag (two near-identical
titles, an ``@article`` without journal, an unknown type) and a macros-only file.  Each
test builds it with stock alone and with bibfolio added, and compares what a user sees.
"""

from __future__ import annotations

import json
import re
import shutil
from io import StringIO
from typing import TYPE_CHECKING

import pytest
from sphinx.errors import ExtensionError
from sphinx.testing.util import SphinxTestApp

from .helpers import build_project

if TYPE_CHECKING:
    from pathlib import Path

    from .helpers import Built

STOCK = ["sphinxcontrib.bibtex"]
WITH_BIBFOLIO = ["sphinxcontrib.bibtex", "bibfolio"]
LIST_PAGE = ":orphan:\n\nPublications\n============\n\n.. publications::\n"


@pytest.fixture
def host(tmp_path: Path, rootdir: Path) -> Path:
    source = tmp_path / "host"
    shutil.copytree(rootdir / "test-stock-project", source)
    return source


def build(host: Path, tmp_path: Path, name: str, extensions: list[str], **overrides) -> Built:
    return build_project(host, tmp_path / name, overrides={"extensions": extensions, **overrides})


def output_files(built: Built) -> dict[str, bytes]:
    return {
        path.relative_to(built.outdir).as_posix(): path.read_bytes()
        for path in built.outdir.rglob("*")
        if path.is_file()
    }


def search_index(files: dict[str, bytes]) -> dict[str, object]:
    """searchindex.js's data, its ``envversion`` (the extensions' env versions) blanked."""
    text = files["searchindex.js"].decode()
    return json.loads(text[text.index("(") + 1 : text.rindex(")")]) | {"envversion": None}


def warning_names(warnings: str) -> list[str]:
    """The ``[type.subtype]`` of each warning line."""
    return [m[1] for m in re.finditer(r"WARNING: .* \[([\w.]+)\]$", warnings, re.MULTILINE)]


def test_adding_bibfolio_keeps_the_build_clean_and_the_pages_identical(host, tmp_path):
    plain = build_project(
        host, tmp_path / "plain", overrides={"extensions": STOCK}, warning_is_error=True
    )
    added = build_project(
        host, tmp_path / "added", overrides={"extensions": WITH_BIBFOLIO}, warning_is_error=True
    )
    assert (plain.warnings, plain.statuscode) == ("", 0)
    # No owner, no {publications}: no bibfolio_owner warning and none of the portfolio
    # checks (similar_title, missing_field, unknown_type, empty_file) on a -W build.
    assert (added.warnings, added.statuscode) == ("", 0)
    before, after = output_files(plain), output_files(added)
    assert {"index.html", "genindex.html", "search.html"} <= set(before)
    # Every page byte for byte; no page added (no paper pages without a list).
    assert sorted(name for name in before if after.get(name) != before[name]) == [
        ".buildinfo",  # the configuration's hash: extensions differ
        "searchindex.js",  # its envversion lists bibfolio's env_version (below)
    ]
    assert search_index(before) == search_index(after) | {"envversion": None}
    # No file added either: bibfolio's static files are copied only where a page links them.
    assert sorted(set(after) - set(before)) == []
    assert b"Journal of Engines" in after["index.html"]  # the macro, from strings.bib


def test_a_publication_list_gets_the_portfolio_checks(host, tmp_path):
    # The same bibliography, shown by {publications}: now bibfolio's checks apply.
    (host / "papers.rst").write_text(LIST_PAGE)
    built = build(host, tmp_path, "list", WITH_BIBFOLIO, bibfolio_owner=["Charles Babbage"])
    refs = host / "refs.bib"
    lines = built.warnings.splitlines()
    assert (
        f"{refs}:12: WARNING: entry 'draft' (@article) lacks the required field 'journal' "
        "or 'journaltitle' [bibfolio.missing_field]"
    ) in lines
    assert any(
        line.startswith(f"{refs}:17: WARNING: unknown entry type '@gadget'") for line in lines
    )
    assert "owner_unset" not in built.warnings


def test_an_unset_owner_warns_once_at_the_first_list(host, tmp_path):
    (host / "a.rst").write_text(LIST_PAGE)
    (host / "b.rst").write_text(LIST_PAGE)
    built = build(host, tmp_path, "lists", WITH_BIBFOLIO)
    assert [line for line in built.warnings.splitlines() if "owner_unset" in line] == [
        f"{host / 'a.rst'}:6: WARNING: bibfolio_owner is not set, so no author is "
        "highlighted; add bibfolio_owner = ['Your Name'] to conf.py (1 more publication "
        "list) [bibfolio.owner_unset]"
    ]
    quiet = build(
        host, tmp_path, "quiet", WITH_BIBFOLIO, suppress_warnings=["bibfolio.owner_unset"]
    )
    assert "owner_unset" not in quiet.warnings


DUPLICATE_KEY = "@misc{engine, author = {Babbage, Charles}, title = {Again}, year = 1900}\n"
DUPLICATE_FIELD = "@misc{twice, title = {One}, title = {Two}, year = 1900}\n"


@pytest.mark.parametrize(
    ("case", "change", "phrase"),
    [
        ("duplicate-key", {"refs.bib": DUPLICATE_KEY}, "repeated bibliography entry: engine"),
        ("duplicate-field", {"refs.bib": DUPLICATE_FIELD}, "bibliography data error in refs.bib"),
        (
            "missing-file",
            {"bibtex_bibfiles": ["strings.bib", "refs.bib", "gone.bib"]},
            "could not open bibtex file",
        ),
    ],
)
def test_problems_stock_reports_keep_stock_warning_names(host, tmp_path, case, change, phrase):
    overrides = {}
    for name, value in change.items():
        if name.endswith(".bib"):
            with (host / name).open("a") as bib:
                bib.write(value)
        else:
            overrides[name] = value
    plain = build(host, tmp_path, "plain", STOCK, **overrides)
    added = build(host, tmp_path, "added", WITH_BIBFOLIO, **overrides)
    # One warning under stock's name, not two; so suppress_warnings written for stock match.
    assert warning_names(added.warnings) == warning_names(plain.warnings)
    assert len(warning_names(plain.warnings)) == 1
    assert phrase in added.warnings
    stock_name = warning_names(plain.warnings)[0]
    bibfolio_name = {
        "duplicate-key": "bibfolio.duplicate_key",
        "duplicate-field": "bibfolio.duplicate_field",
        "missing-file": "bibfolio.missing_file",
    }[case]
    for name in (stock_name, bibfolio_name):
        quiet = build(
            host, tmp_path, f"quiet-{name}", WITH_BIBFOLIO, suppress_warnings=[name], **overrides
        )
        assert quiet.warnings == ""


@pytest.mark.parametrize("extensions", [STOCK, WITH_BIBFOLIO], ids=["stock", "bibfolio"])
def test_bytes_outside_a_declared_encoding_stop_the_build_as_with_stock(host, tmp_path, extensions):
    refs = host / "refs.bib"
    refs.write_bytes(refs.read_bytes().replace(b"A draft", b"A d\xe9j\xe0 vu draft"))
    with pytest.raises(ExtensionError, match="can't decode byte 0xe9") as stopped:
        build(host, tmp_path, "ascii", extensions, bibtex_encoding="ascii")
    if extensions == WITH_BIBFOLIO:  # bibfolio also says where
        assert f"{refs}:14: the bibliography is not in bibtex_encoding = 'ascii'" in str(
            stopped.value
        )


def bibtex_log(host: Path, tmp_path: Path, extensions: list[str], *, fresh: bool) -> list[str]:
    status = StringIO()
    app = SphinxTestApp(
        srcdir=host,
        builddir=tmp_path / f"log-{len(extensions)}",
        confoverrides={"extensions": extensions},
        status=status,
        warning=StringIO(),
        freshenv=fresh,
    )
    try:
        app.build()
    finally:
        app.cleanup()
    return re.findall(r"(?:checking bibtex cache|parsing bibtex file).*", status.getvalue())


def test_the_log_reads_as_with_stock(host, tmp_path):
    logs = {}
    for name, extensions in (("stock", STOCK), ("bibfolio", WITH_BIBFOLIO)):
        first = bibtex_log(host, tmp_path, extensions, fresh=True)
        unchanged = bibtex_log(host, tmp_path, extensions, fresh=False)
        refs = host / "refs.bib"
        refs.write_text(refs.read_text() + DUPLICATE_FIELD.replace("title = {Two}, ", ""))
        edited = bibtex_log(host, tmp_path, extensions, fresh=False)
        refs.write_text(
            refs.read_text().replace(DUPLICATE_FIELD.replace("title = {Two}, ", ""), "")
        )
        logs[name] = (first, unchanged, edited)
    first, unchanged, edited = logs["bibfolio"]
    assert first == [
        "checking bibtex cache... out of date",
        f"parsing bibtex file {host / 'strings.bib'}... parsed 0 entries",
        f"parsing bibtex file {host / 'refs.bib'}... parsed 4 entries",
    ]
    assert unchanged == ["checking bibtex cache... up to date"]
    assert edited[-1] == f"parsing bibtex file {host / 'refs.bib'}... parsed 5 entries"
    assert logs["bibfolio"] == logs["stock"]
