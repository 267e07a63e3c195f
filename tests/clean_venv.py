"""A clean virtualenv for an installed bibfolio, made offline.

``python -m venv`` makes it; bibfolio's dependencies come from the environment running
the tests through a folder of links to its site-packages entries, every one but
bibfolio's own (its package, dist-info and any editable hook), named in a ``.pth`` file
of the new environment.  pip sees those dependencies as installed, so
``pip install --no-index --find-links DIST bibfolio[docs]`` installs only the wheel from
DIST, with no index and no network; no checkout is on the new environment's sys.path
(PYTHONPATH is dropped from its commands' environment).
"""

from __future__ import annotations

import os
import site
import subprocess
import sys
import venv
from pathlib import Path

#: Entries of site-packages that are bibfolio itself, never linked.
_OWN = ("bibfolio", "__editable__", "_bibfolio", "distutils-precedence.pth")


def clean_environ() -> dict[str, str]:
    """This process's environment without PYTHONPATH (a checkout's _ext) or pip's user site."""
    env = {name: value for name, value in os.environ.items() if name != "PYTHONPATH"}
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    env["PYTHONNOUSERSITE"] = "1"
    return env


def make(folder: Path) -> Path:
    """Make the virtualenv in *folder*; return its python."""
    venv.create(folder, with_pip=True, symlinks=True)
    python = folder / "bin" / "python"
    deps = folder / "deps"
    deps.mkdir()
    for packages in site.getsitepackages():
        for entry in sorted(Path(packages).iterdir()):
            if entry.name.startswith(_OWN) or entry.name.endswith(".pth"):
                continue
            if not (deps / entry.name).exists():
                (deps / entry.name).symlink_to(entry)
    purelib = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        capture_output=True, text=True, check=True, env=clean_environ(),
    ).stdout.strip()  # fmt: skip
    Path(purelib, "_bibfolio_test_deps.pth").write_text(f"{deps}\n", encoding="utf-8")
    return python


def run(python: Path, *args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """Run ``python *args`` (or a command of the environment's bin/) in the clean environment."""
    bin_dir = python.parent
    command = [str(bin_dir / args[0]), *args[1:]] if (bin_dir / args[0]).exists() else [
        str(python), *args
    ]  # fmt: skip
    env = clean_environ()
    env["PATH"] = f"{bin_dir}{os.pathsep}{env.get('PATH', '')}"
    env["VIRTUAL_ENV"] = str(bin_dir.parent)
    return subprocess.run(command, cwd=cwd, capture_output=True, text=True, check=False, env=env)


def install(python: Path, dist: Path, requirement: str) -> None:
    """Install *requirement* from the wheels in *dist* alone (no index, no network)."""
    result = run(
        python, "-m", "pip", "install", "--quiet", "--no-index", "--find-links", str(dist),
        requirement,
    )  # fmt: skip
    if result.returncode != 0:
        raise AssertionError(f"pip install {requirement}: {result.stdout}{result.stderr}")


def build_dist(source: Path, dist: Path) -> list[Path]:
    """``python -m build`` of *source* into *dist* (sdist, then the wheel from it), offline."""
    result = subprocess.run(
        [sys.executable, "-m", "build", "--no-isolation", "--outdir", str(dist), str(source)],
        capture_output=True, text=True, check=False, env=clean_environ(),
    )  # fmt: skip
    if result.returncode != 0:
        raise AssertionError(f"python -m build: {result.stdout[-3000:]}{result.stderr[-3000:]}")
    return sorted(dist.iterdir())
