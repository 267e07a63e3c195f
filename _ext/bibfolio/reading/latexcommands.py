"""What each LaTeX text command means: accents, letters, symbols, wrappers, declarations."""

from __future__ import annotations

#: Text accents (→ combining characters) and letter commands.  Names use them in every
#: build, so they stay here instead of waiting for pylatexenc's tables to load (and
#: pylatexenc keeps its accents inside formatting functions, not as data).
# fmt: off
ACCENTS = {
    '"': "\u0308", "'": "\u0301", "`": "\u0300", "^": "\u0302", "~": "\u0303", "=": "\u0304",
    ".": "\u0307", "u": "\u0306", "v": "\u030c", "H": "\u030b", "c": "\u0327", "k": "\u0328",
    "r": "\u030a", "d": "\u0323", "b": "\u0331", "t": "\u0361",
}
# fmt: on
# fmt: off
LETTERS = {
    "i": "ı", "j": "ȷ", "o": "ø", "O": "Ø", "l": "ł", "L": "Ł", "ss": "ß", "ae": "æ", "AE": "Æ",
    "oe": "œ", "OE": "Œ", "aa": "å", "AA": "Å", "dh": "ð", "DH": "Ð", "th": "þ", "TH": "Þ",
    "ng": "ŋ", "NG": "Ŋ", "dj": "đ", "DJ": "Đ",
}
# fmt: on
#: Control symbols and the commands met in almost every .bib; the rest of the symbol
#: commands come from pylatexenc (:func:`.texsymbols.symbol`), loaded on first need.
SYMBOLS = {
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
SPACING_ACCENTS = {
    "~": "~", "^": "^", "'": "´", "`": "`", '"': "¨", "=": "¯", ".": "˙", "u": "˘", "v": "ˇ",
    "H": "˝", "c": "¸", "k": "˛", "r": "˚",
}
# fmt: on
#: Commands taking one argument that becomes a span of this kind ("" = plain text).
TEXT_COMMANDS = {
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
WRAPPERS = {
    "mkbibparens": ("(", ")"),
    "mkbibbrackets": ("[", "]"),
    "parentext": ("(", ")"),
    "brackettext": ("[", "]"),
}
QUOTES = (("“", "”"), ("‘", "’"))  #: Outer and inner quotes, as biblatex alternates them.
QUOTE_COMMANDS = frozenset({"mkbibquote", "enquote", "textquote"})
#: Citation commands in a note: the reader sees the key, as LaTeX shows an undefined one.
CITE_COMMANDS = frozenset({"cite", "citep", "citet", "autocite", "parencite", "textcite"})
#: Commands whose first argument is not text (a colour, a language, a width).
SECOND_ARGUMENT_IS_TEXT = frozenset({"textcolor", "foreignlanguage", "colorbox", "hyperref"})
#: Commands that print nothing, arguments included.  ``\noopsort{1973c}`` is the classic
#: BibTeX sorting trick; the other commands carry layout or cross-references.
SILENT_WITH_ARGUMENT = frozenset(
    {"noopsort", "hspace", "vspace", "label", "index", "hyphenation", "nocite", "phantom"}
    # Counters and cross-references: their value exists only inside a LaTeX document.
    | {"arabic", "roman", "Roman", "alph", "Alph", "value", "ref", "pageref", "eqref"}
)
#: Old-style declarations: ``{\em text}``.
# fmt: off
DECLARATIONS = {
    "em": "em", "it": "em", "itshape": "em", "sl": "em", "slshape": "em", "bf": "strong",
    "bfseries": "strong", "tt": "code", "ttfamily": "code", "sc": "sc", "scshape": "sc", "rm": "",
    "rmfamily": "", "sf": "", "sffamily": "", "normalfont": "", "upshape": "", "mdseries": "",
    "small": "", "footnotesize": "", "large": "", "Large": "", "relax": "",
}
# fmt: on
