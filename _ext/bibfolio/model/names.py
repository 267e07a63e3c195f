"""Person names: BibTeX name lists, al-folio mark symbols, and folding for comparison.

One name is split into its parts by pybtex's :class:`~pybtex.database.Person`, as BibTeX
splits it. It agreed with the parser bibfolio had before on all 2,887 names of
``tests/corpus/`` and the example portfolios; on 200,000 random names made of name
pieces it differed only where braces do not balance, on a backslash before a space or
tab (a LaTeX control space), which pybtex reads as a space between words, and on ``\\~``
(the tilde accent), which the old parser took for a tie (``Casta\\~{n}eda`` was shown
"Casta neda"; the list split below now leaves it alone too). Kept here is what pybtex
lacks: the list split that keeps empty names so they can be reported
(:func:`split_name_list`: pybtex's reads ``A and and B`` as a person "and B"),
al-folio's marks, the owner's matching, and the error for too many commas (pybtex's goes
through its global strict mode).

Person costs three to four times the old parser per name (the 3,955 distinct names of
the 3,000-entry bench: 115-205 ms against 45 ms, best of 31, on a loaded machine), but
:func:`parse_name` is memoised, so a build pays that once per distinct name: six
interleaved cold builds at N=3000 each (``tests.bench.run --cases c``) took a median
9.6 s of CPU with Person and 9.8 s with the old parser, within the runs' spread (±1 s).
"""

from __future__ import annotations

import re
import sys
import unicodedata
from dataclasses import dataclass
from functools import lru_cache

from pybtex.bibtex.utils import split_tex_string
from pybtex.database import Person

from ..reading.latex import latex_to_plain
from .folding import fold_letters

#: Symbols al-folio users append or prepend to names; they become marks, not name text.
MARK_SYMBOLS = "*∗†‡§¶#‖"
_EQUAL_SYMBOLS = {"*", "∗"}

_AND = re.compile(r"\s+and\s+", re.IGNORECASE)
_FOLD_DROP = re.compile(r"[\s.\-‐‑‒–—'’]+")


class NameError_(ValueError):  # noqa: N801, N818 - not the builtin NameError
    """A name BibTeX cannot parse (more than two commas)."""


@dataclass(frozen=True, slots=True)
class PersonName:
    """One parsed name; parts hold LaTeX source words."""

    first: tuple[str, ...]
    von: tuple[str, ...]
    last: tuple[str, ...]
    jr: tuple[str, ...]
    marks: str = ""  #: Mark symbols that were attached to the name, in order.

    @property
    def display(self) -> str:
        """The name as readers expect it: ``First von Last, Jr``, decoded to Unicode."""
        text = decode_words(self.first + self.von + self.last)
        if self.jr:
            text += ", " + decode_words(self.jr)
        return text

    @property
    def given(self) -> str:
        """Given names, decoded (schema.org ``givenName``)."""
        return decode_words(self.first)

    @property
    def family(self) -> str:
        """Family name with its particles and suffix, decoded (schema.org ``familyName``)."""
        text = decode_words(self.von + self.last)
        if self.jr:
            text += ", " + decode_words(self.jr)
        return text

    @property
    def surname(self) -> str:
        """Family name with its particles, without a suffix ("de la Vallée Poussin")."""
        return decode_words(self.von + self.last)

    @property
    def suffix(self) -> str:
        """The suffix ("Jr."), decoded; "" for most names."""
        return decode_words(self.jr)

    @property
    def is_single(self) -> bool:
        """True for a one-part name: one word, or a braced organisation ("{NASA}")."""
        return not self.first and not self.von and not self.jr

    @property
    def sorted_form(self) -> str:
        """The name as "Family, Given Suffix", for readers that split at the comma.

        Zotero's ``cleanAuthor`` (zotero/utilities ``utilities.js``) with ``useComma``
        takes the text before the first comma as the family name and the text after
        it as the given names, so particles stay with the family and the suffix stays
        with the person (after the given names, where Zotero keeps it).  A one-part
        name is written as it is.
        """
        if self.is_single:
            return self.surname
        # A braced family name with a comma ("{King, Jr.}") would end at that comma.
        family = " ".join(self.surname.replace(",", " ").split())
        given = " ".join(part for part in (self.given, self.suffix) if part)
        return f"{family}, {given}" if given else family

    @property
    def bibtex(self) -> str:
        """The name in BibTeX's unambiguous ``von Last, Jr, First`` form, without marks."""
        head = " ".join(self.von + self.last)
        if self.jr:
            head += ", " + " ".join(self.jr)
        return f"{head}, {' '.join(self.first)}" if self.first else head

    @property
    def equal_mark(self) -> bool:
        """True when an al-folio ``*`` mark flags equal contribution."""
        return any(symbol in _EQUAL_SYMBOLS for symbol in self.marks)


