"""Editing one BibTeX entry's text in place: a field's value, removed, or added."""

from __future__ import annotations

import re


def _field(name: str) -> re.Pattern[str]:
    return re.compile(r"(?im)(^|[,{\s])(" + re.escape(name) + r")\s*=\s*")


def field_span(raw: str, name: str) -> tuple[int, int, int, int] | None:
    """Where field *name* is in *raw*: (field start, value start, value end, field end).

    The value is braced, quoted, a number or a macro (``#`` concatenations included);
    the field's end takes the comma after it.
    """
    found = _field(name).search(raw)
    if not found:
        return None
    start, pos = found.start(2), found.end()
    end = _value_end(raw, pos)
    stop = end
    after = re.match(r"\s*,", raw[end:])
    if after:
        stop = end + after.end()
    return start, pos, end, stop


def _value_end(raw: str, pos: int) -> int:
    while True:
        if pos < len(raw) and raw[pos] in '{"':
            pos = _closing(raw, pos)
        else:
            word = re.match(r"[^\s,#}]*", raw[pos:])
            pos += word.end() if word else 0
        more = re.match(r"\s*#\s*", raw[pos:])
        if not more:
            return pos
        pos += more.end()


def _closing(raw: str, pos: int) -> int:
    opener = raw[pos]
    depth = 0
    for index in range(pos, len(raw)):
        char = raw[index]
        if opener == '"' and char == '"' and index > pos and depth == 0:
            return index + 1
        if char == "{":
            depth += 1
        elif char == "}":
            depth -= 1
            if depth == 0 and opener == "{":
                return index + 1
    return len(raw)


def set_value(raw: str, name: str, value: str) -> str:
    """*raw* with field *name*'s value replaced by ``{value}``."""
    span = field_span(raw, name)
    if span is None:
        return raw
    return raw[: span[1]] + "{" + value + "}" + raw[span[2] :]


def remove_field(raw: str, name: str) -> str:
    """*raw* without field *name* (and its line, when it had one of its own)."""
    span = field_span(raw, name)
    if span is None:
        return raw
    start, stop = span[0], span[3]
    line_start = raw.rfind("\n", 0, start) + 1
    if not raw[line_start:start].strip():
        start = line_start
        stop += len(raw[stop:]) - len(raw[stop:].lstrip(" \t"))
        if raw[stop : stop + 1] == "\n":
            stop += 1
    return raw[:start] + raw[stop:]


def add_field(raw: str, after: str, name: str, value: str) -> str:
    """*raw* with ``name = {value},`` on a line of its own after field *after*."""
    span = field_span(raw, after)
    if span is None:
        return raw
    start, _, end, stop = span
    line_start = raw.rfind("\n", 0, start) + 1
    indent = raw[line_start:start] if not raw[line_start:start].strip() else "  "
    comma = "" if stop > end else ","
    return raw[:stop] + comma + f"\n{indent}{name} = {{{value}}}," + raw[stop:]
