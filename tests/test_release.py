"""The release workflow's steps, offline: build, twine check, install the wheel alone in a
clean virtualenv from a local folder, build both portfolios from it with -nW."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tomllib
from typing import TYPE_CHECKING

import pytest
import yaml
from packaging.version import Version

from bibfolio._version import __version__, is_development, version_key

from . import clean_venv
from .helpers import REPO

if TYPE_CHECKING:
    from pathlib import Path

pytestmark = [pytest.mark.portfolio, pytest.mark.package]
WORKFLOW = REPO / ".github" / "workflows" / "release.yml"


def tracked_copy(target: Path) -> Path:
    """The checkout's tracked files (as a clone of this commit would have them)."""
    listed = subprocess.run(
        ["git", "ls-files", "-z"], cwd=REPO, capture_output=True, text=True, check=False
    )
    if listed.returncode != 0:
        pytest.skip("not a git checkout: cannot tell which files a clone would have")
    for name in listed.stdout.split("\0"):
        if name and (REPO / name).is_file():
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(REPO / name, target / name)
    return target


def test_the_version_is_written_once():
    with (REPO / "pyproject.toml").open("rb") as file:
        pyproject = tomllib.load(file)
    assert "version" not in pyproject["project"]
    assert pyproject["project"]["dynamic"] == ["version"]
    dynamic = pyproject["tool"]["setuptools"]["dynamic"]["version"]
    assert dynamic == {"attr": "bibfolio._version.__version__"}
    changelog = (REPO / "CHANGELOG.md").read_text()
    sections = re.split(r"^## .+$", changelog, flags=re.MULTILINE)[1:]
    assert all("**Upgrading.**" in section for section in sections)


def test_the_version_says_whether_changes_are_unreleased():
    """Issue 45: a tree with an "Unreleased" section is a development build, ``X.Y.Z.devN``
    above the newest release; a release's tree has its version as the first section."""
    changelog = (REPO / "CHANGELOG.md").read_text()
    headings = re.findall(r"^## (.+)$", changelog, flags=re.MULTILINE)
    version = Version(__version__)
    released = [Version(heading) for heading in headings if heading != "Unreleased"]
    assert headings.count("Unreleased") <= 1
    assert released == sorted(released, reverse=True), "releases newest first"
    if headings[0] == "Unreleased":
        assert version.is_devrelease, f"{__version__}: changes are unreleased, so .devN"
        assert not released or version > released[0]
        assert Version(version.base_version) not in released, "that release is out already"
    else:
        assert "Unreleased" not in headings, "Unreleased goes above the releases"
        assert not version.is_prerelease and version.local is None, __version__
        assert Version(headings[0]) == version


@pytest.mark.parametrize(
    ("lower", "higher"),
    [
        ("0.3.0rc1", "0.3.0"), ("0.3.0.dev0", "0.3.0rc1"), ("0.3.0a1", "0.3.0b1"),
        ("0.3.0", "0.3.0.post1"), ("0.9.0", "0.10.0"), ("0.2.0.dev0", "0.2.0.dev1"),
    ],
)  # fmt: skip
def test_versions_compare_in_pypas_order(lower, higher):
    """Issue 46: a release candidate comes before its release (deprecations turn into
    warnings in the release, not in its candidates), as pip orders them."""
    assert version_key(lower) < version_key(higher)
    assert is_development("0.3.0.dev2") and is_development("0.3.0+g1234")
    assert not is_development("0.3.0rc1") and not is_development("0.3.0")


def test_the_workflow_publishes_only_a_checked_build_on_a_version_tag():
    workflow = yaml.safe_load(WORKFLOW.read_text())
    assert workflow[True]["push"]["tags"] == ["v*"]  # YAML 1.1 reads the key `on` as True
    build = "\n".join(str(step) for step in workflow["jobs"]["build"]["steps"])
    for step in ("python3 -m build", "twine check", "python3 -m venv", "sphinx-build -E -a -nW"):
        assert step in build, step
    assert "examples/liang-luo" in build and "cp -r docs refs.bib" in build
    publish = workflow["jobs"]["publish"]
    assert publish["needs"] == "build"
    assert publish["permissions"] == {"id-token": "write"}
    assert publish["steps"][-1]["uses"] == "pypa/gh-action-pypi-publish@release/v1"
    assert "password" not in str(publish)  # trusted publishing: no token


@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
def test_the_release_steps_offline(tmp_path):
    pytest.importorskip("build")
    pytest.importorskip("twine")
    source = tracked_copy(tmp_path / "source")
    dist = tmp_path / "dist"
    built = clean_venv.build_dist(source, dist)
    assert [path.name for path in built] == [
        f"bibfolio-{__version__}-py3-none-any.whl",
        f"bibfolio-{__version__}.tar.gz",
    ]
    checked = subprocess.run(
        [sys.executable, "-m", "twine", "check", "--strict", *map(str, built)],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert checked.stdout.count("PASSED") == 2

    python = clean_venv.make(tmp_path / "venv")
    clean_venv.install(python, dist, f"bibfolio[docs]=={__version__}")
    where = clean_venv.run(python, "-c", "import bibfolio; print(bibfolio.__file__)")
    assert where.stdout.startswith(str(tmp_path / "venv")), where.stdout + where.stderr

    portfolios = tmp_path / "portfolios"
    portfolios.mkdir()
    shutil.copytree(source / "docs", portfolios / "docs")
    if (source / "refs.bib").is_file():  # the template's; a fork keeps docs/refs.bib
        shutil.copy2(source / "refs.bib", portfolios / "refs.bib")
    shutil.copytree(source / "examples" / "liang-luo", portfolios / "liang-luo")
    for name in ("docs", "liang-luo"):
        result = clean_venv.run(
            python, "-m", "sphinx", "-E", "-a", "-nW", "--keep-going", "-b", "html",
            str(portfolios / name), str(tmp_path / "out" / name), cwd=tmp_path,
        )  # fmt: skip
        assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
        assert (tmp_path / "out" / name / "index.html").is_file()
