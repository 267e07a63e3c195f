"""Hugo shortcodes in a page's body (``{{< figure >}}``, ``{{% callout %}}`` ...) as MyST.

Shortcodes with a MyST form become it (figures, admonitions, dropdowns, math, links);
the rest are taken out, their inner text kept, and named in the report at file:line.
Code blocks are left alone, except that Hugo's escaped form ``{{</* x */>}}`` is shown
as ``{{< x >}}`` there too, as Hugo shows it.
"""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..model import Source

if TYPE_CHECKING:
    from ..model import Report

_ESCAPED = re.compile(r"\{\{([<%])\s*/\*\s*(.*?)\s*\*/\s*([>%])\}\}", re.DOTALL)
_TAG = re.compile(r"\{\{([<%])\s*(/?)\s*([\w][\w./-]*)(.*?)\s*[>%]\}\}", re.DOTALL)
_FENCE = re.compile(r"^[ \t]*(`{3,}|~{3,})[ \t]*\{?([\w+-]*)")
#: Fenced diagrams Hugo Blox draws and Sphinx cannot: kept as their source text.
_DIAGRAMS = {"mermaid": "a Mermaid diagram", "markmap": "a mind map (markmap)"}
#: Hugo's (Chroma's) names of code languages Pygments does not know.
_LEXERS = ("go-html-template", "go-text-template", "gotmpl")
_MORE = re.compile(r"^[ \t]*<!--\s*more\s*-->[ \t]*\n?", re.M)
_DISPLAY_MATH = re.compile(r"^\s*\$\$(.*?)\$\$\s*$", re.DOTALL)
_INLINE_MATH = re.compile(r"^\s*\\?\$(.*?)\\?\$\s*$", re.DOTALL)
#: GitHub's alerts (``> [!NOTE] ...``), which Hugo Blox 2026 renders as callouts.
_ALERT = re.compile(r"^> ?\[!(\w+)\][ \t]*(.*)\n((?:>.*\n?)*)", re.M)
_ADMONITIONS = {"note", "warning", "tip", "important", "caution", "danger", "attention"}
#: Shortcodes whose text is kept without them: they only lay it out.
_WRAPPERS = {"steps", "cards", "toggle", "columns", "fragment", "hl", "mark"}
#: Shortcodes with no MyST form, named in the report.
_NO_FORM = {
    "toc": "a table of contents (the theme shows its own)",
    "list_children": "a list of the section's pages (the new site's toctree lists them)",
    "icon": "an icon",
    "gallery": "a gallery of an album",
    "chart": "a Plotly chart",
    "table": "a table read from a CSV file",
    "audio": "an audio player",
    "video": "a video player",
    "embed": "an embedded preview",
    "notebook": "an embedded Jupyter notebook",
    "mermaid": "a Mermaid diagram",
    "diagram": "a diagram",
    "speaker_note": "a slides speaker note",
    "slide": "a slides setting",
    "bilibili": "a Bilibili video",
    "tweet": "an embedded post",
    "gist": "an embedded gist",
}


@dataclass
class Body:
    """A body being converted: where it is, and what is known of the old site."""

    path: str
    first_line: int
    report: Report
    #: Old addresses of publications (``publication/x/``) → their .bib keys, for ``cite``.
    cite_keys: dict[str, str] = field(default_factory=dict)


def to_myst(text: str, body: Body) -> str:
    """*text* (a Hugo page's Markdown) as MyST; see the module's docstring."""
    text = _ALERT.sub(_alert, _MORE.sub("", text))
    parts: list[str] = []
    fence = ""
    chunk: list[str] = []
    chunk_start = 0
    offset = 0
    for line in text.splitlines(keepends=True):
        found = _FENCE.match(line)
        if fence:
            parts.append(_ESCAPED.sub(r"{{\1 \2 \3}}", line))
            if found and found.group(1)[0] == fence[0] and len(found.group(1)) >= len(fence):
                fence = ""
        elif found:
            parts.append(_convert("".join(chunk), chunk_start, body))
            chunk, fence = [], found.group(1)
            if found.group(2) in _DIAGRAMS:
                why = f"{_DIAGRAMS[found.group(2)]}: kept as its source text"
                _left(body, offset, why)
                parts.append(line[: found.end(1)] + "text\n")
            elif found.group(2) in _LEXERS:
                parts.append(_ESCAPED.sub(r"{{\1 \2 \3}}", line.replace(found.group(2), "text", 1)))
            else:
                parts.append(_ESCAPED.sub(r"{{\1 \2 \3}}", line))
        else:
            if not chunk:
                chunk_start = offset
            chunk.append(line)
        offset += line.count("\n")
    parts.append(_convert("".join(chunk), chunk_start, body))
    return "".join(parts).strip("\n") + ("\n" if text.strip() else "")


def _alert(found: re.Match[str]) -> str:
    kind, title = found.group(1).lower(), found.group(2).strip()
    lines = [re.sub(r"^> ?", "", line) for line in found.group(3).splitlines()]
    inner = "\n".join(([f"**{title}**", ""] if title else []) + lines).strip()
    if kind in _ADMONITIONS:
        return f":::{{{kind}}}\n{inner}\n:::\n"
    return f":::{{admonition}} {kind.title()}\n{inner}\n:::\n"


