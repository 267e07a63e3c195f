"""What a reader sees of LaTeX in a built page: math, symbols, names, warnings, COinS."""

from __future__ import annotations

from urllib.parse import parse_qs

import pytest

from .helpers import page, warnings_of


@pytest.fixture
def built(app):
    app.build()
    return app


def entry(app, key):
    return page(app).find("li", id=f"pub-{key}")


def text_of(app, key, part):
    return entry(app, key).select_one(f".bibfolio-{part}").get_text().strip()


@pytest.mark.sphinx("html", testroot="latex-unknown", freshenv=True)
def test_unknown_commands_warn_once_per_field_at_its_line(built):
    bib = built.srcdir / "refs.bib"
    plain = "it prints nothing (only its braced argument is kept)"
    assert warnings_of(built).splitlines() == [
        f"{bib}:7: WARNING: unknown LaTeX command '\\Lukasz' in field 'author' of 'symbols': "
        "read as \\L{}ukasz; write {\\L}ukasz [bibfolio.latex]",
        f"{bib}:13: WARNING: unknown LaTeX command '\\Ext' in field 'title' of 'unknown': "
        f"{plain} [bibfolio.latex]",
        f"{bib}:13: WARNING: unknown LaTeX command '\\mymacro' in field 'title' of 'unknown': "
        f"{plain} [bibfolio.latex]",
        f"{bib}:14: WARNING: unknown LaTeX command '\\mymacro' in field 'note' of 'unknown': "
        f"{plain} [bibfolio.latex]",
    ]


@pytest.mark.sphinx("html", testroot="latex-unknown", freshenv=True)
def test_math_reads_as_math(built):
    title = text_of(built, "math", "title")
    assert title == ("Duality between D(X\u0302) and D(X) for GL(2), A⊗B and lim←1")
    assert entry(built, "math").select("span.bibfolio-math sup")[-1].get_text() == "1"


@pytest.mark.sphinx("html", testroot="latex-unknown", freshenv=True)
def test_no_command_name_is_shown_as_a_word(built):
    title = text_of(built, "unknown", "title")
    assert title == "On 1 and kept and twice"
    listing = entry(built, "unknown").parent
    for source in listing.select("details.bibfolio-cite, span.Z3988"):
        source.decompose()  # the BibTeX reveal shows the source on purpose
    listing = listing.get_text()
    assert "Łukasz" in listing
    for word in ("Ext", "mymacro", "rm ", "otimes", "varprojlim", "hat", "textmu", "Lukasz"):
        assert word not in listing


@pytest.mark.sphinx("html", testroot="latex-unknown", freshenv=True)
def test_symbols_quotes_and_names(built):
    assert text_of(built, "symbols", "title") == (
        "50\u2009µm at 20°C: “quoted”, stressed, Caps, H2O and /~knuth/"
    )
    title = entry(built, "symbols").select_one(".bibfolio-title")
    assert title.select_one("em").get_text() == "stressed"
    assert title.select_one(".bibfolio-smallcaps").get_text() == "Caps"
    assert title.select_one("sub").get_text() == "2"
    assert text_of(built, "symbols", "authors") == (
        "Ada Lovelace, Rafał Samborski, and Łukasz Kaiser"
    )


@pytest.mark.sphinx("html", testroot="latex-unknown", freshenv=True)
def test_coins_title_has_no_tex_braces(built):
    coins = entry(built, "coins").select_one("span.Z3988")["title"]
    fields = parse_qs(coins)
    assert fields["rft.atitle"] == ["Moduli M_g,n(W) of M\u0305₀,ₙ"]
    assert fields["rft.jtitle"] == ["Journal of Geometry"]
    assert "{" not in coins and "}" not in coins and "%7B" not in coins
