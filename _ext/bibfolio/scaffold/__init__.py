"""``bibfolio new``: a portfolio of its own (a site repository), or the pages of a checkout.

Both come from one copier template shipped in the package (``template/``; staged by
:mod:`.stage`), rendered with the owner's name escaped for each file it lands in (a
Python literal in ``conf.py``, Markdown in pages, BibTeX in ``refs.bib``, XML in the
favicon: :mod:`.jinja`), so no name can break a file.

* ``bibfolio new DIR``: a site repository (``requirements.txt`` pinning this release,
  ``docs/``, ``refs.bib``, ``noxfile.py``, ``tests/``, workflows, ``.copier-answers.yml``
  for ``bibfolio upgrade``), a fresh git repository.
* ``bibfolio new docs`` inside a bibfolio checkout (a fork or "template copy"), or
  ``--pages``: only the template's ``docs/`` (with ``refs.bib`` in it), as before.

The template's questions pick the pages: ``kind`` a person's or a group's (``--group``:
people, member pages, the lab's front page), ``posts`` ABlog's posts (``--posts``); the
answers are recorded, so an upgrade keeps them.  A new site shows only what it was given
(the name, the ``.bib``, the options): what to write where is said in comments, which
are not published; nothing in the template is a fact about anybody.  The repository is
made on ``main``, the branch its workflows build.
"""

from __future__ import annotations

import shlex
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

from .._version import __version__, is_development
from .stage import SOURCE, TEMPLATE, StageError, inside, stage, tag

if TYPE_CHECKING:
    import argparse

#: The pages of a portfolio (the template's ``docs/``).
SKELETON = TEMPLATE / "site" / "docs"

#: Exit status for a folder that is not empty or a .bib that cannot be read, as argparse's.
USAGE_ERROR = 2


class ScaffoldError(Exception):
    """A portfolio cannot be made where or from what the user asked."""


def _checked(
    target: Path, name: str, bib: Path | None, group: str | None
) -> tuple[dict[str, object], bytes | None]:
    """The template's answers about who the site is for, and *bib*'s bytes.

    Names have their spaces collapsed.  Raises :class:`ScaffoldError`, before anything is
    written, when *target* exists and is not an empty folder, when *bib* cannot be read,
    or when a name (the owner's; a group's and its first member's) is blank: a site shows
    no name nobody gave.
    """
    name = " ".join(name.split())
    answers: dict[str, object] = {"kind": "person", "owner_name": name}
    if group is not None:
        group = " ".join(group.split())
        if not group:
            raise ScaffoldError("the group's name is empty; give it with --group 'Name of the Lab'")
        if not name:
            raise ScaffoldError(
                "the group's first member has no name; give it with --name 'Their Name' "
                "(the PI, say)"
            )
        answers = {"kind": "group", "group_name": group, "owner_name": name}
    elif not name:
        raise ScaffoldError("the owner's name is empty; give it with --name 'Your Name'")
    if target.exists() and not target.is_dir():
        raise ScaffoldError(f"{target} is a file; give the folder to create, e.g. docs")
    if target.exists() and any(target.iterdir()):
        raise ScaffoldError(
            f"{target} already exists and is not empty; bibfolio new never overwrites "
            "files: choose a new folder, or move this one away first"
        )
    if bib is None:
        return answers, None
    try:
        return answers, bib.read_bytes()
    except OSError as error:
        raise ScaffoldError(f"cannot read --bib {bib}: {error.strerror}") from None


def render(target: Path, data: dict[str, object]) -> None:
    """Render the installed release's template into *target* with copier (*data*: answers)."""
    import copier  # noqa: PLC0415 - only ``bibfolio new`` and ``upgrade`` need it

    destination = str(target.resolve())  # here: a relative *target* is the caller's
    with tempfile.TemporaryDirectory(prefix="bibfolio-new-") as folder:
        try:
            stage([(TEMPLATE, __version__)], Path(folder))
        except StageError as error:
            raise ScaffoldError(str(error)) from None
        with inside(Path(folder)):
            copier.run_copy(
                SOURCE,
                destination,
                data=data,
                vcs_ref=tag(__version__),
                defaults=True,
                unsafe=True,  # the template's Jinja filters (jinja.py): bibfolio's own
                quiet=True,
            )


