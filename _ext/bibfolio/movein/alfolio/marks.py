"""``*``/``†`` typed into author names, explained by ``annotation`` → ``author+an``."""

from __future__ import annotations

import re
from dataclasses import dataclass

#: Marks al-folio users type into names, as bibfolio reads them (GUIDE "Author
#: annotations"), and their LaTeX spellings.
_MARK = re.compile(
    r"\$\^\{?(\*|\\ast|\\dagger|\\dag|\\ddagger)\}?\$|\\textsuperscript\{(\*|\\dag(?:ger)?)\}"
    r"|\\dag(?:ger)?\b|[*∗†‡§¶#‖]"
)
_CANONICAL = {"\\ast": "*", "∗": "*", "\\dagger": "†", "\\dag": "†", "\\ddagger": "‡"}
_AND = re.compile(r"\s+and\s+")
#: What a legend says a mark means: the ``author+an`` names bibfolio has for them.
_MEANINGS = (
    ("equal", re.compile(r"equal|co-?first|joint(ly)? first|contributed equally", re.I)),
    ("corresponding", re.compile(r"correspond", re.I)),
)
_LEGEND_PART = re.compile(r"<br\s*/?>|\n|;\s*")


@dataclass
class Marks:
    """What the marks of one entry became."""

    #: The author list without the marks (when they were all understood), else as it was.
    author: str
    #: ``author+an``'s value ("" when nothing was understood).
    annotation: str = ""
    #: The ``annotation`` field without the legend it held ("" when only the legend).
    legend_left: str | None = None
    #: The marks found, in order (for the report).
    found: tuple[str, ...] = ()


def _mark(found: re.Match[str]) -> str:
    text = found.group(1) or found.group(2) or found.group(0)
    text = text.rstrip()
    return _CANONICAL.get(text, "*" if text == "\\ast" else text)


def _split(author: str) -> list[str]:
    """The names of a BibTeX list, at ``and`` outside braces."""
    names, depth, start = [], 0, 0
    for found in re.finditer(r"[{}]|\s+and\s+", author):
        token = found.group(0)
        if token == "{":
            depth += 1
        elif token == "}":
            depth -= 1
        elif depth == 0:
            names.append(author[start : found.start()])
            start = found.end()
    names.append(author[start:])
    return names


def read_marks(author: str, annotation: str) -> Marks:
    """The marks in *author* and, when *annotation* says what each means, ``author+an``.

    Every mark must be understood (``*`` = equal contribution, ``†`` = corresponding,
    as the legend says), else nothing changes: bibfolio shows typed marks as they are.
    """
    names = _split(author)
    per_name = [[_mark(found) for found in _MARK.finditer(name)] for name in names]
    found = tuple(dict.fromkeys(mark for marks in per_name for mark in marks))
    if not found:
        return Marks(author)
    meaning = _meanings(annotation)
    if any(mark not in meaning for mark in found):
        return Marks(author, found=found)
    items = []
    for index, marks in enumerate(per_name, 1):
        kinds = list(dict.fromkeys(meaning[mark] for mark in marks))
        if kinds:
            items.append(f"{index}={','.join(kinds)}")
    clean = " and ".join(_tidy(_MARK.sub("", name)) for name in names)
    return Marks(clean, ";".join(items), _without_legend(annotation, found), found)


def _tidy(name: str) -> str:
    name = re.sub(r"\s+,", ",", name)
    return " ".join(name.split())


def _meanings(annotation: str) -> dict[str, str]:
    """Each mark the legend explains → ``equal`` or ``corresponding``."""
    meaning: dict[str, str] = {}
    for part in _LEGEND_PART.split(annotation or ""):
        marks = [_mark(found) for found in _MARK.finditer(part)]
        if not marks:
            continue
        for name, pattern in _MEANINGS:
            if pattern.search(part):
                meaning.setdefault(marks[0], name)
                break
    return meaning


def _without_legend(annotation: str, marks: tuple[str, ...]) -> str:
    """*annotation* without the parts that explain *marks*."""
    kept = [
        part.strip()
        for part in _LEGEND_PART.split(annotation or "")
        if part.strip() and not any(_mark(found) in marks for found in _MARK.finditer(part))
    ]
    return "<br>".join(kept)
