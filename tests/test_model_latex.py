"""LaTeX in fields renders as a reader expects; math never shows as raw TeX."""

from __future__ import annotations

import pytest

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
