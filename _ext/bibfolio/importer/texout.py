"""Unicode text → BibTeX values: titles and names escaped, UTF-8 kept, acronyms protected.

The escaping itself is :func:`bibfolio.reading.texescape.escape`, shared with the site
template's ``| bib`` filter.
"""

from __future__ import annotations

import html
import re

from ..reading.texescape import escape

# A word with a capital after its first letter (LLM, GPUs, PyTorch, 3D): BibTeX styles
# that lower-case titles would break it, so it is braced.  A capitalised word (Title Case)
# is left alone: braces everywhere would stop styles from choosing the case.
# A word: escapes (``\{``) are part of it, so a brace put around it never ends in "\".
_WORD = re.compile(r"(?:\\.|[^\s{}\\])+")
_INNER_CAPITAL = re.compile(r"^.+[A-Z]", re.DOTALL)
_COMMAND = re.compile(r"\\[A-Za-z]")
# Markup Crossref and DataCite put in titles (JATS/HTML): what we keep, as LaTeX.
_TAG = re.compile(r"<(/?)([a-zA-Z][\w:.-]*)[^>]*>")
_KEPT_TAGS = {
    "i": r"\textit{",
    "italic": r"\textit{",
    "em": r"\emph{",
    "b": r"\textbf{",
    "bold": r"\textbf{",
    "sub": r"\textsubscript{",
    "sup": r"\textsuperscript{",
}


def protect_capitals(value: str) -> str:
    """Brace the words of an escaped title that have a capital after their first letter."""

    def brace(match: re.Match[str]) -> str:
        word = match.group()
        core = word.rstrip(".,:;!?)")
        # Only letters decide: "\&" or "\textbackslash" must not count as a capital.
        letters = re.sub(r"\\[A-Za-z]+|\\.", "", core)
        if core and _INNER_CAPITAL.match(letters) and not _COMMAND.search(core):
            return "{" + core + "}" + word[len(core) :]
        return word

    return _WORD.sub(brace, value)


def title_value(text: str, *, markup: bool = False) -> str:
    """A title as a BibTeX value: escaped, acronyms protected; with *markup*, JATS/HTML kept."""
    if not markup:
        return protect_capitals(escape(text))
    parts: list[str] = []
    depth = 0
    position = 0
    for match in _TAG.finditer(text):
        parts.append(
            protect_capitals(escape(html.unescape(text[position : match.start()]), strip=False))
        )
        closing, name = match.group(1), match.group(2).lower()
        if name in _KEPT_TAGS:
            if closing and depth:
                parts.append("}")
                depth -= 1
            elif not closing:
                parts.append(_KEPT_TAGS[name])
                depth += 1
        position = match.end()
    parts.append(protect_capitals(escape(html.unescape(text[position:]), strip=False)))
    value = "".join(parts) + "}" * depth
    return " ".join(value.split())


def name_value(family: str, given: str = "", particle: str = "", suffix: str = "") -> str:
    """One author as ``von Last, Jr, First`` with each part escaped."""
    last = " ".join(part for part in (particle, family) if part)
    pieces = [escape(last)]
    if suffix:
        pieces.append(escape(suffix))
    if given:
        pieces.append(escape(given))
    if len(pieces) == 1 and " " in last and not particle:
        return "{" + pieces[0] + "}"  # one literal name (an organisation) stays whole
    return ", ".join(pieces)
