"""Files bibfolio adds to an HTML site: local files, citation files, robots.txt.

A list's citation files sit next to its page: the whole-list downloads (``<page>.bib``,
``.ris``, ``.json``, ``-apa.txt``, ``-ieee.txt``) and ``<page>.formats.json``, which the
entries' citation reveals load on first open (``static/bibfolio.js``) instead of
carrying every format inline.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from sphinx.util.osutil import relative_uri

from .. import atomic
from ..build.bibliography import get_domain, get_library
from ..build.warnings_ import logger
from ..formats.citeformats import csl_json, forget_formats, ris_file
from ..formats.cleanbib import forget_bibtex, publication_bibtex
from ..formats.references import STYLES, ReferenceCache, formats_data, reference_list
from . import paperworkers
from .localfiles import is_epub, linked_files, publishes_local_files

if TYPE_CHECKING:
    from collections.abc import Sequence

    from sphinx.application import Sphinx
    from sphinx.environment import BuildEnvironment

    from ..doctree import nodes as bf
    from ..doctree.entrycontext import EntryContext
    from ..model.publication import Publication
    from .context import PageContext


#: How the robots.txt bibfolio writes begins (the sitemap's address follows).
ROBOTS_START = "User-agent: *\nAllow: /\n\nSitemap: "


def forget_stale_files(app: Sphinx, env: BuildEnvironment) -> None:
    """``env-updated``: delete copies of files no entry links any more, and stale list files.

    Runs before the environment is saved, so the list of copies survives the build.
    """
    domain = get_domain(env)
    current = set(linked_files(env))
    if app.builder.format == "html":
        for stale in domain.data["copied"] - current:
            (Path(app.outdir) / stale).unlink(missing_ok=True)
    domain.data["copied"] = current
    if app.builder.format == "html" and not is_epub(app.builder):
        # Files of lists removed, renumbered or without downloads now, and of styles
        # taken out of bibfolio_cite_styles: a fresh build would not write them.
        files = list_files(env)
        for stale in domain.data["list_files"] - files:
            (Path(app.outdir) / stale).unlink(missing_ok=True)
        domain.data["list_files"] = files


def forget_removed_pages(
    app: Sphinx, env: BuildEnvironment, added: set[str], changed: set[str], removed: set[str]
) -> list[str]:
    """``env-get-outdated``, in a portfolio: delete the pages of deleted source documents.

    Sphinx leaves ``<page>.html`` and its ``_sources/`` copy in the output when the source
    is deleted, and a host that deploys the folder keeps publishing them; a fresh build
    has neither.  A portfolio's output is bibfolio's to keep (a host project's is left
    as Sphinx leaves it).  Returns no documents to read.
    """
    builder = app.builder
    if not removed or app.config.bibfolio_portfolio is not True or builder.format != "html":
        return []
    outdir = Path(app.outdir)
    sources = outdir / "_sources"
    link_suffix = app.config.html_sourcelink_suffix or ""
    for docname in removed - env.found_docs:
        Path(builder.get_outfilename(docname)).unlink(missing_ok=True)
        for suffix in app.config.source_suffix:
            name = f"{docname}{suffix}"
            if not name.endswith(link_suffix):
                name += link_suffix
            (sources / name).unlink(missing_ok=True)
    return []


def list_files(env: BuildEnvironment) -> set[str]:
    """The citation files of every list (:func:`write_list_files`), relative to the output."""
    styles = list(env.config.bibfolio_cite_styles)
    files = set()
    for listings in get_domain(env).listings.values():
        for listing in listings:
            if not listing.keys:
                continue
            stem = download_stem(listing.docname, listing.listing_id)
            files.add(formats_file(stem))
            if listing.download:
                files.update(name for _label, name in download_files(stem, styles))
    return files


def copy_files(app: Sphinx) -> list[tuple[str, dict[str, object], str]]:
    """``html-collect-pages``: copy the linked local files next to their paper pages.

    This event comes before a builder packs its output (the epub is zipped in
    ``finish``, before ``build-finished``).  An epub gets no linked files: a PDF is not
    an EPUB content type (see :func:`publishes_local_files`).  Returns no pages.
    """
    outdir = Path(app.outdir)
    if publishes_local_files(app.builder):
        for target, source in linked_files(app.env).items():
            if source.is_file():  # a missing one was reported as bibfolio.local_file
                atomic.copy_file(source, outdir / target)
    return []


def download_stem(docname: str, listing_id: str) -> str:
    """The name of a list's files, without suffix: the page's, ``-<n>`` for its n-th list."""
    if listing_id == "publications-1":
        return docname
    return f"{docname}-{listing_id.rsplit('-', 1)[1]}"


def formats_file(stem: str) -> str:
    """The file a list's reveals load their formats from (see :func:`formats_data`)."""
    return f"{stem}.formats.json"


def download_files(stem: str, styles: Sequence[str] = ()) -> list[tuple[str, str]]:
    """(label, file name) of a list's whole-list downloads, BibTeX first."""
    files = [("BibTeX", f"{stem}.bib"), ("RIS", f"{stem}.ris"), ("CSL-JSON", f"{stem}.json")]
    return files + [(STYLES[style], f"{stem}-{style}.txt") for style in styles]


