"""Quote marks as citeproc-js reads them in a CSL item and writes them in the reference."""

from __future__ import annotations

import re
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
    """*text* with each matched pair of quote marks replaced by quote markup.

    As citeproc-js reads them: curly quotes by their shape, each closed only by its own
    counterpart (“…” and ‘…’); straight ones by position (an opening quote starts the
    text or follows a space or bracket; anything else closes), closed by the same mark.
    A mark left unmatched (an apostrophe: "Aristotle's"; a ‘ closed by a straight ') is
    left as it is.  A ‘…’ quotation, and whichever straight kind the field uses second,
    open with :data:`OPEN_INNER`; the others with :data:`OPEN`.
    """
    marks = []  # (position, kind, opens)
    for match in re.finditer(r"[\"'\u201c\u201d\u2018\u2019]", text):
        char, at = match.group(), match.start()
        kind = _KIND[char]
        if char in "\u201c\u2018":
            opens = True
        elif char in "\u201d\u2019":
            opens = False
            if char == "\u2019" and 0 < at < len(text) - 1 and _is_letter(text, at):
                continue  # an apostrophe between letters ("Aristotle’s")
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
            pairs[start], pairs[at] = kind, CLOSE
    if not pairs:
        return text
    straight = [pairs[at] for at in sorted(pairs) if pairs[at] in "\"'"]
    straight_outer = straight[0] if straight else ""
    opener = {"\u201c": OPEN, "\u2018": OPEN_INNER, '"': OPEN_INNER, "'": OPEN_INNER}
    opener[straight_outer] = OPEN
    out = []
    for at, char in enumerate(text):
        mark = pairs.get(at, char)
        out.append(opener[mark] if at in pairs and mark in opener else mark)
        if mark == CLOSE and at + 1 < len(text) and text[at + 1] in KEPT:
            pairs[at + 1] = KEPT[text[at + 1]]
    return "".join(out)


#: A quote mark → the kind of quotation it opens or closes.
_KIND = {'"': '"', "'": "'", "\u201c": "\u201c", "\u201d": "\u201c", "\u2018": "\u2018",
         "\u2019": "\u2018"}  # fmt: skip


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
