"""Quarto's dates: ISO, ``3/1/2024`` (month first, as Quarto reads it), words.

``today``, ``now`` and ``last-modified`` are the render's date, so no date of the item.
"""

from __future__ import annotations

import re

from ..dates import iso_date

#: Values Quarto replaces with the date it renders (or the file's mtime).
RENDER_DATES = {"today", "now", "last-modified"}
_SLASHED = re.compile(r"^(\d{1,2})/(\d{1,2})/(\d{4})$")


def quarto_date(value: object) -> str:
    """*value* as ``YYYY-MM-DD`` (or ``YYYY-MM``, ``YYYY``); "" for no date or a render date."""
    if isinstance(value, str):
        text = value.strip().strip("\"'")
        if text.lower() in RENDER_DATES:
            return ""
        found = _SLASHED.match(text)
        if found:
            month, day, year = found.groups()
            return iso_date(f"{year}-{int(month):02d}-{int(day):02d}")
        return iso_date(text)
    return iso_date(value)


def is_render_date(value: object) -> bool:
    """True for ``today``/``now``/``last-modified``: the date of the render, not the item's."""
    return isinstance(value, str) and value.strip().lower() in RENDER_DATES
