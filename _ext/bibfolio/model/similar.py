"""Two entries that look like one work: nearly the same title by the same people, not paired.

Numbers are compared as numbers (``Part II`` is ``Part 2``) and preprints against their
published versions, so a second part or a new edition is not taken for a duplicate.
"""

from __future__ import annotations

import difflib
import re
from functools import cached_property
from typing import TYPE_CHECKING

from ..reading.diagnostics import Diagnostic
from ..reading.richtext import plain
from .folding import fold_letters
from .names import fold

if TYPE_CHECKING:
    from collections.abc import Sequence

    from .publication import Publication

_WORDS = re.compile(r"[^\w]+")


def similar_titles(publications: Sequence[Publication], cutoff: float = 0.93) -> list[Diagnostic]:
    """A diagnostic for an entry whose title (nearly) repeats an earlier one's, by the same people.

    Titles are compared after folding case, accents and punctuation; near-equal means a
    similarity ratio of at least *cutoff*, which catches "Fast X" vs "Fast X." and typos.
    Not reported: titles whose numbers differ ("Volume I" / "Volume II", "Part 2"), the
    same title by other authors ("Set Theory" by Jech and by Kunen), other editions or
    volumes, versions at two venues or in two years (a conference paper and its journal
    version), and entries already paired with ``preprint``/``published``.  A preprint
    and its published version get a message saying how to pair them.
    """
    found = []
    blocks: dict[str, list[_Titled]] = {}
    for publication in publications:
        title = _title_key(plain(publication.title))
        if not title:
            continue
        current = _Titled(title, publication)
        # Compare only titles sharing their opening or closing words: a typo rarely
        # touches both ends, and this keeps the check linear on large files.
        block_keys = (title[:24], title[-24:])
        first = None
        length = len(title)
        for block_key in block_keys:
            first = next(
                (
                    other
                    for other in blocks.get(block_key, ())
                    # Near-equal titles have nearly the same length (difflib's
                    # ``real_quick_ratio``); tested here, most candidates cost no call.
                    if 2.0 * min(other.length, length) / (other.length + length) >= cutoff
                    and _same_work(other, current, cutoff)
                ),
                None,
            )
            if first is not None:
                break
        if first is not None:
            diagnostic = _similar_diagnostic(first.publication, publication)
            if diagnostic is not None:
                found.append(diagnostic)
            continue
        for block_key in block_keys:
            blocks.setdefault(block_key, []).append(current)
    return found


class _Titled:
    """A publication with what the title comparison needs.

    Numerals and family names are computed only for the few titles that match: on a
    3,000-entry file that keeps the check as fast as a title-only comparison.
    """

    def __init__(self, title: str, publication: Publication) -> None:
        self.title = title
        self.length = len(title)
        self.publication = publication
        self.words = frozenset(title.split())

    @cached_property
    def numerals(self) -> tuple[int, ...]:
        return _numerals(self.title)

    @cached_property
    def family_names(self) -> frozenset[str]:
        people = self.publication.authors or self.publication.editors
        return frozenset(fold(person.person.family) for person in people)


def _same_work(a: _Titled, b: _Titled, cutoff: float) -> bool:
    if a.title != b.title and not (
        # Near-equal titles share nearly all their words: a cheap filter before the
        # character-level comparison.
        len(a.words & b.words) >= cutoff * max(len(a.words), len(b.words)) - 1
        and _similar(a.title, b.title, cutoff)
    ):
        return False
    if a.numerals != b.numerals:
        return False
    if not a.family_names or not b.family_names:
        return True  # nobody named on one side: nothing says they differ
    shared = len(a.family_names & b.family_names)
    return shared > 0 and 2 * shared >= min(len(a.family_names), len(b.family_names))


#: Fields that tell two versions of one work apart (the 1st and 2nd edition of a
#: manual, volumes of a series); differing values mean two publications.
_VERSION_FIELDS = ("edition", "volume", "version", "part")


def _differ(first: Publication, later: Publication, names: tuple[str, ...]) -> bool:
    for name in names:
        one = _title_key(first.fields.get(name, ""))
        other = _title_key(later.fields.get(name, ""))
        if one and other and one != other:
            return True
    return False


