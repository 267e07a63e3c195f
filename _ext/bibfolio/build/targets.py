"""After reading: where each entry's links land, and which pages to write again.

Each entry has one *target*: its entry in the first citable list, in reading order
(the toctree's order, then by name).  ``{cite}`` links and the paper pages' "All
publications" link go there.  Pages that only cite are not re-read when the .bib
changes, so they are returned here to be written again with fresh citation text.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import citebridge
from .bibliography import documents_citing, get_domain, get_library

if TYPE_CHECKING:
    from collections.abc import Iterator

    from sphinx.application import Sphinx
    from sphinx.environment import BuildEnvironment

    from .bibliography import Listing


def reading_order(env: BuildEnvironment) -> Iterator[str]:
    """Documents in toctree order from the root document, then the rest by name."""
    relations = env.collect_relations()
    seen: set[str] = set()
    docname: str | None = env.config.root_doc
    while docname is not None and docname not in seen and docname in relations:
        seen.add(docname)
        yield docname
        docname = relations[docname][2]
    yield from sorted(env.found_docs - seen)


def compute_targets(env: BuildEnvironment) -> dict[str, tuple[str, str]]:
    """Key → (docname, anchor) of its main list entry."""
    listings = get_domain(env).listings
    ordered: list[Listing] = [
        listing for docname in reading_order(env) for listing in listings.get(docname, ())
    ]
    targets: dict[str, tuple[str, str]] = {}
    for citable_pass in (True, False):
        for listing in ordered:
            if listing.citable != citable_pass:
                continue
            for key, anchor in zip(listing.keys, listing.anchors, strict=True):
                targets.setdefault(key, (listing.docname, anchor))
    # A preprint paired with its published version is listed as that entry.
    for preprint, published in citebridge.paired_aliases(env).items():
        if published in targets:
            targets.setdefault(preprint, targets[published])
    return targets


def update(app: Sphinx, env: BuildEnvironment) -> list[str]:
    """``env-updated``: record targets, register cited ones, return pages to re-write."""
    domain = get_domain(env)
    library = get_library(env)
    old = domain.targets
    new = compute_targets(env)
    domain.data["targets"] = new
    # A key that a project's own {bibliography} shows is cited there, as without bibfolio.
    cited = citebridge.cited_keys(env) - citebridge.stock_citation_keys(env)
    listings = {
        (listing.docname, listing.listing_id): listing
        for per_doc in domain.listings.values()
        for listing in per_doc
    }
    registered: dict[tuple[str, str, int], list[tuple[str, str]]] = {}
    for key, (docname, anchor) in new.items():
        if key not in cited:
            continue
        listing = next(
            (
                item
                for (doc, _), item in listings.items()
                if doc == docname and anchor in item.anchors
            ),
            None,
        )
        if listing is not None:
            registered.setdefault((docname, listing.listing_id, listing.line), []).append(
                (key, anchor)
            )
    citebridge.register_cite_targets(env, registered, library.paths)

    rewrite = documents_citing(env, library.changed)
    moved = {key for key in set(old) | set(new) if old.get(key) != new.get(key)}
    if moved:
        # Paper pages are no documents: their "back" links are checked when they are
        # written (papers.write_pages).
        rewrite |= documents_citing(env, moved)
    return sorted(rewrite & env.found_docs)