@lru_cache(maxsize=65536)
def decode_words(words: tuple[str, ...]) -> str:
    """Decode name words one by one and join them with spaces.

    Decoding the joined text would let a command eat the space after it, as TeX does
    (``Rafa\\l Samborski`` → "RafałSamborski"); in a name, the space is a word boundary.
    Memoised: a name's parts are decoded on every access to its properties, and the
    same people recur across entries.
    """
    joined = " ".join(words)
    if "\\" not in joined:
        return latex_to_plain(joined)  # no command, so no space to lose: one call
    return " ".join(text for text in map(latex_to_plain, words) if text)


def split_name_list(value: str) -> list[str]:
    """Split ``A and B and C`` on the word "and" at brace depth 0, like BibTeX.

    Empty names (``A and and B``, a trailing ``and``, an empty field) are kept as ""
    so they can be reported.
    """
    return list(_split_name_list(value))


@lru_cache(maxsize=16384)
def _split_name_list(value: str) -> tuple[str, ...]:
    """:func:`split_name_list`, memoised: each list is split by the model and the formats."""
    names: list[list[str]] = [[]]
    for word in _words(value):
        if len(word) == 3 and word.lower() == "and":
            names.append([])
        else:
            names[-1].append(word)
    # Interned: the cache keeps them, and a person on many entries is one string.
    return tuple(sys.intern(" ".join(words)) for words in names)


#: The "et al." people write by hand (BibTeX would read a person "al." of the "et"
#: family): after "and" (with "al." alone, "and al."), or glued to the last name.
_HAND_WRITTEN = frozenset({"et al.", "et al", "et. al.", "et.al.", "etal.", "al."})
#: What a list's last "name" may be to say "and more people": BibTeX's ``others`` too.
_TRUNCATIONS = _HAND_WRITTEN | {"others"}
#: What may end the last name itself ("Tom Brown et al."): one or two words.
_GLUED = frozenset(_HAND_WRITTEN - {"al."})


def _normal(name: str) -> str:
    return " ".join(name.replace("{", "").replace("}", "").split()).lower()


def is_truncation(name: str) -> bool:
    """Whether *name*, last in a list, means "and others" rather than a person."""
    return _normal(name) in _TRUNCATIONS


def without_truncation(names: list[str]) -> tuple[list[str], str]:
    """*names* without the "and others" that ends them, and that ending as written.

    The ending is "" when there is none, ``others`` for BibTeX's way, and the hand-written
    "et al." otherwise: a last name of its own (``and et al.``, ``and al.``) or the last
    words of the last name (``Tom Brown et al.``, which keeps "Tom Brown").
    """
    if len(names) > 1 and is_truncation(names[-1]):
        return names[:-1], names[-1]
    words = names[-1].split() if names else []
    for size in (2, 1):
        if len(words) > size and _normal(" ".join(words[-size:])) in _GLUED:
            return [*names[:-1], " ".join(words[:-size]).rstrip(",")], " ".join(words[-size:])
    return names, ""


def is_hand_written(ending: str) -> bool:
    """Whether a list's ending (from :func:`without_truncation`) is a typed "et al."."""
    return bool(ending) and _normal(ending) != "others"


#: Spaces, and ties (``~``) that are not the tilde accent (``Casta\~{n}eda``), as pybtex.
_SEPARATORS = re.compile(r"((?:[ \t\n]|(?<!\\)~)+)")
_BRACES = re.compile(r"[{}]")


