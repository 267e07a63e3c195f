"""News items and talks read from their YAML files, with every problem at ``file:line``.

Plain Python (no Sphinx): a list of mappings is read with PyYAML's composer, which keeps
each value's line, so a bad date or an unknown field is reported where it is written.
A problem never stops the read: the item keeps what could be read (an undated item is
shown last and left out of the feed), and only drafts are dropped on purpose.
"""

from __future__ import annotations

import calendar
import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..model.messages import N_
from ..reading.diagnostics import Diagnostic

if TYPE_CHECKING:
    from pathlib import Path

#: What each kind of file may hold; ``draft``/``private`` keep an item off the site.
NEWS_FIELDS = frozenset({"date", "text", "title", "id", "draft", "private"})
TALK_FIELDS = frozenset(
    {
        "title",
        "event",
        "place",
        "date",
        "slides",
        "video",
        "poster",
        "url",
        "id",
        "draft",
        "private",
    }
)
#: The link fields of a talk, in the order they are shown, with their labels.
TALK_LINKS = (("slides", N_("Slides")), ("video", N_("Video")), ("poster", N_("Poster")))

_DATE = re.compile(r"^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$")
_WEB = re.compile(r"^https?://[^\s]+$")
#: A file of the project: a relative path, no scheme, no ``..``, no backslash.
_LOCAL = re.compile(r"^(?![a-zA-Z][a-zA-Z0-9+.-]*:)(?!/)(?!.*(?:^|/)\.\.(?:/|$))[^\s\\]+$")
_SLUG = re.compile(r"[^a-z0-9]+")
_TRUE = frozenset({"true", "yes", "on", "1"})


@dataclass(frozen=True, slots=True)
class ItemDate:
    """A day, a month or a year, as written (``2026-03-01``, ``2026-03``, ``2026``)."""

    year: int
    month: int = 0  #: 0: the year only
    day: int = 0  #: 0: the month only

    @property
    def iso(self) -> str:
        """As written in the data: ``YYYY-MM-DD``, ``YYYY-MM`` or ``YYYY``."""
        parts = [f"{self.year:04d}"]
        if self.month:
            parts.append(f"{self.month:02d}")
        if self.day:
            parts.append(f"{self.day:02d}")
        return "-".join(parts)

    @property
    def timestamp(self) -> str:
        """RFC 3339 at midnight UTC of the first day it names (Atom's ``updated``)."""
        return f"{self.year:04d}-{self.month or 1:02d}-{self.day or 1:02d}T00:00:00Z"

    @property
    def text(self) -> str:
        """For readers: ``March 1, 2026``, ``March 2026`` or ``2026``."""
        if not self.month:
            return str(self.year)
        month = calendar.month_name[self.month]
        return f"{month} {self.day}, {self.year}" if self.day else f"{month} {self.year}"

    @property
    def sort_key(self) -> tuple[int, int, int]:
        """Oldest first when sorted; a month sorts before its days, a year before its months."""
        return (self.year, self.month, self.day)


def parse_date(text: str) -> ItemDate | None:
    """``YYYY-MM-DD``, ``YYYY-MM`` or ``YYYY`` as an :class:`ItemDate`; None if not a date."""
    found = _DATE.match(text.strip())
    if not found:
        return None
    year, month, day = (int(part) if part else 0 for part in found.groups())
    if found.group(2) and not 1 <= month <= 12:
        return None
    if found.group(3) and not 1 <= day <= calendar.monthrange(year, month)[1]:
        return None
    return ItemDate(year, month, day)


@dataclass(slots=True)
class Item:
    """One news item or talk: its fields as text, its date, where it is written."""

    kind: str  #: "news" or "talk"
    line: int
    fields: dict[str, str] = field(default_factory=dict)
    date: ItemDate | None = None
    draft: bool = False
    lines: dict[str, int] = field(default_factory=dict)  #: where each field is written
    #: Link fields naming a file of the project → its path in the built site (store.py).
    files: dict[str, str] = field(default_factory=dict)

    def get(self, name: str) -> str:
        """A field's text, or ""."""
        return self.fields.get(name, "")

    @property
    def key(self) -> str:
        """Stable within its file: the ``id`` field, else the date and the first words.

        The anchor on the page (``news-<key>``) and, with the feed's address, the Atom id;
        editing an item's first words changes it (give ``id`` to pin it).
        """
        if self.get("id"):
            return _slug(self.get("id"))
        words = self.get("title") or self.get("text")
        slug = "-".join(_slug(words).split("-")[:6])
        return "-".join(part for part in (self.date.iso if self.date else "undated", slug) if part)


def _slug(text: str) -> str:
    return _SLUG.sub("-", text.lower()).strip("-")


