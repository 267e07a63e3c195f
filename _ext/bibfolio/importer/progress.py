"""A one-line progress bar on stderr for ``bibfolio import`` and ``bibfolio metrics``.

Drawn only when the stream is a terminal (a pipe, a file or CI's log gets nothing), and
redrawn in place: ``[#####     ] 3/12 doi:10.1234/x (waiting 1.0 s: doi allows one
request every 1 s)``.  The commands say what they fetch (:meth:`Progress.show`); the HTTP
client says when it waits (:meth:`Progress.wait`, its ``waiting`` hook).
"""

from __future__ import annotations

import os
from typing import TextIO

WIDTH = 30


class Progress:
    """``[#####     ] 12/40 entries``, and what is being done; silent when not a TTY.

    *total* may grow (:meth:`add`): an ORCID record's works are known once it is fetched.
    Without a *stream* it counts and draws nothing.
    """

    def __init__(self, total: int, stream: TextIO | None, noun: str = "entries") -> None:
        self.total = total
        self.done = 0
        self.stream = stream
        self.noun = noun
        self.doing = ""
        self.waiting = ""
        self.live = stream is not None and stream.isatty()
        self.drawn = False

    def add(self, count: int) -> None:
        """*count* more items to do."""
        self.total += count
        self._draw()

    def advance(self, count: int = 1) -> None:
        """*count* more items are done."""
        self.done = min(self.total, self.done + count)
        self.waiting = ""
        self._draw()

    def show(self, doing: str) -> None:
        """What is being done now (a source, a DOI), shown after the count."""
        self.doing = doing
        self.waiting = ""
        self._draw()

    def wait(self, seconds: float, why: str) -> None:
        """The client waits *seconds* because of *why* (a rate limit); 0 when it is over."""
        self.waiting = f"waiting {seconds:.1f} s: {why}" if seconds > 0 else ""
        self._draw()

    def close(self) -> None:
        """End the bar's line."""
        if self.drawn and self.stream is not None:
            self.stream.write("\n")
            self.stream.flush()
        self.drawn = False

    def _draw(self) -> None:
        if not self.live or self.stream is None or self.total <= 0:
            return
        filled = WIDTH * self.done // self.total
        bar = "#" * filled + " " * (WIDTH - filled)
        head = " ".join(part for part in (f"[{bar}] {self.done}/{self.total}", self.noun) if part)
        tail = f" ({self.waiting})" if self.waiting else ""
        # One terminal line: a wrapped line cannot be redrawn.  A long DOI gives way to
        # the wait, which is what a user watching the line wants to know.
        room = _columns(self.stream) - 1 - len(head) - len(tail)
        doing = f" {self.doing}" if self.doing else ""
        if len(doing) > room:
            doing = doing[: max(room - 1, 0)] + "…" if room > 1 else ""
        line = (head + doing + tail)[: _columns(self.stream) - 1]
        self.stream.write(f"\r{line}\x1b[K")
        self.stream.flush()
        self.drawn = True


def _columns(stream: TextIO) -> int:
    """The terminal's width: ``COLUMNS`` if set, else the terminal's own, else 80."""
    if (columns := os.environ.get("COLUMNS", "")).isdigit() and int(columns) > 0:
        return int(columns)
    try:
        return os.get_terminal_size(stream.fileno()).columns or 80
    except (AttributeError, OSError, ValueError):
        return 80
