"""A tolerant BibTeX reader that keeps line numbers and never gives up on a file."""

from __future__ import annotations

import bisect
import re
import sys
from typing import TYPE_CHECKING, cast

from .crossref import resolve_references
from .diagnostics import Diagnostic
from .encoding import decode_bib_bytes
from .entry import BibEntry, BibField, BibFileResult
from .preamble import apply_definitions, read_preambles
from .renamedfields import rename_fields

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable

#: BibTeX's predefined month macros, expanded the way pybtex expands them.
_MONTHS = "January February March April May June July August September October November December"
MONTH_MACROS = {month[:3].lower(): month for month in _MONTHS.split()}

_ENTRY_START = re.compile(r"@[ \t]*([A-Za-z][\w-]*)[ \t\r\n]*([{(])")
# As in BibTeX, an '@' inside a value is text (``{Two projects:\n @Home ...}``); only a
# value whose braces never close before the end of the file falls back to the next line
# that starts with an entry.  Braces count even after a backslash, as in BibTeX: then
# every value written back in braces reads the same in any BibTeX parser.
_BRACED = re.compile(r"[{}]")
_QUOTED = re.compile(r'[{}]|(?<!\\)"')
_LINE_ENTRY = re.compile(r"\n[ \t]*@[ \t]*[A-Za-z][\w-]*[ \t]*[{(]")
_WS = re.compile(r"[ \t\r\n]*")
#: The common value: one braced part without inner braces (see :meth:`_Reader.value`).
_SIMPLE_BRACED = re.compile(r"[ \t\r\n]*\{([^{}]*)\}")
_KEY = re.compile(r"[^\s,{}()\"'#=%]+")
_NAME = re.compile(r"[^\s,{}()\"'#=%]+")
_NUMBER = re.compile(r"\d+")
_SPACES = re.compile(r"\s+")
_LINE_AT = re.compile(r"(?m)^[ \t]*@")
# "name =" where a comma or a closing brace was expected: the comma is missing.
_FIELD_AHEAD = re.compile(r"([^\s,{}()\"'#=%]+)[ \t\r\n]*=")


class _UnbalancedError(Exception):
    """A value's braces or quotes never closed; *resume* is where scanning continues."""

    def __init__(self, opened_line: int, resume: int) -> None:
        super().__init__(opened_line)
        self.opened_line = opened_line
        self.resume = resume


