"""Listing pages (``listing: contents: ...``) and the YAML lists they read: talks and teaching."""

from __future__ import annotations

from pathlib import PurePosixPath
from typing import TYPE_CHECKING, Any

import yaml

from ...reading.frontmatter import load_yaml
from ..model import Course, Source, Talk
from .dates import is_render_date, quarto_date

if TYPE_CHECKING:
    from pathlib import Path

    from ..model import Report, Site
    from .project import QDoc

_TALK_WORDS = ("talk", "presentation", "speaking", "seminar", "lecture")
_TEACHING_WORDS = ("teach", "course", "class")


def listing_contents(doc: QDoc) -> list[str]:
    """What *doc*'s listings read: folders and files, relative to OLD (globs as written)."""
    listing = doc.own.get("listing")
    listings = listing if isinstance(listing, list) else [listing]
    found: list[str] = []
    for item in listings:
        if isinstance(item, dict):
            contents = item.get("contents", doc.folder or ".")
        elif item is True or isinstance(item, str):
            contents = item if isinstance(item, str) else doc.folder or "."
        else:
            continue
        for value in contents if isinstance(contents, list) else [contents]:
            if isinstance(value, str):
                target = PurePosixPath(doc.folder or ".", value.lstrip("/"))
                found.append(str(target).strip("/") or ".")
    return found


def kind_of(name: str) -> str:
    """The kind ("talks", "teaching" or "") a file or page name says (``talks.yml``)."""
    lowered = name.lower()
    if any(word in lowered for word in _TALK_WORDS):
        return "talks"
    if any(word in lowered for word in _TEACHING_WORDS):
        return "teaching"
    return ""


def read_items(root: Path, path: str, report: Report) -> list[tuple[dict[str, Any], Source]]:
    """The items of a listing's YAML file, each with its line."""
    try:
        data, node = load_yaml((root / path).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, yaml.YAMLError) as error:
        report.left(Source(path), f"cannot be read: {' '.join(str(error).split())}")
        return []
    if not isinstance(data, list) or node is None:
        report.left(Source(path), "a listing file that is not a list of items")
        return []
    items: list[tuple[dict[str, Any], Source]] = []
    for item, item_node in zip(data, node.value, strict=False):
        where = Source(path, item_node.start_mark.line + 1)
        if isinstance(item, dict):
            items.append((item, where))
        else:
            report.left(where, "a listing item that is not a mapping of fields")
    return items


def _text(item: dict[str, Any], *names: str) -> str:
    for name in names:
        value = item.get(name)
        if isinstance(value, (str, int, float)) and str(value).strip():
            return str(value).strip()
    return ""


def _date(item: dict[str, Any], where: Source, what: str, report: Report) -> str:
    value = item.get("date")
    date = quarto_date(value)
    if value is None:
        report.check(where, f"{what} has no date: kept without one")
    elif not date:
        why = "the render's date" if is_render_date(value) else "no date Quarto's reader takes"
        report.check(where, f"{what}'s date {value!r} is {why}: kept without a date")
    return date


_TALK_FIELDS = {"title", "date", "event", "venue", "conference", "location", "place", "city",
                "slides", "video", "poster", "path", "href", "url", "link", "description",
                "abstract", "text", "author", "categories", "image", "type"}  # fmt: skip


def talk(item: dict[str, Any], where: Source, report: Report) -> Talk | None:
    """A talk from a listing item: title, date, event/venue, location, slides, video, link."""
    title = _text(item, "title")
    if not title:
        report.left(where, "a talk without a title: left out")
        return None
    for name in sorted(set(item) - _TALK_FIELDS):
        report.left(where, f"talk field '{name}': no place in talks.yml")
    return Talk(
        title=title,
        date=_date(item, where, f"talk {title!r}", report),
        event=_text(item, "event", "venue", "conference"),
        place=_text(item, "location", "place", "city"),
        url=_text(item, "path", "href", "url", "link"),
        slides=_text(item, "slides"),
        video=_text(item, "video"),
        poster=_text(item, "poster"),
        text=_text(item, "description", "abstract", "text"),
        source=where,
    )


_COURSE_FIELDS = {"title", "term", "semester", "date", "institution", "university",
                  "location", "place", "path", "href", "url", "description", "text",
                  "role", "categories", "image", "code"}  # fmt: skip


def course(item: dict[str, Any], where: Source, report: Report) -> Course | None:
    """A course from a listing item: title, term, institution or place, link, description."""
    title = _text(item, "title")
    if not title:
        report.left(where, "a course without a title: left out")
        return None
    for name in sorted(set(item) - _COURSE_FIELDS):
        report.left(where, f"course field '{name}': no place in teaching")
    text = _text(item, "description", "text")
    role = _text(item, "role")
    if role:
        text = f"{role}. {text}".strip()
    code = _text(item, "code")
    return Course(
        title=f"{code}: {title}" if code and code not in title else title,
        term=_text(item, "term", "semester"),
        place=_text(item, "institution", "university", "location", "place"),
        date=quarto_date(item.get("date")),
        url=_text(item, "path", "href", "url"),
        text=text,
        source=where,
    )


def read_list(root: Path, path: str, kind: str, site: Site) -> None:
    """The talks or teaching of a listing's YAML file *path* into *site*."""
    items = read_items(root, path, site.report)
    if kind not in ("talks", "teaching"):
        site.report.left(Source(path), f"a listing's YAML of {len(items)} items: no place")
        return
    made = [
        (talk if kind == "talks" else course)(item, where, site.report) for item, where in items
    ]
    kept = [item for item in made if item is not None]
    if kind == "talks":
        site.talks += kept  # type: ignore[arg-type]
    else:
        site.teaching += kept  # type: ignore[arg-type]
    site.report.count(kind, len(items), len(kept))
