"""The CV entry's Typst markup written as a string (cv/typstentry.py) is what the tree gives.

Every entry of the test corpora, the demo portfolios and a generated list, with the
CV's settings and shorter author lists, each also with one more link, in English and
German: where the string
writer does not leave the entry to the tree, its markup equals the translation of
entries.py's node tree (with the CV's date column applied, as source.py does).
"""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING

import pytest
from docutils.frontend import get_default_settings
from docutils.parsers.rst import Parser
from docutils.utils import new_document

from bibfolio.build.bibliography import get_library
from bibfolio.cv.dates import split_dates
from bibfolio.cv.entries import cv_entry
from bibfolio.cv.typst import TypstTranslator
from bibfolio.cv.typstentry import typst_entry
from bibfolio.doctree.entrycontext import EntryContext
from bibfolio.model.highlight import shown
from bibfolio.model.links import Link

from .bench.genbib import generate
from .helpers import corpus_app

if TYPE_CHECKING:
    from docutils import nodes

    from bibfolio.model.publication import Publication

_CONTEXTS = (
    EntryContext("list"),
    EntryContext("list", max_authors=2, separators=(", ", " & ")),
)


def _web_only(node: nodes.reference) -> str:
    """The CV's link target without ``html_baseurl``: web and mail links only."""
    uri = node.get("refuri", "")
    return uri if uri.startswith(("http://", "https://", "mailto:")) else ""


def _linked(publication: Publication) -> Publication:
    """*publication* with one more web link: an entry without links is left to the tree."""
    linked = copy.copy(publication)
    linked.links = [*publication.links, Link("url", "URL", "https://example.org/more")]
    return linked


def _tree_markup(publication, context, document) -> str:
    item = cv_entry(publication, context)
    split_dates(item)
    return TypstTranslator(document, _web_only).content(item)


@pytest.mark.parametrize("language", ["en", "de"])
def test_string_entries_are_what_the_tree_translates(tmp_path, language):
    app = corpus_app(tmp_path, language, "bibfolio_cv = False\n", generate(300, seed=11))
    document = new_document("cv", get_default_settings(Parser))
    try:
        app.build()  # the build's language stays set for the writers below
        publications = list(get_library(app.env).publications.values())
        written = declined = 0
        different = []
        for publication in publications:
            for view in (publication, shown(publication, (0,)), _linked(publication)):
                for context in _CONTEXTS:
                    found = typst_entry(view, context, _web_only)
                    if found is None:
                        declined += 1
                        continue
                    written += 1
                    expected = _tree_markup(view, context, document)
                    if found != expected:
                        different.append((publication.key, context.max_authors, found, expected))
    finally:
        app.cleanup()
    assert len(publications) > 400
    assert different == []
    # Entries without links and those with math, URLs or code in their text go to the tree.
    assert written > 2 * len(publications)
    assert declined > 0
