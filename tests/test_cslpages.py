"""Page ranges in each page-range-format: the examples of CSL 1.0.2's Appendix V."""

from __future__ import annotations

import pytest

from bibfolio.formats.cslpages import page_range

#: (format, first, last) → the range as the specification's examples write it.
SPECIFICATION = {
    "expanded": {("42", "45"): "42–45", ("321", "28"): "321–328", ("2787", "816"): "2787–2816"},
    "minimal": {("42", "45"): "42–5", ("321", "328"): "321–8", ("2787", "2816"): "2787–816"},
    "minimal-two": {("42", "45"): "42–45", ("321", "328"): "321–28",
                    ("2787", "2816"): "2787–816"},
    "chicago-15": {("3", "10"): "3–10", ("71", "72"): "71–72", ("100", "104"): "100–104",
                   ("600", "613"): "600–613", ("1100", "1123"): "1100–1123",
                   ("107", "108"): "107–8", ("505", "517"): "505–17", ("1002", "1006"): "1002–6",
                   ("321", "325"): "321–25", ("415", "532"): "415–532",
                   ("11564", "11568"): "11564–68", ("13792", "13803"): "13792–803",
                   ("1496", "1504"): "1496–1504", ("2787", "2816"): "2787–2816"},
    "chicago-16": {("3", "10"): "3–10", ("71", "72"): "71–72", ("92", "113"): "92–113",
                   ("100", "104"): "100–104", ("1100", "1123"): "1100–1123",
                   ("107", "108"): "107–8", ("505", "517"): "505–17", ("1002", "1006"): "1002–6",
                   ("321", "325"): "321–25", ("415", "532"): "415–532",
                   ("1087", "1089"): "1087–89", ("1496", "1500"): "1496–500",
                   ("11564", "11568"): "11564–68", ("13792", "13803"): "13792–803",
                   ("12991", "13001"): "12991–3001"},
}  # fmt: skip
CASES = [
    (range_format, first, last, expected)
    for range_format, examples in SPECIFICATION.items()
    for (first, last), expected in examples.items()
]


@pytest.mark.parametrize(("range_format", "first", "last", "expected"), CASES)
def test_specification_examples(range_format, first, last, expected):
    assert page_range(first, last, range_format, "–") == expected


def test_chicago_is_chicago_15():
    assert page_range("1496", "1504", "chicago", "–") == "1496–1504"
    assert page_range("1496", "1504", "chicago-16", "–") == "1496–504"


def test_no_format_keeps_the_digits():
    """Without page-range-format a range is "rendered without reformatting"."""
    assert page_range("2579", "88", None, "–") == "2579–88"
    assert page_range("12", "8", None, "–") == "12–8"


@pytest.mark.parametrize(
    ("first", "last", "expected"),
    [("E123", "E130", "E123–30"), ("A23", "45", "A23–45"), ("5", "3", "5–3"),
     ("xii", "xv", "xii–xv"), ("12a", "8b", "12a–8b")],
)  # fmt: skip
def test_prefixes_and_ranges_that_are_no_ranges(first, last, expected):
    """A prefix both pages share is dropped with the digits; other ranges stay as written."""
    assert page_range(first, last, "minimal", "–") == expected
