"""``bibfolio upgrade --posts``: what turning posts on means for the owner's ``docs/``.

The update itself is :mod:`.upgrade`'s: the answer ``posts`` becomes true, and the
scaffold files follow it (the pin's ``posts`` extra, the README).  ``docs/`` is the
owner's, so this module only compares the installed template rendered for the site's
answers without and with posts, that is what ``bibfolio new`` and ``bibfolio new
--posts`` write: the pages posts add (``posts.md``, ``posts/``) are written where the
site has nothing of them, and what posts change in pages the owner already has
(``conf.py``, ``index.md``) is shown as a diff for the owner to apply, never applied.
"""

from __future__ import annotations

import difflib
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from . import render

if TYPE_CHECKING:
    from collections.abc import Mapping

#: The owner's part of a site: the pages the answer ``posts`` changes.
DOCS = Path("docs")


@dataclass(frozen=True)
class PostsPages:
    """What posts add to a site's ``docs/``, by path relative to the site."""

    #: The pages only ``bibfolio new --posts`` writes, with their bytes.
    new: dict[Path, bytes]
    #: The pages both write differently: (``bibfolio new``'s text, ``--posts``' text).
    changed: dict[Path, tuple[str, str]]
    #: The pages ``bibfolio new`` writes.
    without: frozenset[Path]


def _pages(folder: Path) -> dict[Path, bytes]:
    return {
        path.relative_to(folder): path.read_bytes()
        for path in sorted((folder / DOCS).rglob("*"))
        if path.is_file()
    }


def compare(answers: Mapping[str, object]) -> PostsPages:
    """The installed template's pages for the site of *answers*, without and with posts."""
    data = {key: value for key, value in answers.items() if not key.startswith("_")}
    with tempfile.TemporaryDirectory(prefix="bibfolio-posts-") as folder:
        without, with_posts = Path(folder, "without"), Path(folder, "with")
        render(without, {**data, "posts": False})
        render(with_posts, {**data, "posts": True})
        before, after = _pages(without), _pages(with_posts)
    return PostsPages(
        new={path: text for path, text in after.items() if path not in before},
        changed={
            path: (before[path].decode(), text.decode())
            for path, text in after.items()
            if path in before and before[path] != text
        },
        without=frozenset(before),
    )


def _first_new(page: Path, pages: PostsPages) -> Path:
    """The folder or file *page* adds to a site without posts (``docs/posts`` for a post)."""
    known = {parent for path in pages.without for parent in path.parents}
    return next(part for part in (*reversed(page.parents), page) if part not in known)


def add_pages(site: Path, pages: PostsPages) -> list[Path]:
    """Write the new pages where *site* has nothing of them; return those written, sorted.

    A page is left out when its file, or the folder posts add it in, exists: an owner's
    own ``docs/posts/`` gets nothing (the template writes no post; an earlier one did).
    """
    written = []
    for page, text in sorted(pages.new.items(), key=lambda item: str(item[0])):
        if (site / _first_new(page, pages)).exists():
            continue
        (site / page).parent.mkdir(parents=True, exist_ok=True)
        (site / page).write_bytes(text)
        written.append(page)
    return written


def changes_left(pages: PostsPages) -> list[str]:
    """The lines of a diff of what posts change in the owner's pages (``conf.py`` ...)."""
    lines: list[str] = []
    for page, (before, after) in sorted(pages.changed.items()):
        lines += difflib.unified_diff(
            before.splitlines(),
            after.splitlines(),
            f"{page} (bibfolio new)",
            f"{page} (bibfolio new --posts)",
            lineterm="",
        )
    return lines