def reference_cache(env: BuildEnvironment) -> ReferenceCache:
    """The build's formatted references, kept next to the doctrees between builds."""
    memo = get_library(env).memo
    if "references" not in memo:
        memo["references"] = ReferenceCache(Path(env.doctreedir) / "bibfolio-references.json")
    return memo["references"]


def write_downloads(
    outdir: str | Path,
    stem: str,
    publications: Sequence[Publication],
    styles: Sequence[str] = (),
    references: ReferenceCache | None = None,
) -> list[tuple[str, str]]:
    """Write the list's ``.bib``, ``.ris``, ``.json`` (CSL-JSON) and a file per style.

    Returns (label, file name relative to *outdir*) of each, BibTeX first (as
    :func:`download_files`).  A file whose text is unchanged is not rewritten (its mtime
    stays, so servers and caches keep it).
    """
    store = references or ReferenceCache(None)
    files = download_files(stem, styles)
    texts = [
        # The entries' reveals wrote the same clean BibTeX (clean_bibliography's text).
        "\n\n".join(map(publication_bibtex, publications)) + "\n",
        ris_file(publications),
        csl_json(publications),
        *(
            reference_list((store.reference(p, style) for p in publications), style)
            for style in styles
        ),
    ]
    for (_label, name), text in zip(files, texts, strict=True):
        _write(Path(outdir, name), text)
    return files


def write_list_files(
    env: BuildEnvironment,
    outdir: str | Path,
    stem: str,
    publications: Sequence[Publication],
    *,
    download: bool,
    papers_follow: bool = True,
) -> list[tuple[str, str]]:
    """Write a list's formats file and, if it offers them, its downloads (as above).

    A list without downloads still gets the formats file (linked from nowhere but its
    reveals' script), so every list's reveals work alike.  Unless *papers_follow* (paper
    pages show the same records), the entries' records are forgotten afterwards.
    """
    styles = list(env.config.bibfolio_cite_styles)
    # No styles (outside a portfolio, by default): no citeproc, no cache file.
    references = reference_cache(env) if styles else None
    app = get_domain(env).app
    if references is not None and app is not None:
        paperworkers.make_references(app, references, publications, styles)
    _write(Path(outdir, formats_file(stem)), formats_data(publications, styles, references))
    files = write_downloads(outdir, stem, publications, styles, references) if download else []
    # The entries' reveals and the download shared it; nothing else on the page needs it.
    forget_bibtex(publications)
    if not papers_follow:
        forget_formats(publications)
    if references is not None:
        # Saved here too, not only at build-finished: parallel writers are other processes.
        references.save()
    return files


def _write(path: Path, text: str) -> None:
    atomic.write_file(path, text)


class ListFormats:
    """Where the citation files of the lists on a page are, for their entries' reveals."""

    def __init__(self, page: PageContext, tools: Sequence[bf.listing_tools]) -> None:
        self.here = page.builder.get_target_uri(page.page)
        #: An EPUB has no scripts to load formats with: its reveals keep them inline.
        self.inline = is_epub(page.builder) or not page.html
        self.styles = tuple(page.env.config.bibfolio_cite_styles)
        self.download = {(node["docname"], node["listing"]): node["download"] for node in tools}
        self._lists: dict[tuple[str, str], tuple[str, tuple[tuple[str, str], ...]]] = {}

    def context(self, context: EntryContext, docname: str, listing_id: str) -> EntryContext:
        """*context* with the files of list *listing_id* of *docname* (part of its key)."""
        if self.inline:
            return context
        found = self._lists.get((docname, listing_id))
        if found is None:
            stem = download_stem(docname, listing_id)
            files: tuple[tuple[str, str], ...] = ()
            if self.download.get((docname, listing_id)):
                # Not the BibTeX: the entry's own BibTeX reveal is beside this one.
                files = tuple(
                    (label, relative_uri(self.here, name))
                    for label, name in download_files(stem, self.styles)[1:]
                )
            found = (relative_uri(self.here, formats_file(stem)), files)
            self._lists[docname, listing_id] = found
        data, files = found
        return replace(context, cite_styles=self.styles, formats_data=data, formats_files=files)


def _robots_text(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return ""


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
        text = f"{ROBOTS_START}{baseurl.rstrip('/')}/{sitemap}\n"
        atomic.write_file(outdir / "robots.txt", text)
    elif _robots_text(outdir / "robots.txt").startswith(ROBOTS_START):
        # Ours from an earlier build (no baseurl now, or turned off); not a project's own.
        (outdir / "robots.txt").unlink()
    references = get_library(app.env).memo.get("references")
    if references is not None:
        logger.info(
            "bibfolio: %d formatted references made, %d reused from earlier builds",
            references.made,
            references.reused,
        )
        references.save()
    cache = get_domain(app.env).fragments
    if cache is not None:
        logger.info(
            "bibfolio: %d list entries rendered, %d reused from earlier builds",
            cache.rendered,
            cache.reused,
        )
        cache.save()
