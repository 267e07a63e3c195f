"""The owner's spellings found in an old site's entries (``movein.owner``)."""

from __future__ import annotations

from bibfolio.movein.model import Entry
from bibfolio.movein.owner import owner_spellings


def _raw(key: str, authors: str) -> Entry:
    return Entry(
        key, "article", raw=f"@article{{{key},\n  author = {{{authors}}},\n  title = {{T}}\n}}"
    )


def test_the_given_name_comes_first_and_alone_when_entries_add_nothing():
    entries = [_raw("a", "Ada Hörner and Tomasz Wrzos")]
    assert owner_spellings("Ada Hörner", entries) == ["Ada Hörner"]


def test_latex_escapes_and_dropped_accents_are_matched_already_so_not_listed():
    entries = [_raw("a", 'H{\\"o}rner, Ada and Wrzos, T.'), _raw("b", "Ada Horner")]
    assert owner_spellings("Ada Hörner", entries) == ["Ada Hörner"]


def test_a_german_transliteration_is_listed():
    entries = [_raw("a", "Hoerner, Ada and Imogen Quarrie")]
    assert owner_spellings("Ada Hörner", entries) == ["Ada Hörner", "Ada Hoerner"]


def test_an_initial_is_listed_once():
    entries = [_raw("a", "A. Hörner and I. Quarrie"), _raw("b", 'H{\\"o}rner, A.')]
    assert owner_spellings("Ada Hörner", entries) == ["Ada Hörner", "A. Hörner"]


def test_a_co_author_sharing_the_family_name_is_never_listed():
    entries = [_raw("a", "Ada Hörner and Bruno Hörner"), _raw("b", "Hoerner, Bruno")]
    assert owner_spellings("Ada Hörner", entries) == ["Ada Hörner"]


def test_an_initial_a_co_author_also_has_is_left_out():
    entries = [_raw("a", "A. Hörner and Anna Hörner")]
    assert owner_spellings("Ada Hörner", entries) == ["Ada Hörner"]


def test_typed_marks_are_no_part_of_a_spelling():
    entries = [_raw("a", "Hoerner*, Ada and Quarrie†, Imogen and Wrzos, T.$^*$")]
    assert owner_spellings("Ada Hörner", entries) == ["Ada Hörner", "Ada Hoerner"]


def test_slashed_l_folds_and_entries_given_as_fields_are_read():
    entries = [
        Entry("a", fields={"author": "Wrzos, Tomasz and Hörner, Ada"}),
        Entry("b", fields={"editor": "Wrzos, T. and Wrzos, Zofia"}),
    ]
    assert owner_spellings(["Tomasz Wrzos"], entries) == ["Tomasz Wrzos", "T. Wrzos"]
    slashed = [Entry("c", fields={"author": "Pawe{\\l} Sowa and Pawel Sowa"})]
    assert owner_spellings("Paweł Sowa", slashed) == ["Paweł Sowa"]


def test_given_aliases_are_kept_and_what_they_match_is_not_repeated():
    entries = [_raw("a", "Hoerner, A. and Hoerner, Ada")]
    assert owner_spellings(["Ada Hörner", "Ada Hoerner"], entries) == [
        "Ada Hörner",
        "Ada Hoerner",
        "A. Hoerner",
    ]
