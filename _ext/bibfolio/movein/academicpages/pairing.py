"""A ``.bib`` an academicpages site keeps beside its Markdown publications, paired with them.

Some owners keep their real BibTeX in ``files/*.bib`` (linked as ``bibtexurl``) or in
``markdown_generator/*.bib`` (the generator's input).  An entry of such a file and a
Markdown publication with the same title (folded) and year are one paper: the ``.bib``
entry is kept as written (better authors than any citation string), with the Markdown's
links it lacks added, never doubled.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...importer.records import normal_title
from ...reading.bibtex import read_bib_text
from ..model import Entry, Source

if TYPE_CHECKING:
    from pathlib import Path

    from ..model import Report

#: Folders where academicpages sites keep BibTeX (relative to OLD).
BIB_FOLDERS = ("files", "markdown_generator", "_bibliography", "bibliography")
_COMMAND = re.compile(r"@[ \t]*(string|preamble)[ \t]*([{(])", re.IGNORECASE)
#: Fields a Markdown publication may add to a paired entry: links and the abstract.
ADDED = ("url", "pdf", "slides", "doi", "abstract")


@dataclass
class BibFile:
    """One ``.bib`` of the site: its entries (``raw`` kept) and its ``@string``s."""

    path: str
    entries: list[Entry]
    preamble: list[str]


def find_bibs(root: Path, report: Report) -> list[BibFile]:
    """Every ``.bib`` in :data:`BIB_FOLDERS`, read (unreadable parts in the report)."""
    found: list[BibFile] = []
    for folder in BIB_FOLDERS:
        for path in sorted((root / folder).glob("*.bib")):
            relative = path.relative_to(root).as_posix()
            text = path.read_text(encoding="utf-8-sig", errors="replace")
            found.append(read_bib(text, relative, report))
    return found


def read_bib(text: str, path: str, report: Report) -> BibFile:
    """*text*'s entries, each with its text as written, and its macro definitions."""
    result = read_bib_text(text, path)
    for problem in result.diagnostics:
        report.left(Source(path, problem.line), f"BibTeX that cannot be read: {problem.message}")
    lines = text.splitlines(keepends=True)
    starts = [entry.line for entry in result.entries] + [len(lines) + 1]
    entries: list[Entry] = []
    for index, entry in enumerate(result.entries):
        chunk = "".join(lines[entry.line - 1 : starts[index + 1] - 1])
        closing = max(chunk.rfind("}"), chunk.rfind(")"))
        raw = chunk[: closing + 1] if closing >= 0 else chunk.rstrip()
        fields = {name: value.value for name, value in entry.fields.items()}
        entries.append(
            Entry(entry.key, entry.type, fields, raw=raw, source=Source(path, entry.line))
        )
    return BibFile(path, entries, _commands(text))


def _commands(text: str) -> list[str]:
    """The ``@string`` and ``@preamble`` commands of *text*, as written."""
    found: list[str] = []
    for match in _COMMAND.finditer(text):
        close = "}" if match.group(2) == "{" else ")"
        depth, position = 0, match.end()
        while position < len(text):
            char = text[position]
            if char == "{":
                depth += 1
            elif char == "}" and depth:
                depth -= 1
            elif char == close and not depth:
                found.append(text[match.start() : position + 1])
                break
            position += 1
    return found


def identity(entry: Entry) -> tuple[str, str]:
    """(folded title, year): what pairs a ``.bib`` entry with a Markdown publication."""
    year = re.search(r"\d{4}", entry.fields.get("year") or entry.fields.get("date", ""))
    return normal_title(entry.fields.get("title", "")), year.group() if year else ""


def partner(entry: Entry, candidates: list[Entry]) -> Entry | None:
    """The candidate with *entry*'s title and year (a missing year matches any)."""
    title, year = identity(entry)
    if not title:
        return None
    for candidate in candidates:
        other_title, other_year = identity(candidate)
        if other_title == title and (not year or not other_year or year == other_year):
            return candidate
    return None


def add_fields(kept: Entry, extra: dict[str, str]) -> list[str]:
    """Add *extra*'s link fields that *kept* lacks (and names nowhere) to it; their names."""
    added: list[str] = []
    present = " ".join(kept.fields.values())
    for name in ADDED:
        value = extra.get(name, "")
        if not value or name in kept.fields or value in present:
            continue
        kept.fields[name] = value
        added.append(name)
        if kept.raw:
            kept.raw = _insert(kept.raw, name, value)
    return added


def _insert(raw: str, name: str, value: str) -> str:
    closing = max(raw.rfind("}"), raw.rfind(")"))
    body = raw[:closing].rstrip()
    comma = "" if body.endswith(",") else ","
    return f"{body}{comma}\n  {name} = {{{value}}}\n{raw[closing:]}"
