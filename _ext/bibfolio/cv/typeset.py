"""Run as a script by jobs.py: compile Typst files to PDF in a process of its own.

``python typeset.py jobs.json``: a list of ``{"folder": ..., "fonts": [...]}``, compiled
in that order.  Each folder holds ``main.typ`` and is its Typst root (the CV's images
are copied there); the PDF is written to ``out.pdf`` there, a Typst error to
``errors.txt`` instead.  Typst's own fonts are used, and those in the font folders
given (fonts.py chooses them, for scripts Typst's own lack), never the rest of the
system's, so the PDF is the same wherever the same fonts are installed; its fonts are
embedded.

A process of its own because the ``typst`` package keeps every compile's caches for
the life of the process (about 300 MB more per compile of a 3000-entry CV, measured
with typst 0.15.2): in the build process, each CV rebuild of a live preview would grow
it.  A child returns that memory when it ends.  This file imports nothing but typst
and the standard library.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path


def main(argv: list[str]) -> int:
    """Compile the jobs ``argv[0]`` lists; 0 once every one is tried."""
    # Run as a script, this folder is sys.path[0], and its typst.py would shadow the package.
    here = Path(__file__).resolve().parent
    sys.path[:] = [entry for entry in sys.path if Path(entry or ".").resolve() != here]
    import typst  # noqa: PLC0415 - the parent checked that it is installed

    for job in json.loads(Path(argv[0]).read_text(encoding="utf-8")):
        folder = Path(job["folder"])
        try:
            typst.compile(
                str(folder / "main.typ"),
                output=str(folder / "out.pdf"),
                root=str(folder),
                ignore_system_fonts=True,
                font_paths=job["fonts"],
            )
        except RuntimeError as err:  # typst.TypstError is a RuntimeError
            (folder / "errors.txt").write_text(f"{err}\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
