"""Our LaTeX-to-text and pylatexenc's, compared on every text field of every corpus file.

Every ``.bib`` in ``tests/corpus/`` (sources in its README) is read by bibfolio's reader;
each field that bibfolio reads as LaTeX (all but :data:`~bibfolio.reading.latex.VERBATIM_FIELDS`:
URLs, DOIs, keys) is turned into text twice, by :func:`~bibfolio.reading.latex.latex_to_plain`
and by pylatexenc 2's ``LatexNodes2Text``.  Both are compared with runs of spaces, tabs and
newlines made one space and the ends stripped (pylatexenc keeps a field's line breaks).

Where they differ, the difference must be explained by :data:`CATEGORIES`: each category
names a way the two readers disagree and why ours is intended, and says it precisely, as
what pylatexenc is given (a rule for a command it does not know, with what LaTeX prints)
or a folding of both texts.  A difference is explained when pylatexenc, given the rules of
the categories whose commands the field uses, reads the field as we do; a minimal set of
categories that does so (each needed) is the difference's explanation.  The test fails on any difference
no category explains, and on a category that explains nothing (it would hide a change).
As ``test_corpus.py`` does for pybtex's reading of the same files.

About 4 s: 7,269 fields, each read by both; only the ~150 that differ are read again.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from pylatexenc import latex2text, latexwalker
from pylatexenc.latex2text import LatexNodes2Text, MacroTextSpec, SpecialsTextSpec
from pylatexenc.macrospec import MacroSpec

from bibfolio.reading.bibtex import read_bib_files
from bibfolio.reading.latex import VERBATIM_FIELDS, latex_to_plain

if TYPE_CHECKING:
    from collections.abc import Callable

CORPUS = Path(__file__).parent / "corpus"
FILES = sorted(path.name for path in CORPUS.glob("*.bib"))
_SPACES = re.compile(r"[ \t\r\n]+")


def _scripts_folded(text: str) -> str:
    """*text* with Unicode super- and subscript characters as their base characters."""
    out = []
    for char in text:
        decomposition = unicodedata.decomposition(char)
        scripted = decomposition.startswith(("<super> ", "<sub> "))
        out.append(chr(int(decomposition.split()[1], 16)) if scripted else char)
    return "".join(out)


def _carets_dropped(text: str) -> str:
    return text.replace("^", "").replace("_", "")


@dataclass(frozen=True)
class Category:
    """One reviewed way our reading differs from pylatexenc's, and why ours is intended."""

    name: str
    why: str
    #: The category is considered for a field whose LaTeX source this finds something in.
    applies: re.Pattern[str]
    #: (name, argument spec, replacement): a command pylatexenc is taught, as LaTeX prints it.
    macros: tuple[tuple[str, str, str | Callable], ...] = ()
    #: (characters, replacement): specials pylatexenc is taught.
    specials: tuple[tuple[str, str], ...] = ()
    #: Applied to our text and to pylatexenc's before they are compared.
    ours: Callable[[str], str] | None = None
    theirs: Callable[[str], str] | None = None


def _argument(index: int, opening: str = "", closing: str = "") -> Callable:
    def text(node, l2tobj) -> str:  # pylatexenc passes itself by this name
        return opening + l2tobj.node_arg_to_text(node, index) + closing

    return text


