"""Fewer full garbage collections while Sphinx builds a big list.

A build keeps millions of objects alive to its end: the environment, every doctree,
and bibfolio's publications and entry nodes.  CPython's collector runs a full
collection, which walks every one of them, after every ten collections of the middle
generation (when at least a quarter of the long-lived objects are new).  The young
generations are collected as before, so short-lived cycles are still freed promptly;
what waits is garbage that survived two collections.  In the main process of a cold
build of the benchmark's 3000-entry list (counted with ``gc.callbacks``, five
interleaved runs, wall 3.0 s): 4 full collections taking 0.18 s with CPython's
thresholds, 3 taking 0.15 s with these.  Raised from ``builder-inited`` on, they saved
one more (2, 0.09 s: the one after the parse, when sphinxcontrib-bibtex loads its
plugins) but stayed raised in a process that made an application and never built it.

The thresholds are raised only where their restoring is certain: from the start of
reading (``env-before-read-docs``, inside ``Sphinx.build``) to ``build-finished``, which
Sphinx emits however the build ends, and around the bibliography's parse at
``builder-inited`` (:func:`relaxed`).  An application made and never built (a test, a
tool reading a project's configuration) leaves the process's thresholds as they were.

:func:`release_free_memory` gives the C allocator's free memory back to the system
(glibc's ``malloc_trim``), where a step that frees a lot leaves it scattered among
objects still alive: expanding a 3000-entry list frees ~30 MB of intermediate objects,
which the process would otherwise keep to its end.  It is called after such steps only;
it costs a few milliseconds.
"""

from __future__ import annotations

import ctypes
import gc
from contextlib import contextmanager
from functools import cache
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from collections.abc import Iterator

    from sphinx.application import Sphinx

#: The oldest generation's threshold during a build (CPython's default is 10).
FULL_COLLECTION_THRESHOLD = 1000

_saved: list[tuple[int, int, int]] = []


def _raise_oldest() -> tuple[int, int, int]:
    """Raise the oldest generation's threshold; the thresholds it had."""
    young, middle, oldest = gc.get_threshold()
    gc.set_threshold(young, middle, max(oldest, FULL_COLLECTION_THRESHOLD))
    return young, middle, oldest


def relax(app: Sphinx, env: object = None, docnames: object = None) -> None:
    """``env-before-read-docs``: collect the oldest generation rarely until the build ends."""
    _saved.append(_raise_oldest())


def restore(app: Sphinx, exception: Exception | None) -> None:
    """``build-finished``: the process's own thresholds again."""
    if _saved:
        gc.set_threshold(*_saved.pop())


@contextmanager
def relaxed() -> Iterator[None]:
    """The oldest generation collected rarely within the block, as during a build."""
    saved = _raise_oldest()
    try:
        yield
    finally:
        gc.set_threshold(*saved)


@contextmanager
def frozen() -> Iterator[None]:
    """The objects made so far left out of the block's collections (``gc.freeze``).

    Where they were frozen already (the live preview's build, forked from a process
    that froze its own), they stay frozen after the block: ``gc.unfreeze`` would give
    the rest of the build the warm process's million objects to walk again.
    """
    already = gc.get_freeze_count() > 0
    gc.freeze()
    try:
        yield
    finally:
        if not already:
            gc.unfreeze()


def release_free_memory() -> None:
    """Return the C allocator's free memory to the system (glibc only; elsewhere nothing)."""
    trim = _malloc_trim()
    if trim is not None:
        trim(0)


@cache
def _malloc_trim() -> Any:
    """The C library's ``malloc_trim`` (glibc), or None: other C libraries, Windows."""
    try:
        return ctypes.CDLL(None).malloc_trim  # the process's own symbols: the C library's
    except (OSError, AttributeError, TypeError):
        return None


def register(app: Sphinx) -> None:
    app.connect("env-before-read-docs", relax, priority=100)
    app.connect("build-finished", restore, priority=900)
