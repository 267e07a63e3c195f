"""Which group member wrote which entry: the owner's name matching, once per member.

Plain Python (no Sphinx imports).  Each member's name and aliases become
:class:`~bibfolio.model.names.NamePattern` objects, the very matching the owner gets
(folded case, accents, LaTeX, hyphens; optional middle names; initials only through
aliases).  Patterns are indexed by folded family name, so a library of thousands of
entries and dozens of members costs one dictionary look-up per author.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..model.names import NamePattern, closest_names, fold
from ..reading.diagnostics import Diagnostic

if TYPE_CHECKING:
    from collections.abc import Iterable, Sequence

    from ..model.publication import Publication
    from .members import Member


@dataclass
class GroupMatches:
    """The members found in each entry, and the problems found on the way."""

    #: Entry key → ((index in ``Publication.people``, member id), ...).
    by_key: dict[str, tuple[tuple[int, str], ...]] = field(default_factory=dict)
    #: Member id → keys of the entries they are an author of, in file order.
    by_member: dict[str, list[str]] = field(default_factory=dict)
    problems: list[Diagnostic] = field(default_factory=list)

    def indices(self, key: str, member_ids: Iterable[str]) -> tuple[int, ...]:
        """Positions in entry *key*'s people of the members in *member_ids*."""
        wanted = set(member_ids)
        return tuple(index for index, member in self.by_key.get(key, ()) if member in wanted)


def _index(members: Sequence[Member]) -> dict[str, list[tuple[Member, NamePattern]]]:
    by_family: dict[str, list[tuple[Member, NamePattern]]] = {}
    for member in members:
        for name in member.names:
            pattern = NamePattern.from_config(name)
            by_family.setdefault(pattern.family, []).append((member, pattern))
    return by_family


def match_members(members: Sequence[Member], publications: Iterable[Publication]) -> GroupMatches:
    """Find every member in every publication's people (authors, or editors).

    An author two members match is given to neither: the warning names both, and the
    entry's key in one member's ``exclude`` list settles it.  An entry in a member's
    ``exclude`` list is by a namesake and is never theirs.
    """
    by_family = _index(members)
    matches = GroupMatches(by_member={member.id: [] for member in members})
    for publication in publications:
        found: list[tuple[int, str]] = []
        for index, author in enumerate(publication.people):
            person = author.person
            candidates = by_family.get(fold(" ".join(person.von + person.last)))
            if not candidates:
                continue
            who = _best(
                (member, pattern)
                for member, pattern in candidates
                if publication.key not in member.exclude and pattern.matches(person)
            )
            if len(who) == 1:
                found.append((index, who[0].id))
            elif len(who) > 1:
                matches.problems.append(_ambiguous(publication, author.name, who))
        if found:
            matches.by_key[publication.key] = tuple(found)
            for member_id in dict.fromkeys(member for _index_, member in found):
                matches.by_member[member_id].append(publication.key)
    return matches


def _best(found: Iterable[tuple[Member, NamePattern]]) -> list[Member]:
    """The members matched by the most specific patterns: a full first name beats an initial.

    "Tomas Ferrowick" is Tomas's name, though Theo's alias "T. Ferrowick" matches it too;
    "T. Ferrowick" in an entry matches both aliases alike, and stays ambiguous.
    """
    by_rank: dict[bool, dict[str, Member]] = {True: {}, False: {}}
    for member, pattern in found:
        by_rank[not pattern.uses_initials][member.id] = member
    return list(by_rank[True].values() or by_rank[False].values())


def _ambiguous(publication: Publication, written: str, who: list[Member]) -> Diagnostic:
    named = " and ".join(f"{member.name} ({member.location()})" for member in who)
    return Diagnostic(
        publication.entry.path,
        publication.entry.line,
        "group_ambiguous",
        f"'{publication.key}': the author '{written}' matches {named}; it is marked for "
        f"neither: add '{publication.key}' to the 'exclude' list of the member who did not "
        "write it",
    )


def unmatched(
    members: Sequence[Member], matches: GroupMatches, publications: Sequence[Publication]
) -> list[Diagnostic]:
    """One problem per member with no entry, at their name's line.

    A member with no papers yet (a new student) is normal: that is a note
    (``group_no_entries``, logged at info level, so ``-W`` builds pass).  It is a
    warning (``group_unmatched``) when the bibliography has an author name close to
    theirs (likely their own, spelled otherwise: the warning names it) or when the
    member lists ``aliases`` (they expect to be found).
    """
    problems = []
    authors: list[str] | None = None
    for member in members:
        if matches.by_member.get(member.id):
            continue
        if authors is None:
            authors = list(dict.fromkeys(a.name for p in publications for a in p.people))
        close = closest_names(member.name, authors)
        where = (member.path, member.lines.get("name", member.line))
        if close:
            problems.append(
                Diagnostic(
                    *where, "group_unmatched",
                    f"member {member.name!r} matches no author in the bibliography; closest "
                    f"author names: {', '.join(close)} (add one to 'aliases' if it is them)",
                )
            )  # fmt: skip
        elif member.aliases:
            problems.append(
                Diagnostic(
                    *where, "group_unmatched",
                    f"member {member.name!r} matches no author in the bibliography, by name "
                    f"or aliases ({', '.join(member.aliases)})",
                )
            )  # fmt: skip
        else:
            problems.append(
                Diagnostic(
                    *where, "group_no_entries",
                    f"member {member.name!r} has no entries in the bibliography yet",
                )
            )  # fmt: skip
    return problems


def marked_indices(
    publication: Publication, matches: GroupMatches, members: dict[str, Member]
) -> tuple[int, ...]:
    """Positions to mark in the group list: members, alumni only from their time here."""
    return tuple(
        index
        for index, member_id in matches.by_key.get(publication.key, ())
        if members[member_id].in_group(publication.year)
    )


def member_counts(
    publications: Sequence[Publication], matches: GroupMatches, members: dict[str, Member]
) -> Counter[str]:
    """Member id → entries of *publications* that mark them (see :func:`marked_indices`)."""
    counts: Counter[str] = Counter()
    for publication in publications:
        marked = marked_indices(publication, matches, members)
        people = {member for index, member in matches.by_key.get(publication.key, ())
                  if index in marked}  # fmt: skip
        counts.update(people)
    return counts
