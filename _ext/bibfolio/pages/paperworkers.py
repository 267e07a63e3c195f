"""Paper pages (and a long list's entries and references) made by forked workers, as ``-j``.

Writing a paper page is the same work for every page and shares nothing with the next
one: thousands of them (a group site, the N = 3,000 bench) were most of a cold build,
on one core.  When there are many pages to write, :func:`write` forks workers through
Sphinx's own :class:`~sphinx.util.parallel.ParallelTasks`, each writing a share of the
pages to their files; their log records (warnings included) come back to the parent
and are logged there, as Sphinx does for ``-j``.  Nothing else has to come back: the
parent keeps each page's signature and search text itself (``papers.write_pages``).

On Linux the pages are forked for by their number, not only with ``-j``: Read the Docs
and the bench build without it, and a page is written the same way in a worker as in
the parent (the output is byte-identical; tests/test_paper_workers.py).  ``-j N`` sets
the number of workers; without it, it is the number of CPUs this process may use.
Elsewhere only ``-j`` forks, as Sphinx does (macOS libraries that have started their
runtime may crash a forked child: Python no longer forks there by default).  Pages are
written in the parent alone where Sphinx could not fork (no ``fork``), where an
extension does not declare itself safe for parallel writing (its ``html-page-context``
handler may keep state in the parent), where the process has other threads (forking
copies none of them), inside a worker already, and for fewer than :data:`MIN_PAGES` pages.

A list's APA and IEEE references are made the same way, by the same rules
(:func:`make_references`), before the list's files are written.  A long list's entries
and citation files are shared out by the same rules too, between this process, which
renders a share itself meanwhile (:func:`alongside`), and workers (:mod:`.listworkers`).
"""

from __future__ import annotations

import collections
import contextlib
import logging
import multiprocessing
import os
import sys
import threading
from typing import TYPE_CHECKING, Any

from sphinx.util import parallel
from sphinx.util.display import status_iterator

from ..build.gcpolicy import frozen
from ..formats.references import formatted_reference, made_elsewhere

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator, Sequence

    from sphinx.application import Sphinx

    from ..formats.references import ReferenceCache
    from ..model.publication import Publication

#: Fewer pages than this are written in the parent alone.  A fork costs its worker copies
#: of the parent's memory as it touches it: 10,000 to 25,000 more page faults per fork
#: (measured at N = 200 and 3,000), worth a few dozen pages; each worker gets half this.
MIN_PAGES = 100
#: Chunks per worker: a worker forked per chunk, so a worker whose core is busy with
#: something else leaves more of the pages to the others.
_CHUNKS_PER_WORKER = 2


#: Sphinx's loggers that make a DEBUG record for each page: the event manager for every
#: event a page emits, the application and the registry for every stylesheet and script
#: a page adds (pydata-sphinx-theme adds a script naming each page; bibfolio its CSS and
#: JS to pages that show entries).
_PER_PAGE_LOGGERS = ("sphinx.sphinx.events", "sphinx.sphinx.application", "sphinx.sphinx.registry")


@contextlib.contextmanager
def _no_debug_records(app: Sphinx) -> Iterator[None]:
    """Let Sphinx's per-page loggers skip their debug records while paper pages are written.

    Sphinx makes a log record for each event a page emits (``html-page-context`` with
    the whole page context) and two for each ``add_css_file``/``add_js_file`` a handler
    calls, and its handlers drop them unless the verbosity shows debug messages
    (``-vv``): about 15,000 records no one sees at 3,000 pages.  With ``-vv`` they are
    made and shown as before.
    """
    if app.verbosity >= 2:
        yield
        return
    loggers = [logging.getLogger(name) for name in _PER_PAGE_LOGGERS]
    levels = [logger.level for logger in loggers]
    for logger in loggers:
        logger.setLevel(logging.INFO)
    try:
        yield
    finally:
        for logger, level in zip(loggers, levels, strict=True):
            logger.setLevel(level)


def _cpus() -> int:
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


def _extensions_allow(app: Sphinx) -> bool:
    """Whether every extension declares itself safe for parallel writing (without warning)."""
    return all(extension.parallel_write_safe for extension in app.extensions.values())


