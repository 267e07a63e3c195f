"""The ``bibfolio import`` subcommand: its arguments and its exit status."""

from __future__ import annotations

import io
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from .http import Client
from .progress import Progress
from .run import finish, run_import

if TYPE_CHECKING:
    import argparse


def add_import_command(commands: argparse._SubParsersAction) -> None:
    """Register ``import SOURCE... [--bib refs.bib] [--dry-run] [--mailto ADDR]``."""
    command = commands.add_parser(
        "import",
        help="add publications from DOIs, arXiv, ORCID, DBLP or a .bib to refs.bib",
        description="Fetch publications and merge them into a .bib without duplicates: "
        "existing entries keep their keys and every field you wrote. Exit status: 0 done, "
        "1 a source failed, 2 usage error.",
    )
    command.add_argument(
        "sources",
        nargs="+",
        metavar="SOURCE",
        help="a DOI, an arXiv id or URL, an ORCID iD, dblp:<person id>, or a .bib file",
    )
    command.add_argument("--bib", default="refs.bib", help="the file to update (refs.bib)")
    command.add_argument(
        "--dry-run", action="store_true", help="print the diff instead of writing the file"
    )
    command.add_argument(
        "--mailto",
        default=os.environ.get("BIBFOLIO_MAILTO", ""),
        metavar="ADDR",
        help="your e-mail address, sent in the User-Agent as the services ask "
        "(default: $BIBFOLIO_MAILTO)",
    )
    command.add_argument(
        "--owner",
        action="append",
        default=[],
        metavar="NAME",
        help="your name (repeat for aliases), as in bibfolio_owner: the report shows how "
        "the imported author lists spell it",
    )
    command.add_argument(
        "--timeout", type=float, default=30.0, metavar="S", help="seconds per request (30)"
    )


def import_main(args: argparse.Namespace, client: Client | None = None) -> int:
    """Run an import from parsed *args*; print the report; return the exit status."""
    client = client or Client(mailto=args.mailto, timeout=args.timeout)
    bib = Path(args.bib)
    if isinstance(sys.stdout, io.TextIOWrapper):
        sys.stdout.reconfigure(errors="backslashreplace")
    progress = Progress(len(args.sources), sys.stderr, noun="")
    client.waiting = progress.wait
    try:
        result = run_import(args.sources, bib, client, args.owner, progress)
        lines = finish(result, bib, dry_run=args.dry_run)
    except OSError as error:
        progress.close()
        # Reading or writing the file itself failed; the old file is intact.
        sys.stdout.write(f"failed: {bib}: {error.strerror or error}; {bib} is unchanged\n")
        return 1
    finally:
        progress.close()  # the bar's line ends before anything else is printed
    sys.stdout.writelines(f"{line}\n" for line in lines)
    return 1 if result.failures else 0
