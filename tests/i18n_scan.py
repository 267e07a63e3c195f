"""Find bibfolio's English words left in a translated build: the catalog's msgids in the output.

Only what bibfolio writes is searched: elements whose class starts with ``bibfolio``,
less what comes from the ``.bib`` or the owner (titles, container titles, notes, the
reference formats, the profile's own words), plus the labels and placeholders of those
elements and the chart's title and description.  A message whose translation is the
English word itself ("Video" in German) is not looked for.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from babel.messages.pofile import read_po
from bs4 import BeautifulSoup
from pypdf import PdfReader

from bibfolio.build.translation import LOCALE_DIR

if TYPE_CHECKING:
    from pathlib import Path

#: Elements inside bibfolio's output that hold the .bib's or the owner's own words.
NOT_BIBFOLIOS = ", ".join(
    (
        "script, style, pre, code, .headerlink, .Z3988, em, i, .bibfolio-title",
        ".bibfolio-notes, .bibfolio-award, .bibfolio-impact, .bibfolio-badge, .bibfolio-formats",
        ".bibfolio-formatted, .bibfolio-bibtex, .bibfolio-cite-as, .bibfolio-abstract",
        ".bibfolio-profile-position, .bibfolio-profile-affiliation, .bibfolio-profile-interests",
        ".bibfolio-profile-initials, .bibfolio-paper-page h1, .bibfolio-languages, .bibfolio-owner",
        # The paper pages' header lists the site's pages by their own titles.
        ".bibfolio-site-nav",
        # A front page's highlight row: the site's own heading, text and link words.
        ".bibfolio-highlight",
        # A {cv-link} with the owner's own text; the card's CV link is bibfolio's.
        ".bibfolio-cv-link:not(.bibfolio-profile-cv)",
        # The 404 page's link to the list is titled with the list page's own title.
        ".bibfolio-notfound-links li:nth-of-type(2)",
        # A CV entry's title is its first span (in the CV page's date column's item).
        ".bibfolio-cv-entry > p > span:not([class])",
        ".bibfolio-cv-entry > p > .bibfolio-cv-item > span:not([class])",
        # The owner's own CV lines whose dates bibfolio puts in a column (an entry's
        # line is bibfolio's, with its year there too); the CV header's position.
        ".bibfolio-cv-dated:not(.bibfolio-cv-entry > p), .bibfolio-cv-facts",
        # The owner's news.yml and talks.yml: an item's text, a talk's title and place.
        ".bibfolio-news-text, .bibfolio-talk-title, .bibfolio-talk-place",
        # The home page's biography, written by the owner beside the profile card.
        ".bibfolio-profile-bio",
    )
)
#: Where the .bib's words stand beside bibfolio's (a venue line, a CV entry): there,
#: only messages of two words or more are looked for ("Software" may be in a title).
MIXED = ".bibfolio-venue, .bibfolio-paper-venue, .bibfolio-cv-entry"
#: Where a default of bibfolio's or the site's own setting stands (a group's role headings
#: and labels, "Now: <where an alumnus went>"): a message is looked for as the whole text
#: (a default left in English), and not :func:`english_words_left`'s single words.
CONFIGURED = ".bibfolio-people-role > h2, .bibfolio-person-role, .bibfolio-person-went, " + (
    ".bibfolio-profile-went"
)
#: bibfolio's classes on a whole page's content (the CV page's section, a people page's
#: role, the home page's layout): the owner's words with bibfolio's elements among them, so only those elements
#: are searched.
WRAPPERS = frozenset({"bibfolio-cv", "bibfolio-people-role", "bibfolio-home"})
_PLACEHOLDER = re.compile(r"%\\\(\w+\\\)[sd]")


@dataclass(frozen=True)
class English:
    """One English message of the catalog, as a pattern to find in the output."""

    msgid: str
    pattern: re.Pattern[str]


def english_messages(language: str) -> list[English]:
    """The catalog's English forms whose translation in *language* differs from them.

    Nor a form whose every word is a word of the language too: French's "page" makes
    "page %(pages)s" (translated "p. %(pages)s") no sign of English in a French page.
    """
    with (LOCALE_DIR / language / "LC_MESSAGES" / "bibfolio.po").open("rb") as file:
        catalog = read_po(file, locale=language)
    native = {
        word.lower()
        for message in catalog
        if message.id
        for text in (message.string if message.pluralizable else [message.string])
        for word in re.findall(r"[^\W\d_]+", _PLACEHOLDERS.sub("", text))  # not "%(edition)s"
    }
    found = []
    for message in catalog:
        if not message.id:
            continue
        forms = list(message.id) if message.pluralizable else [message.id]
        translations = list(message.string) if message.pluralizable else [message.string]
        for form in forms:
            if form in translations or not re.search(r"[A-Za-z]{2}", form):
                continue
            words = re.findall(r"[^\W\d_]+", _PLACEHOLDERS.sub("", form))
            if words and all(word.lower() in native for word in words):
                continue
            # Adjacent placeholders ("%(number)s%(suffix)s") stand for one value, and a value
            # is at most a line's worth of text: two lazy ".+?" in a row backtrack cubically
            # on a long page's text.
            text = re.sub(f"(?:{_PLACEHOLDER.pattern})+", ".{1,120}?", re.escape(form.strip()))
            if re.match(r"\w", form.strip()):
                text = r"(?<![\w])" + text
            if re.search(r"\w$", form.strip()):
                text += r"(?![\w])"
            found.append(English(form, re.compile(text)))
    return found


def _own(css_class: str | None) -> bool:
    """Whether *css_class* marks an element bibfolio wrote (not a wrapper of a page)."""
    return (
        bool(css_class)
        and " " not in css_class  # one class at a time, not the attribute whole
        and css_class.startswith("bibfolio")
        and css_class not in WRAPPERS
    )


def bibfolio_text(html: str) -> list[tuple[str, bool | str]]:
    """The words bibfolio wrote into a page: its elements' text and labels.

    Each text comes with whether it is mixed with the .bib's words (:data:`MIXED`), or
    ``"configured"`` (:data:`CONFIGURED`).
    """
    soup = BeautifulSoup(html, "html.parser")
    # The reveal of the formats is not searched, but its own button ("Cite") is.
    texts: list[tuple[str, bool | str]] = [
        (element.get_text(" ").strip(), False)
        for element in soup.select(".bibfolio-formats > summary")
    ]
    for element in soup.select(NOT_BIBFOLIOS):
        element.decompose()
    for element in soup.select(MIXED):
        texts.append((" ".join(element.get_text(" ").split()), True))
        element.decompose()
    for element in soup.select(CONFIGURED):
        texts.append((" ".join(element.get_text(" ").split()), "configured"))
        element.decompose()
    tops = [
        element for element in soup.find_all(class_=_own) if not element.find_parent(class_=_own)
    ]
    for top in tops:
        texts.append((" ".join(top.get_text(" ").split()), False))
        texts.extend(
            (element[attribute], False)
            for element in [top, *top.find_all(True)]
            for attribute in ("aria-label", "placeholder", "title", "alt")
            if element.get(attribute)
        )
    return texts


def english_left(
    texts: list[tuple[str, bool | str]], language: str, *, phrases_only: bool = False
) -> set[str]:
    """The msgids found in *texts*; in mixed texts (or all, with *phrases_only*), only those
    of two words or more."""
    left = set()
    for message in english_messages(language):
        phrase = len(message.msgid.split()) >= 2
        if phrases_only and not phrase:
            continue
        for text, mixed in texts:
            if mixed == "configured":
                # Only a default left whole: "Staff", not a site's own "Research Staff".
                found = message.pattern.fullmatch(text)
            else:
                found = (phrase or not mixed) and message.pattern.search(text)
            if found:
                left.add(message.msgid)
                break
    return left


_PLACEHOLDERS = re.compile(r"%\(\w+\)[sd]")
_WORD = re.compile(r"(?<![\w%])[A-Za-z]{4,}(?!\w)")


def english_words(language: str) -> frozenset[str]:
    """The catalog's English words (four letters or more) that no translation in *language*
    uses: the vocabulary of bibfolio's words, to find one that was never marked.

    A word bibfolio writes without ``_()`` ("Cite", "Member") is not a msgid, so
    :func:`english_left` cannot see it; it is nearly always one of these words.
    """
    with (LOCALE_DIR / language / "LC_MESSAGES" / "bibfolio.po").open("rb") as file:
        catalog = read_po(file, locale=language)
    english: set[str] = set()
    kept: set[str] = set()
    for message in catalog:
        if not message.id:
            continue
        ids = message.id if message.pluralizable else [message.id]
        strings = message.string if message.pluralizable else [message.string]
        english.update(w.lower() for i in ids for w in _WORD.findall(_PLACEHOLDERS.sub("", i)))
        kept.update(w.lower() for text in strings for w in _WORD.findall(text))
    return frozenset(english - kept)


def english_words_left(texts: list[tuple[str, bool | str]], language: str) -> set[str]:
    """The words of :func:`english_words` in bibfolio's own texts (not mixed, not configured)."""
    words = english_words(language)
    return {
        word
        for text, mixed in texts
        if mixed is False
        for word in _WORD.findall(text)
        if word.lower() in words
    }


