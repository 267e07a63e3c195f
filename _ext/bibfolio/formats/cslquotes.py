"""Quote marks as citeproc-js reads them in a CSL item and writes them in the reference."""

from __future__ import annotations

import re
from typing import Any

from . import cslnumbers

#: Private-use characters standing for quote marks until the reference is whole: only
#: then is each quote's nesting depth known (citeproc-js's flip-flop).
OPEN, CLOSE = "\ue000", "\ue001"
#: A comma or period written right after a closing quote *inside* a variable's text: it
#: stays where the source put it (citeproc-js moves only the style's punctuation).
KEPT = {",": "\ue002", ".": "\ue003"}
_UNKEPT = str.maketrans({code: mark for mark, code in KEPT.items()})


def prepare(item: dict[str, Any]) -> dict[str, Any]:
    """*item* with the quote marks in its text variables turned into quote markup.

    A number that starts with its own label ("no. 99" as a report's number) loses it, as
    citeproc-js hides such a label: the style prints its own.
    """
    prepared = {}
    for name, value in item.items():
        text = value
        if isinstance(text, str) and name in cslnumbers.NUMERIC_VARIABLES:
            text = cslnumbers.without_own_label(text, name)
        if isinstance(text, str) and name not in _VERBATIM:
            text = mark_quotes(text)
        prepared[name] = text
    return prepared


#: Variables citeproc-js copies as they are (identifiers and links).
_VERBATIM = frozenset({"id", "type", "DOI", "URL", "ISBN", "ISSN", "language"})


def mark_quotes(text: str) -> str:
    """*text* with each matched pair of quote marks replaced by :data:`OPEN`/:data:`CLOSE`.

    As citeproc-js reads them: curly quotes by their shape, straight ones by position (an
    opening quote starts the text or follows a space or bracket; anything else closes).
    An unmatched mark (an apostrophe: "Aristotle's") is left as it is.
    """
    marks = []  # (position, kind, opens)
    for match in re.finditer(r"[\"'\u201c\u201d\u2018\u2019]", text):
        char, at = match.group(), match.start()
        kind = '"' if char in '"\u201c\u201d' else "'"
        if char in "\u201c\u2018":
            opens = True
        elif char in "\u201d\u2019":
            opens = False
        else:
            opens = at == 0 or text[at - 1] in " ([{\u00a0\u2014-/"
            if char == "'" and not opens and at + 1 < len(text) and text[at + 1].isalnum():
                continue  # an apostrophe inside a word
        marks.append((at, kind, opens))
    pairs: dict[int, str] = {}
    stack: list[tuple[int, str]] = []
    for at, kind, opens in marks:
        if opens:
            stack.append((at, kind))
        elif stack and stack[-1][1] == kind:
            start, _kind = stack.pop()
            pairs[start], pairs[at] = OPEN, CLOSE
    if not pairs:
        return text
    out = []
    for at, char in enumerate(text):
        out.append(pairs.get(at, char))
        if pairs.get(at) == CLOSE and at + 1 < len(text) and text[at + 1] in KEPT:
            pairs[at + 1] = KEPT[text[at + 1]]
    return "".join(out)


#: The quote marks of en-US: outer open and close, inner open and close.
ENGLISH_QUOTES = ("\u201c", "\u201d", "\u2018", "\u2019")


def finish(
    text: str, *, punctuation_in_quote: bool, quotes: tuple[str, str, str, str] = ENGLISH_QUOTES
) -> str:
    """The formatted reference with its quote markup written as the locale's *quotes*."""
    if punctuation_in_quote:
        # citeproc-js: a comma or period after closing quotes goes inside them; one
        # that the quoted text already ends with (or a ? or !) is not doubled.
        text = re.sub(f"([{CLOSE}]+)([.,])", _inside, text)
    # citeproc-js: a period the style adds after a question or exclamation mark is dropped.
    text = re.sub(r"(?<=[?!])\.(?=\s|$)", "", text)
    out, depth = [], 0
    for char in text:
        if char == OPEN:
            out.append(quotes[0] if depth % 2 == 0 else quotes[2])
            depth += 1
        elif char == CLOSE:
            depth = max(depth - 1, 0)
            out.append(quotes[1] if depth % 2 == 0 else quotes[3])
        else:
            out.append(char)
    return "".join(out).translate(_UNKEPT)


def _inside(match: re.Match[str]) -> str:
    closes, mark = match.groups()
    before = match.string[: match.start()].translate(_UNKEPT)
    if before.endswith(mark) or (mark == "." and before.endswith(("?", "!"))):
        return closes
    return mark + closes
