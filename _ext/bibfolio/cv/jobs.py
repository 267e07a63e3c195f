"""Typst compiles in a child process (typeset.py): started early, collected at the end.

build.py starts the CV's compiles when Sphinx starts writing (``write-started``) and
collects them at ``build-finished``: Typst typesets on the second core while the
build process writes the site's pages.  A compile of a 3000-entry CV takes seconds;
started at the end, the build waited for all of it.

Both PDFs are compiled by one child, one after the other, the smaller first: one
Python and one ``import typst`` instead of two, and no two Typst children competing
with the build for the two cores (at N=200: 0.43 instead of 0.54 CPU seconds).  Typst
keeps a compile's caches, so the larger compile's peak comes on top of the smaller's.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from .. import atomic

if TYPE_CHECKING:
    from collections.abc import Sequence

#: The script that compiles the CVs in a process of its own (see there why).
TYPESET = Path(__file__).with_name("typeset.py")


@dataclass(frozen=True)
class Compile:
    """One Typst *source* to compile to *target*.

    *files* (the images) are copied into its Typst root (a folder of its own) under
    their names; *fonts* are the font folders Typst may use besides its own.
    """

    source: str
    target: Path
    files: dict[str, Path] = field(default_factory=dict)
    fonts: tuple[str, ...] = ()


class Typesetting:
    """*compiles*, run one after another in one child process, smallest source first."""

    def __init__(self, compiles: Sequence[Compile]) -> None:
        #: Where each compile's PDF goes (not the sources: 3 MB at N=3000, kept to the end).
        self.targets = [job.target for job in compiles]
        self._folder = tempfile.TemporaryDirectory(prefix="bibfolio-cv-")
        root = Path(self._folder.name)
        self._roots: list[Path] = []
        jobs = []
        for index, job in enumerate(compiles):
            folder = root / str(index)
            folder.mkdir()
            for name, path in job.files.items():
                shutil.copyfile(path, folder / name)
            (folder / "main.typ").write_text(job.source, encoding="utf-8")
            self._roots.append(folder)
            jobs.append({"folder": str(folder), "fonts": list(job.fonts), "size": len(job.source)})
        jobs.sort(key=lambda job: job["size"])
        order = root / "jobs.json"
        order.write_text(json.dumps(jobs), encoding="utf-8")
        # Errors to a file, not a pipe: nobody reads a pipe while the site is written.
        self._errors = root / "errors.txt"
        with self._errors.open("wb") as errors:
            self._process = subprocess.Popen(  # our own script, with the running Python
                [sys.executable, str(TYPESET), str(order)],
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=errors,
            )

    def running(self) -> bool:
        """Whether the child is still typesetting (it then has a core of its own)."""
        return self._process.poll() is None

    def finish(self) -> list[str]:
        """Wait for the compiles; move each PDF to its target.  Each one's error, or ""."""
        try:
            status = self._process.wait()
            crash = self._errors.read_text(encoding="utf-8", errors="replace").strip()
            results = []
            for target, folder in zip(self.targets, self._roots, strict=True):
                output, error = folder / "out.pdf", folder / "errors.txt"
                if error.exists():
                    results.append(error.read_text(encoding="utf-8", errors="replace").strip())
                elif status or not output.exists():
                    results.append(crash or f"exit status {status}")
                else:
                    # Written whole, then moved: a reader never sees half a PDF.
                    with atomic.replacing(target) as temporary:
                        shutil.move(output, temporary)
                    results.append("")
            return results
        finally:
            self._folder.cleanup()

    def cancel(self) -> None:
        """Stop the compiles (the build failed); nothing is written."""
        self._process.kill()
        self._process.wait()
        self._folder.cleanup()


def typeset(
    source: str, target: Path, files: dict[str, Path] | None = None, fonts: tuple[str, ...] = ()
) -> str:
    """Compile *source* to *target* and wait for it; the error, or ""."""
    return Typesetting([Compile(source, target, files or {}, fonts)]).finish()[0]
