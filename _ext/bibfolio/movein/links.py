"""Links and images in moved MyST bodies: local files copied, old addresses to new pages."""

from __future__ import annotations

import posixpath
import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING
from urllib.parse import unquote

from .model import Source

if TYPE_CHECKING:
    from pathlib import Path

    from .model import Report

#: Where files a body names are copied, in NEW (``html_static_path`` holds ``_static``).
MOVED = "_static/moved"
_IMAGES = frozenset({".png", ".jpg", ".jpeg", ".gif", ".svg", ".webp", ".avif", ".bmp", ".ico"})
_PAGES = frozenset({"", ".html", ".htm"})
_SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:|^//|^#|^\{\{|^\{%|^$")
# A Markdown link or image: text with one level of brackets (an image inside a link).
_LINK = re.compile(
    r"(?P<bang>!?)\[(?P<text>(?:[^\[\]\n]|\[[^\[\]\n]*\])*)\]"
    r"\(\s*(?P<target><[^>\n]*>|[^\s()]+)(?P<title>\s+(?:\"[^\"\n]*\"|'[^'\n]*'))?\s*\)"
)
_DEFINITION = re.compile(r"^(?P<head>[ ]{0,3}\[[^\]\n]+\]:[ \t]*)(?P<target>\S+)", re.M)
_ATTRIBUTE = re.compile(r"(?P<name>\b(?:src|href))\s*=\s*(?P<q>[\"'])(?P<target>.*?)(?P=q)", re.I)
_IMG_TAG = re.compile(r"(?P<alone>^[ \t]*)?<img\b[^>]*>(?(alone)[ \t]*$)", re.I | re.M)
_ALT = re.compile(r"\balt\s*=\s*([\"'])(.*?)\1", re.I)
_FENCE = re.compile(r"^[ ]{0,3}(`{3,}|~{3,}|:{3,})")
_IMAGE_DIRECTIVE = re.compile(r"\{(figure|image)\}\s+(\S+)")
_ROLE_UNSAFE = re.compile(r"[`<>]")


def address_key(url: str) -> str:
    """An old address as the map's key: ``/news/a/``, ``news/a/index.html`` → ``news/a``."""
    path = unquote(url.split("#", 1)[0].split("?", 1)[0]).strip().strip("/")
    for ending in ("/index.html", "/index.htm", "index.html", "index.htm"):
        if path == ending.lstrip("/") or path.endswith(ending):
            path = path[: -len(ending)]
            break
    for ending in (".html", ".htm"):
        path = path.removesuffix(ending)
    return path.strip("/")


