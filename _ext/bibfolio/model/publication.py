"""A :class:`Publication` is one BibTeX entry read for display: people, venue, date, links."""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING

from ..reading.diagnostics import Diagnostic
from ..reading.entrytypes import (
    FIELD_ALIASES,
    GROUP_OF_TYPE,
    REQUIRED_FIELDS,
    TYPE_ALIASES,
    VENUE_FIELDS,
)
from ..reading.latex import latex_problems, latex_to_plain, latex_to_rich
from ..reading.richtext import plain, titled
from .annotations import HIGHLIGHT, parse_annotations
from .dates import MONTH_NAMES, parse_date
from .inline import free_text
from .links import collect_links, embedded_unsafe_links
from .messages import ARXIV_PREPRINT
from .names import (
    NameError_,
    PersonName,
    is_hand_written,
    parse_name,
    split_name_list,
    without_truncation,
)
from .notefield import public_note

if TYPE_CHECKING:
    from collections.abc import Mapping

    from ..reading.entry import BibEntry
    from ..reading.richtext import Rich, Span
    from .dates import PubDate
    from .links import Link
    from .names import NamePattern

_MONTHS = {
    name: number
    for number, names in enumerate(
        (
            ("jan", "january"),
            ("feb", "february"),
            ("mar", "march"),
            ("apr", "april"),
            ("may",),
            ("jun", "june"),
            ("jul", "july"),
            ("aug", "august"),
            ("sep", "sept", "september"),
            ("oct", "october"),
            ("nov", "november"),
            ("dec", "december"),
        ),
        start=1,
    )
    for name in names
}
_YEAR = re.compile(r"\d{4}")
_TRUE = {"true", "yes", "1", "on"}
_ACRONYM_YEAR = (
    re.compile(r"\(\s*([A-Z][A-Za-z]*[A-Z][A-Za-z]*)\s*['’]\s*(\d{2})\s*\)"),
    re.compile(r"\(\s*([A-Z][A-Za-z]*[A-Z][A-Za-z]*)\s+((?:19|20)\d{2}|\d{2})\s*\)"),
    re.compile(r"^\s*([A-Z][A-Za-z]*[A-Z][A-Za-z]*)\s*['’]?\s*((?:19|20)\d{2}|\d{2})\b"),
)
_NAME_FIELDS = ("author", "editor")


@dataclass(frozen=True, slots=True)
class Annotation:
    """What an annotation shows: a mark next to the name, explained by a legend line."""

    mark: str
    legend: str


@dataclass(frozen=True, slots=True)
class Settings:
    """Everything that changes how entries are read, taken from the configuration."""

    owner: tuple[NamePattern, ...] = ()
    annotations: Mapping[str, Annotation] = field(
        default_factory=lambda: {
            "equal": Annotation("*", "equal contribution"),
            "corresponding": Annotation("†", "corresponding author"),
        }
    )

    def legend_for(self, mark: str) -> str | None:
        """The legend text of *mark*, if some annotation defines it."""
        for annotation in self.annotations.values():
            if annotation.mark == mark:
                return annotation.legend
        return None


@dataclass(frozen=True, slots=True)
class Author:
    """A person on a publication, with how the portfolio shows them."""

    person: PersonName
    owner: bool
    marks: str  #: Superscript marks, e.g. ``"*"``.

    @property
    def name(self) -> str:
        """Display name."""
        return self.person.display


