"""``bibfolio new NEW --from OLD [--name NAME] [--include-demo]``: the command."""

from __future__ import annotations

import shlex
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from ..scaffold import USAGE_ERROR, ScaffoldError, development_pin
from .detect import UnknownSiteError, converter_for
from .owner import owner_spellings
from .report import summary
from .write import owner_name, write_site

if TYPE_CHECKING:
    import argparse

#: Options of ``bibfolio new`` that the old site decides, or that make no sense with it.
_NOT_WITH_FROM = (
    ("pages", "--pages"),
    ("bib", "--bib"),
    ("group", "--group"),
    ("posts", "--posts"),
)


def _refusal(args: argparse.Namespace, old: Path, target: Path) -> str:
    """Why the command cannot run, in one line ("" when it can); nothing is read yet."""
    given = [option for name, option in _NOT_WITH_FROM if getattr(args, name, None)]
    if given:
        return (
            f"{', '.join(given)} cannot be given with --from: the old site decides whether "
            "it is a group's, has posts, and what its .bib holds"
        )
    if not old.exists():
        return f"{old} does not exist; give --from the folder of the old site's checkout"
    if not old.is_dir():
        return f"{old} is a file; give --from the folder of the old site's checkout"
    if target.exists() and (not target.is_dir() or any(target.iterdir())):
        return (
            f"{target} already exists and is not empty; bibfolio new never overwrites "
            "files: choose a new folder, or move this one away first"
        )
    if target.resolve().is_relative_to(old.resolve()):
        return (
            f"{target} is inside {old}; the old site is never written to: choose a "
            "folder outside it"
        )
    return ""


def run(args: argparse.Namespace) -> int:
    """Move the site in ``args.old`` into ``args.path``; print the summary; exit status.

    Bad input (OLD missing or of no known template, NEW not empty, options the old site
    decides) is one line on stderr and exit status 2, with nothing written.
    """
    old, target = Path(args.old), Path(args.path)
    problem = _refusal(args, old, target)
    if not problem:
        try:
            converter = converter_for(old)
        except UnknownSiteError as error:
            problem = str(error)
    if problem:
        sys.stderr.write(f"bibfolio new: error: {problem}\n")
        return USAGE_ERROR
    site = converter.read(old, include_demo=bool(getattr(args, "include_demo", False)))
    site.report.template = site.report.template or converter.TEMPLATE
    if args.name:
        site.profile.name = " ".join(args.name.split())
        site.owner = [site.profile.name, *site.owner[1:]]
    name = owner_name(site)
    if not name:
        sys.stderr.write(
            f"bibfolio new: error: {old} gives no name for the site's owner; "
            "give it with --name 'Your Name'\n"
        )
        return USAGE_ERROR
    if not site.group:
        site.owner = owner_spellings(site.owner or [name], site.bibliography.entries)
    made = f"bibfolio new {shlex.quote(str(target))} --from {shlex.quote(str(old))}"
    try:
        write_site(site, old, target, command=made)
    except ScaffoldError as error:
        sys.stderr.write(f"bibfolio new: error: {error}\n")
        return USAGE_ERROR
    folder = shlex.quote(str(target))
    lines = [f"Made a site repository for {name} in {target}, from {old}."]
    lines += summary(site.report)
    lines += [f"What went where, what was left behind and what to check: {target / 'MIGRATION.md'}"]
    lines += development_pin()
    lines += [
        "Next: read MIGRATION.md, then commit, build and test:",
        f"  cd {folder} && git add -A && git commit -m 'Move in'",
        "  python3 -m pip install nox && python3 -m nox -s docs tests",
    ]
    sys.stdout.writelines(f"{line}\n" for line in lines)
    return 0