def _words(text: str) -> list[str]:
    """Split at whitespace and ``~`` (a tie, not the accent ``\\~``) outside braces.

    The text is split at every separator run (by a regex), and pieces are joined again
    where a brace is open; only pieces with a brace are scanned, brace by brace.  On the
    3,000-entry bench this is a third of the cost of scanning every brace and separator.
    """
    parts = _SEPARATORS.split(text)  # word, separator, word, ..., word
    words: list[str] = []
    depth = 0
    held: list[str] = []  # a word whose braces are still open, with its separators
    for index in range(0, len(parts), 2):
        piece = parts[index]
        if "{" in piece or "}" in piece:
            for brace in _BRACES.findall(piece):
                depth = depth + 1 if brace == "{" else max(depth - 1, 0)
        if depth and index + 1 < len(parts):
            held += (piece, parts[index + 1])
            continue
        if held:
            held.append(piece)
            piece = "".join(held)
            held = []
        if piece:
            words.append(piece)
    return words


def strip_marks(text: str) -> tuple[str, str]:
    """Remove mark symbols at word edges outside braces; return (clean text, marks)."""
    marks: list[str] = []
    out: list[str] = []
    depth = 0
    for index, char in enumerate(text):
        if char == "{":
            depth += 1
        elif char == "}":
            depth = max(depth - 1, 0)
        if depth == 0 and char in MARK_SYMBOLS:
            before = text[index - 1] if index else " "
            after = text[index + 1] if index + 1 < len(text) else " "
            at_edge = before in " ,\t" or after in " ,\t" or before in MARK_SYMBOLS
            if at_edge or after in MARK_SYMBOLS:
                if char not in marks:
                    marks.append(char)
                continue
        out.append(char)
    return " ".join("".join(out).split()).replace(" ,", ","), "".join(marks)


@lru_cache(maxsize=65536)
def parse_name(text: str) -> PersonName:
    """Parse one BibTeX name in any of its three forms; raise :class:`NameError_` on 3+ commas.

    The commas are counted as pybtex counts them, before it sees the name: pybtex
    reports too many through its global strict mode (an exception, or, once anything
    turned strict mode off, a line on stderr and the parts joined).
    """
    clean, marks = strip_marks(text)
    if clean.count(",") > 2 and len(split_tex_string(clean, ",")) > 3:
        raise NameError_(f"too many commas in name '{text}'")
    if not any(char.isalnum() for char in clean) and not split_tex_string(clean):
        return PersonName((), (), (), (), marks)  # only spaces and ties: pybtex 0.25 fails
    person = Person(clean)
    return PersonName(
        tuple(person.first_names + person.middle_names),
        tuple(person.prelast_names),
        tuple(person.last_names),
        tuple(person.lineage_names),
        marks,
    )


@lru_cache(maxsize=65536)
def fold(text: str) -> str:
    """Fold for comparison: decode LaTeX, drop case, accents, spaces, dots and hyphens.

    Latin letters go to their base (``{\\L}ukasz``, "Łukasz" and "Lukasz" are one name);
    other scripts are kept as written (:func:`~.folding.fold_letters`).
    """
    plain = latex_to_plain(text) if ("\\" in text or "{" in text) else text
    return _FOLD_DROP.sub("", fold_letters(plain))


#: Generational suffixes written among the given names ("Liang, Mingyu Jr."): a reader
#: takes "Mingyu Liang Jr." for another person than "Mingyu Liang", so they never match.
_SUFFIXES = frozenset({"jr", "sr", "ii", "iii", "iv"})


def is_cjk(text: str) -> bool:
    """Whether *text* has letters of a Chinese, Japanese or Korean script (wide letters)."""
    return any(char.isalpha() and unicodedata.east_asian_width(char) in "WF" for char in text)


def _given_words(text: str) -> tuple[tuple[str, ...], ...]:
    """Given names as words of folded parts: "Jae-Woo P.S." → (("jae", "woo"), ("p",), ("s",)).

    Words split at spaces and after an initial's dot; parts at hyphens, so a hyphenated
    name and its initials ("J.-W.") line up part by part.
    """
    words = []
    for word in re.split(r"\s+|(?<=\.)(?=\w)", text):
        parts = tuple(fold(part) for part in re.split(r"[\-‐]+", word) if fold(part))
        if parts:
            words.append(parts)
    return tuple(words)


