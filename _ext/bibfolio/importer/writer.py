"""Write merged entries back into a .bib in its own style: a minimal diff, written atomically."""

from __future__ import annotations

import difflib
import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from ..reading.bibtex import read_bib_text

if TYPE_CHECKING:
    from .merge import Target

_MONTHS = frozenset(("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct",
                     "nov", "dec"))  # fmt: skip
#: The order of fields in a new entry when the file shows none (BibTeX's usual order).
DEFAULT_ORDER = (
    "author", "editor", "title", "journal", "booktitle", "school", "institution", "volume",
    "number", "pages", "publisher", "address", "year", "month", "doi", "eprint",
    "archiveprefix", "url", "abstract", "preprint",
)  # fmt: skip
_FIELD_LINE = re.compile(r"(?m)^([ \t]*)([A-Za-z][\w+:.-]*)([ \t]*=[ \t]*)([{\"]?)")
_ENTRY_LINE = re.compile(r"(?m)^[ \t]*@[ \t]*([A-Za-z]+)[ \t]*\{")


@dataclass
class Style:
    """How a file writes its entries, read from the file itself (majority wins)."""

    indent: str = "  "
    equals: str = " = "
    quote: bool = False  #: Values in ``"…"`` rather than ``{…}``.
    upper_names: bool = False  #: ``AUTHOR = …``.
    type_case: str = "lower"  #: ``@article``, ``@ARTICLE`` (``upper``) or ``@Article`` (``title``).
    trailing_comma: bool = True  #: A comma after the last field.
    separator: str = "\n\n"  #: Between two entries.
    #: The column of ``=`` when the file aligns it (``author       = {``), else 0.
    align: int = 0
    order: list[str] = field(default_factory=lambda: list(DEFAULT_ORDER))

    @classmethod
    def of(cls, text: str) -> Style:
        """The style of *text*; BibTeX's common defaults where the file shows nothing."""
        lines = _FIELD_LINE.findall(text)
        if not lines:
            return cls()
        common = Counter((indent, equals.replace("\t", " ")) for indent, _, equals, _ in lines)
        indent, equals = common.most_common(1)[0][0]
        quotes = sum(opener == '"' for *_, opener in lines)
        braces = sum(opener == "{" for *_, opener in lines)
        names = [name for _, name, _, _ in lines]
        types = _ENTRY_LINE.findall(text)
        closers = re.findall(r"(,?)[ \t]*\r?\n[ \t]*\}[ \t]*(?:\r?\n|$)", text)
        gaps = re.findall(r"\}[ \t]*((?:\r?\n)+)[ \t]*@", text)
        order = _merged_order(text)
        for index, name in enumerate(DEFAULT_ORDER):
            if name not in order:
                # After the nearest field that comes before it in BibTeX's usual order.
                before = [order.index(n) for n in DEFAULT_ORDER[:index] if n in order]
                order.insert(max(before) + 1 if before else 0, name)
        # Aligned when most lines put "=" in one column though their names differ in length.
        columns = Counter(len(i) + len(n) + len(e.split("=")[0]) for i, n, e, _ in lines)
        column, count = columns.most_common(1)[0]
        lengths = {
            len(n) for i, n, e, _ in lines if len(i) + len(n) + len(e.split("=")[0]) == column
        }
        align = column if count >= 0.6 * len(lines) and len(lengths) > 1 else 0
        if align:
            equals = " =" + equals.split("=", 1)[1]
        return cls(
            align=align,
            indent=indent or "  ",
            equals=equals,
            quote=quotes > braces,
            upper_names=sum(n.isupper() for n in names) > len(names) / 2,
            type_case=Counter(_case(t) for t in types).most_common(1)[0][0] if types else "lower",
            trailing_comma=(not closers) or sum(c == "," for c in closers) >= len(closers) / 2,
            separator=Counter(gaps).most_common(1)[0][0] if gaps else "\n\n",
            order=order,
        )

    def field_line(self, name: str, value: str) -> str:
        """``<indent>name = {value}`` (without the comma)."""
        shown = name.upper() if self.upper_names else name
        if name == "month" and value in _MONTHS:
            written = value
        elif self.quote and '"' not in value:
            written = f'"{value}"'
        else:
            written = "{" + value + "}"
        head = f"{self.indent}{shown}"
        if self.align:
            head = head.ljust(self.align - 1)
        return f"{head}{self.equals}{written}"

    def ordered(self, fields: dict[str, str]) -> list[tuple[str, str]]:
        """*fields* in the file's field order (unknown names last, as given)."""
        rank = {name: index for index, name in enumerate(self.order)}
        return sorted(fields.items(), key=lambda item: rank.get(item[0], len(rank)))

    def entry(self, target: Target) -> str:
        """A whole new entry in this style."""
        fields = self.ordered(target.fields)
        kind = {"upper": str.upper, "title": str.title}.get(self.type_case, str.lower)(target.type)
        body = ",\n".join(self.field_line(name, value) for name, value in fields)
        return f"@{kind}{{{target.key},\n{body}{',' if self.trailing_comma else ''}\n}}"


