"""bibfolio.fasthtml writes exactly what docutils' encode and starttag write."""

from __future__ import annotations

from docutils import nodes
from docutils.writers import _html_base
from hypothesis import given, settings
from hypothesis import strategies as st
from pydata_sphinx_theme.translator import BootstrapHTML5TranslatorMixin
from sphinx.util.docutils import new_document
from sphinx.writers.html5 import HTML5Translator

from bibfolio.build import fasthtml

TEXT = st.text(alphabet=st.sampled_from("ab &<>\"@'\n\t%.é"), max_size=40)


@given(TEXT)
def test_encode_is_docutils_encode(text):
    assert fasthtml.encode(text) == text.translate(_html_base.HTMLTranslator.special_characters)


class _Translator:
    """The parts of an HTML translator that ``starttag`` reads."""

    special_characters = _html_base.HTMLTranslator.special_characters
    lang_attribute = "lang"
    in_mailto = False
    encode = _html_base.HTMLTranslator.encode
    attval = _html_base.HTMLTranslator.attval
    starttag = _html_base.HTMLTranslator.starttag

    def __init__(self) -> None:
        self.settings = type("Settings", (), {"cloak_email_addresses": False})()


class _PydataTranslator(BootstrapHTML5TranslatorMixin, _Translator):
    pass


def _node(kind: type[nodes.Element], classes: list[str], ids: list[str]) -> nodes.Element:
    return kind("", classes=list(classes), ids=list(ids))


CASES = st.tuples(
    st.sampled_from([nodes.inline, nodes.paragraph, nodes.table, nodes.container]),
    st.lists(st.sampled_from(["a", "b", "language-en", "colwidths-auto", " "]), max_size=3),
    st.lists(st.sampled_from(["x", "y"]), max_size=2),
    st.sampled_from(["span", "P", "div"]),
    st.sampled_from(["", "\n"]),
    st.booleans(),
    st.dictionaries(
        st.sampled_from(["CLASS", "role", "ROLE", "data-x", "href"]),
        st.one_of(TEXT, st.just("heading")),
        max_size=3,
    ),
    st.one_of(st.none(), st.lists(st.sampled_from(["c", "a"]), max_size=2)),  # CLASSES=[...]
)


@settings(max_examples=60, deadline=None)
@given(st.lists(CASES, max_size=6), st.booleans(), st.booleans())
def test_starttag_is_the_translators_starttag(cases, pydata, mailto):
    kind = _PydataTranslator if pydata else _Translator
    fast, stock = fasthtml.speed_up(kind()), kind()
    fast.in_mailto = stock.in_mailto = mailto
    for node_kind, classes, ids, tag, suffix, empty, attributes, extra in cases * 2:  # twice
        a, b = _node(node_kind, classes, ids), _node(node_kind, classes, ids)
        fast_extra = {} if extra is None else {"CLASSES": list(extra)}
        stock_extra = {} if extra is None else {"CLASSES": list(extra)}
        assert fast.starttag(a, tag, suffix, empty, **attributes, **fast_extra) == stock.starttag(
            b, tag, suffix, empty, **attributes, **stock_extra
        )
        assert (a["ids"], fast_extra) == (b["ids"], stock_extra)  # what docutils changes


def test_a_replaced_encode_or_starttag_is_kept():
    class Own(_Translator):
        def encode(self, text):
            return f"[{text}]"

        def starttag(self, node, tagname, suffix="\n", empty=False, **attributes):
            return f"<{tagname} own>"

    translator = fasthtml.speed_up(Own())
    assert translator.encode("a&b") == "[a&b]"
    assert translator.starttag(nodes.inline(), "span", "") == "<span own>"


def test_sphinx_translator_gets_both(tmp_path):
    from sphinx.testing.util import SphinxTestApp

    (tmp_path / "conf.py").write_text("")
    (tmp_path / "index.rst").write_text("Home\n====\n")
    app = SphinxTestApp("html", srcdir=tmp_path)
    try:
        app.build()
        document = new_document("<test>", app.builder.docsettings)
        translator = fasthtml.speed_up(app.builder.create_translator(document, app.builder))
        assert isinstance(translator, HTML5Translator)
        assert translator.encode is fasthtml.encode
        assert translator.starttag(nodes.inline(classes=["a"]), "span", "") == '<span class="a">'
    finally:
        app.cleanup()
