"""Jinja filters of the site template: the owner's name escaped for each kind of file.

Copier loads :class:`Filters` (the template's ``_jinja_extensions``), so every file the
template writes escapes the name as the file needs it: a Python literal in ``conf.py``
(``| py``), YAML front matter (``| yaml``), Markdown (``| md``), BibTeX (``| bib``), XML
(``| xml``), a shell word (``| shell``).  An upgrade renders the old template with the
installed bibfolio's filters too: a filter keeps its name and meaning from release to
release.
"""

from __future__ import annotations

import datetime
import json
import re
import shlex
from typing import TYPE_CHECKING
from xml.sax.saxutils import escape as xml_escape

from jinja2.ext import Extension

from ..model.names import parse_name
from ..model.profile import person_initials
from ..reading.texescape import escape

if TYPE_CHECKING:
    from jinja2 import Environment

_MARKDOWN_SPECIAL = re.compile(r"([\\`*_{}\[\]<>#|!$])")


def python_literal(text: str) -> str:
    """A Python string literal of *text* (JSON's syntax is Python's for strings)."""
    return json.dumps(text, ensure_ascii=False)


def markdown(text: str) -> str:
    """*text* with Markdown's special characters escaped."""
    return _MARKDOWN_SPECIAL.sub(r"\\\1", text)


def bibtex(text: str) -> str:
    """*text* as a BibTeX value that reads back as *text* (``\\ { } ~ ^ & % $ # _`` escaped).

    bibfolio's one TeX escaper, the importer's too.
    """
    return escape(text)


def initials(name: str, person: bool = True) -> str:
    """The favicon's letters; "?" without a letter.

    A person's: the given name's and the first family name's initials, as the profile
    card's (``model/profile.py``: "Priya Raman" → "PR", "Ana Núñez-Ortega" → "AN").
    *person* false (a group's name): the first and last word's ("Lab of Odd Graphs" →
    "LG").
    """
    if person:
        return person_initials(name) or "?"
    words = [word for word in re.split(r"[\s,.\-]+", name) if word[:1].isalpha()]
    if not words:
        return "?"
    picked = [words[0], words[-1]] if len(words) > 1 else words[:1]
    return "".join(word[0].upper() for word in picked)


def alias_example(name: str) -> str:
    """The name with its first given name as an initial ("Priya Raman" → "P. Raman")."""
    person = parse_name(name)
    if not person.first or not person.last:
        return name
    initial = person.first[0][:1].upper()
    return " ".join([f"{initial}.", *person.first[1:], *person.von, *person.last])


def today() -> str:
    """Today's date in UTC, ISO 8601."""
    return datetime.datetime.now(tz=datetime.UTC).date().isoformat()


class Filters(Extension):
    """The escaping filters, and ``bibfolio_today`` (the default of ``created``)."""

    def __init__(self, environment: Environment) -> None:
        super().__init__(environment)
        environment.filters.update(
            py=python_literal,
            md=markdown,
            bib=bibtex,
            xml=xml_escape,
            shell=shlex.quote,
            initials=initials,
            alias=alias_example,
            yaml=python_literal,  # a JSON string is a YAML one
        )
        environment.globals["bibfolio_today"] = today()
