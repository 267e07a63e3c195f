"""LaTeX in BibTeX fields → rich text: accents, dashes, emphasis, URLs and inline math.

Rich text is a tuple of parts.  A part is a ``str`` or a :class:`Span`; spans nest.  The
renderers turn spans into docutils nodes; :func:`plain` turns rich text into a string for
metadata (meta tags, JSON-LD, COinS, search).  ``%`` is text here, never a comment.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache

from .mathtext import math_to_rich

Rich = tuple["str | Span", ...]


@dataclass(frozen=True, slots=True)
class Span:
    """Marked-up text: ``kind`` is em, strong, code, sup, sub, sc, math or url."""

    kind: str
    children: Rich
    data: str = ""  #: The href for ``url``, the TeX source for ``math``.


_ACCENTS = {
    '"': "\u0308",
    "'": "\u0301",
    "`": "\u0300",
    "^": "\u0302",
    "~": "\u0303",
    "=": "\u0304",
    ".": "\u0307",
    "u": "\u0306",
    "v": "\u030c",
    "H": "\u030b",
    "c": "\u0327",
    "k": "\u0328",
    "r": "\u030a",
    "d": "\u0323",
    "b": "\u0331",
    "t": "\u0361",
}
_LETTERS = {
    "i": "ı",
    "j": "ȷ",
    "o": "ø",
    "O": "Ø",
    "l": "ł",
    "L": "Ł",
    "ss": "ß",
    "ae": "æ",
    "AE": "Æ",
    "oe": "œ",
    "OE": "Œ",
    "aa": "å",
    "AA": "Å",
    "dh": "ð",
    "DH": "Ð",
    "th": "þ",
    "TH": "Þ",
    "ng": "ŋ",
    "NG": "Ŋ",
    "dj": "đ",
    "DJ": "Đ",
}
_SYMBOLS = {
    "&": "&",
    "%": "%",
    "$": "$",
    "#": "#",
    "_": "_",
    "{": "{",
    "}": "}",
    " ": " ",
    ",": "\u2009",
    ";": " ",
    ":": " ",
    "!": "",
    "-": "",
    "@": "",
    "/": "",
    "\\": " ",
    "ldots": "…",
    "dots": "…",
    "textellipsis": "…",
    "textendash": "–",
    "textemdash": "—",
    "textquoteleft": "‘",
    "textquoteright": "’",
    "textquotedblleft": "“",
    "textquotedblright": "”",
    "textquotesingle": "'",
    "textquotedbl": '"',
    "textdollar": "$",
    "textregistered": "®",
    "texttrademark": "™",
    "textcopyright": "©",
    "copyright": "©",
    "textdegree": "°",
    "S": "§",
    "P": "¶",
    "dag": "†",
    "ddag": "‡",
    "textdagger": "†",
    "textdaggerdbl": "‡",
    "textbullet": "•",
    "textperiodcentered": "·",
    "textbackslash": "\\",
    "textasciitilde": "~",
    "textasciicircum": "^",
    "textunderscore": "_",
    "textless": "<",
    "textgreater": ">",
    "textbar": "|",
    "textbraceleft": "{",
    "textbraceright": "}",
    "textpercent": "%",
    "textampersand": "&",
    "euro": "€",
    "texteuro": "€",
    "pounds": "£",
    "textsterling": "£",
    "yen": "¥",
    "guillemotleft": "«",
    "guillemotright": "»",
    "guillemetleft": "«",
    "guillemetright": "»",
    "quad": " ",
    "qquad": " ",
    "LaTeX": "LaTeX",
    "TeX": "TeX",
    "BibTeX": "BibTeX",
    "relax": "",
    "protect": "",
    "noopsort": "",
    "par": " ",
    "newline": " ",
    "linebreak": " ",
    "allowbreak": "",
    "hfill": " ",
}
#: Commands taking one argument that becomes a span of this kind ("" = plain text).
_TEXT_COMMANDS = {
    "textbf": "strong",
    "emph": "em",
    "textit": "em",
    "textsl": "em",
    "texttt": "code",
    "textsc": "sc",
    "textsuperscript": "sup",
    "textsubscript": "sub",
    "textrm": "",
    "textsf": "",
    "textnormal": "",
    "textmd": "",
    "textup": "",
    "mbox": "",
    "text": "",
    "hbox": "",
    "uppercase": "",
    "lowercase": "",
    "MakeUppercase": "",
    "MakeLowercase": "",
    "NoCaseChange": "",
    "ensuremath": "",
    "underline": "",
}
#: Old-style declarations: ``{\em text}``.
_DECLARATIONS = {
    "em": "em",
    "it": "em",
    "itshape": "em",
    "sl": "em",
    "slshape": "em",
    "bf": "strong",
    "bfseries": "strong",
    "tt": "code",
    "ttfamily": "code",
    "sc": "sc",
    "scshape": "sc",
    "rm": "",
    "rmfamily": "",
    "sf": "",
    "sffamily": "",
    "normalfont": "",
    "upshape": "",
    "mdseries": "",
    "small": "",
    "footnotesize": "",
    "large": "",
    "Large": "",
    "relax": "",
}

_TOKEN = re.compile(
    r"\\([A-Za-z@]+)\*?[ \t\n]*"  # control word, trailing spaces eaten
    r"|\\(.)"  # control symbol
    r"|(\$\$?)"  # math shift
    r"|(---|--|``|''|[{}~`])"
    r"|([^\\{}$~`'\-]+|['\-])",
    re.DOTALL,
)
_SPECIAL = re.compile(r"[\\{}$~`]|--|''")


def _merge(parts: list[str | Span]) -> Rich:
    merged: list[str | Span] = []
    for part in parts:
        if isinstance(part, str):
            if not part:
                continue
            if merged and isinstance(merged[-1], str):
                merged[-1] += part
                continue
        merged.append(part)
    return tuple(merged)


class _Parser:
    def __init__(self, source: str) -> None:
        self.tokens = list(_TOKEN.finditer(source))
        self.pos = 0
        self.source = source

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
        return _merge(list(self.one()))

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

    def accent(self, mark: str) -> list[str | Span]:
        arg = plain(self.argument())
        if not arg:
            return [mark]
        base = {"ı": "i", "ȷ": "j"}.get(arg[0], arg[0])
        return [unicodedata.normalize("NFC", base + mark) + arg[1:]]

    def command(self, name: str) -> list[str | Span]:
        if name in _ACCENTS and len(name) == 1 and name.isalpha():
            return self.accent(_ACCENTS[name])
        if name in _LETTERS:
            return [_LETTERS[name]]
        if name in _SYMBOLS:
            return [_SYMBOLS[name]]
        if name in _TEXT_COMMANDS:
            kind = _TEXT_COMMANDS[name]
            arg = self.argument()
            return [Span(kind, arg)] if kind else list(arg)
        if name == "url":
            href = self.raw_argument().strip()
            return [Span("url", (href,), href)]
        if name == "href":
            href = self.raw_argument().strip()
            return [Span("url", self.argument(), href)]
        if name in _DECLARATIONS:
            kind = _DECLARATIONS[name]
            rest = self.sequence(stop_at_brace=True, consume_brace=False)
            return [Span(kind, rest)] if kind else list(rest)
        # An unknown command: keep what it was applied to, drop its name.
        token = self.peek()
        if token is not None and token.group(4) == "{":
            self.pos += 1
            return list(self.group())
        return []

    def math(self, delimiter: str) -> Span:
        """Parse math up to *delimiter*: ``$``/``$$``, or ``)`` for ``\\(...\\)``."""
        start = self.tokens[self.pos - 1].end()
        group = 2 if delimiter == ")" else 3
        while self.pos < len(self.tokens):
            token = self.tokens[self.pos]
            self.pos += 1
            if token.group(group) == delimiter:
                tex = self.source[start : token.start()]
                return Span("math", math_to_rich(tex), tex.strip())
        tex = self.source[start:]
        return Span("math", math_to_rich(tex), tex.strip())

    def one(self) -> list[str | Span]:
        token = self.tokens[self.pos]
        self.pos += 1
        word, symbol, math, punct, text = token.groups()
        if word is not None:
            return self.command(word)
        if symbol is not None:
            if symbol in _ACCENTS:
                return self.accent(_ACCENTS[symbol])
            if symbol == "(":
                return [self.math(")")]
            return [_SYMBOLS.get(symbol, symbol)]
        if math is not None:
            return [self.math(math)]
        if punct is not None:
            if punct == "{":
                return list(self.group())
            return [_PUNCTUATION.get(punct, "")]
        return [text]

    def sequence(self, *, stop_at_brace: bool = False, consume_brace: bool = True) -> Rich:
        parts: list[str | Span] = []
        while self.pos < len(self.tokens):
            token = self.tokens[self.pos]
            if token.group(4) == "}":
                if stop_at_brace:
                    if consume_brace:
                        self.pos += 1
                    return _merge(parts)
                self.pos += 1  # a stray '}' has no meaning in text
                continue
            parts.extend(self.one())
        return _merge(parts)


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
def latex_to_rich(source: str) -> Rich:
    """Convert a field's LaTeX source to rich text (memoised: names repeat a lot)."""
    if not source:
        return ()
    if not _SPECIAL.search(source):
        return (_WHITESPACE.sub(" ", source),)
    try:
        parts = _Parser(source).sequence()
    except RecursionError:
        # Hundreds of nested braces: no markup survives that; keep the words.
        return (_WHITESPACE.sub(" ", _COMMANDS_AND_BRACES.sub("", source)).strip(),)
    return tuple(_WHITESPACE.sub(" ", part) if isinstance(part, str) else part for part in parts)


