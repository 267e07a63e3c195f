"""Files bibfolio adds to an HTML site: its CSS and JS, linked local files, robots.txt."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import TYPE_CHECKING

from .bibliography import get_domain, get_library
from .papers import paper_slugs
from .transforms import local_file_target
from .warnings_ import logger

if TYPE_CHECKING:
    from sphinx.application import Sphinx
    from sphinx.environment import BuildEnvironment


STATIC = Path(__file__).parent / "static"


def add_assets(app: Sphinx) -> None:
    """``builder-inited``: link bibfolio.css and bibfolio.js from HTML pages."""
    if app.builder.format != "html":
        return
    app.add_css_file("bibfolio.css")
    app.add_js_file("bibfolio.js", loading_method="defer")


def _copy_if_newer(source: Path, target: Path) -> None:
    if target.is_file() and target.stat().st_mtime >= source.stat().st_mtime:
        return
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(source, target)


def linked_files(env: BuildEnvironment) -> dict[str, Path]:
    """Local files linked from entries: site path (next to the paper page) → source."""
    library = get_library(env)
    if not library.state.local_links:
        return {}
    slugs = paper_slugs(library.keys)
    found = {}
    for publication in library.publications.values():
        base = Path(publication.entry.path).parent
        for link in publication.links:
            if link.local:
                target = local_file_target(
                    publication, link.field, link.local, slugs[publication.key],
                    env.config.bibfolio_paper_dir,
                )  # fmt: skip
                found[target] = base / link.local
    return found


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


def finish(app: Sphinx, exception: Exception | None) -> None:
    """``build-finished``: copy static and linked files, write robots.txt, save caches."""
    if exception is not None or app.builder.format != "html":
        return
    outdir = Path(app.outdir)
    for asset in STATIC.iterdir():
        _copy_if_newer(asset, outdir / "_static" / asset.name)
    for target, source in linked_files(app.env).items():
        if source.is_file():  # a missing one was reported as bibfolio.local_file
            _copy_if_newer(source, outdir / target)
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
