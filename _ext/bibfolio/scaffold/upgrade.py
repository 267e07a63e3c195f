"""``bibfolio upgrade``: update a site's scaffold files to the installed release's template.

The documented way to move a site to a new release: bump the pin in
``requirements.txt`` (Dependabot's pull request does it), commit, install, then run
``bibfolio upgrade`` (``nox -s upgrade``).  It reads ``.copier-answers.yml`` (the
release the scaffold files come from), fetches that release's template with pip (``pip
download bibfolio==OLD``: the ordinary client, so pip's own settings such as
``PIP_FIND_LINKS`` apply), stages both templates (:mod:`.stage`) and lets copier merge
the changes between them three-way into the site: an edit of the owner's to a scaffold
file stays; ``docs/`` and ``refs.bib`` are never touched.  The result is left
uncommitted, for ``git diff``.

``bibfolio upgrade --posts`` turns a site's posts on, in the same release or with a new
one: the same update, with the answer ``posts`` changed to true, so the scaffold files
follow it (the pin gets its ``posts`` extra) and later upgrades keep it; the pages posts
need in ``docs/`` are :mod:`.posts`'s.

It refuses, changing nothing, a folder without the answers file, an answers file edited
by hand (its checksum line) or holding answers the template does not know, a site that
is not a git repository or has uncommitted changes, an installed bibfolio older than the
pin of ``requirements.txt`` (install the pin first), and a downgrade.  Versions are
compared in PyPA's order (``packaging.version``): ``0.3.0rc1`` comes before ``0.3.0``.
"""

from __future__ import annotations

import hashlib
import re
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path
from typing import TYPE_CHECKING

import yaml

from .._version import __version__, is_development, version_key
from . import ScaffoldError
from .posts import add_pages, changes_left, compare
from .stage import SOURCE, TEMPLATE, StageError, git, inside, stage, tag

if TYPE_CHECKING:
    import argparse

ANSWERS = ".copier-answers.yml"
#: The file whose one line pins bibfolio (the template's ``requirements.txt``).
REQUIREMENTS = "requirements.txt"
#: Where the template is inside a wheel of bibfolio.
WHEEL_TEMPLATE = "bibfolio/scaffold/template/"
_CHECKSUM = re.compile(r"^# checksum: ([0-9a-f]{64})\n", re.MULTILINE)
_VERSION = re.compile(r"^v(\d+(?:\.\d+)*(?:(?:a|b|rc|\.post|\.dev)\d+)*)$")
#: The kinds of site the template makes (its ``kind`` question's choices).
KINDS = ("person", "group")
#: Exit status of a refusal (argparse's for a usage error).
USAGE_ERROR = 2


class UpgradeError(Exception):
    """The site cannot be upgraded as it is; the message says what to do."""


def read_answers(site: Path) -> dict[str, object]:
    """The answers of *site*, checked: present, unedited (checksum), from bibfolio's template."""
    path = site / ANSWERS
    if not path.is_file():
        raise UpgradeError(
            f"{site} has no {ANSWERS}: bibfolio upgrade updates a site made by "
            "`bibfolio new` (a portfolio in a fork of bibfolio moves with `bibfolio "
            f"migrate`). If it was deleted, restore it: git checkout -- {ANSWERS}"
        )
    text = path.read_text(encoding="utf-8")
    found = _CHECKSUM.search(text)
    # The checksum is that of copier's YAML of the answers, which ends with one newline.
    body = text[found.end() :].rstrip("\n") + "\n" if found else ""
    if not found or hashlib.sha256(body.encode()).hexdigest() != found[1]:
        raise UpgradeError(
            f"{path} was edited by hand (its checksum line does not match what it says): "
            f"restore it with `git checkout -- {ANSWERS}` (or from the commit that made "
            "it). Your name and settings live in docs/conf.py, not in this file."
        )
    answers = yaml.safe_load(body)
    commit = str(answers.get("_commit", "")) if isinstance(answers, dict) else ""
    if (
        not isinstance(answers, dict)
        or answers.get("_src_path") != SOURCE
        or not _VERSION.match(commit)
    ):
        raise UpgradeError(f"{path} is not an answers file of bibfolio's site template")
    # Answers a release before `kind` and `posts` did not record are the defaults.
    kind, posts = answers.get("kind", "person"), answers.get("posts", False)
    if kind not in KINDS or not isinstance(posts, bool):
        raise UpgradeError(
            f"{path} has answers bibfolio's template does not know (kind: {kind!r}, one of "
            f"{', '.join(KINDS)}; posts: {posts!r}, true or false): restore it with "
            f"`git checkout -- {ANSWERS}`. To add posts to a site, run `bibfolio upgrade "
            "--posts`."
        )
    return answers


