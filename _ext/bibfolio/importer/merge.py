"""Match imported records to refs.bib's entries and decide: add, update, pair or skip.

Rules (GUIDE.md, "Keeping refs.bib current"):

* a record matches an entry by DOI, else by arXiv id, else by normalised title + first
  author's family name + year (a preprint and its published version may be a year apart);
* the entry's own fields always win: an import only adds fields the entry lacks, and a
  different value in a field both have is reported, never written;
* a published record whose match is a preprint becomes a new entry that names the
  preprint with ``preprint = {key}`` (the project's pairing field); once paired, the
  published entry is the one later imports update;
* a preprint record whose match is published only lends it its arXiv id;
* new keys are ``<first author's family name><year><first title word>``, ASCII, lower-case,
  with ``b``, ``c`` ... appended on a clash.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..model.folding import fold_letters
from ..model.names import NameError_, parse_name, split_name_list
from ..reading.latex import latex_to_plain
from .records import Record, entry_arxiv, first_family, normal_title

if TYPE_CHECKING:
    from collections.abc import Iterable

#: Fields an import never adds: the owner's presentation and the pairing itself.
USER_FIELDS = frozenset(
    {"selected", "abbr", "award", "impact", "author+an", "editor+an", "pdf", "code",
     "preprint", "published", "pubtype", "slides", "poster", "video", "preview"}
)  # fmt: skip
#: Fields whose differing values are worth showing (others differ in harmless ways).
COMPARED_FIELDS = ("title", "author", "year", "journal", "booktitle", "volume", "pages", "doi")
_STOP_WORDS = frozenset(
    [
        "a",
        "an",
        "the",
        "on",
        "of",
        "in",
        "for",
        "to",
        "and",
        "with",
        "from",
        "by",
        "at",
        "is",
        "are",
        "as",
        "towards",
        "toward",
        "via",
    ]
)


@dataclass
class Target:
    """An entry of the file (or one this import adds), as the merge sees it."""

    key: str
    type: str
    fields: dict[str, str]  #: Name → value as read (LaTeX source).
    new: bool = False  #: Added by this import.
    added_fields: dict[str, str] = field(default_factory=dict)  #: Fields to insert.

    def record(self) -> Record:
        return Record(self.type, {**self.fields, **self.added_fields}, self.key)


@dataclass
class Outcome:
    """What happened to one record, for the report."""

    action: str  #: ``added``, ``updated``, ``unchanged`` or ``skipped``.
    key: str
    origin: str
    detail: str = ""
    kept: list[str] = field(default_factory=list)  #: "field: yours … / source …" lines.
    authors: str = ""  #: The imported author list (for the owner's name variants).


def make_key(record: Record, taken: set[str]) -> str:
    """``lastname2024firstword``: ASCII, lower-case, unique among *taken* (lower-cased)."""
    family = _ascii(first_family(record.fields.get("author", ""))) or "anon"
    words = [_ascii(word) for word in normal_title(record.fields.get("title", "")).split()]
    word = next((w for w in words if w and w not in _STOP_WORDS), "") or "untitled"
    base = f"{family}{record.year}{word}"
    key, suffix = base, ord("b")
    while key.lower() in taken:
        key = f"{base}{chr(suffix)}"
        suffix += 1
    return key


def _ascii(text: str) -> str:
    # Latin letters at their base ("Łukasiewicz" → lukasiewicz); other scripts dropped.
    return re.sub(r"[^a-z0-9]", "", fold_letters(text))


class Merger:
    """Merge records into a file's entries, in order; collects :class:`Outcome` objects."""

    def __init__(self, entries: Iterable[Target]) -> None:
        self.targets = list(entries)
        self.outcomes: list[Outcome] = []

    # -- matching ----------------------------------------------------------------------
    def _find(self, record: Record) -> Target | None:
        doi, arxiv = record.doi, record.arxiv
        if doi:
            for target in self.targets:
                if target.record().doi == doi:
                    return target
        if arxiv:
            for target in self.targets:
                if entry_arxiv(target.record().fields) == arxiv:
                    return target
        title, family, year = record.identity()
        if not title:
            return None
        for target in self.targets:
            other = target.record()
            other_title, other_family, other_year = other.identity()
            if other_title != title or other_family != family:
                continue
            if other_year == year or (
                record.is_preprint != other.is_preprint and _near(year, other_year)
            ):
                return target
        return None

    def _paired_with(self, preprint: Target) -> Target | None:
        """The published entry paired with *preprint* (``preprint = {key}``), if any."""
        wanted = preprint.key.lower()
        named = preprint.fields.get("published", "").strip().lower()
        for target in self.targets:
            fields = {**target.fields, **target.added_fields}
            if fields.get("preprint", "").strip().lower() == wanted or (
                named and target.key.lower() == named
            ):
                return target
        return None

    # -- merging -----------------------------------------------------------------------
    def add(self, record: Record) -> Outcome:
        """Merge one record; return (and keep) its outcome."""
        if not record.fields.get("title"):
            return self._note(Outcome("skipped", "", record.origin, "no title"))
        target = self._find(record)
        if target is None:
            return self._note(self._new(record, record.notes), record)
        existing = target.record()
        if existing.is_preprint and not record.is_preprint:
            published = self._paired_with(target)
            if published is None:
                outcome = self._new(record, record.notes, preprint=target.key)
                outcome.detail = f"published version of preprint {target.key}, paired with it"
                return self._note(outcome, record)
            target = published
        elif record.is_preprint and not existing.is_preprint:
            # The published entry keeps its venue; it only gains the arXiv id.
            keep = {"eprint", "archiveprefix"}
            fields = {"eprint": record.arxiv, "archiveprefix": "arXiv"} if record.arxiv else {}
            lent = Record(record.type, fields, record.origin, notes=record.notes)
            return self._note(self._update(target, lent, keep, compare=False), record)
        return self._note(self._update(target, record, None), record)

    def _note(self, outcome: Outcome, record: Record | None = None) -> Outcome:
        if record is not None:
            outcome.authors = record.fields.get("author", "")
        self.outcomes.append(outcome)
        return outcome

    def _new(self, record: Record, notes: list[str], preprint: str = "") -> Outcome:
        taken = {target.key.lower() for target in self.targets}
        key = make_key(record, taken)
        fields = {name: value for name, value in record.fields.items() if value}
        if preprint:
            fields["preprint"] = preprint
        self.targets.append(Target(key, record.type, fields, new=True))
        title = latex_to_plain(record.fields.get("title", ""))
        return Outcome("added", key, record.origin, "; ".join([title, *notes]))

    def _update(
        self, target: Target, record: Record, only: set[str] | None, *, compare: bool = True
    ) -> Outcome:
        current = {**target.fields, **target.added_fields}
        gained = {
            name: value
            for name, value in record.fields.items()
            if value
            and name not in current
            and name not in USER_FIELDS
            and (only is None or name in only)
        }
        kept = [
            f"{name}: yours {latex_to_plain(current[name])!r}, "
            f"{record.origin} has {latex_to_plain(record.fields[name])!r}"
            for name in (COMPARED_FIELDS if compare else ())
            if name in current
            and name in record.fields
            and not _same(name, current[name], record.fields[name])
        ]
        if target.new:
            target.fields.update(gained)
        else:
            target.added_fields.update(gained)
        action = "updated" if gained else "unchanged"
        detail = "; ".join([("+" + ", +".join(gained)) if gained else "nothing new", *record.notes])
        return Outcome(action, target.key, record.origin, detail, kept)


def _near(year: str, other: str) -> bool:
    return year.isdigit() and other.isdigit() and abs(int(year) - int(other)) <= 1


def _same(name: str, mine: str, theirs: str) -> bool:
    """Equal for a reader: case, braces, accents' spelling and dash styles aside."""
    if name == "author":
        return _people(mine) == _people(theirs)
    if name == "pages":
        return re.sub(r"\D+", "-", mine) == re.sub(r"\D+", "-", theirs)
    return _fold(mine) == _fold(theirs)


def _people(value: str) -> list[tuple[str, str]]:
    """(family, given) of each author, folded: "First Last" and "Last, First" agree."""
    people = []
    for text in split_name_list(value):
        try:
            name = parse_name(text)
        except NameError_:
            people.append((_fold(text), ""))
            continue
        people.append((_fold(" ".join(name.last)), _fold(" ".join(name.first))))
    return people


def _fold(value: str) -> str:
    return normal_title(value)
