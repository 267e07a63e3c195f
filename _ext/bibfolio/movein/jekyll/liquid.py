"""Liquid and kramdown in a Jekyll page's body, turned into MyST or left out with a line."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ..model import Source

if TYPE_CHECKING:
    from collections.abc import Callable

    from ..model import Report

_TOKEN = re.compile(r"\{%-?\s*(.*?)\s*-?%\}|\{\{-?\s*(.*?)\s*-?\}\}", re.DOTALL)
_ARG = re.compile(r"""([\w-]+)\s*[=:]\s*(?:"([^"]*)"|'([^']*)'|(\S+))""")
#: What stands for the old site's base in a link: removed, the link keeps its path.
_BASE = {"site.baseurl", "site.url", "base_path", "site.base_path"}
_LITERAL = re.compile(r"""^(?:"([^"]*)"|'([^']*)')$""")
_FILTER = re.compile(r"^(relative_url|absolute_url|(?:prepend|append):\s*(\S+))$")
_KRAMDOWN = re.compile(
    r"\{::comment\}.*?\{:/(?:comment)?\}|\{::nomarkdown\}|\{:/nomarkdown\}|\{::[^}\n]*/\}"
    r"|\{:(?!:)[^}\n]*\}",
    re.DOTALL,
)
_FENCE = re.compile(r"^\s*(```|~~~)")
#: Liquid tags whose block (open tag to end tag) goes as a whole: loops and conditions
#: over the old site's data have no MyST form.
_NAME = re.compile(r"^(\w+)")


def liquid_to_myst(
    text: str,
    source: Source,
    report: Report,
    *,
    resolve: Callable[[str], str] | None = None,
    exists: Callable[[str], bool] | None = None,
) -> str:
    """*text* (a body starting at *source*'s line) as MyST.

    ``{{ site.baseurl }}``, ``{{ base_path }}`` and ``{{ site.url }}`` are removed from
    links and ``{{ '/x' | relative_url }}`` becomes ``/x``; ``{% link p %}`` and
    ``{% post_url name %}`` become *resolve* (``_posts/name`` for a post) of the path, or
    the path; ``{% raw %}`` blocks are kept as text; ``{% highlight lang %}`` becomes a
    code fence; al-folio's ``figure`` include a Markdown image, its caption under it
    (an ``<img>`` inside HTML) and its ``video`` include a link or an HTML video;
    ``{% cite k %}`` a ``{cite:p}`` role.  With *exists*, a figure whose file it says is
    missing is left out with a report line.  kramdown's attribute lists and
    ``{::options}`` are removed (a note).  Every other tag or object, with its block for
    tags that have one (``{% for %}`` ... ``{% endfor %}``), is removed and reported at
    its line.
    """
    tokens = list(_TOKEN.finditer(text))
    first = source.line or 1

    def at(offset: int) -> Source:
        return Source(source.path, first + text.count("\n", 0, offset))

    out: list[str] = []
    pos = index = 0
    while index < len(tokens):
        token = tokens[index]
        out.append(_kramdown(text[pos : token.start()], at(pos), report))
        pos, index = token.end(), index + 1
        where = at(token.start())
        if token.group(2) is not None:
            out.append(_object(token.group(2), token.group(0), where, report))
            continue
        tag = token.group(1)
        name = (_NAME.match(tag) or re.match("", "")).group(0)
        args = tag[len(name) :].strip()
        if name in ("raw", "highlight", "comment"):
            end = _closing(tokens, index, name)
            stop = tokens[end].start() if end is not None else len(text)
            inner = text[pos:stop]
            pos = tokens[end].end() if end is not None else len(text)
            index = end + 1 if end is not None else len(tokens)
            if name == "raw":
                out.append(inner)
            elif name == "highlight":
                lang = args.split()[0] if args else ""
                out.append(f"```{lang}\n{inner.strip(chr(10))}\n```")
            else:
                report.note(where, "a Liquid comment: left out")
        elif name == "include":
            html = _in_html(text, token.start())
            out.append(_include(args, token.group(0), where, report, html=html, exists=exists))
        elif name in ("link", "post_url"):
            path = args.split()[0] if args else ""
            path = f"_posts/{path}" if name == "post_url" else path
            out.append(resolve(path) if resolve else path)
        elif name == "cite":
            keys = [key for key in args.split() if not key.startswith("--")]
            out.append("{cite:p}`" + ",".join(keys) + "`")
        else:
            end = _closing(tokens, index, name) if name else None
            if end is None:
                report.left(where, f"Liquid tag {_short(token.group(0))}: no MyST form; left out")
            else:
                last = at(tokens[end].start()).line
                block = f"{_short(token.group(0))} … {{% end{name} %}} (to line {last})"
                report.left(where, f"Liquid block {block}: no MyST form; left out")
                pos, index = tokens[end].end(), end + 1
    out.append(_kramdown(text[pos:], at(pos), report))
    result = "".join(out)
    # A link that was only the old site's base (``[home]({{ site.baseurl }})``) is home.
    return result.replace("]()", "](/)").replace('href=""', 'href="/"')


