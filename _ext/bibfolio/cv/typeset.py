"""Run as a script by build.py: compile one Typst file to PDF in a process of its own.

``python typeset.py main.typ out.pdf [FONT_FOLDER ...]``: the folder of ``main.typ`` is
the Typst root (the CV's images are copied there).  Typst's own fonts are used, and those
in the font folders given (fonts.py chooses them, for scripts Typst's own lack), never
the rest of the system's, so the PDF is the same wherever the same fonts are installed;
its fonts are embedded.  Errors go to stderr, exit status 1.

A process of its own because the ``typst`` package keeps every compile's caches for
the life of the process (about 300 MB more per compile of a 3000-entry CV, measured
with typst 0.15.2): in the build process, each CV rebuild of a live preview would grow
it.  A child returns that memory when it ends.  This file imports nothing but typst.
"""

from __future__ import annotations

import sys
from pathlib import Path


def main(argv: list[str]) -> int:
    """Compile ``argv[0]`` to ``argv[1]``; 0 on success."""
    # Run as a script, this folder is sys.path[0], and its typst.py would shadow the package.
    here = Path(__file__).resolve().parent
    sys.path[:] = [entry for entry in sys.path if Path(entry or ".").resolve() != here]
    import typst  # noqa: PLC0415 - the parent checked that it is installed

    source, output, fonts = Path(argv[0]), Path(argv[1]), argv[2:]
    try:
        typst.compile(
            str(source),
            output=str(output),
            root=str(source.parent),
            ignore_system_fonts=True,
            font_paths=fonts,
        )
    except RuntimeError as err:  # typst.TypstError is a RuntimeError
        sys.stderr.write(f"{err}\n")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
