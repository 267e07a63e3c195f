"""Live preview: sphinx-autobuild whose rebuilds start warm (``nox -s docs-live``).

``python -m bibfolio.live`` takes sphinx-autobuild's arguments and runs sphinx-autobuild's
own command line (``sphinx_autobuild.__main__.main``: its watcher, server and reload),
with one part replaced: its builder.  sphinx-autobuild runs ``python -m sphinx build`` as
a new process for every change, which pays Python's start and every import (Sphinx,
docutils, MyST, the theme, bibfolio ...) again each time.  Here each build, the first
included, runs in a child forked from this process: a fresh copy of a process that has
built nothing, so no state of one build reaches the next, and what is served is what
``sphinx-build`` writes.  The first build's child reports the modules the build
imported; this process then imports them, so every later child starts with them.  The
builds also share their compiled HTML templates (Jinja's bytecode cache), and each writes
the site's pages before it starts the CV's PDFs (the page just saved is served sooner;
the files are the same).

A module imported that way may change on disk (an edit to bibfolio, ``pip install``): its
old code must not build.  Before each build the files' modification times are compared
with those at the import; once one differs, builds run as new processes again, as
sphinx-autobuild's own do (restart the preview to make them warm again).  Where ``fork``
is not how the standard library starts processes (Windows, macOS), and with
``--no-initial``, everything is sphinx-autobuild's own.
"""

from __future__ import annotations

import contextlib
import gc
import importlib
import logging
import multiprocessing
import os
import signal
import subprocess
import sys
import traceback
import warnings
from pathlib import Path
from typing import TYPE_CHECKING, Any

import sphinx_autobuild.__main__ as autobuild
from sphinx_autobuild.build import Builder
from sphinx_autobuild.utils import show_command, show_message

if TYPE_CHECKING:
    from collections.abc import Sequence

#: Not imported ahead: this process's own entry points.
_NOT_AHEAD = frozenset({"__main__", "__mp_main__"})


class WarmBuilder(Builder):
    """sphinx-autobuild's builder, building in a forked child of a warm process."""

    #: Module file → modification time (ns) when this process imported it; None: cold.
    warm: dict[str, int] | None = None

    def __call__(self, *, changed_paths: Sequence[Path]) -> None:
        if changed_paths and self.warm is None:
            super().__call__(changed_paths=changed_paths)  # not warmed: sphinx-autobuild's own
            return
        changed = _changed_modules(self.warm or {})
        if changed:
            show_message(
                f"Python modules changed since the preview started ({', '.join(changed[:3])}): "
                "building in a new process (restart the preview for fast rebuilds again)"
            )
            super().__call__(changed_paths=changed_paths)
            return
        if changed_paths:
            shown = [_shown(path) for path in changed_paths[:5] if path.exists()]
            if shown:
                show_message(f"Detected changes ({', '.join(shown)})")
            show_message("Rebuilding...")
        if _run_commands(self.pre_build_commands, "pre-build") != 0:
            return
        show_command(["python", "-m", "sphinx", "build", *self.sphinx_args])
        first = not changed_paths
        code, imported = forked_build(self.sphinx_args, report_modules=first)
        if code:
            sys.stdout.write(
                f"Sphinx exited with exit code: {code}\n"
                "The server will continue serving the build folder, but the contents "
                "being served are no longer in sync with the documentation sources. "
                "Please fix the cause of the error above or press Ctrl+C to stop the "
                "server.\n"
            )
        else:  # sphinx-autobuild 2024.10 has no post-build commands
            _run_commands(getattr(self, "post_build_commands", ()), "post-build")
        if first:
            self.warm = import_ahead(imported)
        show_message(f"Serving on {self.uri}")


def _run_commands(commands: Sequence[Sequence[str]], context: str) -> int:
    """Run sphinx-autobuild's ``--pre-build`` (or ``--post-build``) commands, as it does.

    Its own runner is a private method that its 2024.10 releases (within our declared
    range) do not have; the exit code of the first that failed, else 0.
    """
    for command in commands:
        show_message(context)
        show_command(list(command))
        code = subprocess.run(list(command), check=False).returncode
        if code:
            sys.stdout.write(
                f"{context.title()} command exited with exit code: {code}\n"
                "Please fix the cause of the error above or press Ctrl+C to stop the server.\n"
            )
            return code
    return 0


def _shown(path: Path) -> str:
    """*path* as sphinx-autobuild names a change: relative to the working folder if inside."""
    with contextlib.suppress(ValueError):
        path = path.relative_to(Path.cwd())
    return path.as_posix()


