"""bibfolio's version, in one place."""

from __future__ import annotations

__version__ = "0.1.0"


def version_key(version: str) -> tuple[int, ...]:
    """A release's numbers, for comparing (``"0.10.1+local"`` → ``(0, 10, 1)``)."""
    import re  # noqa: PLC0415 - keep the version import light

    return tuple(int(part) for part in re.findall(r"\d+", version.split("+", maxsplit=1)[0])[:3])


def code_signature() -> tuple[tuple[str, int, int], ...]:
    """Name, mtime and size of every file of the package (code and static assets).

    Part of what the environment and the fragment cache are keyed on, so editing
    bibfolio itself (e.g. under ``nox -s docs-live``) re-renders what it produced.
    """
    import os  # noqa: PLC0415 - keep the version import light
    from pathlib import Path  # noqa: PLC0415

    root = Path(__file__).parent
    found = []
    # os.walk without __pycache__ (Path.rglob visited every .pyc: 3 times the time);
    # ordered as sorted Paths are, by their parts.
    for folder, subfolders, files in os.walk(root):
        subfolders[:] = [name for name in subfolders if name != "__pycache__"]
        parts = Path(folder).relative_to(root).parts
        for name in files:
            if Path(name).suffix in (".py", ".css", ".js"):
                stat = Path(folder, name).stat()
                found.append(((*parts, name), stat.st_mtime_ns, stat.st_size))
    found.sort()
    return tuple(("/".join(parts), mtime, size) for parts, mtime, size in found)
