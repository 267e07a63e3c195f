"""Inline TeX math → readable rich text (Unicode symbols, superscripts, subscripts).

Titles carry formulas such as ``$O(n^2)$``, ``${\\rm GL}(2)$`` or ``$D(\\hat X)$``.  Loading
MathJax for them would cost every page a large script; instead they are shown with
Unicode and ``<sup>``/``<sub>``, while LaTeX output keeps the real math (see the
renderers).  Symbols come from pylatexenc's tables (:mod:`.texsymbols`); this module
parses the structure: groups, scripts, fonts, accents, fractions, roots and delimiters.
A command it does not know prints nothing and is reported, never shown as a word.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache
from typing import TYPE_CHECKING

from .richtext import Span
from .texsymbols import symbol

if TYPE_CHECKING:
    from .richtext import Rich

Parts = list["str | Span"]

#: Symbols whose pylatexenc form is not what a reader of a title expects.
_SYMBOLS = {
    ",": "\u2009",
    ">": " ",
    ";": " ",
    ":": " ",
    "!": "",
    " ": " ",
    "|": "‖",
    "{": "{",
    "}": "}",
    "%": "%",
    "&": "&",
    "#": "#",
    "_": "_",
    "$": "$",
    "\\": " ",
}
#: Commands that only size or space things: they print nothing.
# fmt: off
_DROP = frozenset((
    "left", "right", "middle", "big", "Big", "bigg", "Bigg", "bigl", "bigr", "Bigl", "Bigr",
    "biggl", "biggr", "Biggl", "Biggr", "bigm", "Bigm", "displaystyle", "textstyle", "scriptstyle",
    "scriptscriptstyle", "limits", "nolimits", "nonumber", "notag", "relax", "protect",
    "allowbreak", "strut", "mathstrut", "smash", "phantom", "hphantom", "vphantom",
))
# fmt: on
#: Commands whose argument is shown as it is (fonts that change no meaning, wrappers).
# fmt: off
_PLAIN = frozenset((
    "mathrm", "mathit", "mathsf", "mathtt", "mathnormal", "mathup", "operatorname", "text",
    "textrm", "textit", "textsf", "texttt", "textup", "textnormal", "mbox", "hbox", "mathop",
    "mathbin", "mathrel", "mathord", "mathpunct", "mathinner", "substack", "ensuremath", "emph",
))
# fmt: on
_BOLD = frozenset({"mathbf", "boldsymbol", "bm", "pmb", "textbf"})
#: Font commands drawn with Unicode's mathematical alphabets (pylatexenc's style names).
_ALPHABETS = {
    "mathbb": "doublestruck",
    "mathbbm": "doublestruck",
    "Bbb": "doublestruck",
    "mathcal": "script",
    "mathscr": "script",
    "cal": "script",
    "mathfrak": "fraktur",
    "frak": "fraktur",
}
#: Old-style declarations ``{\rm GL}``: the rest of the group gets the style.
_DECLARATIONS = {
    "rm": "",
    "it": "",
    "sl": "",
    "sf": "",
    "tt": "",
    "mit": "",
    "em": "",
    "bf": "bold",
    "boldmath": "bold",
    "cal": "script",
    "Bbb": "doublestruck",
    "frak": "fraktur",
}
#: Accents and decorations → the combining character put after each decorated letter.
#: (pylatexenc keeps these inside formatting functions, not as data.)
_ACCENTS = {
    "hat": "\u0302",
    "widehat": "\u0302",
    "check": "\u030c",
    "widecheck": "\u030c",
    "tilde": "\u0303",
    "widetilde": "\u0303",
    "acute": "\u0301",
    "grave": "\u0300",
    "dot": "\u0307",
    "ddot": "\u0308",
    "dddot": "\u20db",
    "breve": "\u0306",
    "bar": "\u0304",
    "overline": "\u0305",
    "underline": "\u0332",
    "underbar": "\u0332",
    "vec": "\u20d7",
    "overrightarrow": "\u20d7",
    "overleftarrow": "\u20d6",
    "mathring": "\u030a",
    "not": "\u0338",
}
_FRACTIONS = frozenset({"frac", "dfrac", "tfrac", "cfrac"})
_BINOMIALS = frozenset({"binom", "dbinom", "tbinom"})
_ROOTS = {"2": "√", "3": "∛", "4": "∜"}
_STRUCTURE = frozenset(
    {"sqrt", "stackrel", "overset", "underset", "pmod", "bmod", "mod", "begin", "end"}
)
_PRIMES = {"'": "′", "''": "″", "'''": "‴"}
_TOKEN = re.compile(r"\\([A-Za-z]+)|\\(.)|([{}^_])|(\s+)|('+)|([^\\{}^_\s'])", re.DOTALL)


def is_math_command(name: str) -> bool:
    """True when ``\\name`` means something in math mode (structure or a symbol)."""
    return (
        name in _DROP
        or name in _PLAIN
        or name in _BOLD
        or name in _ALPHABETS
        or name in _DECLARATIONS
        or name in _ACCENTS
        or name in _FRACTIONS
        or name in _BINOMIALS
        or name in _STRUCTURE
        or name in _SYMBOLS
        or symbol(name) is not None
    )


def math_arity(name: str) -> int | None:
    """How many braced arguments the math-only command ``\\name`` takes; None if not one.

    Text mode uses this to read ``\\mathbb{R}`` or ``\\frac{1}{2}`` written outside ``$...$``
    as the math it is (LaTeX itself would complain, then typeset it).
    """
    if name in _PLAIN or name in _BOLD or name in _ALPHABETS or name in _ACCENTS:
        return 1
    if name in _FRACTIONS or name in _BINOMIALS or name in ("stackrel", "overset", "underset"):
        return 2
    return 1 if name in ("sqrt", "pmod") else None


class _MathParser:
    def __init__(self, tex: str) -> None:
        self.tokens = _TOKEN.findall(tex)
        self.pos = 0
        self.unknown: list[str] = []

    def skip_spaces(self) -> None:
        while self.pos < len(self.tokens) and self.tokens[self.pos][3]:
            self.pos += 1

    def atom(self) -> Parts:
        """One argument: a braced group or one token."""
        self.skip_spaces()
        if self.pos >= len(self.tokens):
            return []
        if self.tokens[self.pos][2] == "{":
            self.pos += 1
            return self.sequence(stop=True)
        return self.one()

    def optional(self) -> str:
        """An optional ``[...]`` argument's text ("" when there is none)."""
        self.skip_spaces()
        if self.pos >= len(self.tokens) or self.tokens[self.pos][5] != "[":
            return ""
        self.pos += 1
        parts: Parts = []
        while self.pos < len(self.tokens) and self.tokens[self.pos][5] != "]":
            parts.extend(self.one())
        self.pos += 1
        return _flat(parts)

    def spaced_before(self, index: int) -> bool:
        """True when the author wrote a space before token *index* (\\not counts as one)."""
        return index > 0 and (bool(self.tokens[index - 1][3]) or self.tokens[index - 1][0] == "not")

    def next_is(self, index: int, value: str) -> bool:
        return self.pos < len(self.tokens) and self.tokens[self.pos][index] == value

    def command(self, name: str) -> Parts:
        if name in _DROP:
            if name in ("left", "right", "middle") and self.next_is(5, "."):
                self.pos += 1  # \left. is an invisible delimiter
            return []
        if self.next_is(5, "*"):
            self.pos += 1  # \operatorname*, \text* ...: the star changes no text
        if name in _PLAIN:
            return self.atom()
        if name in _BOLD:
            return [Span("strong", tuple(_join(self.atom())))]
        if name in _ALPHABETS:
            return _restyle(self.atom(), _ALPHABETS[name])
        if name in _DECLARATIONS:
            self.skip_spaces()
            return _restyle(self.sequence(stop=True, consume=False), _DECLARATIONS[name])
        if name in _ACCENTS:
            return _decorate(self.atom(), _ACCENTS[name])
        if name in _FRACTIONS:
            numerator = self.atom()
            return [*_paren(numerator), "/", *_paren(self.atom())]
        if name in _BINOMIALS:
            top = self.atom()
            return ["(", *top, " choose ", *self.atom(), ")"]
        if name in _STRUCTURE:
            return self.structure(name)
        if name in _SYMBOLS:
            return [_SYMBOLS[name]]
        text = symbol(name)
        if text is None:
            self.unknown.append(name)
            return []
        if self.pos >= len(self.tokens):
            return [text]
        following, _, _, space, _, char = self.tokens[self.pos]
        if len(text) > 1 and text.isalpha():
            # An operator name (\log, \sin) before a letter or symbol: TeX puts a space there.
            if (following and following not in _DROP) or char.isalnum():
                return [text, " "]
        elif space and not self.spaced_before(self.pos - 1):
            # The space that ends a control word is not the author's: A\otimes B is "A⊗B".
            self.pos += 1
        return [text]

    def structure(self, name: str) -> Parts:
        if name == "sqrt":
            degree = self.optional()
            sign = _ROOTS.get(degree or "2")
            if sign is None:
                return [*_script("sup", degree), "√", *_paren(self.atom())]
            return [sign, *_paren(self.atom())]
        if name in ("stackrel", "overset", "underset"):
            mark = tuple(_join(self.atom()))
            base = self.atom()
            return [*base, Span("sub" if name == "underset" else "sup", mark)]
        if name == "pmod":
            return [" (mod ", *self.atom(), ")"]
        if name in ("bmod", "mod"):
            return [" mod "]
        # \begin{matrix} ... \end{matrix}: the environment's name is not text.
        self.atom()
        return [" "]

    def one(self) -> Parts:
        command, control, brace, space, primes, char = self.tokens[self.pos]
        self.pos += 1
        if command:
            return self.command(command)
        if control:
            return [_SYMBOLS.get(control, control)]
        if brace == "{":
            return self.sequence(stop=True)
        if brace == "}":
            return []
        if brace in ("^", "_"):
            return [Span("sup" if brace == "^" else "sub", tuple(_join(self.atom())))]
        if space:
            return [" "]
        if primes:
            return [_PRIMES.get(primes, "′" * len(primes))]
        if char == "~":
            return ["\u00a0"]
        return [char]

    def sequence(self, *, stop: bool = False, consume: bool = True) -> Parts:
        parts: Parts = []
        while self.pos < len(self.tokens):
            if stop and self.tokens[self.pos][2] == "}":
                if consume:
                    self.pos += 1
                break
            parts.extend(self.one())
        return parts


