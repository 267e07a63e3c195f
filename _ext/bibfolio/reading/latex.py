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

from .mathtext import is_math_command, math_arity, math_decode
from .richtext import Span, merge, plain
from .texsymbols import symbol

if TYPE_CHECKING:
    from collections.abc import Mapping

    from .richtext import Rich

#: Text accents (→ combining characters) and letter commands.  Names use them in every
#: build, so they stay here instead of waiting for pylatexenc's tables to load (and
#: pylatexenc keeps its accents inside formatting functions, not as data).
# fmt: off
_ACCENTS = {
    '"': "\u0308", "'": "\u0301", "`": "\u0300", "^": "\u0302", "~": "\u0303", "=": "\u0304",
    ".": "\u0307", "u": "\u0306", "v": "\u030c", "H": "\u030b", "c": "\u0327", "k": "\u0328",
    "r": "\u030a", "d": "\u0323", "b": "\u0331", "t": "\u0361",
}
# fmt: on
# fmt: off
_LETTERS = {
    "i": "ı", "j": "ȷ", "o": "ø", "O": "Ø", "l": "ł", "L": "Ł", "ss": "ß", "ae": "æ", "AE": "Æ",
    "oe": "œ", "OE": "Œ", "aa": "å", "AA": "Å", "dh": "ð", "DH": "Ð", "th": "þ", "TH": "Þ",
    "ng": "ŋ", "NG": "Ŋ", "dj": "đ", "DJ": "Đ",
}
# fmt: on
#: Control symbols and the commands met in almost every .bib; the rest of the symbol
#: commands come from pylatexenc (:func:`.texsymbols.symbol`), loaded on first need.
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
    ">": " ",
    "!": "",
    "-": "",
    "@": "",
    "/": "",
    "\\": " ",
    "ldots": "…",
    "dots": "…",
    "textendash": "–",
    "textemdash": "—",
    "textquoteleft": "‘",
    "textquoteright": "’",
    "textquotedblleft": "“",
    "textquotedblright": "”",
    "relax": "",
    "protect": "",
    "par": " ",
    "newline": " ",
    "linebreak": " ",
    "allowbreak": "",
    "hfill": " ",
    "break": " ",
    "unskip": "",
    "nolinkurl": "",
    "isdot": "",
    "addperiod": ".",
    "adddot": ".",
    "addcomma": ",",
    "addcolon": ":",
    "addsemicolon": ";",
    "addspace": " ",
    "addnbspace": "\u00a0",
    "addthinspace": "\u2009",
    "item": " • ",
}
#: ``\~{}`` and friends: an accent on nothing is the accent character itself.
# fmt: off
_SPACING_ACCENTS = {
    "~": "~", "^": "^", "'": "´", "`": "`", '"': "¨", "=": "¯", ".": "˙", "u": "˘", "v": "ˇ",
    "H": "˝", "c": "¸", "k": "˛", "r": "˚",
}
# fmt: on
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
    "underline": "",
    "mkbibemph": "em",
    "mkbibitalic": "em",
    "mkbibbold": "strong",
    "mkbibsuperscript": "sup",
    "mkbibsubscript": "sub",
    "mkbibacro": "sc",
    "textooen": "",
    "footnote": "",
    "mkbibfootnote": "",
    "foreignquote": "",
    "hyphenquote": "",
    "autocap": "",  # biblatex: capitalise at the start of a sentence; here it is kept as written
}
#: Commands that wrap their argument in something: quotes, parentheses, brackets.
_WRAPPERS = {
    "mkbibparens": ("(", ")"),
    "mkbibbrackets": ("[", "]"),
    "parentext": ("(", ")"),
    "brackettext": ("[", "]"),
}
_QUOTES = (("“", "”"), ("‘", "’"))  #: Outer and inner quotes, as biblatex alternates them.
_QUOTE_COMMANDS = frozenset({"mkbibquote", "enquote", "textquote"})
#: Citation commands in a note: the reader sees the key, as LaTeX shows an undefined one.
_CITE_COMMANDS = frozenset({"cite", "citep", "citet", "autocite", "parencite", "textcite"})
#: Commands whose first argument is not text (a colour, a language, a width).
_SECOND_ARGUMENT_IS_TEXT = frozenset({"textcolor", "foreignlanguage", "colorbox", "hyperref"})
#: Commands that print nothing, arguments included.  ``\noopsort{1973c}`` is the classic
#: BibTeX sorting trick; the other commands carry layout or cross-references.
_SILENT_WITH_ARGUMENT = frozenset(
    {"noopsort", "hspace", "vspace", "label", "index", "hyphenation", "nocite", "phantom"}
    # Counters and cross-references: their value exists only inside a LaTeX document.
    | {"arabic", "roman", "Roman", "alph", "Alph", "value", "ref", "pageref", "eqref"}
)
#: Old-style declarations: ``{\em text}``.
# fmt: off
_DECLARATIONS = {
    "em": "em", "it": "em", "itshape": "em", "sl": "em", "slshape": "em", "bf": "strong",
    "bfseries": "strong", "tt": "code", "ttfamily": "code", "sc": "sc", "scshape": "sc", "rm": "",
    "rmfamily": "", "sf": "", "sffamily": "", "normalfont": "", "upshape": "", "mdseries": "",
    "small": "", "footnotesize": "", "large": "", "Large": "", "relax": "",
}
# fmt: on

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
            return [_SPACING_ACCENTS.get(command, "")]
        base = {"ı": "i", "ȷ": "j"}.get(arg[0], arg[0])
        return [unicodedata.normalize("NFC", base + _ACCENTS[command]) + arg[1:]]

    def command(self, name: str) -> list[str | Span]:
        if name in _ACCENTS and len(name) == 1 and name.isalpha():
            return self.accent(name)
        if name in _LETTERS:
            return [_LETTERS[name]]
        if name in _SYMBOLS:
            return [_SYMBOLS[name]]
        if name in _TEXT_COMMANDS:
            kind = _TEXT_COMMANDS[name]
            arg = self.argument()
            return [Span(kind, arg)] if kind else list(arg)
        if name in _QUOTE_COMMANDS:
            opening, closing = _QUOTES[self.quote_depth % 2]
            self.quote_depth += 1
            arg = self.argument()
            self.quote_depth -= 1
            return [opening, *arg, closing]
        if name in _WRAPPERS:
            opening, closing = _WRAPPERS[name]
            return [opening, *self.argument(), closing]
        if name == "url":
            href = self.raw_argument().strip()
            return [Span("url", (href,), href)]
        if name == "href":
            href = self.raw_argument().strip()
            return [Span("url", self.argument(), href)]
        if name == "ensuremath":
            return [self.math_span(self.raw_argument())]
        if name in _SECOND_ARGUMENT_IS_TEXT:
            self.raw_argument()
            return list(self.argument())
        if name in _CITE_COMMANDS:
            notes = [note for note in (self.optional(), self.optional()) if note]
            return ["[", ", ".join([self.raw_argument().strip(), *notes[-1:]]), "]"]
        if name in _SILENT_WITH_ARGUMENT:
            self.raw_argument()
            return []
        if name in ("begin", "end"):
            self.raw_argument()  # an environment's name is not text
            return [" "]
        if name in _DECLARATIONS:
            kind = _DECLARATIONS[name]
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
            return [_LETTERS[letter] + name[len(letter) :]]
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

    def math(self, delimiter: str) -> Span:
        """Parse math up to *delimiter*: ``$``/``$$``, or ``)`` for ``\\(...\\)``."""
        start = self.tokens[self.pos - 1].end()
        group = 2 if delimiter == ")" else 3
        while self.pos < len(self.tokens):
            token = self.tokens[self.pos]
            self.pos += 1
            if token.group(group) == delimiter:
                return self.math_span(self.source[start : token.start()])
        return self.math_span(self.source[start:])

    def one(self) -> list[str | Span]:
        token = self.tokens[self.pos]
        self.pos += 1
        word, control, math, punct, text = token.groups()
        if word is not None:
            return self.command(word)
        if control is not None:
            if control in _ACCENTS:
                return self.accent(control)
            if control == "(":
                return [self.math(")")]
            return [_SYMBOLS.get(control, control)]
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
        if head in _LETTERS and head.isupper() and rest.isalpha() and rest.islower():
            return head
    return ""


def _known(name: str) -> bool:
    """True when the text parser gives ``\\name`` a meaning (so it is never reported)."""
    return (
        name in _SYMBOLS
        or name in _LETTERS
        or name in _ACCENTS
        or name in _TEXT_COMMANDS
        or name in _DECLARATIONS
        or name in _OTHER_COMMANDS
        or is_math_command(name)
    )


_OTHER_COMMANDS = frozenset(
    {"url", "href", "ensuremath", "begin", "end"}
    | _QUOTE_COMMANDS
    | _WRAPPERS.keys()
    | _CITE_COMMANDS
    | _SECOND_ARGUMENT_IS_TEXT
    | _SILENT_WITH_ARGUMENT
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
