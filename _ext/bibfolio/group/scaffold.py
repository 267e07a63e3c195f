"""``bibfolio new --group "Name of the Lab"``: a fresh group site.

The files come from the ``skeleton/`` folder next to this module, filled the way
:mod:`bibfolio.scaffold` fills a personal portfolio's (each placeholder escaped for the
file it lands in); the group's name is the title, ``--name`` (or a placeholder) the
first member's page.
"""

from __future__ import annotations

import json
import shlex
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from ..scaffold import USAGE_ERROR, ScaffoldError, new_portfolio, placeholders

if TYPE_CHECKING:
    import argparse

SKELETON = Path(__file__).with_name("skeleton")
#: The first member's name when ``--name`` is not given: plainly a placeholder.
PLACEHOLDER_NAME = "Your Name"


def new_group(target: Path, group: str, name: str = "", bib: Path | None = None) -> list[Path]:
    """Write a group site for *group* into *target*; return the files written, sorted.

    Raises :class:`~bibfolio.scaffold.ScaffoldError` as ``new_portfolio`` does, and for
    a blank group name.
    """
    group = " ".join(group.split())
    if not group:
        raise ScaffoldError("the group's name is empty; give it with --group 'Name of the Lab'")
    name = " ".join((name or PLACEHOLDER_NAME).split())
    own = placeholders(name, "")
    extra = {
        "group_py": json.dumps(group, ensure_ascii=False),
        "group_md": placeholders(group, "")["name_md"],
        "name_yaml": json.dumps(name, ensure_ascii=False),
        "alias_yaml": json.dumps(json.loads(own["alias_py"]), ensure_ascii=False),
        "initials": placeholders(group, "")["initials"],
    }
    return new_portfolio(target, name, bib, skeleton=SKELETON, extra=extra)


def run_group(args: argparse.Namespace) -> int:
    """``bibfolio new PATH --group NAME [--name NAME] [--bib FILE]``."""
    target = Path(args.path)
    try:
        written = new_group(
            target, args.group, args.name or "", Path(args.bib) if args.bib else None
        )
    except ScaffoldError as error:
        sys.stderr.write(f"bibfolio new: error: {error}\n")
        return USAGE_ERROR
    lines = [f"Made a group site for {' '.join(args.group.split())} in {target}:"]
    lines += [f"  {path}" for path in written]
    lines += [
        "Next: replace the example text (each page has a marked paragraph), add one page",
        "per member in people/, put the group's publications in refs.bib, then build:",
        f"  python3 -m nox -s docs -- {shlex.quote(str(target))}",
    ]
    sys.stdout.writelines(f"{line}\n" for line in lines)
    return 0