def _convert(text: str, line: int, body: Body) -> str:
    """Shortcodes in *text* (no code fences), which starts at body line *line* (0-based)."""
    out: list[str] = []
    pos = 0
    while True:
        escaped = _ESCAPED.search(text, pos)
        tag = _TAG.search(text, pos)
        if escaped and (not tag or escaped.start() <= tag.start()):
            out.append(text[pos : escaped.start()])
            out.append("{{" + f"{escaped.group(1)} {escaped.group(2)} {escaped.group(3)}" + "}}")
            pos = escaped.end()
            continue
        if not tag:
            out.append(text[pos:])
            return "".join(out)
        out.append(text[pos : tag.start()])
        where = line + text.count("\n", 0, tag.start())
        name, raw = tag.group(3), tag.group(4).strip()
        closed = raw.endswith("/")  # {{< x />}}: self-closing, no inner text
        args = _arguments(raw.removesuffix("/"))
        if tag.group(2):  # a closing tag with no opening one
            _left(body, where, f"a closing shortcode {{{{< /{name} >}}}} with no opening one")
            pos = tag.end()
            continue
        close = None if closed else _closing(text, name, tag.end())
        if close:
            inner = _convert(text[tag.end() : close.start()], where, body)
            pos = close.end()
        else:
            inner = None
            pos = tag.end()
        out.append(_shortcode(name, args, inner, where, body))


def _closing(text: str, name: str, start: int) -> re.Match[str] | None:
    """The tag closing *name* opened before *start*, counting nested ones of that name."""
    depth = 0
    for found in _TAG.finditer(text, start):
        if found.group(3) != name:
            continue
        if not found.group(2):
            depth += 1
        elif depth:
            depth -= 1
        else:
            return found
    return None


def _arguments(text: str) -> dict[str, str]:
    """``a="x" b=y`` → {"a": "x", "b": "y"}; positional ones as "0", "1" ..."""
    try:
        words = shlex.split(text.replace("\n", " "))
    except ValueError:
        words = text.split()
    args: dict[str, str] = {}
    for index, word in enumerate(words):
        name, sep, value = word.partition("=")
        if sep and re.fullmatch(r"[\w-]+", name):
            args[name] = value
        else:
            args[str(index)] = word
    return args


def _left(body: Body, line: int, why: str) -> None:
    body.report.left(Source(body.path, body.first_line + line), why)


def _shortcode(name: str, args: dict[str, str], inner: str | None, line: int, body: Body) -> str:
    text = (inner or "").strip("\n")
    if name == "callout":
        kind = args.get("0", "note")
        kind = kind if kind in _ADMONITIONS else "note"
        return f":::{{{kind}}}\n{text.strip()}\n:::"
    if name in ("spoiler", "details"):
        title = args.get("text") or args.get("title") or args.get("summary") or "Details"
        return f":::{{admonition}} {title}\n:class: dropdown\n\n{text.strip()}\n:::"
    if name == "math" and inner is not None:
        return _math(text)
    if name == "figure":
        return _figure(args)
    if name in ("staticref", "button") and (inner is not None or args.get("text")):
        url = args.get("url") or args.get("0", "")
        text = text or args.get("text", "")
        if name == "staticref":
            url = "/" + url.lstrip("/")
        # A button to nowhere (``url="#"``) is its label: MyST reads ``#`` as a reference.
        return f"[{text.strip()}]({url})" if url.strip("#") else text.strip()
    if name == "youtube":
        video = args.get("id") or args.get("0", "")
        return f"[YouTube video](https://www.youtube.com/watch?v={video})"
    if name == "cite":
        return _cite(args.get("page", ""), body)
    if name in ("ref", "relref"):
        return content_address(args.get("0") or args.get("path", ""))
    if name in _WRAPPERS:
        if name in ("steps", "cards", "toggle", "columns"):
            _left(body, line, f"the {{{{< {name} >}}}} layout: its text is kept without it")
        return text
    if name == "card":
        title = args.get("title", "")
        url = args.get("url") or args.get("link", "")
        return f"- [{title or url}]({url})" if url else (f"- {title}" if title else text)
    why = _NO_FORM.get(name, "a shortcode with no MyST form")
    _left(body, line, f"{{{{< {name} >}}}}: {why}")
    return text


def _math(text: str) -> str:
    found = _DISPLAY_MATH.match(text)
    if found:
        return "```{math}\n" + found.group(1).strip() + "\n```"
    found = _INLINE_MATH.match(text)
    if found:
        return "{math}`" + found.group(1).strip() + "`"
    return "```{math}\n" + text.strip() + "\n```"


def _figure(args: dict[str, str]) -> str:
    src = args.get("src") or args.get("library") or args.get("0", "")
    lines = [f"```{{figure}} {src}"]
    if args.get("alt"):
        lines.append(f":alt: {args['alt']}")
    if args.get("caption"):
        lines += ["", args["caption"]]
    return "\n".join([*lines, "```"])


def _cite(page: str, body: Body) -> str:
    address = content_address(page).strip("/") + "/"
    key = body.cite_keys.get(address)
    return f"{{cite:p}}`{key}`" if key else f"[{address}](/{address})"


def content_address(target: str) -> str:
    """A ``ref``/``relref`` target as the page's old address.

    ``post/x.md`` and ``/post/x`` are both ``/post/x/``.
    """
    path = target.strip().strip("\"'").split("#", 1)[0]
    path = re.sub(r"^/?content/", "", path).lstrip("/")
    path = re.sub(r"(?:/?_?index)?\.md$", "", path)
    anchor = "#" + target.split("#", 1)[1] if "#" in target else ""
    return "/" + path.strip("/") + "/" + anchor if path else "/" + anchor