class Publication:
    """One entry, read for display.

    Cheap attributes are computed when it is built; rich text is decoded on first use.
    """

    def __init__(self, entry: BibEntry, settings: Settings) -> None:
        self.entry = entry
        self.key = entry.key
        as_written = {name: found.value for name, found in entry.fields.items()}
        self.fields = dict(as_written)
        for biblatex, bibtex in FIELD_ALIASES:
            if biblatex in self.fields and bibtex not in self.fields:
                self.fields[bibtex] = self.fields[biblatex]
        self.diagnostics: list[Diagnostic] = []
        #: Keys of the other version of the same paper (see :func:`pair_versions`):
        #: on a published entry its preprint, on a preprint the published entry.
        self.paired_with = ""
        #: On a published entry: its preprint, whose links it shows too.
        self.preprint: Publication | None = None
        written = entry.type.lower()
        self.type = TYPE_ALIASES.get(written, written)
        if self.type not in REQUIRED_FIELDS:
            self._warn(
                entry.line,
                "unknown_type",
                f"unknown entry type '@{entry.type}' for '{entry.key}'; shown as @misc",
            )
            self.type = "misc"
        #: ``and others`` ends the list: shown as "et al.", never a person.
        self.et_al = False
        self.editors_et_al = False
        self.authors = self._people("author", settings)
        self.editors = self._people("editor", settings)
        #: Editors stand where authors would (an edited book, proceedings or collection).
        self.people_are_editors = not self.authors and bool(self.editors)
        self.owner_matched = any(author.owner for author in self.people)
        #: biblatex's ``date`` wins over ``year``/``month``, as biber reads them.
        self.date: PubDate | None = (
            parse_date(self.fields["date"]) if "date" in self.fields else None
        )
        if self.date is not None:
            self.year: int | None = self.date.year
            self.month: int | None = self.date.month
        else:
            self.year = _year(self.fields.get("year", ""))
            self.month = _month(self.fields.get("month", ""))
        self.group = (self.fields.get("pubtype", "").strip().lower()) or _infer_group(
            self.type, self.fields
        )
        self.selected = self.fields.get("selected", "").strip().lower() in _TRUE
        self.links, refused = collect_links(self.fields)
        refused.extend(embedded_unsafe_links(self.fields))
        for link in refused:
            self._warn(
                entry.line_of(link.field),
                "unsafe_url",
                f"no link made for field '{link.field}' of '{entry.key}': {link.reason}",
            )
        # As written, so a biblatex field and its BibTeX alias are not reported twice.
        for name, problem in latex_problems(as_written, entry.key):
            self._warn(entry.line_of(name), "latex", problem)
        for needed in self.missing_fields():
            self._warn(
                entry.line,
                "missing_field",
                f"entry '{entry.key}' (@{self.type}) lacks the required field "
                f"{' or '.join(repr(n) for n in needed.split('|'))}",
            )

    # -- construction helpers -----------------------------------------------------------
    def _warn(self, line: int, subtype: str, message: str) -> None:
        self.diagnostics.append(Diagnostic(self.entry.path, line, subtype, message))

    def _people(self, role: str, settings: Settings) -> tuple[Author, ...]:
        raw = self.fields.get(role)
        if raw is None:
            return ()
        line = self.entry.line_of(role)
        persons: list[PersonName] = []
        # BibTeX's "and others" (any case) at the end means "and more people"; so does a
        # hand-written "et al.", which is no person called "al." either: reported, so the
        # .bib says it the way every BibTeX reader understands.
        names, ending = without_truncation(split_name_list(raw))
        if is_hand_written(ending):
            self._warn(
                line,
                "et_al",
                f"the {role} list of '{self.key}' ends in a typed '{ending}'; write "
                "'and others' (BibTeX's way to say more people follow): read as 'and others'",
            )
        if ending:
            if role == "author":
                self.et_al = True
            else:
                self.editors_et_al = True
        for index, text in enumerate(names, start=1):
            if not text:
                self._warn(
                    line,
                    "empty_author",
                    f"empty name at position {index} in the {role} list "
                    f"of '{self.key}'; it is left out",
                )
                continue
            try:
                persons.append(parse_name(text))
            except NameError_:
                self._warn(
                    line,
                    "name",
                    f"too many commas in {role} name '{text}' of '{self.key}' (BibTeX allows "
                    "'Last, First' or 'Last, Jr, First'); shown as written",
                )
                persons.append(PersonName((), (), (text.replace(",", ""),), ()))
        annotations: dict[int, tuple[str, ...]] = {}
        annotation_field = f"{role}+an"
        if annotation_field in self.fields:
            annotations, problems = parse_annotations(
                self.fields[annotation_field], len(persons), set(settings.annotations)
            )
            for problem in problems:
                self._warn(
                    self.entry.line_of(annotation_field),
                    "annotation",
                    f"{annotation_field} of '{self.key}': {problem.message}",
                )
        authors = []
        for index, person in enumerate(persons):
            names = annotations.get(index, ())
            owner = HIGHLIGHT in names or any(p.matches(person) for p in settings.owner)
            marks: list[str] = []
            for name in names:
                style = settings.annotations.get(name)
                if style is not None and style.mark and style.mark not in marks:
                    marks.append(style.mark)
            for written in person.marks:
                symbol = "*" if written == "∗" else written
                if symbol not in marks:
                    marks.append(symbol)
            authors.append(Author(person, owner, "".join(marks)))
        return tuple(authors)

    @property
    def people(self) -> tuple[Author, ...]:
        """Who the entry is by: its authors, or its editors when it has no author."""
        return self.editors if self.people_are_editors else self.authors

    @property
    def people_et_al(self) -> bool:
        """Whether :attr:`people` ended in ``and others``."""
        return self.editors_et_al if self.people_are_editors else self.et_al

    def missing_fields(self) -> list[str]:
        """Required fields (``a|b`` means either) that the entry lacks."""
        return [
            needed
            for needed in REQUIRED_FIELDS[self.type]
            if not any(self.fields.get(name, "").strip() for name in needed.split("|"))
        ]

    # -- display values -------------------------------------------------------------------
    @cached_property
    def title(self) -> Rich:
        """The official title (what citers use)."""
        title = titled(
            latex_to_rich(self.fields.get("title", "")),
            self.rich("subtitle"),
            self.rich("titleaddon"),
        )
        return title if plain(title).strip() else (self.key,)

    @cached_property
    def display_title(self) -> Rich:
        """The title shown in lists: ``display_title`` when given, else the title."""
        if self.fields.get("display_title", "").strip():
            return latex_to_rich(self.fields["display_title"])
        return self.title

    @cached_property
    def venue(self) -> Rich:
        """Where it appeared: journal, proceedings, school, publisher or archive."""
        name = self._venue_field()
        if name:
            # al-folio files often end venues with a comma ("Proceedings of X,").
            return latex_to_rich(self.fields[name].strip().rstrip(",;").rstrip())
        # The arXiv id as the link read it: an eprint given as a URL shows its id, and
        # another eprint type (googlebooks, jstor, ...) is no arXiv preprint.
        arxiv = next((link.identifier for link in self.links if link.kind == "arxiv"), "")
        if arxiv:
            return (f"{ARXIV_PREPRINT} arXiv:{arxiv}",)
        return ()

    def _venue_field(self) -> str:
        """The field the venue is read from ("" when none): an @unpublished's ``note``."""
        for name in (*VENUE_FIELDS.get(self.type, ()), "howpublished"):
            if self.fields.get(name, "").strip().rstrip(",;").rstrip():
                return name
        return ""

    @cached_property
    def venue_short(self) -> str:
        """The badge text: the ``abbr`` field, else an acronym and year found in the venue."""
        if self.fields.get("abbr", "").strip():
            return latex_to_plain(self.fields["abbr"])
        for source in (self.fields.get("series", ""), plain(self.venue)):
            for pattern in _ACRONYM_YEAR:
                match = pattern.search(source)
                if match:
                    return f"{match.group(1)}'{match.group(2)[-2:]}"
        return ""

    def rich(self, name: str) -> Rich:
        """Decode any field (award, impact, note, abstract, ...); empty when absent."""
        value = self.fields.get(name, "")
        return latex_to_rich(value) if value.strip() else ()

    @property
    def award(self) -> Rich:
        """The award note (al-folio's ``award``; ``award_name`` when only that is set)."""
        return self.rich("award") or self.rich("award_name")

    @property
    def bibtex_note(self) -> str:
        """BibTeX's ``note`` as written, without a reference manager's bookkeeping.

        "" when the entry has none or shows it as its venue (:mod:`.notefield`).
        """
        if self._venue_field() == "note":
            return ""
        return public_note(self.fields.get("note", ""))

    @property
    def note(self) -> Rich:
        """The notes shown under the entry, as rich text.

        BibTeX's ``note`` (:attr:`bibtex_note`), then al-folio's ``annotation`` and
        ``additional_info`` (as safe text).
        """
        parts: list[str | Span] = list(latex_to_rich(self.bibtex_note))
        for name in ("annotation", "additional_info"):
            value = self.fields.get(name, "").strip()
            if value:
                if parts:
                    parts.append(" ")
                parts.extend(free_text(value.lstrip(". ")))
        return tuple(parts)

    @property
    def date_text(self) -> str:
        """``Month Year``, ``Year`` or a range (``1998–2000``) as shown under an entry."""
        if self.date is not None:
            return self.date.text
        if self.year is None:
            return ""
        if self.month:
            return f"{MONTH_NAMES[self.month - 1]} {self.year}"
        return str(self.year)

    @cached_property
    def content_hash(self) -> str:
        """Changes whenever anything that can be rendered from this entry changes."""
        digest = hashlib.blake2b(digest_size=12)
        digest.update(f"{self.entry.type}\0{self.key}\0{self.entry.path}".encode())
        for name, found in self.entry.fields.items():
            digest.update(f"\0{name}\0{found.value}\0{found.macro}".encode())
        if self.preprint is not None:  # its links are shown with this entry
            digest.update(f"\0preprint\0{self.preprint.content_hash}".encode())
        return digest.hexdigest()

    @property
    def pages(self) -> tuple[str, str]:
        """(first page, last page); either may be empty."""
        text = latex_to_plain(self.fields.get("pages", "")).replace("–", "-")
        first, _, last = text.partition("-")
        return first.strip(" -"), last.strip(" -")

    @property
    def doi(self) -> str:
        """The bare DOI, or ""."""
        return next((link.url[16:] for link in self.links if link.field == "doi"), "")

    def link(self, field_name: str) -> Link | None:
        """The link made from *field_name*, if any."""
        return next((link for link in self.links if link.field == field_name), None)


def _month(text: str) -> int | None:
    month = _MONTHS.get(latex_to_plain(text).lower().rstrip("."))
    if month is None and text.strip().isdigit():
        number = int(text)
        month = number if 1 <= number <= 12 else None
    return month


def _year(text: str) -> int | None:
    match = _YEAR.search(text)
    return int(match.group()) if match else None


def _infer_group(entry_type: str, fields: Mapping[str, str]) -> str:
    if entry_type in GROUP_OF_TYPE:
        return GROUP_OF_TYPE[entry_type]
    if fields.get("eprint") or fields.get("arxiv"):
        return "preprint"
    return "other"
