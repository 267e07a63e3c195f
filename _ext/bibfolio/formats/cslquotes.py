"""Quote marks as citeproc-js reads them in a CSL item and writes them in the reference."""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from . import cslnumbers

#: Private-use characters standing for quote marks until the reference is whole: only
#: then is each quote's nesting depth known (citeproc-js's flip-flop).  A quotation opens
#: with OPEN (outer marks when nothing encloses it) or OPEN_INNER (inner marks: a ‘…’
#: quotation, or the second kind of straight quote a field uses); nested ones alternate.
OPEN, CLOSE, OPEN_INNER = "\ue000", "\ue001", "\ue004"
#: A comma or period written right after a closing quote *inside* a variable's text: it
#: stays where the source put it (citeproc-js moves only the style's punctuation).
KEPT = {",": "\ue002", ".": "\ue003"}
_UNKEPT = str.maketrans({code: mark for mark, code in KEPT.items()})


def prepare(
    item: dict[str, Any], quotes: tuple[str, str, str, str] | None = None
) -> dict[str, Any]:
    """*item* with the quote marks in its text variables turned into quote markup.

    *quotes*: the locale's marks (outer open and close, inner open and close), which
    are the curly quotes citeproc-js reads in a field (en-US's by default).

    A number that starts with its own label ("no. 99" as a report's number) loses it, as
    citeproc-js hides such a label: the style prints its own.
    """
    prepared = {}
    for name, value in item.items():
        text = value
        if isinstance(text, str) and name in cslnumbers.NUMERIC_VARIABLES:
            text = cslnumbers.without_own_label(text, name)
        if isinstance(text, str) and name not in _VERBATIM:
            text = mark_quotes(text, quotes or ENGLISH_QUOTES)
        prepared[name] = text
    return prepared


#: Variables citeproc-js copies as they are (identifiers and links).
_VERBATIM = frozenset({"id", "type", "DOI", "URL", "ISBN", "ISSN", "language"})


def mark_quotes(text: str, quotes: tuple[str, str, str, str] | None = None) -> str:
    """*text* with each matched pair of quote marks replaced by quote markup.

    As citeproc-js reads them: the locale's curly *quotes* (en-US's “…” and ‘…’ by
    default; German „…“ and ‚…‘) by their shape, each closed only by its own
    counterpart; straight ones by position (an opening quote starts the text or follows
    a space or bracket; anything else closes), closed by the same mark.  A mark left
    unmatched (an apostrophe: "Aristotle's"; a ‘ closed by a straight '; another
    language's curly quotes) is left as it is.  An inner-mark quotation (‘…’), and
    whichever straight kind the field uses second, open with :data:`OPEN_INNER`; the
    others with :data:`OPEN`.
    """
    curly = _curly(quotes or ENGLISH_QUOTES)
    marks = []  # (position, kind, opens)
    for at, char in enumerate(text):
        if char in curly:
            kind, opens = curly[char]
            if not opens and char == "\u2019" and 0 < at < len(text) - 1 and _is_letter(text, at):
                continue  # an apostrophe between letters ("Aristotle’s")
        elif char in "\"'":
            kind = char
            opens = at == 0 or text[at - 1] in " ([{\u00a0\u2014-/"
            if char == "'" and not opens and at + 1 < len(text) and text[at + 1].isalnum():
                continue  # an apostrophe inside a word
        else:
            continue
        marks.append((at, kind, opens))
    pairs: dict[int, str] = {}
    stack: list[tuple[int, str]] = []
    for at, kind, opens in marks:
        if opens:
            stack.append((at, kind))
        elif stack and stack[-1][1] == kind:
            start, _kind = stack.pop()
            pairs[start], pairs[at] = kind, CLOSE
    if not pairs:
        return text
    straight = [pairs[at] for at in sorted(pairs) if pairs[at] in "\"'"]
    opener = {'"': OPEN_INNER, "'": OPEN_INNER}
    if straight:
        opener[straight[0]] = OPEN
    out = []
    for at, char in enumerate(text):
        mark = pairs.get(at, char)
        if at in pairs and mark not in (CLOSE, *KEPT.values()):
            mark = opener.get(mark, mark)
        out.append(mark)
        if mark == CLOSE and at + 1 < len(text) and text[at + 1] in KEPT:
            pairs[at + 1] = KEPT[text[at + 1]]
    return "".join(out)


@cache
def _curly(quotes: tuple[str, str, str, str]) -> dict[str, tuple[str, bool]]:
    """Each curly mark of *quotes* → (the kind of quotation, whether it opens).

    The kind is the markup the quotation opens with.  Straight marks and marks of more
    than one character (French "« " with its space) are left to the other rules.
    """
    found: dict[str, tuple[str, bool]] = {}
    for (start, end), kind in ((quotes[:2], OPEN), (quotes[2:], OPEN_INNER)):
        if len(start) == len(end) == 1 and start not in "\"'" and end not in "\"'":
            found.setdefault(end, (kind, False))
            found[start] = (kind, True)
    return found


def _is_letter(text: str, at: int) -> bool:
    return text[at - 1].isalpha() and text[at + 1].isalpha()


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
    # citeproc-js's flip-flop: a quotation inside another takes the other marks; one
    # that nothing encloses takes its own (outer, or inner for ‘…’).
    out: list[str] = []
    inner: list[bool] = []
    for char in text:
        if char in (OPEN, OPEN_INNER):
            inner.append(not inner[-1] if inner else char == OPEN_INNER)
            out.append(quotes[2] if inner[-1] else quotes[0])
        elif char == CLOSE:
            out.append(quotes[3] if inner and inner.pop() else quotes[1])
        else:
            out.append(char)
    return "".join(out).translate(_UNKEPT)


def _inside(match: re.Match[str]) -> str:
    closes, mark = match.groups()
    before = match.string[: match.start()].translate(_UNKEPT)
    if before.endswith(mark) or (mark == "." and before.endswith(("?", "!"))):
        return closes
    return mark + closes
