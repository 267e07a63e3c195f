"""An academicpages ``citation:`` string read into its parts: authors, year, venue, numbers.

academicpages keeps no structured authors: each publication's front matter holds one
pre-formatted reference, usually APA-like (``Wrzos, T., & Kowal, A. (2019). Title.
<i>Journal</i>, 12(3), 45-67.``), sometimes MLA (``Wrzos, Tomasz, and Anna Kowal.
"Title." <i>Journal</i> 12.3 (2019): 45-67.``) or IEEE (``T. Wrzos and A. Kowal,
"Title," <i>Journal</i>, vol. 12, no. 3, pp. 45-67, 2019.``), with HTML tags and
entities.  The title is known from the front matter, so the authors are what stands
before it; the numbers are looked for after it.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass, field

from ...model.folding import fold_letters

_TAG = re.compile(r"<[^>]+>")
_ITALIC = re.compile(r"<(i|em)\b[^>]*>(.*?)</\1\s*>", re.IGNORECASE | re.DOTALL)
_BOLD = re.compile(r"\*\*|__|<(/?)(b|strong)\b[^>]*>", re.IGNORECASE)
_YEAR_PAREN = re.compile(r"\(\s*((?:19|20)\d\d)[a-z]?(?:,[^)]*)?\s*\)")
_YEAR = re.compile(r"\b((?:19|20)\d\d)\b")
_QUOTED = re.compile(r"[\"“”](.+?)[\"“”]")
_ET_AL = re.compile(r",?\s*\bet\s+al\.?", re.IGNORECASE)
# Authors are separated by commas, semicolons, "and", "&" (with or without a comma).
_SEPARATOR = re.compile(r"\s*(?:,\s*(?:and|&)\s+|\s+(?:and|&)\s+|;\s*|,\s*)", re.IGNORECASE)
_INITIALS = re.compile(r"^(?:[A-Z]\.?[- ]?)+$|^(?:[A-Z][a-z]?\.\s*-?)+$")
# Vancouver: "Wrzos T", "Kowal AB".
_VANCOUVER = re.compile(r"^(.+?)\s+([A-Z]{1,3})$")
_DOI = re.compile(r"(?:doi:\s*|https?://(?:dx\.)?doi\.org/)(10\.\d{4,9}/[^\s,;<>\"]+)", re.I)
_URL = re.compile(r"https?://[^\s<>\"]+")
_VOLUME_ISSUE = re.compile(r"\b(\d+)\s*\((\d+(?:[-–]\d+)?)\)")
_MLA_NUMBERS = re.compile(r"\b(\d+)\.(\d+)\b")
_VOL = re.compile(r"\bvol(?:ume)?\.?\s*(\d+)", re.IGNORECASE)
_NO = re.compile(r"\b(?:no|issue)\.?\s*(\d+)", re.IGNORECASE)
_PAGES = re.compile(r"\b(?:pp?\.\s*)?([A-Za-z]?\d+)\s*(?:-{1,2}|–|—)\s*([A-Za-z]?\d+)\b")
_PP = re.compile(r"\bpp?\.\s*([A-Za-z]?\d+)\b")
# APA without an issue: "<i>Journal</i>, 30, 1-40." (what follows the venue).
_APA = re.compile(r"^[\s.,:;]*(\d+)\s*,\s*([A-Za-z]?\d+)(?:\s*(?:-{1,2}|–|—)\s*([A-Za-z]?\d+))?")


@dataclass
class Citation:
    """What a citation string says: each author as (family, given) or a whole name."""

    #: (family, given) when written "Family, Given"; ("", "Given Family") otherwise.
    authors: list[tuple[str, str]] = field(default_factory=list)
    #: "et al." ended the list.
    more: bool = False
    #: Names the citation set in bold (often the owner).
    bold: list[str] = field(default_factory=list)
    year: str = ""
    title: str = ""
    venue: str = ""
    volume: str = ""
    number: str = ""
    pages: str = ""
    doi: str = ""
    url: str = ""


def plain(text: str) -> str:
    """HTML tags dropped, entities decoded, spaces made single (``&quot;`` → ``"``)."""
    return " ".join(html.unescape(_TAG.sub("", text)).replace("\u00a0", " ").split())


def parse_citation(text: str, title: str = "") -> Citation:
    """*text* read into a :class:`Citation`; *title* (the front matter's) finds the split."""
    found = Citation()
    text = html.unescape(text)
    italic = _ITALIC.search(text)
    if italic:
        found.venue = _venue(plain(italic.group(2)))
    found.bold = [plain(part).strip(" .,") for part in _bold_parts(text)]
    flat = plain(_BOLD.sub("", text))
    doi = _DOI.search(flat)
    if doi:
        found.doi = doi.group(1).rstrip(".")
        flat = flat.replace(doi.group(0), " ")
    url = _URL.search(flat)
    if url:
        found.url = url.group(0).rstrip(".,")
        flat = flat.replace(url.group(0), " ")
    head, guessed, tail = _split_at_title(flat, title)
    found.title = title or guessed
    year = _YEAR_PAREN.search(head) or _YEAR_PAREN.search(tail) or _YEAR.search(tail)
    year = year or _YEAR.search(head)
    if year:
        found.year = year.group(1)
    head = _YEAR_PAREN.sub(" ", head)
    found.authors, found.more = split_authors(head)
    _numbers(found, tail.replace(found.venue, " ") if found.venue else tail)
    return found


def _venue(text: str) -> str:
    venue = text.strip(" ,;:")
    # "Proc. Moss Conf." keeps its abbreviation's dot; "Journal 1." does not.
    return venue if venue.count(".") > 1 else venue.rstrip(". ")


def _bold_parts(text: str) -> list[str]:
    parts = re.findall(r"\*\*(.+?)\*\*|<(?:b|strong)\b[^>]*>(.*?)</(?:b|strong)>", text, re.I)
    return [first or second for first, second in parts]


def _split_at_title(flat: str, title: str) -> tuple[str, str, str]:
    """(what stands before the title, the title as found, what follows it)."""
    if title:
        start, end = _find_folded(flat, plain(title))
        if start >= 0:
            return flat[:start], flat[start:end].strip(' .,"“”'), flat[end:]
    quoted = _QUOTED.search(flat)
    if quoted:
        return flat[: quoted.start()], quoted.group(1).strip(" .,"), flat[quoted.end() :]
    year = _YEAR_PAREN.search(flat)
    if year:  # APA: the title follows "(2019)."
        rest = flat[year.end() :].lstrip(" .")
        stop = rest.find(". ")
        if stop >= 0:
            return flat[: year.end()], rest[:stop], rest[stop + 1 :]
    return "", "", flat


def _find_folded(text: str, wanted: str) -> tuple[int, int]:
    """Where *wanted* stands in *text*, ignoring case, accents, spacing and punctuation."""
    letters = [(i, fold_letters(char)) for i, char in enumerate(text) if char.isalnum()]
    haystack = "".join(char for _, char in letters)
    needle = "".join(char for char in fold_letters(wanted) if char.isalnum())
    if not needle:
        return -1, -1
    at = haystack.find(needle)
    if at < 0 or len(fold_letters("".join(text[i] for i, _ in letters))) != len(haystack):
        return -1, -1
    start = letters[at][0]
    end = letters[at + len(needle) - 1][0] + 1
    # The title's quotes and closing punctuation belong to it, not to the venue.
    while start > 0 and text[start - 1] in "\"“'‘":
        start -= 1
    while end < len(text) and text[end] in ".,?!\"”'’":
        end += 1
    return start, end


def split_authors(text: str) -> tuple[list[tuple[str, str]], bool]:
    """The author part of a citation as names, and whether it ended in "et al."."""
    text = text.strip().strip(' .,:;"“”')
    more = bool(_ET_AL.search(text))
    text = _ET_AL.sub("", text).strip(" .,")
    text = re.sub(r"^(?:and|&)\s+", "", text)
    tokens = [token.strip(" .") for token in _SEPARATOR.split(text) if token.strip(" .")]
    tokens = [_restore_initials(token) for token in tokens]
    names: list[tuple[str, str]] = []
    index = 0
    while index < len(tokens):
        token = tokens[index]
        following = tokens[index + 1] if index + 1 < len(tokens) else ""
        if following and _is_given(following):
            # "Family, Given" (APA, MLA's first author, academicpages' demo "Your Name, You").
            names.append((token, following))
            index += 2
            continue
        vancouver = _VANCOUVER.match(token)
        if vancouver and " " not in vancouver.group(1):
            family, initials = vancouver.groups()
            names.append((family, ". ".join(initials) + "."))
        else:
            names.append(("", token))
        index += 1
    return names, more


def _restore_initials(token: str) -> str:
    # The split stripped the final dot of "T." and "A. B."; put it back.
    return token + "." if re.fullmatch(r"(?:[A-Z]\.?[- ]?)*[A-Z]", token) else token


def _is_given(token: str) -> bool:
    """A token that is someone's given name or initials, not a whole name."""
    return bool(_INITIALS.match(token)) or (
        " " not in token and token[:1].isupper() and token.isalpha()
    )


def _numbers(found: Citation, tail: str) -> None:
    """Volume, number and pages from what follows the title (and the venue)."""
    tail = _YEAR_PAREN.sub(" ", tail)
    if found.year:
        tail = re.sub(rf"\b{found.year}\b", " ", tail)
    vol, no = _VOL.search(tail), _NO.search(tail)
    if vol:
        found.volume = vol.group(1)
        found.number = no.group(1) if no else ""
        tail = _NO.sub(" ", _VOL.sub(" ", tail))
    else:
        both = _VOLUME_ISSUE.search(tail) or _MLA_NUMBERS.search(tail)
        apa = _APA.match(tail)
        if both:
            found.volume, found.number = both.group(1), both.group(2)
            tail = tail.replace(both.group(0), " ")
        elif apa:
            found.volume, first, last = apa.groups()
            found.pages = f"{first}--{last}" if last else first
            return
    pages = _PAGES.search(tail)
    if pages:
        found.pages = f"{pages.group(1)}--{pages.group(2)}"
    else:
        page = _PP.search(tail)
        found.pages = page.group(1) if page else ""
