"""Builds in forked copies of the warm process: the first one, and those of the zygote.

A build runs in a child forked from a process that has imported everything and built
nothing, so no state of one build reaches the next.  The first build's child is forked
from the server itself (:func:`forked_build`).  The later ones are forked by a
:class:`Zygote`: one more copy of the warm server, made before the server starts its
threads, that keeps one child forked and waiting for the next build (a *standby*).
When a change comes, that child is told the build's arguments and builds at once; the
zygote then forks the next standby.  A standby has done nothing but wait: it is the
same copy of the warm process a fork at that moment would make, made earlier.
"""

from __future__ import annotations

import contextlib
import gc
import json
import os
import select
import signal
import sys
import time
import traceback
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from collections.abc import Sequence


def forked_build(args: Sequence[str], *, report_modules: bool = False) -> tuple[int, list[str]]:
    """Run ``sphinx build *args*`` in a forked child: (exit code, modules it imported)."""
    read_end, write_end = os.pipe()
    _flush()
    # A full collection in the child would walk every object imported here (~0.1 s each,
    # and writing to them copies the memory the fork shares): frozen, they are passed by.
    gc.freeze()
    pid = os.fork()
    if pid == 0:  # the child: build, report, exit without running the parent's cleanup
        os.close(read_end)
        code = 2
        try:
            code = build_here(args)
            if report_modules:
                with os.fdopen(write_end, "w", encoding="utf-8") as report:
                    report.write("\n".join(sys.modules))
        finally:
            _flush()
            os._exit(code)
    gc.unfreeze()  # here, as before
    os.close(write_end)
    with os.fdopen(read_end, encoding="utf-8") as report:
        modules = report.read().split("\n")
    _, status = os.waitpid(pid, 0)
    return os.waitstatus_to_exitcode(status), [name for name in modules if name]


def build_here(args: Sequence[str]) -> int:
    """In a build's child: ``sphinx build *args*``, its exit code (2 for an exception)."""
    try:
        # As in a new process: Ctrl+C and SIGTERM stop the build (not the server's).
        signal.signal(signal.SIGINT, signal.default_int_handler)
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        from sphinx.cmd.build import main  # noqa: PLC0415 - imported ahead by then

        _cache_templates()
        _pages_first()
        return main(["build", *args])
    except BaseException:  # shown, as a new process would show it
        traceback.print_exc()
        return 2


def _reap_children() -> None:
    """Wait for this process's children: an interrupted build leaves none running."""
    with contextlib.suppress(ChildProcessError):
        while True:
            os.waitpid(-1, 0)


def _flush() -> None:
    sys.stdout.flush()
    sys.stderr.flush()


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


class ZygoteGoneError(Exception):
    """The zygote process is no longer there to fork builds."""


class Zygote:
    """The server's handle on its zygote: :meth:`build` asks it for a build and waits.

    Made in the server's only thread, before it serves (forking a process with threads
    copies locks other threads may hold).  The zygote ends when the server does (its
    request pipe reaches its end), stopping a build it runs.
    """

    def __init__(self) -> None:
        requests_out, self._requests = os.pipe()
        self._replies, replies_in = os.pipe()
        _flush()
        pid = os.fork()
        if pid == 0:
            code = 0
            try:
                os.close(self._requests)
                os.close(self._replies)
                _serve(requests_out, replies_in)
            except BaseException:
                traceback.print_exc()
                code = 1
            finally:
                _flush()
                os._exit(code)
        os.close(requests_out)
        os.close(replies_in)
        self.pid = pid
        self._pending = b""
        #: The process building now, if any (:meth:`interrupt` stops it).
        self.building: int | None = None

    def build(self, args: Sequence[str]) -> int:
        """``sphinx build *args*`` in the zygote's standby child: its exit code."""
        if self._requests < 0:
            raise ZygoteGoneError("the zygote was closed")
        try:
            os.write(self._requests, (json.dumps(list(args)) + "\n").encode())
            started = self._reply("started")
            self.building = started if started > 0 else None
            return self._reply("exit")
        except OSError as err:
            raise ZygoteGoneError(str(err)) from err
        finally:
            self.building = None

    def interrupt(self) -> None:
        """Stop the build running now, as Ctrl+C would (its processes: see _Standby)."""
        if self.building is not None:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(self.building, signal.SIGINT)

    def close(self) -> None:
        """Let the zygote end: at once, or once the build it runs (interrupted) is over."""
        if self._requests >= 0:
            os.close(self._requests)
            self._requests = -1

    def wait_ended(self, timeout: float) -> bool:
        """After :meth:`close`: wait (up to *timeout* s) for the zygote's end; whether it did."""
        deadline = time.monotonic() + timeout
        while True:
            try:
                pid, _status = os.waitpid(self.pid, os.WNOHANG)
            except ChildProcessError:
                return True
            if pid:
                return True
            if time.monotonic() > deadline:
                return False
            time.sleep(0.02)

    def _reply(self, word: str) -> int:
        while b"\n" not in self._pending:
            chunk = os.read(self._replies, 4096)
            if not chunk:
                raise ZygoteGoneError("the zygote ended")
            self._pending += chunk
        line, self._pending = self._pending.split(b"\n", 1)
        said, value = line.decode().split()
        if said != word:
            raise ZygoteGoneError(f"the zygote said {line!r}")
        return int(value)


