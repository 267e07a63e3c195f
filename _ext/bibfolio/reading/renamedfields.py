"""Renamed ``.bib`` fields: an entry with the old name is read as if it had the new one.

Each row of :data:`RENAMED_FIELDS` is a field bibfolio reads (``selected``, ``award``,
``preview`` ...) renamed in a release.  The reader moves an old field's value to its new
name in every entry, so the build, ``bibfolio check`` and the site's tests all see the
new name, and reports it once, at the old field's ``refs.bib:LINE``, as the other
deprecations are reported (``build/deprecations.py``): a note until ``warn_from``, then a
warning.  GUIDE.md's "Deprecations" lists every row; tests/test_deprecations.py tests each.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .._version import __version__, version_key
from .diagnostics import Diagnostic

if TYPE_CHECKING:
    from .entry import BibEntry


@dataclass(frozen=True)
class RenamedField:
    """A ``.bib`` field renamed in release ``renamed_in``; a warning from ``warn_from``."""

    old: str
    new: str
    renamed_in: str
    warn_from: str

    def message(self) -> str:
        """What the build and the checker say, as a note and as a warning."""
        return (
            f"the field {self.old} is renamed {self.new} in bibfolio {self.renamed_in}: "
            f"write {self.new} = {{...}} instead (the old name works until then; from "
            f"bibfolio {self.warn_from} it is a warning)"
        )


#: Every renamed field (lower case, as the reader keeps names), oldest first.
RENAMED_FIELDS: tuple[RenamedField, ...] = ()


def rename_fields(entry: BibEntry, version: str = __version__) -> list[Diagnostic]:
    """Move each old field of *entry* to its new name; one problem per old field found.

    The new name, when the entry gives both, wins; the old one is dropped either way.
    """
    found: list[Diagnostic] = []
    for row in RENAMED_FIELDS:
        old = entry.fields.pop(row.old, None)
        if old is None:
            continue
        entry.fields.setdefault(row.new, old)
        note = version_key(version) < version_key(row.warn_from)
        found.append(Diagnostic(entry.path, old.line, "deprecated", row.message(), note=note))
    return found
