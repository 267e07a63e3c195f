"""Where paper pages land: each entry's slug, and the page name per builder.

A slug is made once per build from the entry's key, avoiding the names of existing pages;
linked local files are named after it too (:mod:`.localfiles`).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from sphinx.builders.html import StandaloneHTMLBuilder
from sphinx.builders.singlehtml import SingleFileHTMLBuilder

from ..build.bibliography import get_domain, get_library

if TYPE_CHECKING:
    from collections.abc import Iterable, Set

    from sphinx.builders import Builder
    from sphinx.environment import BuildEnvironment

_UNSAFE = re.compile(r"[^a-z0-9._-]+")
#: Page names Sphinx's HTML builders write themselves (next to the root document).
_BUILDER_PAGES = frozenset({"genindex", "search", "py-modindex"})


def paper_slugs(keys: Iterable[str], taken: Set[str] = frozenset()) -> dict[str, str]:
    """Key → URL-safe slug (``Gan:2021/Sage`` → ``gan-2021-sage``), unique, in key order.

    A slug in *taken* is never given out; the key gets ``<slug>-2`` (or the next free
    number) instead.
    """
    slugs: dict[str, str] = {}
    used = set(taken)
    for key in keys:
        base = _UNSAFE.sub("-", key.lower()).strip("-.") or "paper"
        slug = base
        number = 2
        while slug in used:
            slug = f"{base}-{number}"
            number += 1
        used.add(slug)
        slugs[key] = slug
    return slugs


def writes_paper_pages(builder: Builder) -> bool:
    """Whether *builder* writes paper pages: one HTML file per page, not an e-book."""
    return (
        isinstance(builder, StandaloneHTMLBuilder)
        and not isinstance(builder, SingleFileHTMLBuilder)
        and builder.format == "html"
        # An e-book holds what its spine lists; a paper page would be an orphan file.
        and not hasattr(builder, "build_epub")
    )


def paper_keys(env: BuildEnvironment) -> list[str]:
    """Entries that get a page: those authored by the owner (all, if no owner is set).

    None in a project without a ``{publications}`` list: one that adds bibfolio for its
    ``{cite}``/``{bibliography}`` keeps exactly the pages it had (issue 13).
    """
    library = get_library(env)
    if not env.config.bibfolio_paper_pages or not get_domain(env).listings:
        return []
    if not env.config.bibfolio_owner:
        return library.keys
    return [key for key in library.keys if key in library.state.owner_keys]


def reserved_pages(env: BuildEnvironment) -> dict[str, str]:
    """Slug → existing page (docname or builder page) inside the paper folder."""
    folder = env.config.bibfolio_paper_dir.strip("/")
    prefix = f"{folder}/" if folder else ""
    names = set(env.found_docs)
    if not folder:
        names |= _BUILDER_PAGES | set(env.config.html_additional_pages)
    reserved = {}
    for name in sorted(names):
        if name.startswith(prefix) and "/" not in name[len(prefix) :]:
            reserved[name[len(prefix) :]] = name
    return reserved


def page_slugs(env: BuildEnvironment) -> dict[str, str]:
    """Key → slug of every entry, avoiding the names of existing pages (once per build).

    Paper pages, and local files copied next to them, are named by these slugs.
    """
    memo = get_library(env).memo
    if "slugs" not in memo:
        memo["slugs"] = paper_slugs(get_library(env).keys, set(reserved_pages(env)))
    return memo["slugs"]


def paper_pages(env: BuildEnvironment, builder: Builder) -> dict[str, str]:
    """Key → page name of its paper page, for pages *builder* writes (else empty)."""
    if not writes_paper_pages(builder):
        return {}
    memo = get_library(env).memo
    if "paper_pages" not in memo:
        folder = env.config.bibfolio_paper_dir.strip("/")
        slugs = page_slugs(env)
        memo["paper_pages"] = {
            key: f"{folder}/{slugs[key]}" if folder else slugs[key] for key in paper_keys(env)
        }
    return memo["paper_pages"]
