"""Live preview: sphinx-autobuild whose rebuilds start warm (``nox -s docs-live``).

``python -m bibfolio.live`` takes sphinx-autobuild's arguments and runs sphinx-autobuild's
own command line (``sphinx_autobuild.__main__.main``: its watcher, server and reload),
with two parts replaced: its builder (builder.py) and its watch loop (server.py).
sphinx-autobuild runs ``python -m sphinx build`` as a new process for every change, which
pays Python's start and every import (Sphinx, docutils, MyST, the theme, bibfolio ...)
again each time.  Here each build, the first included, runs in a child forked from a
copy of this process (fork.py): a fresh copy of a process that has built nothing, so no
state of one build reaches the next, and what is served is what ``sphinx-build``
writes.  The first build's child reports the modules the build imported; this process
then imports them (warm.py), so every later child starts with them, and forks the
zygote that forks those children, each one ahead of its build.  The builds also share
their compiled HTML templates (Jinja's bytecode cache), and each writes the site's
pages before it starts the CV's PDFs (the page just saved is served sooner; the files
are the same).

A module imported that way may change on disk (an edit to bibfolio, ``pip install``): its
old code must not build.  Before each build the files' modification times are compared
with those at the import; once one differs, builds run as new processes again, as
sphinx-autobuild's own do (restart the preview to make them warm again).  Where ``fork``
is not how the standard library starts processes (Windows, macOS), and with
``--no-initial``, everything is sphinx-autobuild's own.

May import every other part of bibfolio (it is the top layer).
"""

from __future__ import annotations

import multiprocessing
import sys
from typing import TYPE_CHECKING, Any

import sphinx_autobuild.__main__ as autobuild

from .builder import WarmBuilder
from .fork import forked_build
from .server import WarmRebuildServer
from .warm import import_ahead

if TYPE_CHECKING:
    from collections.abc import Sequence

__all__ = ["WarmBuilder", "WarmRebuildServer", "forked_build", "import_ahead", "main"]


def main(argv: Sequence[str] | None = None) -> Any:
    """sphinx-autobuild's command line with warm builds (where processes fork)."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if multiprocessing.get_start_method() == "fork" and "--no-initial" not in argv:
        # The names sphinx-autobuild's main() makes its builder and its watcher with.
        autobuild.Builder = WarmBuilder
        autobuild.RebuildServer = WarmRebuildServer
    return autobuild.main(argv)
