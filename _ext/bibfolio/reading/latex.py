"""LaTeX in BibTeX fields → rich text: accents, dashes, emphasis, URLs and inline math.

Rich text is a tuple of parts.  A part is a ``str`` or a :class:`Span`; spans nest.  The
renderers turn spans into docutils nodes; :func:`plain` turns rich text into a string for
metadata (meta tags, JSON-LD, COinS, search).  ``%`` is text here, never a comment.

Structure (groups, arguments, accents, fonts, biblatex wrappers) is parsed here; symbol
commands come from pylatexenc's tables (:mod:`.texsymbols`).  A command nobody defines
prints nothing but its braced argument and is reported by :func:`latex_problems`.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache
from typing import TYPE_CHECKING

from .latexcommands import (
    ACCENTS,
    CITE_COMMANDS,
    DECLARATIONS,
    LETTERS,
    QUOTE_COMMANDS,
    QUOTES,
    SECOND_ARGUMENT_IS_TEXT,
    SILENT_WITH_ARGUMENT,
    SPACING_ACCENTS,
    SYMBOLS,
    TEXT_COMMANDS,
    WRAPPERS,
)
from .mathtext import is_math_command, math_arity, math_decode
from .richtext import Span, merge, plain
from .texsymbols import symbol

if TYPE_CHECKING:
    from collections.abc import Mapping

    from .richtext import Rich


_TOKEN = re.compile(
    r"\\([A-Za-z@]+)\*?[ \t\n]*"  # control word, trailing spaces eaten
    r"|\\(.)"  # control symbol
    r"|(\$\$?)"  # math shift
    r"|(---|--|``|''|[{}~`])"
    r"|([^\\{}$~`'\-]+|['\-])",
    re.DOTALL,
)
_SPECIAL = re.compile(r"[\\{}$~`]|--|''")


class _Parser:
    def __init__(self, source: str) -> None:
        self.tokens = list(_TOKEN.finditer(source))
        self.pos = 0
        self.source = source
        self.unknown: list[str] = []
        self.quote_depth = 0
        #: Single quotes opened with ` and not yet closed with '.
        self.open_single = 0

    def peek(self) -> re.Match[str] | None:
        return self.tokens[self.pos] if self.pos < len(self.tokens) else None

    def group(self) -> Rich:
        """Parse until the matching '}' (the '{' was consumed)."""
        return self.sequence(stop_at_brace=True)

    def argument(self) -> Rich:
        """Parse one macro argument: a braced group or a single token's text."""
        token = self.peek()
        if token is None:
            return ()
        if token.group(4) == "{":
            self.pos += 1
            return self.group()
        if token.group(5) is not None:
            text = token.group(5)
            self.pos += 1
            stripped = text.lstrip()
            if not stripped:
                return self.argument()
            # Only the first character is the argument: \c cedilla, \v S.
            rest = stripped[1:]
            if rest:
                self.tokens.insert(self.pos, _FakeMatch(rest))
            return (stripped[0],)
        return merge(list(self.one()))

    def optional(self) -> str:
        """An optional ``[...]`` argument's text, "" when there is none."""
        token = self.peek()
        if token is None or token.group(5) is None or not token.group(5).startswith("["):
            return ""
        parts: list[str | Span] = []
        while self.pos < len(self.tokens):
            token = self.tokens[self.pos]
            text = token.group(5)
            if text is not None and "]" in text:
                self.pos += 1
                inside, _, rest = text.partition("]")
                parts.append(inside)
                if rest:
                    self.tokens.insert(self.pos, _FakeMatch(rest))
                break
            parts.extend(self.one())
        return plain(merge(parts)).lstrip("[").strip()

    def raw_argument(self) -> str:
        """The argument's source text, uninterpreted (for \\url and math)."""
        token = self.peek()
        if token is None or token.group(4) != "{":
            return plain(self.argument())
        self.pos += 1
        depth = 1
        start = token.end()
        while self.pos < len(self.tokens):
            tok = self.tokens[self.pos]
            self.pos += 1
            if tok.group(4) == "{":
                depth += 1
            elif tok.group(4) == "}":
                depth -= 1
                if depth == 0:
                    return self.source[start : tok.start()]
        return self.source[start:]

    def accent(self, command: str) -> list[str | Span]:
        arg = plain(self.argument())
        if not arg:
            return [SPACING_ACCENTS.get(command, "")]
        base = {"ı": "i", "ȷ": "j"}.get(arg[0], arg[0])
        return [unicodedata.normalize("NFC", base + ACCENTS[command]) + arg[1:]]

    def command(self, name: str) -> list[str | Span]:
        if name in ACCENTS and len(name) == 1 and name.isalpha():
            return self.accent(name)
        if name in LETTERS:
            return [LETTERS[name]]
        if name in SYMBOLS:
            return [SYMBOLS[name]]
        if name in TEXT_COMMANDS:
            kind = TEXT_COMMANDS[name]
            arg = self.argument()
            return [Span(kind, arg)] if kind else list(arg)
        if name in QUOTE_COMMANDS:
            opening, closing = QUOTES[self.quote_depth % 2]
            self.quote_depth += 1
            arg = self.argument()
            self.quote_depth -= 1
            return [opening, *arg, closing]
        if name in WRAPPERS:
            opening, closing = WRAPPERS[name]
            return [opening, *self.argument(), closing]
        if name == "url":
            href = self.raw_argument().strip()
            return [Span("url", (href,), href)]
        if name == "href":
            href = self.raw_argument().strip()
            return [Span("url", self.argument(), href)]
        if name == "ensuremath":
            return [self.math_span(self.raw_argument())]
        if name in SECOND_ARGUMENT_IS_TEXT:
            self.raw_argument()
            return list(self.argument())
        if name in CITE_COMMANDS:
            notes = [note for note in (self.optional(), self.optional()) if note]
            return ["[", ", ".join([self.raw_argument().strip(), *notes[-1:]]), "]"]
        if name in SILENT_WITH_ARGUMENT:
            self.raw_argument()
            return []
        if name in ("begin", "end"):
            self.raw_argument()  # an environment's name is not text
            return [" "]
        if name in DECLARATIONS:
            kind = DECLARATIONS[name]
            rest = self.sequence(stop_at_brace=True, consume_brace=False)
            return [Span(kind, rest)] if kind else list(rest)
        arity = math_arity(name)
        if arity is not None:
            degree = self.optional() if name == "sqrt" else ""
            tex = f"\\{name}" + (f"[{degree}]" if degree else "")
            tex += "".join(f"{{{self.raw_argument()}}}" for _ in range(arity))
            return [self.math_span(tex)]
        text = symbol(name)
        if text is not None:
            return [text]
        self.unknown.append(name)
        letter = _glued_letter(name)
        if letter:
            # \Lukasz: a name written without the braces of {\L}ukasz; read it as meant.
            return [LETTERS[letter] + name[len(letter) :]]
        # An unknown command: keep what it was applied to, drop its name.
        token = self.peek()
        if token is not None and token.group(4) == "{":
            self.pos += 1
            return list(self.group())
        return []

    def math_span(self, tex: str) -> Span:
        rich, unknown = math_decode(tex)
        self.unknown.extend(unknown)
        return Span("math", rich, tex.strip())

    def math(self, delimiter: str) -> list[str | Span]:
        """Parse math up to *delimiter*: ``$``/``$$``, or ``)`` for ``\\(...\\)``.

        As in TeX, a ``$$`` met inside ``$...$`` is the ``$`` that closes it and the ``$``
        that opens the next formula: ``$\\Sigma$$\\Delta$`` is two inline formulas.
        """
        start = self.tokens[self.pos - 1].end()
        group = 2 if delimiter == ")" else 3
        spans: list[str | Span] = []
        while self.pos < len(self.tokens):
            token = self.tokens[self.pos]
            self.pos += 1
            found = token.group(group)
            if found == delimiter:
                return [*spans, self.math_span(self.source[start : token.start()])]
            if delimiter == "$" and found == "$$":
                spans.append(self.math_span(self.source[start : token.start()]))
                start = token.end()
        return [*spans, self.math_span(self.source[start:])]

    def one(self) -> list[str | Span]:
        token = self.tokens[self.pos]
        self.pos += 1
        word, control, math, punct, text = token.groups()
        if word is not None:
            return self.command(word)
        if control is not None:
            if control in ACCENTS:
                return self.accent(control)
            if control == "(":
                return self.math(")")
            return [SYMBOLS.get(control, control)]
        if math is not None:
            return self.math(math)
        if punct is not None:
            if punct == "{":
                return list(self.group())
            self.open_single += punct == "`"
            return [_PUNCTUATION.get(punct, "")]
        if (
            text == "'"
            and self.open_single
            and not self.source[token.end() : token.end() + 1].isalnum()
        ):
            # TeX's ` and ' quote: the ' that closes a ` is its closing mark ’, not an
            # apostrophe (which stays as typed, "Aristotle's").
            self.open_single -= 1
            return ["\u2019"]
        return [text]

    def sequence(self, *, stop_at_brace: bool = False, consume_brace: bool = True) -> Rich:
        parts: list[str | Span] = []
        while self.pos < len(self.tokens):
            token = self.tokens[self.pos]
            if token.group(4) == "}":
                if stop_at_brace:
                    if consume_brace:
                        self.pos += 1
                    return merge(parts)
                self.pos += 1  # a stray '}' has no meaning in text
                continue
            parts.extend(self.one())
        return merge(parts)