def workers(app: Sphinx, pages: int) -> int:
    """How many processes should write *pages* paper pages (1: the parent alone)."""
    if (
        pages < MIN_PAGES
        or not parallel.parallel_available
        # Inside a worker already (Sphinx's own, writing documents with -j): no more.
        or multiprocessing.parent_process() is not None
        or threading.active_count() > 1
        or not _extensions_allow(app)
    ):
        return 1
    if app.parallel > 1:
        wanted = app.parallel
    elif sys.platform.startswith("linux"):
        wanted = _cpus()
    else:
        return 1
    return max(1, min(wanted, pages // max(1, MIN_PAGES // 2)))


def _chunks(items: Sequence[Any], count: int) -> list[Sequence[Any]]:
    size = -(-len(items) // count)
    return [items[start : start + size] for start in range(0, len(items), size)]


def _display(chunk: Sequence[tuple[str, str]]) -> str:
    return f"{chunk[0][0]} .. {chunk[-1][0]}" if len(chunk) > 1 else chunk[0][0]


def write(
    app: Sphinx,
    items: Sequence[tuple[str, str]],
    write_one: Callable[[str, str], None],
    summary: str,
) -> int:
    """Write each ``(page, key)`` of *items* with *write_one*, in workers if it pays.

    Returns the number of processes that wrote them (1: the parent alone).
    """
    with _no_debug_records(app):
        return _write(app, items, write_one, summary)


def _write(
    app: Sphinx,
    items: Sequence[tuple[str, str]],
    write_one: Callable[[str, str], None],
    summary: str,
) -> int:
    count = workers(app, len(items))
    if count == 1:
        for page, key in status_iterator(
            items, summary, "darkgreen", len(items), app.verbosity, lambda item: item[0]
        ):
            write_one(page, key)
        return 1
    # The first page in the parent: the workers inherit what it warmed up (the compiled
    # templates, the page skeleton, the highlighter) instead of each making it again.
    write_one(*items[0])
    chunks = _chunks(items[1:], count * _CHUNKS_PER_WORKER)
    progress = status_iterator(chunks, summary, "darkgreen", len(chunks), app.verbosity, _display)

    def write_chunk(chunk: Sequence[tuple[str, str]]) -> int:
        for page, key in chunk:
            write_one(page, key)
        return len(chunk)

    def chunk_done(_chunk: Any, _written: int) -> None:
        next(progress)

    in_workers(count, chunks, write_chunk, chunk_done)
    collections.deque(progress, maxlen=0)  # the progress line's end
    return count


def in_workers(
    count: int,
    chunks: Sequence[Any],
    task: Callable[[Any], Any],
    done: Callable[[Any, Any], None],
) -> None:
    """``task(chunk)`` for each of *chunks* in *count* forked workers; ``done(chunk, result)``.

    *done* runs in the parent with what *task* returned (pickled back, as Sphinx's
    :class:`~sphinx.util.parallel.ParallelTasks` does).
    """
    _forked(count, chunks, task, done)


def alongside(
    parts: Sequence[Any],
    task: Callable[[Any], Any],
    done: Callable[[Any, Any], None],
    own: Callable[[], None],
) -> None:
    """``task(part)`` for each of *parts*, a forked worker each, while this process runs *own*.

    Where this process has work of its own to do meanwhile (:func:`in_workers` leaves
    it waiting).  ``done(part, result)`` runs here once *own* has returned.
    """
    _forked(max(1, len(parts)), parts, task, done, own)


def _forked(
    count: int,
    parts: Sequence[Any],
    task: Callable[[Any], Any],
    done: Callable[[Any, Any], None],
    own: Callable[[], None] | None = None,
) -> None:
    # The parent's objects out of the workers' garbage collections: a collection reads
    # (and so copies) every object it tracks, the memory a fork shares with the parent.
    with frozen():
        tasks = parallel.ParallelTasks(count)
        for part in parts:
            tasks.add_task(task, part, done)  # started at once while fewer than count run
        if own is not None:
            own()
        tasks.join()


def make_references(
    app: Sphinx,
    references: ReferenceCache,
    publications: Sequence[Publication],
    styles: Sequence[str],
) -> int:
    """Format the references (APA, IEEE) a list will need in workers, if it pays.

    citeproc-py takes about 5 ms a reference: a 3000-entry list in two styles is half a
    minute on one core.  The texts come back to this process's memo, where the list's
    files then find them (:meth:`.ReferenceCache.reference` counts them as made).
    Returns the number of processes that made them (1: none made here).
    """
    if workers(app, len(publications) * len(styles)) == 1:
        return 1  # too few even if none were made yet: not worth looking
    missing = references.to_make(publications, styles)
    count = workers(app, len(missing))
    if count == 1:
        return 1

    def make(chunk: Sequence[tuple[Publication, str]]) -> list[str]:
        return [formatted_reference(publication, style) for publication, style in chunk]

    def made(chunk: Sequence[tuple[Publication, str]], texts: list[str]) -> None:
        for (publication, style), text in zip(chunk, texts, strict=True):
            made_elsewhere(publication, style, text)

    # The first of each style in the parent: the workers inherit the styles and locales
    # it read and the searches it remembered (formats/cslmemo.py).
    first = {style: (publication, style) for publication, style in reversed(missing)}
    for publication, style in first.values():
        formatted_reference(publication, style)
    rest = [pair for pair in missing if pair not in first.values()]
    if rest:
        in_workers(count, _chunks(rest, count * _CHUNKS_PER_WORKER), make, made)
    return count