def _closing(tokens: list[re.Match[str]], start: int, name: str) -> int | None:
    """The index of the token closing tag *name* opened just before *start* (nesting)."""
    depth = 1
    for index in range(start, len(tokens)):
        tag = tokens[index].group(1)
        if tag is None:
            continue
        word = (_NAME.match(tag) or re.match("", "")).group(0)
        if name == "raw" and word != "endraw":
            continue  # nothing inside raw is a tag
        if word == name:
            depth += 1
        elif word == f"end{name}":
            depth -= 1
            if depth == 0:
                return index
    return None


def _object(expression: str, whole: str, where: Source, report: Report) -> str:
    parts = [part.strip() for part in expression.split("|")]
    literal = _LITERAL.match(parts[0])
    head = None
    if literal:
        head = literal.group(1) if literal.group(1) is not None else literal.group(2)
    filters = [_FILTER.match(part) for part in parts[1:]]
    if all(f and (f.group(2) is None or f.group(2) in _BASE) for f in filters):
        if parts[0] in _BASE:
            return ""
        if head is not None:
            return head
    report.left(where, f"Liquid object {_short(whole)}: no MyST form; left out")
    return ""


def _include(
    args: str,
    whole: str,
    where: Source,
    report: Report,
    *,
    html: bool,
    exists: Callable[[str], bool] | None,
) -> str:
    name = args.split(maxsplit=1)[0] if args else ""
    values, quoted = {}, set()
    for found in _ARG.finditer(args):
        key, double, single, bare = found.groups()
        values[key] = next(value for value in (double, single, bare) if value is not None)
        if bare is None:
            quoted.add(key)
    path = values.get("path", "")
    stem = name.rsplit(".", 1)[0]
    if stem in ("figure", "video") and "path" not in quoted:
        report.left(where, f"Liquid include {_short(whole)}: its path is a variable; left out")
        return ""
    url = path if re.match(r"^[a-z]+:", path) else "/" + path.lstrip("/")
    local = not url.startswith(("http:", "https:"))
    if stem == "figure" and exists is not None and local and not exists(url.lstrip("/")):
        report.left(where, f"the figure {url.lstrip('/')}: no such file in the old site")
        return ""
    if stem == "figure":
        alt = values.get("alt") or values.get("title") or ""
        if html:
            return f'<img src="{url}" alt="{alt}">'
        # A Markdown image, as the writers of every converter copy and size it (and
        # the CV shows it); the caption is the paragraph under it.
        caption = values.get("caption", "")
        return f"![{alt}]({url})" + (f"\n\n{caption}" if caption else "")
    if stem == "video":
        if url.startswith("/"):
            report.note(where, "al-folio's video include: an HTML video")
            return f'<video src="{url}" controls></video>'
        report.note(where, "al-folio's video include: a link to the video")
        return f"[{values.get('caption') or values.get('title') or 'Video'}]({url})"
    report.left(where, f"Liquid include {_short(whole)}: no MyST form; left out")
    return ""


def _in_html(text: str, offset: int) -> bool:
    """True when the tag at *offset* sits inside an HTML block.

    That is: indented, or right under a line that starts with a tag; a MyST directive
    there would be shown as text.
    """
    start = text.rfind("\n", 0, offset) + 1
    if text[start:offset] and not text[start:offset].strip():
        return True
    above = text[:start].rstrip("\n")
    if not above or text[:start].endswith("\n\n"):
        return False
    return above.rsplit("\n", 1)[-1].lstrip().startswith("<")


#: Markdown's comment idiom, a link definition nothing uses: ``[comment]: <> (text)``,
#: ``[//]: # "text"``.  Two of them are a duplicate definition to MyST (a warning).
_COMMENT_LINE = re.compile(
    r"^[ ]{0,3}\[(?:comment|//|_)\]:[ \t]*(?:<>|#)[ \t]*(?:\((?P<p>.*)\)|\"(?P<q>.*)\")?[ \t]*$",
    re.M | re.I,
)


def _kramdown(text: str, where: Source, report: Report) -> str:
    """*text* without kramdown's ``{: ...}`` lists and ``{::...}`` extensions (a note each).

    Code fences are left alone; a line that held only a list goes with it.  Markdown's
    comment lines (``[comment]: <> (text)``) become MyST comments (``% text``).
    """
    text = _COMMENT_LINE.sub(lambda found: f"% {found['p'] or found['q'] or ''}".rstrip(), text)
    if "{:" not in text:
        return text
    out: list[str] = []
    fenced = commented = False
    line = where.line or 1
    for original in text.splitlines(keepends=True):
        chunk = original
        at, line = Source(where.path, line), line + chunk.count("\n")
        if commented:
            closed = re.search(r"\{:/(?:comment)?\}", chunk)
            if not closed:
                continue
            commented, chunk = False, chunk[closed.end() :]
        if _FENCE.match(chunk):
            fenced = not fenced
        if fenced or "{:" not in chunk:
            out.append(chunk)
            continue
        opened = chunk.find("{::comment}")
        if opened >= 0 and not re.search(r"\{:/(?:comment)?\}", chunk[opened:]):
            report.note(at, "a kramdown comment: left out")
            commented, chunk = True, chunk[:opened] + "\n"
        for found in _KRAMDOWN.finditer(chunk):
            report.note(at, f"kramdown {_short(found.group(0))}: removed")
        kept = _KRAMDOWN.sub("", chunk)
        if kept.strip() or not original.strip():
            out.append(kept)
    return "".join(out)


def _short(tag: str) -> str:
    tag = " ".join(tag.split())
    return tag if len(tag) <= 80 else tag[:77] + "…"
