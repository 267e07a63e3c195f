"""biblatex's ``date`` field (ISO 8601 / EDTF level 0-1 subset) and how a date is shown."""

from __future__ import annotations

import re
from dataclasses import dataclass

MONTH_NAMES = (
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
)
# One end of a range: 2006, 2006-03, 2006-03-15, with biblatex's EDTF marks (~ ? %)
# for uncertain/approximate dates and a time part that we ignore.
_POINT = re.compile(r"\s*(-?\d{4})(?:-(\d{2})(?:-(\d{2}))?)?(?:T[\d:.+\-Z]*)?\s*[~?%]?\s*")


@dataclass(frozen=True, slots=True)
class PubDate:
    """A publication date or date range, as biblatex reads it.

    ``year`` is the start year (what biblatex sorts and labels by); ``end_year`` is set
    for a closed range, ``open_end`` for ``1998/`` ("1998–").
    """

    year: int
    month: int | None = None
    day: int | None = None
    end_year: int | None = None
    end_month: int | None = None
    end_day: int | None = None
    open_end: bool = False

    @property
    def text(self) -> str:
        """``March 15, 2006``, ``March 2006``, ``1998–2000``, ``March–May 2006``, ``1998–``."""
        start = _point_text(self.year, self.month, self.day)
        if self.open_end:
            return f"{start}–"
        if self.end_year is None or (
            (self.end_year, self.end_month, self.end_day) == (self.year, self.month, self.day)
        ):
            return start
        if self.end_year == self.year and self.month and self.end_month and not self.day:
            if self.end_month == self.month:
                return start
            return f"{MONTH_NAMES[self.month - 1]}–{MONTH_NAMES[self.end_month - 1]} {self.year}"
        return f"{start}–{_point_text(self.end_year, self.end_month, self.end_day)}"


def _point_text(year: int, month: int | None, day: int | None) -> str:
    if month and day:
        return f"{MONTH_NAMES[month - 1]} {day}, {year}"
    if month:
        return f"{MONTH_NAMES[month - 1]} {year}"
    return str(year)


def _point(text: str) -> tuple[int, int | None, int | None] | None:
    match = _POINT.fullmatch(text)
    if match is None:
        return None
    year = int(match.group(1))
    month = int(match.group(2)) if match.group(2) else None
    day = int(match.group(3)) if match.group(3) else None
    # EDTF seasons (21-24) and out-of-range values are not months: keep the year.
    if month is not None and not 1 <= month <= 12:
        month = day = None
    if day is not None and not 1 <= day <= 31:
        day = None
    return year, month, day


def parse_date(text: str) -> PubDate | None:
    """Read a biblatex ``date``; None when *text* is not one.

    Forms: ``2006``, ``2006-03``, ``2006-03-15``, ``1998/2000``, ``1998/`` or ``1998/..``
    (open end), ``/2000`` or ``../2000`` (open start).  On None the caller falls back to
    ``year``.
    """
    start_text, slash, end_text = text.strip().partition("/")
    if not slash:
        start = _point(start_text)
        return PubDate(*start) if start else None
    start = _point(start_text) if start_text.strip() not in ("", "..") else None
    end = _point(end_text) if end_text.strip() not in ("", "..") else None
    if start is None and end is None:
        return None
    if start is None:
        # An open start ("until 2000"): the only year known is the end.
        return PubDate(*end)  # type: ignore[misc]
    if end is None:
        return PubDate(*start, open_end=end_text.strip() in ("", ".."))
    return PubDate(*start, end_year=end[0], end_month=end[1], end_day=end[2])
