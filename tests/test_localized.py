"""Dates, numbers and the order of names by language (bibfolio.model.localized): no Sphinx."""

from __future__ import annotations

import datetime

import pytest

from bibfolio.model.dates import parse_date
from bibfolio.model.localized import (
    format_day,
    format_number,
    format_pub_date,
    month_name,
    name_sort_key,
    person_sort_key,
    text_direction,
)

DATES = ("2006", "2006-03", "2006-03-15", "2006-03/2006-05", "1998/2000", "1998/")


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("en", ["2006", "March 2006", "March 15, 2006", "March–May 2006", "1998–2000", "1998–"]),
        ("de", ["2006", "März 2006", "15. März 2006", "März–Mai 2006", "1998–2000", "1998–"]),
        (
            "es",
            [
                "2006",
                "marzo de 2006",
                "15 de marzo de 2006",
                "marzo–mayo de 2006",
                "1998–2000",
                "1998–",
            ],
        ),
        (
            "fr",
            [
                "2006",
                "mars 2006",
                "15 mars 2006",
                "mars\u2009–\u2009mai 2006",
                "1998–2000",
                "1998–",
            ],
        ),
        ("zh_CN", ["2006", "2006年3月", "2006年3月15日", "2006年3月 – 5月", "1998–2000", "1998–"]),
        ("ja", ["2006", "2006年3月", "2006年3月15日", "2006年3月～5月", "1998–2000", "1998–"]),
    ],
)
def test_publication_dates_are_written_as_the_language_writes_them(
    language: str, expected: list[str]
) -> None:
    assert [format_pub_date(parse_date(text), language) for text in DATES] == expected  # type: ignore[arg-type]


def test_english_dates_are_the_lists_own_wording() -> None:
    for text in DATES:
        date = parse_date(text)
        assert format_pub_date(date, "en") == date.text  # type: ignore[union-attr]


def test_an_impossible_day_keeps_the_month() -> None:
    assert format_pub_date(parse_date("2006-02-31"), "de") == "Februar 2006"  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("language", "number", "month", "day"),
    [
        ("en", "1,234,567", "March", "December 2, 2026"),
        ("de", "1.234.567", "März", "2. Dezember 2026"),
        ("fr", "1\u202f234\u202f567", "mars", "2 décembre 2026"),
        ("ja", "1,234,567", "3月", "2026年12月2日"),
        # A language Babel does not know, or none at all: English.
        ("xx", "1,234,567", "March", "December 2, 2026"),
        (None, "1,234,567", "March", "December 2, 2026"),
    ],
)
def test_numbers_months_and_days_follow_the_language(
    language: str | None, number: str, month: str, day: str
) -> None:
    assert format_number(1234567, language) == number
    assert month_name(3, language) == month
    assert format_day(datetime.date(2026, 12, 2), language) == day


@pytest.mark.parametrize(
    ("language", "direction"),
    [("ar", "rtl"), ("he", "rtl"), ("fa", "rtl"), ("en", "ltr"), ("zh_CN", "ltr")],
)
def test_the_writing_direction_comes_from_cldr(language: str, direction: str) -> None:
    assert text_direction(language) == direction


NORDIC = ["Zetterberg", "Åström", "Andersson", "Ödman", "Ahl"]


@pytest.mark.parametrize(
    ("language", "names", "expected"),
    [
        # Swedish sorts å, ä, ö as letters after z; German sorts them with a and o.
        ("sv", NORDIC, ["Ahl", "Andersson", "Zetterberg", "Åström", "Ödman"]),
        ("de", NORDIC, ["Ahl", "Andersson", "Åström", "Ödman", "Zetterberg"]),
        ("en", NORDIC, ["Ahl", "Andersson", "Åström", "Ödman", "Zetterberg"]),
        # Spanish: ñ is its own letter after n.
        ("es", ["Peña", "Penz", "Pena"], ["Pena", "Penz", "Peña"]),
        ("en", ["Peña", "Penz", "Pena"], ["Pena", "Peña", "Penz"]),
        # Case and accents decide only between otherwise equal names.
        ("en", ["émile", "Emile", "emile"], ["emile", "Emile", "émile"]),
    ],
)
def test_names_sort_in_the_languages_alphabetical_order(
    language: str, names: list[str], expected: list[str]
) -> None:
    assert sorted(names, key=name_sort_key(language)) == expected


#: Fictional people whose family names start with letters alphabets place differently.
PEOPLE = ["Ödön Zetterberg", "Bo Åberg", "Anna Zorn", "Karl Ärger", "Paul Adler", "Eva Ahl"]


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        # Swedish: Å, Ä, Ö are letters after Z.
        ("sv", ["Paul Adler", "Eva Ahl", "Ödön Zetterberg", "Anna Zorn", "Bo Åberg", "Karl Ärger"]),
        # German (and English): Ä and Å sort with A, Ö with O.
        ("de", ["Bo Åberg", "Paul Adler", "Eva Ahl", "Karl Ärger", "Ödön Zetterberg", "Anna Zorn"]),
    ],
)
def test_people_sort_by_family_name_in_the_languages_order(
    language: str, expected: list[str]
) -> None:
    """What the group list's member menu is sorted by (group/lists.py)."""
    assert sorted(PEOPLE, key=person_sort_key(language)) == expected
