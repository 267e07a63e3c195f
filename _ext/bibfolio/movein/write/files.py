"""Files copied from OLD into NEW: never writing to OLD, never outside NEW."""

from __future__ import annotations

import shutil
from typing import TYPE_CHECKING

from ..model import Source

if TYPE_CHECKING:
    from pathlib import Path

    from ..model import Report


class Copier:
    """Copies files of OLD to NEW paths once each, remembering what is there."""

    def __init__(self, old_root: Path, target: Path, report: Report) -> None:
        self.old_root = old_root.resolve()
        self.target = target.resolve()
        self.report = report
        self.copied: dict[str, str] = {}
        self.missing: set[str] = set()

    def copy(self, old: str, new: str, source: Source | None = None) -> bool:
        """Copy OLD's *old* to NEW's *new* (both relative); True when it is there.

        False, reported, when *old* is not a file of OLD (missing, or outside it) or *new*
        would leave NEW.
        """
        if new in self.copied:
            return True
        if new in self.missing:
            return False
        origin = (self.old_root / old).resolve()
        destination = (self.target / new).resolve()
        inside = origin.is_relative_to(self.old_root) and destination.is_relative_to(self.target)
        if not inside or not origin.is_file():
            self.missing.add(new)
            why = "not in the old site" if inside else "outside the old or the new site"
            self.report.left(source or Source(old), f"the file {old}: {why}; not copied")
            return False
        destination.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(origin, destination)
        self.copied[new] = old
        return True

    def copy_all(self, files: dict[str, str]) -> None:
        """Copy every file of ``site.files`` (NEW path → OLD path)."""
        for new, old in files.items():
            self.copy(old, new)