def check_clean(site: Path) -> None:
    """Refuse a site that is not a git repository's top folder or has uncommitted changes."""
    try:
        top = git("rev-parse", "--show-toplevel", cwd=site).strip()
    except StageError:
        raise UpgradeError(
            f"{site} is not a git repository: the upgrade's changes are shown by git diff; "
            "run `git init && git add -A && git commit -m 'my site'` first"
        ) from None
    if Path(top).resolve() != site.resolve():
        raise UpgradeError(f"{site} is not the top folder of its git repository ({top})")
    changed = git("status", "--porcelain", cwd=site).splitlines()
    if changed:
        listed = "\n".join(f"  {line}" for line in changed[:10])
        raise UpgradeError(
            f"{site} has uncommitted changes; commit or stash them first, so that what "
            f"the upgrade changes is all git diff shows:\n{listed}"
        )


def pinned_version(site: Path) -> str | None:
    """The version ``requirements.txt`` of *site* pins bibfolio to (``==``), if it does."""
    from packaging.requirements import InvalidRequirement, Requirement  # noqa: PLC0415

    path = site / REQUIREMENTS
    if not path.is_file():
        return None
    for line in path.read_text(encoding="utf-8").splitlines():
        text = line.split("#", 1)[0].strip()
        if not text or text.startswith("-"):
            continue
        try:
            requirement = Requirement(text)
        except InvalidRequirement:
            continue
        pins = [spec.version for spec in requirement.specifier if spec.operator == "=="]
        if requirement.name.lower() == "bibfolio" and len(pins) == 1:
            return pins[0]
    return None


def wheel_hint(version: str) -> str:
    """How pip finds a development build's wheel (none is on PyPI), or nothing."""
    if not is_development(version):
        return ""
    return (
        f" bibfolio {version} is a development build, on no index: pip installs it only "
        "from a folder holding its wheel (build it in the bibfolio checkout it came from "
        "with `python3 -m pip wheel --no-deps --wheel-dir DIR .`, then set "
        'PIP_FIND_LINKS=DIR; README.md, "The pinned bibfolio").'
    )


def check_installed(site: Path) -> None:
    """Refuse an installed bibfolio older than the one *site*'s ``requirements.txt`` pins.

    It would update the scaffold files to the older release's template, or report them
    up to date when they come from it (after a bump of the pin, before the install).
    """
    pin = pinned_version(site)
    if pin is None or version_key(pin) <= version_key(__version__):
        return
    raise UpgradeError(
        f"{REQUIREMENTS} pins bibfolio {pin}, but the installed bibfolio is {__version__} "
        f"(older): install the pin first, `python3 -m pip install -r {REQUIREMENTS}` "
        "(`python3 -m nox -s upgrade` does it before upgrading), then run bibfolio "
        f"upgrade again.{wheel_hint(pin)}"
    )


def fetch_template(version: str, folder: Path) -> Path:
    """The site template of bibfolio *version*, from its wheel (``pip download``)."""
    wheels = folder / "wheels"
    command = [
        sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
        "--only-binary=:all:", "--dest", str(wheels), f"bibfolio=={version}",
    ]  # fmt: skip
    result = subprocess.run(command, capture_output=True, text=True, check=False)
    found = sorted(wheels.glob(f"bibfolio-{version}-*.whl")) if wheels.is_dir() else []
    if result.returncode != 0 or not found:
        raise UpgradeError(
            f"cannot fetch bibfolio {version}'s template (the release the site's scaffold "
            f"files come from) with pip: {result.stderr.strip() or 'no wheel found'}"
            f"{wheel_hint(version)}"
        )
    template = folder / f"template-{version}"
    with zipfile.ZipFile(found[0]) as wheel:
        for name in wheel.namelist():
            if name.startswith(WHEEL_TEMPLATE) and not name.endswith("/"):
                target = template / name.removeprefix(WHEEL_TEMPLATE)
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_bytes(wheel.read(name))
    if not (template / "copier.yml").is_file():
        raise UpgradeError(f"bibfolio {version}'s wheel has no site template")
    return template


