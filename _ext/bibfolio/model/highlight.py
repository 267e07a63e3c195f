"""A publication shown with other authors marked than the owner: one list's view of it.

Plain Python, in ``model/`` because ``pages/`` applies it and ``group/`` sits above
``pages/``.  A group's lists mark people per list (a member page marks that member,
the group list marks members for papers from their time in the group), while the
library's publications mark the owner, once per build.  :class:`Highlighted` wraps a
publication and changes only who is marked; its ``content_hash`` says which, so the
HTML fragment cache keeps each view apart.
"""

from __future__ import annotations

from dataclasses import replace
from functools import cached_property
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..model.publication import Author, Publication


class Highlighted:
    """*publication* with the people at *indices* (of ``people``) marked, no one else."""

    def __init__(self, publication: Publication, indices: tuple[int, ...]) -> None:
        self._publication = publication
        self._indices = frozenset(indices)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._publication, name)

    @cached_property
    def people(self) -> tuple[Author, ...]:
        """The people line, marked for this view."""
        return tuple(
            replace(author, owner=index in self._indices)
            for index, author in enumerate(self._publication.people)
        )

    @property
    def authors(self) -> tuple[Author, ...]:
        """The authors, marked for this view (editors stand in for none)."""
        return self._publication.authors if self.people_are_editors else self.people

    @property
    def editors(self) -> tuple[Author, ...]:
        """The editors, marked for this view where they are the people line."""
        return self.people if self.people_are_editors else self._publication.editors

    @property
    def owner_matched(self) -> bool:
        """Whether anyone is marked."""
        return bool(self._indices)

    @property
    def content_hash(self) -> str:
        """The publication's hash and who is marked (the fragment cache's key)."""
        return f"{self._publication.content_hash}:{sorted(self._indices)}"


def shown(publication: Publication, highlight: tuple[int, ...] | None) -> Publication:
    """*publication* as a list entry shows it: the owner marked, or *highlight*'s people."""
    if highlight is None:
        return publication
    return Highlighted(publication, tuple(highlight))  # type: ignore[return-value]