def _files(folder: Path) -> list[Path]:
    return sorted(path for path in folder.rglob("*") if path.is_file() and ".git" not in path.parts)


def new_site(
    target: Path,
    name: str,
    bib: Path | None = None,
    *,
    group: str | None = None,
    posts: bool = False,
) -> list[Path]:
    """Write a site repository for *name* into *target*; return the files written, sorted.

    *group*: a lab's site of that name, *name* its first member; *posts*: with ABlog's
    posts.  ``target/refs.bib`` is a byte-for-byte copy of *bib*, or comments saying what
    to put there.  The folder becomes a git repository on ``main`` (``bibfolio upgrade``
    needs one) when git is installed; nothing is committed.  Raises
    :class:`ScaffoldError` as :func:`new_portfolio`; nothing is written then.
    """
    answers, bib_bytes = _checked(target, name, bib, group)
    render(target, {**answers, "posts": posts, "layout": "site"})
    if bib_bytes is not None:
        (target / "refs.bib").write_bytes(bib_bytes)
    if shutil.which("git") is not None and not (target / ".git").exists():
        init_repository(target)
    return _files(target)


#: The branch a site's workflows build and deploy (``pages.yml``, ``tests.yml``).
BRANCH = "main"


def init_repository(target: Path) -> None:
    """Make *target* a git repository on :data:`BRANCH`, whatever git's default branch.

    ``git init --initial-branch`` needs git 2.28; pointing ``HEAD`` at the branch before
    the first commit does the same with any git.
    """
    subprocess.run(["git", "init", "--quiet", str(target)], check=True)
    subprocess.run(["git", "symbolic-ref", "HEAD", f"refs/heads/{BRANCH}"], cwd=target, check=True)


def new_portfolio(
    target: Path,
    name: str,
    bib: Path | None = None,
    *,
    group: str | None = None,
    posts: bool = False,
) -> list[Path]:
    """Write the pages of a portfolio for *name* into *target*; return the files, sorted.

    The pages are the site template's ``docs/`` with ``refs.bib`` inside (the layout of a
    bibfolio checkout's ``docs/``); *group* and *posts* as for :func:`new_site`.

    ``target/refs.bib`` is a byte-for-byte copy of *bib*, or comments saying what to put
    there when *bib* is None.  Raises :class:`ScaffoldError` when *target* exists and is not an
    empty folder, when *bib* cannot be read, or when the name is blank; nothing is
    written then.
    """
    answers, bib_bytes = _checked(target, name, bib, group)
    with tempfile.TemporaryDirectory(prefix="bibfolio-pages-") as folder:
        made = Path(folder, "site")
        data = {**answers, "posts": posts, "layout": "pages", "bib_path": str(target / "refs.bib")}
        render(made, data)
        shutil.copytree(made / "docs", target, dirs_exist_ok=True)
        shutil.copyfile(made / "refs.bib", target / "refs.bib")
    if bib_bytes is not None:
        (target / "refs.bib").write_bytes(bib_bytes)
    return _files(target)


def development_pin() -> list[str]:
    """How a site's pin of this bibfolio resolves, when it is a development build.

    No index has a development build, so pip installs the pin only from a folder holding
    its wheel; the wheel is built from the checkout this bibfolio runs from, if it does.
    """
    if not is_development(__version__):
        return []
    root = Path(__file__).resolve().parents[3]
    checkout = root if (root / "pyproject.toml").is_file() and in_checkout(root / "docs") else None
    source = shlex.quote(str(checkout)) if checkout else "path/to/bibfolio"
    return [
        f"requirements.txt pins bibfolio {__version__}, a development build that no package "
        "index has: pip installs it only from a folder holding its wheel; make it once, "
        'and point pip there (README.md, "The pinned bibfolio"):',
        f"  python3 -m pip wheel --no-deps --wheel-dir ~/bibfolio-wheels {source}",
        "  export PIP_FIND_LINKS=~/bibfolio-wheels",
    ]


def in_checkout(target: Path) -> bool:
    """Whether *target* is a folder of a bibfolio checkout (a fork or template copy)."""
    parent = target.resolve().parent
    return (parent / "_ext" / "bibfolio" / "__init__.py").is_file()


