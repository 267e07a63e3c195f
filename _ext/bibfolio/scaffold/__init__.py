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

Every page says in a marked paragraph which text is an example to replace; nothing in
the template is a fact about anybody.  Group sites (``--group``) come from
``group/skeleton/`` through :func:`new_portfolio` with :class:`string.Template`.
"""

from __future__ import annotations

import datetime
import json
import shlex
import shutil
import string
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING
from xml.sax.saxutils import escape as xml_escape

from .._version import __version__
from .jinja import alias_example, bibtex, initials, markdown
from .stage import SOURCE, TEMPLATE, StageError, inside, stage, tag

if TYPE_CHECKING:
    import argparse

#: The pages of a portfolio (the template's ``docs/``).
SKELETON = TEMPLATE / "site" / "docs"

#: Exit status for a folder that is not empty or a .bib that cannot be read, as argparse's.
USAGE_ERROR = 2


class ScaffoldError(Exception):
    """A portfolio cannot be made where or from what the user asked."""


def placeholders(name: str, bib_path: str) -> dict[str, str]:
    """The values of ``${...}`` placeholders for owner *name* (group sites' skeleton)."""
    return {
        "name_py": json.dumps(name, ensure_ascii=False),
        "name_md": markdown(name),
        "name_bib": bibtex(name),
        "name_shell": shlex.quote(name),
        "alias_py": json.dumps(alias_example(name), ensure_ascii=False),
        "initials": xml_escape(initials(name)),
        "bib_path": bib_path,
        "year": str(datetime.datetime.now(tz=datetime.UTC).year),
        "date": datetime.datetime.now(tz=datetime.UTC).date().isoformat(),  # news.yml's example
    }


def _checked(target: Path, name: str, bib: Path | None) -> tuple[str, bytes | None]:
    """The owner's name with spaces collapsed and *bib*'s bytes; refuse what cannot be made.

    Raises :class:`ScaffoldError` when *target* exists and is not an empty folder, when
    *bib* cannot be read, or when *name* is blank.
    """
    name = " ".join(name.split())
    if not name:
        raise ScaffoldError("the owner's name is empty; give it with --name 'Your Name'")
    if target.exists() and not target.is_dir():
        raise ScaffoldError(f"{target} is a file; give the folder to create, e.g. docs")
    if target.exists() and any(target.iterdir()):
        raise ScaffoldError(
            f"{target} already exists and is not empty; bibfolio new never overwrites "
            "files: choose a new folder, or move this one away first"
        )
    if bib is None:
        return name, None
    try:
        return name, bib.read_bytes()
    except OSError as error:
        raise ScaffoldError(f"cannot read --bib {bib}: {error.strerror}") from None


def render(target: Path, data: dict[str, str]) -> None:
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


def new_site(target: Path, name: str, bib: Path | None = None) -> list[Path]:
    """Write a site repository for *name* into *target*; return the files written, sorted.

    ``target/refs.bib`` is a byte-for-byte copy of *bib*, or a one-entry example.  The
    folder becomes a git repository (``bibfolio upgrade`` needs one) when git is
    installed; nothing is committed.  Raises :class:`ScaffoldError` as
    :func:`new_portfolio`; nothing is written then.
    """
    name, bib_bytes = _checked(target, name, bib)
    render(target, {"owner_name": name, "layout": "site"})
    if bib_bytes is not None:
        (target / "refs.bib").write_bytes(bib_bytes)
    if shutil.which("git") is not None and not (target / ".git").exists():
        subprocess.run(["git", "init", "--quiet", str(target)], check=True)
    return _files(target)


def new_portfolio(
    target: Path,
    name: str,
    bib: Path | None = None,
    *,
    skeleton: Path | None = None,
    extra: dict[str, str] | None = None,
) -> list[Path]:
    """Write the pages of a portfolio for *name* into *target*; return the files, sorted.

    The pages are the site template's ``docs/`` with ``refs.bib`` inside (the layout of a
    bibfolio checkout's ``docs/``).  *skeleton* and *extra* placeholders: another kind of
    site (``group/scaffold.py``), filled with :class:`string.Template`.

    ``target/refs.bib`` is a byte-for-byte copy of *bib*, or a one-entry example when
    *bib* is None.  Raises :class:`ScaffoldError` when *target* exists and is not an
    empty folder, when *bib* cannot be read, or when *name* is blank; nothing is written
    then.
    """
    name, bib_bytes = _checked(target, name, bib)
    if skeleton is None:
        with tempfile.TemporaryDirectory(prefix="bibfolio-pages-") as folder:
            made = Path(folder, "site")
            data = {"owner_name": name, "layout": "pages", "bib_path": str(target / "refs.bib")}
            render(made, data)
            shutil.copytree(made / "docs", target, dirs_exist_ok=True)
            shutil.copyfile(made / "refs.bib", target / "refs.bib")
        if bib_bytes is not None:
            (target / "refs.bib").write_bytes(bib_bytes)
        return _files(target)
    values = {**placeholders(name, str(target / "refs.bib")), **(extra or {})}
    written = []
    for source in sorted(skeleton.rglob("*")):
        if source.is_dir() or "__pycache__" in source.parts:
            continue
        relative = source.relative_to(skeleton)
        if relative.suffix == ".tmpl":
            relative = relative.with_suffix("")
        destination = target / relative
        destination.parent.mkdir(parents=True, exist_ok=True)
        if relative == Path("refs.bib") and bib_bytes is not None:
            destination.write_bytes(bib_bytes)
        elif source.suffix == ".tmpl":
            text = string.Template(source.read_text(encoding="utf-8")).substitute(values)
            destination.write_text(text, encoding="utf-8")
        else:
            shutil.copyfile(source, destination)
        written.append(destination)
    return sorted(written)


def in_checkout(target: Path) -> bool:
    """Whether *target* is a folder of a bibfolio checkout (a fork or template copy)."""
    parent = target.resolve().parent
    return (parent / "_ext" / "bibfolio" / "__init__.py").is_file()


def add_parser(commands: argparse._SubParsersAction) -> None:
    """Declare ``bibfolio new PATH --name NAME [--bib FILE] [--pages]``."""
    new = commands.add_parser(
        "new",
        help="make a portfolio of your own (a site repository) in an empty folder",
        description="Make a site repository in PATH: docs/ (conf.py, a home page, "
        "publications, news, talks, education & experience, teaching and honors pages with "
        "marked example text), refs.bib, requirements.txt pinning this bibfolio, "
        "noxfile.py, tests/, workflows and .copier-answers.yml (for bibfolio upgrade). "
        "Inside a bibfolio checkout (PATH next to _ext/), or with --pages: only the pages, "
        "with PATH/refs.bib. PATH must not exist or be empty.",
    )
    new.add_argument("path", metavar="PATH", help="the folder to create, e.g. my-site or docs")
    new.add_argument("--name", help="your name, as the site shows it (required without --group)")
    new.add_argument(
        "--pages",
        action="store_true",
        help="write only the pages (conf.py, pages, refs.bib) into PATH, as in a checkout",
    )
    new.add_argument(
        "--group",
        metavar="NAME",
        help='a lab or group site for NAME ("Name of the Lab"), with --name as its first '
        "member (default: a placeholder)",
    )
    new.add_argument(
        "--bib",
        metavar="FILE",
        help="your .bib file, copied to refs.bib (default: a one-entry example)",
    )


def run(args: argparse.Namespace) -> int:
    """Run ``bibfolio new`` with parsed *args*; print what was made, return the exit status."""
    target = Path(args.path)
    if not args.name:  # ``--group`` is run by group/scaffold.py (__main__ sends it there)
        sys.stderr.write("bibfolio new: error: give --name 'Your Name' (or --group 'Lab')\n")
        return USAGE_ERROR
    pages = args.pages or in_checkout(target)
    bib = Path(args.bib) if args.bib else None
    try:
        written = (new_portfolio if pages else new_site)(target, args.name, bib)
    except ScaffoldError as error:
        sys.stderr.write(f"bibfolio new: error: {error}\n")
        return USAGE_ERROR
    name = " ".join(args.name.split())
    folder = shlex.quote(str(target))
    if pages:
        lines = [f"Made a portfolio for {name} in {target}:"]
        lines += [f"  {path}" for path in written]
        lines += [
            "Next: replace the example text in the pages (each has a marked paragraph), "
            "then build:",
            f"  python3 -m nox -s docs -- {folder}",
        ]
    else:
        lines = [f"Made a site repository for {name} in {target}:"]
        lines += [f"  {path}" for path in written]
        lines += [
            "Next: replace the example text in docs/ (each page has a marked paragraph), "
            "commit, then build and test:",
            f"  cd {folder} && git add -A && git commit -m 'bibfolio new'",
            "  python3 -m pip install nox && python3 -m nox -s docs tests",
        ]
    sys.stdout.writelines(f"{line}\n" for line in lines)
    return 0
