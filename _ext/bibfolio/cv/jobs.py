"""Typst compiles in child processes (typeset.py): started early, collected at the end.

build.py starts the CV's compiles when Sphinx starts writing (``write-started``) and
collects them at ``build-finished``: Typst typesets on the second core while the
build process writes the site's pages.  A compile of a 3000-entry CV takes seconds;
started at the end, the build waited for all of it.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from .. import atomic

#: The script that compiles a CV in a process of its own (see there why).
TYPESET = Path(__file__).with_name("typeset.py")


class Typesetting:
    """One compile of a Typst *source* to *target*, running in a child process.

    *files* (the images) are copied into the Typst root (a temporary folder) under
    their names; *fonts* are the font folders Typst may use besides its own.
    """

    def __init__(
        self,
        source: str,
        target: Path,
        files: dict[str, Path] | None = None,
        fonts: tuple[str, ...] = (),
    ) -> None:
        self.target = target
        self._folder = tempfile.TemporaryDirectory(prefix="bibfolio-cv-")
        root = Path(self._folder.name)
        for name, path in (files or {}).items():
            shutil.copyfile(path, root / name)
        main = root / "main.typ"
        main.write_text(source, encoding="utf-8")
        self._output = root / "out.pdf"
        # Errors to a file, not a pipe: nobody reads a pipe while the site is written.
        self._errors = root / "errors.txt"
        with self._errors.open("wb") as errors:
            self._process = subprocess.Popen(  # our own script, with the running Python
                [sys.executable, str(TYPESET), str(main), str(self._output), *fonts],
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=errors,
            )

    def finish(self) -> str:
        """Wait for the compile; move the PDF to the target.  The error, or ""."""
        try:
            status = self._process.wait()
            if status:
                error = self._errors.read_text(encoding="utf-8", errors="replace").strip()
                return error or f"exit status {status}"
            # Written whole, then moved: a reader never sees half a PDF.
            with atomic.replacing(self.target) as temporary:
                shutil.move(self._output, temporary)
            return ""
        finally:
            self._folder.cleanup()

    def cancel(self) -> None:
        """Stop the compile (the build failed); nothing is written."""
        self._process.kill()
        self._process.wait()
        self._folder.cleanup()


def typeset(
    source: str, target: Path, files: dict[str, Path] | None = None, fonts: tuple[str, ...] = ()
) -> str:
    """Compile *source* to *target* and wait for it; the error, or ""."""
    return Typesetting(source, target, files, fonts).finish()