CATEGORIES = (
    Category(
        "unknown-to-pylatexenc",
        "pylatexenc 2's text converter has no rule for these and drops them with their "
        "argument; LaTeX prints the argument (\\texttt, \\mbox: biblatex's examples write "
        "field names in \\texttt, xampl.bib's journal is \\mbox{G-Animal's} Journal), the "
        "logo (\\TeX), a hyphen or a slash (biblatex's \\hyphen, \\slash) or the prime ʹ "
        "(MathSciNet's \\cprime); "
        "so do we",
        re.compile(r"\\(texttt|mbox|TeX|hyphen|slash|cprime)(?![A-Za-z])"),
        macros=(
            ("texttt", "{", "%s"),
            ("mbox", "{", "%s"),
            ("TeX", "", "TeX"),
            ("hyphen", "", "-"),
            ("cprime", "", "ʹ"),
            ("slash", "", "/"),
        ),
    ),
    Category(
        "biblatex-quotes",
        "biblatex's \\mkbibquote{…} and \\enquote{…} print their argument in quotation "
        "marks; pylatexenc does not know them and prints the bare argument (and the * of "
        "\\enquote*)",
        re.compile(r"\\(mkbibquote|enquote)(?![A-Za-z])"),
        macros=(
            ("mkbibquote", "{", _argument(0, "“", "”")),
            ("enquote", "*{", _argument(1, "“", "”")),
        ),
    ),
    Category(
        "citation",
        "a \\cite inside a field (xampl.bib's note) is shown as [key], the key a reader can "
        "look up; pylatexenc writes a placeholder, <cit.>",
        re.compile(r"\\cite(?![A-Za-z])"),
        macros=(("cite", "*[[{", _argument(3, "[", "]")),),
    ),
    Category(
        "counter",
        "biblatex's \\arabic{author} prints a counter's value, known only when biblatex "
        "typesets the entry; we print nothing, pylatexenc the counter's name",
        re.compile(r"\\arabic(?![A-Za-z])"),
        macros=(("arabic", "{", ""),),
    ),
    Category(
        "thin-space",
        "\\, is TeX's thin space: we keep it as U+2009 THIN SPACE (Wiley \\& Sons\\, New "
        "York); pylatexenc writes a plain space (~, the no-break space, both keep as U+00A0)",
        re.compile(r"\\,"),
        macros=((",", "", "\u2009"),),
    ),
    Category(
        "ampersand-as-written",
        "an unescaped & in a field is an alignment tab to LaTeX (an error in text); we show "
        "the & the author meant, pylatexenc a few spaces",
        re.compile(r"(?<!\\)&"),
        specials=(("&", "&"),),
    ),
    Category(
        "unicode-scripts",
        "super- and subscripts (\\textsuperscript{th}, $p^2$, $\\mathcal{M}_{1,1}$) are "
        "written with Unicode's superscript and subscript characters where each character "
        "has one (9ᵗʰ, p², ℳ₁,₁), so that meta tags and exports keep them; pylatexenc "
        "writes the base characters after a literal ^ or _ (math) or none (text)",
        re.compile(r"\^|_|\\textsuperscript|\\textsubscript"),
        ours=_scripts_folded,
        theirs=_carets_dropped,
    ),
    Category(
        "math-accents-and-operators",
        "math accents and operators are drawn with Unicode: \\overline and \\underline as "
        "combining marks over or under each letter (M̅, H̲o̲m̲), \\varprojlim as lim←, a "
        "prime as ′; pylatexenc prints the letters bare, drops \\varprojlim and keeps '",
        re.compile(r"\\(overline|underline|varprojlim)(?![A-Za-z])|\$[^$]*'"),
        macros=(
            ("overline", "{", lambda n, l2tobj: _combined(l2tobj.node_arg_to_text(n, 0), "\u0305")),
            (
                "underline",
                "{",
                lambda n, l2tobj: _combined(l2tobj.node_arg_to_text(n, 0), "\u0332"),
            ),
            ("varprojlim", "", "lim←"),
        ),
        theirs=lambda text: text.replace("'", "′"),
    ),
    Category(
        "math-spacing",
        "in math TeX spaces by the kind of each atom, not by the spaces typed; neither "
        "reader does that: we put a space between two operators (\\log\\log n reads "
        "log log n) and none after a closed group ({\\rm Br}'), pylatexenc the reverse",
        re.compile(r"\$[^$]*(\\log\\log|\\rm)"),
        ours=lambda text: text.replace(" ", ""),
        theirs=lambda text: text.replace(" ", ""),
    ),
)


def _combined(text: str, mark: str) -> str:
    """*text* with the combining *mark* on each character (pylatexenc keeps \\rm's space)."""
    return "".join(char + mark for char in text.strip())


