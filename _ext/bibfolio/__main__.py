"""``bibfolio check``: report the build's bibliography warnings without building the site.

The checker reads the files and runs the same model checks as the Sphinx build
(:func:`~bibfolio.model.bibtex.read_bib_files`, then
:func:`~bibfolio.model.lint.check_publications`), so every finding is one the build of a
portfolio would report as ``WARNING: ... [bibfolio.<subtype>]`` (or, for the problems
sphinxcontrib-bibtex reports too, as its ``[bibtex.<subtype>]``).  It prints one line
per finding::

    refs.bib:12: missing comma before field 'year' in entry 'smith20'; ... [missing_comma]

then notes (``private_field``: what is left out of the published BibTeX; notes do not
change the exit status, as the build logs them without warning) and a summary, all on
stdout.  Exit status: 0 when nothing was found, 1 when something was, 2 for a usage
error.  With ``--owner``, each entry none of whose authors matches is reported
(``owner_missing``, as the build does for the entries a page lists) with the author name
to add as an alias, and the summary says how many entries matched.
"""

from __future__ import annotations

import argparse
import codecs
import io
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from . import scaffold
from ._version import __version__
from .importer.command import add_import_command, import_main
from .metrics.command import add_metrics_command, metrics_main
from .model.lint import check_publications, owner_mismatches, suggested_alias
from .model.names import NamePattern
from .model.publication import Settings
from .reading.bibtex import read_bib_files
from .scaffold import migrate, upgrade

if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import TextIO

    from .model.publication import Publication
    from .reading.diagnostics import Diagnostic
    from .reading.entry import BibEntry

#: sphinxcontrib-bibtex's default ``bibtex_encoding``, so the checker reads what the build reads.
DEFAULT_ENCODING = "utf-8-sig"


def check_files(
    paths: Sequence[str], owners: Sequence[str] = (), encoding: str = DEFAULT_ENCODING
) -> tuple[list[BibEntry], list[Diagnostic]]:
    """Read *paths* in order and run the build's checks; return entries and sorted findings.

    A file that cannot be read is a ``missing_file`` finding, as in the build.  Findings
    are ordered by the position of their file in *paths*, then by line (whole-file
    findings first); paths are shown exactly as given.
    """
    entries, findings, _ = check_bibliography(paths, owners, encoding)
    return entries, findings


def check_bibliography(
    paths: Sequence[str], owners: Sequence[str] = (), encoding: str = DEFAULT_ENCODING
) -> tuple[list[BibEntry], list[Diagnostic], list[Publication]]:
    """:func:`check_files`, plus the publications (for the owner summary)."""
    sources: list[tuple[str, bytes | None]] = []
    for path in paths:
        try:
            sources.append((path, Path(path).read_bytes()))
        except OSError:
            sources.append((path, None))
    settings = Settings(owner=tuple(NamePattern.from_config(name) for name in owners))
    entries, diagnostics = read_bib_files(sources, encoding)
    publications, problems = check_publications(entries, settings)
    listed = list(publications.values())
    problems.extend(owner_mismatches(listed, owners))
    order = {path: index for index, path in reversed(list(enumerate(paths)))}
    findings = sorted(
        diagnostics + problems,
        key=lambda found: (order.get(found.path, len(paths)), found.line or 0),
    )
    return entries, findings, listed


def format_finding(diagnostic: Diagnostic) -> str:
    """``path:line: message [subtype]``; a note reads ``path:line: note: message [subtype]``."""
    note = "note: " if diagnostic.is_note else ""
    return f"{diagnostic.location}: {note}{diagnostic.message} [{diagnostic.subtype}]"


def owner_summary(publications: Sequence[Publication], owners: Sequence[str]) -> list[str]:
    """How many entries match the owner, and the aliases that would match the others."""
    if not owners:
        return []
    names = ", ".join(repr(name) for name in owners)
    if not publications:  # bibfolio new's refs.bib, comments alone: a fact, no problem
        return [f"owner {names}: no entries to match yet (add your publications to the file)"]
    matched = sum(p.owner_matched for p in publications)
    aliases = list(
        dict.fromkeys(
            alias
            for p in publications
            if not p.owner_matched and (alias := suggested_alias(p, owners))
        )
    )
    lines = [f"owner {names}: matches an author in {matched} of {len(publications)} entries"]
    if aliases:
        configured = ", ".join(f'"{name}"' for name in [*owners, *aliases])
        options = " ".join(f'--owner "{name}"' for name in aliases)
        lines.append(
            f"  to match {_plural(len(aliases), 'name variant')} too, set in conf.py "
            f"bibfolio_owner = [{configured}] (here: {options})"
        )
    return lines


