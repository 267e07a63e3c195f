"""Projects as data: one MyST page per project, its front matter the card.

Plain Python (no Sphinx imports).  ``projects/<id>.md``::

    ---
    summary: Occupancy models for eDNA surveys, in one line.
    image: images/ednaocc.png          # relative to the source folder
    image_alt: Water samples in a rack beside a river
    start: 2021
    end: 2024                          # omit while the project runs
    tags: [eDNA, occupancy]
    code: https://example.org/lab/ednaocc
    data: https://example.org/data/ednaocc
    demo: https://example.org/ednaocc/demo
    publications: [tillinghast2025bench, fernhollow2023edna]   # .bib keys
    members: [odile-fernhollow, saoirse-tillinghast-vey]       # on group sites
    ---

    # eDNA occupancy

    The page's text is the project's description.

Entries of the ``.bib`` may also name their project: ``project = {ednaocc}``.  Every
problem is a :class:`~bibfolio.reading.diagnostics.Diagnostic` at ``file:line``; a
project with a problem is kept, without what is wrong.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..model.messages import N_
from ..reading.diagnostics import Diagnostic
from ..reading.frontmatter import field_lines, read_front_matter

if TYPE_CHECKING:
    from collections.abc import Callable
    from pathlib import Path


TEXT_FIELDS = ("summary", "image", "image_alt")
LINK_FIELDS = ("code", "data", "demo")
LIST_FIELDS = ("tags", "publications", "members")
YEAR_FIELDS = ("start", "end")
FIELDS = frozenset(TEXT_FIELDS + LINK_FIELDS + LIST_FIELDS + YEAR_FIELDS)
#: Front matter keys MyST itself reads: allowed, not project data.
MYST_KEYS = frozenset({"myst", "html_meta", "orphan", "nocomments", "tocdepth", "title"})
#: Each link's label, in this order on a card.
LINK_LABELS = (("code", N_("Code")), ("data", N_("Data")), ("demo", N_("Demo")))
SUBTYPE = "project"
_ID = re.compile(r"[^a-z0-9_-]+")
_TITLE = re.compile(r"^#[ \t]+(.+?)[ \t#]*$", re.MULTILINE)
_WEB = re.compile(r"^https?://\S+$")


@dataclass
class Project:
    """One project; ``lines`` maps each field (and each list item) to its line."""

    id: str
    title: str
    path: str
    docname: str
    summary: str = ""
    image: str = ""
    image_alt: str = ""
    start: int | None = None
    end: int | None = None
    tags: tuple[str, ...] = ()
    links: dict[str, str] = field(default_factory=dict)  #: code/data/demo → URL.
    publications: tuple[str, ...] = ()  #: ``.bib`` keys the project lists.
    members: tuple[str, ...] = ()  #: Group member ids.
    lines: dict[str, int] = field(default_factory=dict)

    def location(self, key: str = "") -> str:
        """``path:line`` of field *key* (or list item ``key[N]``; the page's line 1 for "")."""
        line = self.lines.get(key) or self.lines.get(key.split("[", maxsplit=1)[0], 1)
        return f"{self.path}:{line}"

    def years_text(self, translate: Callable[[str], str] = str) -> str:
        """The years: 2021–2024, since 2021, until 2024, or "" (none given)."""
        if self.start and self.end:
            return f"{self.start}–{self.end}" if self.end != self.start else str(self.start)
        if self.end:
            return translate(N_("until %(year)s")) % {"year": self.end}
        return translate(N_("since %(year)s")) % {"year": self.start} if self.start else ""

    def keys_from(self, entry_projects: dict[str, tuple[str, ...]]) -> list[str]:
        """The project's keys: those it lists, then entries whose ``project`` names it."""
        keys = list(self.publications)
        keys += [k for k, ids in entry_projects.items() if self.id in ids and k not in keys]
        return keys


def project_id(path: Path) -> str:
    """A project's id: its page's file name, lower-cased and URL-safe."""
    return _ID.sub("-", path.stem.lower()).strip("-") or "project"


def entry_projects(value: str) -> tuple[str, ...]:
    """The ids a ``project`` field names (``{a, b}``: comma- or semicolon-separated)."""
    return tuple(p for p in (part.strip().lower() for part in re.split(r"[,;]", value)) if p)


def read_page(path: Path, text: str, docname: str) -> tuple[Project | None, list[Diagnostic]]:
    """The project a page describes; None (and why) when it has no front matter."""
    where = str(path)
    read = read_front_matter(
        text, where, SUBTYPE, "a project page needs front matter (a summary, say)"
    )
    if isinstance(read, Diagnostic):
        return None, [read]
    data, node, found = read
    title = _TITLE.search(text, found.end())
    project = Project(
        project_id(path),
        title.group(1).strip() if title else path.stem,
        where,
        docname,
        lines=field_lines(node, 1),
    )
    problems = [_field(project, key, value) for key, value in data.items() if key not in MYST_KEYS]
    return project, [p for p in problems if p is not None]


def _field(project: Project, key: str, value: Any) -> Diagnostic | None:
    line = project.lines.get(key, 1)
    if key not in FIELDS:
        known = ", ".join(sorted(FIELDS))
        return _problem(project.path, line, f"unknown project field {key!r} (known: {known})")
    if key in YEAR_FIELDS:
        text = str(value).strip()
        if not re.fullmatch(r"\d{4}", text):
            return _problem(project.path, line, f"{key}: expected a year, got {value!r}")
        setattr(project, key, int(text))
        return None
    if key in LIST_FIELDS:
        items = [value] if isinstance(value, str) else value
        if not isinstance(items, list) or not all(isinstance(i, (str, int)) for i in items):
            return _problem(project.path, line, f"{key}: expected a list of names")
        cleaned = tuple(" ".join(str(i).split()) for i in items if str(i).strip())
        setattr(project, key, cleaned)
        return None
    if not isinstance(value, (str, int)) or isinstance(value, bool):
        return _problem(project.path, line, f"{key}: expected text, got {value!r}")
    text = " ".join(str(value).split())
    if key in LINK_FIELDS:
        if not _WEB.match(text):
            return _problem(
                project.path, line, f"{key}: {text!r} is not a web address (http/https); no link"
            )
        project.links[key] = text
    else:
        setattr(project, key, text)
    return None


def renumber_duplicates(projects: list[Project]) -> list[Diagnostic]:
    """Give a second project of the same id ``<id>-2`` (two folders, one file name)."""
    problems: list[Diagnostic] = []
    seen: dict[str, Project] = {}
    for project in projects:
        if project.id in seen:
            new_id, number = project.id, 2
            while new_id in seen:
                new_id, number = f"{project.id}-{number}", number + 1
            first = seen[project.id].location()
            problems.append(
                _problem(
                    project.path, 1, f"duplicate project id {project.id!r} (also {first}); "
                    f"this one is {new_id!r}"
                )
            )  # fmt: skip
            project.id = new_id
        seen[project.id] = project
    return problems


def _problem(path: str, line: int, message: str) -> Diagnostic:
    return Diagnostic(path, line, SUBTYPE, message)
