"""``bibfolio new``: write a fresh portfolio (conf.py, pages, refs.bib) for a new owner.

The files come from the ``skeleton/`` folder next to this module.  Files ending in
``.tmpl`` are :class:`string.Template` texts; each placeholder is filled with the
owner's name escaped for the file it lands in (a Python literal in ``conf.py``, Markdown
in pages, BibTeX in ``refs.bib``, XML in the favicon), so no name can break a file.
Every page says in a marked paragraph which text is an example to replace; nothing in the
skeleton is a fact about anybody.
"""

from __future__ import annotations

import datetime
import json
import re
import shlex
import shutil
import string
import sys
from pathlib import Path
from typing import TYPE_CHECKING
from xml.sax.saxutils import escape as xml_escape

from .model.names import parse_name

if TYPE_CHECKING:
    import argparse

SKELETON = Path(__file__).with_name("skeleton")

#: Exit status for a folder that is not empty or a .bib that cannot be read, as argparse's.
USAGE_ERROR = 2

_MARKDOWN_SPECIAL = re.compile(r"([\\`*_{}\[\]<>#|!$])")
_BIBTEX_SPECIAL = re.compile(r"([&%$#_])")


class ScaffoldError(Exception):
    """A portfolio cannot be made where or from what the user asked."""


def _initials(name: str) -> str:
    words = [word for word in re.split(r"[\s,.\-]+", name) if word[:1].isalpha()]
    if not words:
        return "?"
    picked = [words[0], words[-1]] if len(words) > 1 else words[:1]
    return "".join(word[0].upper() for word in picked)


def _alias_example(name: str) -> str:
    """The name with its first given name as an initial ("Priya Raman" → "P. Raman")."""
    person = parse_name(name)
    if not person.first or not person.last:
        return name
    initial = person.first[0][:1].upper()
    return " ".join([f"{initial}.", *person.first[1:], *person.von, *person.last])


def placeholders(name: str, bib_path: str) -> dict[str, str]:
    """The values the skeleton's ``${...}`` placeholders take for owner *name*."""
    return {
        "name_py": json.dumps(name, ensure_ascii=False),
        "name_md": _MARKDOWN_SPECIAL.sub(r"\\\1", name),
        "name_bib": _BIBTEX_SPECIAL.sub(r"\\\1", name),
        "name_shell": shlex.quote(name),
        "alias_py": json.dumps(_alias_example(name), ensure_ascii=False),
        "initials": xml_escape(_initials(name)),
        "bib_path": bib_path,
        "year": str(datetime.datetime.now(tz=datetime.UTC).year),
        "date": datetime.datetime.now(tz=datetime.UTC).date().isoformat(),  # news.yml's example
    }


def new_portfolio(
    target: Path,
    name: str,
    bib: Path | None = None,
    *,
    skeleton: Path = SKELETON,
    extra: dict[str, str] | None = None,
) -> list[Path]:
    """Write a portfolio for *name* into *target*; return the files written, sorted.

    *skeleton* and *extra* placeholders: another kind of site (``group/scaffold.py``).

    ``target/refs.bib`` is a byte-for-byte copy of *bib*, or a one-entry example when
    *bib* is None.  Raises :class:`ScaffoldError` when *target* exists and is not an
    empty folder, when *bib* cannot be read, or when *name* is blank; nothing is written
    then.
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
    bib_bytes = None
    if bib is not None:
        try:
            bib_bytes = bib.read_bytes()
        except OSError as error:
            raise ScaffoldError(f"cannot read --bib {bib}: {error.strerror}") from None
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


def add_parser(commands: argparse._SubParsersAction) -> None:
    """Declare ``bibfolio new PATH --name NAME [--bib FILE]``."""
    new = commands.add_parser(
        "new",
        help="make a fresh portfolio (conf.py, pages, refs.bib) in an empty folder",
        description="Make a fresh portfolio in PATH: conf.py, a home page, publications, "
        "education & experience, teaching and honors pages with marked example text, and "
        "PATH/refs.bib. PATH must not exist or be empty.",
    )
    new.add_argument("path", metavar="PATH", help="the folder to create, e.g. docs")
    new.add_argument("--name", help="your name, as the site shows it (required without --group)")
    new.add_argument(
        "--group",
        metavar="NAME",
        help='a lab or group site for NAME ("Name of the Lab"), with --name as its first '
        "member (default: a placeholder)",
    )
    new.add_argument(
        "--bib",
        metavar="FILE",
        help="your .bib file, copied to PATH/refs.bib (default: a one-entry example)",
    )


def run(args: argparse.Namespace) -> int:
    """Run ``bibfolio new`` with parsed *args*; print what was made, return the exit status."""
    target = Path(args.path)
    if not args.name:  # ``--group`` is run by group/scaffold.py (__main__ sends it there)
        sys.stderr.write("bibfolio new: error: give --name 'Your Name' (or --group 'Lab')\n")
        return USAGE_ERROR
    try:
        written = new_portfolio(target, args.name, Path(args.bib) if args.bib else None)
    except ScaffoldError as error:
        sys.stderr.write(f"bibfolio new: error: {error}\n")
        return USAGE_ERROR
    lines = [f"Made a portfolio for {' '.join(args.name.split())} in {target}:"]
    lines += [f"  {path}" for path in written]
    lines += [
        "Next: replace the example text in the pages (each has a marked paragraph), then build:",
        f"  python3 -m nox -s docs -- {shlex.quote(str(target))}",
    ]
    sys.stdout.writelines(f"{line}\n" for line in lines)
    return 0