def _case(word: str) -> str:
    if word.isupper():
        return "upper"
    return "title" if word[:1].isupper() else "lower"


def _merged_order(text: str) -> list[str]:
    """Field names in the order the file's entries use them (first seen wins)."""
    order: list[str] = []
    for entry in read_bib_text(text, "-").entries:
        position = 0
        for name in entry.fields:
            if name in order:
                position = order.index(name) + 1
            else:
                order.insert(position, name)
                position += 1
    return order


def entry_end(text: str, start: int) -> int | None:
    """Index of the ``}`` closing the entry that starts on the line at *start*.

    None for an entry opened with ``(`` (rare; left alone rather than edited wrongly).
    """
    if not _ENTRY_LINE.match(text, start):
        return None
    opener = text.find("{", start)
    depth = 0
    for match in re.finditer(r"[{}]", text[opener:]):
        depth += 1 if match.group() == "{" else -1
        if depth == 0:
            return opener + match.start()
    return None


def apply(text: str, targets: list[Target], entry_lines: dict[str, int]) -> str:
    """*text* with fields inserted into updated entries and new entries appended.

    Untouched entries stay byte for byte; an updated entry changes only by new lines
    before its closing brace.  *entry_lines* maps each existing key to its ``@`` line.
    """
    style = Style.of(text)
    newline = "\r\n" if "\r\n" in text else "\n"
    starts = [0] + [match.end() for match in re.finditer("\n", text)]
    inserts: list[tuple[int, str]] = []
    for target in targets:
        if target.new or not target.added_fields:
            continue
        start = starts[entry_lines[target.key] - 1]
        end = entry_end(text, start)
        if end is None:
            continue
        before = text[start:end].rstrip()
        comma_at = start + len(before)
        lines = [
            style.field_line(name, value) for name, value in style.ordered(target.added_fields)
        ]
        added = ("," + newline).join(lines) + ("," if style.trailing_comma else "")
        if "\n" not in text[comma_at:end]:  # "year = {2019}}": the brace gets its own line
            added += newline
        if before.endswith(","):
            inserts.append((comma_at, newline + added))
        else:
            inserts.append((comma_at, "," + newline + added))
    for position, insert in sorted(inserts, reverse=True):
        text = text[:position] + insert + text[position:]
    new = [style.entry(target) for target in targets if target.new]
    if new:
        separator = style.separator
        if newline == "\r\n" and "\r\n" not in separator:
            separator = separator.replace("\n", newline)
        body = text.rstrip("\r\n")
        joined = separator.join(entry.replace("\n", newline) for entry in new)
        text = (body + separator if body else "") + joined + newline
    return text


def unified_diff(old: str, new: str, path: str) -> str:
    """A unified diff of *path*'s old and new text, as ``--dry-run`` prints it."""
    return "".join(
        difflib.unified_diff(
            old.splitlines(keepends=True),
            new.splitlines(keepends=True),
            # git's a/ b/ prefixes for a relative path; an absolute one is shown as it is.
            fromfile=path if Path(path).is_absolute() else f"a/{path}",
            tofile=path if Path(path).is_absolute() else f"b/{path}",
        )
    )
