"""Renamed settings keep working, reported once at conf.py:LINE (build/deprecations.py).

Every row of ``RENAMED`` (GUIDE.md, "Deprecations") is tested: a project that still uses
the old name builds with -W while the rename is new, gets the value under the new name,
and is told, once, where and what to write.  The mechanism itself is tested on a
fictional rename of a real setting.
"""

from __future__ import annotations

import re
from io import StringIO
from typing import TYPE_CHECKING

import pytest
from sphinx.testing.util import SphinxTestApp

from bibfolio._version import __version__
from bibfolio.build import deprecations
from bibfolio.build.deprecations import RENAMED, Renamed

from .helpers import REPO
from .test_guide import table_rows

if TYPE_CHECKING:
    from pathlib import Path

_ANSI = re.compile(r"\x1b\[[0-9;]*m")
#: The real setting a fictional old name stands for in the mechanism's own tests.
EXAMPLE = Renamed("bibfolio_feed_size", "bibfolio_publications_feed", __version__, "999.0")


def build(tmp_path: Path, conf: str, *, warningiserror: bool = True) -> tuple[SphinxTestApp, str]:
    source = tmp_path / "src"
    source.mkdir()
    (source / "conf.py").write_text(
        'extensions = ["bibfolio"]\nbibtex_bibfiles = []\nproject = "Renames"\n' + conf
    )
    (source / "index.rst").write_text("Renames\n=======\n")
    status, warning = StringIO(), StringIO()
    app = SphinxTestApp(
        "html", srcdir=source, builddir=tmp_path / "out", status=status, warning=warning,
        warningiserror=warningiserror,
    )  # fmt: skip
    try:
        app.build()
    finally:
        app.cleanup()
    return app, _ANSI.sub("", status.getvalue() + warning.getvalue())


@pytest.mark.parametrize("row", [*RENAMED, EXAMPLE], ids=lambda row: row.old)
def test_an_old_name_works_and_is_reported_once_without_failing_w(tmp_path, monkeypatch, row):
    monkeypatch.setattr(deprecations, "RENAMED", (row,))
    app, output = build(tmp_path, f"# set by its old name\n{row.old} = 7\n")
    conf = tmp_path / "src" / "conf.py"
    lines = output.splitlines()
    # conf.py's line 5: build()'s three lines, the comment, then the value.
    expected = f"{conf}:5: {deprecations.message(row)} [bibfolio.deprecated]"
    assert lines.count(expected) == 1, output
    assert "WARNING" not in output
    assert app.statuscode == 0
    assert getattr(app.config, row.new) == 7


def test_from_warn_from_on_the_old_name_is_a_warning(tmp_path, monkeypatch):
    row = Renamed(EXAMPLE.old, EXAMPLE.new, "0.0.1", __version__)
    monkeypatch.setattr(deprecations, "RENAMED", (row,))
    app, output = build(tmp_path, f"{row.old} = 3\n", warningiserror=False)
    conf = tmp_path / "src" / "conf.py"
    assert f"{conf}:4: WARNING: {deprecations.message(row)} [bibfolio.deprecated]" in output
    assert app.config.bibfolio_publications_feed == 3  # it still works


def test_the_new_name_wins_when_both_are_set(tmp_path, monkeypatch):
    monkeypatch.setattr(deprecations, "RENAMED", (EXAMPLE,))
    app, output = build(tmp_path, f"{EXAMPLE.new} = 5\n{EXAMPLE.old} = 9\n")
    assert app.config.bibfolio_publications_feed == 5
    assert output.count("[bibfolio.deprecated]") == 1


def test_guide_lists_every_rename():
    guide = (REPO / "GUIDE.md").read_text(encoding="utf-8")
    rows = table_rows(guide, "### Deprecations")
    listed = [tuple(cell.strip().strip("`") for cell in row.split("|")[1:5]) for row in rows]
    assert listed == [(r.old, r.new, r.renamed_in, r.warn_from) for r in RENAMED]
    options = guide[guide.index("| directive | old option |") :].split("\n\n")[0]
    rows = options.splitlines()[2:]
    listed = [tuple(cell.strip().strip("`{}") for cell in row.split("|")[1:6]) for row in rows]
    assert listed == [
        (r.directive, r.old, r.new, r.renamed_in, r.warn_from) for r in deprecations.RENAMED_OPTIONS
    ]


def test_an_old_directive_option_works_and_is_reported_at_its_line(tmp_path, monkeypatch):
    from bibfolio.pages.directives import PublicationsDirective

    row = deprecations.RenamedOption(
        "publications", "only-selected", "selected", __version__, "999.0"
    )
    monkeypatch.setattr(deprecations, "RENAMED_OPTIONS", (row,))
    spec = deprecations.with_old_options("publications", PublicationsDirective.option_spec)
    monkeypatch.setattr(PublicationsDirective, "option_spec", spec)
    source = tmp_path / "src"
    source.mkdir()
    (source / "conf.py").write_text(
        'extensions = ["myst_parser", "bibfolio"]\nbibtex_bibfiles = ["refs.bib"]\n'
        'bibfolio_owner = ["Ada Lovelace"]\n'
    )
    (source / "refs.bib").write_text(
        "@article{one,\n  author = {Lovelace, Ada},\n  title = {Chosen},\n  journal = {J},\n"
        "  year = {1843},\n  selected = {true},\n}\n"
        "@article{two,\n  author = {Lovelace, Ada},\n  title = {Not Chosen},\n  journal = {J},\n"
        "  year = {1842},\n}\n"
    )
    (source / "index.md").write_text("# Home\n\n```{publications}\n:only-selected:\n```\n")
    status, warning = StringIO(), StringIO()
    app = SphinxTestApp(
        "html", srcdir=source, builddir=tmp_path / "out", status=status, warning=warning,
        warningiserror=True,
    )  # fmt: skip
    try:
        app.build()
    finally:
        app.cleanup()
    output = _ANSI.sub("", status.getvalue() + warning.getvalue())
    assert output.count(":only-selected: of {publications} is renamed :selected:") == 1
    assert f"{source / 'index.md'}:3: :only-selected:" in output
    assert "WARNING" not in output and app.statuscode == 0
    page = (tmp_path / "out" / "html" / "index.html").read_text()
    assert "Chosen" in page and "Not Chosen" not in page  # read as :selected:
