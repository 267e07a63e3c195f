"""Group members as data: MyST pages with front matter, or one YAML/CSV table.

Plain Python (no Sphinx imports).  Each member page is ``<folder>/<id>.md`` whose front
matter holds the fields below; its body is the biography.  A table holds one member per
row (YAML: a list of mappings; CSV: a header row), with an ``id`` column and, as
the biography, a ``bio`` (plain text; paragraphs apart by a blank line)::

    ---
    name: Ada Quillfeather
    aliases: [A. Quillfeather, Ada Quill]   # other spellings in the .bib (renames too)
    role: phd                              # an id of bibfolio_group_roles
    position: PhD student, 3rd year         # what the card says (default: the role)
    photo: _static/people/ada.jpg
    photo_alt: Ada at the whiteboard
    start: 2021
    end: 2025                               # set for alumni
    went_to: Postdoc at Example University  # alumni: where they went
    email: ada@lab.example.org
    orcid: 0000-0002-1825-0097
    scholar: AbCdEfGhIjK
    github: adaq
    homepage: https://ada.example.org
    interests: Graph learning
    exclude: [quill2019other]               # entries by a namesake, not by this member
    ---

Every problem is a :class:`~bibfolio.model.diagnostics.Diagnostic` at ``file:line``; a
member with a problem is still kept (nothing is lost).
"""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..model.messages import N_
from ..model.profile import LINK_KINDS
from ..reading.diagnostics import Diagnostic
from ..reading.frontmatter import field_lines, load_yaml, read_front_matter

if TYPE_CHECKING:
    from collections.abc import Callable
    from pathlib import Path


#: Text fields of a member, besides the link kinds of the owner's profile card.
TEXT_FIELDS = ("name", "role", "position", "photo", "photo_alt", "went_to", "interests", "bio")
LIST_FIELDS = ("aliases", "exclude")
YEAR_FIELDS = ("start", "end")
#: Every field a member may have (``id`` only in tables: a page's id is its file name).
FIELDS = frozenset(TEXT_FIELDS + LIST_FIELDS + YEAR_FIELDS + ("homepage", "alumni")) | frozenset(
    LINK_KINDS
)
#: Front matter keys MyST itself reads; allowed on member pages, not member data.
MYST_KEYS = frozenset({"myst", "html_meta", "orphan", "nocomments", "tocdepth", "title"})
_ID = re.compile(r"[^a-z0-9_-]+")
#: ``alumni`` in a table's cell.
_FLAGS = {"true": True, "yes": True, "1": True, "false": False, "no": False, "0": False, "": False}


@dataclass
class Member:
    """One member of the group; ``lines`` maps each field to its line in ``path``."""

    id: str
    name: str
    path: str
    line: int  #: Where the member starts (a page's line 1, a table's row).
    docname: str = ""  #: The member's page ("" for a table row: no page).
    role: str = ""
    position: str = ""
    photo: str = ""
    photo_alt: str = ""
    start: int | None = None
    end: int | None = None
    #: ``alumni: true``: they have left, in a year not given (``end`` says which).
    former: bool = False
    went_to: str = ""
    interests: str = ""
    bio: str = ""  #: A table member's biography (a page's is its text).
    homepage: str = ""
    aliases: tuple[str, ...] = ()
    exclude: frozenset[str] = frozenset()
    links: dict[str, str] = field(default_factory=dict)  #: LINK_KINDS key → value.
    lines: dict[str, int] = field(default_factory=dict)

    @property
    def alumni(self) -> bool:
        """Whether the member has left the group (an ``end`` year, or ``alumni: true``)."""
        return self.end is not None or self.former

    @property
    def names(self) -> tuple[str, ...]:
        """The name and its aliases, as matched against the .bib's authors."""
        return (self.name, *self.aliases)

    @property
    def years(self) -> str:
        """The years in the group: "2019–2024", "since 2021", or "" (none given)."""
        return self.years_text()

    def years_text(self, translate: Callable[[str], str] = str) -> str:
        """:attr:`years` with its words passed through *translate* (a catalog lookup)."""
        if self.start and self.end:
            return f"{self.start}–{self.end}"
        if self.end:
            return translate(N_("until %(year)s")) % {"year": self.end}
        if self.former:
            return f"{self.start}–" if self.start else ""
        return translate(N_("since %(year)s")) % {"year": self.start} if self.start else ""

    def in_group(self, year: int | None) -> bool:
        """Whether a paper of *year* is from the member's time in the group.

        Current members count for every paper; alumni for papers from their start year
        (or any year before, without one) to their end year.  A paper without a year
        counts for nobody's time.
        """
        if not self.alumni:
            return True
        if year is None:
            return False
        return (self.start is None or year >= self.start) and year <= (self.end or year)

    def location(self, key: str = "") -> str:
        """``path:line`` of field *key* (of the member itself for "")."""
        return f"{self.path}:{self.lines.get(key, self.line)}"

    def profile_fields(self, role_label: str) -> dict[str, Any]:
        """The member as a ``bibfolio_profile`` dict (card and schema.org Person)."""
        raw: dict[str, Any] = {"name": self.name, **self.links}
        if self.position or role_label:
            raw["position"] = self.position or role_label
        for key in ("photo", "photo_alt", "interests"):
            if getattr(self, key):
                raw[key] = getattr(self, key)
        if self.homepage:
            raw["links"] = [{"label": N_("Homepage"), "url": self.homepage}]
        return raw


def page_id(path: Path) -> str:
    """A member's id: the page's file name, lower-cased and URL-safe."""
    return _ID.sub("-", path.stem.lower()).strip("-") or "member"


def read_page(path: Path, text: str, docname: str) -> tuple[Member | None, list[Diagnostic]]:
    """The member a page's front matter describes; None (and why) when it has none."""
    where = str(path)
    read = read_front_matter(
        text, where, "group_member", "a member page needs front matter with a name"
    )
    if isinstance(read, Diagnostic):
        return None, [read]
    data, node, _ = read
    lines = field_lines(node, 1)
    data = {key: value for key, value in data.items() if key not in MYST_KEYS}
    return _member(page_id(path), data, where, 1, lines=lines, docname=docname)


def read_table(path: Path, text: str) -> tuple[list[Member], list[Diagnostic]]:
    """The members of a YAML (a list of mappings) or CSV (a header row) table."""
    import yaml  # noqa: PLC0415 - only group sites read member data

    where = str(path)
    rows: list[tuple[dict[str, Any], int, dict[str, int]]] = []
    problems_first: list[Diagnostic] = []
    if path.suffix.lower() == ".csv":
        reader = csv.DictReader(io.StringIO(text))
        header = [str(name).strip() for name in reader.fieldnames or ()]
        unknown = [name for name in header if name not in FIELDS and name != "id"]
        if unknown:  # once, at the header, not on every row
            known = ", ".join(sorted(FIELDS))
            message = f"unknown member column {', '.join(map(repr, unknown))} (known: {known})"
            problems_first = [_problem(where, 1, message)]
        else:
            problems_first = []
        for row in reader:
            line = reader.line_num
            values = {
                key.strip(): (value.split(";") if key.strip() in LIST_FIELDS else value)
                for key, value in row.items()
                if key is not None and key.strip() not in unknown and value not in (None, "")
            }
            rows.append((values, line, dict.fromkeys(values, line)))
    else:
        try:
            data, node = load_yaml(text)
            data = data or []
        except yaml.YAMLError as error:
            mark = getattr(error, "problem_mark", None)
            line = mark.line + 1 if mark is not None else 1
            return [], [_problem(where, line, f"cannot read the members table: {error}")]
        if not isinstance(data, list) or not isinstance(node, yaml.SequenceNode):
            return [], [_problem(where, 1, "the members table is a list of members")]
        for item, item_node in zip(data, node.value, strict=True):
            line = item_node.start_mark.line + 1
            if not isinstance(item, dict) or not isinstance(item_node, yaml.MappingNode):
                rows.append(({}, line, {}))
            else:
                rows.append((item, line, field_lines(item_node, 0)))
    members: list[Member] = []
    problems = problems_first
    for values, line, lines in rows:
        raw_id = str(values.pop("id", "") or "").strip()
        if not raw_id:
            problems.append(_problem(where, line, "a member row without an 'id'; left out"))
            continue
        member, found = _member(
            _ID.sub("-", raw_id.lower()), values, where, line, lines=lines, docname=""
        )
        problems.extend(found)
        if member is not None:
            members.append(member)
    return members, problems


def _member(
    ident: str,
    data: dict[str, Any],
    where: str,
    line: int,
    *,
    lines: dict[str, int],
    docname: str,
) -> tuple[Member | None, list[Diagnostic]]:
    problems: list[Diagnostic] = []

    def at(key: str) -> int:
        return lines.get(key, line)

    name = data.get("name")
    if not isinstance(name, str) or not name.strip():
        return None, [_problem(where, at("name"), f"member {ident!r} has no name; left out")]
    member = Member(ident, " ".join(name.split()), where, line, docname, lines=lines)
    for key, value in data.items():
        if key == "name":
            continue
        if key not in FIELDS:
            known = ", ".join(sorted(FIELDS))
            problems.append(
                _problem(where, at(key), f"unknown member field {key!r} (known: {known})")
            )
        elif key == "alumni":
            # YAML gives a bool; a CSV table's cell is text.
            flag = value if isinstance(value, bool) else _FLAGS.get(str(value).strip().lower())
            if flag is None:
                problems.append(
                    _problem(where, at(key), f"alumni: expected true or false, got {value!r}")
                )
            member.former = flag is True
        elif key in YEAR_FIELDS:
            year = _year(value)
            if year is None:
                problems.append(_problem(where, at(key), f"{key}: expected a year, got {value!r}"))
            setattr(member, key, year)
        elif key in LIST_FIELDS:
            items = [value] if isinstance(value, str) else value
            if not isinstance(items, list) or not all(isinstance(i, str) for i in items):
                problems.append(_problem(where, at(key), f"{key}: expected a list of strings"))
                continue
            cleaned = tuple(" ".join(i.split()) for i in items if i.strip())
            if key == "aliases":
                member.aliases = cleaned
            else:
                member.exclude = frozenset(cleaned)
        elif not isinstance(value, (str, int)) or isinstance(value, bool):
            problems.append(_problem(where, at(key), f"{key}: expected text, got {value!r}"))
        elif key in LINK_KINDS:
            member.links[key] = str(value).strip()
        else:
            setattr(member, key, str(value).strip())
    if member.bio and docname:
        problems.append(
            _problem(where, at("bio"), "bio: a member page's text is the biography; left out")
        )
        member.bio = ""
    if member.start and member.end and member.end < member.start:
        problems.append(_problem(where, at("end"), f"end {member.end} is before start"))
    return member, problems


def _year(value: Any) -> int | None:
    text = str(value).strip()
    return int(text) if re.fullmatch(r"\d{4}", text) else None


def _problem(path: str, line: int, message: str) -> Diagnostic:
    return Diagnostic(path, line, "group_member", message)