def pages_text(outdir: Path, names: list[str]) -> list[tuple[str, bool | str]]:
    """:func:`bibfolio_text` of each page named (paths relative to *outdir*)."""
    return [text for name in names for text in bibfolio_text((outdir / name).read_text("utf-8"))]


#: The owner's own files in a portfolio's source: pages, settings, .bib, news and talks.
OWN_FILES = ("*.md", "*.rst", "*.py", "*.bib", "*.yml", "*.yaml")


def owners_text(srcdir: Path) -> str:
    """Every word of the owner's own files under *srcdir* (builds left out), braces dropped."""
    texts = [
        path.read_text("utf-8", errors="replace")
        for pattern in OWN_FILES
        for path in srcdir.rglob(pattern)
        if "_build" not in path.relative_to(srcdir).parts
    ]
    return " ".join(re.sub(r"[{}]", "", "\n".join(texts)).split())


def pdf_text(path: Path) -> list[str]:
    """The text of the PDF at *path* (its lines, hyphenations joined) and its title."""
    reader = PdfReader(path)
    text = "\n".join(page.extract_text() for page in reader.pages)
    text = re.sub(r"[\u00ad-]\n", "", text)  # a word hyphenated at a line's end
    return [text, str((reader.metadata or {}).get("/Title", ""))]


