"""Checks over a whole bibliography: owner, identifiers, duplicate DOIs, privacy, similar titles."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import TYPE_CHECKING

from ..reading.diagnostics import Diagnostic
from .assemble import build_publications
from .links import invalid_identifiers
from .names import closest_names
from .privacy import private_fields
from .similar import similar_titles

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Sequence

    from ..reading.entry import BibEntry
    from .publication import Publication, Settings


def check_publications(
    entries: Sequence[BibEntry], settings: Settings
) -> tuple[dict[str, Publication], list[Diagnostic]]:
    """Build every publication and run all checks: what the build and the checker report."""
    publications, diagnostics = build_publications(entries, settings)
    listed = list(publications.values())
    diagnostics.extend(owner_not_found(listed, [pattern.source for pattern in settings.owner]))
    diagnostics.extend(bad_identifiers(listed))
    diagnostics.extend(duplicate_dois(listed))
    diagnostics.extend(similar_titles(listed))
    diagnostics.extend(missing_local_files(listed))
    diagnostics.extend(private_field_summary(listed))
    return publications, diagnostics


def bad_identifiers(publications: Iterable[Publication]) -> list[Diagnostic]:
    """A diagnostic for each DOI, arXiv id, eprint, PMID, PMCID or ISBN that is not valid."""
    return [
        Diagnostic(
            publication.entry.path,
            publication.entry.line_of(found.field),
            "invalid_identifier",
            f"no link made for field '{found.field}' of '{publication.key}': "
            f"{found.reason} ({found.value.strip()[:60]!r})",
        )
        for publication in publications
        for found in invalid_identifiers(publication.fields)
    ]


def private_field_summary(publications: Sequence[Publication]) -> list[Diagnostic]:
    """One diagnostic naming the private fields left out of every published BibTeX.

    Once per bibliography, not per entry: a Zotero or JabRef export has them in every
    entry, and the owner needs to know they are withheld, not a line per entry.  It is
    located at the first such field.
    """
    counts: Counter[str] = Counter()
    first: tuple[str, int] | None = None
    entries = 0
    for publication in publications:
        found = private_fields(publication.fields)
        if not found:
            continue
        entries += 1
        counts.update(found)
        if first is None:
            first = (publication.entry.path, publication.entry.line_of(found[0]))
    if first is None:
        return []
    named = ", ".join(f"{name} ({counts[name]})" for name in sorted(counts))
    return [
        Diagnostic(
            *first,
            "private_field",
            f"private or local fields left out of the published BibTeX of "
            f"{entries} {'entry' if entries == 1 else 'entries'}: {named}",
        )
    ]


def owner_mismatches(publications: Iterable[Publication], owner: Sequence[str]) -> list[Diagnostic]:
    """A diagnostic for each entry none of whose authors matches *owner*, with the alias to add.

    The build reports these (``owner_missing``) for the entries a page lists; the checker,
    which sees no page, treats every entry as listed.
    """
    if not owner:
        return []
    found = []
    wanted = ", ".join(repr(name) for name in owner)
    for publication in publications:
        if publication.owner_matched:
            continue
        alias = suggested_alias(publication, owner)
        hint = (
            f"; if '{alias}' is the owner, add it as an alias (bibfolio_owner, --owner)"
            if alias
            else "; no author name is close"
        )
        found.append(
            Diagnostic(
                publication.entry.path,
                publication.entry.line,
                "owner_missing",
                f"no author of '{publication.key}' matches the owner {wanted}{hint}",
            )
        )
    return found


def listed_owner_missing(
    publication: Publication, docname: str, owner: Sequence[str], *, group: bool
) -> Diagnostic:
    """``owner_missing`` for an entry a list on *docname* shows, none of whose authors matches.

    The build and the site's tests (``bibfolio.testing``) say the same, naming the setting
    that applies: ``bibfolio_owner`` on a personal site, the members' aliases on a group
    site (*group*).  An entry no list shows needs no match (a work the owner only cites).
    """
    alias = suggested_alias(publication, owner)
    if group:
        who = "is a member of the group"
        cites = "a work the group only cites"
        fix = (
            f"if '{alias}' is a member, add it to their aliases"
            if alias
            else ("add the spelling it gives a member's name to their aliases")
        )
    else:
        who = "matches bibfolio_owner"
        cites = "a work you only cite"
        fix = (
            f"if '{alias}' is you, add it to bibfolio_owner"
            if alias
            else ("add the spelling it gives your name to bibfolio_owner")
        )
    return Diagnostic(
        publication.entry.path,
        publication.entry.line,
        "owner_missing",
        f"'{publication.key}' is in the publication list of {docname}, but none of its "
        f"authors {who}: {fix} (or mark the author N=highlight in author+an); {cites} "
        f"needs no match: leave it out of the lists",
    )


def suggested_alias(publication: Publication, owner: Sequence[str]) -> str:
    """The author name of *publication* closest to one of *owner*'s names, or ""."""
    names = [author.name for author in publication.authors]
    for wanted in owner:
        close = closest_names(wanted, names, limit=1)
        if close:
            return close[0]
    return ""


def missing_local_files(
    publications: Iterable[Publication], is_file: Callable[[Path], bool] = Path.is_file
) -> list[Diagnostic]:
    """A diagnostic for each link to a local file (relative to its .bib) that is absent."""
    found = []
    for publication in publications:
        base = Path(publication.entry.path).parent
        found.extend(
            Diagnostic(
                publication.entry.path,
                publication.entry.line_of(link.field),
                "local_file",
                f"'{publication.key}' links the file {link.local}, which does not exist "
                f"(looked in {base})",
            )
            for link in publication.links
            if link.local and not is_file(base / link.local)
        )
    return found


def owner_not_found(publications: Sequence[Publication], owner: Sequence[str]) -> list[Diagnostic]:
    """One diagnostic when no entry matches the owner, naming the closest author names."""
    if not owner or not publications or any(p.owner_matched for p in publications):
        return []
    names = [author.name for p in publications for author in p.authors]
    suggestions = []
    for wanted in owner:
        suggestions.extend(n for n in closest_names(wanted, names) if n not in suggestions)
    hint = (
        f"; closest author names: {', '.join(repr(n) for n in suggestions)}"
        if suggestions
        else "; no author name is close"
    )
    first = publications[0].entry
    return [
        Diagnostic(
            first.path,
            1,
            "owner_not_found",
            f"the owner {', '.join(repr(n) for n in owner)} (bibfolio_owner) matches no author "
            f"in {len(publications)} entries{hint}",
        )
    ]


def duplicate_dois(publications: Iterable[Publication]) -> list[Diagnostic]:
    """A diagnostic for every entry whose DOI an earlier entry already has."""
    seen: dict[str, Publication] = {}
    found = []
    for publication in publications:
        doi = publication.doi.lower()
        if not doi:
            continue
        if doi in seen:
            first = seen[doi]
            found.append(
                Diagnostic(
                    publication.entry.path,
                    publication.entry.line_of("doi"),
                    "duplicate_doi",
                    f"'{publication.key}' has the DOI {publication.doi} of '{first.key}' "
                    f"({first.entry.path}:{first.entry.line})",
                )
            )
        else:
            seen[doi] = publication
    return found
