"""A MyST page's YAML front matter, read once with its lines (member pages, project pages)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from .diagnostics import Diagnostic

if TYPE_CHECKING:
    import yaml

#: The ``---`` block that opens a page; group 1 is its YAML (None when the block is empty).
FRONT_MATTER = re.compile(r"\A---[ \t]*\r?\n(.*?\r?\n)?---[ \t]*(\r?\n|\Z)", re.DOTALL)


def read_front_matter(
    text: str, where: str, subtype: str, missing: str
) -> tuple[dict[str, Any], yaml.MappingNode, re.Match[str]] | Diagnostic:
    """*text*'s front matter as data, as YAML nodes (for their lines) and its match.

    Or the problem, at *where* with *subtype*: no front matter (*missing* says what the
    page needs), YAML that cannot be read, or YAML that is not a mapping.
    """
    import yaml  # noqa: PLC0415 - only sites with member or project pages read them

    found = FRONT_MATTER.match(text)
    if not found:
        return Diagnostic(where, 1, subtype, missing)
    try:
        data, node = load_yaml(found.group(1) or "")
        data = data or {}
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        line = mark.line + 2 if mark is not None else 1
        return Diagnostic(where, line, subtype, f"cannot read the front matter: {error}")
    if not isinstance(data, dict) or not isinstance(node, yaml.MappingNode):
        return Diagnostic(where, 2, subtype, "the front matter is not a mapping of fields")
    return data, node, found


def load_yaml(text: str) -> tuple[Any, yaml.Node | None]:
    """*text*'s YAML parsed once: its data and the node the data was made from.

    The data is what ``yaml.safe_load`` gives (the same safe constructor, run on the
    composed node); the node holds each value's line.  Raises ``yaml.YAMLError``.
    """
    import yaml  # noqa: PLC0415

    loader = yaml.SafeLoader(text)
    try:
        node = loader.get_single_node()
        return (loader.construct_document(node) if node is not None else None), node
    finally:
        loader.dispose()


def field_lines(node: yaml.MappingNode, offset: int) -> dict[str, int]:
    """Each field of a mapping node → its line (+ *offset*); ``field[i]`` for list items."""
    lines: dict[str, int] = {}
    for key, value in node.value:
        if not isinstance(key.value, str):  # a key that is no scalar
            continue
        lines[key.value] = key.start_mark.line + 1 + offset
        if type(value).__name__ == "SequenceNode":
            for index, item in enumerate(value.value):
                lines[f"{key.value}[{index}]"] = item.start_mark.line + 1 + offset
    return lines
