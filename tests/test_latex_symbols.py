"""LaTeX math, text symbols and biblatex commands read as a reader expects (issue 12)."""

from __future__ import annotations

import pytest

from bibfolio.model.names import parse_name
from bibfolio.reading.latex import latex_problems, latex_to_plain, latex_to_rich, unknown_commands
from bibfolio.reading.richtext import Span, plain


def kinds(rich) -> list[str]:
    """Span kinds in document order, nested ones included."""
    found = []
    for part in rich:
        if isinstance(part, Span):
            found.append(part.kind)
            found.extend(kinds(part.children))
    return found


# -- 1. math ---------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("source", "expected"),
    [
        (r"${\rm GL}(2)$", "GL(2)"),
        (r"${\bf P}^n$", "Pⁿ"),
        (r"$A\otimes B$", "A⊗B"),
        (r"$A \otimes B$", "A ⊗ B"),
        (r"$\varprojlim^1$", "lim←¹"),
        (r"$\underline{\rm Hom}$", "H\u0332o\u0332m\u0332"),
        (r"$D(\hat X)$", "D(X\u0302)"),
        (r"$\hat{a}$", "â"),
        (r"$\overline{M}_{0,n}$", "M\u0305₀,ₙ"),
        (r"$\aleph_0$", "ℵ₀"),
        (r"$A\cong B$", "A≅B"),
        (r"$\bigoplus_i A_i$", "⨁ᵢ Aᵢ"),
        (r"$\binom{n}{k}$", "(n choose k)"),
        (r"$\mathbb{Z}[x]$", "ℤ[x]"),
        (r"$\mathcal{O}_X$", "𝒪_X"),
        (r"$\mathfrak{g}$", "𝔤"),
        (r"$\frac{n+1}{2}$", "(n+1)/2"),
        (r"$\tfrac12$", "1/2"),
        (r"$\sqrt{n}$", "√n"),
        (r"$\sqrt[3]{x}$", "∛x"),
        (r"$\operatorname{Spec} R$", "Spec R"),
        (r"$\operatorname*{arg\,max}$", "arg\u2009max"),
        (r"$\left( \frac{a}{b} \right)$", "(a/b)"),
        (r"$\left\{ x \right.$", "{x"),
        (r"$\sin\theta$", "sin θ"),
        (r"$\log n$", "log n"),
        (r"$\lim_{n\to\infty}$", "lim_n→∞"),
        (r"$x \not\in A$", "x ∉ A"),
        (r"$a\not=b$", "a≠b"),
        (r"$f'(x)$", "f′(x)"),
        (r"$\mathbb{P}^1 \setminus \{0\}$", "ℙ¹ ∖ {0}"),
        (r"$\ell^p$-spaces", "ℓᵖ-spaces"),
        (r"$\Bbb Z$ and ${\cal O}$", "ℤ and 𝒪"),
        (r"$x \mapsto x^2$", "x ↦ x²"),
        (r"$\mathrm{SL}_2(\mathbb{Z})$", "SL₂(ℤ)"),
        (r"$\pi_1(X) \hookrightarrow G$", "π₁(X) ↪ G"),
        (r"\ensuremath{\alpha}-helix", "α-helix"),
    ],
)
def test_math_reads_as_text(source, expected):
    assert latex_to_plain(source) == expected
    assert unknown_commands(source) == ()


def test_hat_changes_what_a_title_says():
    """The issue's title read "Duality between D(X) and D(X)"."""
    text = latex_to_plain(r"Duality between $D(\hat X)$ and $D(X)$")
    assert text == "Duality between D(X\u0302) and D(X)"


def test_bold_math_is_a_strong_span_and_tex_is_kept():
    (math,) = latex_to_rich(r"${\bf P}^n$")
    assert (math.kind, math.data) == ("math", r"{\bf P}^n")
    assert kinds(math.children) == ["strong", "sup"]


