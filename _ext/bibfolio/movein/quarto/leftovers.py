"""Nothing lost: every file of the project accounted for; the owner's spellings.

Also the counts of files and addresses, made once everything else is read.
"""

from __future__ import annotations

import re
from pathlib import PurePosixPath
from typing import TYPE_CHECKING, Any

from ..model import Source
from .authors import read_authors

if TYPE_CHECKING:
    from pathlib import Path

    from ..model import Site
    from .project import QDoc

_THEME = (".css", ".scss", ".sass", ".js", ".html", ".ejs", ".lua", ".csl", ".json", ".xml")
_SCRIPTS = (".r", ".py", ".sh", ".toml", ".lock", ".txt", ".cfg", ".yml", ".yaml")


def account(
    root: Path, files: list[str], used: set[str], site: Site, docs: dict[str, QDoc]
) -> None:
    """Name in the report every file that no item carried and no converted text links."""
    texts = _texts(site)
    copied = set(site.files.values())
    for doc in docs.values():
        used.add(doc.path)
    site.report.note(Source("_quarto.yml"), "Quarto's output and caches (_site, _freeze): not read")
    for name in files:
        if name in used or name in copied:
            continue
        pure = PurePosixPath(name)
        suffix = pure.suffix.lower()
        if pure.name.startswith("_") and suffix in (".qmd", ".md"):
            site.report.left(Source(name), "a partial no {{< include >}} names: not carried")
        elif pure.name in texts:
            continue  # the writer copies a file a converted page links
        elif suffix in _THEME:
            site.report.note(Source(name), "the old theme's styling or script: not carried")
        elif suffix in _SCRIPTS:
            site.report.note(Source(name), "a build script or setting of the old site: not carried")
        else:
            site.report.left(Source(name), "a file no page of the site links: not copied")
    site.report.count("files", len(site.files))
    every = [*site.addresses]
    for group in (site.bibliography.entries, site.posts, site.talks, site.teaching, site.pages):
        for item in group:
            every += item.addresses
    site.report.count("addresses", len(every))


def _texts(site: Site) -> set[str]:
    # The file names the converted texts link (a page links a file relative to itself).
    parts = [site.profile.bio, *(p.body for p in site.posts), *(p.body for p in site.pages)]
    parts += [p.body for p in site.projects]
    parts += [t.text for t in site.talks] + [c.text for c in site.teaching]
    targets = [a or b for a, b in _TARGET.findall("\n".join(parts))]
    targets += [t.slides for t in site.talks] + [t.poster for t in site.talks]
    targets += [p.image for p in site.projects]
    return {PurePosixPath(t.split("#")[0].split("?")[0]).name for t in targets if t}


_TARGET = re.compile(r"\]\(\s*<?([^)\s>]+)|(?:src|href)=[\"']([^\"']+)")


def owner_names(site: Site) -> list[str]:
    """The owner's name, then every other spelling the entries use.

    Via the shared :func:`owner_spellings` when it exists, else the same family name and
    first initial.
    """
    name = site.profile.name
    if not name:
        return []
    try:
        from ..owner import owner_spellings  # noqa: PLC0415 - helper A's, may be absent
    except ImportError:
        return [name, *_spellings(name, site)]
    return owner_spellings(name, site.bibliography.entries)


def _spellings(name: str, site: Site) -> list[str]:
    owner = read_authors(name)[0]
    found: list[str] = []
    for entry in site.bibliography.entries:
        for text in re.split(r"\s+and\s+", entry.fields.get("author", "")):
            author = read_authors(text.strip())
            if not author:
                continue
            other = author[0]
            plain = f"{other.given} {other.family}".strip()
            same = other.family == owner.family and other.given[:1] == owner.given[:1]
            if same and plain != name and plain not in found:
                found.append(plain)
    return found


#: ``website:`` settings of ``_quarto.yml`` that hold content, and what becomes of them.
_SETTINGS = {
    "site-url": "the old site's address: publish the new site there to keep the addresses",
    "description": "the site's description: no place (the home page's first paragraph is it)",
    "page-footer": "the page footer: no place (bibfolio's footer is its own)",
    "favicon": "the favicon: not carried (a new site has its own)",
    "google-analytics": "analytics: not carried",
    "cookie-consent": "cookie consent: not carried",
    "comments": "comments: not carried",
}


def website_settings(website: dict[str, Any], site: Site) -> None:
    """Name in the report what ``_quarto.yml``'s ``website:`` holds that has no place."""
    for name, why in _SETTINGS.items():
        value = website.get(name)
        if value:
            kind = site.report.note if name == "site-url" else site.report.left
            kind(Source("_quarto.yml"), f"website {name} {str(value)[:60]!r}: {why}")
