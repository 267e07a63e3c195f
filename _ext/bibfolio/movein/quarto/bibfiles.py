"""A site's own ``.bib`` files, kept as their text: each entry's raw text and its fields."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ...reading.bibtex import read_bib_text
from ..model import Entry, Source

if TYPE_CHECKING:
    from pathlib import Path

    from ..model import Site

_START = re.compile(r"^[ \t]*@[ \t]*(\w+)[ \t]*[{(]", re.M)
_COMMANDS = {"string", "preamble", "comment"}


@dataclass
class BibFile:
    """One ``.bib``: the text around the entries (comments, ``@string``) and the entries."""

    path: str
    preamble: list[str] = field(default_factory=list)
    entries: list[Entry] = field(default_factory=list)


def read_bib(root: Path, path: str) -> BibFile:
    """*path* (relative to *root*) split into raw entries, each with the fields read."""
    text = (root / path).read_text(encoding="utf-8-sig", errors="replace")
    parsed = {entry.key: entry for entry in read_bib_text(text, path).entries}
    result = BibFile(path)
    position = 0
    for found in _START.finditer(text):
        if found.start() < position:
            continue
        end = _closing(text, found.end() - 1)
        between = text[position : found.start()].strip()
        if between:
            result.preamble.append(between)
        raw = text[found.start() : end].strip()
        position = end
        kind = found.group(1).lower()
        if kind in _COMMANDS:
            result.preamble.append(raw)
            continue
        key = re.match(r"@\s*\w+\s*[{(]\s*([^,\s]+)", raw.lstrip())
        line = text.count("\n", 0, found.start()) + 1
        if key is None:
            result.preamble.append(raw)
            continue
        entry = Entry(key.group(1), kind, raw=raw + "\n", source=Source(path, line))
        known = parsed.get(entry.key)
        if known is not None:
            entry.fields = {name: value.value for name, value in known.fields.items()}
        result.entries.append(entry)
    tail = text[position:].strip()
    if tail:
        result.preamble.append(tail)
    return result


def _closing(text: str, opening: int) -> int:
    # BibTeX's reading: braces nest; an entry opened with ( ends at the matching ).
    close = ")" if text[opening] == "(" else "}"
    depth = 0
    for index in range(opening, len(text)):
        char = text[index]
        if char == "{" or (close == ")" and char == "("):
            depth += 1
        elif char == "}" or (close == ")" and char == ")"):
            depth -= 1
            if depth == 0:
                return index + 1
    return len(text)


def add_fields(entry: Entry, fields: dict[str, str]) -> list[str]:
    """Give a raw *entry* the *fields* it lacks (before its closing brace); their names."""
    added = [name for name in fields if name not in entry.fields and fields[name]]
    if not added:
        return []
    body = entry.raw.rstrip()
    closing = body[-1]
    body = body[:-1].rstrip()
    if not body.endswith(","):
        body += ","
    lines = "".join(f"\n  {name} = {{{fields[name]}}}," for name in added)
    entry.raw = f"{body}{lines}\n{closing}\n"
    entry.fields.update({name: fields[name] for name in added})
    return added


def add_cited(bibs: list[BibFile], site: Site, cited: set[str], *, own: set[str]) -> None:
    """Entries of a citation ``.bib`` (not *own*) that pages cite, into the site's."""
    # Works the posts cite, from a bibliography of others' papers: in refs.bib so {cite}
    # finds them; the owner's lists leave them out (:filter: owner).
    present = {entry.key for entry in site.bibliography.entries}
    for bib in bibs:
        if bib.path in own:
            continue
        for entry in bib.entries:
            if entry.key in cited and entry.key not in present:
                site.bibliography.entries.append(entry)
                site.report.check(
                    entry.source or Source(bib.path),
                    f"{entry.key}: a work the pages cite, not yours; in refs.bib for {{cite}}",
                )
            elif entry.key not in present:
                site.report.left(entry.source or Source(bib.path), f"{entry.key}: no page cites it")