class _FakeMatch:
    """A plain-text token split off another token (the rest after a one-letter argument)."""

    def __init__(self, text: str) -> None:
        self._text = text

    def group(self, index: int = 0) -> str | None:
        return self._text if index in (0, 5) else None

    def groups(self) -> tuple[str | None, ...]:
        return (None, None, None, None, self._text)

    def start(self) -> int:  # pragma: no cover - only used for math sources
        return 0

    def end(self) -> int:  # pragma: no cover
        return 0


_WHITESPACE = re.compile(r"[ \t\r\n]+")
_COMMANDS_AND_BRACES = re.compile(r"\\[A-Za-z]+|[{}$\\]")
_PUNCTUATION = {"---": "—", "--": "–", "``": "“", "''": "”", "~": "\u00a0", "`": "‘"}


@lru_cache(maxsize=65536)
def _decode(source: str) -> tuple[Rich, tuple[str, ...]]:
    """Rich text and the unknown commands of one field (memoised: names repeat a lot)."""
    if not source:
        return (), ()
    if not _SPECIAL.search(source):
        return (_WHITESPACE.sub(" ", source),), ()
    parser = _Parser(source)
    try:
        parts = parser.sequence()
    except RecursionError:
        # Hundreds of nested braces: no markup survives that; keep the words.
        text = _WHITESPACE.sub(" ", _COMMANDS_AND_BRACES.sub("", source)).strip()
        return (text,), ()
    rich = tuple(_WHITESPACE.sub(" ", part) if isinstance(part, str) else part for part in parts)
    return rich, tuple(dict.fromkeys(parser.unknown))


