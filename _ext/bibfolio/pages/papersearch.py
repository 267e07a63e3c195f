"""Paper pages in the site's search index: title, authors, venue and abstract.

Sphinx indexes the documents it writes; paper pages are written by bibfolio
(``papers.write_pages``) and are no documents, so they are fed to the builder's
``IndexBuilder`` here, each as a small doctree: the paper's title as the page title
(a search for the title then ranks the paper page first: Sphinx's searchtools score a
title match above a match in a list's text), then its authors, venue and abstract.

Every build feeds every paper page, from text kept with the pages' state
(:func:`search_text`), so an incremental build's index equals a fresh one's without
decoding the entries of unchanged pages.

Sphinx keeps only documents in the index (``IndexBuilder.prune(env.all_docs)`` before
it is written); :func:`feed` makes that index keep the paper pages too.  This is the one
place that reaches into the indexer, written against Sphinx 9.0.4.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from docutils import nodes
from docutils.utils import new_document

from ..reading.richtext import plain

if TYPE_CHECKING:
    from collections.abc import Iterable, Mapping

    from ..model.publication import Publication

#: What a paper page is found by: (title, (authors, venue, abstract)).
SearchText = tuple[str, tuple[str, ...]]


def search_text(publication: Publication) -> SearchText:
    """The words a paper page is found by."""
    authors = ", ".join(author.name for author in publication.people)
    parts = (authors, plain(publication.venue), plain(publication.rich("abstract")))
    return plain(publication.title), tuple(part for part in parts if part)


def _doctree(page: str, text: SearchText, settings: Any) -> nodes.document:
    title, parts = text
    document = new_document(page, settings)
    section = nodes.section(ids=["paper"])
    section += nodes.title(title, title)
    section.extend(nodes.paragraph(part, part) for part in parts)
    document += section
    return document


def feed(builder: Any, pages: Mapping[str, SearchText]) -> None:
    """Add *pages* (page name → text) to *builder*'s search index, and keep them there."""
    indexer = getattr(builder, "indexer", None)
    if indexer is None:
        return
    _keep_in_index(indexer, pages)
    for page, text in sorted(pages.items()):
        # The page is its own "source": no _sources/ file is written for it.
        indexer.feed(page, "", text[0], _doctree(page, text, builder.docsettings))


def _keep_in_index(indexer: Any, pages: Iterable[str]) -> None:
    """Make *indexer*'s ``prune(docnames)`` keep *pages* as well as the documents.

    Pages of earlier calls in the same build are kept too (a group site's member pages,
    fed after the paper pages).
    """
    kept = frozenset(pages) | getattr(indexer, "_bibfolio_kept", frozenset())
    indexer._bibfolio_kept = kept
    prune = getattr(indexer, "_bibfolio_prune", None) or indexer.prune
    indexer._bibfolio_prune = prune

    def prune_but_papers(docnames: Iterable[str]) -> None:
        prune(set(docnames) | kept)

    indexer.prune = prune_but_papers