def _similar_diagnostic(first: Publication, later: Publication) -> Diagnostic | None:
    if _paired(first, later) or _differ(first, later, _VERSION_FIELDS):
        return None
    first_preprint, later_preprint = _is_preprint(first), _is_preprint(later)
    if first_preprint != later_preprint:
        published, preprint = (later, first) if first_preprint else (first, later)
        return Diagnostic(
            published.entry.path,
            published.entry.line_of("title"),
            "similar_title",
            f"'{published.key}' and '{preprint.key}' ({preprint.entry.path}:"
            f"{preprint.entry.line}) have the same title and authors: a published version "
            f"and its preprint? To show them as one entry with both links, add "
            f"preprint = {{{preprint.key}}} to '{published.key}'",
        )
    if not _same_venue(_venue_key(first), _venue_key(later)) or _differ(first, later, ("year",)):
        # Two venues or two years: two publications (a conference paper and its journal
        # version, a talk given twice).  Only a preprint's year may differ from its paper's.
        return None
    return Diagnostic(
        later.entry.path,
        later.entry.line_of("title"),
        "similar_title",
        f"the title of '{later.key}' repeats that of '{first.key}' "
        f"({first.entry.path}:{first.entry.line}); is it the same paper?",
    )


def _paired(a: Publication, b: Publication) -> bool:
    """True when either entry names the other in ``preprint`` or ``published``."""
    for one, other in ((a, b), (b, a)):
        for name in ("preprint", "published"):
            if one.fields.get(name, "").strip().casefold() == other.key.casefold():
                return True
    return False


#: Fields that say where a work appeared (any one is its venue).
_VENUE_FIELDS = (
    "journal",
    "journaltitle",
    "booktitle",
    "school",
    "institution",
    "publisher",
    "organization",
)
#: Venues that are preprint servers, as Google Scholar, DBLP and arXiv exports write them.
_PREPRINT_VENUE = re.compile(
    r"\b(?:arxiv|biorxiv|medrxiv|chemrxiv|techrxiv|psyarxiv|ssrn|corr|preprints?|"
    r"research square|osf)\b",
    re.IGNORECASE,
)


def _same_venue(one: str, other: str) -> bool:
    """Venues written alike ("Springer-Verlag" / "Springer-Verlag, Berlin"), or one unknown."""
    if not one or not other or one in other or other in one:
        return True
    return difflib.SequenceMatcher(None, one, other).ratio() >= 0.8


def _venue_key(publication: Publication) -> str:
    for name in _VENUE_FIELDS:
        value = publication.fields.get(name, "").strip()
        if value:
            return _title_key(plain(publication.rich(name)))
    return ""


def _is_preprint(publication: Publication) -> bool:
    """A preprint: an eprint or preprint server and no other venue."""
    venue = next((publication.fields[n] for n in _VENUE_FIELDS if publication.fields.get(n)), "")
    if venue.strip():
        return bool(_PREPRINT_VENUE.search(venue))
    fields = publication.fields
    return bool(
        fields.get("eprint", "").strip()
        or fields.get("arxiv", "").strip()
        or publication.type == "unpublished"
        or publication.doi.lower().startswith("10.48550/")
    )


def _title_key(text: str) -> str:
    """A title folded for comparison: no accents, case or punctuation; single spaces."""
    return " ".join(word for word in _WORDS.split(fold_letters(text)) if word)


def _similar(a: str, b: str, cutoff: float) -> bool:
    matcher = difflib.SequenceMatcher(None, a, b)
    return (
        matcher.real_quick_ratio() >= cutoff
        and matcher.quick_ratio() >= cutoff
        and matcher.ratio() >= cutoff
    )


_ROMAN = re.compile(r"m{0,3}(cm|cd|d?c{0,3})(xc|xl|l?x{0,3})(ix|iv|v?i{0,3})")
_ROMAN_VALUES = {"m": 1000, "d": 500, "c": 100, "l": 50, "x": 10, "v": 5, "i": 1}
_NUMBER_WORDS = {
    word: value
    for value, words in enumerate(
        (
            ("one", "first"),
            ("two", "second"),
            ("three", "third"),
            ("four", "fourth"),
            ("five", "fifth"),
            ("six", "sixth"),
            ("seven", "seventh"),
            ("eight", "eighth"),
            ("nine", "ninth"),
            ("ten", "tenth"),
        ),
        start=1,
    )
    for word in words
}


def _numerals(title: str) -> tuple[int, ...]:
    """The numbers in a folded title: digits, Roman numerals and number words, as values.

    "Volume 2", "Volume II" and "Volume Two" carry the same number; "Volume I" and
    "Volume II" do not.
    """
    found = []
    for word in title.split():
        if word.isdigit():
            found.append(int(word))
        elif word in _NUMBER_WORDS:
            found.append(_NUMBER_WORDS[word])
        elif _ROMAN.fullmatch(word):
            found.append(_roman_value(word))
        else:
            found.extend(int(digits) for digits in re.findall(r"\d+", word))
    return tuple(found)


def _roman_value(word: str) -> int:
    total = 0
    for index, char in enumerate(word):
        value = _ROMAN_VALUES[char]
        following = _ROMAN_VALUES[word[index + 1]] if index + 1 < len(word) else 0
        total += -value if value < following else value
    return total
