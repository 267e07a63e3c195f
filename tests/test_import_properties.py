"""Property: any Unicode title or abstract the importer writes reads back identically."""

from __future__ import annotations

import html

import pybtex.database
from hypothesis import example, given, settings
from hypothesis import strategies as st

from bibfolio.importer.abstracts import abstract_value
from bibfolio.importer.merge import Target
from bibfolio.importer.texout import title_value
from bibfolio.importer.writer import Style
from bibfolio.reading.bibtex import read_bib_text
from bibfolio.reading.latex import latex_to_plain

# Any character but controls and surrogates (a .bib is text); whitespace is normalised.
titles = st.text(
    st.characters(blacklist_categories=("Cc", "Cs", "Co", "Cn")), min_size=1, max_size=60
).filter(lambda text: text.strip())


@settings(max_examples=400, deadline=None)
@given(titles)
@example(r"50% of {GPUs} & #tags_with $math$ ~ ^ \ backslash")
@example("Ligatures -- --- `` '' ?` !` and a ~tie")
@example("Ünïcödé — 日本語 LLMs")
@example("{{ unbalanced } braces }}}")
@example("0A{}")  # a braced acronym ending in an escaped brace
def test_any_title_reads_back_identically(title: str) -> None:
    expected = " ".join(title.split())
    entry = Style().entry(Target("k", "misc", {"title": title_value(expected)}, new=True))
    result = read_bib_text(entry + "\n", "refs.bib")
    assert not result.diagnostics
    (read,) = result.entries
    assert latex_to_plain(read.get("title")) == expected
    # pybtex (sphinxcontrib-bibtex's parser) reads the same value.
    parsed = pybtex.database.parse_string(entry, "bibtex")
    assert parsed.entries["k"].fields["title"] == read.get("title")


@settings(max_examples=300, deadline=None)
@given(titles)
@example("50% & #5 costs $3 \\$4 {x} ~ ^ ` <jats:p>")
@example("{{ unbalanced } braces }}}")
def test_any_abstract_reads_back_identically(text: str) -> None:
    """Plain text (arXiv without math) and the same text as JATS/HTML (Crossref, DataCite)."""
    expected = " ".join(text.split())
    markup = "<jats:p>" + html.escape(text) + "</jats:p>"
    for value in (abstract_value(text, markup=False), abstract_value(markup)):
        entry = Style().entry(Target("k", "misc", {"abstract": value}, new=True))
        result = read_bib_text(entry + "\n", "refs.bib")
        assert not result.diagnostics
        (read,) = result.entries
        assert latex_to_plain(read.get("abstract")) == expected
        parsed = pybtex.database.parse_string(entry, "bibtex")
        assert parsed.entries["k"].fields["abstract"] == read.get("abstract")
