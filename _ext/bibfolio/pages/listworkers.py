"""A long list's entries and citation files made on every core.

A long list's entries (about 0.35 ms each) and its citation files (RIS and CSL-JSON of
every entry, 0.2 ms an entry) were a cold build's longest serial step.  When the list
has :data:`SHARED_ENTRIES` or more entries to render and more than one process should
work (:func:`.paperworkers.workers`' rules, one fewer while the CV is typeset), the
build process renders a share of them while forked workers render the rest and write
the files (:func:`.paperworkers.alongside`).  The entries go into the fragment cache
(:meth:`.FragmentCache.put`), where the page then finds them; the output is the same
as from the build process alone (tests/test_paper_workers.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..build.slugs import writes_paper_pages
from ..cv.build import typesetting
from ..doctree.entryhtml import entry_html
from ..doctree.render import entry_html_nodes
from . import paperworkers
from .assets import download_stem, write_list_files
from .localfiles import is_epub

if TYPE_CHECKING:
    from collections.abc import Callable

    from docutils import nodes
    from sphinx.application import Sphinx

    from ..build.bibliography import Listing
    from ..build.fragments import DirectWriter, FragmentCache
    from ..doctree import nodes as bf
    from .context import PageContext

#: A list with at least this many entries to render shares them out (:func:`render_ahead`);
#: a shorter one is rendered in the build process alone, as before: a fork costs its
#: worker copies of the memory it touches (paperworkers.MIN_PAGES).
SHARED_ENTRIES = 500
#: What a list's citation files (RIS and CSL-JSON of every entry) cost for each of its
#: entries, in entries rendered: 0.63 s against 1.06 s for a 3000-entry list.
_FILES_WEIGHT = 0.6


def makers(
    publication: Any, context: Any
) -> tuple[Callable[[], nodes.Element], Callable[[DirectWriter], tuple[str, str] | None]]:
    """The entry's node tree and direct HTML writer, as :meth:`.FragmentCache.get` takes them."""
    return (
        lambda: entry_html_nodes(publication, context),
        lambda writer: entry_html(publication, context, writer),
    )


def processes(app: Sphinx, entries: int) -> int:
    """How many processes should render *entries* list entries (1: this one alone)."""
    count = paperworkers.workers(app, entries)
    if typesetting(app):
        # The CV's Typst child has a core: on two, a worker would share it with Typst.
        # Measured at N=3000 (case h, one run each): the list took 1.94 s in two such
        # workers, 1.97 s in this process alone.
        count -= 1
    return count


def list_files(
    node: bf.listing_tools, listing: Listing, page: PageContext
) -> dict[str, Any] | None:
    """:func:`.assets.write_list_files`' arguments for the list of *node*, if it has files."""
    publications = [p for p in map(page.library.get, listing.keys) if p is not None]
    # An EPUB has no reveals that load formats, nor downloads (html._tools).
    if not publications or is_epub(page.builder):
        return None
    config = page.env.config
    return {
        "env": page.env,
        "outdir": page.builder.outdir,
        "stem": download_stem(listing.docname, listing.listing_id),
        "publications": publications,
        "download": node["download"],
        "papers_follow": bool(config.bibfolio_paper_pages) and writes_paper_pages(page.builder),
    }


def list_file_jobs(
    tools: list[bf.listing_tools], page: PageContext
) -> dict[tuple[str, str], dict[str, Any]]:
    """The lists' files a worker may write (:func:`render_ahead`): none with references.

    The formatted references (APA, IEEE) are made and counted by this process's
    reference cache, which saves them for the next build: a worker's would be lost.
    """
    if page.env.config.bibfolio_cite_styles:
        return {}
    jobs = {}
    for node in tools:
        listing = page.listing(node["docname"], node["listing"])
        if listing is not None and (job := list_files(node, listing, page)) is not None:
            jobs[listing.docname, listing.listing_id] = job
    return jobs


def _shares(
    count: int, items: list[Any], files: dict[tuple[str, str], int]
) -> list[tuple[list[tuple[str, str]], list[Any]]]:
    """*items* (entries) and the lists' *files* (name: entries) shared out among *count*.

    The first share is this process's and has no files; each share gets about as much
    work as another.
    """
    loads = [0.0] * count
    names: list[list[tuple[str, str]]] = [[] for _ in range(count)]
    for name, size in sorted(files.items(), key=lambda pair: -pair[1]):
        worker = min(range(1, count), key=loads.__getitem__)
        names[worker].append(name)
        loads[worker] += _FILES_WEIGHT * size
    each = (sum(loads) + len(items)) / count
    shares = []
    start = 0
    for index in range(count):
        wanted = round(each - loads[index]) if index < count - 1 else len(items)
        part = items[start : start + max(0, wanted)]
        start += len(part)
        shares.append((names[index], part))
    return shares


def render_ahead(
    app: Sphinx,
    cache: FragmentCache,
    entries: list[tuple[nodes.Element, tuple[str, str], Any, Any]],
    jobs: dict[tuple[str, str], dict[str, Any]],
) -> dict[tuple[str, str], list[tuple[str, str]]]:
    """Render *entries* (the cache lacks them) and write the lists' files of *jobs*.

    Returns the files written per list (``write_list_files``' answer); nothing when
    workers do not pay, and the page does all of it as before.
    """
    missing = {key: (publication, context) for _node, key, publication, context in entries}
    count = processes(app, len(missing)) if len(missing) >= SHARED_ENTRIES else 1
    if count <= 1:
        return {}
    items = list(missing.items())

    def make(publication: Any, context: Any) -> tuple[str, str]:
        return cache.make(*makers(publication, context))

    # The first in this process: the workers inherit the writer it made.
    first_key, first = items[0]
    cache.put(first_key, make(*first))
    sizes = {name: len(job["publications"]) for name, job in jobs.items()}
    (_none, own), *shares = _shares(count, items[1:], sizes)
    written: dict[tuple[str, str], list[tuple[str, str]]] = {}

    def task(share: tuple[list[tuple[str, str]], list[Any]]) -> Any:
        names, part = share
        files = [(name, write_list_files(**jobs[name])) for name in names]
        return files, [make(publication, context) for _key, (publication, context) in part]

    def done(share: tuple[list[tuple[str, str]], list[Any]], result: Any) -> None:
        files, found = result
        written.update(files)
        for (key, _made), html in zip(share[1], found, strict=True):
            cache.put(key, html)

    def render_own() -> None:
        for key, (publication, context) in own:
            cache.put(key, make(publication, context))

    paperworkers.alongside(shares, task, done, render_own)
    return written
