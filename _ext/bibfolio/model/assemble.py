"""A bibliography's entries → its publications: each entry read, preprints paired."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..reading.entrytypes import NOT_PUBLICATIONS
from .pairing import merge_preprint, pair_versions
from .publication import Publication

if TYPE_CHECKING:
    from collections.abc import Sequence

    from ..reading.diagnostics import Diagnostic
    from ..reading.entry import BibEntry
    from .publication import Settings


def build_publications(
    entries: Sequence[BibEntry], settings: Settings
) -> tuple[dict[str, Publication], list[Diagnostic]]:
    """Read every entry; return publications by key (file order) and their diagnostics.

    A preprint paired with its published version (:func:`pair_versions`) is not among
    the publications: the published one shows its links and answers for its key.
    """
    publications: dict[str, Publication] = {}
    diagnostics: list[Diagnostic] = []
    for entry in entries:
        if entry.type.lower() in NOT_PUBLICATIONS:
            continue
        publication = Publication(entry, settings)
        publications[entry.key] = publication
        diagnostics.extend(publication.diagnostics)
    pairs, problems = pair_versions(publications)
    diagnostics.extend(problems)
    for published, preprint in pairs.items():
        merge_preprint(publications[published], publications.pop(preprint))
    return publications, diagnostics