# fmt: off
STANDARD_MATH = (
    "alpha", "beta", "gamma", "delta", "epsilon", "varepsilon", "zeta", "eta", "theta", "vartheta",
    "iota", "kappa", "lambda", "mu", "nu", "xi", "pi", "varpi", "rho", "varrho", "sigma",
    "varsigma", "tau", "upsilon", "phi", "varphi", "chi", "psi", "omega", "Gamma", "Delta",
    "Theta", "Lambda", "Xi", "Pi", "Sigma", "Upsilon", "Phi", "Psi", "Omega", "aleph", "beth",
    "hbar", "imath", "jmath", "ell", "wp", "Re", "Im", "partial", "infty", "prime", "emptyset",
    "varnothing", "nabla", "surd", "top", "bot", "angle", "triangle", "backslash", "forall",
    "exists", "nexists", "neg", "flat", "natural", "sharp", "clubsuit", "diamondsuit", "heartsuit",
    "spadesuit", "mho", "sum", "prod", "coprod", "int", "iint", "oint", "bigcap", "bigcup",
    "bigsqcup", "bigvee", "bigwedge", "bigodot", "bigotimes", "bigoplus", "biguplus", "pm", "mp",
    "times", "div", "ast", "star", "circ", "bullet", "cdot", "cap", "cup", "uplus", "sqcap",
    "sqcup", "vee", "wedge", "setminus", "wr", "diamond", "bigtriangleup", "bigtriangledown",
    "triangleleft", "triangleright", "lhd", "rhd", "oplus", "ominus", "otimes", "oslash", "odot",
    "bigcirc", "dagger", "ddagger", "amalg", "ltimes", "rtimes", "leq", "le", "geq", "ge", "equiv",
    "models", "prec", "succ", "sim", "perp", "preceq", "succeq", "simeq", "mid", "ll", "gg",
    "asymp", "parallel", "subset", "supset", "approx", "subseteq", "supseteq", "cong",
    "sqsubseteq", "sqsupseteq", "doteq", "in", "ni", "propto", "vdash", "dashv", "notin",
    "lesssim", "gtrsim", "leqslant", "geqslant", "nleq", "ngeq", "subsetneq", "vDash", "leftarrow",
    "gets", "longleftarrow", "rightarrow", "to", "longrightarrow", "leftrightarrow", "Leftarrow",
    "Rightarrow", "Longrightarrow", "Leftrightarrow", "iff", "implies", "mapsto", "longmapsto",
    "hookrightarrow", "uparrow", "downarrow", "nearrow", "searrow", "twoheadrightarrow",
    "rightarrowtail", "ldots", "cdots", "vdots", "ddots", "langle", "rangle", "lfloor", "rfloor",
    "lceil", "rceil", "lbrace", "rbrace", "log", "ln", "exp", "sin", "cos", "tan", "cot", "sinh",
    "max", "min", "sup", "inf", "lim", "limsup", "liminf", "det", "dim", "ker", "hom", "deg",
    "arg", "gcd", "Pr", "varprojlim", "varinjlim",
)
# fmt: on


#: Operator names print as the words they are (upright "log", "lim"); nothing else does.
OPERATORS = frozenset(STANDARD_MATH[STANDARD_MATH.index("log") : STANDARD_MATH.index("Pr") + 1])


@pytest.mark.parametrize("name", STANDARD_MATH)
def test_standard_math_symbols_never_leak_their_name(name):
    source = f"$a \\{name} b$"
    text = latex_to_plain(source)
    assert unknown_commands(source) == ()
    symbol = text.removeprefix("a").removesuffix("b").strip()
    assert symbol
    if name in OPERATORS:
        assert symbol.replace(" ", "") == name
    else:
        assert name not in symbol
        assert "\\" not in symbol or name == "backslash"


# -- 2. unknown commands ----------------------------------------------------------------
def test_unknown_command_in_math_is_not_a_word_and_is_reported():
    source = r"$\Ext^1(A, B)$ and $\Ext^2$"
    assert latex_to_plain(source) == "¹(A, B) and ²"
    assert unknown_commands(source) == ("Ext",)


