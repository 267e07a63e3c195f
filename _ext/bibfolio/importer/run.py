"""The import as a whole: read refs.bib, fetch every SOURCE, merge, report, write or diff."""

from __future__ import annotations

import codecs
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from .. import atomic
from ..model.names import NameError_, NamePattern, closest_names, parse_name, split_name_list
from ..reading.bibtex import read_bib_text
from ..reading.encoding import decode_bib_bytes
from .merge import Merger, Target
from .progress import Progress
from .sources import SourceError, fetch_records
from .writer import apply, unified_diff

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
    bom: bool = False  #: The file starts with a UTF-8 byte-order mark (kept).

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


def owner_variants(outcomes: Sequence[Outcome], owners: Sequence[str]) -> list[str]:
    """How the owner is spelled in the imported author lists, and where no author matched.

    Spellings other than the configured ones are worth adding to ``bibfolio_owner`` (or
    fixing in refs.bib); a publication with no matching author names its closest author.
    """
    if not owners:
        return []
    patterns = [NamePattern.from_config(name) for name in owners]
    seen: dict[str, list[str]] = {}
    unmatched: list[str] = []
    for outcome in outcomes:
        names = split_name_list(outcome.authors)
        people = []
        for text in names:
            try:
                people.append(parse_name(text))
            except NameError_:
                continue
        matching = [p.display for p in people if any(pat.matches(p) for pat in patterns)]
        for display in matching:
            seen.setdefault(display, []).append(outcome.key)
        if people and not matching:
            close = closest_names(owners[0], [p.display for p in people], limit=1)
            hint = (
                f"; closest author {close[0]!r} (if that is you, add it to bibfolio_owner)"
                if close
                else ""
            )
            unmatched.append(f"owner: no author of {outcome.key} matches {owners[0]!r}{hint}")
    configured = {" ".join(name.split()) for name in owners}
    lines = [
        f"owner: written {display!r} in {', '.join(dict.fromkeys(keys))}"
        for display, keys in seen.items()
        if display not in configured
    ]
    return lines + unmatched


def run_import(
    sources: Sequence[str],
    bib: Path,
    client: Client,
    owners: Sequence[str] = (),
    progress: Progress | None = None,
) -> ImportResult:
    """Import *sources* into the text of *bib* (not written: see :func:`finish`).

    *progress* counts the fetches: one a SOURCE, and one per work of an ORCID record.
    """
    progress = progress or Progress(len(sources), None)
    result = ImportResult()
    if bib.exists():
        data = bib.read_bytes()
        result.bom = data.startswith(codecs.BOM_UTF8)
        result.old, problems = decode_bib_bytes(data, str(bib))
        if problems:
            # Writing back would change bytes the user never asked to change.
            result.failures.append(
                f"{problems[0].location}: {problems[0].message}; {bib} is not UTF-8, so "
                "nothing is imported (see bibfolio check)"
            )
            result.new = result.old
            return result
    entries = read_bib_text(result.old, str(bib)).entries
    lines = {entry.key: entry.line for entry in entries}
    targets = [
        Target(entry.key, entry.type, {name: f.value for name, f in entry.fields.items()})
        for entry in entries
    ]
    merger = Merger(targets)
    for source in sources:
        progress.show(source)
        try:
            records = fetch_records(source, client, progress)
        except SourceError as error:
            result.failures.append(str(error))
            continue
        finally:
            progress.advance()
        for record in records:
            merger.add(record)
            result.notes.extend(note for note in record.notes if note.startswith("orcid:"))
    result.outcomes = merger.outcomes
    result.notes.extend(
        owner_variants([o for o in result.outcomes if o.action != "skipped"], owners)
    )
    result.new = apply(result.old, merger.targets, lines)
    return result


def finish(result: ImportResult, bib: Path, *, dry_run: bool) -> list[str]:
    """Write the new text (or, with *dry_run*, return its diff) and return the lines to print."""
    if dry_run:
        diff = unified_diff(result.old, result.new, str(bib))
        return [*(diff.splitlines() or ["(no changes)"]), *result.report()]
    if result.new != result.old:
        # The user's own file: durable, and its mode kept.
        atomic.write_file(
            bib, ("\ufeff" if result.bom else "") + result.new, if_changed=False, durable=True
        )
    return [*result.report(), f"{bib}: {'written' if result.new != result.old else 'unchanged'}"]
