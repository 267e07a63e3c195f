"""Files bibfolio adds to an HTML site: its CSS and JS, linked local files, robots.txt."""

from __future__ import annotations

import shutil
from pathlib import Path, PurePosixPath
from typing import TYPE_CHECKING

from . import papers
from .bibliography import get_domain, get_library
from .model.citeformats import csl_json, ris_file
from .model.cleanbib import clean_bibliography
from .warnings_ import logger, warn

if TYPE_CHECKING:
    from collections.abc import Sequence

    from sphinx.application import Sphinx
    from sphinx.builders import Builder
    from sphinx.environment import BuildEnvironment

    from .model.publication import Publication


STATIC = Path(__file__).parent / "static"
#: The static files an epub's pages link: its theme writes no scripts (see ``pageload``).
EPUB_STATIC = frozenset({"bibfolio.css"})


def local_file_target(
    publication: Publication, field: str, source: str, slug: str, folder: str
) -> str:
    """Where a local file linked from *field* is copied in the site (next to the paper page)."""
    suffix = PurePosixPath(source).suffix
    name = slug if field == "pdf" else f"{slug}-{field}"
    return f"{folder}/{name}{suffix}"


def _copy_if_newer(source: Path, target: Path) -> None:
    if target.is_file() and target.stat().st_mtime >= source.stat().st_mtime:
        return
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(source, target)


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
    slugs = papers.page_slugs(env)
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


def forget_stale_files(app: Sphinx, env: BuildEnvironment) -> None:
    """``env-updated``: delete copies of files no entry links any more.

    Runs before the environment is saved, so the list of copies survives the build.
    """
    domain = get_domain(env)
    current = set(linked_files(env))
    if app.builder.format == "html":
        for stale in domain.data["copied"] - current:
            (Path(app.outdir) / stale).unlink(missing_ok=True)
    domain.data["copied"] = current


def copy_files(app: Sphinx) -> list[tuple[str, dict[str, object], str]]:
    """``html-collect-pages``: copy bibfolio's static files and the linked local files.

    This event comes before a builder packs its output (the epub is zipped in
    ``finish``, before ``build-finished``), so the files are inside the package.  An
    epub gets no linked files: a PDF is not an EPUB content type (see
    :func:`publishes_local_files`).  Returns no pages.
    """
    outdir = Path(app.outdir)
    epub = is_epub(app.builder)
    for asset in STATIC.iterdir():
        # An epub packs every file of its folder and links only these (no header icons).
        if not epub or asset.name in EPUB_STATIC:
            _copy_if_newer(asset, outdir / "_static" / asset.name)
    if publishes_local_files(app.builder):
        for target, source in linked_files(app.env).items():
            if source.is_file():  # a missing one was reported as bibfolio.local_file
                _copy_if_newer(source, outdir / target)
    return []


def publishes_local_files(builder: Builder) -> bool:
    """Whether *builder* writes a site that linked local files are copied into."""
    return builder.format == "html" and not is_epub(builder)


def is_epub(builder: Builder) -> bool:
    """Whether *builder* packs an EPUB (no forms, scripts, downloads or inline SVG)."""
    return builder.name.startswith("epub")


def write_downloads(
    outdir: str | Path, stem: str, publications: Sequence[Publication]
) -> list[str]:
    """Write the list's ``.bib``, ``.ris`` and ``.json`` (CSL-JSON) next to each other.

    Returns the written files' names (relative to *outdir*), BibTeX first.  A file whose
    text is unchanged is not rewritten (its mtime stays, so servers and caches keep it).
    """
    texts = {
        f"{stem}.bib": clean_bibliography(p.entry for p in publications),
        f"{stem}.ris": ris_file(publications),
        f"{stem}.json": csl_json(publications),
    }
    for name, text in texts.items():
        path = Path(outdir, name)
        path.parent.mkdir(parents=True, exist_ok=True)
        if not path.is_file() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")
    return list(texts)


def finish(app: Sphinx, exception: Exception | None) -> None:
    """``build-finished``: copy files where needed, write robots.txt, save caches."""
    if exception is not None or app.builder.format != "html":
        return
    # singlehtml emits no html-collect-pages; copying again elsewhere is a no-op.
    copy_files(app)
    outdir = Path(app.outdir)
    baseurl = app.config.html_baseurl
    if app.config.bibfolio_robots_txt and baseurl:
        sitemap = getattr(app.config, "sitemap_filename", "sitemap.xml") or "sitemap.xml"
        text = f"User-agent: *\nAllow: /\n\nSitemap: {baseurl.rstrip('/')}/{sitemap}\n"
        robots = outdir / "robots.txt"
        if not robots.is_file() or robots.read_text() != text:
            robots.write_text(text)
    cache = get_domain(app.env).fragments
    if cache is not None:
        logger.info(
            "bibfolio: %d list entries rendered, %d reused from earlier builds",
            cache.rendered,
            cache.reused,
        )
        cache.save()
