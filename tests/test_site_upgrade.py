"""``bibfolio upgrade``: a site's scaffold files follow the template, the owner's edits stay."""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import subprocess
from typing import TYPE_CHECKING

import pytest

from bibfolio.__main__ import main
from bibfolio.scaffold import new_site
from bibfolio.scaffold import upgrade as upgrading
from bibfolio.scaffold.stage import TEMPLATE

if TYPE_CHECKING:
    from pathlib import Path

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
IDENTITY = {
    "GIT_AUTHOR_NAME": "Priya Raman",
    "GIT_AUTHOR_EMAIL": "priya@example.org",
    "GIT_COMMITTER_NAME": "Priya Raman",
    "GIT_COMMITTER_EMAIL": "priya@example.org",
}


def git(site: Path, *args: str) -> str:
    return subprocess.run(
        ["git", "-c", "commit.gpgsign=false", *args],
        cwd=site, capture_output=True, text=True, check=True, env={**os.environ, **IDENTITY},
    ).stdout  # fmt: skip


def commit(site: Path, message: str) -> None:
    git(site, "add", "--all")
    git(site, "commit", "--quiet", "-m", message)


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, (path, old)
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


@pytest.fixture
def site(tmp_path: Path) -> Path:
    """A site made with this release, committed, then edited by its owner and committed."""
    site = tmp_path / "priya-site"
    new_site(site, "Priya Raman")
    commit(site, "bibfolio new")
    edit(site / "docs" / "index.md", "Two or three sentences", "My research, in my words")
    edit(
        site / "noxfile.py",
        "nox.options.sessions = [",
        "# Priya: docs first\nnox.options.sessions = [",
    )
    (site / "docs" / "teaching.md").unlink()  # the owner has no teaching page
    commit(site, "my pages")
    return site


