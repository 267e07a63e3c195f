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
    if _feeds_as_written_against(indexer):
        _feed_words(indexer, pages)
        return
    for page, text in sorted(pages.items()):
        # The page is its own "source": no _sources/ file is written for it.
        indexer.feed(page, "", text[0], _doctree(page, text, builder.docsettings))


def _feeds_as_written_against(indexer: Any) -> bool:
    """Whether *indexer* is Sphinx's own ``IndexBuilder``, as :func:`_feed_words` knows it."""
    from sphinx.search import IndexBuilder  # noqa: PLC0415 - only where there is an index

    kind = type(indexer)
    return (
        kind.feed is IndexBuilder.feed
        and kind._word_collector is IndexBuilder._word_collector
        and all(isinstance(getattr(indexer, name, None), dict) for name in _INDEX_TABLES)
        and hasattr(indexer, "lang")
    )


_INDEX_TABLES = (
    "_titles", "_filenames", "_all_titles", "_title_mapping", "_mapping", "_index_entries"
)  # fmt: skip


def _feed_words(indexer: Any, pages: Mapping[str, SearchText]) -> None:
    """What ``IndexBuilder.feed`` (Sphinx 9.0.4) does with each page's :func:`_doctree`.

    Without making the doctrees, and deciding what each word is indexed as (stemmed,
    filtered) once for all pages instead of at each of its occurrences: paper pages
    share most of their words, and their index entries were a tenth of the time of
    writing 3,000 paper pages (profiled).  The index written is the same
    (tests/test_paper_search.py compares the two, in English and German).
    """
    lang = indexer.lang
    split, keep, stem = lang.split, lang.word_filter, lang.stem
    # Word → what it is indexed as, in a title and in the text (None: not indexed), as
    # IndexBuilder.feed decides it for each word it meets.
    indexed_as: dict[str, tuple[str | None, str | None]] = {}

    def index_keys(word: str) -> tuple[str | None, str | None]:
        stemmed = stem(word).lower()
        in_title = stemmed if keep(stemmed) else word if keep(word) else None
        in_text = word if not keep(stemmed) and keep(word) else stemmed
        found = indexed_as[word] = (in_title, in_text if keep(in_text) else None)
        return found

    titles, mapping = indexer._title_mapping, indexer._mapping
    for page, (title, parts) in sorted(pages.items()):
        indexer._titles[page] = title
        indexer._filenames[page] = ""
        indexer._all_titles[page] = [(title, None)]
        indexer._index_entries[page] = []
        title_words = split(title)
        for word in title_words:
            key = (indexed_as.get(word) or index_keys(word))[0]
            if key is not None:
                titles.setdefault(key, set()).add(page)
        for word in [*title_words, *(word for part in parts for word in split(part))]:
            key = (indexed_as.get(word) or index_keys(word))[1]
            if key is not None and page not in titles.get(key, ()):
                mapping.setdefault(key, set()).add(page)


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
