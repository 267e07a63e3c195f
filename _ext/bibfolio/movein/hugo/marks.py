"""``author_notes`` as ``author+an`` marks, and ``highlight`` for the owner in a cite.bib.

Hugo shows ``admin``/``me`` as the owner whatever name the ``cite.bib`` gives that
author; bibfolio's owner matching goes by name, so that author is marked.
"""

from __future__ import annotations

import re
import unicodedata
from typing import TYPE_CHECKING

from .content import names

if TYPE_CHECKING:
    from ..model import Entry, Report
    from .content import Item
    from .profile import Owner

#: ``author_notes`` wording → ``author+an`` names.
_NOTES = (("equal", "equal"), ("corresponding", "corresponding"), ("first author", "equal"))
_AND = re.compile(r"\s+and\s+")
_TEX = re.compile(r"\\[a-zA-Z]+\s*|\\.|[{}]")


def author_marks(item: Item, entry: Entry, owner: Owner, report: Report, *, made: bool) -> str:
    """The entry's ``author+an``, or "".

    The page's author notes go by position; in a ``cite.bib`` whose author *i* the page
    calls ``admin``/``me`` under another name, ``i=highlight``.
    """
    ids = names(item.get("authors"))
    bib_authors = _AND.split(entry.fields.get("author", "")) if entry.fields.get("author") else []
    marks: dict[int, list[str]] = {}
    for index, note in enumerate(names(item.get("author_notes"))[: len(ids)], start=1):
        mark = next((an for word, an in _NOTES if word in note.lower()), "")
        if mark:
            marks.setdefault(index, []).append(mark)
        elif note:
            why = f"author note {note!r} (author {index}): no mark for it"
            report.left(item.source("author_notes"), why)
    if not made and marks and len(bib_authors) != len(ids):
        why = "author_notes not added: cite.bib lists other authors than the page"
        report.check(item.source("author_notes"), why)
        return ""
    if not made and len(bib_authors) == len(ids):
        known = {
            _fold(name) for name in [owner.bib_name, owner.profile.name, *owner.spellings] if name
        }
        for index, (author_id, name) in enumerate(zip(ids, bib_authors, strict=True), start=1):
            if author_id in ("admin", "me") and known and _fold(name) not in known:
                marks.setdefault(index, []).append("highlight")
                why = f"cite.bib names the owner {name.strip()!r}: marked as the owner (highlight)"
                report.check(item.source("authors"), why)
    return ";".join(f"{index}={','.join(found)}" for index, found in sorted(marks.items()))


def _fold(name: str) -> str:
    """A name as "given family" in lower case, without accents or LaTeX."""
    text = unicodedata.normalize("NFKD", _TEX.sub("", name))
    text = "".join(char for char in text if not unicodedata.combining(char))
    if "," in text:
        family, _, given = text.partition(",")
        text = f"{given} {family}"
    return " ".join(text.lower().split())