def forked_build(args: Sequence[str], *, report_modules: bool = False) -> tuple[int, list[str]]:
    """Run ``sphinx build *args*`` in a forked child: (exit code, modules it imported)."""
    read_end, write_end = os.pipe()
    sys.stdout.flush()
    sys.stderr.flush()
    # A full collection in the child would walk every object imported here (~0.1 s each,
    # and writing to them copies the memory the fork shares): frozen, they are passed by.
    gc.freeze()
    pid = os.fork()
    if pid == 0:  # the child: build, report, exit without running the parent's cleanup
        os.close(read_end)
        code = 2
        try:
            # As in a new process: Ctrl+C and SIGTERM stop the build (not the server's).
            signal.signal(signal.SIGINT, signal.default_int_handler)
            signal.signal(signal.SIGTERM, signal.SIG_DFL)
            from sphinx.cmd.build import main  # noqa: PLC0415 - imported ahead by then

            _cache_templates()
            _pages_first()
            code = main(["build", *args])
            if report_modules:
                with os.fdopen(write_end, "w", encoding="utf-8") as report:
                    report.write("\n".join(sys.modules))
        except BaseException:  # shown, as a new process would show it
            traceback.print_exc()
        finally:
            sys.stdout.flush()
            sys.stderr.flush()
            os._exit(code)
    gc.unfreeze()  # here, as before
    os.close(write_end)
    with os.fdopen(read_end, encoding="utf-8") as report:
        modules = report.read().split("\n")
    _, status = os.waitpid(pid, 0)
    return os.waitstatus_to_exitcode(status), [name for name in modules if name]


def _cache_templates() -> None:
    """Let this process's build load the HTML templates compiled by an earlier one.

    Compiling the theme's templates is about 0.2 s of every build (of 0.8 s before a
    page edit's page is written).  Jinja's own bytecode cache keeps them in its folder
    for this user (``_jinja2-cache-<uid>`` in the temporary folder, made private by
    Jinja), keyed on each template's name and checked against its source's checksum,
    so an edited template is compiled again.  Sphinx offers no setting for it: its
    template loader makes the Jinja environment (patched in this child only).
    """
    from jinja2 import FileSystemBytecodeCache  # noqa: PLC0415
    from sphinx.jinja2glue import BuiltinTemplateLoader  # noqa: PLC0415

    cache = FileSystemBytecodeCache()
    init = BuiltinTemplateLoader.init

    def init_cached(self: BuiltinTemplateLoader, *args: Any, **kwargs: Any) -> None:
        init(self, *args, **kwargs)
        self.environment.bytecode_cache = cache

    BuiltinTemplateLoader.init = init_cached  # type: ignore[method-assign]


def _pages_first() -> None:
    """Let this process's build write the site's pages before it starts the CV's PDFs.

    What an author waits for is the page just saved; the CV's sources and its Typst
    process would otherwise come first (bibfolio.cv.timing.CvTiming).  The files
    written are the same.
    """
    from bibfolio.cv.timing import CvTiming  # noqa: PLC0415

    CvTiming.after_pages = True


def import_ahead(names: Sequence[str]) -> dict[str, int]:
    """Import *names* here (those that fail are left to the builds); their files' mtimes.

    Quietly: what a module says on import is the build's to say (and filter), not ours.
    The root logger is put back as it was: a module that configures logging on import
    (``a11y_pygments`` calls ``logging.basicConfig``) does so for a build's process,
    not for the server's; other handlers made meanwhile write to stderr, as they would.
    """
    root = logging.getLogger()
    handlers, level, stderr = list(root.handlers), root.level, sys.stderr
    quiet = Path(os.devnull).open("w", encoding="utf-8")  # noqa: SIM115 - closed below
    with (
        quiet,
        contextlib.redirect_stdout(quiet),
        contextlib.redirect_stderr(quiet),
        warnings.catch_warnings(),
    ):
        warnings.simplefilter("ignore")
        for name in names:
            if name in sys.modules or name in _NOT_AHEAD:
                continue
            try:
                importlib.import_module(name)
            except BaseException:  # any failure: the build imports it itself
                continue
        root.handlers[:], root.level = handlers, level
        loggers = [logging.getLogger(name) for name in list(logging.root.manager.loggerDict)]
        for handler in (handler for logger in loggers for handler in logger.handlers):
            if isinstance(handler, logging.StreamHandler) and handler.stream is quiet:
                handler.setStream(stderr)
    return _module_times()


def _module_times() -> dict[str, int]:
    times = {}
    for module in list(sys.modules.values()):
        path = getattr(module, "__file__", None)
        if path:
            try:
                times[path] = Path(path).stat().st_mtime_ns
            except OSError:
                continue
    return times


def _changed_modules(times: dict[str, int]) -> list[str]:
    changed = []
    for path, mtime in times.items():
        try:
            if Path(path).stat().st_mtime_ns != mtime:
                changed.append(path)
        except OSError:
            changed.append(path)
    return changed


def main(argv: Sequence[str] | None = None) -> Any:
    """sphinx-autobuild's command line with :class:`WarmBuilder` (where processes fork)."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if multiprocessing.get_start_method() == "fork" and "--no-initial" not in argv:
        autobuild.Builder = WarmBuilder  # the name sphinx-autobuild's main() builds with
    return autobuild.main(argv)


if __name__ == "__main__":
    from bibfolio.live import main as live_main  # the module's own name, for pickling

    sys.exit(live_main())
