"""A Hugo site's content files: page bundles, front matter, old addresses and links."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..frontmatter import read_document
from ..model import Source, old_address
from .shortcodes import Body, to_myst

if TYPE_CHECKING:
    from pathlib import Path

    from ..frontmatter import Document
    from ..model import Report

#: Image names Hugo Academic takes as a page's featured image, in its order.
_IMAGES = ("featured", "cover")
_IMAGE_TYPES = (".png", ".jpg", ".jpeg", ".webp", ".gif", ".svg")
_PLACEHOLDER_URLS = {"", "#"}


@dataclass
class Item:
    """One content file read: where it is, its section and name, its document."""

    root: Path
    path: Path
    #: The section folder (``publication``), the item's name (its folder, or the file's stem).
    section: str
    name: str
    doc: Document

    @property
    def rel(self) -> str:
        """The file relative to OLD, as the report prints it."""
        return self.path.relative_to(self.root).as_posix()

    def source(self, name: str | None = None) -> Source:
        """Where field *name* (or the file) is; TOML fields are found by their ``name =``."""
        if name and name not in self.doc.lines and self.doc.format == "toml":
            head = self.path.read_text(encoding="utf-8-sig").split("\n", self.doc.body_line)
            for number, line in enumerate(head[: self.doc.body_line], start=1):
                if re.match(rf"\s*{re.escape(name)}\s*=|\s*\[\[?{re.escape(name)}\b", line):
                    self.doc.lines[name] = number
                    break
        return Source(self.rel, self.doc.line(name) if name else 1)

    def get(self, name: str, default: Any = None) -> Any:
        """Field *name* of the front matter."""
        return self.doc.fields.get(name, default)

    def text(self, name: str) -> str:
        """Field *name* as text ("" when absent or not text)."""
        value = self.doc.fields.get(name)
        return str(value).strip() if isinstance(value, (str, int, float)) else ""

    def body(self, report: Report, cite_keys: dict[str, str] | None = None) -> str:
        """The body as MyST."""
        return to_myst(self.doc.body, Body(self.rel, self.doc.body_line, report, cite_keys or {}))

    def image(self) -> str:
        """The bundle's featured image, relative to OLD ("" when none is there)."""
        if self.path.name not in ("index.md", "_index.md"):
            return ""
        for stem in _IMAGES:
            for suffix in _IMAGE_TYPES:
                candidate = self.path.parent / f"{stem}{suffix}"
                if candidate.is_file():
                    return candidate.relative_to(self.root).as_posix()
        return ""


def read_page(root: Path, path: Path, section: str, report: Report) -> Item | None:
    """The page at *path*, or None when its front matter cannot be read (reported)."""
    rel = path.relative_to(root).as_posix()
    try:
        text = path.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as error:
        report.left(Source(rel), f"a content file that cannot be read: {error}")
        return None
    doc = read_document(text, Source(rel), report)
    if doc is None:
        return None
    name = path.parent.name if path.name in ("index.md", "_index.md") else path.stem
    return Item(root, path, section, name, doc)


def section_items(root: Path, section: Path, report: Report) -> list[Item]:
    """The items of a section folder: ``<x>/index.md`` bundles and ``<x>.md`` files."""
    pages = []
    for path in sorted(section.iterdir()) if section.is_dir() else ():
        if path.is_dir():
            index = next(
                (path / n for n in ("index.md", "_index.md") if (path / n).is_file()), None
            )
            if index is None:
                continue
            found = read_page(root, index, section.name, report)
        elif path.suffix in (".md", ".markdown") and path.stem not in ("_index", "index"):
            found = read_page(root, path, section.name, report)
        else:
            continue
        if found is not None:
            pages.append(found)
    return pages


def addresses(item: Item, permalinks: dict[str, str]) -> list[str]:
    """The page's old addresses.

    Hugo's own (its permalink pattern, ``url:``, ``slug:``), then every ``aliases:`` entry.
    """
    url = item.text("url")
    slug = item.text("slug") or item.name
    if url:
        found = [old_address(url if url.endswith((".html", "/")) else url + "/")]
    elif item.section in permalinks:
        found = [old_address(_permalink(permalinks[item.section], item, slug))]
    else:
        found = [f"{item.section}/{slug}/"]
    if url or item.section in permalinks:
        # ``relref`` links in bodies name the content path: the writer maps it too.
        found.append(f"{item.section}/{item.name}/")
    aliases = item.get("aliases") or []
    for alias in [aliases] if isinstance(aliases, str) else aliases:
        if isinstance(alias, str) and alias.strip():
            address = old_address(alias if alias.endswith((".html", "/")) else alias + "/")
            if address not in found:
                found.append(address)
    return found


def _permalink(pattern: str, item: Item, slug: str) -> str:
    date = str(item.get("date") or "")
    parts = {
        "slug": slug,
        "filename": item.name,
        "contentbasename": item.name,
        "section": item.section,
        "title": re.sub(r"[^\w-]+", "-", item.text("title").lower()).strip("-"),
        "year": date[:4],
        "month": date[5:7],
        "day": date[8:10],
    }
    text = re.sub(r":(\w+)", lambda m: parts.get(m.group(1), m.group(0)), pattern)
    return text if text.endswith((".html", "/")) else text + "/"


#: Fields that only shaped the old site's pages (publishing dates, layout, comments).
LAYOUT = {"publishDate", "lastmod", "lastMod", "draft", "weight", "math", "diagram", "share",
          "commentable", "editable", "cms_exclude", "type", "toc", "reading_time", "show_date",
          "show_breadcrumb", "header", "content_meta", "image", "cover", "headless", "view",
          "all_day", "event_all_day", "aliases", "url", "slug", "title", "linkTitle", "date",
          "featured", "authors", "subtitle"}  # fmt: skip


def report_unused(item: Item, used: set[str], report: Report, what: str) -> None:
    """One report line naming the fields of *item* that nothing carried over."""
    other = [name for name in item.doc.fields if name not in used and name not in LAYOUT]
    if other:
        report.left(
            item.source(other[0]), f"fields with no place in the {what}: {', '.join(other)}"
        )


def link(value: object) -> str:
    """A link field's value, or "" for none and for the template's placeholders."""
    text = str(value).strip() if isinstance(value, str) else ""
    return "" if text in _PLACEHOLDER_URLS else text


def names(value: object) -> list[str]:
    """A list field (tags, interests) as strings; a lone string is one item."""
    if isinstance(value, str):
        return [value.strip()] if value.strip() else []
    if isinstance(value, list):
        return [str(item).strip() for item in value if isinstance(item, (str, int, float))]
    return []


def plain(text: str) -> str:
    """Markdown emphasis and soft hyphens taken out of a short text (a venue, a title)."""
    text = text.replace("&shy;", "").replace("\u00ad", "")
    return re.sub(r"(\*{1,2}|_{1,2})(\S.*?\S|\S)\1", r"\2", text).strip()
