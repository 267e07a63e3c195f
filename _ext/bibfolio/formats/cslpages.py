"""Page ranges as a CSL style's ``page-range-format`` writes them (CSL 1.0.2, Appendix V).

"expanded" (APA: "2579-88" → "2579–2588"), "minimal" ("321–8"), "minimal-two"
("321–28"), "chicago-15" (alias "chicago") and "chicago-16"; with no format a range keeps
its digits (citeproc-js fills in only zero-padded ones: "0012-13" → "0012–0013").
Which ranges are touched follows citeproc-js's ``PageRangeMangler``: a range is two
numbers, each with an optional letter prefix ("E123–E130") and lower-case suffix; a
range whose prefixes differ ("A23-45"), or whose second number, expanded, is not above
the first ("5-3"), is left as written.  Chicago's rules are the specification's tables,
where citeproc-js 2.4.63 differs for five-digit pages (it writes "12991–1" for
"12991-13001"; the tables say "12991–3001").
"""

from __future__ import annotations

import re

#: One page range: (prefix)(number)-(prefix)(number), as citeproc-js's ``rangerex``.
_RANGE = re.compile(
    r"^([0-9]*[a-zA-Z]+0*)?([0-9]+[a-z]*)\s*[-\u2013]\s*([0-9]*[a-zA-Z]+0*)?([0-9]+[a-z]*)$"
)
_LEADING_NUMBER = re.compile(r"\d+")

FORMATS = ("expanded", "minimal", "minimal-two", "chicago", "chicago-15", "chicago-16")


def page_range(first: str, last: str, range_format: str | None, delimiter: str) -> str:
    """The range from page *first* to *last* (each as written) in *range_format*.

    *delimiter* joins them (the locale's ``page-range-delimiter``, an en dash in English).
    """
    match = _RANGE.match(f"{first}-{last}")
    if match is None:
        return f"{first}{delimiter}{last}"
    prefix, start, last_prefix, end = match.groups()
    prefix, last_prefix = prefix or "", last_prefix or ""
    if last_prefix != prefix:
        return f"{first}{delimiter}{last}"
    if not range_format and _number(start) > _number(end):
        return f"{first}{delimiter}{last}"  # no format: "2579-88" is not filled in
    if len(end) < len(start):
        end = start[: len(start) - len(end)] + end
    if _number(start) >= _number(end):
        return f"{first}{delimiter}{last}"
    if not range_format or range_format == "expanded" or range_format not in FORMATS:
        return f"{prefix}{start}{delimiter}{prefix}{end}"
    return f"{prefix}{start}{delimiter}{_abbreviated(start, end, range_format)}"


def _number(text: str) -> int:
    return int(_LEADING_NUMBER.match(text).group())  # type: ignore[union-attr]


def _minimal(start: str, end: str, keep: int = 0) -> str:
    """*end* without the leading characters it shares with *start*, keeping *keep*."""
    if len(start) != len(end):
        return end
    common = 0
    while common < len(end) and start[common] == end[common]:
        common += 1
    return end[min(common, max(len(end) - keep, 0)) :]


def _abbreviated(start: str, end: str, range_format: str) -> str:
    if range_format == "minimal":
        return _minimal(start, end)
    if range_format == "minimal-two":
        return _minimal(start, end, 2)
    if not (start.isdigit() and end.isdigit()):
        return end  # Chicago's rules are about numbers; "12a–18b" is left whole
    first = int(start)
    if first < 100 or first % 100 == 0:
        return end
    if first % 100 < 10:
        return _minimal(start, end)
    shortened = _minimal(start, end, 2)
    if range_format != "chicago-16" and len(start) == len(end) == 4 and len(shortened) >= 3:
        return end  # chicago-15: four digits of which three change: all of them
    return shortened