def _script(kind: str, text: str) -> Parts:
    return [Span(kind, (text,))]


def _flat(parts: Parts) -> str:
    return "".join(part if isinstance(part, str) else _flat(list(part.children)) for part in parts)


def _paren(parts: Parts) -> Parts:
    text = _flat(parts)
    if len(text) > 1 and not (text.startswith("(") and text.endswith(")")):
        return ["(", *parts, ")"]
    return parts


def _restyle(parts: Parts, style: str) -> Parts:
    """Apply a declaration or alphabet: bold becomes a span, the others Unicode letters."""
    if not style:
        return parts
    if style == "bold":
        return [Span("strong", tuple(_join(parts)))]
    # Imported here: pylatexenc's parser modules cost an import that most builds never need.
    from pylatexenc.latex2text import fmt_math_text_style  # noqa: PLC0415

    return [
        fmt_math_text_style(part, style)
        if isinstance(part, str)
        else Span(part.kind, tuple(_restyle(list(part.children), style)), part.data)
        for part in parts
    ]


def _decorate(parts: Parts, mark: str) -> Parts:
    """Put *mark* on every letter of the argument (not on its scripts): X̂, M̅, H̲o̲m̲."""
    if not parts:
        return []
    out: Parts = []
    for part in parts:
        if isinstance(part, str):
            marked = "".join(c + mark if not c.isspace() else c for c in part)
            out.append(unicodedata.normalize("NFC", marked))
        elif part.kind in ("sup", "sub"):
            out.append(part)
        else:
            out.append(Span(part.kind, tuple(_decorate(list(part.children), mark)), part.data))
    return out


def _join(parts: Parts) -> Parts:
    joined: Parts = []
    for part in parts:
        if isinstance(part, str) and joined and isinstance(joined[-1], str):
            joined[-1] += part
        else:
            joined.append(part)
    return joined


@lru_cache(maxsize=8192)
def math_decode(tex: str) -> tuple[Rich, tuple[str, ...]]:
    """Render TeX math source as rich text; also return the commands it did not know."""
    parser = _MathParser(tex.strip())
    parts = _join(parser.sequence())
    text = [_tidy(part) if isinstance(part, str) else part for part in parts]
    return tuple(text), tuple(dict.fromkeys(parser.unknown))


def math_to_rich(tex: str) -> Rich:
    """Render TeX math source as rich text for HTML and plain-text output."""
    return math_decode(tex)[0]


_SPACES = re.compile(r"  +")
_INSIDE_BRACKETS = re.compile(r"(?<=[(\[{⟨]) +| +(?=[)\]}⟩,;])")


def _tidy(text: str) -> str:
    """TeX ignores spaces in math; keep the author's, but not inside ``\\left( x \\right)``."""
    return _INSIDE_BRACKETS.sub("", _SPACES.sub(" ", text))
