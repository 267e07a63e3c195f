"""Checks over a whole bibliography: the owner never matched, duplicate DOIs, similar titles."""

from __future__ import annotations

import difflib
import re
import unicodedata
from pathlib import Path
from typing import TYPE_CHECKING

from .diagnostics import Diagnostic
from .latex import plain
from .names import closest_names
from .publication import build_publications

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Sequence

    from .bibtex import BibEntry
    from .publication import Publication, Settings

_WORDS = re.compile(r"[^\w]+")


def check_publications(
    entries: Sequence[BibEntry], settings: Settings
) -> tuple[dict[str, Publication], list[Diagnostic]]:
    """Build every publication and run all checks: what the build and the checker report."""
    publications, diagnostics = build_publications(entries, settings)
    listed = list(publications.values())
    diagnostics.extend(owner_not_found(listed, [pattern.source for pattern in settings.owner]))
    diagnostics.extend(duplicate_dois(listed))
    diagnostics.extend(similar_titles(listed))
    diagnostics.extend(missing_local_files(listed))
    return publications, diagnostics


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


def similar_titles(publications: Sequence[Publication], cutoff: float = 0.93) -> list[Diagnostic]:
    """A diagnostic for every entry whose official title (nearly) repeats an earlier one.

    Titles are compared after folding case, accents and punctuation; near-equal means a
    similarity ratio of at least *cutoff*, which catches "Fast X" vs "Fast X." and typos;
    titles whose numbers differ ("Part 1" / "Part 2") are never reported.
    """
    found = []
    blocks: dict[str, list[tuple[str, frozenset[str], list[str], Publication]]] = {}
    for publication in publications:
        title = _title_key(plain(publication.title))
        if not title:
            continue
        # Compare only titles sharing their opening or closing words: a typo rarely
        # touches both ends, and this keeps the check linear on large files.
        block_keys = (title[:24], title[-24:])
        words = frozenset(title.split())
        digits = _digits(title)
        first = None
        for block_key in block_keys:
            for other_title, other_words, other_digits, other in blocks.get(block_key, ()):
                if other_title == title or (
                    other_digits == digits
                    # Near-equal titles share nearly all their words: a cheap filter
                    # before the character-level comparison.
                    and len(words & other_words) >= cutoff * max(len(words), len(other_words)) - 1
                    and _similar(other_title, title, cutoff)
                ):
                    first = other
                    break
            if first is not None:
                break
        if first is not None:
            found.append(
                Diagnostic(
                    publication.entry.path,
                    publication.entry.line_of("title"),
                    "similar_title",
                    f"the title of '{publication.key}' repeats that of '{first.key}' "
                    f"({first.entry.path}:{first.entry.line}); is it the same paper?",
                )
            )
            continue
        for block_key in block_keys:
            blocks.setdefault(block_key, []).append((title, words, digits, publication))
    return found


def _title_key(text: str) -> str:
    """A title folded for comparison: no accents, case or punctuation; single spaces."""
    decomposed = unicodedata.normalize("NFKD", text)
    stripped = "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()
    return " ".join(word for word in _WORDS.split(stripped) if word)


def _similar(a: str, b: str, cutoff: float) -> bool:
    matcher = difflib.SequenceMatcher(None, a, b)
    return (
        matcher.real_quick_ratio() >= cutoff
        and matcher.quick_ratio() >= cutoff
        and matcher.ratio() >= cutoff
    )


def _digits(text: str) -> list[str]:
    return re.findall(r"\d+", text)
