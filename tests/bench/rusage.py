"""Run ``python -m sphinx ARGS`` in this process and write its own and its children's peak RSS.

``python tests/bench/rusage.py OUT.json ARGS...``: the bench runs every Sphinx build through
this file so that the CV's Typst child (bibfolio typesets in a process of its own) is
measured apart from the build.  ``os.wait4`` in the bench sees the larger of the two only.
Run by path, it imports nothing of the bench (the build's ``PYTHONPATH`` stays as given).
"""

from __future__ import annotations

import json
import resource
import runpy
import sys
from pathlib import Path


def main() -> int:
    """Run Sphinx's command line with ``sys.argv[2:]``; write the figures to ``sys.argv[1]``."""
    out, args = sys.argv[1], sys.argv[2:]
    sys.path[0] = str(Path.cwd())  # as ``python -m`` has it, not this file's folder
    sys.argv = ["sphinx", *args]
    code: int | str | None = 0
    try:
        runpy.run_module("sphinx", run_name="__main__", alter_sys=True)
    except SystemExit as stop:
        code = stop.code
    sys.stdout.flush()
    sys.stderr.flush()
    figures = {
        "self_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,  # Linux: KiB
        "largest_child_mb": resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024,
    }
    Path(out).write_text(json.dumps(figures), encoding="utf-8")
    return code if isinstance(code, int) else 1


if __name__ == "__main__":
    sys.exit(main())