def test_unknown_command_in_text_keeps_its_argument_only():
    assert latex_to_plain(r"A \mymacro{kept} B \other C") == "A kept B C"
    assert unknown_commands(r"A \mymacro{kept} B \other C") == ("mymacro", "other")


def test_known_commands_report_nothing():
    assert unknown_commands(r"\emph{A} \textbf{B} {\"o} $x^2$ \url{https://x.org} \S 3") == ()


def test_problems_name_the_field_the_entry_and_the_fix():
    fields = {
        "title": r"On $\Ext$ and \mymacro{X} with \mymacro{Y}",
        "author": r"Kaiser, \Lukasz",
        "url": r"https://example.org/\weird",
        "file": r"C\:\\Users\\me\\paper.pdf",
    }
    assert latex_problems(fields, "k1") == [
        (
            "title",
            "unknown LaTeX command '\\Ext' in field 'title' of 'k1': it prints nothing "
            "(only its braced argument is kept)",
        ),
        (
            "title",
            "unknown LaTeX command '\\mymacro' in field 'title' of 'k1': it prints nothing "
            "(only its braced argument is kept)",
        ),
        (
            "author",
            "unknown LaTeX command '\\Lukasz' in field 'author' of 'k1': read as \\L{}ukasz; "
            "write {\\L}ukasz",
        ),
    ]


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        (r"the \frac{1}{2} case", "the 1/2 case"),
        (r"over \mathbb{R} and \sqrt[3]{x}", "over ℝ and ∛x"),
        (r"\hat{X} and \operatorname{Hom}", "X\u0302 and Hom"),
    ],
)
def test_math_commands_outside_math_are_read_as_math(source, expected):
    assert latex_to_plain(source) == expected
    assert unknown_commands(source) == ()
    assert "math" in kinds(latex_to_rich(source))


# -- 3. text symbols ---------------------------------------------------------------------
@pytest.mark.parametrize(
    ("source", "expected"),
    [
        (r"50\,\textmu m", "50\u2009µm"),
        (r"10\textpm 2", "10±2"),
        (r"5\texttimes 5", "5×5"),
        (r"20\textcelsius", "20°C"),
        (r"90\textdegree", "90°"),
        (r"Foo\texttrademark", "Foo™"),
        (r"Bar\textregistered", "Bar®"),
        (r"\copyright{} 2020", "© 2020"),
        (r"\S 3 and \P 2", "§3 and ¶2"),
        (r"\dag{} and \ddag", "† and ‡"),
        (r"and so on\ldots", "and so on…"),
        (r"wait\dots{} more", "wait… more"),
        (r"1990\textendash 2000\textemdash done", "1990–2000—done"),
        (r"a\,b", "a\u2009b"),
        ("Dr.~No", "Dr.\u00a0No"),
        (r"C:\textbackslash{}dir", "C:\\dir"),
        (r"\textasciitilde user", "~user"),
        (r"\textless tag\textgreater", "<tag>"),
        (r"\pounds 5 and \euro 6", "£5 and €6"),
        (r"\textperthousand", "‰"),
        (r"\alpha-helix outside math", "α-helix outside math"),
    ],
)
def test_text_symbols(source, expected):
    assert latex_to_plain(source) == expected
    assert unknown_commands(source) == ()


# -- 4. biblatex text commands -----------------------------------------------------------
@pytest.mark.parametrize(
    ("source", "expected"),
    [
        (r"\mkbibquote{X}", "“X”"),
        (r"\enquote{X}", "“X”"),
        (r"\enquote{a \enquote{b} c}", "“a ‘b’ c”"),
        (r"Lyapunov\hyphen stable", "Lyapunov-stable"),
        (r"e\nbhy mail", "e\u2011mail"),
        (r"\mkbibparens{see}", "(see)"),
        (r"\textcolor{red}{warm}", "warm"),
        (r"\foreignlanguage{german}{Haus}", "Haus"),
        (r"{\noopsort{1973c}}1981", "1981"),
        (r"\autocap{e}xcerpt in", "excerpt in"),
        (r"see \cite{knuth:1984}", "see [knuth:1984]"),
        (r"\cite[p.~3]{x} and more", "[x, p.\u00a03] and more"),
        (r"with \arabic{author} authors", "with authors"),
        (r"Mat. Zametki\cprime", "Mat. Zametkiʹ"),
    ],
)
def test_biblatex_text_commands(source, expected):
    assert latex_to_plain(source) == expected
    assert unknown_commands(source) == ()


