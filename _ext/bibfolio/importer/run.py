"""The import as a whole: read refs.bib, fetch every SOURCE, merge, report, write or diff."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..model.bibtex import decode_bib_bytes, read_bib_text
from .merge import Merger, Target
from .sources import SourceError, fetch_records
from .writer import apply, unified_diff, write_atomically

if TYPE_CHECKING:
    from collections.abc import Sequence
    from pathlib import Path

    from .http import Client
    from .merge import Outcome


@dataclass
class ImportResult:
    """What an import did: the outcomes, the sources that failed, the old and new text."""

    outcomes: list[Outcome] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    old: str = ""
    new: str = ""

    def report(self) -> list[str]:
        """One line per record and per failure, then a summary."""
        lines = []
        for outcome in self.outcomes:
            where = f" ({outcome.origin})"
            name = f" {outcome.key}" if outcome.key else ""
            lines.append(f"{outcome.action}{name}{where}: {outcome.detail}")
            lines.extend(f"  kept yours: {kept}" for kept in outcome.kept)
        lines.extend(f"note: {note}" for note in self.notes)
        lines.extend(f"failed: {failure}" for failure in self.failures)
        counts = {
            action: sum(o.action == action for o in self.outcomes)
            for action in ("added", "updated", "unchanged", "skipped")
        }
        summary = ", ".join(f"{count} {action}" for action, count in counts.items())
        lines.append(f"{summary}, {len(self.failures)} failed")
        return lines


def run_import(sources: Sequence[str], bib: Path, client: Client) -> ImportResult:
    """Import *sources* into the text of *bib* (not written: see :func:`finish`)."""
    result = ImportResult()
    if bib.exists():
        result.old, _ = decode_bib_bytes(bib.read_bytes(), str(bib))
    entries = read_bib_text(result.old, str(bib)).entries
    lines = {entry.key: entry.line for entry in entries}
    targets = [
        Target(entry.key, entry.type, {name: f.value for name, f in entry.fields.items()})
        for entry in entries
    ]
    merger = Merger(targets)
    for source in sources:
        try:
            records = fetch_records(source, client)
        except SourceError as error:
            result.failures.append(str(error))
            continue
        for record in records:
            merger.add(record)
            result.notes.extend(note for note in record.notes if note.startswith("orcid:"))
    result.outcomes = merger.outcomes
    result.new = apply(result.old, merger.targets, lines)
    return result


def finish(result: ImportResult, bib: Path, *, dry_run: bool) -> list[str]:
    """Write the new text (or, with *dry_run*, return its diff) and return the lines to print."""
    if dry_run:
        diff = unified_diff(result.old, result.new, str(bib))
        return [*(diff.splitlines() or ["(no changes)"]), *result.report()]
    if result.new != result.old:
        write_atomically(bib, result.new)
    return [*result.report(), f"{bib}: {'written' if result.new != result.old else 'unchanged'}"]