def _serve(requests: int, replies: int) -> None:
    """The zygote: fork a standby, hand it the next request, report, fork the next."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl+C: the server's; its end is ours
    gc.freeze()  # see forked_build: the builds' collections pass this process's objects by
    lines = _Lines(requests)
    standby = None
    while True:
        if standby is None and not _readable(requests):  # else: a request, or the end
            standby = _Standby(requests, replies)
        request = lines.next()
        if request is None:  # the server is ending
            if standby is not None:
                standby.dismiss()
            return
        pid = standby.start(request) if standby is not None else None
        if pid is None:  # none was ready, or it is gone (killed from outside)
            standby = _Standby(requests, replies)
            pid = standby.start(request)
        os.write(replies, f"started {pid or 0}\n".encode())
        code = standby.wait(requests) if pid else 2
        standby = None
        try:
            os.write(replies, f"exit {code}\n".encode())
        except BrokenPipeError:
            return


def _readable(fd: int) -> bool:
    return bool(select.select([fd], [], [], 0)[0])


class _Lines:
    """Lines read from a pipe's file descriptor (None at its end)."""

    def __init__(self, fd: int) -> None:
        self.fd = fd
        self.pending = b""

    def next(self) -> bytes | None:
        while b"\n" not in self.pending:
            chunk = os.read(self.fd, 65536)
            if not chunk:
                return None
            self.pending += chunk
        line, self.pending = self.pending.split(b"\n", 1)
        return line


class _Standby:
    """A child of the zygote waiting for one build's arguments (in the zygote).

    Each build leads a process group of its own, so that stopping it (Ctrl+C reaches
    the server, which stops the build) reaches the processes it started too: Typst,
    paper-page workers.  Writing to the terminal from outside its foreground group is
    allowed (SIGTTOU ignored, should the terminal be set to stop such writers).
    """

    def __init__(self, requests: int, replies: int) -> None:
        go_out, self._go = os.pipe()
        self._done, done_in = os.pipe()  # at its end once the child (and its forks) ended
        _flush()
        pid = os.fork()
        if pid == 0:
            code = 0
            try:
                os.setpgid(0, 0)
                signal.signal(signal.SIGTTOU, signal.SIG_IGN)
                for fd in (requests, replies, self._go, self._done):
                    os.close(fd)
                request = _Lines(go_out).next()
                if request is not None:
                    code = 2
                    code = build_here(json.loads(request))
                    _reap_children()
            finally:
                _flush()
                os._exit(code)
        with contextlib.suppress(OSError):  # done in the child too: whichever runs first
            os.setpgid(pid, pid)
        os.close(go_out)
        os.close(done_in)
        self.pid = pid

    def start(self, request: bytes) -> int | None:
        """Hand the child its build; its pid (None if it is gone)."""
        try:
            os.write(self._go, request + b"\n")
        except BrokenPipeError:
            self.dismiss()
            return None
        os.close(self._go)
        return self.pid

    def wait(self, requests: int) -> int:
        """The build's exit code; should the server end meanwhile, the build is stopped."""
        ready, _, _ = select.select([self._done, requests], [], [])
        if self._done not in ready:  # the server's requests ended: it is stopping
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(self.pid, signal.SIGINT)
            select.select([self._done], [], [])
        os.close(self._done)
        _, status = os.waitpid(self.pid, 0)
        return os.waitstatus_to_exitcode(status)

    def dismiss(self) -> None:
        """End the waiting child (its request pipe reaches its end)."""
        with contextlib.suppress(OSError):
            os.close(self._go)
        os.close(self._done)
        with contextlib.suppress(ChildProcessError):
            os.waitpid(self.pid, 0)