def _pdf_pattern(msgid: str) -> re.Pattern[str]:
    """*msgid* as it may stand in a PDF's text: its words across a line break, and each
    placeholder one word ("and 3 others"), so that no match runs over the owner's text."""
    parts = _PLACEHOLDERS.split(msgid.strip())
    words = [r"\s+".join(re.escape(word) for word in part.split(" ")) for part in parts]
    pattern = r"\S+".join(words)
    if re.match(r"\w", msgid.strip()):
        pattern = r"(?<!\w)" + pattern
    if re.search(r"\w$", msgid.strip()):
        pattern += r"(?!\w)"
    return re.compile(pattern)


def english_left_in_pdf(path: Path, srcdir: Path, language: str) -> set[str]:
    """bibfolio's English phrases (msgids of two words or more) in the CV PDF at *path*.

    The owner's pages are English in a build of another language, and a PDF's text keeps
    no mark of who wrote what, so a phrase that the owner's own files (*srcdir*) hold
    anywhere (", and" in a .bib note) is not looked for; single words ("Publications",
    the owner's heading) are not either.
    """
    owner = owners_text(srcdir)
    texts = pdf_text(path)
    left = set()
    for message in english_messages(language):
        if len(message.msgid.split()) < 2:
            continue
        pattern = _pdf_pattern(message.msgid)
        if not pattern.search(owner) and any(pattern.search(text) for text in texts):
            left.add(message.msgid)
    return left
