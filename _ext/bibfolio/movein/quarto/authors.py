"""Quarto's ``author:`` front matter → a BibTeX ``author`` field and its ``author+an`` marks."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ...reading.texescape import escape

#: Lower-case name particles that belong to the family name ("van der Berg").
_PARTICLES = {"van", "von", "der", "den", "de", "del", "della", "di", "da", "du", "la", "le", "ter"}


@dataclass
class Author:
    """One author: the name as the page gives it, split, and the marks Quarto records."""

    name: str
    given: str = ""
    family: str = ""
    marks: list[str] = field(default_factory=list)
    affiliations: list[str] = field(default_factory=list)

    def bibtex(self) -> str:
        """``Family, Given`` escaped for BibTeX (a one-word name as it is)."""
        if not self.given:
            return escape(self.family or self.name)
        return f"{escape(self.family)}, {escape(self.given)}"


def read_authors(value: Any) -> list[Author]:
    """The authors of an ``author:`` (or ``authors:``) value, in order.

    Quarto's forms: a string, a list of strings, or mappings with ``name`` (a string or
    ``given``/``family``/``literal``), ``affiliations``, ``corresponding``,
    ``equal-contributor`` (also under ``attributes:``).
    """
    if isinstance(value, (str, dict)):
        value = [value]
    if not isinstance(value, list):
        return []
    authors: list[Author] = []
    for item in value:
        author = _author(item)
        if author is not None:
            authors.append(author)
    return authors


def _author(item: Any) -> Author | None:
    if isinstance(item, str):
        return _split(item.strip()) if item.strip() else None
    if not isinstance(item, dict):
        return None
    name = item.get("name", item.get("literal"))
    if isinstance(name, dict):
        if name.get("literal"):
            author = _split(str(name["literal"]))
        else:
            given, family = str(name.get("given", "")).strip(), str(name.get("family", "")).strip()
            author = Author(f"{given} {family}".strip(), given, family)
    elif isinstance(name, str) and name.strip():
        author = _split(name.strip())
    else:
        return None
    attributes = item.get("attributes") if isinstance(item.get("attributes"), dict) else {}
    if item.get("equal-contributor") is True or attributes.get("equal-contributor") is True:
        author.marks.append("equal")
    if item.get("corresponding") is True or attributes.get("corresponding") is True:
        author.marks.append("corresponding")
    for affiliation in _list(item.get("affiliations", item.get("affiliation"))):
        text = affiliation.get("name") if isinstance(affiliation, dict) else affiliation
        if isinstance(text, str) and text.strip():
            author.affiliations.append(text.strip())
    return author


def _list(value: Any) -> list[Any]:
    if value is None:
        return []
    return value if isinstance(value, list) else [value]


def _split(name: str) -> Author:
    # "Family, Given" as BibTeX writes it; else the last word (with its particles) is the family.
    if "," in name:
        family, given = (part.strip() for part in name.split(",", 1))
        return Author(f"{given} {family}".strip(), given, family)
    words = name.split()
    if len(words) < 2:
        return Author(name, "", name)
    start = len(words) - 1
    while start > 1 and words[start - 1].lower() in _PARTICLES:
        start -= 1
    return Author(name, " ".join(words[:start]), " ".join(words[start:]))


def author_field(authors: list[Author]) -> str:
    """The ``author`` value: ``A and B``."""
    return " and ".join(author.bibtex() for author in authors)


def annotations(authors: list[Author]) -> str:
    """The ``author+an`` value (``1=equal,corresponding;2=equal``), "" when nobody is marked."""
    return ";".join(
        f"{index}={','.join(author.marks)}"
        for index, author in enumerate(authors, start=1)
        if author.marks
    )
