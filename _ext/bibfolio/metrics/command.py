"""The ``bibfolio metrics`` subcommand: refresh the citations file, print what changed."""

from __future__ import annotations

import argparse
import datetime as dt
import io
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..importer.http import Client
from ..importer.progress import Progress
from ..importer.records import bare_doi, entry_arxiv
from ..reading.bibtex import read_bib_files
from ..reading.latex import latex_to_plain
from . import data
from .lookup import Lookup
from .sources import SOURCES

if TYPE_CHECKING:
    from ..reading.entry import BibEntry
    from .lookup import Outcome


def _pin(value: str) -> tuple[str, str]:
    """Argparse type for ``--pin KEY=ID``: anything else is a usage error."""
    key, _, work = value.partition("=")
    if not key.strip() or not work.strip():
        raise argparse.ArgumentTypeError(f"expected KEY=ID, got {value!r}")
    return key.strip(), work.strip()


def add_metrics_command(commands: argparse._SubParsersAction) -> None:
    """Register ``metrics [--bib FILE] [--data FILE] [--source S] [--dry-run] …``."""
    command = commands.add_parser(
        "metrics",
        help="fetch citation counts (OpenAlex, Crossref or Semantic Scholar) into citations.json",
        description="Look each entry of the .bib up by DOI, arXiv id or title and year, and "
        "write the counts to the citations file the build shows. Exit status: 0 done, 1 some "
        "entries could not be refreshed (their old counts are kept), 2 usage error.",
    )
    command.add_argument(
        "--conf",
        metavar="DIR",
        help="the folder of conf.py, for bibtex_bibfiles, bibfolio_citations_source and "
        "bibfolio_citations_file (default: docs/ or . when it has a conf.py)",
    )
    command.add_argument("--bib", action="append", metavar="FILE", help="the .bib (repeatable)")
    command.add_argument(
        "--data",
        metavar="FILE",
        help="the citations file (default: citations.json next to the .bib)",
    )
    command.add_argument("--source", choices=sorted(SOURCES), help="where counts come from")
    command.add_argument("--dry-run", action="store_true", help="print the changes, write nothing")
    command.add_argument(
        "--pin", action="append", default=[], type=_pin, metavar="KEY=ID",
        help="match entry KEY to the source's work ID (e.g. an OpenAlex W… id)",
    )  # fmt: skip
    command.add_argument(
        "--unpin", action="append", default=[], metavar="KEY", help="forget KEY's pin"
    )
    command.add_argument(
        "--exclude", action="append", default=[], metavar="KEY",
        help="never look entry KEY up nor show a count for it",
    )  # fmt: skip
    command.add_argument(
        "--include", action="append", default=[], metavar="KEY", help="undo --exclude KEY"
    )
    command.add_argument(
        "--mailto",
        default=os.environ.get("BIBFOLIO_MAILTO", ""),
        metavar="ADDR",
        help="your e-mail address, for the services' polite pools (default: $BIBFOLIO_MAILTO)",
    )
    command.add_argument(
        "--timeout", type=float, default=30.0, metavar="S", help="seconds per request (30)"
    )


def _conf_values(conf: str | None) -> tuple[Path | None, dict[str, Any]]:
    """The conf.py folder and the values this command takes from it (none without one)."""
    candidates = [Path(conf)] if conf else [Path("docs"), Path()]
    for folder in candidates:
        if (folder / "conf.py").is_file():
            namespace: dict[str, Any] = {"__file__": str(folder / "conf.py")}
            cwd = Path.cwd()
            try:
                os.chdir(folder)  # conf.py may read files relative to itself, as in Sphinx
                source = Path("conf.py").read_text(encoding="utf-8")
                exec(compile(source, str(folder / "conf.py"), "exec"), namespace)
            except Exception as error:  # the user's file: say it failed and go on
                sys.stderr.write(f"note: {folder / 'conf.py'} could not be read ({error})\n")
                return folder, {}
            finally:
                os.chdir(cwd)
            return folder, namespace
    if conf:
        sys.stderr.write(f"note: {conf}/conf.py not found\n")
    return None, {}


def lookup_of(entry: BibEntry, pins: dict[str, str]) -> Lookup:
    """What identifies *entry* to a source."""
    fields = {name: entry.get(name) for name in ("doi", "eprint", "archiveprefix",
                                                   "eprinttype", "arxiv", "url")}  # fmt: skip
    doi = bare_doi(fields["doi"]).lower()
    arxiv = entry_arxiv(fields)
    if doi.startswith("10.48550/arxiv."):
        doi = ""
    year = entry.get("year") or entry.get("date")[:4]
    return Lookup(
        key=entry.key,
        doi=doi,
        arxiv=arxiv,
        title=latex_to_plain(entry.get("title")).strip(),
        year=year.strip() if year.strip().isdigit() else "",
        pin=pins.get(entry.key, ""),
    )


