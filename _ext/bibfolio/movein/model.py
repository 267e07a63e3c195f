"""What a converter reads from an old site: one :class:`Site`, and the :class:`Report`.

Everything here is plain data.  Paths of the old site (``Source.path``, the keys of
``Site.files``' values) are relative to OLD, as the report prints them; paths in the new
site are relative to NEW (``docs/...``, ``refs.bib``'s folder is NEW itself).  Markdown
held here is MyST already (a converter turns Liquid, kramdown or Hugo shortcodes into
MyST, or leaves them out with a report line).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import PurePosixPath
from typing import Literal

#: The kinds of content the report counts, in the order it prints them.
KINDS = (
    "profile",
    "publications",
    "news",
    "talks",
    "teaching",
    "projects",
    "posts",
    "cv sections",
    "members",
    "pages",
    "files",
    "addresses",
)


@dataclass(frozen=True)
class Source:
    """Where something was read: a file of OLD (relative, POSIX) and its 1-based line."""

    path: str
    line: int | None = None

    def __str__(self) -> str:
        return f"{self.path}:{self.line}" if self.line else self.path


#: What a report line is: something left behind, template demo content left out, a thing
#: for the owner to check, or a note (what was done, for the record).
NoteKind = Literal["left", "demo", "check", "note"]


@dataclass(frozen=True)
class Note:
    """One line of ``MIGRATION.md``: *kind*, where, and why."""

    kind: NoteKind
    source: Source
    message: str


@dataclass
class Report:
    """Counts per kind (found, converted) and the notes, in the order they were made."""

    template: str = ""
    found: dict[str, int] = field(default_factory=dict)
    converted: dict[str, int] = field(default_factory=dict)
    notes: list[Note] = field(default_factory=list)

    def count(self, kind: str, found: int = 1, converted: int | None = None) -> None:
        """*found* items of *kind* seen; *converted* of them (default: all) carried over."""
        self.found[kind] = self.found.get(kind, 0) + found
        done = found if converted is None else converted
        self.converted[kind] = self.converted.get(kind, 0) + done

    def left(self, source: Source, message: str) -> None:
        """An item or field not carried over, and why (e.g. "a Liquid tag: no MyST form")."""
        self.notes.append(Note("left", source, message))

    def demo(self, source: Source, message: str) -> None:
        """Template demo content found and left out (never published as the owner's)."""
        self.notes.append(Note("demo", source, message))

    def check(self, source: Source, message: str) -> None:
        """Carried over, but the owner should look (a guessed date, an owner spelling)."""
        self.notes.append(Note("check", source, message))

    def note(self, source: Source, message: str) -> None:
        """What was done, for the record (no action needed)."""
        self.notes.append(Note("note", source, message))


@dataclass
class Profile:
    """The owner: the home page's card (``bibfolio_profile``) and biography."""

    name: str = ""
    position: str = ""
    affiliation: str = ""
    interests: list[str] = field(default_factory=list)
    email: str = ""
    #: The photo in OLD (relative path), copied to ``docs/_static/``.
    photo: str = ""
    photo_alt: str = ""
    #: ``bibfolio_profile`` link keys (``scholar``, ``orcid``, ``github``, ``linkedin``,
    #: ``x``, ``bluesky``, ``mastodon``, ``website`` ...) → value, as GUIDE lists them.
    links: dict[str, str] = field(default_factory=dict)
    #: The biography (MyST), shown in the ``{profile}`` directive beside the card.
    bio: str = ""
    source: Source | None = None


@dataclass
class Entry:
    """A publication as BibTeX: type, key and fields (values in BibTeX's LaTeX, unbraced).

    ``raw``, when set, is the entry's text exactly as the old site had it (plus the
    converter's edits): written as it is, so macros, comments and spacing survive.
    Otherwise :mod:`.write` writes type, key and fields, escaping nothing (the values are
    LaTeX already; a converter escapes text it made with ``reading.texescape``).
    """

    key: str
    type: str = "misc"
    fields: dict[str, str] = field(default_factory=dict)
    raw: str = ""
    source: Source | None = None
    #: Old addresses of the publication's own page (academicpages' ``/publication/...``).
    addresses: list[str] = field(default_factory=list)


@dataclass
class Bibliography:
    """``refs.bib`` of the new site: text kept as it was, then the entries, in order.

    ``preamble``: ``@string``s, ``@preamble`` and comments, as the old file had them.
    """

    preamble: list[str] = field(default_factory=list)
    entries: list[Entry] = field(default_factory=list)


@dataclass
class NewsItem:
    """An item of ``news.yml``: date (``YYYY-MM-DD``, ``YYYY-MM`` or ``YYYY``), MyST text."""

    date: str
    text: str
    title: str = ""
    id: str = ""
    source: Source | None = None
    addresses: list[str] = field(default_factory=list)


@dataclass
class Talk:
    """An item of ``talks.yml`` (its fields, GUIDE "News and talks")."""

    title: str
    date: str = ""
    event: str = ""
    place: str = ""
    url: str = ""
    slides: str = ""
    video: str = ""
    poster: str = ""
    #: What the old site said about the talk (MyST).  talks.yml has no field for it: the
    #: report names it as left behind.
    text: str = ""
    id: str = ""
    source: Source | None = None
    addresses: list[str] = field(default_factory=list)


@dataclass
class Course:
    """A course taught: a section of ``teaching.md`` (title, where and when, the text)."""

    title: str
    term: str = ""
    place: str = ""
    date: str = ""
    url: str = ""
    text: str = ""
    source: Source | None = None
    addresses: list[str] = field(default_factory=list)


@dataclass
class Project:
    """A project page in ``docs/projects/<id>.md`` (front matter as GUIDE "Projects")."""

    id: str
    title: str
    summary: str = ""
    body: str = ""
    #: The image in OLD (relative path), copied to ``docs/images/projects/``.
    image: str = ""
    image_alt: str = ""
    start: str = ""
    end: str = ""
    tags: list[str] = field(default_factory=list)
    code: str = ""
    data: str = ""
    demo: str = ""
    #: .bib keys of its papers.
    publications: list[str] = field(default_factory=list)
    #: Group sites: member ids.
    members: list[str] = field(default_factory=list)
    source: Source | None = None
    addresses: list[str] = field(default_factory=list)


@dataclass
class Post:
    """An ABlog post in ``docs/posts/<slug>.md``."""

    slug: str
    title: str
    date: str
    body: str = ""
    tags: list[str] = field(default_factory=list)
    #: Set when the post is a Jupyter notebook kept as it is (``posts/<slug>.ipynb``).
    notebook: str = ""
    source: Source | None = None
    addresses: list[str] = field(default_factory=list)


@dataclass
class CvItem:
    """One item of a CV section: a degree, a position, an award ..."""

    title: str
    #: The institution, company or awarding body.
    organisation: str = ""
    place: str = ""
    #: ``YYYY``, ``YYYY-MM`` or ``YYYY-MM-DD``; ``end`` empty while it lasts, or "present".
    start: str = ""
    end: str = ""
    #: MyST: highlights, a summary.
    text: str = ""
    url: str = ""
    source: Source | None = None


#: Where a CV section goes: ``education-experience.md`` (education, experience),
#: ``honors.md``, or a page of its own named after its title (other).
CvKind = Literal["education", "experience", "honors", "other"]


@dataclass
class CvSection:
    """A section of the old CV (``_data/cv.yml``, JSON Resume, a Hugo profile ...)."""

    kind: CvKind
    title: str
    items: list[CvItem] = field(default_factory=list)
    source: Source | None = None


@dataclass
class Page:
    """A page of the old site with no place of its own (kept: ``docs/<name>.md``)."""

    name: str
    title: str
    body: str = ""
    source: Source | None = None
    addresses: list[str] = field(default_factory=list)


@dataclass
class Member:
    """A group site's member: ``docs/people/<id>.md``.

    Its front matter is as GUIDE "Lab and group sites" lists it.
    """

    id: str
    name: str
    role: str = ""
    #: What their card says instead of the role's label ("Lead Programmer").
    position: str = ""
    alumni: bool = False
    aliases: list[str] = field(default_factory=list)
    #: The photo in OLD (relative path), copied to ``docs/people/images/``.
    image: str = ""
    links: dict[str, str] = field(default_factory=dict)
    body: str = ""
    source: Source | None = None
    addresses: list[str] = field(default_factory=list)


@dataclass
class Site:
    """Everything a converter carried over from OLD, for :mod:`.write`."""

    #: The template, as the report names it ("al-folio", "academicpages", "Hugo Blox" ...).
    template: str
    title: str = ""
    profile: Profile = field(default_factory=Profile)
    #: ``bibfolio_owner``: the owner's name, then the other spellings the entries use.
    owner: list[str] = field(default_factory=list)
    bibliography: Bibliography = field(default_factory=Bibliography)
    news: list[NewsItem] = field(default_factory=list)
    talks: list[Talk] = field(default_factory=list)
    teaching: list[Course] = field(default_factory=list)
    projects: list[Project] = field(default_factory=list)
    posts: list[Post] = field(default_factory=list)
    cv: list[CvSection] = field(default_factory=list)
    pages: list[Page] = field(default_factory=list)
    #: A group site (``bibfolio new --group``): the group's name and its members.
    group: str = ""
    members: list[Member] = field(default_factory=list)
    #: Files to copy: path in NEW → path in OLD (both relative).  Publications' files
    #: (``pdf``, ``preview``) go beside ``refs.bib`` under ``papers/`` and the entries'
    #: fields name them from there.
    files: dict[str, str] = field(default_factory=dict)
    #: Old addresses that are no item's (``/publications/``, ``/cv/``) → new document
    #: name (``publications``) with an optional ``#anchor``.
    addresses: dict[str, str] = field(default_factory=dict)
    report: Report = field(default_factory=Report)


def old_address(url: str) -> str:
    """An old site's address as a path without the site's base: ``/news/a/`` → ``news/a/``.

    A ``.html`` page stays one (``/404.html`` → ``404.html``); a folder keeps its slash.
    """
    path = PurePosixPath("/" + url.split("#", 1)[0].split("?", 1)[0].strip().lstrip("/"))
    text = str(path).lstrip("/")
    if url.rstrip().endswith("/") and text:
        text += "/"
    return text
