"""Mistakes in conf.py are named (build/confmistakes.py).

A ``bibfolio_*`` name that is no setting warns at its ``conf.py`` line, naming the
closest setting; a Markdown home page that nothing reads (no ``bibfolio_portfolio``, no
MyST-Parser) stops the build with a message saying so, not Sphinx's ``index.rst`` one.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from typing import TYPE_CHECKING

import pytest
from sphinx.errors import ConfigError

from bibfolio._version import __version__
from bibfolio.build import deprecations

from .helpers import REPO, build_project

if TYPE_CHECKING:
    from pathlib import Path

    from .helpers import Built

_ANSI = re.compile(r"\x1b\[[0-9;]*m")
#: Two lines, so the project's own lines start at line 3.
CONF = 'extensions = ["bibfolio"]\nproject = "Rosa Quill"\n'
PORTFOLIO = "bibfolio_portfolio = True\n"
BIB = "@article{one,\n  author = {Quill, Rosa},\n  title = {One},\n  journal = {J},\n  year = 2024,\n}\n"
HOME = "# Rosa Quill\n\n```{profile}\n```\n\n```{publications}\n```\n"


def build(tmp_path: Path, conf: str) -> tuple[Built, str]:
    """Build a one-page portfolio with -W; the build and what it printed."""
    source = tmp_path / "src"
    source.mkdir()
    (source / "conf.py").write_text(
        CONF + 'bibtex_bibfiles = ["refs.bib"]\nbibfolio_owner = ["Rosa Quill"]\n' + conf
    )
    (source / "refs.bib").write_text(BIB)
    (source / "index.md").write_text(HOME)
    built = build_project(source, tmp_path / "out", warning_is_error=True)
    return built, built.status + built.warnings


def test_a_misspelt_setting_warns_at_its_line_naming_the_setting(tmp_path):
    # The card would otherwise lose everything but the name, with -nW green.
    conf = PORTFOLIO + "bibfolio_profil = {'name': 'Rosa Quill', 'position': 'Weaver'}\n"
    app, output = build(tmp_path, conf)
    conf_py = tmp_path / "src" / "conf.py"
    assert f"{conf_py}:6: WARNING: bibfolio_profil is not a bibfolio setting and has no effect: " \
        "did you mean bibfolio_profile? [bibfolio.config]" in output.splitlines()  # fmt: skip
    assert output.count("WARNING") == 1, output
    assert app.statuscode == 1  # -W fails


@pytest.mark.parametrize(
    ("name", "closest"),
    [
        ("bibfolio_owners", "bibfolio_owner"),
        ("bibfolio_group_member", "bibfolio_group_members"),  # registered by group/
        ("bibfolio_project", "bibfolio_projects"),  # registered by projects/
        ("bibfolio_cv_font", "bibfolio_cv_fonts"),
        ("bibfolio_weaving_pattern", None),
    ],
)
def test_the_closest_setting_is_named_among_every_registered_one(tmp_path, name, closest):
    app, output = build(tmp_path, f"{PORTFOLIO}{name} = []\n")
    reported = [line for line in output.splitlines() if "[bibfolio.config]" in line]
    assert len(reported) == 1, output
    start = f"{tmp_path / 'src' / 'conf.py'}:6: WARNING: {name} is not a bibfolio setting and has "
    assert reported[0].startswith(start + "no effect")
    if closest:
        assert reported[0].endswith(f": did you mean {closest}? [bibfolio.config]")
    else:
        assert reported[0].endswith('no effect (GUIDE.md, "Configuration values", lists them) '
                                    "[bibfolio.config]")  # fmt: skip
    assert app.statuscode == 1


def test_settings_and_other_names_are_not_reported(tmp_path):
    conf = PORTFOLIO + "bibfolio_max_authors = 5\nmy_bibfolio_notes = 1\nBIBFOLIO_X = 2\n"
    app, output = build(tmp_path, conf)
    assert "WARNING" not in output, output
    assert app.statuscode == 0


def test_suppress_warnings_silences_it(tmp_path):
    conf = PORTFOLIO + "bibfolio_profil = {}\nsuppress_warnings = ['bibfolio.config']\n"
    app, output = build(tmp_path, conf)
    assert "bibfolio_profil" not in output
    assert app.statuscode == 0


@pytest.mark.parametrize(
    ("table", "row", "name"),
    [
        (
            "RENAMED",
            deprecations.Renamed("bibfolio_authors_shown", "bibfolio_max_authors",
                                 __version__, "999.0"),
            "bibfolio_authors_shown",
        ),
        (
            "REMOVED",
            deprecations.Removed("bibfolio_cards", "use :selected:", __version__, "999.0"),
            "bibfolio_cards",
        ),
    ],
)  # fmt: skip
def test_a_renamed_or_removed_name_keeps_its_own_message(tmp_path, monkeypatch, table, row, name):
    monkeypatch.setattr(deprecations, table, (row,))
    app, output = build(tmp_path, f"{PORTFOLIO}{name} = 7\n")
    assert "[bibfolio.config]" not in output, output
    assert f"{name} is re" in output  # "is renamed" / "is removed", as a note
    assert app.statuscode == 0


def test_a_markdown_home_page_without_a_reader_is_named(tmp_path):
    # bibfolio_portfolio misspelt: no MyST-Parser is loaded, index.md is read by nothing.
    with pytest.raises(ConfigError) as raised:
        build(tmp_path, "bibfolio_portfolo = True\n")
    index = tmp_path / "src" / "index.md"
    assert str(raised.value) == (
        f"{index} is Markdown, but this project reads no Markdown: set bibfolio_portfolio = "
        "True in conf.py for a portfolio (or add myst_parser to extensions)"
    )


def test_sphinx_build_prints_the_warning_and_the_message_not_index_rst(tmp_path):
    source = tmp_path / "src"
    source.mkdir()
    (source / "conf.py").write_text(CONF + "bibfolio_portfolo = True\n")
    (source / "index.md").write_text("# Rosa Quill\n")
    env = {**os.environ, "PYTHONPATH": str(REPO / "_ext")}
    done = subprocess.run(
        [sys.executable, "-m", "sphinx", "-nW", "-q", "-b", "html", source, tmp_path / "out"],
        capture_output=True, text=True, env=env, check=False, timeout=300,
    )  # fmt: skip
    output = _ANSI.sub("", done.stdout + done.stderr)
    assert done.returncode != 0
    assert "did you mean bibfolio_portfolio? [bibfolio.config]" in output
    assert "index.md is Markdown, but this project reads no Markdown" in output
    assert "master document" not in output
    assert "index.rst" not in output


@pytest.mark.parametrize(
    "conf",
    [
        PORTFOLIO,  # MyST-Parser loaded by the portfolio
        'extensions = ["myst_parser", "bibfolio"]\n',  # or listed
    ],
)
def test_a_markdown_home_page_with_a_reader_builds(tmp_path, conf):
    app, output = build(tmp_path, conf)
    assert app.statuscode == 0, output
    assert (app.outdir / "index.html").is_file()