def latex_to_rich(source: str) -> Rich:
    """Convert a field's LaTeX source to rich text."""
    return _decode(source)[0]


def _glued_letter(name: str) -> str:
    """The capital letter command that starts an unknown ``\\Lukasz`` (``L``), or "".

    Only capitals followed by small letters: ``\\other`` is not ``\\o`` + "ther".
    """
    for size in (2, 1):
        head, rest = name[:size], name[size:]
        if head in LETTERS and head.isupper() and rest.isalpha() and rest.islower():
            return head
    return ""


def _known(name: str) -> bool:
    """True when the text parser gives ``\\name`` a meaning (so it is never reported)."""
    return (
        name in SYMBOLS
        or name in LETTERS
        or name in ACCENTS
        or name in TEXT_COMMANDS
        or name in DECLARATIONS
        or name in _OTHER_COMMANDS
        or is_math_command(name)
    )


_OTHER_COMMANDS = frozenset(
    {"url", "href", "ensuremath", "begin", "end"}
    | QUOTE_COMMANDS
    | WRAPPERS.keys()
    | CITE_COMMANDS
    | SECOND_ARGUMENT_IS_TEXT
    | SILENT_WITH_ARGUMENT
)


_CONTROL_WORD = re.compile(r"\\([A-Za-z@]+)")


def unknown_commands(source: str) -> tuple[str, ...]:
    """The commands in *source* that mean nothing here, each once, in order of use.

    Each of them printed nothing but its braced argument.  Fields whose every command
    is known are answered from a scan, without parsing them.
    """
    if "\\" not in source:
        return ()
    if all(map(_known, _CONTROL_WORD.findall(source))):
        return ()
    return _decode(source)[1]


#: Fields that hold URLs, paths, identifiers or keys, never LaTeX text.
VERBATIM_FIELDS = frozenset(
    {
        *("url", "doi", "eprint", "arxiv", "pdf", "html", "code", "slides", "poster", "video"),
        *("supp", "website", "blog", "file", "preview", "bibtex_show", "crossref", "xdata"),
        *("urldate", "isbn", "issn", "keywords", "timestamp", "biburl", "bibsource", "ids"),
        *("author+an", "editor+an", "eprinttype", "archiveprefix", "primaryclass", "langid"),
        *("key", "sortkey", "sortname", "sorttitle", "sortyear", "presort", "label", "mrnumber"),
    }
)


def latex_problems(fields: Mapping[str, str], key: str) -> list[tuple[str, str]]:
    """``(field, message)`` for every unknown command in an entry's text fields."""
    problems = []
    for name, value in fields.items():
        if name in VERBATIM_FIELDS:
            continue
        for command in unknown_commands(value):
            letter = _glued_letter(command)
            shown = (
                f"read as \\{letter}{{}}{command[len(letter) :]}; write "
                f"{{\\{letter}}}{command[len(letter) :]}"
                if letter
                else "it prints nothing (only its braced argument is kept)"
            )
            problems.append(
                (name, f"unknown LaTeX command '\\{command}' in field '{name}' of '{key}': {shown}")
            )
    return problems


@lru_cache(maxsize=65536)
def latex_to_plain(source: str) -> str:
    """Convert LaTeX source straight to a plain string."""
    if not _SPECIAL.search(source):
        return _WHITESPACE.sub(" ", source).strip()
    return plain(latex_to_rich(source)).strip()


def url_from_latex(source: str) -> str:
    """Undo the escapes people write in URL fields (``\\_``, ``\\%``, ``\\&``, ``\\#``, ``\\~``)."""
    text = source.strip()
    if text.startswith("\\url{") and text.endswith("}"):
        text = text[5:-1]
    text = re.sub(r"\\([_%&#~$])", r"\1", text)
    text = text.replace("{", "").replace("}", "")
    return "".join(text.split())
