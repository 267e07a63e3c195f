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
    from collections.abc import Callable
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


def rewrite_answers(site: Path, change: Callable[[str], str]) -> None:
    """Rewrite the answers of *site* with *change*, its checksum line made to match."""
    answers = site / ".copier-answers.yml"
    header, body = answers.read_text().split("\n_commit:", 1)
    body = change("_commit:" + body)
    checksum = hashlib.sha256((body.rstrip("\n") + "\n").encode()).hexdigest()
    header = re.sub(r"checksum: \w+", f"checksum: {checksum}", header)
    answers.write_text(f"{header}\n{body}")


def owners_files(site: Path) -> dict[Path, bytes]:
    """docs/ and refs.bib of *site*: what an upgrade must leave as they are."""
    return {
        path: path.read_bytes()
        for path in [site / "refs.bib", *(site / "docs").rglob("*")]
        if path.is_file()
    }


@pytest.fixture
def site(tmp_path: Path) -> Path:
    """A site made with this release, committed, then edited by its owner and committed."""
    site = tmp_path / "priya-site"
    new_site(site, "Priya Raman")
    commit(site, "bibfolio new")
    edit(
        site / "docs" / "index.md",
        "% Your biography, shown beside the card",
        "My research, in my words",
    )
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
    from bibfolio._version import __version__, is_development

    index = (site / "docs" / "index.md").read_bytes()
    readme = (site / "README.md").read_text()
    assert ("\n## The pinned bibfolio\n" in readme) == is_development(__version__)
    old, new, changed = upgrading.upgrade(site, old_template=TEMPLATE)
    assert (old, new) == (__version__, "99.0.0")
    assert sorted(line[3:] for line in changed) == [
        ".copier-answers.yml", ".github/workflows/pages.yml", "README.md", "noxfile.py",
        "requirements.txt",
    ]  # fmt: skip
    # A release's README: its own guide, and nothing on finding a development build.
    readme = (site / "README.md").read_text()
    assert "The pinned bibfolio" not in readme and "PIP_FIND_LINKS" not in readme
    assert "<https://github.com/bibfolio/bibfolio/blob/v99.0.0/GUIDE.md>" in readme
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
    edit(
        fork / "docs" / "index.md",
        "% Your biography, shown beside the card",
        "My research, in my words",
    )
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
    (site / "docs" / "posts").mkdir()
    (site / "docs" / "posts" / "first.md").write_text(
        "---\nblogpost: true\ndate: 2025-10-01\n---\n\n# Our first post\n"
    )
    commit(site, "my post")
    return site


