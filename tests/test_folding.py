"""Names and titles fold Latin letters to their base; other scripts are never transliterated."""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

import pytest

from bibfolio.importer.merge import make_key
from bibfolio.importer.records import Record, normal_title
from bibfolio.model import names
from bibfolio.model.folding import fold_letters
from bibfolio.model.lint import check_publications
from bibfolio.model.localized import name_sort_key
from bibfolio.model.names import NameError_, NamePattern, parse_name
from bibfolio.model.publication import Settings
from bibfolio.reading.bibtex import read_bib_files
from bibfolio.reading.latex import latex_to_plain

REPO = Path(__file__).parent.parent
#: Every .bib of other people's and of both portfolios (and the example sites).
BIB_FILES = sorted(
    [
        *(REPO / "tests" / "corpus").glob("*.bib"),
        REPO / "refs.bib",
        *REPO.glob("examples/*/refs.bib"),
    ]
)


def accents_only_fold(text: str) -> str:
    """:func:`names.fold` as it was before Latin letters folded: accents, case, spacing."""
    plain = latex_to_plain(text) if ("\\" in text or "{" in text) else text
    decomposed = unicodedata.normalize("NFKD", plain)
    stripped = "".join(c for c in decomposed if not unicodedata.combining(c))
    return re.sub(r"[\s.\-‐‑‒–—'’]+", "", stripped.casefold())


@pytest.mark.parametrize(
    ("written", "folded"),
    [
        ("Łukasz", "lukasz"),
        ("Søren Ødegård", "soren odegard"),
        ("Đoković", "dokovic"),
        ("Ærø", "aero"),
        ("Œuvre", "oeuvre"),
        ("Straße, STRASSE, ẞ", "strasse, strasse, ss"),
        ("Þóra Sigurðardóttir", "thora sigurdardottir"),
        ("Akın", "akin"),
        ("Müller-Lüdenscheidt", "muller-ludenscheidt"),  # punctuation is the caller's
        ("Ɛfua Bɔatɛng", "efua boateng"),
        ("Ｆｕｌｌ", "full"),
    ],
)
def test_latin_letters_fold_to_their_base(written, folded):
    assert fold_letters(written) == folded


@pytest.mark.parametrize(
    ("written", "folded"),
    [
        ("张伟", "张伟"),
        ("Иван Петров", "иван петров"),  # case only
        ("Σοφία", "σοφια"),  # the accent only
        ("محمد", "محمد"),
        ("김민준", unicodedata.normalize("NFKD", "김민준")),  # Hangul jamo, the same text
        ("がくと", "か\u3099くと"),  # the voicing mark stays: がくと is not かくと
    ],
)
def test_other_scripts_are_not_transliterated(written, folded):
    assert fold_letters(written) == folded


def test_no_character_outside_latin_folds_further_than_its_accents():
    """Across all of Unicode, only Latin letters change beyond case and accents."""
    changed = []
    for code in range(0x80, 0x30000):
        char = chr(code)
        before = "".join(
            c
            for c in unicodedata.normalize("NFKD", char)
            if not unicodedata.combining(c) or c in "\u3099\u309a"  # kana voicing stays
        ).casefold()
        after = fold_letters(char)
        if after == before:
            continue
        latin = [c for c in before if unicodedata.name(c, "").startswith("LATIN ")]
        if not latin or not (after.isascii() and after.isalnum()):
            changed.append(f"U+{code:04X} {unicodedata.name(char, '?')}: {before!r} → {after!r}")
    assert changed == []


def test_a_latin_letter_without_a_letter_for_base_is_kept():
    # anyascii writes ʔ (LATIN LETTER GLOTTAL STOP) as "'", which name folds drop.
    assert fold_letters("Saʔa Tɬ'") == "saʔa tl'"


@pytest.mark.parametrize(
    ("configured", "written", "expected"),
    [
        ("Lucja Kowalczyk", r"Kowalczyk, {\L}ucja", True),
        ("Łucja Kowalczyk", "Kowalczyk, Lucja", True),
        ("Soren Holmgaard", r"Holmgaard, S{\o}ren", True),
        ("Durdica Marevic", "Marević, Đurđica", True),
        ("Thora Eiriksdottir", r"{\TH}{\'o}ra Eir{\'\i}ksd{\'o}ttir", True),
        ("Asa Kaergaard", "Kærgaard, Åsa", True),
        ("Anke Gross", r"Gro{\ss}, Anke", True),
        ("Aylin Akin", "Akın, Aylin", True),
        ("Lucja Kowalczyk", r"Kowalczyk, {\L}ucyna", False),
        ("Soren Holmgaard", r"Holmgaard, S{\o}ran", False),
        # Two people who share a pinyin stay two; a romanised name is not the hanzi one.
        ("张伟", "章伟", False),
        ("张伟", "Zhang, Wei", False),
        ("Zhang Wei", "张 伟", False),
        ("Ivan Petrov", "Петров, Иван", False),
        ("Иван Петров", "ПЕТРОВ, Иван", True),
        ("Sofia Nikolaou", "Νικολάου, Σοφία", False),
        ("Σοφία Νικολάου", "Νικολαου, Σοφια", True),
    ],
)
def test_owner_names_across_letters_of_their_own(configured, written, expected):
    assert NamePattern.from_config(configured).matches(parse_name(written)) is expected


