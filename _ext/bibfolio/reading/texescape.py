"""Unicode text → a BibTeX value that reads back as the text: the inverse of :mod:`.latex`.

The one escaper of everything bibfolio writes into a ``.bib``: the importer's titles,
names and abstracts (``importer/texout.py``, ``importer/abstracts.py``) and the site
template's ``| bib`` filter (``scaffold/jinja.py``, the owner's name in a new site's
``refs.bib``).  Every character with a meaning to LaTeX or BibTeX (``\\ { } ~ ^ & % $ #
_`` and the grave accent) is written as the command that prints it; everything else,
non-ASCII letters included, is kept as UTF-8.
"""

from __future__ import annotations

import re

#: Characters with a meaning in LaTeX, as written so they read back as themselves.
_SPECIALS = {
    "\\": r"\textbackslash{}",
    "{": r"\{",
    "}": r"\}",
    "&": r"\&",
    "%": r"\%",
    "#": r"\#",
    "_": r"\_",
    "$": r"\$",
    "~": r"\textasciitilde{}",
    "^": r"\textasciicircum{}",
    # A lone ` is an opening quote in LaTeX; the grave accent character is this command.
    "`": r"\textasciigrave{}",
}
#: Braces that do not pair up: math-mode commands, as a brace of either kind would leave
#: the value unbalanced for BibTeX (it counts ``\{`` as a brace).
_LONE_BRACES = {"{": r"{$\lbrace$}", "}": r"{$\rbrace$}"}
_SPACE = re.compile(r"\s+")
_SPECIAL = re.compile(r"[\\{}&%#_$~^`]")
# TeX ligatures of plain characters: -- and --- are dashes, '' a closing double quote.
_LIGATURE = re.compile(r"(-(?=-)|'(?='))")


def escape(text: str, *, strip: bool = True, ligatures: bool = True) -> str:
    """Escape *text* for a BibTeX value; whitespace runs become one space.

    With *ligatures* false, ``--`` stays a dash (for page ranges).
    """
    text = _SPACE.sub(" ", text)
    if strip:
        text = text.strip()
    table = _SPECIALS if balanced(text) else {**_SPECIALS, **_LONE_BRACES}
    text = _SPECIAL.sub(lambda match: table[match.group()], text)
    return _LIGATURE.sub(r"\1{}", text) if ligatures else text


def balanced(text: str) -> bool:
    """True when *text*'s braces pair up: BibTeX counts ``\\{`` too, so only then is it safe."""
    depth = 0
    for char in text:
        if char in "{}":
            depth += 1 if char == "{" else -1
            if depth < 0:
                return False
    return depth == 0
