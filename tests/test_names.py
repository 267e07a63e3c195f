"""One BibTeX name split by pybtex's Person; the list split, marks and errors are bibfolio's."""

from __future__ import annotations

import pybtex.errors
import pytest

from bibfolio.model.names import NameError_, parse_name, split_name_list


def parts(text: str) -> tuple[str, str, str, str]:
    name = parse_name(text)
    return tuple(" ".join(part) for part in (name.first, name.von, name.last, name.jr))


@pytest.mark.parametrize(
    ("written", "expected"),
    [
        ("Ludwig van Beethoven", ("Ludwig", "van", "Beethoven", "")),
        ("van Beethoven, Ludwig", ("Ludwig", "van", "Beethoven", "")),
        ("King, Jr, Martin Luther", ("Martin Luther", "", "King", "Jr")),
        ("Jean de la Fontaine", ("Jean", "de la", "Fontaine", "")),
        (r"{\'E}mile Zola", (r"{\'E}mile", "", "Zola", "")),
        ("{Barnes and Noble, Inc.}", ("", "", "{Barnes and Noble, Inc.}", "")),
        ("Ana~María Pérez", ("Ana María", "", "Pérez", "")),
    ],
)
def test_names_split_as_bibtex_splits_them(written, expected):
    assert parts(written) == expected


def test_the_tilde_accent_is_no_tie():
    # "~" ties words, but "\~" is the tilde accent: "Casta\~{n}eda" is one word.
    [first, second] = split_name_list(r"Rosa Casta\~{n}eda-Olm and Casta\~neda, Ana")
    assert parse_name(first).display == "Rosa Castañeda-Olm"
    assert parse_name(second).family == "Castañeda"


def test_a_latex_space_separates_words():
    assert parts(r"Aiko\ Tanemura") == ("Aiko", "", "Tanemura", "")
    assert parse_name(r"Aiko\ Tanemura").display == "Aiko Tanemura"


def test_a_name_of_spaces_and_ties_alone_is_empty():
    # pybtex 0.25 (the lowest allowed) fails on a name without a word.
    for text in ("~", "\\ ~", "~ ~*"):
        assert parse_name(text).is_single
        assert parse_name(text).display == ""


def test_marks_are_taken_off_before_the_name_is_split():
    name = parse_name("Einstein*†, A.")
    assert (name.family, name.given, name.marks) == ("Einstein", "A.", "*†")
    assert name.equal_mark


def test_too_many_commas_is_an_error_whatever_pybtexs_strict_mode(monkeypatch, capsys):
    for strict in (True, False):
        monkeypatch.setattr(pybtex.errors, "strict", strict)
        with pytest.raises(NameError_, match="too many commas"):
            parse_name(f"Too, Many, Commas, Here{int(strict)}")
    assert capsys.readouterr().err == ""
    # Commas inside braces are not counted, as BibTeX counts them.
    assert parts("{Smith, Jones, and Co.}, Ann") == ("Ann", "", "{Smith, Jones, and Co.}", "")


def test_empty_names_are_kept_in_the_list_to_be_reported():
    assert split_name_list("A and and B") == ["A", "", "B"]
    assert split_name_list("A and B and") == ["A", "B", ""]
    assert split_name_list("A and\nB") == ["A", "B"]
