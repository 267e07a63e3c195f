"""The layers of ``_ext/bibfolio/`` (GUIDE.md, "Architecture"), kept by import-linter.

``pyproject.toml``'s ``[tool.importlinter]`` lists the packages top to bottom; a package
may import only those below it, no two modules of one package import each other in a
circle, and the plain-Python packages import no Sphinx.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
LINT_IMPORTS = Path(sys.executable).with_name("lint-imports")

pytestmark = pytest.mark.skipif(
    not LINT_IMPORTS.exists(), reason="import-linter is not installed (the test extra has it)"
)


def lint(root: Path) -> subprocess.CompletedProcess[str]:
    """``lint-imports`` on the bibfolio under ``root/_ext``, with ``root``'s pyproject.toml."""
    environment = {**os.environ, "PYTHONPATH": str(root / "_ext")}
    return subprocess.run(
        [str(LINT_IMPORTS), "--no-cache", str(root / "pyproject.toml")],
        cwd=root,
        env=environment,
        capture_output=True,
        text=True,
        check=False,
    )


def test_the_packages_keep_their_layers_and_have_no_circles():
    result = lint(REPO)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Contracts: 3 kept, 0 broken." in result.stdout


@pytest.fixture
def copy(tmp_path: Path) -> Path:
    """A copy of the extension and the contracts to break."""
    shutil.copytree(
        REPO / "_ext" / "bibfolio",
        tmp_path / "_ext" / "bibfolio",
        ignore=shutil.ignore_patterns("__pycache__", "static", "templates", "skeleton"),
    )
    shutil.copy(REPO / "pyproject.toml", tmp_path)
    return tmp_path


def inject(copy: Path, module: str, line: str) -> None:
    path = copy / "_ext" / "bibfolio" / module
    path.write_text(path.read_text(encoding="utf-8") + f"\n{line}\n", encoding="utf-8")


def test_an_upward_import_breaks_the_layers(copy):
    # The publication model reaching up into the Sphinx pages.
    inject(copy, "model/names.py", "from ..pages import head  # noqa")
    result = lint(copy)
    assert result.returncode == 1
    assert "bibfolio's packages import only the layers below them BROKEN" in result.stdout
    assert "bibfolio.model.names -> bibfolio.pages.head" in result.stdout


def test_a_circle_between_two_modules_breaks_the_contract(copy):
    # latex.py imports richtext.py; the reverse import closes a circle.
    inject(copy, "reading/richtext.py", "from . import latex  # noqa")
    result = lint(copy)
    assert result.returncode == 1
    assert "no import circles among the modules of any one package BROKEN" in result.stdout
    assert "No cycles are allowed in bibfolio.reading." in result.stdout
    assert "- .richtext -> .latex (1 import)" in result.stdout


def test_sphinx_in_the_model_breaks_the_contract(copy):
    inject(copy, "model/dates.py", "import sphinx  # noqa")
    result = lint(copy)
    assert result.returncode == 1
    assert "plain Python (no Sphinx, no" in result.stdout
    assert "bibfolio.model.dates -> sphinx" in result.stdout
