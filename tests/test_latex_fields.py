"""LaTeX in fields renders as a reader expects, in HTML; math never shows as raw TeX."""

from __future__ import annotations

import pytest

from .helpers import page, warnings_of


@pytest.fixture
def soup(app):
    app.build()
    assert not warnings_of(app)
    return page(app)


def title(soup, key):
    return soup.find("li", id=f"pub-{key}").select_one(".bibfolio-title")


@pytest.mark.sphinx("html", testroot="latex", freshenv=True)
def test_accents_in_names(soup):
    authors = soup.find("li", id="pub-accents").select_one(".bibfolio-authors").get_text().strip()
    assert authors == "Ada Lovelace, Jörg Über, and María García"


@pytest.mark.sphinx("html", testroot="latex", freshenv=True)
@pytest.mark.parametrize(
    ("key", "text"),
    [
        ("dashes", "Pages 1990–2000 and a pause—here"),
        ("tilde", "Dr.\u00a0No"),
        ("escapes", "R&D costs $5 at 50% off"),
        ("protected", "Transformers for CTR prediction"),
    ],
)
def test_text_conversions(soup, key, text):
    assert title(soup, key).get_text() == text


@pytest.mark.sphinx("html", testroot="latex", freshenv=True)
def test_markup_and_urls(soup):
    markup = title(soup, "markup")
    assert markup.find("strong").get_text() == "Bold"
    assert markup.find("em").get_text() == "emphasis"
    venue = soup.find("li", id="pub-markup").select_one(".bibfolio-venue a")
    assert venue["href"] == "https://example.org/x_y"


@pytest.mark.sphinx("html", testroot="latex", freshenv=True)
def test_math_is_typeset_not_raw(soup):
    math = title(soup, "math")
    spans = math.select("span.bibfolio-math")
    assert [s.get_text() for s in spans] == ["O(n2)", "α"]
    assert spans[0].find("sup").get_text() == "2"
    assert "$" not in math.get_text() and "\\" not in math.get_text()


@pytest.mark.sphinx("latex", testroot="latex", freshenv=True)
def test_latex_output_keeps_real_math(app):
    app.build()
    tex = next(app.outdir.glob("*.tex")).read_text()
    assert r"\(O(n^2)\)" in tex
    assert r"\(\alpha\)" in tex


# $\Sigma$$\Delta$ is two inline formulas, as in TeX: a $$ inside $...$ closes one and
# opens the next (it opens display math only where no inline formula is open).
@pytest.mark.sphinx("html", testroot="latex", freshenv=True)
def test_adjacent_inline_formulas_are_two_formulas(soup):
    adjacent = title(soup, "adjacent")
    spans = adjacent.select("span.bibfolio-math")
    assert [s.get_text() for s in spans] == ["Σ", "Δ", "x", "y", "z"]
    assert adjacent.get_text() == "ΣΔ modulators and xyz"


@pytest.mark.sphinx("latex", testroot="latex", freshenv=True)
def test_latex_output_keeps_adjacent_formulas_apart(app):
    app.build()
    tex = next(app.outdir.glob("*.tex")).read_text()
    assert r"\(\Sigma\)\(\Delta\) modulators and \(x\)\(y\)\(z\)" in tex
