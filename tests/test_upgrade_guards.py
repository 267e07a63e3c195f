"""``bibfolio upgrade`` and ``nox -s upgrade`` say what is wrong instead of reporting success.

An installed bibfolio older than the site's pin (the pin bumped, the install forgotten)
is refused, naming the pin and the install; ``nox -s upgrade`` fails while a file still
holds conflict markers, naming it (issue 45).
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from typing import TYPE_CHECKING

import pytest

from bibfolio.__main__ import main
from bibfolio._version import __version__
from bibfolio.scaffold import new_site
from bibfolio.scaffold import upgrade as upgrading

from .helpers import REPO
from .test_new_portfolio import VENV_FIRST
from .test_site_upgrade import commit, edit, git

if TYPE_CHECKING:
    from pathlib import Path

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")


@pytest.fixture
def site(tmp_path: Path) -> Path:
    """A site made with this bibfolio, committed."""
    site = tmp_path / "priya-site"
    new_site(site, "Priya Raman")
    commit(site, "bibfolio new")
    return site


def bump(site: Path, version: str) -> None:
    edit(site / "requirements.txt", f"=={__version__}", f"=={version}")
    commit(site, f"bibfolio {version}")


@pytest.mark.parametrize("pin", ["99.0.0", "99.0.0.dev3"])
def test_an_installed_bibfolio_older_than_the_pin_is_refused(site, capsys, pin):
    bump(site, pin)
    assert main(["upgrade", str(site)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(
        f"bibfolio upgrade: error: requirements.txt pins bibfolio {pin}, but the installed "
        f"bibfolio is {__version__} (older): install the pin first, `python3 -m pip install "
        "-r requirements.txt` (`python3 -m nox -s upgrade` does it before upgrading), then "
        "run bibfolio upgrade again."
    ), err
    # A development build's pin: where pip finds its wheel.
    assert ("PIP_FIND_LINKS=DIR" in err) == pin.endswith(".dev3")
    assert git(site, "status", "--porcelain") == ""


def test_an_installed_bibfolio_at_or_above_the_pin_goes_on(site, capsys):
    assert upgrading.pinned_version(site) == __version__
    assert main(["upgrade", str(site)]) == 0
    assert capsys.readouterr().out == (
        f"{site}: the scaffold files are bibfolio {__version__}'s already\n"
    )
    # A pin below the installed release (the new one installed first): the upgrade runs
    # to the installed one, which the template writes into the pin.
    edit(site / "requirements.txt", f"=={__version__}", "==0.0.1")
    commit(site, "older pin")
    assert upgrading.pinned_version(site) == "0.0.1"
    upgrading.check_installed(site)  # no error


def test_a_pin_in_a_release_candidate_is_older_than_the_release(site, monkeypatch):
    # PyPA's order: 1.0.0rc1 < 1.0.0, so 1.0.0 installed satisfies a pin of 1.0.0rc1 and
    # 1.0.0rc1 installed is older than a pin of 1.0.0.
    monkeypatch.setattr(upgrading, "__version__", "1.0.0")
    bump(site, "1.0.0rc1")
    upgrading.check_installed(site)
    monkeypatch.setattr(upgrading, "__version__", "1.0.0rc1")
    edit(site / "requirements.txt", "==1.0.0rc1", "==1.0.0")
    commit(site, "1.0.0")
    with pytest.raises(upgrading.UpgradeError, match=r"pins bibfolio 1\.0\.0, but the installed"):
        upgrading.check_installed(site)


def nox_upgrade(site: Path) -> subprocess.CompletedProcess[str]:
    """The site's own ``nox -s upgrade``, with this checkout's bibfolio (no install)."""
    env = {**VENV_FIRST, "PYTHONPATH": str(REPO / "_ext"), "NO_COLOR": "1"}
    return subprocess.run(
        [sys.executable, "-m", "nox", "--no-venv", "--no-install", "-s", "upgrade"],
        cwd=site, capture_output=True, text=True, check=False, env=env, timeout=300,
    )  # fmt: skip


def test_nox_upgrade_fails_while_conflict_markers_remain(site):
    pages = site / ".github" / "workflows" / "pages.yml"
    readme = site / "README.md"
    # As copier leaves a line both changed (and a Markdown heading underlined with seven
    # "=" that is no conflict).
    edit(
        pages,
        '          python-version: "3.13"\n',
        "<<<<<<< before updating\n"
        '          python-version: "3.12"\n'
        "=======\n"
        '          python-version: "3.14"\n'
        ">>>>>>> after updating\n",
    )
    (site / "docs" / "notes.md").write_text("Notes\n=======\n\nMine.\n")
    commit(site, "an upgrade with a conflict, committed as it was")
    failed = nox_upgrade(site)
    output = failed.stdout + failed.stderr
    assert failed.returncode != 0, output
    assert f"the scaffold files are bibfolio {__version__}'s already" in output
    assert (
        "these files still hold conflict markers (lines <<<<<<<, =======, >>>>>>>): "
        ".github/workflows/pages.yml; keep the lines you want, delete the markers"
    ) in output
    # Resolved: the session passes.
    edit(
        pages,
        '<<<<<<< before updating\n          python-version: "3.12"\n=======\n',
        "",
    )
    edit(pages, ">>>>>>> after updating\n", "")
    # New files with markers count too (not yet added), ignored ones do not.
    readme.write_text(readme.read_text() + "\n<<<<<<< HEAD\nmine\n=======\ntheirs\n>>>>>>> x\n")
    (site / ".nox").mkdir(exist_ok=True)
    (site / ".nox" / "x.txt").write_text("<<<<<<< a\n>>>>>>> b\n")
    commit(site, "resolved, but README.md")
    failed = nox_upgrade(site)
    assert failed.returncode != 0
    assert (
        "conflict markers (lines <<<<<<<, =======, >>>>>>>): README.md;"
        in failed.stdout + failed.stderr
    )
    edit(readme, "\n<<<<<<< HEAD\nmine\n=======\ntheirs\n>>>>>>> x\n", "")
    commit(site, "resolved")
    passed = nox_upgrade(site)
    assert passed.returncode == 0, passed.stdout + passed.stderr
    assert "Session upgrade was successful" in passed.stdout + passed.stderr
