"""Each entry a list shows has an author the owner (or a group's member) matches.

Checked once the pages are read (``env-updated``), over every list of the site (full,
``:selected:`` and ``:limit:`` lists, the group's and the members' lists, and so the
CV's, which shows the same pages), each entry once, at its ``refs.bib:LINE``.  An entry
that no list shows needs no match: a work the owner only cites.  ``bibfolio.testing``'s
``test_every_entry_has_an_author_the_owner_matches`` asks the same of a built site, in
the same words (:func:`bibfolio.model.lint.listed_owner_missing`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..model.lint import listed_owner_missing
from .bibliography import get_domain, get_library
from .warnings_ import report

if TYPE_CHECKING:
    from collections.abc import Iterable

    from sphinx.application import Sphinx
    from sphinx.environment import BuildEnvironment

    from .bibliography import Listing


def first_lists(listings: dict[str, list[Listing]]) -> dict[str, str]:
    """Each key a list shows → the first page (by name) that lists it."""
    found: dict[str, str] = {}
    for docname in sorted(listings):
        for listing in listings[docname]:
            for key in listing.keys:
                found.setdefault(key, docname)
    return found


def unmatched_listed(app: Sphinx, env: BuildEnvironment) -> Iterable[tuple[str, str]]:
    """(key, page) of each listed entry none of whose authors the owner matches."""
    state = get_domain(env).data["state"]
    owner_keys = state.owner_keys if state is not None else frozenset()
    for key, docname in first_lists(get_domain(env).listings).items():
        if key not in owner_keys:
            yield key, docname


def check(app: Sphinx, env: BuildEnvironment) -> None:
    """``env-updated``: one ``owner_missing`` per listed entry the owner does not match."""
    owner = list(app.config.bibfolio_owner)
    if not owner:
        return  # bibliography.report_list_checks says the owner is unset
    library = get_library(env)
    group = bool(getattr(app.config, "bibfolio_group", None))
    for key, docname in unmatched_listed(app, env):
        publication = library.get(key)
        if publication is not None:
            problem = listed_owner_missing(publication, docname, owner, group=group)
            report(problem, app.config.suppress_warnings)


def register(app: Sphinx) -> None:
    """Once the pages are read, after the bibliography's own checks."""
    app.connect("env-updated", check, priority=600)
