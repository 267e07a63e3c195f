"""Preprint/published pairs: two entries that are one paper, listed once.

The published entry says ``preprint = {<key>}`` (or the preprint ``published = {<key>}``);
:func:`pair_versions` finds the pairs and :func:`merge_preprint` gives the published
entry the preprint's links.  The preprint is then no publication of its own: no list
entry, no paper page; ``{cite}`` of its key lands on the published entry.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from ..reading.diagnostics import Diagnostic

if TYPE_CHECKING:
    from collections.abc import Mapping

    from .publication import Publication

#: The fields that say two entries are one paper: ``preprint = {key}`` on the published
#: version, or ``published = {key}`` on the preprint.
PAIR_FIELDS = ("preprint", "published")


def pair_versions(
    publications: Mapping[str, Publication],
) -> tuple[dict[str, str], list[Diagnostic]]:
    """Find preprint/published pairs: published key → preprint key.

    A pair is named by ``preprint = {<key>}`` on the published entry or ``published =
    {<key>}`` on the preprint (both may be given if they agree).  A key that names no
    entry, the entry itself, or an entry already paired is reported (``pairing``) and
    ignored.
    """
    pairs: dict[str, str] = {}
    paired: dict[str, str] = {}  # either key → the other
    problems: list[Diagnostic] = []
    for publication in publications.values():
        for name in PAIR_FIELDS:
            other_key = publication.fields.get(name, "").strip()
            if not other_key:
                continue
            entry = publication.entry
            published, preprint = (
                (publication.key, other_key) if name == "preprint" else (other_key, publication.key)
            )
            problem = ""
            if other_key == publication.key:
                problem = "names the entry itself"
            elif other_key not in publications:
                problem = f"names '{other_key}', which is not in the bibliography"
            elif pairs.get(published) == preprint:
                continue  # both sides name each other: one pair
            elif other_key in paired:
                problem = f"names '{other_key}', which is already paired with '{paired[other_key]}'"
            elif publication.key in paired:
                problem = f"pairs it a second time (it is paired with '{paired[publication.key]}')"
            if problem:
                problems.append(
                    Diagnostic(
                        entry.path,
                        entry.line_of(name),
                        "pairing",
                        f"field '{name}' of '{publication.key}' {problem}; the entries are "
                        "listed separately",
                    )
                )
                continue
            pairs[published] = preprint
            paired[published] = preprint
            paired[preprint] = published
    return pairs, problems


def merge_preprint(published: Publication, preprint: Publication) -> None:
    """Make *published* carry *preprint*'s links (those it lacks) and know its key."""
    published.paired_with = preprint.key
    preprint.paired_with = published.key
    published.preprint = preprint
    # One paper: selecting either version selects the entry that is listed.
    published.selected = published.selected or preprint.selected
    have = {(link.url, link.local) for link in published.links}
    labels = {link.label for link in published.links}
    for link in preprint.links:
        if (link.url, link.local) in have:
            continue
        label = f"Preprint {link.label}" if link.label in labels else link.label
        published.links.append(replace(link, field=f"preprint-{link.field}", label=label))
        labels.add(label)