def test_a_group_site_with_posts_upgrades_and_keeps_its_answers(lab, next_release):
    from bibfolio._version import __version__

    docs = {p: p.read_bytes() for p in (lab / "docs").rglob("*") if p.is_file()}
    old, new, changed = upgrading.upgrade(lab, old_template=TEMPLATE)
    assert (old, new) == (__version__, "99.0.0")
    assert sorted(line[3:] for line in changed) == [
        ".copier-answers.yml", ".github/workflows/pages.yml", "README.md", "noxfile.py",
        "requirements.txt",
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
    rewrite_answers(site, lambda body: body.replace("kind: person", "kind: blog"))
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


def test_a_site_made_before_kind_and_posts_were_answers_upgrades(tmp_path):
    from bibfolio._version import __version__

    # The site as a release before `kind` and `posts` wrote it: a person's site without
    # posts, whose answers file records neither; its owner has bumped the pin since.
    old_template = tmp_path / "template-0.0.9"
    shutil.copytree(TEMPLATE, old_template, ignore=shutil.ignore_patterns("__pycache__"))
    questions = old_template / "copier.yml"
    edit(questions, "  default: person\n", "  default: person\n  when: false\n")
    edit(questions, "(ABlog)\n  default: false\n", "(ABlog)\n  default: false\n  when: false\n")
    pages = ".github/workflows/pages.yml"
    edit(old_template / "site" / "dot-github" / "workflows" / "pages.yml", '"3.13"', '"3.12"')
    site = tmp_path / "old-site"
    new_site(site, "Priya Raman")
    edit(site / pages, '"3.13"', '"3.12"')
    rewrite_answers(
        site,
        lambda body: re.sub(
            r"^(kind|posts): .*\n", "", body.replace(f"v{__version__}", "v0.0.9"), flags=re.M
        ),
    )
    assert "kind:" not in (site / ".copier-answers.yml").read_text()
    commit(site, "bibfolio new (0.0.9), pin bumped")
    owners = owners_files(site)
    old, new, changed = upgrading.upgrade(site, old_template=old_template)
    assert (old, new) == ("0.0.9", __version__)
    assert sorted(line[3:] for line in changed) == [".copier-answers.yml", pages]
    assert 'python-version: "3.13"' in (site / pages).read_text()
    answers = upgrading.read_answers(site)  # its checksum line matches again
    assert (answers["_commit"], answers["kind"], answers["posts"]) == (
        f"v{__version__}", "person", False,
    )  # fmt: skip
    pin = (site / "requirements.txt").read_text().splitlines()[-1]
    assert pin == f"bibfolio[docs,testing]=={__version__}"
    assert owners_files(site) == owners


def test_upgrade_posts_turns_posts_on_within_a_release(site, capsys):
    from bibfolio._version import __version__

    owners = owners_files(site)
    assert main(["upgrade", "--posts", str(site)]) == 0
    out = capsys.readouterr().out
    assert sorted(git(site, "status", "--porcelain").splitlines()) == [
        " M .copier-answers.yml", " M README.md", " M requirements.txt", "?? docs/posts.md",
    ]  # fmt: skip
    answers = upgrading.read_answers(site)
    assert (answers["_commit"], answers["posts"]) == (f"v{__version__}", True)
    pin = (site / "requirements.txt").read_text().splitlines()[-1]
    assert pin == f"bibfolio[docs,testing,posts]=={__version__}"
    assert "# Priya: docs first\n" in (site / "noxfile.py").read_text()
    # The owner's pages are as they were; posts adds the pages bibfolio new --posts writes.
    assert {path: text for path, text in owners_files(site).items() if path in owners} == owners
    assert not (site / "docs" / "teaching.md").exists()
    template = TEMPLATE / "site" / "docs"
    assert (site / "docs" / "posts.md").read_bytes() == (template / "posts.md").read_bytes()
    assert not (site / "docs" / "posts").exists()  # no example post: the first is hers
    # What the owner must still change in conf.py and index.md, as a diff.
    assert f"{site}: posts turned on, the scaffold files follow (bibfolio {__version__}):" in out
    assert (
        "Added the pages of posts (as bibfolio new --posts writes them):\n  docs/posts.md\n" in out
    )
    assert "--- docs/conf.py (bibfolio new)\n+++ docs/conf.py (bibfolio new --posts)\n" in out
    for line in (
        '-extensions = ["bibfolio"]', '+extensions = ["bibfolio", "ablog"]', "+import os",
        '+blog_baseurl = os.environ.get("READTHEDOCS_CANONICAL_URL", "")',
        '+blog_post_pattern = "posts/*"', "+++ docs/index.md (bibfolio new --posts)",
        "+## Latest posts", "+```{postlist} 3", "+posts",
    ):  # fmt: skip
        assert f"\n{line}\n" in out, line


def test_upgrade_posts_on_a_site_with_posts_changes_nothing(lab, capsys):
    assert main(["upgrade", "--posts", str(lab)]) == 0
    assert capsys.readouterr().out == (
        f"{lab}: posts are on already (.copier-answers.yml: posts: true); nothing changed\n"
    )
    assert git(lab, "status", "--porcelain") == ""


def test_posts_turned_on_stay_on_through_the_next_upgrade(site, request):
    from bibfolio._version import __version__

    upgrading.upgrade(site, posts=True)
    commit(site, "posts")
    request.getfixturevalue("next_release")  # version 99.0.0
    old, new, changed = upgrading.upgrade(site, old_template=TEMPLATE)
    assert (old, new) == (__version__, "99.0.0")
    assert "requirements.txt" in [line[3:] for line in changed]
    pin = (site / "requirements.txt").read_text().splitlines()[-1]
    assert pin == "bibfolio[docs,testing,posts]==99.0.0"
    assert "\nposts: true\n" in (site / ".copier-answers.yml").read_text()
    assert "<<<<<<<" not in git(site, "diff")


def test_upgrade_posts_after_posts_by_hand_keeps_the_pin_and_the_owners_posts(site, capsys):
    from bibfolio._version import __version__

    # Posts set up by hand: the pin's extra and a post of the owner's, no posts.md yet.
    edit(site / "requirements.txt", "bibfolio[docs,testing]", "bibfolio[docs,testing,posts]")
    (site / "docs" / "posts").mkdir()
    (site / "docs" / "posts" / "looms.md").write_text("# Why looms matter\n")
    commit(site, "posts, by hand")
    assert main(["upgrade", "--posts", str(site)]) == 0
    out = capsys.readouterr().out
    assert "<<<<<<<" not in out
    requirements = (site / "requirements.txt").read_text()
    assert "<<<<<<<" not in requirements
    assert requirements.endswith(f"\nbibfolio[docs,testing,posts]=={__version__}\n")
    assert "\nposts: true\n" in (site / ".copier-answers.yml").read_text()
    # posts.md is added; the owner's posts/ gets no example post.
    assert "\n  docs/posts.md\n" in out and "first-post.md" not in out
    assert sorted(p.name for p in (site / "docs" / "posts").iterdir()) == ["looms.md"]
    assert (site / "docs" / "posts.md").is_file()
