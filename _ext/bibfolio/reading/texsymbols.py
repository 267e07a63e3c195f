"""LaTeX symbol commands → Unicode, taken from pylatexenc's tables plus what they lack.

pylatexenc (``latex2text``'s default context and ``latexencode``'s Unicode map) knows
about a thousand text and math symbols.  Its converter is about 50 times slower than
bibfolio's own parser (``latex.py``), so only its tables are used.  They are built on
the first lookup that the small hot-path tables in ``latex.py`` and ``mathtext.py`` miss,
so a build whose fields use only common commands never pays the ~30 ms it costs.
"""

from __future__ import annotations

import re
from functools import lru_cache

#: Symbols standard LaTeX, amsmath/amssymb or biblatex define that pylatexenc 2.x lacks
#: or renders in a way a reader would not expect.
SUPPLEMENT: dict[str, str] = {
    # Text symbols and letters (LaTeX, textcomp, biblatex).
    "S": "§",
    "P": "¶",
    "ddag": "‡",
    "copyright": "©",
    "pounds": "£",
    "euro": "€",
    "textless": "<",
    "textquotedbl": '"',
    "textgreater": ">",
    "textbar": "|",
    "textasciicircum": "^",
    "texttildelow": "~",
    "textcelsius": "°C",  # U+2103 is a compatibility character many fonts draw badly
    "textohm": "Ω",
    "textlangle": "⟨",
    "textrangle": "⟩",
    "textunderscore": "_",
    "textminus": "−",
    "textsurd": "√",
    "textdied": "†",
    "checkmark": "✓",
    # MathSciNet's preamble macros for transliterated Cyrillic (Izv. Akad. Nauk SSSR ...).
    "cprime": "ʹ",
    "cdprime": "ʺ",
    "Dbar": "Đ",
    "dbar": "đ",
    "hyphen": "-",
    "nbhy": "\u2011",  # biblatex's non-breaking hyphen
    "textnbhy": "\u2011",
    "slash": "/",
    "mkbibslash": "/",
    "nobreakspace": "\u00a0",
    "thinspace": "\u2009",
    "enspace": "\u2002",
    "SS": "SS",
    "LaTeX": "LaTeX",
    "LaTeXe": "LaTeX2ε",
    "TeX": "TeX",
    "BibTeX": "BibTeX",
    "XeTeX": "XeTeX",
    "XeLaTeX": "XeLaTeX",
    "LuaTeX": "LuaTeX",
    "LuaLaTeX": "LuaLaTeX",
    "AmS": "AMS",
    "MF": "METAFONT",
    "MP": "METAPOST",
    # Math (LaTeX, amsmath, amssymb).
    "prime": "′",
    "imath": "ı",
    "jmath": "ȷ",
    "Re": "ℜ",
    "Im": "ℑ",
    "bot": "⊥",
    "triangle": "△",
    "neg": "¬",
    "clubsuit": "♣",
    "diamondsuit": "♢",
    "heartsuit": "♡",
    "spadesuit": "♠",
    "Finv": "Ⅎ",
    "Game": "⅁",
    "Bbbk": "𝕜",
    "bigsqcup": "⨆",
    "bigoplus": "⨁",  # pylatexenc gives the binary ⊕; the n-ary sign is its own character
    "bigotimes": "⨂",
    "bigodot": "⨀",
    "biguplus": "⨄",
    "lhd": "⊲",
    "rhd": "⊳",
    "unlhd": "⊴",
    "unrhd": "⊵",
    "ddagger": "‡",
    "models": "⊨",
    "ne": "≠",
    "vDash": "⊨",
    "gets": "←",
    "iff": "⟺",
    "implies": "⟹",
    "impliedby": "⟸",
    "leadsto": "⇝",
    "dashrightarrow": "⇢",
    "coloneqq": "≔",
    "eqqcolon": "≕",
    "colon": ":",
    "lbrack": "[",
    "rbrack": "]",
    "llbracket": "⟦",
    "rrbracket": "⟧",
    "dotsb": "⋯",
    "dotsm": "⋯",
    "dotsi": "⋯",
    # Operator names print as upright words; amsmath's limits with arrows under them.
    "lg": "lg",
    "cot": "cot",
    "sec": "sec",
    "csc": "csc",
    "coth": "coth",
    "det": "det",
    "dim": "dim",
    "ker": "ker",
    "hom": "hom",
    "deg": "deg",
    "arg": "arg",
    "gcd": "gcd",
    "Pr": "Pr",
    "varprojlim": "lim←",
    "varinjlim": "lim→",
    "varliminf": "lim inf",
    "varlimsup": "lim sup",
    "projlim": "proj lim",
    "injlim": "inj lim",
}
#: pylatexenc entries that are not symbols at all here.
_SKIP = frozenset({"today", "vspace", "hspace", "\\", "item", "maketitle", "par", "newline"})
_WHITESPACE = re.compile(r"\s+")
_NAME = re.compile(r"\\(?:ensuremath\{\\)?([A-Za-z]+)(?:\{\})?\}?")


@lru_cache(maxsize=1)
def library_symbols() -> dict[str, str]:
    """Every argument-less symbol command pylatexenc knows, then :data:`SUPPLEMENT`."""
    from pylatexenc.latex2text import get_default_latex_context_db  # noqa: PLC0415
    from pylatexenc.latexencode import get_builtin_uni2latex_dict  # noqa: PLC0415

    found: dict[str, str] = {}
    context = get_default_latex_context_db()
    for category in ("latex-base", "latex-approximations", "nonascii-specials", "advanced-symbols"):
        for name, spec in context.d[category]["macros"].items():
            text = spec.simplify_repl
            # "%s" marks a command with arguments; those are parsed in latex.py/mathtext.py.
            if isinstance(text, str) and "%" not in text and name not in _SKIP:
                found.setdefault(name, _WHITESPACE.sub(" ", text))
    for codepoint, tex in get_builtin_uni2latex_dict().items():
        match = _NAME.fullmatch(tex.strip())
        if match and match.group(1) not in _SKIP:
            found.setdefault(match.group(1), chr(codepoint))
    found.update(SUPPLEMENT)
    return found


def symbol(name: str) -> str | None:
    """The Unicode text of the symbol command ``\\name``, or None when it is not one."""
    return library_symbols().get(name)