@dataclass(slots=True)
class ItemFile:
    """What a news or talks file holds: its items (drafts left out) and its problems."""

    path: str
    items: list[Item] = field(default_factory=list)
    problems: list[Diagnostic] = field(default_factory=list)
    drafts: int = 0

    def newest_first(self) -> list[tuple[str, Item]]:
        """(key, item): dated items newest first (ties in file order), then undated ones.

        Keys are unique: a repeated one gets ``-2``, ``-3`` ... in file order.
        """
        seen: dict[str, int] = {}
        keyed = []
        for item in self.items:
            key = item.key
            seen[key] = seen.get(key, 0) + 1
            keyed.append((f"{key}-{seen[key]}" if seen[key] > 1 else key, item))
        dated = [pair for pair in keyed if pair[1].date is not None]
        undated = [pair for pair in keyed if pair[1].date is None]
        dated.sort(key=lambda pair: pair[1].date.sort_key, reverse=True)  # type: ignore[union-attr]
        return dated + undated


def read_items(path: Path, kind: str, shown_path: str | None = None) -> ItemFile:
    """Read *path* (a YAML list of mappings) as *kind* ("news" or "talk") items.

    *shown_path* is the name problems are reported under (default: *path*).  A missing
    file is an empty :class:`ItemFile` with no problem: the caller decides whether that
    matters.
    """
    import yaml  # noqa: PLC0415 - only projects with news or talks need it

    where = shown_path or str(path)
    result = ItemFile(where)
    subtype = "news" if kind == "news" else "talks"
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return result
    except (OSError, UnicodeDecodeError) as error:
        result.problems.append(Diagnostic(where, 1, subtype, f"cannot read the file: {error}"))
        return result
    try:
        root = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        line = mark.line + 1 if mark is not None else 1
        problem = getattr(error, "problem", None) or str(error)
        result.problems.append(Diagnostic(where, line, subtype, f"not valid YAML: {problem}"))
        return result
    if root is None:
        return result  # empty, or only comments
    if not isinstance(root, yaml.SequenceNode):
        result.problems.append(
            Diagnostic(where, root.start_mark.line + 1, subtype,
                       "expected a list of items, each starting with '- '")
        )  # fmt: skip
        return result
    known = NEWS_FIELDS if kind == "news" else TALK_FIELDS
    for node in root.value:
        item = _read_item(node, kind, known, where, subtype=subtype, problems=result.problems)
        if item is None:
            continue
        if item.draft:
            result.drafts += 1
        else:
            result.items.append(item)
    return result


def _read_item(
    node: object, kind: str, known: frozenset[str], where: str, *, subtype: str,
    problems: list[Diagnostic],
) -> Item | None:  # fmt: skip
    import yaml  # noqa: PLC0415

    line = node.start_mark.line + 1  # type: ignore[attr-defined]

    def problem(at: int, message: str) -> None:
        problems.append(Diagnostic(where, at, subtype, message))

    if not isinstance(node, yaml.MappingNode):
        problem(line, f"each {kind} item must be a mapping (field: value); this one is skipped")
        return None
    item = Item(kind, line)
    for key_node, value_node in node.value:
        name = str(key_node.value).strip()
        at = key_node.start_mark.line + 1
        if name not in known:
            problem(
                at, f"unknown {kind} field {name!r} (ignored); known: {', '.join(sorted(known))}"
            )
            continue
        if not isinstance(value_node, yaml.ScalarNode):
            problem(at, f"the {kind} field {name!r} must be a single value (ignored)")
            continue
        item.fields[name] = str(value_node.value).strip()
        item.lines[name] = at
    item.draft = any(item.get(flag).lower() in _TRUE for flag in ("draft", "private"))
    if item.draft:
        return item  # never published: its other problems do not matter
    written = item.get("date")
    at = _line_of(node, "date", line)
    if not written:
        problem(at, f"{kind} item without a date: shown last, left out of the feed")
    else:
        item.date = parse_date(written)
        if item.date is None:
            problem(at, f"bad date {written!r} (expected YYYY-MM-DD, YYYY-MM or YYYY): "
                        "shown last, left out of the feed")  # fmt: skip
    if kind == "news" and not item.get("text") and not item.get("title"):
        problem(line, "news item without text or title: nothing to show")
    if kind == "talk" and not item.get("title"):
        problem(line, "talk without a title: shown with its event and date only")
    for name in ("slides", "video", "poster", "url"):
        value = item.get(name)
        if not value or _WEB.match(value) or (name != "url" and _LOCAL.match(value)):
            continue  # a file of the project is checked where the site's folders are known
        wanted = "a web address (https://...)"
        if name != "url":
            wanted += " or a file in the project (_static/...)"
        problem(_line_of(node, name, line),
                f"the talk's {name} must be {wanted}, got {value!r}: no link made")  # fmt: skip
        del item.fields[name]
    return item


def is_web_address(value: str) -> bool:
    """Whether *value* is an http(s) address (else, in a valid item, a project file)."""
    return bool(_WEB.match(value))


def _line_of(node: object, name: str, default: int) -> int:
    for key_node, _value in node.value:  # type: ignore[attr-defined]
        if str(key_node.value).strip() == name:
            return key_node.start_mark.line + 1
    return default