class _Reader:
    """Scanner state for one file."""

    def __init__(self, text: str, path: str, macros: dict[str, str]) -> None:
        self.text = text
        self.path = path
        self.macros = macros
        #: The entry being read, kept when an error cuts it short (see :meth:`read`).
        self.partial: BibEntry | None = None
        self.line_starts = [0] + [m.end() for m in re.finditer("\n", text)]
        self.result = BibFileResult(path)

    def line(self, pos: int) -> int:
        return bisect.bisect_right(self.line_starts, pos)

    def warn(self, pos_or_line: int, subtype: str, message: str, *, is_line: bool = False) -> None:
        line = pos_or_line if is_line else self.line(pos_or_line)
        self.result.diagnostics.append(Diagnostic(self.path, line, subtype, message))

    def skip_ws(self, pos: int) -> int:
        return _WS.match(self.text, pos).end()  # type: ignore[union-attr]

    # -- values -----------------------------------------------------------------------
    def scan_delimited(self, pos: int, pattern: re.Pattern[str], quote: bool) -> int:
        """Return the index of the closing delimiter of a value opened just before *pos*."""
        depth = 0
        for match in pattern.finditer(self.text, pos):
            char = match.group()
            if char == "{":
                depth += 1
            elif char == "}":
                if depth == 0 and not quote:
                    return match.start()
                if depth == 0:
                    # A stray '}' inside a quoted value: BibTeX rejects it as unbalanced.
                    raise _UnbalancedError(self.line(pos - 1), match.start())
                depth -= 1
            elif char == '"' and depth == 0:
                return match.start()
        # Never closed: resume at the first line after the opener that starts an entry.
        resume = _LINE_ENTRY.search(self.text, pos)
        raise _UnbalancedError(
            self.line(pos - 1), len(self.text) if resume is None else resume.start() + 1
        )

    def value(self, pos: int, *, strip: bool = True) -> tuple[str, str | None, int]:
        """Parse ``part # part ...``; return (text, bare macro name or None, end).

        Runs of white space become one space; *strip* (off for ``@string`` values, whose
        spaces matter once concatenated: ``"Bob " # "Smith"``) trims the ends.
        """
        text = self.text
        simple = _SIMPLE_BRACED.match(text, pos)
        if simple is not None:  # what the loop below returns, sooner
            after = _WS.match(text, simple.end()).end()  # type: ignore[union-attr]
            if text[after : after + 1] != "#":
                value = _SPACES.sub(" ", simple.group(1))
                return value.strip() if strip else value, None, simple.end()
        parts: list[str] = []
        macro: str | None = None
        count = 0
        while True:
            pos = self.skip_ws(pos)
            char = self.text[pos : pos + 1]
            count += 1
            if char == "{":
                end = self.scan_delimited(pos + 1, _BRACED, quote=False)
                parts.append(self.text[pos + 1 : end])
                pos = end + 1
            elif char == '"':
                end = self.scan_delimited(pos + 1, _QUOTED, quote=True)
                parts.append(self.text[pos + 1 : end])
                pos = end + 1
            elif number := _NUMBER.match(self.text, pos):
                parts.append(number.group())
                pos = number.end()
            elif name := _NAME.match(self.text, pos):
                ident = name.group()
                expanded = self.macros.get(ident.lower())
                if expanded is None:
                    expanded = MONTH_MACROS.get(ident.lower())
                if expanded is None and ident.lower() in ("true", "false"):
                    # al-folio files write selected = true; read it as the word it means.
                    expanded = ident.lower()
                if expanded is None:
                    self.warn(
                        pos,
                        "undefined_macro",
                        f"undefined @string macro '{ident}'; its name is used as the text",
                    )
                    expanded = ident
                macro = ident
                parts.append(expanded)
                pos = name.end()
            else:
                raise SyntaxError_(pos, 'a field value ({...}, "...", a number or a macro)')
            after = self.skip_ws(pos)
            if self.text[after : after + 1] != "#":
                text = _SPACES.sub(" ", "".join(parts))
                return text.strip() if strip else text, (macro if count == 1 else None), pos
            pos = after + 1

    # -- entries ----------------------------------------------------------------------
    def read(self) -> BibFileResult:
        pos = 0
        text = self.text
        while True:
            match = _ENTRY_START.search(text, pos)
            if match is None:
                return self.result
            kind = sys.intern(match.group(1).lower())
            closer = "}" if match.group(2) == "{" else ")"
            start = match.start()
            self.partial = None
            try:
                if kind == "comment":
                    self.result.commands += 1
                    pos = self.skip_comment(match.end(), closer)
                elif kind == "preamble":
                    self.result.commands += 1
                    value, _, end = self.value(match.end())
                    self.result.preamble.append((value, self.line(start)))
                    pos = self.expect_close(end, closer)
                elif kind == "string":
                    self.result.commands += 1
                    pos = self.read_string(match.end(), closer)
                else:
                    pos = self.read_entry(kind, start, match.end(), closer)
            except _UnbalancedError as err:
                self.warn(
                    err.opened_line,
                    "unbalanced_braces",
                    f"unbalanced braces: a '{{' or '\"' opened here is never closed; "
                    f"the @{match.group(1)} entry starting on line {self.line(start)} "
                    f"{self.keep_partial()}",
                    is_line=True,
                )
                pos = err.resume
            except SyntaxError_ as err:
                self.warn(
                    err.pos,
                    "syntax",
                    f"syntax error in the @{match.group(1)} entry starting on line "
                    f"{self.line(start)}: expected {err.expected}; the entry "
                    f"{self.keep_partial()}",
                )
                pos = self.resync(err.pos, start)

    def keep_partial(self) -> str:
        """Keep the entry cut short by an error if it has a title; say what happened.

        BibTeX and pybtex keep the fields read before a syntax error; an entry with its
        key, type and title is worth listing, one without a title is not.
        """
        entry = self.partial
        if entry is not None and "title" in entry.fields:
            self.result.entries.append(entry)
            return "keeps the fields read before the error"
        return "is skipped"

    def resync(self, pos: int, start: int) -> int:
        """Return where the next entry after the one at *start* begins (a line starting '@')."""
        line_start = self.line_starts[self.line(pos) - 1]
        for match in _LINE_AT.finditer(self.text, line_start):
            if match.end() > start + 1:
                return match.end() - 1
        return len(self.text)

    def skip_comment(self, pos: int, closer: str) -> int:
        if closer == "}":
            try:
                return self.scan_delimited(pos, _BRACED, quote=False) + 1
            except _UnbalancedError:
                return self.resync(pos, pos - 1)
        end = self.text.find(")", pos)
        return len(self.text) if end < 0 else end + 1

    def expect_close(self, pos: int, closer: str) -> int:
        pos = self.skip_ws(pos)
        if self.text[pos : pos + 1] != closer:
            raise SyntaxError_(pos, f"'{closer}'")
        return pos + 1

    def read_string(self, pos: int, closer: str) -> int:
        pos = self.skip_ws(pos)
        name = _NAME.match(self.text, pos)
        if name is None:
            raise SyntaxError_(pos, "a macro name")
        pos = self.skip_ws(name.end())
        if self.text[pos : pos + 1] != "=":
            raise SyntaxError_(pos, "'='")
        value, _, end = self.value(pos + 1, strip=False)
        self.macros[name.group().lower()] = value
        return self.expect_close(end, closer)

    def read_entry(self, kind: str, start: int, pos: int, closer: str) -> int:
        text = self.text
        ws = cast("Callable[[str, int], re.Match[str]]", _WS.match)  # never None; bound once
        pos = ws(text, pos).end()
        key_match = _KEY.match(text, pos)
        if key_match is None:
            raise SyntaxError_(pos, "an entry key")
        entry = BibEntry(kind, key_match.group(), self.path, self.line(start))
        pos = ws(text, key_match.end()).end()
        if text[pos : pos + 1] not in (",", closer):
            raise SyntaxError_(pos, "',' after the key")
        self.partial = entry
        while True:
            pos = ws(text, pos).end()
            char = text[pos : pos + 1]
            if char == ",":
                pos += 1
                continue
            if char == closer:
                end = pos + 1
                ahead = ws(text, end).end()
                if text[ahead : ahead + 1] == ",":
                    # ``},`` ends many entries (BibTeX ignores text between entries);
                    # only ``}, name =`` means an extra brace inside the entry.
                    ahead = ws(text, ahead + 1).end()
                if closer == "}" and _FIELD_AHEAD.match(text, ahead):
                    # An extra '}' closed the entry early; keep reading its fields.
                    self.warn(
                        pos,
                        "unbalanced_braces",
                        f"unbalanced braces: an extra '}}' closes entry '{entry.key}' early; "
                        "the fields after it are still read",
                    )
                    pos = end
                    continue
                self.partial = None
                self.result.entries.append(entry)
                return end
            if not char:
                raise _UnbalancedError(entry.line, len(text))
            name = _NAME.match(text, pos)
            if name is None:
                raise SyntaxError_(pos, "a field name")
            # Interned: 3000 entries hold one "author", not 3000.
            field_name = sys.intern(name.group().lower())
            field_pos = pos
            pos = ws(text, name.end()).end()
            if text[pos : pos + 1] != "=":
                raise SyntaxError_(pos, f"'=' after field name '{name.group()}'")
            equals = pos
            value, macro, pos = self.value(pos + 1)
            line = self.line(field_pos)
            if field_name in entry.fields:
                self.warn(
                    line,
                    "duplicate_field",
                    f"duplicate field '{field_name}' in entry '{entry.key}'; the first value "
                    f"(line {entry.fields[field_name].line}) is kept",
                    is_line=True,
                )
            else:
                entry.fields[field_name] = BibField(field_name, value, line, macro)
            after = ws(text, pos).end()
            if text[after : after + 1] in (",", closer):
                pos = after
                continue
            if after >= len(text) or (
                _ENTRY_START.match(text, after)
                and not text[self.line_starts[self.line(after) - 1] : after].strip()
            ):
                # The value's '{' was closed by the entry's own '}': a brace is missing,
                # and the value swallowed the fields after it, so it is not kept.
                if entry.fields.get(field_name, None) is not None and (
                    entry.fields[field_name].line == line
                ):
                    del entry.fields[field_name]
                value_start = ws(text, equals + 1).end()
                raise _UnbalancedError(self.line(value_start), after)
            following = _FIELD_AHEAD.match(text, after)
            if following is None:
                raise SyntaxError_(after, f"',' or '{closer}' after field '{field_name}'")
            self.warn(
                after,
                "missing_comma",
                f"missing comma before field '{following.group(1)}' in entry "
                f"'{entry.key}'; read as if it were there",
            )
            pos = after


