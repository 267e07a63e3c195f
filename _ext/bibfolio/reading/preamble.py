"""``@preamble`` macro definitions, obeyed in field values as LaTeX would obey them.

BibTeX copies ``@preamble`` into the ``.bbl`` file, so a definition such as
``\\newcommand{\\noopsort}[1]{}`` changes how every field prints: ``{\\noopsort{1973c}}1981``
prints "1981" (the classic sort trick).  bibfolio renders fields itself, so it reads the
common definition forms and expands them at read time:

- ``\\newcommand``, ``\\renewcommand``, ``\\providecommand``, ``\\DeclareRobustCommand``
  (starred or not), name braced or not, ``[n]`` arguments and an optional first argument
  ``[n][default]``;
- ``\\def``/``\\gdef``/``\\edef``/``\\xdef`` with undelimited parameters ``#1#2...``;
- ``\\let\\x\\y`` (``\\x`` reads as ``\\y``);
- definitions inside ``\\ifx\\undefined\\x ... \\fi`` guards (define if not yet defined).

Anything else in a preamble that is not harmless (``\\makeatletter``, ``\\hyphenation``)
is reported once per ``@preamble``, at its line, as ``preamble``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import partial
from typing import TYPE_CHECKING

from .diagnostics import Diagnostic

if TYPE_CHECKING:
    from .entry import BibEntry


@dataclass(frozen=True, slots=True)
class Definition:
    """One macro: ``\\name`` with *nargs* arguments, expanding to *body*."""

    name: str  #: Without the backslash.
    nargs: int
    default: str | None  #: Default of an optional first argument, or None.
    body: str  #: With ``#1`` ... ``#9`` for the arguments.


_NEW = frozenset({"newcommand", "renewcommand", "providecommand", "DeclareRobustCommand"})
_DEF = frozenset({"def", "gdef", "edef", "xdef"})
# Harmless in a preamble: category-code switches, guards' ends, hyphenation hints.
_HARMLESS = frozenset({"makeatletter", "makeatother", "relax", "fi", "else", "ignorespaces"})
_HARMLESS_WITH_GROUP = frozenset({"hyphenation"})
_CONTROL = re.compile(r"\\([A-Za-z@]+|.)", re.S)
_SPACE = re.compile(r"(?:\s|%[^\n]*\n?)*")
_PARAMS = re.compile(r"(?:#[1-9])*")
_ARGUMENT = re.compile(r"##|#([1-9])")
_EMPTY_GROUP = re.compile(r"(\\[A-Za-z@]+)?\{\}")
_SPACES = re.compile(r"\s+")
_ENDS_IN_WORD = re.compile(r"(?<!\\)(?:\\\\)*\\[A-Za-z@]+$")
#: Expansion stops this deep, so a recursive definition (``\def\x{\x}``) cannot loop.
_MAX_DEPTH = 16


class _UnreadableError(Exception):
    """A definition in a form this module does not interpret."""


def _group(text: str, pos: int) -> tuple[str, int]:
    """The content of the ``{...}`` group opening at *pos*, and the index after it."""
    if text[pos : pos + 1] != "{":
        raise _UnreadableError
    depth = 0
    index = pos
    while index < len(text):
        char = text[index]
        if char == "\\":
            index += 2  # \{ and \} are characters, not group delimiters
            continue
        if char == "{":
            depth += 1
        elif char == "}":
            depth -= 1
            if depth == 0:
                return text[pos + 1 : index], index + 1
        index += 1
    raise _UnreadableError


def _argument(text: str, pos: int) -> tuple[str, int] | None:
    """One macro argument at *pos*: a group's content, a control sequence or a character."""
    pos = _SPACE.match(text, pos).end()  # type: ignore[union-attr]
    if pos >= len(text):
        return None
    if text[pos] == "{":
        try:
            return _group(text, pos)
        except _UnreadableError:
            return None
    if text[pos] == "}":
        return None
    control = _CONTROL.match(text, pos)
    if control is not None:
        return control.group(), control.end()
    return text[pos], pos + 1


