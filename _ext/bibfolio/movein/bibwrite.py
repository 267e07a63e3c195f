"""``refs.bib`` of a moved site: the old text kept where there was one, else written."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..importer.writer import Style
from ..reading.texescape import balanced, escape
from .model import Source

if TYPE_CHECKING:
    from .model import Bibliography, Entry, Report

_HEADER = (
    "% The publications of the old site, moved in by `bibfolio new --from`\n"
    "% (MIGRATION.md says what was changed and what was left behind).\n"
)


def bib_text(bibliography: Bibliography, report: Report) -> str:
    """The whole ``refs.bib``: a comment, the preamble as it was, then every entry.

    An entry with ``raw`` text is written as it is (macros, comments and spacing kept);
    one made from fields is written in BibTeX's usual field order.  A field value whose
    braces do not pair up would break the file for every reader: it is written escaped,
    as text, and the owner is told to check it.
    """
    parts = [_HEADER]
    parts += [text.strip("\n") + "\n" for text in bibliography.preamble if text.strip()]
    parts += [entry_text(entry, report) + "\n" for entry in bibliography.entries]
    return "\n".join(parts)


def entry_text(entry: Entry, report: Report) -> str:
    """One entry as BibTeX: its raw text, or written from its type, key and fields."""
    if entry.raw:
        return entry.raw.strip("\n")
    style = Style()
    lines = []
    for name, value in style.ordered({k.lower(): v for k, v in entry.fields.items() if v}):
        if not balanced(value):
            where = entry.source or Source("refs.bib")
            report.check(where, f"{entry.key}: the braces of field {name} did not pair up; "
                                "written as plain text")  # fmt: skip
        written = escape(value) if not balanced(value) else value
        lines.append(style.field_line(name, " ".join(written.split())))
    body = ",\n".join(lines)
    return (
        f"@{entry.type.lower()}{{{entry.key},\n{body},\n}}"
        if lines
        else f"@{entry.type.lower()}{{{entry.key},\n}}"
    )