_SUPERSCRIPT = str.maketrans("0123456789+-=()ni", "⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁼⁽⁾ⁿⁱ")
_SUBSCRIPT = str.maketrans("0123456789+-=()aeoxhklmnpst", "₀₁₂₃₄₅₆₇₈₉₊₋₌₍₎ₐₑₒₓₕₖₗₘₙₚₛₜ")


def plain(rich: Rich) -> str:
    """Flatten rich text to a string; super- and subscripts become Unicode where possible."""
    out: list[str] = []
    for part in rich:
        if isinstance(part, str):
            out.append(part)
        elif part.kind in ("sup", "sub"):
            text = plain(part.children)
            table, marker = (_SUPERSCRIPT, "^") if part.kind == "sup" else (_SUBSCRIPT, "_")
            converted = text.translate(table)
            if any(a == b for a, b in zip(text, converted, strict=True)):
                converted = f"{marker}{{{text}}}" if len(text) > 1 else marker + text
            out.append(converted)
        else:
            out.append(plain(part.children))
    return "".join(out)


@lru_cache(maxsize=65536)
def latex_to_plain(source: str) -> str:
    """Convert LaTeX source straight to a plain string."""
    if not _SPECIAL.search(source):
        return _WHITESPACE.sub(" ", source).strip()
    return plain(latex_to_rich(source)).strip()


def rich_strip(rich: Rich) -> Rich:
    """Strip leading and trailing whitespace from rich text."""
    if not rich:
        return rich
    parts = list(rich)
    if isinstance(parts[0], str):
        parts[0] = parts[0].lstrip()
    if isinstance(parts[-1], str):
        parts[-1] = parts[-1].rstrip()
    return _merge(parts)


def url_from_latex(source: str) -> str:
    """Undo the escapes people write in URL fields (``\\_``, ``\\%``, ``\\&``, ``\\#``, ``\\~``)."""
    text = source.strip()
    if text.startswith("\\url{") and text.endswith("}"):
        text = text[5:-1]
    text = re.sub(r"\\([_%&#~$])", r"\1", text)
    text = text.replace("{", "").replace("}", "")
    return "".join(text.split())
