"""The CV page's date column: dates at the end of a CV item, set apart for the eye.

A CV item's date is what its owner wrote last: "Research intern, Meta (2024)" in a
heading or a definition-list term, "Cornell Graduate Fellowship, 2019" in a list item.
The date leaves the text and becomes an inline ``bibfolio-cv-date`` (after a space,
so the text still reads "… Meta 2024"); bibfolio.css right-aligns it in a column of
its own at desktop widths and keeps it under the item on a phone.  Nothing else moves:
an item without such an ending is left as written.
"""

from __future__ import annotations

import re

from docutils import nodes

_YEAR = r"(?:19|20)\d{2}"
_MONTH_YEAR = rf"(?:[A-Z][a-z]{{2,8}}\.? )?{_YEAR}"
#: "2024", "Sep 2019 – May 2024", "2019–present".
_SPAN = rf"{_MONTH_YEAR}(?:\s*[–—-]\s*(?:{_MONTH_YEAR}|[Pp]resent|[Nn]ow))?"
#: "… (2024)", "… (2019 – present)" at the end of a heading or term.
_IN_PARENTHESES = re.compile(rf"\s*\(({_SPAN})\)\s*$")
#: "…, 2016, 2017" or "… , Fall 2024" at the end of a list item.
_TERM = r"(?:(?:Spring|Summer|Fall|Autumn|Winter) )?"
_AFTER_COMMA = re.compile(rf",\s*({_TERM}{_SPAN}(?:,\s*{_SPAN})*)\.?\s*$")


def split_dates(root: nodes.Element) -> int:
    """Give every dated item under *root* its date column; returns how many were found."""
    found = 0
    for title in list(root.findall(nodes.title)):
        if isinstance(title.parent, nodes.section) and title.parent is not root:
            found += _split(title, _IN_PARENTHESES)
    for term in list(root.findall(nodes.term)):
        found += _split(term, _IN_PARENTHESES)
    for item in list(root.findall(nodes.list_item)):
        first = item.children[0] if item.children else None
        if isinstance(first, nodes.paragraph) and len(item.children) == 1:
            found += _split(first, _AFTER_COMMA) or _split(first, _IN_PARENTHESES)
    return found


def _split(element: nodes.Element, pattern: re.Pattern[str]) -> int:
    last = element.children[-1] if element.children else None
    if not isinstance(last, nodes.Text):
        return 0
    match = pattern.search(str(last))
    if not match or (not str(last)[: match.start()].strip() and len(element.children) == 1):
        return 0
    element.replace(last, nodes.Text(str(last)[: match.start()]))
    element += nodes.Text(" ")
    element += nodes.inline(match[1], match[1], classes=["bibfolio-cv-date"])
    element["classes"].append("bibfolio-cv-dated")
    return 1
