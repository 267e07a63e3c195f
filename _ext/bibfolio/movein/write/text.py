"""What every page writer needs: front matter, slugs, headings, the toctree."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import yaml

from ...model.folding import fold_letters

if TYPE_CHECKING:
    from pathlib import Path

_SLUG = re.compile(r"[^a-z0-9]+")
_TOCTREE = re.compile(r"(```\{toctree\}\n(?::[^\n]*\n)*\n)((?:[^`\n][^\n]*\n)*)(```)")


def slug(text: str, fallback: str = "page") -> str:
    """A file name of *text*: ASCII letters, digits and hyphens (``Über uns`` → ``uber-uns``)."""
    return _SLUG.sub("-", fold_letters(text)).strip("-")[:80] or fallback


class _Dumper(yaml.SafeDumper):
    """PyYAML's safe dumper, writing text of several lines as a ``|`` block."""


def _text(dumper: yaml.SafeDumper, value: str) -> yaml.ScalarNode:
    # A block keeps the Markdown as the owner will edit it; trailing spaces force quotes.
    block = "\n" in value and not any(line != line.rstrip() for line in value.splitlines())
    return dumper.represent_scalar("tag:yaml.org,2002:str", value, style="|" if block else None)


_Dumper.add_representer(str, _text)


def dump_yaml(data: Any) -> str:
    """*data* as block YAML, Unicode kept, keys in the order given (safe: plain data only)."""
    return yaml.dump(data, Dumper=_Dumper, allow_unicode=True, sort_keys=False, width=88)


def front_matter(fields: dict[str, Any]) -> str:
    """A page's ``---`` front matter of the fields that have a value."""
    kept = {name: value for name, value in fields.items() if value not in ("", None, [], {})}
    return f"---\n{dump_yaml(kept)}---\n\n" if kept else ""


def heading(title: str) -> str:
    """A page's title line: one line, never empty."""
    return "# " + (" ".join(title.split()) or "Untitled")


def page(title: str, body: str, fields: dict[str, Any] | None = None) -> str:
    """A whole MyST page: front matter, its title, then *body*."""
    text = front_matter(fields or {}) + heading(title) + "\n"
    body = body.strip("\n")
    return text + ("\n" + body + "\n" if body else "")


def add_to_toctree(index: Path, names: list[str]) -> None:
    """Add *names* to the last toctree of *index* (the header's), each once."""
    text = index.read_text(encoding="utf-8")
    found = list(_TOCTREE.finditer(text))
    if not found or not names:
        return
    last = found[-1]
    listed = last.group(2).split()
    extra = "".join(f"{name}\n" for name in names if name not in listed)
    end = last.end(2)
    index.write_text(text[:end] + extra + text[end:], encoding="utf-8")


def write(path: Path, text: str, written: list[Path]) -> None:
    """Write *text* to *path* (folders made), and note it."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    written.append(path)
