"""``bibfolio new``: a site repository on ``main``, and a pin that says how it resolves."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from bibfolio import scaffold
from bibfolio.__main__ import main
from bibfolio._version import __version__, is_development

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")


def git(site: Path, *args: str) -> str:
    return subprocess.run(
        ["git", *args], cwd=site, capture_output=True, text=True, check=True
    ).stdout.strip()


@pytest.mark.parametrize("command", [["new"], ["migrate"]])
def test_the_repository_is_on_main_whatever_gits_default(tmp_path, monkeypatch, command):
    # A machine whose git starts repositories on master (init.defaultBranch).
    config = tmp_path / "gitconfig"
    config.write_text(
        "[init]\n\tdefaultBranch = master\n[user]\n\tname = Priya Raman\n"
        "\temail = priya@example.org\n[commit]\n\tgpgsign = false\n"
    )
    monkeypatch.setenv("GIT_CONFIG_GLOBAL", str(config))
    monkeypatch.delenv("GIT_CONFIG_NOSYSTEM", raising=False)
    subprocess.run(["git", "init", "--quiet", str(tmp_path / "plain")], check=True)
    assert git(tmp_path / "plain", "symbolic-ref", "HEAD") == "refs/heads/master"
    site = tmp_path / "my-site"
    if command == ["new"]:
        assert main(["new", str(site), "--name", "Priya Raman"]) == 0
    else:
        fork = tmp_path / "fork"
        (fork / "_ext" / "bibfolio").mkdir(parents=True)
        scaffold.new_portfolio(fork / "docs", "Priya Raman")
        assert main(["migrate", str(fork), str(site)]) == 0
    assert git(site, "symbolic-ref", "HEAD") == "refs/heads/main"
    # The guide's next commands: the first commit is on main, which the workflows build
    # and `git push -u origin main` pushes.
    git(site, "add", "-A")
    git(site, "commit", "--quiet", "-m", "bibfolio new")
    assert git(site, "branch", "--show-current") == "main"
    assert git(site, "branch", "--list") == "* main"
    workflows = site / ".github" / "workflows"
    for name in ("pages.yml", "tests.yml"):
        assert "branches: [main]" in (workflows / name).read_text(), name


def test_a_development_build_says_how_its_pin_resolves(tmp_path, capsys):
    assert is_development(__version__)  # this tree's: changes not yet released
    site = tmp_path / "my-site"
    assert main(["new", str(site), "--name", "Priya Raman"]) == 0
    out = capsys.readouterr().out
    # The checkout this bibfolio runs from, if it does (not when installed from a wheel).
    checkout = Path(scaffold.__file__).resolve().parents[3]
    source = checkout if (checkout / "pyproject.toml").is_file() else "path/to/bibfolio"
    expected = [
        f"requirements.txt pins bibfolio {__version__}, a development build that no package "
        "index has: pip installs it only from a folder holding its wheel; make it once, and "
        'point pip there (README.md, "The pinned bibfolio"):',
        f"  python3 -m pip wheel --no-deps --wheel-dir ~/bibfolio-wheels {source}",
        "  export PIP_FIND_LINKS=~/bibfolio-wheels",
    ]
    lines = out.splitlines()
    start = lines.index(expected[0])
    assert lines[start : start + 3] == expected
    assert lines[start + 3].startswith("Next: write your own in the pages")
    readme = (site / "README.md").read_text()
    assert "\n## The pinned bibfolio\n" in readme
    assert f"development build of bibfolio, {__version__}, which no" in readme
    assert "export PIP_FIND_LINKS=~/bibfolio-wheels\n" in readme
    # The guide this build's site follows: main's, as there is no release tag for it.
    guide = "https://github.com/bibfolio/bibfolio/blob/main/GUIDE.md"
    assert f"<{guide}>" in readme
    assert f"What to write where: {guide}\n" in (site / "docs" / "conf.py").read_text()
    pin = (site / "requirements.txt").read_text().splitlines()[-1]
    assert pin == f"bibfolio[docs,testing]=={__version__}"


def test_a_release_pins_itself_and_links_its_own_guide(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(scaffold, "__version__", "0.2.0")
    site = tmp_path / "my-site"
    assert main(["new", str(site), "--name", "Priya Raman"]) == 0
    out = capsys.readouterr().out
    assert "development build" not in out and "PIP_FIND_LINKS" not in out
    readme = (site / "README.md").read_text()
    assert "The pinned bibfolio" not in readme and "PIP_FIND_LINKS" not in readme
    guide = "https://github.com/bibfolio/bibfolio/blob/v0.2.0/GUIDE.md"
    assert f"<{guide}>" in readme
    assert f"What to write where: {guide}\n" in (site / "docs" / "conf.py").read_text()
    assert (site / "requirements.txt").read_text().splitlines()[-1] == (
        "bibfolio[docs,testing]==0.2.0"
    )
    assert "_commit: v0.2.0\n" in (site / ".copier-answers.yml").read_text()