def add_parser(commands: argparse._SubParsersAction) -> None:
    """Declare ``bibfolio new PATH --name NAME [--group NAME] [--posts] [--bib FILE] [--pages]``.

    ``--from OLD [--include-demo]`` moves a site in (:mod:`bibfolio.movein`, dispatched
    by ``__main__``, a layer above this one).
    """
    new = commands.add_parser(
        "new",
        help="make a portfolio of your own (a site repository) in an empty folder",
        description="Make a site repository in PATH: docs/ (conf.py, a home page, "
        "publications, news, talks, education & experience, teaching and honors pages with "
        "comments that say what to write; a group's: people, a member page, the lab's front "
        "page), "
        "refs.bib, requirements.txt pinning this bibfolio, noxfile.py, tests/, workflows and "
        ".copier-answers.yml (for bibfolio upgrade). Inside a bibfolio checkout (PATH next "
        "to _ext/), or with --pages: only the pages, with PATH/refs.bib. PATH must not "
        "exist or be empty.",
    )
    new.add_argument("path", metavar="PATH", help="the folder to create, e.g. my-site or docs")
    new.add_argument(
        "--name", help="your name, as the site shows it (with --group: its first member's)"
    )
    new.add_argument(
        "--pages",
        action="store_true",
        help="write only the pages (conf.py, pages, refs.bib) into PATH, as in a checkout",
    )
    new.add_argument(
        "--group",
        metavar="NAME",
        help='a lab or group site for NAME ("Name of the Lab"), with --name as its first '
        "member (required)",
    )
    new.add_argument(
        "--posts",
        action="store_true",
        help="start the site with posts (ABlog): posts.md, whose comments show how to "
        "write a post in posts/; installs bibfolio[posts]",
    )
    new.add_argument(
        "--bib",
        metavar="FILE",
        help="your .bib file, copied to refs.bib (default: comments saying what to put there)",
    )
    new.add_argument(
        "--from",
        dest="old",
        metavar="OLD",
        help="move in: read the site in OLD (made with al-folio, academicpages, Hugo "
        "Academic/Wowchemy/Hugo Blox, Quarto or the lab website template; never written "
        "to) into PATH, with MIGRATION.md saying what went where and what was left behind",
    )
    new.add_argument(
        "--include-demo",
        action="store_true",
        help="with --from: keep the template's own demo content that the old site still "
        "holds (left out and named in MIGRATION.md by default)",
    )


def run(args: argparse.Namespace) -> int:
    """Run ``bibfolio new`` with parsed *args*; print what was made, return the exit status."""
    target = Path(args.path)
    if not args.name and args.group is None:
        sys.stderr.write("bibfolio new: error: give --name 'Your Name' (or --group 'Lab')\n")
        return USAGE_ERROR
    pages = args.pages or in_checkout(target)
    bib = Path(args.bib) if args.bib else None
    make = new_portfolio if pages else new_site
    try:
        written = make(target, args.name or "", bib, group=args.group, posts=args.posts)
    except ScaffoldError as error:
        sys.stderr.write(f"bibfolio new: error: {error}\n")
        return USAGE_ERROR
    name = " ".join((args.name or "").split())
    folder = shlex.quote(str(target))
    if args.group is not None:
        made = f"a group site for {' '.join(args.group.split())}"
        people = "people/" if pages else "docs/people/"
        pages_hint = f"add one page per member in {people}, the group's publications to refs.bib, "
    else:
        made = f"a portfolio for {name}"
        pages_hint = ""
    fill = "Next: write your own in the pages (their comments say what goes where), "
    if pages:
        lines = [f"Made {made} in {target}:"]
        lines += [f"  {path}" for path in written]
        lines += [f"{fill}{pages_hint}then build:", f"  python3 -m nox -s docs -- {folder}"]
    else:
        kind = "a group site repository" if args.group is not None else "a site repository"
        owner = " ".join(args.group.split()) if args.group is not None else name
        lines = [f"Made {kind} for {owner} in {target}:"]
        lines += [f"  {path}" for path in written]
        lines += development_pin()
        lines += [
            f"{fill}{pages_hint}commit, then build and test (README.md: what to write where):",
            f"  cd {folder} && git add -A && git commit -m 'bibfolio new'",
            "  python3 -m pip install nox && python3 -m nox -s docs tests",
        ]
    sys.stdout.writelines(f"{line}\n" for line in lines)
    return 0