def metrics_main(args: argparse.Namespace, client: Client | None = None) -> int:
    """Run ``bibfolio metrics`` from parsed *args*; print the report; return the status."""
    if isinstance(sys.stdout, io.TextIOWrapper):
        sys.stdout.reconfigure(errors="backslashreplace")
    confdir, conf = _conf_values(args.conf)
    if args.bib:
        bibs = [Path(name) for name in args.bib]
    elif confdir is not None and conf.get("bibtex_bibfiles"):
        bibs = [Path(os.path.normpath(confdir / name)) for name in conf["bibtex_bibfiles"]]
    else:
        bibs = [Path("refs.bib")]
    if args.data:
        path = Path(args.data)
    elif confdir is not None and conf.get("bibfolio_citations_file"):
        path = Path(os.path.normpath(confdir / conf["bibfolio_citations_file"]))
    else:
        path = bibs[0].parent / data.DEFAULT_NAME
    source = args.source or conf.get("bibfolio_citations_source") or "openalex"
    if source not in SOURCES:
        sys.stdout.write(f"unknown source {source!r} (known: {', '.join(sorted(SOURCES))})\n")
        return 2
    try:
        old = data.read(path)
    except data.DataError as error:
        sys.stdout.write(f"failed: {path}:{error.line}: {error}; fix or delete it\n")
        return 1
    sources = []
    for bib in bibs:
        try:
            sources.append((str(bib), bib.read_bytes()))
        except OSError as error:
            sys.stdout.write(f"failed: {bib}: {error.strerror or error}\n")
            return 1
    # sphinxcontrib-bibtex's default encoding, unless conf.py sets another.
    entries = read_bib_files(sources, conf.get("bibtex_encoding") or "utf-8-sig")[0]
    new = _settings(old, args)
    lookups = [lookup_of(entry, new.pins) for entry in entries if entry.key not in new.exclude]
    client = client or Client(mailto=args.mailto, timeout=args.timeout, jitter=0.25)
    progress = Progress(len(lookups), sys.stderr)
    client.waiting = progress.wait
    outcome = SOURCES[source](client).fetch(lookups, progress.advance)
    progress.close()
    today = dt.datetime.now(dt.UTC).date().isoformat()
    lines = update(old, new, outcome, source, today, [item.key for item in lookups])
    if args.dry_run:
        lines.append(f"dry run: {path} is unchanged")
    elif new.to_json() != (old.to_json() if path.exists() else None):
        try:
            path.write_text(new.to_json(), encoding="utf-8")
        except OSError as error:
            sys.stdout.write(f"failed: {path}: {error.strerror or error}\n")
            return 1
        lines.append(f"wrote {path}")
    else:
        lines.append(f"{path}: no change")
    sys.stdout.writelines(f"{line}\n" for line in lines)
    return 1 if outcome.failed else 0


def _settings(old: data.CitationData, args: argparse.Namespace) -> data.CitationData:
    """A copy of *old* (counts kept) with the command line's pins and exclusions applied."""
    pins = dict(old.pins)
    pins.update(args.pin)
    for key in args.unpin:
        pins.pop(key, None)
    exclude = [key for key in old.exclude if key not in args.include]
    exclude += [key for key in args.exclude if key not in exclude]
    return data.CitationData(dict(old.entries), pins, exclude)


def update(  # noqa: PLR0917 - one call site, each argument named there
    old: data.CitationData,
    new: data.CitationData,
    outcome: Outcome,
    source: str,
    today: str,
    looked_up: list[str],
) -> list[str]:
    """Put *outcome* into *new*; return the report's lines (changes, then problems)."""
    name = data.SOURCE_NAMES[source]
    changes: list[str] = []
    for key, match in outcome.found.items():
        before = old.entries.get(key)
        now = data.Citation(match.count, source, match.id, match.url, today, match.matched_by)
        new.entries[key] = now
        how = (
            " (matched by title: check it, or pin or exclude it)"
            if match.matched_by == "title"
            else ""
        )
        if before is None:
            changes.append(f"{key}: {match.count} ({name} {match.id}){how}")
        elif (before.count, before.id, before.source) != (now.count, now.id, now.source):
            changes.append(f"{key}: {before.count} -> {match.count} ({name} {match.id}){how}")
    removed = [key for key in new.entries if key not in looked_up or key in outcome.unknown]
    for key in removed:
        del new.entries[key]
        why = (
            "excluded" if key in new.exclude else outcome.unknown.get(key, "no longer in the .bib")
        )
        changes.append(f"{key}: count removed ({why})")
    lines = changes or ["no count changed"]
    unknown = [key for key in outcome.unknown if key not in removed]
    lines += [f"{key}: no count: {outcome.unknown[key]}" for key in unknown]
    if outcome.failed:
        failed = len(outcome.failed)
        lines.append(f"failed for {failed} of {len(looked_up)} entries; their old counts are kept:")
        lines += [f"  {key}: {why}" for key, why in outcome.failed.items()]
    total = sum(c.count for c in new.entries.values())
    lines.append(f"{len(new.entries)} entries with counts from {name}, {total} citations in all")
    return lines
