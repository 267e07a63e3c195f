"""Stock ``{bibliography}`` lists in the CV: resolved on fresh citation nodes.

sphinxcontrib-bibtex (written against 2.7, pinned ``>=2.7,<2.8``) makes each entry's
citation node once, at read time, and keeps it in its domain
(``BibliographyValue.citation_nodes``).  Its ``BibliographyTransform`` then appends the
entry's label and text to that stored node (``citation_node += ...``) every time a page
is resolved.  For the site that happens once per page, but the CV resolves its pages
again after the site is written, once per CV variant: the stored node would hold the
entry two or three times.  This is the one place that touches those internals: while
the CV resolves a page, the stored nodes are swapped for empty copies, and put back
afterwards, so the site's state is as stock left it.
"""

from __future__ import annotations

from contextlib import contextmanager
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Iterator

    from docutils import nodes
    from sphinx.environment import BuildEnvironment


@contextmanager
def fresh_citation_nodes(env: BuildEnvironment, doctree: nodes.document) -> Iterator[None]:
    """While open, the stock bibliographies of *doctree* fill empty citation nodes."""
    from sphinxcontrib.bibtex.directives import BibliographyKey  # noqa: PLC0415
    from sphinxcontrib.bibtex.nodes import bibliography  # noqa: PLC0415

    domain = env.get_domain("cite")
    saved: list[tuple[dict[str, nodes.Element], str, nodes.Element]] = []
    for node in doctree.findall(bibliography):
        key = BibliographyKey(docname=node["docname"], id_=node["ids"][0])
        value = domain.bibliographies.get(key)  # type: ignore[attr-defined]
        if value is None:
            continue
        stored = value.citation_nodes
        for entry_key, citation in list(stored.items()):
            saved.append((stored, entry_key, citation))
            stored[entry_key] = citation.copy()  # same ids and names, no children
    try:
        yield
    finally:
        for stored, entry_key, citation in saved:
            stored[entry_key] = citation
