"""A one-line progress bar on stderr, drawn only when stderr is a terminal."""

from __future__ import annotations

from typing import TextIO

WIDTH = 30


class Progress:
    """``[#####     ] 12/40 entries``, redrawn in place; silent when not a TTY."""

    def __init__(self, total: int, stream: TextIO) -> None:
        self.total = total
        self.done = 0
        self.stream = stream
        self.live = total > 0 and stream.isatty()

    def advance(self, count: int = 1) -> None:
        """*count* more entries are done."""
        self.done = min(self.total, self.done + count)
        if self.live:
            filled = WIDTH * self.done // self.total
            bar = "#" * filled + " " * (WIDTH - filled)
            self.stream.write(f"\r[{bar}] {self.done}/{self.total} entries")
            self.stream.flush()

    def close(self) -> None:
        """End the bar's line."""
        if self.live and self.done:
            self.stream.write("\n")
            self.stream.flush()
