"""Dates as the old sites write them, as ``news.yml`` and ``talks.yml`` take them."""

from __future__ import annotations

import datetime as dt
import re

_MONTHS = {
    name: number
    for number, names in enumerate(
        (
            ("jan", "january"), ("feb", "february"), ("mar", "march"), ("apr", "april"),
            ("may",), ("jun", "june"), ("jul", "july"), ("aug", "august"),
            ("sep", "sept", "september"), ("oct", "october"), ("nov", "november"),
            ("dec", "december"),
        ),
        start=1,
    )
    for name in names
}  # fmt: skip
_ISO = re.compile(r"^(\d{4})(?:-(\d{1,2})(?:-(\d{1,2}))?)?(?:[T ][\d:.]+(?:Z|[+-]\d\d:?\d\d)?)?$")
_WORDS = re.compile(r"^(?:(\d{1,2})\s+)?([A-Za-z]+)\.?,?\s+(?:(\d{1,2}),?\s+)?(\d{4})$")
#: Placeholders templates ship, for a date nobody gave: ``YYYY-01-01``, ``20XX``.
_PLACEHOLDER = re.compile(r"Y{2,4}|X{2}|x{2}|\?\?")


def is_placeholder(value: object) -> bool:
    """True for a template's stand-in date (``YYYY-01-01``, ``20XX-05``)."""
    return isinstance(value, str) and bool(_PLACEHOLDER.search(value))


def iso_date(value: object) -> str:
    """*value* as ``YYYY-MM-DD``, ``YYYY-MM`` or ``YYYY``; "" when it is no date.

    Takes what YAML and TOML give (``date``/``datetime``), ISO text with or without a
    time (``2024-03-01T10:00:00Z``), "March 2024", "1 March 2024", "March 1, 2024" and a
    bare year.  A placeholder is no date.
    """
    if isinstance(value, dt.datetime):
        return value.date().isoformat()
    if isinstance(value, dt.date):
        return value.isoformat()
    if isinstance(value, int) and 1000 <= value <= 9999:
        return str(value)
    if not isinstance(value, str) or is_placeholder(value):
        return ""
    text = value.strip().strip("\"'")
    found = _ISO.match(text)
    if found:
        year, month, day = found.groups()
        return _checked(int(year), month and int(month), day and int(day))
    found = _WORDS.match(text)
    if found:
        day_before, month_name, day_after, year = found.groups()
        month = _MONTHS.get(month_name.lower())
        if month is None:
            return ""
        day = day_before or day_after
        return _checked(int(year), month, day and int(day))
    return ""


def _checked(year: int, month: int | None, day: int | None) -> str:
    try:
        if day:
            return dt.date(year, month or 1, day).isoformat()
        if month:
            return f"{dt.date(year, month, 1):%Y-%m}"
    except ValueError:
        return ""
    return f"{year:04d}"