class _PreambleReader:
    """Reads the definitions of one ``@preamble`` value into a shared table."""

    def __init__(self, text: str, definitions: dict[str, Definition]) -> None:
        self.text = text
        self.definitions = definitions
        self.unreadable: list[str] = []
        self.guarded = 0  # inside \ifx\undefined\x ... \fi: define only what is undefined

    def space(self, pos: int) -> int:
        return _SPACE.match(self.text, pos).end()  # type: ignore[union-attr]

    def target(self, pos: int) -> tuple[str, int]:
        """The macro being defined: ``\\x`` or ``{\\x}``."""
        pos = self.space(pos)
        braced = self.text[pos : pos + 1] == "{"
        if braced:
            pos = self.space(pos + 1)
        control = _CONTROL.match(self.text, pos)
        if control is None:
            raise _UnreadableError
        pos = self.space(control.end())
        if braced:
            if self.text[pos : pos + 1] != "}":
                raise _UnreadableError
            pos += 1
        return control.group(1), pos

    def define(self, definition: Definition, provide: bool) -> None:
        if provide or self.guarded:
            self.definitions.setdefault(definition.name, definition)
        else:
            self.definitions[definition.name] = definition

    def newcommand(self, command: str, pos: int) -> int:
        text = self.text
        pos = self.space(pos)
        if text[pos : pos + 1] == "*":
            pos += 1
        name, pos = self.target(pos)
        nargs, default = 0, None
        pos = self.space(pos)
        if text[pos : pos + 1] == "[":
            close = text.find("]", pos)
            if close < 0 or not text[pos + 1 : close].strip().isdigit():
                raise _UnreadableError
            nargs = int(text[pos + 1 : close])
            pos = self.space(close + 1)
            if text[pos : pos + 1] == "[":
                close = text.find("]", pos)
                if close < 0:
                    raise _UnreadableError
                default = text[pos + 1 : close]
                pos = self.space(close + 1)
        body, pos = _group(text, pos)
        self.define(Definition(name, nargs, default, body), command == "providecommand")
        return pos

    def def_(self, pos: int) -> int:
        name, pos = self.target(pos)
        params = _PARAMS.match(self.text, pos)
        written = params.group() if params else ""  # type: ignore[union-attr]
        nargs = len(written) // 2
        if written != "".join(f"#{n}" for n in range(1, nargs + 1)):
            raise _UnreadableError  # delimited or out-of-order parameters
        body, pos = _group(self.text, params.end())  # type: ignore[union-attr]
        self.define(Definition(name, nargs, None, body), provide=False)
        return pos

    def let(self, pos: int) -> int:
        name, pos = self.target(pos)
        pos = self.space(pos)
        if self.text[pos : pos + 1] == "=":
            pos = self.space(pos + 1)
        control = _CONTROL.match(self.text, pos)
        source = control.group() if control else self.text[pos : pos + 1]
        if not source:
            raise _UnreadableError
        self.define(Definition(name, 0, None, source), provide=False)
        return pos + len(source)

    def read(self) -> list[str]:
        """Read every definition; return the pieces that could not be interpreted."""
        text = self.text
        pos = 0
        while (pos := self.space(pos)) < len(text):
            if text[pos] in "{}":
                pos += 1  # a group around definitions changes nothing here
                continue
            control = _CONTROL.match(text, pos)
            if control is None:
                pos = self.skip_unreadable(pos, pos)
                continue
            name, start, pos = control.group(1), control.start(), control.end()
            try:
                if name in _NEW:
                    pos = self.newcommand(name, pos)
                elif name in _DEF:
                    pos = self.def_(pos)
                elif name == "let":
                    pos = self.let(pos)
                elif name == "ifx":
                    # \ifx\undefined\x or \ifx\x\undefined: a "define if undefined" guard.
                    for _ in range(2):
                        pos = self.space(pos)
                        token = _CONTROL.match(text, pos)
                        if token is None:
                            raise _UnreadableError
                        pos = token.end()
                    self.guarded += 1
                elif name == "fi":
                    self.guarded = max(0, self.guarded - 1)
                elif name in _HARMLESS:
                    pass
                elif name in _HARMLESS_WITH_GROUP:
                    pos = _group(text, self.space(pos))[1]
                else:
                    raise _UnreadableError
            except _UnreadableError:
                pos = control.end()
                if name in _NEW or name in _DEF or name == "let":
                    # Report the definition whole: its target and parameter text too.
                    target = _CONTROL.match(text, self.space(pos))
                    pos = target.end() if target else pos
                pos = self.skip_unreadable(start, pos)
        return self.unreadable

    def skip_unreadable(self, start: int, pos: int) -> int:
        """Record what starts at *start* as unreadable, with its arguments and text."""
        text = self.text
        while pos < len(text) and text[pos] != "\\":
            if text[pos] == "{":
                try:
                    pos = _group(text, pos)[1]
                except _UnreadableError:
                    pos = len(text)
            else:
                pos += 1
        piece = " ".join(text[start:pos].split())
        self.unreadable.append(piece if len(piece) <= 40 else piece[:39] + "…")
        return pos