def _corpus_names() -> list[str]:
    written: list[str] = []
    for path in BIB_FILES:
        entries, _ = read_bib_files([(path.name, path.read_bytes())])
        for entry in entries:
            for role in ("author", "editor"):
                if (field := entry.fields.get(role)) is not None:
                    written.extend(names.split_name_list(field.value))
    return list(dict.fromkeys(text for text in written if text.strip()))


#: How a person typing on an English keyboard writes the corpus's letters of their own
#: (the test's own table, not the library's).
_PLAIN = str.maketrans({"ł": "l", "Ł": "L", "ø": "o", "Ø": "O", "ı": "i", "ß": "ss"})


def _plain_spelling(text: str) -> str:
    return parse_name(text).display.translate(_PLAIN)


def _matches(spellings: list[str], people: list[str]) -> set[tuple[str, str]]:
    """(spelling, written name) pairs where the spelling, as owner, matches the name."""
    parsed = {text: parse_name(text) for text in people}
    by_family: dict[str, list[str]] = {}
    for text, person in parsed.items():
        by_family.setdefault(names.fold(" ".join(person.von + person.last)), []).append(text)
    found = set()
    for spelling in spellings:
        pattern = NamePattern.from_config(spelling)
        candidates = people if pattern.whole else by_family.get(pattern.family, [])
        found.update((spelling, text) for text in candidates if pattern.matches(parsed[text]))
    return found


def test_every_corpus_name_that_matched_still_matches(monkeypatch):
    people = []
    for text in _corpus_names():
        try:
            parse_name(text)
        except NameError_:
            continue
        people.append(text)
    plain = {
        _plain_spelling(text): text
        for text in people
        if _plain_spelling(text) != parse_name(text).display
    }
    spellings = people + list(plain)
    with monkeypatch.context() as patched:
        patched.setattr(names, "fold", accents_only_fold)
        before = _matches(spellings, people)
    after = _matches(spellings, people)

    assert len(people) > 1000
    assert len(before) > len(people)  # every name matches at least itself
    assert before - after == set()
    newly = after - before
    for spelling, text in newly:
        letters = {
            char
            for char in accents_only_fold(spelling) + accents_only_fold(text)
            if not char.isascii()
        }
        assert letters, (spelling, text)
        assert all(unicodedata.name(c).startswith("LATIN ") for c in letters), (spelling, text)
    # The plain spelling of each corpus name with ł, ø, ı or ß ("Gunvor Oie") now finds it.
    assert set(plain.items()) <= after
    assert len(plain) >= 10


def test_similar_entries_compare_people_and_titles_with_the_same_fold():
    bib = (
        "@misc{a, author = {Marević, Đurđica}, title = {Rivers of Łódź}, year = 2020}\n"
        "@misc{b, author = {Marevic, Durdica}, title = {Rivers of Lodz}, year = 2020}\n"
    )
    entries, _ = read_bib_files([("refs.bib", bib.encode())], "utf-8")
    _, found = check_publications(entries, Settings())
    assert [(d.line, d.subtype) for d in found] == [(2, "similar_title")]


def test_imported_records_match_and_are_keyed_with_the_same_fold():
    assert normal_title(r"Rivers of {\L}{\'o}d{\'z}: {\AE}sthetics") == "rivers of lodz aesthetics"
    record = Record(
        "article",
        {"author": r"{\L}ukasiewicz, Jan", "title": "Ślady Þórs", "year": "2020"},
        "test",
    )
    assert make_key(record, set()) == "lukasiewicz2020slady"


def test_names_sort_with_their_base_letter_unless_the_alphabet_has_it():
    written = ["Pettersen", "Ødegård", "Nilsen", "Lund", "Łukasik", "Mørk"]
    assert sorted(written, key=name_sort_key("en")) == [
        "Łukasik", "Lund", "Mørk", "Nilsen", "Ødegård", "Pettersen",
    ]  # fmt: skip
    # Danish and Polish sort ø and ł as letters of their own, after z and after l.
    assert sorted(written, key=name_sort_key("da"))[-1] == "Ødegård"
    assert sorted(["Łukasik", "Lund", "Lyk"], key=name_sort_key("pl")) == ["Lund", "Lyk", "Łukasik"]
