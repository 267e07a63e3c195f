"""Text folded for comparison: case and accents dropped, Latin letters to their base.

Every comparison of names and titles folds through :func:`fold_letters`: the owner's and
group members' names (:mod:`.names`), similar entries (:mod:`.similar`), the order of
names (:mod:`.localized`), and records matched and keyed on import (``importer/``).

Unicode decomposition drops accents (é → e, ü → u), but leaves the Latin letters that
are letters of their own as they are: ł, ø, đ, æ, œ, þ, ð, ı ... (ß case-folds to ss).
A reader takes "Łukasz" and "Lukasz", "Søren" and "Soren" for one name, so these go to
their base through anyascii's Latin table (ł → l, ø → o, đ → d, æ → ae, þ → th).  Only
characters whose Unicode name is LATIN are looked up: Chinese, Japanese, Korean,
Cyrillic, Greek, Arabic ... are never transliterated, since two people whose names are
written differently (张伟 and 章伟) share a romanisation (Zhang Wei).  The kana voicing
marks (が is か with a mark) are kept for the same reason: they change the name.
"""

from __future__ import annotations

import unicodedata

from anyascii import anyascii

#: Combining marks that are not accents: kana voicing (が = か + U+3099, ぱ = は + U+309A).
_KEPT_MARKS = frozenset("\u3099\u309a")


class _LatinBases(dict[int, str]):
    """A :meth:`str.translate` table filled as characters are met: Latin letter → base."""

    def __missing__(self, code: int) -> str:
        char = chr(code)
        base = char
        if unicodedata.name(char, "").startswith("LATIN "):
            ascii_text = anyascii(char).lower()
            # Letters only: a glottal stop (ʔ), which anyascii writes as "'", stays.
            if ascii_text.isascii() and ascii_text.isalnum():
                base = ascii_text
        self[code] = base
        return base


_LATIN_BASES = _LatinBases()


def fold_letters(text: str) -> str:
    """*text* case-folded, without accents, its Latin letters at their base.

    ``fold_letters("Đoković, Søren")`` is ``"dokovic, soren"``; ``"Łukasz Straße"`` is
    ``"lukasz strasse"``; ``"张伟"`` and ``"Иван"`` are as written (Cyrillic lower-cased).
    Punctuation and spacing are kept: callers drop what they compare without.  Two texts
    that were equal with accents dropped alone stay equal (the Latin table is applied,
    letter by letter, to that result), unless they differ in kana voicing.
    """
    if text.isascii():
        return text.lower()  # no accent, no other letter: casefold is lower for ASCII
    decomposed = unicodedata.normalize("NFKD", text)
    stripped = "".join(
        char for char in decomposed if not unicodedata.combining(char) or char in _KEPT_MARKS
    ).casefold()
    return stripped if stripped.isascii() else stripped.translate(_LATIN_BASES)