def _is_initials(word: tuple[str, ...]) -> bool:
    return all(len(part) == 1 for part in word)


def _same_word(written: tuple[str, ...], wanted: tuple[str, ...], *, initials_ok: bool) -> bool:
    """Whether two given-name words name the same name.

    An initial in *wanted* stands for any name with that letter; with *initials_ok*, an
    initial in *written* does too ("S." and "Sunita" agree as middle names).
    """
    if written == wanted:
        return True
    if len(written) != len(wanted):
        return False
    if _is_initials(wanted) or (initials_ok and _is_initials(written)):
        return all(a[:1] == b[:1] for a, b in zip(written, wanted, strict=True))
    return False


@dataclass(frozen=True, slots=True)
class NamePattern:
    """One configured owner name, ready to compare against parsed authors."""

    source: str
    family: str  #: Folded ``von Last`` (particles included).
    given: str  #: Folded given names joined (spacing and hyphens ignored).
    words: tuple[tuple[str, ...], ...]  #: Given names as folded words (:func:`_given_words`).
    #: A name in Chinese, Japanese or Korean script, folded whole ("梁明宇"): written
    #: family name first, with or without a space, which BibTeX reads as "First Last".
    whole: str = ""

    @property
    def uses_initials(self) -> bool:
        """True when the first given name is an initial ("P. Raman")."""
        return bool(self.words) and _is_initials(self.words[0])

    @classmethod
    def from_config(cls, text: str) -> NamePattern:
        """Parse a configured name such as ``"Mingyu Liang"`` or ``"Liang, M."``."""
        name = parse_name(text)
        words = _given_words(decode_words(name.first))
        return cls(
            source=text,
            family=fold(" ".join(name.von + name.last)),
            given="".join(part for word in words for part in word),
            words=words,
            whole=fold(text) if is_cjk(text) else "",
        )

    def matches(self, person: PersonName) -> bool:
        """True when *person* is this name as a reader would read it.

        Same family name (with particles), up to case, accents, spacing and hyphens; then
        the first given name, or its initial when the configured name has an initial
        there ("P. Raman" matches "Priya Raman"); then middle names and initials are
        optional on either side, but where both have one they must agree (an initial
        agrees with a name of that letter).  So "Raman, Priya S." and "Priya Sunita
        Raman" are "Priya Raman", and "Raman, Pooja" and "Raman, P." are not (an
        initial in the author list never stands for a configured full first name: add
        "P. Raman" as an alias).  A suffix among the given names ("Jr.") never matches.
        """
        if self.whole and is_cjk(" ".join(person.last + person.first)):
            # "梁明宇", "梁 明宇" (read as First Last) and "梁, 明宇" are one name.
            written = (
                person.first + person.von + person.last,
                person.von + person.last + person.first,
            )
            return any(fold(" ".join(parts)) == self.whole for parts in written)
        if fold(" ".join(person.von + person.last)) != self.family:
            return False
        if fold(" ".join(person.first)) == self.given:
            return True  # "Ming-yu", "Ming Yu" and "Mingyu" are one name
        written = _given_words(decode_words(person.first))
        if not written or not self.words:
            return False
        if any(word in {(suffix,) for suffix in _SUFFIXES} for word in written[1:]):
            return False
        if not _same_word(written[0], self.words[0], initials_ok=False):
            return False
        middles = zip(written[1:], self.words[1:], strict=False)
        return all(_same_word(a, b, initials_ok=True) for a, b in middles)


def closest_names(wanted: str, candidates: list[str], limit: int = 3) -> list[str]:
    """Return up to *limit* candidate names that look like typos of *wanted*."""
    import difflib  # noqa: PLC0415 - only needed on the rare warning path

    by_fold: dict[str, str] = {}
    for candidate in candidates:
        by_fold.setdefault(fold(candidate), candidate)
    found = difflib.get_close_matches(fold(wanted), list(by_fold), n=limit, cutoff=0.6)
    return [by_fold[key] for key in found]
