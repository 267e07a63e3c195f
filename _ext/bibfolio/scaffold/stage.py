"""The site template as copier reads it: a staged git repository, one tag per release.

Copier updates a project from a git repository of its template, reading the version the
project was made from (``_commit`` in ``.copier-answers.yml``) and the version to move
to.  bibfolio ships its template inside the package, so both are staged here, in a
temporary folder: the installed release's copy (tagged ``v<version>``) on top of the
previous release's (for an upgrade).  The answers file names the template
:data:`SOURCE`, a path copier resolves in the staging folder, the current directory
while copier runs: the same on every machine.

In the package, dot-files are named ``dot-NAME`` (package data leaves hidden files out);
staging gives them their names back.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
from pathlib import Path
from typing import TYPE_CHECKING

from .._version import is_development

if TYPE_CHECKING:
    from collections.abc import Iterator, Sequence

#: The installed release's template (``copier.yml`` and the site's files under ``site/``).
TEMPLATE = Path(__file__).with_name("template")
#: The template's name in ``.copier-answers.yml`` (``_src_path``): the staged repository.
SOURCE = "bibfolio-site-template"
#: bibfolio's repository, whose tags name its releases (``v0.2.0``) as :func:`tag` does.
REPOSITORY = "https://github.com/bibfolio/bibfolio"
#: In the package, a file or folder ``dot-NAME`` is the site's ``.NAME``.
DOT_PREFIX = "dot-"
#: The staging repository's own commits: not the user's identity, never pushed anywhere.
_GIT_IDENTITY = {
    "GIT_AUTHOR_NAME": "bibfolio",
    "GIT_AUTHOR_EMAIL": "bibfolio@localhost",
    "GIT_COMMITTER_NAME": "bibfolio",
    "GIT_COMMITTER_EMAIL": "bibfolio@localhost",
}


class StageError(Exception):
    """The template cannot be staged (no git, an unreadable template)."""


def guide_url(version: str) -> str:
    """GUIDE.md as of *version* (its release tag), or of ``main`` for a development build."""
    ref = "main" if is_development(version) else tag(version)
    return f"{REPOSITORY}/blob/{ref}/GUIDE.md"


def tag(version: str) -> str:
    """The staged repository's tag for a release (what ``_commit`` records)."""
    return f"v{version}"


def git(*args: str, cwd: Path) -> str:
    """Run git in *cwd*; return its output, or raise :class:`StageError` with its message."""
    if shutil.which("git") is None:
        raise StageError("git is not installed; bibfolio new and upgrade need it (copier does)")
    settings = ("commit.gpgsign=false", "tag.gpgsign=false", "core.hooksPath=/dev/null")
    result = subprocess.run(
        ["git", *(arg for setting in settings for arg in ("-c", setting)), *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        check=False,
        env={**os.environ, **_GIT_IDENTITY},
    )
    if result.returncode != 0:
        raise StageError(f"git {' '.join(args)}: {result.stderr.strip()}")
    return result.stdout


def _copy(template: Path, target: Path, version: str) -> None:
    """Copy *template* into *target* (emptied first), dot-names restored, version set."""
    for old in target.iterdir():
        if old.name != ".git":
            shutil.rmtree(old) if old.is_dir() else old.unlink()
    for source in sorted(template.rglob("*")):
        if "__pycache__" in source.parts or source.is_dir():
            continue
        parts = [
            "." + part.removeprefix(DOT_PREFIX) if part.startswith(DOT_PREFIX) else part
            for part in source.relative_to(template).parts
        ]
        destination = target.joinpath(*parts)
        destination.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source, destination)
    # The release the template belongs to (the pin of the site's requirements.txt),
    # whether it is a development build (the README says how pip finds it) and its GUIDE.
    values = {
        "bibfolio_version": ("str", repr(version)),
        "bibfolio_development": ("bool", "true" if is_development(version) else "false"),
        "bibfolio_guide": ("str", repr(guide_url(version))),
    }
    with (target / "copier.yml").open("a", encoding="utf-8") as file:
        for name, (kind, default) in values.items():
            file.write(f"\n{name}:\n  type: {kind}\n  default: {default}\n  when: false\n")


def stage(releases: Sequence[tuple[Path, str]], folder: Path) -> Path:
    """Stage *releases* (template folder, version), oldest first, as one git history.

    Returns the repository, ``folder/SOURCE``; each release is a commit tagged
    :func:`tag` of its version.
    """
    repository = folder / SOURCE
    repository.mkdir(parents=True)
    git("init", "--quiet", cwd=repository)
    git("symbolic-ref", "HEAD", "refs/heads/main", cwd=repository)  # any git, not only 2.28+
    for template, version in releases:
        if not (template / "copier.yml").is_file():
            raise StageError(f"{template} is not a bibfolio site template (no copier.yml)")
        _copy(template, repository, version)
        git("add", "--all", cwd=repository)
        git("commit", "--quiet", "--allow-empty", "-m", f"bibfolio {version}", cwd=repository)
        git("tag", tag(version), cwd=repository)
    return repository


@contextlib.contextmanager
def inside(folder: Path) -> Iterator[None]:
    """Run copier from *folder*, where :data:`SOURCE` is the staged repository."""
    with contextlib.chdir(folder):
        yield
