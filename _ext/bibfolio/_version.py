"""bibfolio's version, in one place."""

from __future__ import annotations

__version__ = "0.1.0"


def code_signature() -> tuple[tuple[str, int, int], ...]:
    """Name, mtime and size of every file of the package (code and static assets).

    Part of what the environment and the fragment cache are keyed on, so editing
    bibfolio itself (e.g. under ``nox -s docs-live``) re-renders what it produced.
    """
    from pathlib import Path  # noqa: PLC0415 - keep the version import light

    root = Path(__file__).parent
    found = []
    for path in sorted(root.rglob("*")):
        if path.suffix in (".py", ".css", ".js") and "__pycache__" not in path.parts:
            stat = path.stat()
            found.append((str(path.relative_to(root)), stat.st_mtime_ns, stat.st_size))
    return tuple(found)