@dataclass
class Links:
    """What the rewriting needs to know of the whole site, and what it adds to it."""

    old_root: Path
    report: Report
    #: :func:`address_key` of an old address → new docname, with an optional ``#anchor``.
    addresses: dict[str, str] = field(default_factory=dict)
    #: A file of OLD (relative) that became a page → its docname.
    sources: dict[str, str] = field(default_factory=dict)
    #: ``site.files``: path in NEW → path in OLD; files the bodies name are added.
    files: dict[str, str] = field(default_factory=dict)
    #: Docnames of the new site: a link a converter already wrote to one is kept.
    docnames: set[str] = field(default_factory=set)
    #: Set once a link was written as MyST's ``{.external}`` link (``attrs_inline``).
    external: bool = False

    def rewrite(self, body: str, docname: str, source: Source | None) -> str:
        """*body* (MyST) of page *docname*, read at *source*, with its links rewritten.

        Code blocks are left alone (a directive's content is Markdown, and is read).  A
        local file is copied to ``_static/moved/`` and linked there (an image by its
        source-root path, another file by the built page's relative URL); an old address
        of the site leads to its new page; a local file or address that is not there is
        reported at its line and its link kept as plain text.  External links are
        untouched.
        """
        if not body or not any(mark in body for mark in ("](", "]:", "=", "{figure}", "{image}")):
            return body
        out: list[str] = []
        chunk: list[str] = []
        code = ""  # the fence of the code block we are in
        directives: list[str] = []  # fences of the directives we are in
        first = source.line if source and source.line else 1
        chunk_line = first
        hidden = ""  # the fence of an image directive whose file is missing
        for number, line in enumerate(body.splitlines(keepends=True), first):
            marker = _FENCE.match(line)
            if hidden:
                out.append(f"% {line}" if line.strip() else "%\n")
                if _closes(marker, line, hidden):
                    hidden = ""
                continue
            if code:
                out.append(line)
                if _closes(marker, line, code):
                    code = ""
                continue
            if marker is None:
                chunk.append(line)
                continue
            out.append(self._text("".join(chunk), docname, source, chunk_line))
            chunk, chunk_line = [], number + 1
            if directives and _closes(marker, line, directives[-1]):
                directives.pop()
                out.append(line)
                continue
            info = line[marker.end() :].strip()
            if info.startswith("{"):
                opened = self._directive(line, info, docname, source, number)
                if opened is None:  # its image is missing: a comment until it is there
                    hidden = marker.group(1)
                    out.append(f"% {line}")
                    continue
                directives.append(marker.group(1))
                out.append(opened)
            else:
                code = marker.group(1)
                out.append(line)
        out.append(self._text("".join(chunk), docname, source, chunk_line))
        return "".join(out)

    def _directive(
        self, line: str, info: str, docname: str, source: Source | None, number: int
    ) -> str | None:
        """A directive's first line; an image's or a figure's file is copied and linked.

        None for an image or figure whose file the old site does not have: the writer
        keeps the directive as a comment (not published; the build has no image to warn
        about), and the report says so.
        """
        found = _IMAGE_DIRECTIVE.match(info)
        if found is None:
            return line
        target = found.group(2)
        at = Source(source.path if source else docname, number if source else None)
        kind, where = self._resolve(target, source)
        if kind == "file":
            return line.replace(target, f"/{where}", 1)
        if kind == "missing":
            self.report.left(
                at,
                f"an image {target}: {where}; kept in the page as a comment (lines starting "
                "with %): put the file there and remove the % to show it",
            )
            return None
        return line

    # -- one stretch of text outside code blocks ----------------------------------------
    def _text(self, text: str, docname: str, source: Source | None, line: int) -> str:
        if not text:
            return text

        def at(found: re.Match[str]) -> Source:
            if source is None:
                return Source(docname)
            return Source(source.path, line + found.string.count("\n", 0, found.start()))

        text = _LINK.sub(lambda found: self._markdown(found, docname, source, at(found)), text)
        text = _DEFINITION.sub(
            lambda found: self._definition(found, docname, source, at(found)), text
        )
        text = _IMG_TAG.sub(lambda found: self._img(found, docname, source, at(found)), text)
        return _ATTRIBUTE.sub(lambda found: self._html(found, docname, source, at(found)), text)

    def _markdown(
        self, found: re.Match[str], docname: str, source: Source | None, at: Source
    ) -> str:
        target = found.group("target").strip("<>")
        text = found.group("text")
        image = bool(found.group("bang"))
        if not image and "](" in text:  # an image inside a link: rewrite it first
            text = _LINK.sub(lambda inner: self._markdown(inner, docname, source, at), text)
        kind, where = self._resolve(target, source)
        if kind == "external":
            return (
                found.group(0)
                if text == found.group("text")
                else found.group(0).replace(found.group("text"), text, 1)
            )
        if kind == "missing":
            self.report.left(at, f"a link to {target}: {where}; kept as plain text")
            return text
        if kind == "page" and "#" not in where:
            label = _ROLE_UNSAFE.sub("", text).strip()
            return f"{{doc}}`{label} </{where}>`" if label else f"{{doc}}`/{where}`"
        if image:
            return f"![{text}](/{where}{found.group('title') or ''})"
        # A file, or a page's anchor that is no label: the built page's relative URL as
        # a plain link (MyST's {.external}), which every builder and the CV take; a
        # {download} or an HTML <a> the CV would leave out with a warning.
        self.external = True
        url = _relative(docname, where, page=kind == "page")
        return f"[{text or posixpath.basename(where)}]({url}){{.external}}"

    def _definition(
        self, found: re.Match[str], docname: str, source: Source | None, at: Source
    ) -> str:
        target = found.group("target").strip("<>")
        kind, where = self._resolve(target, source)
        if kind == "external":
            return found.group(0)
        if kind == "missing":
            self.report.left(at, f"a link to {target}: {where}; the link goes nowhere")
            return found.group("head") + "#"
        # A definition is a URL: the built page's relative address.
        return found.group("head") + _relative(docname, where, page=kind == "page")

    def _img(self, found: re.Match[str], docname: str, source: Source | None, at: Source) -> str:
        tag = found.group(0)
        src = _ATTRIBUTE.search(tag)
        if src is None or src.group("name").lower() != "src":
            return tag
        kind, where = self._resolve(src.group("target"), source)
        alt = _ALT.search(tag)
        if kind == "missing":
            self.report.left(at, f"an image {src.group('target')}: {where}; its alt text kept")
            return alt.group(2) if alt else ""
        if kind == "file" and _is_image(where) and found.group("alone") is not None:
            # A Markdown image: copied and sized by Sphinx, shown by the CV; raw HTML is not
            # (an image inside an HTML block stays HTML: Markdown is not read there).
            return f"![{alt.group(2) if alt else ''}](/{where})"
        return tag

    def _html(self, found: re.Match[str], docname: str, source: Source | None, at: Source) -> str:
        target = found.group("target")
        kind, where = self._resolve(target, source)
        if kind == "external":
            return found.group(0)
        quote = found.group("q")
        if kind == "missing":
            self.report.left(at, f"a link to {target}: {where}; the link goes nowhere")
            return f"{found.group('name')}={quote}#{quote}"
        url = _relative(docname, where, page=kind == "page")
        return f"{found.group('name')}={quote}{url}{quote}"

    # -- where a target leads ------------------------------------------------------------
    def _resolve(self, target: str, source: Source | None) -> tuple[str, str]:
        """Where *target* leads: ("external", ""), ("file", path under docs/), ...

        ... ("page", docname[#anchor]) or ("missing", why).
        """
        target = target.strip()
        if _SCHEME.match(target) or target.startswith(("_static/", "/_static/")):
            return "external", ""
        path, _, anchor = unquote(target).partition("#")
        path = path.split("?", 1)[0]
        for candidate in self._candidates(path, source):
            if candidate in self.sources:
                return "page", _anchored(self.sources[candidate], anchor)
            if (self.old_root / candidate).is_file():
                moved = f"{MOVED}/{candidate}"
                self.files[f"docs/{moved}"] = candidate
                return "file", moved
        key = address_key(path if path.startswith("/") else "/" + path)
        for tried in (key, _beside(source, path)):
            if tried is not None and tried in self.addresses:
                new = self.addresses[tried]
                return "page", new if "#" in new or not anchor else f"{new}#{anchor}"
        if key in self.docnames or (not key and path.strip("/") == ""):
            return "page", _anchored(key or "index", anchor)
        extension = posixpath.splitext(path.rstrip("/"))[1].lower()
        if extension not in _PAGES:
            return "missing", "no such file in the old site"
        return "missing", "no page of the new site has this old address"

    def _candidates(self, path: str, source: Source | None) -> list[str]:
        """Files of OLD *path* may name: beside the page, from the root, Hugo's static/."""
        found: list[str] = []
        if not path.startswith("/") and source is not None:
            found.append(posixpath.normpath(posixpath.join(posixpath.dirname(source.path), path)))
        bare = posixpath.normpath("/" + path).lstrip("/")
        while bare.startswith("../"):
            bare = bare[3:]
        # Hugo serves static/ and assets/media/ at the root; al-folio's assets/ is itself.
        found += [bare, f"static/{bare}", f"assets/{bare}", f"assets/media/{bare}"]
        return [p for p in dict.fromkeys(found) if p and p != "." and not p.startswith("../")]


def _closes(marker: re.Match[str] | None, line: str, fence: str) -> bool:
    """Whether *line* (with its fence *marker*) closes a block opened with *fence*."""
    if marker is None or line[marker.end() :].strip():
        return False
    closing = marker.group(1)
    return closing[0] == fence[0] and len(closing) >= len(fence)


def _beside(source: Source | None, path: str) -> str | None:
    if source is None or path.startswith("/"):
        return None
    return address_key(posixpath.normpath(posixpath.join(posixpath.dirname(source.path), path)))


def _anchored(docname: str, anchor: str) -> str:
    return f"{docname}#{anchor}" if anchor and "#" not in docname else docname


def _is_image(path: str) -> bool:
    return posixpath.splitext(path)[1].lower() in _IMAGES


def _relative(docname: str, where: str, *, page: bool) -> str:
    """The built page *docname*'s relative URL of *where* (html builder)."""
    up = "../" * docname.count("/")
    if not page:
        return up + where
    target, _, anchor = where.partition("#")
    return f"{up}{target}.html" + (f"#{anchor}" if anchor else "")