def upgrade(
    site: Path, *, old_template: Path | None = None, posts: bool = False
) -> tuple[str, str, list[str]]:
    """Update *site*'s scaffold files from its recorded release to the installed one.

    Returns (old version, new version, ``git status --short`` lines of the result).
    *old_template*: the recorded release's template folder, instead of fetching it.
    *posts*: answer ``posts`` true (the pin's ``posts`` extra), also within a release.
    """
    import copier  # noqa: PLC0415 - only new and upgrade need it

    site = site.resolve()
    answers = read_answers(site)
    check_clean(site)
    check_installed(site)
    old = str(answers["_commit"]).removeprefix("v")
    if old == __version__ and not posts:
        return old, __version__, []
    if version_key(old) > version_key(__version__):
        raise UpgradeError(
            f"the site's scaffold files come from bibfolio {old}, newer than the installed "
            f"{__version__}: install bibfolio=={old} or newer (requirements.txt pins it)"
        )
    with tempfile.TemporaryDirectory(prefix="bibfolio-upgrade-") as tmp:
        folder = Path(tmp)
        releases = [(TEMPLATE, __version__)]
        if old != __version__:
            releases.insert(0, (old_template or fetch_template(old, folder), old))
        try:
            stage(releases, folder / "staged")
        except StageError as error:
            raise UpgradeError(str(error)) from None
        with inside(folder / "staged"):
            copier.run_update(
                str(site),
                vcs_ref=tag(__version__),
                data={"posts": True} if posts else None,
                defaults=True,
                overwrite=True,
                unsafe=True,  # the template's Jinja filters: bibfolio's own (jinja.py)
                quiet=True,
                skip_answered=True,
                conflict="inline",
            )
    changed = git("status", "--porcelain", cwd=site).splitlines()
    return old, __version__, changed


def add_parser(commands: argparse._SubParsersAction) -> None:
    """Declare ``bibfolio upgrade [--posts] [SITE]``."""
    command = commands.add_parser(
        "upgrade",
        help="update a site's scaffold files to this release's template (after the pin)",
        description="Update the files bibfolio new wrote and owns (workflows, noxfile.py, "
        "tests/, README.md, .readthedocs.yaml, requirements.txt) from the release recorded "
        f"in {ANSWERS} to the installed bibfolio {__version__}, keeping your edits "
        "(a three-way merge by copier). docs/ and refs.bib are never changed (--posts "
        "only adds the pages of posts docs/ lacks). The site must be a git repository with "
        "nothing uncommitted; review with git diff.",
    )
    command.add_argument("site", nargs="?", default=".", help="the site's folder (default: .)")
    command.add_argument(
        "--posts",
        action="store_true",
        help="turn posts (ABlog) on, also without a new release: record posts: true, add "
        "the posts extra to the pin, write docs/posts.md where docs/ has none, and print "
        "what to add to docs/conf.py and docs/index.md",
    )


def _conflicts(site: Path, changed: list[str]) -> list[str]:
    """The files of *changed* with copier's conflict markers."""
    return [
        line[3:]
        for line in changed
        if (site / line[3:]).is_file()
        and "<<<<<<< before updating" in (site / line[3:]).read_text(errors="replace")
    ]


def _turn_posts_on(site: Path) -> list[str]:
    """Add the pages of posts *site* lacks; return the lines saying so and what is left."""
    pages = compare(read_answers(site))
    written = add_pages(site, pages)
    left = changes_left(pages)
    lines = []
    if written:
        lines.append("Added the pages of posts (as bibfolio new --posts writes them):")
        lines += [f"  {page}" for page in written]
    if left:
        lines.append(
            "docs/ is yours, so these changes of bibfolio new --posts are left to you "
            '(GUIDE.md, "Posts with ABlog"); make those you have not made in your pages '
            "(add the + lines, drop the - lines):"
        )
        lines += left
    return lines


def run(args: argparse.Namespace) -> int:
    """Run ``bibfolio upgrade``; print what changed, return the exit status."""
    site = Path(args.site)
    try:
        if args.posts and read_answers(site).get("posts") is True:
            sys.stdout.write(
                f"{site}: posts are on already ({ANSWERS}: posts: true); nothing changed\n"
            )
            return 0
        old, new, changed = upgrade(site, posts=args.posts)
        done = _turn_posts_on(site) if args.posts else []
    except (UpgradeError, ScaffoldError) as error:
        sys.stderr.write(f"bibfolio upgrade: error: {error}\n")
        return USAGE_ERROR
    if old == new and not args.posts:
        sys.stdout.write(f"{site}: the scaffold files are bibfolio {new}'s already\n")
        return 0
    if old == new:
        lines = [f"{site}: posts turned on, the scaffold files follow (bibfolio {new}):"]
    else:
        turned = "posts turned on, " if args.posts else ""
        lines = [f"{site}: {turned}scaffold files updated from bibfolio {old} to {new}:"]
    lines += [f"  {line}" for line in changed]
    if conflicts := _conflicts(site, changed):
        lines.append("Both you and the template changed the same lines of these files:")
        lines += [f"  {name} (resolve the <<<<<<< >>>>>>> markers)" for name in conflicts]
    lines += done
    lines.append("Review with `git diff`, build and test (nox -s docs tests), then commit.")
    sys.stdout.writelines(f"{line}\n" for line in lines)
    return 0
