"""Link fields (pdf, doi, arxiv, code, ...) → safe links; unsafe schemes give no link."""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from pathlib import PurePosixPath

from .latex import url_from_latex

#: (field, label, kind) in the order links are shown.  ``kind`` picks how a value
#: becomes a URL: "url" (as written), "doi", "arxiv".
LINK_FIELDS: tuple[tuple[str, str, str], ...] = (
    ("pdf", "PDF", "url"),
    ("arxiv", "arXiv", "arxiv"),
    ("eprint", "arXiv", "arxiv"),
    ("doi", "DOI", "doi"),
    ("html", "HTML", "url"),
    ("url", "URL", "url"),
    ("code", "Code", "url"),
    ("slides", "Slides", "url"),
    ("poster", "Poster", "url"),
    ("video", "Video", "url"),
    ("supp", "Supp", "url"),
    ("website", "Website", "url"),
    ("blog", "Blog", "url"),
)
SAFE_SCHEMES = frozenset({"http", "https", "mailto"})
_SCHEME = re.compile(r"^([A-Za-z][A-Za-z0-9+.\-]*):")
_CONTROL = re.compile(r"[\x00-\x20\x7f-\x9f]+")
_DOI_PREFIX = re.compile(r"^(?:https?://(?:dx\.)?doi\.org/|doi:)", re.IGNORECASE)
_ARXIV_PREFIX = re.compile(r"^(?:https?://arxiv\.org/abs/|arxiv:)", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Link:
    """One link of an entry.  ``local`` is a project-relative file to copy into the site."""

    field: str
    label: str
    url: str  #: Absolute URL, or "" for a local file.
    local: str = ""  #: Path relative to the .bib file's directory.


@dataclass(frozen=True, slots=True)
class UnsafeLink:
    """A link field whose value was refused."""

    field: str
    value: str
    reason: str


def classify_url(value: str) -> tuple[str, str]:
    """Return ``("url", href)``, ``("local", path)`` or ``("unsafe", reason)`` for *value*.

    The check runs on the value as a browser would read it: HTML entities decoded and
    whitespace and control characters removed, so ``java&#x73;cript:`` and
    ``java\\tscript:`` are caught.
    """
    decoded = _CONTROL.sub("", html.unescape(html.unescape(value)))
    if not decoded:
        return "unsafe", "the value is empty"
    scheme = _SCHEME.match(decoded)
    if scheme:
        name = scheme.group(1).lower()
        if name in SAFE_SCHEMES:
            if name != "mailto" and not decoded.lower().startswith(f"{name}://"):
                return "unsafe", f"a {name}: URL must start with {name}://"
            return "url", value.strip()
        return "unsafe", f"the URL scheme '{name}:' is not allowed (only http, https, mailto)"
    if decoded.startswith(("//", "\\\\")) or "\\" in decoded:
        return "unsafe", "a network path or backslash is not a path inside the site"
    path = PurePosixPath(decoded)
    if path.is_absolute() or ".." in path.parts:
        return "unsafe", "a local path must stay inside the project (no '..' or leading '/')"
    return "local", str(path)


_EMBEDDED = re.compile(r"\\(?:url|href)\s*\{([^}]*)\}|\]\(([^)\s]*)\)")


def embedded_unsafe_links(fields: dict[str, str]) -> list[UnsafeLink]:
    """Unsafe ``\\url{}``/``\\href{}`` or Markdown ``[text](url)`` targets inside any field.

    They are shown as text, never as links; this reports them.
    """
    refused = []
    for name, value in fields.items():
        if "\\url" not in value and "\\href" not in value and "](" not in value:
            continue
        for match in _EMBEDDED.finditer(value):
            target = url_from_latex(match.group(1) or match.group(2) or "")
            verdict, reason = classify_url(target)
            if verdict == "unsafe":
                refused.append(UnsafeLink(name, target, reason))
    return refused


def collect_links(fields: dict[str, str]) -> tuple[list[Link], list[UnsafeLink]]:
    """Build an entry's links from its raw field values, refusing unsafe ones."""
    links: list[Link] = []
    refused: list[UnsafeLink] = []
    seen: set[str] = set()
    arxiv_done = False
    for name, label, kind in LINK_FIELDS:
        raw = fields.get(name)
        if raw is None or not raw.strip():
            continue
        if kind == "arxiv":
            if arxiv_done or (
                name == "eprint" and fields.get("archiveprefix", "arXiv").lower() != "arxiv"
            ):
                continue
            arxiv_id = _ARXIV_PREFIX.sub("", url_from_latex(raw))
            if not re.fullmatch(r"[A-Za-z0-9.\-/]+", arxiv_id):
                refused.append(UnsafeLink(name, raw, "not an arXiv identifier"))
                continue
            arxiv_done = True
            value = f"https://arxiv.org/abs/{arxiv_id}"
        elif kind == "doi":
            doi = _DOI_PREFIX.sub("", url_from_latex(raw))
            value = "https://doi.org/" + doi
        else:
            value = url_from_latex(raw)
        verdict, detail = classify_url(value)
        if verdict == "unsafe":
            refused.append(UnsafeLink(name, raw, detail))
            continue
        key = detail if verdict == "url" else "local:" + detail
        if key in seen:
            continue
        seen.add(key)
        if verdict == "url":
            links.append(Link(name, label, detail))
        else:
            links.append(Link(name, label, "", detail))
    return links, refused