@pytest.fixture
def next_release(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The installed bibfolio as its next release would be: version 99.0.0, a changed template."""
    template = tmp_path / "next-template"
    shutil.copytree(TEMPLATE, template, ignore=shutil.ignore_patterns("__pycache__"))
    site = template / "site"
    edit(
        site / "dot-github" / "workflows" / "pages.yml",
        'python-version: "3.13"',
        'python-version: "3.14"',
    )
    edit(site / "noxfile.py.jinja", '"""Build the site fresh', '"""Build the whole site fresh')
    edit(site / "docs" / "index.md.jinja", "## News", "## Latest news")  # not the owner's page
    (site / "docs" / "projects.md").write_text("# Projects\n")
    monkeypatch.setattr(upgrading, "TEMPLATE", template)
    monkeypatch.setattr(upgrading, "__version__", "99.0.0")
    return template


def test_an_upgrade_changes_the_scaffold_files_and_keeps_the_owners(site, next_release):
    from bibfolio._version import __version__

    index = (site / "docs" / "index.md").read_bytes()
    old, new, changed = upgrading.upgrade(site, old_template=TEMPLATE)
    assert (old, new) == (__version__, "99.0.0")
    assert sorted(line[3:] for line in changed) == [
        ".copier-answers.yml", ".github/workflows/pages.yml", "noxfile.py", "requirements.txt",
    ]  # fmt: skip
    diff = git(site, "diff", "--unified=0", "requirements.txt")
    assert f"-bibfolio[docs,testing]=={__version__}" in diff
    assert "+bibfolio[docs,testing]==99.0.0" in diff
    nox = (site / "noxfile.py").read_text()
    assert "# Priya: docs first\n" in nox  # the owner's edit stays ...
    assert '"""Build the whole site fresh' in nox  # ... beside the template's
    assert 'python-version: "3.14"' in (site / ".github" / "workflows" / "pages.yml").read_text()
    # docs/ is the owner's: not the template's new heading, page, or the page she removed.
    assert (site / "docs" / "index.md").read_bytes() == index
    assert not (site / "docs" / "projects.md").exists()
    assert not (site / "docs" / "teaching.md").exists()
    assert "_commit: v99.0.0" in (site / ".copier-answers.yml").read_text()
    # Its answers file is valid again: a second upgrade to the same release changes nothing.
    commit(site, "bibfolio 99.0.0")
    assert upgrading.upgrade(site, old_template=TEMPLATE)[2] == []


def test_an_upgrade_refuses_uncommitted_changes_and_changes_nothing(site, next_release, capsys):
    edit(site / "docs" / "index.md", "My research", "My unsaved research")
    before = git(site, "status", "--porcelain")
    assert main(["upgrade", str(site)]) == 2
    err = capsys.readouterr().err
    assert f"bibfolio upgrade: error: {site} has uncommitted changes" in err
    assert " M docs/index.md" in err
    assert git(site, "status", "--porcelain") == before


def test_an_upgrade_refuses_a_missing_or_hand_edited_answers_file(site, next_release, capsys):
    answers = site / ".copier-answers.yml"
    edit(answers, "owner_name: Priya Raman", "owner_name: Priya S. Raman")
    commit(site, "edited by hand")
    assert main(["upgrade", str(site)]) == 2
    err = capsys.readouterr().err
    assert "was edited by hand" in err and "git checkout -- .copier-answers.yml" in err
    answers.unlink()
    commit(site, "deleted")
    assert main(["upgrade", str(site)]) == 2
    assert f"{site} has no .copier-answers.yml" in capsys.readouterr().err
    assert git(site, "status", "--porcelain") == ""


@pytest.mark.parametrize(
    "options",
    [[], ["--posts"], ["--group", "Odd Lab"], ["--group", "Odd Lab", "--posts", "--pages"]],
    ids=["person", "posts", "group", "group-posts-pages"],
)
def test_new_refuses_a_folder_that_is_not_empty_and_writes_nothing(tmp_path, capsys, options):
    site = tmp_path / "taken"
    site.mkdir()
    (site / "notes.txt").write_text("mine\n")
    assert main(["new", str(site), "--name", "Priya Raman", *options]) == 2
    assert "already exists and is not empty" in capsys.readouterr().err
    assert sorted(p.name for p in site.iterdir()) == ["notes.txt"]


def test_migrate_moves_a_forks_portfolio_into_a_site_and_leaves_the_fork(tmp_path, capsys):
    from bibfolio.scaffold import new_portfolio

    from .helpers import build_project

    fork = tmp_path / "fork"
    (fork / "_ext" / "bibfolio").mkdir(parents=True)
    new_portfolio(fork / "docs", "Priya Raman")  # a fork's docs/, with docs/refs.bib
    (fork / "docs" / "citations.json").write_text('{"entries": {}}\n')
    (fork / "docs" / "_static" / "photo.svg").write_text("<svg/>")
    edit(fork / "docs" / "index.md", "Two or three sentences", "My research, in my words")
    before = {p: p.read_bytes() for p in fork.rglob("*") if p.is_file()}
    site = tmp_path / "site"
    assert main(["migrate", str(fork), str(site)]) == 0
    assert f"Moved the portfolio of {fork} into the site repository {site}:" in (
        capsys.readouterr().out
    )
    assert {p: p.read_bytes() for p in fork.rglob("*") if p.is_file()} == before
    assert (site / "refs.bib").read_bytes() == (fork / "docs" / "refs.bib").read_bytes()
    assert (site / "citations.json").is_file() and not (site / "docs" / "refs.bib").exists()
    assert not (site / "docs" / "citations.json").exists()
    assert (site / "docs" / "_static" / "photo.svg").read_text() == "<svg/>"
    assert "My research, in my words" in (site / "docs" / "index.md").read_text()
    conf = (site / "docs" / "conf.py").read_text()
    assert 'bibtex_bibfiles = ["../refs.bib"]' in conf
    assert (
        conf.replace('["../refs.bib"]', '["refs.bib"]') == (fork / "docs" / "conf.py").read_text()
    )
    assert "owner_name: Priya Raman" in (site / ".copier-answers.yml").read_text()
    assert (site / "noxfile.py").is_file() and (site / ".github" / "dependabot.yml").is_file()
    built = build_project(site / "docs", tmp_path / "_build")
    assert built.warnings == ""
    # Into a folder that is not empty: refused, nothing written.
    assert main(["migrate", str(fork), str(site / "docs")]) == 2
    assert "already exists and is not empty" in capsys.readouterr().err


def test_a_line_both_changed_is_marked_and_named(site, next_release, monkeypatch, capsys):
    pages = site / ".github" / "workflows" / "pages.yml"
    edit(pages, 'python-version: "3.13"', 'python-version: "3.12"')  # the template: 3.14
    commit(site, "Python 3.12 for my site")
    monkeypatch.setattr(upgrading, "fetch_template", lambda version, folder: TEMPLATE)
    assert main(["upgrade", str(site)]) == 0
    out = capsys.readouterr().out
    assert f"{site}: scaffold files updated from bibfolio" in out
    assert "  .github/workflows/pages.yml (resolve the <<<<<<< >>>>>>> markers)" in out
    text = pages.read_text()
    assert "<<<<<<< before updating" in text and ">>>>>>> after updating" in text
    assert 'python-version: "3.12"' in text and 'python-version: "3.14"' in text


@pytest.fixture
def lab(tmp_path: Path) -> Path:
    """A group site with posts made with this release, edited by its owner, committed."""
    site = tmp_path / "lab-site"
    new_site(site, "Vesna Quarrington", group="Lab of Odd Graphs", posts=True)
    commit(site, "bibfolio new --group --posts")
    edit(site / "docs" / "posts" / "first-post.md", "# An example post", "# Our first post")
    commit(site, "my post")
    return site


def test_a_group_site_with_posts_upgrades_and_keeps_its_answers(lab, next_release):
    from bibfolio._version import __version__

    docs = {p: p.read_bytes() for p in (lab / "docs").rglob("*") if p.is_file()}
    old, new, changed = upgrading.upgrade(lab, old_template=TEMPLATE)
    assert (old, new) == (__version__, "99.0.0")
    assert sorted(line[3:] for line in changed) == [
        ".copier-answers.yml", ".github/workflows/pages.yml", "noxfile.py", "requirements.txt",
    ]  # fmt: skip
    diff = git(lab, "diff", "--unified=0", "requirements.txt")
    assert f"-bibfolio[docs,testing,posts]=={__version__}" in diff
    assert "+bibfolio[docs,testing,posts]==99.0.0" in diff
    answers = (lab / ".copier-answers.yml").read_text()
    for line in ("kind: group", "group_name: Lab of Odd Graphs", "posts: true", "_commit: v99.0.0"):
        assert f"\n{line}\n" in answers, line
    # The group's pages and posts are the owner's: not the template's new page.
    assert {p: p.read_bytes() for p in (lab / "docs").rglob("*") if p.is_file()} == docs
    assert "A lab's site made with" in (lab / "README.md").read_text()


def test_an_upgrade_refuses_answers_the_template_does_not_know(site, next_release, capsys):
    # An answers file rewritten with a valid checksum but a kind the template has not.
    answers = site / ".copier-answers.yml"
    header, body = answers.read_text().split("\n_commit:", 1)
    body = ("_commit:" + body).replace("kind: person", "kind: blog")
    checksum = hashlib.sha256((body.rstrip("\n") + "\n").encode()).hexdigest()
    header = re.sub(r"checksum: \w+", f"checksum: {checksum}", header)
    answers.write_text(f"{header}\n{body}")
    commit(site, "kind: blog")
    assert main(["upgrade", str(site)]) == 2
    err = capsys.readouterr().err
    assert (
        "has answers bibfolio's template does not know (kind: 'blog', one of person, group" in err
    )
    assert "git checkout -- .copier-answers.yml" in err
    assert git(site, "status", "--porcelain") == ""
    # Not YAML at all: its checksum line is gone, so it was edited by hand.
    answers.write_text("kind: [person\n")
    commit(site, "broken")
    assert main(["upgrade", str(site)]) == 2
    assert "was edited by hand" in capsys.readouterr().err
    assert git(site, "status", "--porcelain") == ""
