"""bibfolio's version, in one place."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from packaging.version import Version

#: PEP 440: ``X.Y.Z`` for a release; ``X.Y.Z.devN`` for a tree with changes not yet
#: released (CHANGELOG.md has an "Unreleased" section; tests/test_release.py keeps the two
#: in step).  A site made from a development build pins it, and pip installs it only from
#: a folder holding its wheel (GUIDE.md, "A portfolio of your own").
__version__ = "0.2.0.dev0"


def version_key(version: str) -> Version:
    """*version* for comparing, in PyPA's order: ``0.3.0.dev1 < 0.3.0rc1 < 0.3.0 < 0.3.0.post1``.

    Raises :class:`packaging.version.InvalidVersion` for a string that is not PEP 440.
    """
    from packaging.version import Version  # noqa: PLC0415 - keep the version import light

    return Version(version)


def is_development(version: str = __version__) -> bool:
    """Whether *version* is a development build (``.devN``, or a local ``+label``).

    No index serves such a build: a site pinning it installs it from a folder of wheels.
    """
    key = version_key(version)
    return key.is_devrelease or key.local is not None


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