class SyntaxError_(Exception):  # noqa: N801, N818 - distinct from the builtin on purpose
    """Raised with the position where the reader expected *expected*."""

    def __init__(self, pos: int, expected: str) -> None:
        super().__init__(expected)
        self.pos = pos
        self.expected = expected


def read_bib_text(text: str, path: str, macros: dict[str, str] | None = None) -> BibFileResult:
    """Read BibTeX source *text*; *macros* carries ``@string`` definitions across files."""
    return _Reader(text, path, {} if macros is None else macros).read()


def _no_entries(text: str, path: str) -> list[Diagnostic]:
    """What a file with no entry, ``@string``, ``@preamble`` or ``@comment`` is worth.

    One of ``%`` comment lines alone is a bibliography not filled in yet (``bibfolio
    new`` writes one, saying what to put there): nothing.  An empty file (what a failed
    export leaves) or one with text that is no comment (an error page saved as ``.bib``,
    a RIS or CSL-JSON file) is a mistake: an ``empty_file`` warning, at that text's line.
    """
    lines = [(number, line.strip()) for number, line in enumerate(text.splitlines(), 1)]
    written = [(number, line) for number, line in lines if line]
    if not written:
        return [Diagnostic(path, 1, "empty_file", "bibliography file is empty: no entries")]
    other = next((number for number, line in written if not line.startswith("%")), None)
    if other is None:
        return []
    return [
        Diagnostic(
            path,
            other,
            "empty_file",
            "bibliography file contains no entries: this text is neither a BibTeX entry "
            "nor a comment (a line that starts with %)",
        )
    ]


