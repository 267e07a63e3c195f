"""A Jekyll site's ``_config.yml``, the documents of a collection, and their old addresses."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import PurePosixPath
from typing import TYPE_CHECKING, Any

import yaml

from ...reading.frontmatter import load_yaml
from ..frontmatter import Document, read_document
from ..model import Source

if TYPE_CHECKING:
    from pathlib import Path

    from ..model import Report

#: Files Jekyll reads as documents (Markdown, HTML, notebooks via jekyll-jupyter-notebook).
DOCUMENTS = (".md", ".markdown", ".mkd", ".mkdn", ".html", ".htm", ".ipynb")


@dataclass
class Config:
    """``_config.yml``: its data, and the line of each field (``a.b`` for nested ones)."""

    data: dict[str, Any] = field(default_factory=dict)
    lines: dict[str, int] = field(default_factory=dict)
    #: "_config.yml" (or "_config.yaml"); "" when the site has none.
    path: str = ""

    def get(self, name: str, default: Any = None) -> Any:
        """Field *name* (dotted for nested: ``scholar.last_name``), or *default*."""
        value: Any = self.data
        for part in name.split("."):
            if not isinstance(value, dict) or part not in value:
                return default
            value = value[part]
        return default if value is None else value

    def at(self, name: str) -> Source:
        """Where field *name* is written (the file alone when unknown)."""
        return Source(self.path or "_config.yml", self.lines.get(name))


@dataclass
class Item:
    """A document of a collection (or a page): where it is and what it holds."""

    #: Relative to the site's root, POSIX (``_news/announcement_1.md``).
    path: str
    doc: Document
    collection: str = ""

    def at(self, name: str | None = None) -> Source:
        """Where field *name* is written (the front matter's start when unknown)."""
        return Source(self.path, self.doc.line(name) if name else None)

    @property
    def body_at(self) -> Source:
        """Where the body starts, for :func:`~.liquid.liquid_to_myst`."""
        return Source(self.path, self.doc.body_line)

    @property
    def stem(self) -> str:
        """The file name without its extension."""
        return PurePosixPath(self.path).stem


def read_config(root: Path, report: Report) -> Config:
    """*root*'s ``_config.yml`` (or ``.yaml``).

    Empty when the site has none or it cannot be read (the report says where).
    """
    for name in ("_config.yml", "_config.yaml"):
        path = root / name
        if not path.is_file():
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        try:
            data, node = load_yaml(text)
        except yaml.YAMLError as error:
            mark = getattr(error, "problem_mark", None)
            line = mark.line + 1 if mark is not None else None
            why = " ".join(str(error).split())
            report.left(Source(name, line), f"site settings that cannot be read: {why}")
            return Config(path=name)
        if not isinstance(data, dict):
            report.left(Source(name), "site settings that are not a mapping of fields")
            return Config(path=name)
        lines: dict[str, int] = {}
        _lines(node, "", lines)
        return Config(data, lines, name)
    return Config()


def _lines(node: Any, prefix: str, lines: dict[str, int]) -> None:
    if not isinstance(node, yaml.MappingNode):
        return
    for key, value in node.value:
        if isinstance(key.value, str):
            name = prefix + key.value
            lines[name] = key.start_mark.line + 1
            _lines(value, name + ".", lines)


def collection(
    root: Path, name: str, report: Report, *, kinds: tuple[str, ...] = DOCUMENTS
) -> list[Item]:
    """The documents of ``_<name>/`` (sub-folders too), sorted by path.

    Files Jekyll skips (``.x``, ``_x``, ``x~``) are skipped; a document with
    ``published: false`` and, for posts, ``_drafts/`` are left out with a report line
    (the old site did not show them); front matter that cannot be read is reported by
    :func:`~..frontmatter.read_document`.
    """
    items = []
    for path in _files(root / f"_{name}", kinds):
        rel = path.relative_to(root).as_posix()
        text = path.read_text(encoding="utf-8", errors="replace")
        if path.suffix == ".ipynb":
            items.append(Item(rel, Document(body=text), name))
            continue
        doc = read_document(text, Source(rel), report)
        if doc is None:
            continue
        if doc.fields.get("published") is False:
            why = "published: false: not shown on the old site; left out"
            report.left(Source(rel, doc.line("published")), why)
            continue
        items.append(Item(rel, doc, name))
    if name == "posts":
        for path in _files(root / "_drafts", kinds):
            rel = path.relative_to(root).as_posix()
            report.left(Source(rel), "a draft (_drafts/): not shown on the old site; left out")
    return items


def _files(folder: Path, kinds: tuple[str, ...]) -> list[Path]:
    if not folder.is_dir():
        return []
    found = []
    for path in folder.rglob("*"):
        parts = path.relative_to(folder).parts
        if any(part[:1] in "._#" or part.endswith("~") for part in parts):
            continue
        if path.is_file() and path.suffix.lower() in kinds:
            found.append(path)
    return sorted(found, key=lambda p: p.as_posix())


def read_document_at(root: Path, path: str, report: Report) -> Document | None:
    """The document at *path* (relative to *root*), or None when it cannot be read."""
    text = (root / path).read_text(encoding="utf-8", errors="replace")
    return read_document(text, Source(path), report)
