"""bibfolio as users install it: built sdist and wheel, clean virtualenvs, offline installs.

A clean virtualenv has nothing of this checkout on ``sys.path`` (no ``PYTHONPATH``, no
editable install) and installs from the *wheelhouse*: wheels of bibfolio's dependencies
(and of pip, setuptools and nox), which ``nox -s tests`` fills at install time in
``<its virtualenv>/wheelhouse``, so that no test needs the network.  The machine's own pip
configuration (extra indexes, constraints) is ignored, as on a host that has none.
"""

from __future__ import annotations

import filecmp
import os
import shutil
import subprocess
import sys
import venv
from pathlib import Path

import pytest

from .helpers import REPO

#: Where ``nox -s tests`` puts the wheels a clean virtualenv installs from (noxfile.py).
WHEELHOUSE = Path(sys.prefix) / "wheelhouse"


def require_wheelhouse() -> Path:
    """The wheelhouse, or skip: without it a clean install would need the network."""
    if not any(WHEELHOUSE.glob("sphinx-*.whl")):
        pytest.skip(
            f"no wheelhouse at {WHEELHOUSE}: `nox -s tests` fills it when it installs the "
            "tests' virtualenv (a clean install here would need the network)"
        )
    return WHEELHOUSE


def offline_environ(**extra: str) -> dict[str, str]:
    """This process's environment for a clean install or build: nothing of the checkout.

    No ``PYTHONPATH`` (``.ci/run`` sets one for its forks), no virtualenv of ours, pip
    pointed at the wheelhouse only.
    """
    environ = {
        name: value
        for name, value in os.environ.items()
        if name not in {"PYTHONPATH", "VIRTUAL_ENV", "PYTHONHOME"}
        and not name.startswith(("PIP_", "READTHEDOCS"))
    }
    environ.update(
        PIP_CONFIG_FILE=os.devnull,
        PIP_NO_INDEX="1",
        PIP_FIND_LINKS=str(WHEELHOUSE),
        PIP_DISABLE_PIP_VERSION_CHECK="1",
        PIP_NO_CACHE_DIR="1",
        PIP_QUIET="1",
    )
    environ.update(extra)
    return environ


def run(command: list[str], cwd: Path, environ: dict[str, str]) -> str:
    """Run *command*; fail the test with its output when it fails.  Returns the output."""
    done = subprocess.run(
        command,
        cwd=cwd,
        env=environ,
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
    )
    output = done.stdout + done.stderr
    assert done.returncode == 0, f"{' '.join(command)} failed ({done.returncode}):\n{output}"
    return output


def tracked_files(under: str = "") -> list[str]:
    """The files (below *under*) a clone of this checkout has once its changes are committed.

    What git tracks, less what is deleted, plus what it does not track and does not ignore
    (a fork's new docs/, before its first commit).
    """
    result = subprocess.run(
        [
            "git",
            "ls-files",
            "-z",
            "--cached",
            "--others",
            "--exclude-standard",
            "--",
            under or ".",
        ],
        cwd=REPO,
        capture_output=True,
        text=True,
        check=False,
    )
    if result.returncode != 0:
        pytest.skip("not a git checkout: cannot tell which files a clone would have")
    return [name for name in result.stdout.split("\0") if name and (REPO / name).is_file()]


def clone(target: Path) -> Path:
    """A copy of the files a fresh clone of this checkout has (untracked files left out)."""
    for name in tracked_files():
        path = target / name
        path.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(REPO / name, path)
    return target


def make_venv(where: Path) -> Path:
    """A new virtualenv with pip and nothing else; returns its python."""
    venv.create(where, with_pip=True, symlinks=os.name != "nt")
    return where / "bin" / "python"


def build_distributions(source: Path, outdir: Path, *, wheel_only: bool = False) -> list[Path]:
    """``python -m build`` in *source* (sdist, then the wheel from it; or the wheel alone).

    Without build isolation: the backend this virtualenv has (setuptools, at pyproject's
    bound) builds, so no index is needed.
    """
    command = [sys.executable, "-m", "build", "--no-isolation", "--outdir", str(outdir)]
    run([*command, "--wheel"] if wheel_only else command, source, offline_environ())
    return sorted(outdir.iterdir())


def differing_files(left: Path, right: Path, *, ignore: set[str]) -> list[str]:
    """Relative paths that one output tree has and the other lacks, or whose bytes differ.

    Text files are compared after each tree's own folder path is replaced by one name
    (the two builds ran in different folders); *ignore* names files left out, and
    ``.doctrees/`` (Sphinx's pickled state, where no ``-d`` puts it elsewhere) is too.
    """
    names = {
        path.relative_to(root).as_posix()
        for root in (left, right)
        for path in root.rglob("*")
        if path.is_file() and not path.relative_to(root).as_posix().startswith(".doctrees/")
    } - ignore
    differing = []
    for name in sorted(names):
        one, other = left / name, right / name
        if not (one.is_file() and other.is_file()):
            differing.append(name)
        elif not filecmp.cmp(one, other, shallow=False):
            texts = [_with_paths_aside(path, root) for path, root in ((one, left), (other, right))]
            if texts[0] is None or texts[0] != texts[1]:
                differing.append(name)
    return differing


def _with_paths_aside(path: Path, root: Path) -> bytes | None:
    """A file's bytes with its build's folders named alike, or None if that changes none."""
    data = path.read_bytes()
    aside = data
    for folder in {root, root.parent, root.parent.parent}:
        aside = aside.replace(str(folder).encode(), b"<build>")
    return aside if aside != data else None
