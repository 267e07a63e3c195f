"""LaTeX in fields renders as a reader expects; math never shows as raw TeX."""

from __future__ import annotations

import pytest
from docutils.frontend import get_default_settings
from docutils.parsers.rst import Parser
from docutils.utils import new_document

from bibfolio.cv.entries import cv_entry
from bibfolio.cv.typst import TypstTranslator
from bibfolio.doctree.entrycontext import EntryContext
from bibfolio.formats.citeformats import csl_item, ris
from bibfolio.formats.cleanbib import publication_bibtex
from bibfolio.formats.metadata import highwire_tags
from bibfolio.model.assemble import build_publications
from bibfolio.model.publication import Settings
from bibfolio.reading.bibtex import read_bib_text
from bibfolio.reading.latex import latex_to_plain, latex_to_rich
from bibfolio.reading.richtext import Span


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        (r"{\"U}ber", "Über"),
        (r"\'{\i}", "í"),
        (r"Mar{\'\i}a", "María"),
        (r"\v{S}koda", "Škoda"),
        (r"Fran\c{c}ois", "François"),
        (r"{\ss}", "ß"),
        (r"\L{}ukasz", "Łukasz"),
        ("1990--2000", "1990–2000"),
        ("a---b", "a—b"),
        ("A~B", "A\u00a0B"),
        (r"Research {\&} Development", "Research & Development"),
        (r"costs \$5", "costs $5"),
        (r"``quoted''", "“quoted”"),
        # TeX's single quotes: the ' closing a ` is ’; an apostrophe stays as typed.
        (r"Tone and `Segmental'", "Tone and ‘Segmental’"),
        (r"`Aristotle's view' of it", "‘Aristotle's view’ of it"),
        ("Aristotle's view", "Aristotle's view"),
        ("{T}ransformer for {CTR}", "Transformer for CTR"),
        (r"50% faster, \% kept", "50% faster, % kept"),
        (r"\textbf{bold} \emph{em}", "bold em"),
        (r"\url{https://example.org/a_b}", "https://example.org/a_b"),
        (r"in $O(n^2)$ time", "in O(n²) time"),
        (r"$\ell_1$ norms", "ℓ₁ norms"),
        (r"\unknowncommand{kept text}", "kept text"),
    ],
)
def test_plain_text(source, expected):
    assert latex_to_plain(source) == expected


def test_markup_becomes_spans():
    rich = latex_to_rich(r"\textbf{Fast} and \emph{exact} in $O(n^2)$")
    kinds = [part.kind for part in rich if isinstance(part, Span)]
    assert kinds == ["strong", "em", "math"]
    math = rich[-1]
    assert math.data == "O(n^2)"
    assert [part.kind for part in math.children if isinstance(part, Span)] == ["sup"]


def test_url_spans_carry_the_href():
    (span,) = latex_to_rich(r"\href{https://example.org}{the site}")
    assert (span.kind, span.data, span.children) == ("url", "https://example.org", ("the site",))


@pytest.mark.parametrize(
    ("source", "formulas", "text"),
    [
        # TeX's rule: $$ opens display math only where no inline formula is open.
        (r"$\Sigma$$\Delta$ modulator", [r"\Sigma", r"\Delta"], "ΣΔ modulator"),
        ("$x$$y$$z$", ["x", "y", "z"], "xyz"),
        (r"$$\Sigma$$ alone", [r"\Sigma"], "Σ alone"),
        (r"$$a$$$b$", ["a", "b"], "ab"),
        (r"\(a\)$$b$$", ["a", "b"], "ab"),
        ("$$a $ b$$", ["a $ b"], "a $ b"),
    ],
)
def test_adjacent_inline_formulas(source, formulas, text):
    rich = latex_to_rich(source)
    assert [part.data for part in rich if isinstance(part, Span)] == formulas
    assert latex_to_plain(source) == text


def test_adjacent_formulas_in_every_export():
    """Meta tags, CSL-JSON, RIS and the CV get the text; the BibTeX shown is as written."""
    source = r"@article{sd, author = {Lovelace, Ada}, title = {$\Sigma$$\Delta$ modulators}, journal = {J}, year = 2024}"
    publications, _ = build_publications(read_bib_text(source, "refs.bib").entries, Settings())
    publication = publications["sd"]
    assert ("citation_title", "ΣΔ modulators") in highwire_tags(publication)
    assert csl_item(publication)["title"] == "ΣΔ modulators"
    assert "TI  - ΣΔ modulators\n" in ris(publication)
    assert r"title = {$\Sigma$$\Delta$ modulators}" in publication_bibtex(publication)
    cv = TypstTranslator(new_document("cv", get_default_settings(Parser)), lambda _: "")
    assert cv.content(cv_entry(publication, EntryContext("list"))).startswith("ΣΔ modulators. ")