def read_preambles(
    preambles: list[tuple[str, int, str]],
) -> tuple[dict[str, Definition], list[Diagnostic]]:
    """Read ``(path, line, value)`` preambles in order into one table of definitions.

    Returns the table and one ``preamble`` diagnostic per ``@preamble`` holding something
    that is not a definition this module interprets.
    """
    definitions: dict[str, Definition] = {}
    diagnostics: list[Diagnostic] = []
    for path, line, value in preambles:
        unreadable = _PreambleReader(value, definitions).read()
        if unreadable:
            shown = ", ".join(f"'{piece}'" for piece in unreadable[:3])
            more = f" and {len(unreadable) - 3} more" if len(unreadable) > 3 else ""
            diagnostics.append(
                Diagnostic(
                    path,
                    line,
                    "preamble",
                    f"@preamble: cannot interpret {shown}{more}; commands it defines are "
                    "not applied to the fields",
                )
            )
    return definitions, diagnostics


def _pattern(definitions: dict[str, Definition]) -> re.Pattern[str]:
    words = sorted((re.escape(n) for n in definitions if n.isalpha() or "@" in n), key=len)
    symbols = [re.escape(n) for n in definitions if len(n) == 1 and not n.isalpha()]
    choices = []
    if words:
        choices.append("(?:" + "|".join(reversed(words)) + r")(?![A-Za-z@])")
    if symbols:
        choices.append("[" + "".join(symbols) + "]")
    return re.compile(r"\\(" + "|".join(choices) + ")")


def expand(value: str, definitions: dict[str, Definition], pattern: re.Pattern[str]) -> str:
    """*value* with every use of a defined macro replaced by its expansion."""
    return _expand(value, definitions, pattern, 0)


def _expand(
    text: str, definitions: dict[str, Definition], pattern: re.Pattern[str], depth: int
) -> str:
    if depth > _MAX_DEPTH:
        return text
    out: list[str] = []
    pos = 0
    while (match := pattern.search(text, pos)) is not None:
        before = len(text[: match.start()]) - len(text[: match.start()].rstrip("\\"))
        if before % 2:  # "\\noopsort" is a line break, then text
            out.append(text[pos : match.end()])
            pos = match.end()
            continue
        definition = definitions[match.group(1)]
        end = match.end()
        if definition.name.isalpha():
            end = _SPACE.match(text, end).end()  # type: ignore[union-attr]
        args: list[str] = []
        if definition.default is not None:
            if text[end : end + 1] == "[" and (close := text.find("]", end)) > 0:
                args.append(text[end + 1 : close])
                end = close + 1
            else:
                args.append(definition.default)
        while len(args) < definition.nargs:
            found = _argument(text, end)
            if found is None:
                break
            args.append(found[0])
            end = found[1]
        if len(args) < definition.nargs:  # arguments missing: leave the text as written
            out.append(text[pos : match.end()])
            pos = match.end()
            continue
        body = _ARGUMENT.sub(partial(_substitute, args=args), definition.body)
        out.append(text[pos : match.start()])
        expansion = _expand(body, definitions, pattern, depth + 1)
        out.append(expansion)
        if text[end : end + 1].isalpha() and _ENDS_IN_WORD.search(expansion or out[-2]):
            # TeX's tokens stay apart; in text, "\foo" + "bar" would read as "\foobar".
            out.append("{}")
        pos = end
    if not out:
        return text
    out.append(text[pos:])
    return "".join(out)


def _substitute(match: re.Match[str], *, args: list[str]) -> str:
    if match.group() == "##":
        return "#"
    number = int(match.group(1))
    return args[number - 1] if number <= len(args) else ""


def _tidy(value: str) -> str:
    """Drop the empty groups an expansion leaves (``{}1981``), except after a command."""
    while True:
        tidied = _EMPTY_GROUP.sub(lambda m: m.group() if m.group(1) else "", value)
        if tidied == value:
            return _SPACES.sub(" ", value).strip()
        value = tidied


def apply_definitions(entries: list[BibEntry], definitions: dict[str, Definition]) -> None:
    """Expand *definitions* in every field value of *entries*, in place."""
    if not definitions:
        return
    pattern = _pattern(definitions)
    for entry in entries:
        for name, bib_field in entry.fields.items():
            value = bib_field.value
            if "\\" not in value or pattern.search(value) is None:
                continue
            expanded = expand(value, definitions, pattern)
            if expanded != value:
                entry.fields[name] = replace(bib_field, value=_tidy(expanded))