def read_bib_files(
    sources: Iterable[tuple[str, bytes | None]], encoding: str = "utf-8-sig"
) -> tuple[list[BibEntry], list[Diagnostic]]:
    """Read several files in order, sharing ``@string`` macros like BibTeX does.

    *sources* holds ``(shown path, content)`` pairs; content ``None`` means the file is
    missing.  Duplicate keys are reported here because they can span files; the later
    entry is dropped.  A renamed field is read under its new name (``renamedfields.py``).
    Once every file is read, ``@preamble`` definitions are applied to the field values
    and ``crossref``/``xdata`` are resolved (both may point forward or into another
    file); ``@xdata`` and ``@set`` entries, which are not publications, are left out.
    Returns the entries in file order and every problem found.
    """
    macros: dict[str, str] = {}
    entries: list[BibEntry] = []
    diagnostics: list[Diagnostic] = []
    preambles: list[tuple[str, str, int]] = []
    seen: dict[str, BibEntry] = {}
    for path, data in sources:
        if data is None:
            diagnostics.append(Diagnostic(path, 1, "missing_file", "bibliography file not found"))
            continue
        text, problems = decode_bib_bytes(data, path, encoding)
        result = read_bib_text(text, path, macros)
        preambles.extend((path, line, value) for value, line in result.preamble)
        found = problems + result.diagnostics
        if not result.entries and not result.commands and not found:
            found.extend(_no_entries(text, path))
        for entry in result.entries:
            found.extend(rename_fields(entry))
            first = seen.get(entry.key.lower())
            if first is not None:
                found.append(
                    Diagnostic(
                        path,
                        entry.line,
                        "duplicate_key",
                        f"duplicate key '{entry.key}' (first defined at "
                        f"{first.path}:{first.line}); this entry is ignored",
                    )
                )
                continue
            seen[entry.key.lower()] = entry
            entries.append(entry)
        diagnostics.extend(sorted(found, key=lambda d: d.line))
    if preambles:
        definitions, problems = read_preambles(preambles)
        diagnostics.extend(problems)
        apply_definitions(entries, definitions)
    entries, problems = resolve_references(entries)
    diagnostics.extend(problems)
    return entries, diagnostics
