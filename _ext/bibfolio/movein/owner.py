"""The owner's spellings in an old site's entries, for ``bibfolio_owner``."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ..model.names import (
    NameError_,
    NamePattern,
    decode_words,
    fold,
    is_truncation,
    parse_name,
    split_name_list,
)
from ..reading.bibtex import read_bib_files

if TYPE_CHECKING:
    from collections.abc import Iterator, Sequence

    from ..model.names import PersonName
    from .model import Entry

#: The fields that name people who may be the owner.
_PEOPLE = ("author", "editor")
#: German transliteration: a "Hörner" who typed an ASCII name wrote "Hoerner".
_GERMAN = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "Ä": "Ae", "Ö": "Oe", "Ü": "Ue"})
#: Marks typed as LaTeX rather than as bare symbols (``Hörner$^*$``,
#: ``Hörner\textsuperscript{\dag}``): not part of the name.
_TEX_MARKS = re.compile(r"\$\^\{?[^$]*\}?\$|\\textsuperscript\{[^{}]*\}")
_WORD_SPLIT = re.compile(r"\s+|(?<=\.)(?=\w)")


def owner_spellings(names: str | Sequence[str], entries: Sequence[Entry]) -> list[str]:
    """*names*, then every other spelling of the owner the entries' author lists use.

    A spelling is listed only where bibfolio's own owner matching (``NamePattern``, as
    ``bibfolio_owner`` does it) would miss it from the names before it: accents, LaTeX
    escapes, case and "Last, First" it folds already; German transliteration
    (``Hoerner`` for ``Hörner``) and initials (``A. Hörner``) it does not.  A co-author
    who only shares the family name (another first name or initial) is never listed, and
    an initial that a co-author of the same family name shares is left out too, so
    nobody else is shown bold.
    """
    given = [names] if isinstance(names, str) else list(names)
    given = [" ".join(name.split()) for name in given if name.strip()]
    if not given:
        return []
    patterns = [NamePattern.from_config(name) for name in given]
    owner = _parse(given[0])
    if owner is None or not owner.last:
        return given
    family = _forms(decode_words(owner.von + owner.last))
    first = _first_word(decode_words(owner.first))
    people = [
        person
        for person in _people(entries)
        if _forms(decode_words(person.von + person.last)) & family
    ]
    candidates: list[PersonName] = []
    others: list[PersonName] = []
    for person in people:
        word = _first_word(decode_words(person.first))
        if not word or not first:
            continue
        if _same_first(word, first):
            candidates.append(person)
        else:
            others.append(person)
    # An initial a co-author also has ("A." for Anna Hörner too) would bold them.
    taken = {_first_word(decode_words(person.first))[0][:1] for person in others}
    spellings = list(given)
    for person in candidates:
        if any(pattern.matches(person) for pattern in patterns):
            continue
        word = _first_word(decode_words(person.first))
        if _is_initial(word) and word[0] in taken:
            continue
        spelling = person.display
        spellings.append(spelling)
        patterns.append(NamePattern.from_config(spelling))
    return spellings


def _parse(text: str) -> PersonName | None:
    try:
        return parse_name(_TEX_MARKS.sub("", text))
    except NameError_:
        return None


def owned_keys(names: Sequence[str], entries: Sequence[Entry]) -> set[str]:
    """Keys of the entries with an author or editor that *names* match, as bibfolio would."""
    patterns = [NamePattern.from_config(name) for name in names if name.strip()]
    return {
        key
        for key, person in _people_of(entries)
        if any(pattern.matches(person) for pattern in patterns)
    }


def _people(entries: Sequence[Entry]) -> Iterator[PersonName]:
    """Every person of the entries' author and editor lists, in order."""
    return (person for _key, person in _people_of(entries))


def _people_of(entries: Sequence[Entry]) -> Iterator[tuple[str, PersonName]]:
    """(entry key, person) for every author and editor of the entries, in order."""
    raws = [entry.raw for entry in entries if entry.raw]
    values: list[tuple[str, str]] = []
    if raws:
        # One read for all: 300 entries are one file, not 300.
        data = "\n\n".join(raws).encode()
        read, _problems = read_bib_files([("entries.bib", data)])
        values += [(entry.key, entry.get(name)) for entry in read for name in _PEOPLE]
    values += [
        (entry.key, entry.fields.get(name, ""))
        for entry in entries
        if not entry.raw
        for name in _PEOPLE
    ]
    for key, value in values:
        for text in split_name_list(value) if value else ():
            if text and not is_truncation(text):
                person = _parse(text)
                if person is not None and person.last:
                    yield key, person


def _forms(text: str) -> set[str]:
    """*text* folded as written and as transliterated (``Hörner``: horner, hoerner)."""
    return {fold(text), fold(text.translate(_GERMAN))}


def _first_word(given: str) -> tuple[str, ...]:
    """The first given name's folded forms ("" when there is none); an initial is one letter."""
    for word in _WORD_SPLIT.split(given):
        folded = sorted(form for form in _forms(word) if form)
        if folded:
            return tuple(folded)
    return ()


def _is_initial(word: tuple[str, ...]) -> bool:
    return all(len(form) == 1 for form in word)


def _same_first(written: tuple[str, ...], wanted: tuple[str, ...]) -> bool:
    """One first name: equal up to transliteration, or an initial of it either way."""
    if set(written) & set(wanted):
        return True
    if _is_initial(written) or _is_initial(wanted):
        return written[0][:1] == wanted[0][:1]
    return False
