"""Dates, month names, numbers and the order of names in the project's language (Babel).

Sphinx's ``language`` codes (``de``, ``zh_CN``, ``pt_BR``) name Babel locales (CLDR data);
a code Babel does not know falls back to English.  Plain Python: the writers pass the
language in.  Babel comes with Sphinx.
"""

from __future__ import annotations

import datetime
import unicodedata
from functools import cache
from typing import TYPE_CHECKING

from babel import Locale, UnknownLocaleError
from babel.dates import format_date, format_interval, format_skeleton
from babel.numbers import format_decimal

from .folding import fold_letters
from .names import parse_name

if TYPE_CHECKING:
    from collections.abc import Callable

    from .dates import PubDate

__all__ = [
    "babel_locale",
    "format_day",
    "format_number",
    "format_pub_date",
    "month_name",
    "name_sort_key",
    "person_sort_key",
    "text_direction",
]


@cache
def babel_locale(language: str | None) -> Locale:
    """The Babel locale of a Sphinx ``language`` (``None``, ``""`` or unknown: English)."""
    if not language:
        return Locale("en")
    try:
        return Locale.parse(language.replace("-", "_"))
    except (UnknownLocaleError, ValueError):
        try:  # "xx_YY" where Babel knows only "xx"
            return Locale.parse(language.replace("-", "_").split("_")[0])
        except (UnknownLocaleError, ValueError):
            return Locale("en")


def text_direction(language: str | None) -> str:
    """``"rtl"`` for Arabic, Hebrew, Persian, Urdu ... (CLDR's character order), else ``"ltr"``."""
    if not language or language.replace("-", "_").split("_")[0] == "en":
        return "ltr"  # English, without loading its CLDR data (a normal build needs none)
    return "rtl" if babel_locale(language).character_order == "right-to-left" else "ltr"


def month_name(month: int, language: str | None) -> str:
    """The month's name as it stands in a date (``März``, ``mars``, ``3月`` in Japanese)."""
    return babel_locale(language).months["format"]["wide"][month]


def format_number(number: float, language: str | None) -> str:
    """*number* with the language's grouping and decimal marks (``1.234`` in German)."""
    return format_decimal(number, locale=babel_locale(language))


def format_day(day: datetime.date, language: str | None) -> str:
    """A day in full (``2. Dezember 2026``, ``2026年12月2日``, ``December 2, 2026``)."""
    return format_date(day, "long", locale=babel_locale(language))


#: CLDR skeletons for a year, a month and a day: each language orders and spells them.
_SKELETONS = {1: "y", 2: "yMMMM", 3: "yMMMMd"}


def _point(year: int, month: int | None, day: int | None) -> tuple[datetime.date, str]:
    if month and day:
        try:
            return datetime.date(year, month, day), _SKELETONS[3]
        except ValueError:  # 31 February: show the month
            pass
    if month:
        return datetime.date(year, month, 1), _SKELETONS[2]
    return datetime.date(year, 1, 1), _SKELETONS[1]


def _year_only(locale: Locale, year: int) -> str:
    # CLDR's "y" is "2006年" in Chinese and Japanese; a bare year reads as a year in
    # every script and keeps lists aligned, as in the English list.
    del locale
    return str(year)


def format_pub_date(date: PubDate, language: str | None) -> str:
    """A publication date or range in *language* (``März 2006``, ``2006年3月–5月``).

    English keeps :attr:`PubDate.text`'s wording (the lists written before translations).
    """
    locale = babel_locale(language)
    if locale.language == "en":
        return date.text
    start, skeleton = _point(date.year, date.month, date.day)
    start_text = (
        _year_only(locale, date.year)
        if skeleton == "y"
        else format_skeleton(skeleton, start, locale=locale)
    )
    if date.open_end:
        return f"{start_text}–"
    if date.end_year is None:
        return start_text
    end, end_skeleton = _point(date.end_year, date.end_month, date.end_day)
    if end == start and end_skeleton == skeleton:
        return start_text
    if skeleton == end_skeleton == "y":
        return f"{date.year}–{date.end_year}"
    # CLDR's interval patterns say which parts to repeat ("März–Mai 2006").
    widest = skeleton if len(skeleton) >= len(end_skeleton) else end_skeleton
    return format_interval(start, end, widest, locale=locale)


