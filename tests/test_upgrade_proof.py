"""Proof, offline, from a fresh clone: a site made with release N moves to N+1 by a bump.

Two wheels are built: this commit's (N) and a next release's (N+1: this commit with its
version's minor bumped, one setting renamed through build/deprecations.py, and one
scaffold file of the site template changed).  In a clean virtualenv (clean_venv.py: no
checkout on sys.path, wheels from a local folder only), ``bibfolio new`` makes a site with
N; its owner edits a page, the noxfile and conf.py (setting the value N+1 renames) and
commits; it builds -nW and its tests pass.  Then the documented upgrade: the pin in
requirements.txt, ``pip install -r requirements.txt``, ``bibfolio upgrade``.  The site
builds -nW, its tests pass, the renamed setting is reported at its conf.py line (and
still works), and ``git diff`` shows the pin, the answers file and the scaffold file the
template changed: nothing of the owner's pages.

About 5 minutes on 2 cores, so not part of ``nox -s tests``: .ci/run runs it with
BIBFOLIO_UPGRADE_PROOF=1.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import zipfile
from typing import TYPE_CHECKING

import pytest

from bibfolio._version import __version__

from . import clean_venv
from .helpers import REPO

if TYPE_CHECKING:
    from pathlib import Path

pytestmark = [
    pytest.mark.portfolio,
    pytest.mark.skipif(
        os.environ.get("BIBFOLIO_UPGRADE_PROOF") != "1",
        reason="about 5 minutes: .ci/run runs it (BIBFOLIO_UPGRADE_PROOF=1)",
    ),
]
OLD_NAME, NEW_NAME = "bibfolio_publications_feed", "bibfolio_feed_entries"
IDENTITY = {
    "GIT_AUTHOR_NAME": "Émile Exemple",
    "GIT_AUTHOR_EMAIL": "emile@example.org",
    "GIT_COMMITTER_NAME": "Émile Exemple",
    "GIT_COMMITTER_EMAIL": "emile@example.org",
}


def next_version(version: str) -> str:
    major, minor = (int(part) for part in version.split(".")[:2])
    return f"{major}.{minor + 1}.0"


def git(folder: Path, *args: str) -> str:
    result = subprocess.run(
        ["git", "-c", "commit.gpgsign=false", *args],
        cwd=folder, capture_output=True, text=True, check=False, env={**os.environ, **IDENTITY},
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    return result.stdout


def make_next_release(clone: Path, version: str) -> None:
    """This tree as release *version*: bumped, one setting renamed, one template file changed."""
    package = clone / "_ext" / "bibfolio"
    version_file = package / "_version.py"
    text = version_file.read_text()
    version_file.write_text(
        text.replace(f'__version__ = "{__version__}"', f'__version__ = "{version}"')
    )
    for path in package.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        if OLD_NAME in text:
            path.write_text(text.replace(OLD_NAME, NEW_NAME), encoding="utf-8")
    deprecations = package / "build" / "deprecations.py"
    text = deprecations.read_text()
    row = f'Renamed("{OLD_NAME}", "{NEW_NAME}", "{version}", "{next_version(version)}"),'
    table = "\nRENAMED: tuple[Renamed, ...] = ()"  # the settings' (directives have their own)
    assert text.count(table) == 1
    deprecations.write_text(text.replace(table, f"\nRENAMED: tuple[Renamed, ...] = ({row})"))
    pages = package / "scaffold" / "template" / "site" / "dot-github" / "workflows" / "pages.yml"
    text = pages.read_text()
    assert 'python-version: "3.13"' in text
    pages.write_text(text.replace('python-version: "3.13"', 'python-version: "3.14"'))
    git(clone, "commit", "--quiet", "-am", f"bibfolio {version}")


def run_ok(python: Path, *args: str, cwd: Path, env: dict[str, str] | None = None) -> str:
    result = (
        clean_venv.run(python, *args, cwd=cwd) if env is None else _run_env(python, args, cwd, env)
    )
    assert result.returncode == 0, f"{args}:\n{result.stdout[-4000:]}\n{result.stderr[-4000:]}"
    return result.stdout + result.stderr


def _run_env(python: Path, args: tuple[str, ...], cwd: Path, env: dict[str, str]):
    saved = {name: os.environ.get(name) for name in env}
    os.environ.update(env)
    try:
        return clean_venv.run(python, *args, cwd=cwd)
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


def build_site(python: Path, site: Path) -> str:
    shutil.rmtree(site / "docs" / "_build", ignore_errors=True)
    return run_ok(
        python, "-m", "sphinx", "-E", "-a", "-nW", "--keep-going", "-b", "html", "docs",
        "docs/_build/html", cwd=site, env={"READTHEDOCS_CANONICAL_URL": "https://example.org/"},
    )  # fmt: skip


@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
def test_a_site_moves_to_the_next_release_by_a_bump(tmp_path):
    import build  # noqa: F401 - asked for, the proof fails without it rather than skip

    new = next_version(__version__)
    dist = tmp_path / "dist"
    for version in (__version__, new):
        clone = tmp_path / f"bibfolio-{version}"
        git(tmp_path, "clone", "--quiet", str(REPO), str(clone))
        if version == new:
            make_next_release(clone, version)
        clean_venv.build_dist(clone, dist)
        wheel = dist / f"bibfolio-{version}-py3-none-any.whl"
        names = zipfile.ZipFile(wheel).namelist()
        assert "bibfolio/scaffold/template/copier.yml" in names, "the template is not shipped"
    python = clean_venv.make(tmp_path / "venv")
    clean_venv.install(python, dist, f"bibfolio[docs,testing]=={__version__}")

    # Release N: a new site, the owner's own edits, committed.
    site = tmp_path / "emile-site"
    bib = REPO / "tests" / "site" / "owner.bib"
    run_ok(
        python,
        "bibfolio",
        "new",
        str(site),
        "--name",
        "Émile Exemple",
        "--bib",
        str(bib),
        cwd=tmp_path,
    )
    conf = site / "docs" / "conf.py"
    conf.write_text(conf.read_text() + f"\n# The three newest in the feed.\n{OLD_NAME} = 3\n")
    conf_line = conf.read_text().splitlines().index(f"{OLD_NAME} = 3") + 1
    index = site / "docs" / "index.md"
    biography = "% Your biography, shown beside the card"
    assert biography in index.read_text()
    index.write_text(index.read_text().replace(biography, "Émile models tides;"))
    nox = site / "noxfile.py"
    nox.write_text(
        nox.read_text().replace("nox.options.sessions", "# Émile: both\nnox.options.sessions", 1)
    )
    git(site, "add", "--all")
    git(site, "commit", "--quiet", "-m", "my site")
    output = build_site(python, site)
    assert "build succeeded" in output and "deprecated" not in output
    run_ok(python, "-m", "pytest", "-q", "-p", "no:cacheprovider", cwd=site)
    made = git(site, "rev-parse", "HEAD").strip()
    owners = {
        path: path.read_bytes()
        for path in [*(site / "docs").rglob("*"), site / "refs.bib"]
        if path.is_file() and "_build" not in path.parts
    }

    # Release N+1, the documented way: the pin, committed; install it; the scaffold update.
    requirements = site / "requirements.txt"
    requirements.write_text(requirements.read_text().replace(f"=={__version__}", f"=={new}"))
    git(site, "commit", "--quiet", "-am", f"bibfolio {new}")
    run_ok(
        python, "-m", "pip", "install", "--quiet", "--no-index", "--find-links",
        str(dist), "-r", "requirements.txt", cwd=site,
    )  # fmt: skip
    offline = {"PIP_NO_INDEX": "1", "PIP_FIND_LINKS": str(dist)}
    # Uncommitted changes: refused, nothing changed.
    (site / "notes.txt").write_text("draft\n")
    refused = _run_env(python, ("bibfolio", "upgrade"), site, offline)
    assert refused.returncode == 2 and "uncommitted changes" in refused.stderr
    (site / "notes.txt").unlink()
    upgraded = run_ok(python, "bibfolio", "upgrade", cwd=site, env=offline)
    assert f"scaffold files updated from bibfolio {__version__} to {new}" in upgraded

    changed = sorted(git(site, "diff", "--name-only", made).split())
    assert changed == [
        ".copier-answers.yml", ".github/workflows/pages.yml", "README.md", "requirements.txt",
    ]  # fmt: skip
    # README.md links the guide of the release the site pins, which pip finds on its own.
    readme = (site / "README.md").read_text()
    assert f"<https://github.com/bibfolio/bibfolio/blob/v{new}/GUIDE.md>" in readme
    assert "The pinned bibfolio" not in readme
    assert f"+bibfolio[docs,testing]=={new}" in git(site, "diff", made, "--", "requirements.txt")
    assert 'python-version: "3.14"' in (site / ".github" / "workflows" / "pages.yml").read_text()
    assert "# Émile: both\n" in nox.read_text()
    assert {path: path.read_bytes() for path in owners} == owners

    output = build_site(python, site)
    note = f"{conf}:{conf_line}: {OLD_NAME} is renamed {NEW_NAME} in bibfolio {new}"
    assert note in output, output[-3000:]
    assert output.count(f"{OLD_NAME} is renamed") == 1 and "WARNING" not in output
    feed = (site / "docs" / "_build" / "html" / "feeds" / "publications.atom").read_text()
    assert len(re.findall(r"<entry>", feed)) == 3  # the renamed setting still works
    run_ok(python, "-m", "pytest", "-q", "-p", "no:cacheprovider", cwd=site)
