"""Local files linked from entries (``pdf = {papers/x.pdf}``): where copied, which refused.

A linked file is copied next to its paper page, named after the page's slug; one whose real
path lies outside the project is refused and gets no link.
"""

from __future__ import annotations

from pathlib import Path, PurePosixPath
from typing import TYPE_CHECKING

from ..build.bibliography import get_library
from ..build.warnings_ import warn
from .slugs import page_slugs

if TYPE_CHECKING:
    from sphinx.builders import Builder
    from sphinx.environment import BuildEnvironment

    from ..model.publication import Publication


def local_file_target(
    publication: Publication, field: str, source: str, slug: str, folder: str
) -> str:
    """Where a local file linked from *field* is copied in the site (next to the paper page)."""
    suffix = PurePosixPath(source).suffix
    name = slug if field == "pdf" else f"{slug}-{field}"
    return f"{folder}/{name}{suffix}"


def linked_files(env: BuildEnvironment) -> dict[str, Path]:
    """Local files linked from entries: site path (next to the paper page) → real source.

    A file is published only when its real path (symlinks resolved) lies inside the
    source directory or the directory of its .bib file: a symlink ``papers/x.pdf →
    /etc/passwd`` in a pull request must not put the build machine's files online.
    Refused files are reported once per build (``bibfolio.unsafe_url``) and get no link.
    """
    library = get_library(env)
    if not library.state.local_links:
        return {}
    if "linked_files" in library.memo:
        return library.memo["linked_files"]
    slugs = page_slugs(env)
    srcdir = Path(env.srcdir).resolve()
    found: dict[str, Path] = {}
    refused: set[tuple[str, str]] = set()
    for publication in library.publications.values():
        base = Path(publication.entry.path).parent
        for link in publication.links:
            if not link.local:
                continue
            source = (base / link.local).resolve()
            if source.exists() and not _inside(source, (srcdir, base.resolve())):
                refused.add((publication.key, link.field))
                warn(
                    f"no link made for field '{link.field}' of '{publication.key}': "
                    f"{link.local} resolves to {source}, outside the project; not copied",
                    "unsafe_url",
                    location=f"{publication.entry.path}:{publication.entry.line_of(link.field)}",
                )
                continue
            target = local_file_target(
                publication, link.field, link.local, slugs[publication.key],
                env.config.bibfolio_paper_dir,
            )  # fmt: skip
            found[target] = source
    library.memo["linked_files"] = found
    library.memo["refused_files"] = frozenset(refused)
    return found


def refused_files(env: BuildEnvironment) -> frozenset[tuple[str, str]]:
    """(key, field) of local files refused by :func:`linked_files`: they get no link."""
    linked_files(env)
    return get_library(env).memo.get("refused_files", frozenset())


def _inside(path: Path, roots: tuple[Path, ...]) -> bool:
    return any(path.is_relative_to(root) for root in roots)


def publishes_local_files(builder: Builder) -> bool:
    """Whether *builder* writes a site that linked local files are copied into."""
    return builder.format == "html" and not is_epub(builder)


def is_epub(builder: Builder) -> bool:
    """Whether *builder* packs an EPUB (no forms, scripts, downloads or inline SVG)."""
    return builder.name.startswith("epub")
