"""The list entry written as a string (doctree/entryhtml.py) is what the node tree writes.

Every entry of the test corpora, the demo portfolios and a generated list, in several
contexts (paper page or not, folded authors, local files, "Cited by", a marked person),
in English and German, with the real theme and MyST: the string writer's HTML and text equal the tree's as
the fragment cache renders it, wherever the string writer does not leave the entry to
the tree.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from bibfolio.build.bibliography import get_library
from bibfolio.build.fragments import FragmentCache, entry_text
from bibfolio.doctree.entrycontext import EntryContext
from bibfolio.doctree.entryhtml import entry_html
from bibfolio.doctree.render import entry_html_nodes
from bibfolio.model.highlight import shown

from .bench.genbib import generate
from .helpers import corpus_app


def _contexts(key: str) -> list[EntryContext]:
    listed = EntryContext(
        "list",
        anchor=f"pub-{key}",
        listing="publications-1",
        title_href=f"papers/{key}.html",
        page_url=f"https://example.org/papers/{key}.html",
        formats_data="index.formats.json",
        formats_files=(("RIS", "index.ris"), ("CSL-JSON", "index.json")),
    )
    return [
        listed,
        replace(
            listed,
            variant="selected",
            title_href="",
            page_url="",
            max_authors=2,
            separators=(", ", " & "),
            file_hrefs=(("pdf", "_files/paper.pdf"),),
            cited_by=("Cited by 12", "https://scholar.example.org/?q=1&x=<2>", 'Scholar "2026"'),
            formats_files=(),
        ),
        replace(listed, anchor="", max_authors=1, title_href="mailto:someone@example.org"),
    ]


@pytest.mark.parametrize("language", ["en", "de"])
def test_string_entries_are_what_the_tree_writes(tmp_path, language):
    app = corpus_app(
        tmp_path, language, 'html_theme = "pydata_sphinx_theme"\n', generate(300, seed=11)
    )
    try:
        app.build()
        cache = FragmentCache(app.builder)
        publications = list(get_library(app.env).publications.values())
        written = declined = 0
        different = []
        cite = {"en": ">Cite</summary>", "de": ">Zitieren</summary>"}[language]
        for publication in publications:
            for view in (publication, shown(publication, (0,))):
                for context in _contexts(publication.key):
                    found = entry_html(view, context, cache.writer)
                    if found is None:
                        declined += 1
                        continue
                    written += 1
                    assert cite in found[0]
                    tree = entry_html_nodes(view, context)
                    if found != (cache._render(tree), entry_text(tree)):
                        different.append((publication.key, context))
    finally:
        app.cleanup()
    assert len(publications) > 400
    assert different == []
    # A mailto: paper link leaves every entry to the tree; most others are written.
    assert written > 1.5 * len(publications)
    assert declined >= 2 * len(publications)
