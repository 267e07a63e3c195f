"""Renamed and removed names keep working, reported once at their file:line.

build/deprecations.py (settings, directive options, directives, roles) and
reading/renamedfields.py (.bib fields).  Every row of their tables (GUIDE.md,
"Deprecations") is tested; the mechanism itself is tested for each kind on a fictional
rename or removal of a real name: a project that still uses the old name builds with -W
while the rename is new, gets what the new name gives (a removed directive or role, what
it gave), and is told once, at the line, what to write; from ``warn_from`` the same
message is a warning; ``suppress_warnings`` silences it.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass
from io import StringIO
from typing import TYPE_CHECKING, Any

import pytest
from docutils.parsers.rst import directives, roles
from sphinx.testing.util import SphinxTestApp

from bibfolio._version import __version__
from bibfolio.build import deprecations
from bibfolio.build.deprecations import RENAMED, Removed, Renamed
from bibfolio.pages.directives import PublicationsDirective
from bibfolio.reading import renamedfields
from bibfolio.reading.bibtex import read_bib_files
from bibfolio.reading.renamedfields import RenamedField

from .helpers import REPO

if TYPE_CHECKING:
    from collections.abc import Callable
    from pathlib import Path

_ANSI = re.compile(r"\x1b\[[0-9;]*m")
#: The real setting a fictional old name stands for in the mechanism's own tests.
EXAMPLE = Renamed("bibfolio_feed_size", "bibfolio_publications_feed", __version__, "999.0")
#: Three lines, so the project's own conf.py lines start at line 4.
CONF = 'extensions = ["myst_parser", "bibfolio"]\nbibtex_bibfiles = ["refs.bib"]\n'
CONF += 'bibfolio_owner = ["Rosa Quill"]\n'
BIB = (
    "@article{one,\n  author = {Quill, Rosa},\n  title = {Chosen},\n  journal = {J},\n"
    "  year = {2024},\n  {field} = {true},\n}\n"
    "@article{two,\n  author = {Quill, Rosa},\n  title = {Not Chosen},\n  journal = {J},\n"
    "  year = {2023},\n}\n"
)


def build(
    tmp_path: Path, conf: str = "", index: str = "# Home\n", bib: str = BIB
) -> tuple[SphinxTestApp, str, str]:
    """Build a one-page project with -W: the app, what it printed, and index.html."""
    source = tmp_path / "src"
    source.mkdir()
    (source / "conf.py").write_text(CONF + conf)
    (source / "refs.bib").write_text(bib.replace("{field}", "selected"))
    (source / "index.md").write_text(index)
    status, warning = StringIO(), StringIO()
    app = SphinxTestApp(
        "html", srcdir=source, builddir=tmp_path / "out", status=status, warning=warning,
        warningiserror=True,
    )  # fmt: skip
    try:
        app.build()
    finally:
        app.cleanup()
    page = (tmp_path / "out" / "html" / "index.html").read_text()
    return app, _ANSI.sub("", status.getvalue() + warning.getvalue()), page


def chosen_only(_app: SphinxTestApp, page: str) -> bool:
    return "Chosen" in page and "Not Chosen" not in page


@dataclass(frozen=True)
class Case:
    """One kind of deprecation, on a fictional row: where it is used and what it does."""

    table: tuple[Any, str]  # the module and the name of its table
    row: Any
    where: tuple[str, int]  # file and line the use is reported at
    says: str
    works: Callable[[SphinxTestApp, str], bool]
    conf: str = ""
    index: str = "# Home\n"
    bib: str = BIB


SELECTED = "# Home\n\n```{publications}\n:selected:\n```\n"
CASES = {
    "setting": Case(
        (deprecations, "RENAMED"), EXAMPLE, ("conf.py", 4), "bibfolio_feed_size is renamed "
        "bibfolio_publications_feed", lambda app, _: app.config.bibfolio_publications_feed == 7,
        conf="bibfolio_feed_size = 7\n",
    ),
    "removed setting": Case(
        (deprecations, "REMOVED"), Removed("bibfolio_cards", "list them with :selected:",
        __version__, "999.0"), ("conf.py", 5), "bibfolio_cards is removed in bibfolio "
        f"{__version__} and has no effect: list them with :selected:",
        lambda app, _: not hasattr(app.config, "bibfolio_cards"),
        conf="# no longer read\nbibfolio_cards = True\n",
    ),
    "option": Case(
        (deprecations, "RENAMED_OPTIONS"), deprecations.RenamedOption("publications",
        "only-selected", "selected", __version__, "999.0"), ("index.md", 3),
        ":only-selected: of {publications} is renamed :selected:", chosen_only,
        index=SELECTED.replace(":selected:", ":only-selected:"),
    ),
    "directive": Case(
        (deprecations, "RENAMED_DIRECTIVES"), Renamed("publication-list", "publications",
        __version__, "999.0"), ("index.md", 3), "the directive publication-list is renamed "
        "publications", chosen_only, index=SELECTED.replace("{publications}", "{publication-list}"),
    ),
    "role": Case(
        (deprecations, "RENAMED_ROLES"), Renamed("cvlink", "cv-link", __version__, "999.0"),
        ("index.md", 3), "the role cvlink is renamed cv-link",
        lambda _, page: 'class="bibfolio-cv-link">My CV<' in page,
        index="# Home\n\nSee {cvlink}`My CV`.\n",
    ),
    "removed directive": Case(
        (deprecations, "REMOVED_DIRECTIVES"), Removed("publications", "list the entries with "
        "{bibliography}", __version__, "999.0"), ("index.md", 3), "the directive publications "
        f"is removed in bibfolio {__version__}: list the entries with {{bibliography}} (it "
        "works until then", chosen_only, index=SELECTED,
    ),
    "removed role": Case(
        (deprecations, "REMOVED_ROLES"), Removed("cv-link", "link cv.pdf yourself", __version__,
        "999.0"), ("index.md", 3), f"the role cv-link is removed in bibfolio {__version__}: "
        "link cv.pdf yourself (it works until then",
        lambda _, page: 'class="bibfolio-cv-link">My CV<' in page,
        index="# Home\n\nSee {cv-link}`My CV`.\n",
    ),
    "field": Case(
        (renamedfields, "RENAMED_FIELDS"), RenamedField("featured", "selected", __version__,
        "999.0"), ("refs.bib", 6), "the field featured is renamed selected", chosen_only,
        index=SELECTED, bib=BIB.replace("{field}", "featured"),
    ),
}  # fmt: skip


@pytest.mark.parametrize("phase", ["note", "warning", "suppressed"])
@pytest.mark.parametrize("kind", CASES)
def test_an_old_name_works_and_is_reported_once_at_its_line(tmp_path, monkeypatch, kind, phase):
    case = CASES[kind]
    row = dataclasses.replace(case.row, warn_from=__version__ if phase == "warning" else "999.0")
    monkeypatch.setattr(*case.table, (row,))
    if kind == "option":
        spec = deprecations.with_old_options("publications", PublicationsDirective.option_spec)
        monkeypatch.setattr(PublicationsDirective, "option_spec", spec)
    silence = 'suppress_warnings = ["bibfolio.deprecated"]\n' if phase == "suppressed" else ""
    app, output, page = build(tmp_path, case.conf + silence, case.index, case.bib)
    reported = [line for line in output.splitlines() if "[bibfolio.deprecated]" in line]
    if phase == "suppressed":
        assert reported == [], output
    else:
        file, line = case.where
        assert len(reported) == 1, output
        assert reported[0].startswith(f"{tmp_path / 'src' / file}:{line}: "), output
        assert case.says in reported[0]
        assert ("WARNING" in reported[0]) == (phase == "warning")
    assert output.count("WARNING") == (phase == "warning"), output
    assert app.statuscode == (phase == "warning")  # -W fails only from warn_from
    assert case.works(app, page)


@pytest.mark.parametrize("row", [*RENAMED, EXAMPLE], ids=lambda row: row.old)
def test_an_old_setting_name_works_and_is_reported_once(tmp_path, monkeypatch, row):
    monkeypatch.setattr(deprecations, "RENAMED", (row,))
    app, output, _ = build(tmp_path, f"# set by its old name\n{row.old} = 7\n")
    expected = f"{tmp_path / 'src' / 'conf.py'}:5: {deprecations.message(row)}"
    assert output.count(expected) == 1, output
    assert app.statuscode == 0
    assert getattr(app.config, row.new) == 7


def test_the_new_setting_name_wins_when_both_are_set(tmp_path, monkeypatch):
    monkeypatch.setattr(deprecations, "RENAMED", (EXAMPLE,))
    app, output, _ = build(tmp_path, f"{EXAMPLE.new} = 5\n{EXAMPLE.old} = 9\n")
    assert app.config.bibfolio_publications_feed == 5
    assert output.count("[bibfolio.deprecated]") == 1


@pytest.mark.parametrize("row", [*renamedfields.RENAMED_FIELDS, CASES["field"].row])
def test_an_old_field_is_read_as_the_new_one_which_wins(monkeypatch, row):
    monkeypatch.setattr(renamedfields, "RENAMED_FIELDS", (row,))
    text = f"@misc{{a,\n  {row.old} = {{old}},\n  title = {{A}},\n}}\n"
    text += f"@misc{{b,\n  title = {{B}},\n  {row.new} = {{new}},\n  {row.old} = {{old}},\n}}\n"
    (first, second), problems = read_bib_files([("refs.bib", text.encode())])
    assert first.get(row.new) == "old" and second.get(row.new) == "new"
    assert row.old not in first.fields and row.old not in second.fields
    assert [(d.location, d.subtype) for d in problems] == [
        ("refs.bib:2", "deprecated"),
        ("refs.bib:8", "deprecated"),
    ]


def test_every_old_directive_and_role_still_works_and_every_removed_setting_is_gone(
    tmp_path, monkeypatch
):
    for kind in ("directive", "role", "removed setting", "removed directive", "removed role"):
        module, table = CASES[kind].table
        monkeypatch.setattr(module, table, (*getattr(module, table), CASES[kind].row))
    (tmp_path / "conf.py").write_text('extensions = ["bibfolio"]\nbibtex_bibfiles = []\n')
    app = SphinxTestApp("html", srcdir=tmp_path)
    try:
        for row in deprecations.RENAMED_DIRECTIVES:
            old, new = (directives.directive(name, None, None)[0] for name in (row.old, row.new))
            assert issubclass(old, new) and old is not new
        for row in deprecations.RENAMED_ROLES:
            old, new = (roles.role(name, None, 0, None)[0] for name in (row.old, row.new))
            assert old.__wrapped__ is new and new is not None
        for gone in deprecations.REMOVED_DIRECTIVES:  # still registered, and reporting
            directive = directives.directive(gone.name, None, None)[0]
            assert directive.__doc__ == deprecations.removed_markup_message(gone, "directive")
            assert directive.__base__.run is not directive.run
        for gone in deprecations.REMOVED_ROLES:
            role = roles.role(gone.name, None, 0, None)[0]
            assert role.__doc__ == deprecations.removed_markup_message(gone, "role")
            assert role.__wrapped__ is not None
        for gone in deprecations.REMOVED:
            assert gone.name not in app.config  # removed for real: no longer declared
    finally:
        app.cleanup()


def _listed(guide: str, header: str, strip: str = "`") -> list[tuple[str, ...]]:
    """The cells of the table whose header line starts with *header*, in Deprecations."""
    section = guide[guide.index("### Deprecations") :]
    rows = section[section.index(f"\n{header}") + 1 :].split("\n\n")[0].splitlines()[2:]
    return [tuple(cell.strip().strip(strip) for cell in row.split("|")[1:-1]) for row in rows]


def _by_kind(directive_rows: tuple, role_rows: tuple) -> list[tuple[str, object]]:
    """The rows of a directive table, then of its role table, each with its kind."""
    return [("directive", r) for r in directive_rows] + [("role", r) for r in role_rows]


def test_guide_lists_every_row():
    guide = (REPO / "GUIDE.md").read_text(encoding="utf-8")
    assert _listed(guide, "| old name | new name |") == [
        (r.old, r.new, r.renamed_in, r.warn_from) for r in RENAMED
    ]
    assert _listed(guide, "| removed setting |") == [
        (r.name, r.instead, r.removed_in, r.warn_from) for r in deprecations.REMOVED
    ]
    assert _listed(guide, "| directive | old option |", "`{}") == [
        (r.directive, r.old, r.new, r.renamed_in, r.warn_from) for r in deprecations.RENAMED_OPTIONS
    ]
    assert _listed(guide, "| directive or role | old name |", "`{}") == [
        (kind, r.old, r.new, r.renamed_in, r.warn_from)
        for kind, r in _by_kind(deprecations.RENAMED_DIRECTIVES, deprecations.RENAMED_ROLES)
    ]
    assert _listed(guide, "| directive or role | removed name |", "`{}") == [
        (kind, r.name, r.instead, r.removed_in, r.warn_from)
        for kind, r in _by_kind(deprecations.REMOVED_DIRECTIVES, deprecations.REMOVED_ROLES)
    ]
    assert _listed(guide, "| old field |") == [
        (r.old, r.new, r.renamed_in, r.warn_from) for r in renamedfields.RENAMED_FIELDS
    ]


@pytest.mark.parametrize(
    ("version", "note"),
    [("0.3.0.dev1", True), ("0.3.0rc1", True), ("0.3.0", False), ("0.3.1", False)],
)
def test_a_note_is_a_warning_from_the_release_not_its_candidates(monkeypatch, version, note):
    # Issue 46: versions in PyPA's order (packaging.version), so 0.3.0rc1 < 0.3.0.
    text = b"@misc{a,\n  title = {A},\n  featured = {true},\n}\n"
    (entry,), _ = read_bib_files([("refs.bib", text)])
    row = RenamedField("featured", "selected", "0.2.0", "0.3.0")
    monkeypatch.setattr(renamedfields, "RENAMED_FIELDS", (row,))
    (problem,) = renamedfields.rename_fields(entry, version)
    assert (problem.location, problem.is_note) == ("refs.bib:3", note)
