"""The CV page's date column: each CV item's date, set apart for the eye.

A CV item's date is most often what its owner wrote last: "Research intern, Meta
(2024)" in a heading or a definition-list term, "Cornell Graduate Fellowship, 2019" in
a list item.  Where the item holds one date and nothing else that looks like one, it
may also come first ("2019–2023: Ph.D., Cornell University", with a colon or a dash
after it) or between commas ("Ph.D., Cornell, 2019 – 2023, advised by ...").  The date
leaves the text and becomes an inline ``bibfolio-cv-date`` at its end (after a space,
so the text still reads "… Meta 2024"); bibfolio.css right-aligns it in a column of its
own at desktop widths and keeps it under the item on a phone, and the PDF sets it
flush right (typst.py).  Nothing else moves: an item with its date elsewhere, or with
two dates, is left as written.

Items whose date bibfolio knows are set apart without reading their text: a talk's
date (``{talks}``) leaves its line for the column; a publication on the CV page
(:func:`date_entries`) keeps its line and gets its year there.  A table's last column
whose every cell is a date ("Fall 2024") is marked as the date column, right-aligned.
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
#: "2019–2023: …", "2024 — …" at the start of an item (a colon or a dash after it).
_LEADING = re.compile(rf"^\s*({_TERM}{_SPAN})\s*(?::|[–—]|\s-)\s+(?=\S)")
#: "…, 2019 – 2023, …" between commas.
_BETWEEN_COMMAS = re.compile(rf",\s*({_TERM}{_SPAN})\s*(?=,)")
_ANY_YEAR = re.compile(rf"(?<!\d){_YEAR}(?!\d)")
#: A table cell that is a date and nothing else ("Fall 2024", "2019–2023").
_CELL = re.compile(rf"{_TERM}{_SPAN}")
#: The attribute of a CV entry (entries.py) that holds its year.
ENTRY_DATE = "bibfolio_date"


def split_dates(root: nodes.Element) -> int:
    """Give every dated item under *root* its date column; returns how many were found."""
    found = date_talks(root) + date_columns(root)
    for title in list(root.findall(nodes.title)):
        if isinstance(title.parent, nodes.section) and title.parent is not root:
            found += _split_item(title)
    for term in list(root.findall(nodes.term)):
        found += _split_item(term)
    for item in list(root.findall(nodes.list_item)):
        first = item.children[0] if item.children else None
        if isinstance(first, nodes.paragraph) and len(item.children) == 1:
            found += _split_item(first)
    return found


def date_entries(root: nodes.Element) -> int:
    """The CV page's publications: each entry's year in the column, its line unchanged.

    The column then lists every paper's year, as every other item's date; the PDF's
    entries stay as they were (typstentry.py).
    """
    found = 0
    for item in list(root.findall(nodes.list_item)):
        date = item.get(ENTRY_DATE)
        first = item.children[0] if item.children else None
        if (
            date
            and isinstance(first, nodes.paragraph)
            and "bibfolio-cv-dated" not in first["classes"]
        ):
            found += set_apart(first, date)
    return found


def date_talks(root: nodes.Element) -> int:
    """A talk's date, out of its line ("*Event*, Place, March 2026.") into the column."""
    found = 0
    for line in list(root.findall(nodes.paragraph)):
        if "bibfolio-talk-line" not in line["classes"]:
            continue
        index = next(
            (
                index
                for index, child in enumerate(line.children)
                if isinstance(child, nodes.inline) and "bibfolio-talk-date" in child["classes"]
            ),
            None,
        )
        if index is None:
            continue
        date = line[index].astext()
        # By position (Text nodes are strings: remove() takes the first equal one).
        if index and str(line[index - 1]) == ", ":
            del line[index - 1 : index + 1]  # "Place, March 2026." → "Place."
        elif index + 1 < len(line) and str(line[index + 1]) == ".":
            del line[index : index + 2]  # the date was all of it: "Title. " is left
        else:
            del line[index]
        last = line.children[-1] if line.children else None
        if isinstance(last, nodes.Text):
            line.replace(last, nodes.Text(str(last).rstrip()))
        found += set_apart(line, date)
    return found


def date_columns(root: nodes.Element) -> int:
    """Mark each table's last column as its dates when every body cell is one."""
    found = 0
    for group in list(root.findall(nodes.tgroup)):
        rows = [
            row for part in group.children for row in part.children if isinstance(row, nodes.row)
        ]
        body = [row for row in rows if isinstance(row.parent, nodes.tbody)]
        if not body or any(len(row) != len(rows[0]) for row in rows):
            continue  # spans or no body: no column to speak of
        if all(_CELL.fullmatch(row[-1].astext().strip()) for row in body):
            for row in rows:
                row[-1]["classes"].append("bibfolio-cv-date")
            found += len(body)
    return found


def _split_item(element: nodes.Element) -> int:
    return (
        _split(element, _AFTER_COMMA) or _split(element, _IN_PARENTHESES) or _split_inside(element)
    )


def _split_inside(element: nodes.Element) -> int:
    """The item's one date, at its start or between commas, moved to its end."""
    first = element.children[0] if element.children else None
    if isinstance(first, nodes.Text) and (match := _LEADING.match(str(first))):
        return _move(element, first, match)
    for text in [child for child in element.children if isinstance(child, nodes.Text)]:
        match = _BETWEEN_COMMAS.search(str(text))
        if match and (match.start() > 0 or text is not first):
            return _move(element, text, match)
    return 0


def _move(element: nodes.Element, text: nodes.Text, match: re.Match[str]) -> int:
    """Take *match* out of *text*, if it is the element's only date; set it at the end."""
    date = match[1]
    if len(_ANY_YEAR.findall(element.astext())) != len(_ANY_YEAR.findall(date)):
        return 0  # another year in the item: which one is its date is not clear
    value = str(text)
    element.replace(text, nodes.Text(value[: match.start()] + value[match.end() :]))
    return set_apart(element, date)


def _split(element: nodes.Element, pattern: re.Pattern[str]) -> int:
    last = element.children[-1] if element.children else None
    if not isinstance(last, nodes.Text):
        return 0
    match = pattern.search(str(last))
    if not match or (not str(last)[: match.start()].strip() and len(element.children) == 1):
        return 0
    element.replace(last, nodes.Text(str(last)[: match.start()]))
    return set_apart(element, match[1])


def set_apart(element: nodes.Element, date: str) -> int:
    """*element*'s content in one inline (the item), then a space and *date*.

    Two boxes for the page's flex row, however many links or citations the item has.
    """
    item = nodes.inline(classes=["bibfolio-cv-item"])
    item.extend(list(element.children))
    element.clear()
    element += item
    element += nodes.Text(" ")
    element += nodes.inline(date, date, classes=["bibfolio-cv-date"])
    element["classes"].append("bibfolio-cv-dated")
    return 1