@pytest.mark.parametrize(
    ("source", "kind"),
    [
        (r"\mkbibemph{X}", "em"),
        (r"\mkbibitalic{X}", "em"),
        (r"\mkbibbold{X}", "strong"),
        (r"\textsc{X}", "sc"),
        (r"\textsubscript{X}", "sub"),
        (r"\textsuperscript{X}", "sup"),
        (r"\mkbibsuperscript{X}", "sup"),
    ],
)
def test_biblatex_markup_becomes_spans(source, kind):
    (span,) = latex_to_rich(source)
    assert (span.kind, span.children) == (kind, ("X",))


# -- 5. accents on nothing ---------------------------------------------------------------
@pytest.mark.parametrize(
    ("source", "expected"),
    [
        (r"/\~{}knuth/", "/~knuth/"),
        (r"x\^{}2", "x^2"),
        (r"\'{}", "´"),
        (r"\~n and \~{n}", "ñ and ñ"),
    ],
)
def test_accent_on_nothing_is_the_accent_itself(source, expected):
    text = latex_to_plain(source)
    assert text == expected
    assert "\u0303" not in text and "\u0302" not in text


# -- 6. names ----------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("written", "display", "given", "family"),
    [
        (r"Rafa\l Samborski", "Rafał Samborski", "Rafał", "Samborski"),
        (r"Kaiser, \Lukasz", "Łukasz Kaiser", "Łukasz", "Kaiser"),
        (r"Kaiser, {\L}ukasz", "Łukasz Kaiser", "Łukasz", "Kaiser"),
        # BibTeX joins name words with a tie, so TeX, too, shows "Straß e" for Stra\ss e.
        (r"Stra{\ss}e, Anna", "Anna Straße", "Anna", "Straße"),
        (r"Jos\'e M. Garc\'{\i}a", "José M. García", "José M.", "García"),
        (r"S{\o}ren Kierkegaard", "Søren Kierkegaard", "Søren", "Kierkegaard"),
        (r"{\O}rsted, Hans", "Hans Ørsted", "Hans", "Ørsted"),
    ],
)
def test_name_parts_keep_their_spaces(written, display, given, family):
    name = parse_name(written)
    assert (name.display, name.given, name.family) == (display, given, family)


# -- 7. plain text for metadata ----------------------------------------------------------
@pytest.mark.parametrize(
    ("source", "expected"),
    [
        (r"Moduli $M_{g,n}(W)$", "Moduli M_g,n(W)"),
        (r"$\overline{M}_{0,n}$", "M\u0305₀,ₙ"),
        (r"$x^{n+1}$", "xⁿ⁺¹"),
        (r"$x^{q}$", "x^q"),
        (r"$2^{\aleph_0}$", "2^ℵ₀"),
        (r"H\textsubscript{2}O", "H₂O"),
    ],
)
def test_plain_text_has_no_tex_braces(source, expected):
    text = plain(latex_to_rich(source))
    assert text == expected
    assert "{" not in text and "}" not in text


def test_the_quick_scan_agrees_with_the_parser():
    """unknown_commands answers most fields from a scan; it must say what parsing says."""
    from bibfolio.reading import latex, latexcommands

    names = {
        *latexcommands.SYMBOLS,
        *latexcommands.LETTERS,
        *latexcommands.TEXT_COMMANDS,
        *latexcommands.DECLARATIONS,
        *latex._OTHER_COMMANDS,
        *("hat", "frac", "mathbb", "alpha", "textmu", "Lukasz", "foo", "other", "Ext"),
    }
    for name in sorted(n for n in names if n.isalpha()):
        source = f"\\{name}{{x}} y"
        assert unknown_commands(source) == latex._decode.__wrapped__(source)[1], name