#: Letters that an alphabet sorts as letters of their own, after the letter named, in
#: this order (CLDR's collation tailorings; any other Latin letter sorts with its base
#: letter, as :func:`.fold_letters` folds it: é and ø with e and o, æ as ae).  Where PyICU
#: is installed, ICU's collator for the language is used instead, which also orders
#: Chinese names by pinyin.
_AFTER: dict[str, dict[str, str]] = {
    "sv": {"å": "z", "ä": "z", "ö": "z", "æ": "z", "ø": "z"},
    "fi": {"å": "z", "ä": "z", "ö": "z"},
    "da": {"æ": "z", "ø": "z", "å": "z"},
    "nb": {"æ": "z", "ø": "z", "å": "z"},
    "nn": {"æ": "z", "ø": "z", "å": "z"},
    "es": {"ñ": "n"},
    "tr": {"ç": "c", "ğ": "g", "ö": "o", "ş": "s", "ü": "u"},
    "pl": {
        "ą": "a", "ć": "c", "ę": "e", "ł": "l", "ń": "n", "ó": "o", "ś": "s", "ź": "z",
        "ż": "z",
    },
    "cs": {"č": "c", "ř": "r", "š": "s", "ž": "z"},
}  # fmt: skip
_RANK = 0x10FF00  # private-use code points above every letter


def _tailored(language: str) -> dict[str, str]:
    after = _AFTER.get(language, {})
    table: dict[str, str] = {}
    ranks: dict[str, int] = {}
    for letter, base in after.items():
        ranks[base] = ranks.get(base, 0) + 1
        table[letter] = base + chr(_RANK + ranks[base])
    return table


def _fold(text: str, table: dict[str, str]) -> str:
    folded = unicodedata.normalize("NFC", text).casefold()
    return "".join(table.get(char) or fold_letters(char) for char in folded)


def _icu_key(language: str) -> Callable[[str], object] | None:
    try:
        import icu  # type: ignore[import-not-found]  # noqa: PLC0415 - optional
    except ImportError:
        return None
    return icu.Collator.createInstance(icu.Locale(language)).getSortKey


def name_sort_key(language: str | None) -> Callable[[str], object]:
    """A sort key for names in *language*'s alphabetical order.

    ``sorted(names, key=name_sort_key("sv"))`` puts Åström after Zetterberg, where German
    sorts it with A; Spanish puts Peña after Penz (ñ is a letter after n).  Case and
    accents decide only between otherwise equal names.
    """
    locale = babel_locale(language)
    icu_key = _icu_key(str(locale))
    if icu_key is not None:
        return icu_key
    table = _tailored(locale.language)

    def key(name: str) -> tuple[str, str, str]:
        # Then accents, then case, lower case first (as ICU's root collation).
        folded = unicodedata.normalize("NFC", name)
        return _fold(name, table), folded.casefold(), folded.swapcase()

    return key


def person_sort_key(language: str | None) -> Callable[[str], object]:
    """A sort key for names as written ("Ada Lovelace"): family name, then the whole name.

    Each in *language*'s alphabetical order (:func:`name_sort_key`).

    ``sorted(["Ödön Zetterberg", "Bo Åberg"], key=person_sort_key("sv"))`` puts Zetterberg
    first, where German and English put Åberg first.
    """
    key = name_sort_key(language)

    def by_family(name: str) -> tuple[object, object]:
        try:
            family = parse_name(name).family or name
        except ValueError:  # a name the parser refuses: as written
            family = name
        return key(family), key(name)

    return by_family
