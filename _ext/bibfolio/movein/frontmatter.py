"""A content file's front matter (Jekyll's and Hugo's YAML ``---``, Hugo's TOML ``+++``)."""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import yaml

from ..reading.frontmatter import field_lines, load_yaml
from .model import Source

if TYPE_CHECKING:
    from pathlib import Path

    from .model import Report

_YAML = re.compile(r"\A\ufeff?---[ \t]*\r?\n(.*?)(?:\r?\n)?^---[ \t]*$\r?\n?", re.DOTALL | re.M)
_TOML = re.compile(
    r"\A\ufeff?\+\+\+[ \t]*\r?\n(.*?)(?:\r?\n)?^\+\+\+[ \t]*$\r?\n?", re.DOTALL | re.M
)


@dataclass
class Document:
    """A content file split: its fields, the line of each, and the body after them."""

    fields: dict[str, Any] = field(default_factory=dict)
    #: field name → its 1-based line in the file (``name[i]`` for list items; YAML only).
    lines: dict[str, int] = field(default_factory=dict)
    body: str = ""
    #: The file line the body starts on (1 when there is no front matter).
    body_line: int = 1
    #: "yaml", "toml" or "" (none).
    format: str = ""

    def line(self, name: str) -> int | None:
        """The line of field *name*, or of the front matter's start when unknown."""
        return self.lines.get(name, 1 if self.format else None)


def read_document(text: str, source: Source, report: Report) -> Document | None:
    """*text* split into front matter and body.

    None when the front matter cannot be read (the report says why, at its line): the
    file is then left behind, never guessed at.  YAML with tabs in its indentation, which
    Hugo's reader accepts and PyYAML does not, is read with the tabs as spaces and the
    owner told to check.
    """
    found = _TOML.match(text)
    if found:
        body_line = text.count("\n", 0, found.end()) + 1
        try:
            data = tomllib.loads(found.group(1))
        except tomllib.TOMLDecodeError as error:
            report.left(_at(source, 1), f"TOML front matter that cannot be read: {error}")
            return None
        return Document(data, {}, text[found.end() :], body_line, "toml")
    found = _YAML.match(text)
    if not found:
        return Document(body=text)
    body_line = text.count("\n", 0, found.end()) + 1
    block = found.group(1)
    try:
        data, node = load_yaml(block)
    except yaml.YAMLError as error:
        if "\t" not in block:
            report.left(_at(source, _error_line(error)), _unreadable(error))
            return None
        try:
            data, node = load_yaml(block.replace("\t", "  "))
        except yaml.YAMLError:
            report.left(_at(source, _error_line(error)), _unreadable(error))
            return None
        report.check(_at(source, 2), "front matter indented with tabs: read as spaces")
    if data is None:
        data = {}
    if not isinstance(data, dict):
        report.left(_at(source, 2), "front matter that is not a mapping of fields")
        return None
    lines = field_lines(node, 1) if isinstance(node, yaml.MappingNode) else {}
    return Document(data, lines, text[found.end() :], body_line, "yaml")


def read_file(root: Path, name: str, report: Report) -> Document | None:
    """The file *name* of OLD (*root*), read as :func:`read_document` reads its text.

    Bytes that are no UTF-8 are read as U+FFFD: the file is converted, never refused.
    """
    text = (root / name).read_text(encoding="utf-8", errors="replace")
    return read_document(text, Source(name), report)


def _at(source: Source, line: int) -> Source:
    return Source(source.path, line)


def _error_line(error: yaml.YAMLError) -> int:
    mark = getattr(error, "problem_mark", None)
    return mark.line + 2 if mark is not None else 1


def _unreadable(error: yaml.YAMLError) -> str:
    return "YAML front matter that cannot be read: " + " ".join(str(error).split())
