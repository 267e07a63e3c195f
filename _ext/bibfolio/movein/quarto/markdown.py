"""Quarto's Pandoc Markdown → MyST.

Shortcodes, callouts and other fenced divs, attributes, code cells, citations; what has
no MyST form is left out with a report line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import PurePosixPath
from typing import TYPE_CHECKING, Any

from ..model import Source
from .cite import citations
from .dates import is_render_date

if TYPE_CHECKING:
    from pathlib import Path

    from ..model import Report

_SHORTCODE = re.compile(r"(\{)?\{\{<\s*([\w-]+)\s*(.*?)\s*>\}\}(\})?")
_FENCE = re.compile(r"^(\s*)(`{3,}|~{3,})\s*(.*)$")
_DIV_OPEN = re.compile(r"^(:{3,})\s*(\{[^}]*\}|[\w-]+)\s*:*\s*$")
_DIV_CLOSE = re.compile(r"^:{3,}\s*$")
_HEADING = re.compile(r"^(#{1,6}\s.*?)\s*\{([^}]*)\}\s*$")
_LINK_ATTRS = re.compile(r"(\]\([^)\s]*(?:\s+\"[^\"]*\")?\))\{[^}]*\}")
_SPAN = re.compile(r"(?<!!)\[([^\[\]]+)\]\{([^}]*)\}")
_CALLOUTS = ("note", "tip", "warning", "caution", "important")
#: Code cell languages Pygments knows; another engine's cell is kept as plain text.
_LEXERS = {"r": "r", "python": "python", "julia": "julia", "ojs": "javascript",
           "bash": "bash", "sql": "sql", "sh": "bash"}  # fmt: skip
_ICONS = {"fa", "bi", "ai", "iconify", "academicons"}


@dataclass
class Converter:
    """What body conversion needs: the project, the report, the keys one may cite."""

    root: Path
    report: Report
    keys: set[str] = field(default_factory=set)
    variables: dict[str, Any] = field(default_factory=dict)
    #: Files inlined by ``{{< include >}}`` (so they are not reported as unused).
    included: set[str] = field(default_factory=set)
    cited: set[str] = field(default_factory=set)

    def myst(self, body: str, path: str, first_line: int, meta: dict[str, Any]) -> str:
        """*body* of the document at *path* (its text starting at *first_line*) as MyST."""
        lines = self._expand(body, path, first_line, 0)
        lines = self._divs(lines)
        out: list[str] = []
        cells: list[str] = []
        fence = ""
        for text, where in lines:
            opened = _FENCE.match(text)
            if fence:
                if opened and opened.group(2).startswith(fence) and not opened.group(3):
                    fence = ""
                out.append(text)
                continue
            if opened:
                fence = opened.group(2)
                out.append(self._code(opened, cells))
                continue
            out.extend(self._line(text, where, meta).split("\n"))
        if cells:
            names = ", ".join(sorted(set(cells)))
            self.report.note(
                Source(path, first_line),
                f"{len(cells)} code cell(s) ({names}) kept as code blocks: not executed, "
                "their output is not carried over",
            )
        return "\n".join(out).strip("\n") + "\n" if any(t.strip() for t in out) else ""

    def _expand(self, body: str, path: str, first: int, depth: int) -> list[tuple[str, Source]]:
        # {{< include _x.qmd >}} alone on a line is the included file's text, in place.
        lines: list[tuple[str, Source]] = []
        for number, text in enumerate(body.split("\n"), start=first):
            found = re.fullmatch(r"\s*\{\{<\s*include\s+(\S+?)\s*>\}\}\s*", text)
            if not found:
                lines.append((text, Source(path, number)))
                continue
            target = found.group(1).strip("\"'")
            base = PurePosixPath(path).parent
            name = target.lstrip("/") if target.startswith("/") else str(base / target)
            name = str(PurePosixPath(*_normal(name)))
            source = self.root / name
            if depth > 4 or not source.is_file():
                self.report.left(Source(path, number), f"include of {target}: no such file")
                continue
            self.included.add(name)
            self.report.note(Source(path, number), f"{{{{< include {target} >}}}}: {name} inlined")
            included = source.read_text(encoding="utf-8")
            included = re.sub(r"\A---\s*\n.*?\n---\s*\n", "", included, flags=re.S)
            lines += self._expand(included, name, 1, depth + 1)
        return lines

    def _divs(self, lines: list[tuple[str, Source]]) -> list[tuple[str, Source]]:
        # Pandoc closes a div with any ::: line; MyST needs the outer fence longer than
        # the inner, so pair them first and give each fence 3 + the depth below it.
        pairs: dict[int, int] = {}
        stack: list[int] = []
        fence = ""
        for index, (text, _) in enumerate(lines):
            opened = _FENCE.match(text)
            if opened and (not fence or opened.group(2).startswith(fence)):
                fence = "" if fence else opened.group(2)
                continue
            if fence:
                continue
            if _DIV_OPEN.match(text):
                stack.append(index)
            elif _DIV_CLOSE.match(text) and stack:
                pairs[stack.pop()] = index
        height: dict[int, int] = {}
        for start in sorted(pairs, key=lambda s: pairs[s] - s):
            inner = [height[s] for s in height if start < s < pairs[start]]
            height[start] = 1 + max(inner, default=0)
        result = list(lines)
        for start, end in pairs.items():
            text, where = lines[start]
            opening = self._div(_DIV_OPEN.match(text), where, 2 + height[start])  # type: ignore[arg-type]
            if opening is None:
                result[start] = ("\x00", where)
                result[end] = ("\x00", lines[end][1])
                continue
            colons, title_from_heading = opening
            result[start] = (colons, where)
            result[end] = (":" * (2 + height[start]), lines[end][1])
            if title_from_heading:
                _heading_as_title(result, start, end)
        return [(text, where) for text, where in result if text != "\x00"]

    def _div(self, found: re.Match[str], where: Source, length: int) -> tuple[str, bool] | None:
        spec = found.group(2).strip("{}")
        classes = re.findall(r"(?:^|\s)\.?([\w-]+)(?=\s|$)", re.sub(r"\w+=\"[^\"]*\"", "", spec))
        kind = next((c[8:] for c in classes if c.startswith("callout-")), "")
        if kind not in _CALLOUTS:
            self.report.note(where, f"fenced div {{{spec}}}: its content kept, the div left out")
            return None
        title = re.search(r"title=\"([^\"]*)\"", spec)
        colons = ":" * length
        if title:
            return f"{colons}{{admonition}} {title.group(1)}\n:class: {kind}", False
        return f"{colons}{{{kind}}}", True

    def _code(self, opened: re.Match[str], cells: list[str]) -> str:
        indent, ticks, info = opened.groups()
        cell = re.fullmatch(r"\{([\w.=-]+)[^}]*\}", info.strip())
        if not cell:
            return opened.group()
        name = cell.group(1).lstrip(".").lower()
        if name.startswith("="):
            return f"{indent}{ticks}{{raw}} {name[1:]}"
        if info.strip().startswith("{."):  # ```{.python} is a plain block, not a cell
            return f"{indent}{ticks}{_LEXERS.get(name, name)}"
        cells.append(name)
        return f"{indent}{ticks}{_LEXERS.get(name, 'text')}"

    def _line(self, text: str, where: Source, meta: dict[str, Any]) -> str:
        heading = _HEADING.match(text)
        if heading:
            attrs = heading.group(2).split()
            label = next((a[1:] for a in attrs if a.startswith("#")), "")
            text = heading.group(1)
            if label:
                text = f"({label})=\n{text}"
        text = _SHORTCODE.sub(lambda m: self._shortcode(m, where, meta), text)
        text = _LINK_ATTRS.sub(r"\1", text)
        text = _SPAN.sub(r"\1", text)
        return citations(text, self.keys, self.cited, lambda kind, why: self._tell(where, why))

    def _tell(self, where: Source, why: str) -> None:
        self.report.left(where, why)

    def _shortcode(self, found: re.Match[str], where: Source, meta: dict[str, Any]) -> str:
        if found.group(1) and found.group(4):  # {{{< x >}}} is Quarto's escape: the text
            return found.group()[1:-1]
        name, args = found.group(2), found.group(3)
        words = [w.strip("\"'") for w in re.findall(r"\"[^\"]*\"|'[^']*'|\S+", args)]
        if name in ("meta", "var") and words:
            value = _dotted(meta if name == "meta" else self.variables, words[0])
            if isinstance(value, (str, int, float)) and not is_render_date(value):
                return str(value)
            why = "the render's date" if is_render_date(value) else "no such value"
            self.report.left(where, f"{{{{< {name} {words[0]} >}}}}: {why}, left out")
            return ""
        if name == "video" and words:
            self.report.check(where, f"video shortcode: a link to {words[0]} in its place")
            return f"[Video]({words[0]})"
        if name == "kbd" and words:
            return "{kbd}`" + " ".join(words) + "`"
        if name == "pagebreak":
            self.report.note(where, "{{< pagebreak >}}: no page breaks in a web page, left out")
            return ""
        why = "an icon shortcode" if name in _ICONS else "a Quarto shortcode with no MyST form"
        self.report.left(where, f"{{{{< {name} {args} >}}}}: {why}, left out")
        return ""


def _heading_as_title(lines: list[tuple[str, Source]], start: int, end: int) -> None:
    # Quarto takes a callout's first heading as its title: MyST's admonition has one.
    for index in range(start + 1, end):
        text, where = lines[index]
        if not text.strip():
            continue
        heading = re.match(r"^#{1,6}\s+(.*)$", text)
        if heading:
            kind = lines[start][0].split("{", 1)[1].rstrip("}")
            colons = lines[start][0].split("{", 1)[0]
            lines[start] = (f"{colons}{{admonition}} {heading.group(1)}\n:class: {kind}", where)
            lines[index] = ("\x00", where)
        return


def _dotted(data: dict[str, Any], name: str) -> Any:
    value: Any = data
    for part in name.split("."):
        value = value.get(part) if isinstance(value, dict) else None
    return value


def _normal(path: str) -> list[str]:
    parts: list[str] = []
    for part in path.split("/"):
        if part == "..":
            if parts:
                parts.pop()
        elif part not in ("", "."):
            parts.append(part)
    return parts