def _summary(
    paths: Sequence[str], entries: Sequence[BibEntry], findings: Sequence[Diagnostic]
) -> list[str]:
    lines = []
    for path in dict.fromkeys(paths):
        count = sum(entry.path == path for entry in entries)
        problems = sum(found.path == path for found in findings)
        lines.append(
            f"{path}: {_plural(count, 'entry', 'entries')}, {_plural(problems, 'problem')}"
        )
    if len(lines) > 1:
        lines.append(
            f"{_plural(len(lines), 'file')}: {_plural(len(entries), 'entry', 'entries')}, "
            f"{_plural(len(findings), 'problem')}"
        )
    return lines


def _plural(count: int, singular: str, plural: str | None = None) -> str:
    return f"{count} {singular if count == 1 else plural or singular + 's'}"


def _encoding(name: str) -> str:
    """Argparse type for ``--encoding``: an unknown codec is a usage error, not a crash."""
    try:
        codecs.lookup(name)
    except LookupError:
        raise argparse.ArgumentTypeError(f"unknown encoding: {name}") from None
    return name


def build_parser() -> argparse.ArgumentParser:
    """The ``bibfolio`` command line: ``check``, and ``new`` (scaffold.py)."""
    parser = argparse.ArgumentParser(
        prog="bibfolio",
        description="Tools for bibfolio research portfolios.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    check = commands.add_parser(
        "check",
        help="report problems in .bib files, as the Sphinx build would",
        description="Report the problems the bibfolio build would warn about in these "
        ".bib files, without building. Exit status: 0 clean, 1 problems found, 2 usage error.",
    )
    check.add_argument(
        "files",
        nargs="+",
        metavar="FILE.bib",
        help="bibliography files, read in this order (@string macros and keys are shared)",
    )
    check.add_argument(
        "--owner",
        action="append",
        default=[],
        metavar="NAME",
        help="the portfolio owner's name (repeat for aliases), as in bibfolio_owner; "
        "without it the owner is not checked",
    )
    check.add_argument(
        "--encoding",
        type=_encoding,
        default=DEFAULT_ENCODING,
        metavar="ENC",
        help=f"file encoding, as bibtex_encoding (default: {DEFAULT_ENCODING})",
    )
    scaffold.add_parser(commands)
    upgrade.add_parser(commands)
    migrate.add_parser(commands)
    add_import_command(commands)
    add_metrics_command(commands)
    return parser


def _write(stream: TextIO, lines: Sequence[str]) -> None:
    if isinstance(stream, io.TextIOWrapper):
        # A message may quote any character of the .bib; never fail on a narrow console.
        stream.reconfigure(errors="backslashreplace")
    stream.writelines(f"{line}\n" for line in lines)


def main(argv: list[str] | None = None) -> int:
    """Run the command line with *argv* (default ``sys.argv[1:]``); return the exit status."""
    parser = build_parser()
    args, extra = parser.parse_known_args(argv)
    if args.command == "import":
        if extra:
            parser.error(f"unrecognized arguments: {' '.join(extra)}")
        return import_main(args)
    if args.command == "metrics":
        if extra:
            parser.error(f"unrecognized arguments: {' '.join(extra)}")
        return metrics_main(args)
    if args.command == "migrate":
        if extra:
            parser.error(f"unrecognized arguments: {' '.join(extra)}")
        return migrate.run(args)
    if args.command == "upgrade":
        if extra:
            parser.error(f"unrecognized arguments: {' '.join(extra)}")
        return upgrade.run(args)
    if args.command == "new":
        if extra:
            parser.error(f"unrecognized arguments: {' '.join(extra)}")
        if args.old is not None:
            from .movein import command  # noqa: PLC0415 - only bibfolio new --from needs it

            return command.run(args)
        return scaffold.run(args)
    if extra and all(not item.startswith("-") for item in extra):
        # ``check a.bib --owner X b.bib``: files after an option still count, in order.
        args.files.extend(extra)
    elif extra:
        parser.error(f"unrecognized arguments: {' '.join(extra)}")
    entries, found, publications = check_bibliography(args.files, args.owner, args.encoding)
    findings = [item for item in found if not item.is_note]
    notes = [item for item in found if item.is_note]
    _write(
        sys.stdout,
        [format_finding(item) for item in findings]
        + [format_finding(item) for item in notes]
        + _summary(args.files, entries, findings)
        + owner_summary(publications, args.owner),
    )
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
