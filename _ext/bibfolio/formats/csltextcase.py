"""CSL ``text-case`` as citeproc-js applies it (its ``CSL.Output.Formatters``), for plain text.

Title case differs from citeproc-py's in what Zotero users see: citeproc-js splits words
at hyphens and periods as well as spaces ("K-theory" → "K-Theory", "math.AG" →
"Math.AG"), leaves one-letter words and a long list of stop words in lower case except
first and after ``:``, ``?`` or ``!`` ("Ann. of Math.", "Rio de Janeiro"), capitalises a
stop word that ends the text, and never touches a word that already has a capital.
"""

from __future__ import annotations

import re
from typing import Any

#: citeproc-js's CSL.SKIP_WORDS (the words one word long: the text is split at spaces).
SKIP_WORDS = frozenset(
    [
        "about",
        "above",
        "across",
        "afore",
        "after",
        "against",
        "al",
        "along",
        "alongside",
        "amid",
        "amidst",
        "among",
        "amongst",
        "anenst",
        "apropos",
        "apud",
        "around",
        "as",
        "aside",
        "astride",
        "at",
        "athwart",
        "atop",
        "barring",
        "before",
        "behind",
        "below",
        "beneath",
        "beside",
        "besides",
        "between",
        "beyond",
        "but",
        "by",
        "circa",
        "despite",
        "down",
        "during",
        "et",
        "except",
        "for",
        "forenenst",
        "from",
        "given",
        "in",
        "inside",
        "into",
        "lest",
        "like",
        "modulo",
        "near",
        "next",
        "notwithstanding",
        "of",
        "off",
        "on",
        "onto",
        "out",
        "over",
        "per",
        "plus",
        "pro",
        "qua",
        "sans",
        "since",
        "than",
        "through",
        "throughout",
        "thruout",
        "till",
        "to",
        "toward",
        "towards",
        "under",
        "underneath",
        "until",
        "unto",
        "up",
        "upon",
        "versus",
        "vs",
        "v",
        "via",
        "vis-à-vis",
        "with",
        "within",
        "without",
        "or",
        "yet",
        "so",
        "and",
        "nor",
        "a",
        "an",
        "the",
        "de",
        "d'",
        "von",
        "van",
        "c",
        "ca",
    ]
)
#: citeproc-js's tag splitter: quote marks, punctuation, brackets (markup tags aside),
#: and :mod:`.cslengine`'s stand-ins for quote marks and kept punctuation (U+E000-E003).
_TAGS = re.compile(
    "(\u2018|\u2019|\u201c|\u201d| \"| '|\"|'|[-\u2013\u2014/.,;?!:\ue000-\ue003]|\\[|\\]|\\(|\\))"
)
_SPACES = re.compile("([\u00a0 \u2000-\u200b\u205f\u3000]+)")


def case(original: Any, self: Any, text: Any, language: str | None = None) -> Any:
    """citeproc-py's ``TextCased.case`` with citeproc-js's title case and capitalize-first.

    Text with a no-case part (``<span class="nocase">``) keeps citeproc-py's casing.
    """
    from citeproc.string import MixedString, NoCase, String  # noqa: PLC0415

    text_case = self.get("text-case")
    parts = list(text) if isinstance(text, MixedString) else [text]
    if text_case not in ("title", "capitalize-first") or any(
        isinstance(part, NoCase) for part in parts
    ):
        return original(self, text, language)
    if text_case == "title":
        return String(title(str(text))) if language in (None, "en") else text
    return String(capitalize_first(str(text)))


def _capitalise(word: str) -> str:
    lead = len(word) - len(word.lstrip())
    if lead == len(word):
        return word
    first = word[lead]
    if "\u0370" <= first <= "\u03ff" and lead + 1 == len(word):
        return word  # a lone Greek letter is a symbol
    return word[:lead] + first.upper() + word[lead + 1 :]


def _split(text: str) -> list[str]:
    """*text* as strings and the tags between them (citeproc-js's ``CSL.Doppeler``).

    A straight apostrophe followed by text is part of that text ("S'eminair"), as there.
    """
    pieces = _TAGS.split(text)
    for at in range(len(pieces) - 2, 0, -2):
        if pieces[at] == "'" and pieces[at + 1]:
            pieces[at - 1 : at + 2] = [pieces[at - 1], "", "'" + pieces[at + 1]]
    return pieces


def title(text: str) -> str:
    """*text* in title case, as citeproc-js's ``title`` formatter writes it."""
    pieces = _split(text)
    strings, tags = pieces[0::2], pieces[1::2]
    state = {"first": True, "after_punct": False, "last": None}

    def words_of(index: int) -> None:
        # citeproc-js passes the following tag to the first string only (its later
        # calls pass another argument in that place): only there does a one-letter
        # word before a hyphen get its capital ("E-Science, e-Science").
        following = tags[0] if index == 0 and tags else None
        string = strings[index]
        if not string.strip():
            return
        split = _SPACES.split(string)
        words = split[0::2]
        for at, word in enumerate(words):
            if not word:
                continue
            lower = word.lower()
            capitalise = (
                (len(word) > 1 and lower not in SKIP_WORDS)
                or (at == len(words) - 1 and following == "-")
                or state["first"]
                or state["after_punct"]
            )
            if capitalise and word == lower:
                words[at] = _capitalise(word)
            state["first"] = state["after_punct"] = False
            state["last"] = (index, at)
        split[0::2] = words
        strings[index] = "".join(split)

    words_of(0)
    for index, tag in enumerate(tags, start=1):
        if re.search("[!?:]$", tag):
            state["after_punct"] = True
        words_of(index)
        if strings[index].strip():
            state["first"] = state["after_punct"] = False
    if state["last"] is not None:
        index, at = state["last"]
        split = _SPACES.split(strings[index])
        word = split[0::2][at]
        if len(word) > 1 and word.lower() in SKIP_WORDS:
            split[2 * at] = _capitalise(word)
            strings[index] = "".join(split)
    pieces[0::2] = strings
    return "".join(pieces)


def capitalize_first(text: str) -> str:
    """*text* with its first word capitalised if that word is all lower case (citeproc-js)."""
    pieces = _split(text)
    for index in range(0, len(pieces), 2):
        split = _SPACES.split(pieces[index])
        for at in range(0, len(split), 2):
            word = split[at]
            if word:
                if word == word.lower():
                    split[at] = _capitalise(word)
                pieces[index] = "".join(split)
                return "".join(pieces)
    return text