@lru_cache(maxsize=64)
def _reader(names: frozenset[str]) -> Callable[[str], str]:
    """pylatexenc's LaTeX-to-text taught the rules of the categories named *names*."""
    chosen = [category for category in CATEGORIES if category.name in names]
    walker_db = latexwalker.get_default_latex_context_db()
    text_db = latex2text.get_default_latex_context_db()
    macros = [macro for category in chosen for macro in category.macros]
    specials = [special for category in chosen for special in category.specials]
    if macros or specials:
        walker_db.add_context_category(
            "bibfolio-reviewed",
            prepend=True,
            macros=[MacroSpec(name, spec) for name, spec, _ in macros],
        )
        text_db.add_context_category(
            "bibfolio-reviewed",
            prepend=True,
            macros=[MacroTextSpec(name, simplify_repl=text) for name, _, text in macros],
            specials=[SpecialsTextSpec(chars, text) for chars, text in specials],
        )
    converter = LatexNodes2Text(latex_context=text_db)

    def read(source: str) -> str:
        return _space(converter.latex_to_text(source, latex_context=walker_db))

    return read


def _space(text: str) -> str:
    return _SPACES.sub(" ", text).strip()


def _agree(source: str, ours: str, names: frozenset[str]) -> bool:
    theirs = _reader(names)(source)
    for category in CATEGORIES:
        if category.name in names:
            ours = _space(category.ours(ours)) if category.ours else ours
            theirs = _space(category.theirs(theirs)) if category.theirs else theirs
    return ours == theirs


def explanation(source: str, ours: str) -> frozenset[str] | None:
    """A minimal set of categories under which pylatexenc reads *source* as *ours*, or None."""
    names = frozenset(c.name for c in CATEGORIES if c.applies.search(source))
    if not _agree(source, ours, names):
        return None
    for name in sorted(names):
        if _agree(source, ours, names - {name}):
            names -= {name}
    return names


def text_fields(name: str):
    """(key, field, LaTeX source) of every field of corpus file *name* read as LaTeX."""
    path = CORPUS / name
    entries, _ = read_bib_files([(name, path.read_bytes())])
    for entry in entries:
        for field_name, found in entry.fields.items():
            if field_name not in VERBATIM_FIELDS:
                yield entry.key, field_name, found.value


def compare(name: str) -> tuple[int, Counter[str], list[tuple[str, str, str, str, str]]]:
    """Fields compared, differences per category, and the differences nothing explains."""
    plain_reader = _reader(frozenset())
    compared = 0
    explained: Counter[str] = Counter()
    unexplained = []
    for key, field_name, source in text_fields(name):
        compared += 1
        ours = latex_to_plain(source)
        if ours == plain_reader(source):
            continue
        names = explanation(source, ours)
        if names is None:
            unexplained.append((key, field_name, source, ours, plain_reader(source)))
        else:
            explained.update(names)
    return compared, explained, unexplained


@pytest.fixture(scope="module")
def results():
    return {name: compare(name) for name in FILES}


def test_the_corpus_is_all_there():
    assert FILES == [
        "biblatex-examples.bib",
        "jabref-authors.bib",
        "stacks-project-my.bib",
        "xampl.bib",
    ]


@pytest.mark.parametrize("name", FILES)
def test_every_difference_from_pylatexenc_is_a_named_category(results, name):
    compared, _, unexplained = results[name]
    assert unexplained == []
    assert compared > 90  # xampl.bib, the smallest, has 95 text fields


def test_every_category_explains_a_difference(results):
    explained = sum((found for _, found, _ in results.values()), Counter())
    assert set(explained) == {category.name for category in CATEGORIES}


def test_adjacent_formulas_read_as_pylatexenc_reads_them():
    """JabRef's test library writes ΣΔ as $\\Sigma$$\\Delta$: two formulas, as in TeX."""
    fields = {(key, name): source for key, name, source in text_fields("jabref-authors.bib")}
    for key in ("SadeghifarWiknerGustafsson2014", "AfzalWiknerGustafsson2014"):
        source = fields[key, "title"]
        assert "$$" in source
        assert latex_to_plain(source) == _reader(frozenset())(source)
    assert "ΣΔ modulator" in latex_to_plain(fields["SadeghifarWiknerGustafsson2014", "title"])


@pytest.mark.parametrize(
    ("source", "ours"),
    [
        ("a \\texttt{b} c", "a b c"),  # explained
        ("$\\Sigma$$\\Delta$", "Σ$$Δ"),  # the reading before TeX's rule for $$
        ("\\textsuperscript{th}", "ᵗʰ!"),
    ],
)
def test_the_categories_explain_only_what_they_name(source, ours):
    """A wrong reading is not explained away: only the first of these is a category's."""
    found = explanation(source, ours)
    assert (found is None) == (ours != "a b c")
