"""``bibfolio migrate``: move a portfolio out of a fork of bibfolio into a site repository.

A portfolio made in a fork or copy of this repository keeps its pages in ``docs/`` (and
its ``.bib`` beside or inside it).  ``bibfolio migrate FORK DIR`` makes DIR a site
repository as ``bibfolio new`` does, then puts the fork's portfolio in it: ``docs/`` as it
is (pages, ``conf.py``, ``news.yml``, ``talks.yml``, photos and the rest of ``_static/``),
each ``.bib`` file ``conf.py`` names with the ``citations.json`` beside it, moved to the
site's top folder when it was inside ``docs/`` (``conf.py``'s ``bibtex_bibfiles`` then
says where).  The fork is only read: its files and history stay as they are.
"""

from __future__ import annotations

import os
import re
import shutil
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from . import USAGE_ERROR, ScaffoldError, new_site

if TYPE_CHECKING:
    import argparse

#: What is never copied from the fork's docs/: builds, caches, generated paper stubs.
_LEAVE_OUT = shutil.ignore_patterns("_build", "__pycache__", "*.bibfolio", ".doctrees")
_BIBFILES = re.compile(r"^bibtex_bibfiles\s*=\s*\[[^\]]*\]", re.MULTILINE)


def _settings(docs: Path) -> dict[str, object]:
    from sphinx.config import eval_config_file  # noqa: PLC0415 - conf.py, as Sphinx reads it
    from sphinx.util.tags import Tags  # noqa: PLC0415

    try:
        return eval_config_file(docs / "conf.py", Tags())
    except Exception as error:
        raise ScaffoldError(f"cannot read {docs / 'conf.py'}: {error}") from None


def migrate(fork: Path, target: Path, name: str | None = None) -> list[Path]:
    """Make *target* a site repository holding the portfolio of *fork*; return its files."""
    docs = fork / "docs"
    if not (docs / "conf.py").is_file():
        raise ScaffoldError(f"{fork} has no docs/conf.py: give the fork's top folder")
    settings = _settings(docs)
    owners = list(settings.get("bibfolio_owner") or [])  # type: ignore[call-overload]
    name = name or (owners[0] if owners else "")
    if not name:
        raise ScaffoldError(f"{docs / 'conf.py'} names no bibfolio_owner; give --name")
    bibs = [str(item) for item in settings.get("bibtex_bibfiles") or []]  # type: ignore[attr-defined]
    conf_text = (docs / "conf.py").read_text(encoding="utf-8")
    if len(_BIBFILES.findall(conf_text)) != 1:
        raise ScaffoldError(
            f"{docs / 'conf.py'} does not set bibtex_bibfiles = [...] on one line of its "
            "own; move the .bib files and set it by hand"
        )
    moves: list[tuple[Path, Path, str]] = []  # (from, to relative to the site, name in conf)
    for bib in bibs:
        source = (docs / bib).resolve()
        if not source.is_file():
            raise ScaffoldError(f"{docs / 'conf.py'} names {bib}, which does not exist")
        inside = source.is_relative_to(docs.resolve())
        relative = source.relative_to(docs.resolve() if inside else fork.resolve())
        moves.append((source, relative, os.path.relpath(relative, "docs")))
    new_site(target, name)
    shutil.rmtree(target / "docs")
    (target / "refs.bib").unlink()
    shutil.copytree(docs, target / "docs", ignore=_LEAVE_OUT)
    for source, relative, _ in moves:
        for found, destination in (
            (source, target / relative),
            (source.with_name("citations.json"), (target / relative).with_name("citations.json")),
        ):
            if not found.is_file():
                continue
            if found.is_relative_to(docs.resolve()):  # moved out of docs/, not copied twice
                (target / "docs" / found.relative_to(docs.resolve())).unlink(missing_ok=True)
            destination.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(found, destination)
    listed = ", ".join(f'"{conf_name}"' for _, _, conf_name in moves)
    conf = target / "docs" / "conf.py"
    conf.write_text(_BIBFILES.sub(f"bibtex_bibfiles = [{listed}]", conf_text), encoding="utf-8")
    return sorted(path for path in target.rglob("*") if path.is_file() and ".git" not in path.parts)


def add_parser(commands: argparse._SubParsersAction) -> None:
    """Declare ``bibfolio migrate FORK DIR [--name NAME]``."""
    command = commands.add_parser(
        "migrate",
        help="move the portfolio of a fork of bibfolio into a new site repository",
        description="Make DIR a site repository (as bibfolio new) holding the portfolio of "
        "the fork FORK: its docs/ as it is, its .bib files and citations.json at the top. "
        "The fork is only read.",
    )
    command.add_argument("fork", metavar="FORK", help="the fork's top folder (with docs/)")
    command.add_argument("path", metavar="DIR", help="the site to create (new or empty)")
    command.add_argument("--name", help="the owner's name (default: bibfolio_owner's first)")


def run(args: argparse.Namespace) -> int:
    """Run ``bibfolio migrate``; print what was made, return the exit status."""
    target = Path(args.path)
    try:
        written = migrate(Path(args.fork), target, args.name)
    except ScaffoldError as error:
        sys.stderr.write(f"bibfolio migrate: error: {error}\n")
        return USAGE_ERROR
    lines = [f"Moved the portfolio of {args.fork} into the site repository {target}:"]
    lines += [f"  {path}" for path in written]
    lines += [
        "Next: commit, then build and test:",
        f"  cd {target} && git add -A && git commit -m 'my portfolio, from the fork'",
        "  python3 -m pip install nox && python3 -m nox -s docs tests",
    ]
    sys.stdout.writelines(f"{line}\n" for line in lines)
    return 0
