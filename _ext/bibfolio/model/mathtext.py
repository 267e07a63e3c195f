"""Inline TeX math → readable rich text (Unicode symbols, superscripts, subscripts).

Titles carry small formulas such as ``$O(n^2)$`` or ``$\\ell_1$``.  Loading MathJax for
them would cost a page a large script; instead they are shown with Unicode and
``<sup>``/``<sub>``, while LaTeX output keeps the real math (see the renderers).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .latex import Rich, Span

_GREEK = {
    "alpha": "α",
    "beta": "β",
    "gamma": "γ",
    "delta": "δ",
    "epsilon": "ϵ",
    "varepsilon": "ε",
    "zeta": "ζ",
    "eta": "η",
    "theta": "θ",
    "vartheta": "ϑ",
    "iota": "ι",
    "kappa": "κ",
    "lambda": "λ",
    "mu": "μ",
    "nu": "ν",
    "xi": "ξ",
    "pi": "π",
    "varpi": "ϖ",
    "rho": "ρ",
    "varrho": "ϱ",
    "sigma": "σ",
    "varsigma": "ς",
    "tau": "τ",
    "upsilon": "υ",
    "phi": "ϕ",
    "varphi": "φ",
    "chi": "χ",
    "psi": "ψ",
    "omega": "ω",
    "Gamma": "Γ",
    "Delta": "Δ",
    "Theta": "Θ",
    "Lambda": "Λ",
    "Xi": "Ξ",
    "Pi": "Π",
    "Sigma": "Σ",
    "Upsilon": "Υ",
    "Phi": "Φ",
    "Psi": "Ψ",
    "Omega": "Ω",
}
_SYMBOLS = {
    **_GREEK,
    "times": "×",
    "cdot": "·",
    "cdots": "⋯",
    "ldots": "…",
    "dots": "…",
    "pm": "±",
    "mp": "∓",
    "div": "÷",
    "leq": "≤",
    "le": "≤",
    "geq": "≥",
    "ge": "≥",
    "neq": "≠",
    "ne": "≠",
    "approx": "≈",
    "sim": "∼",
    "simeq": "≃",
    "equiv": "≡",
    "propto": "∝",
    "ll": "≪",
    "gg": "≫",
    "infty": "∞",
    "partial": "∂",
    "nabla": "∇",
    "sum": "∑",
    "prod": "∏",
    "int": "∫",
    "in": "∈",
    "notin": "∉",
    "subset": "⊂",
    "subseteq": "⊆",
    "cup": "∪",
    "cap": "∩",
    "emptyset": "∅",
    "forall": "∀",
    "exists": "∃",
    "neg": "¬",
    "wedge": "∧",
    "vee": "∨",
    "to": "→",
    "rightarrow": "→",
    "leftarrow": "←",
    "Rightarrow": "⇒",
    "Leftarrow": "⇐",
    "leftrightarrow": "↔",
    "mapsto": "↦",
    "ell": "ℓ",
    "hbar": "ℏ",
    "circ": "∘",
    "star": "⋆",
    "ast": "∗",
    "prime": "′",
    "sqrt": "√",
    "log": "log",
    "ln": "ln",
    "exp": "exp",
    "max": "max",
    "min": "min",
    "arg": "arg",
    "sin": "sin",
    "cos": "cos",
    "tan": "tan",
    "lim": "lim",
    "sup": "sup",
    "inf": "inf",
    "det": "det",
    "Pr": "Pr",
    "lvert": "|",
    "rvert": "|",
    "vert": "|",
    "mid": "|",
    "|": "‖",
    "lbrace": "{",
    "rbrace": "}",
    "{": "{",
    "}": "}",
    "langle": "⟨",
    "rangle": "⟩",
    "lfloor": "⌊",
    "rfloor": "⌋",
    "lceil": "⌈",
    "rceil": "⌉",
    ",": "\u2009",
    ";": " ",
    ":": " ",
    "!": "",
    " ": " ",
    "quad": " ",
    "qquad": " ",
    "%": "%",
    "&": "&",
    "#": "#",
    "_": "_",
    "$": "$",
}
_BLACKBOARD = {"R": "ℝ", "N": "ℕ", "Z": "ℤ", "Q": "ℚ", "C": "ℂ", "P": "ℙ", "E": "𝔼"}
_DROP = {"left", "right", "big", "Big", "bigg", "Bigg", "displaystyle", "textstyle", "limits"}
_STYLE = {
    "mathrm",
    "mathit",
    "mathbf",
    "mathsf",
    "mathtt",
    "mathcal",
    "mathfrak",
    "boldsymbol",
    "operatorname",
    "text",
    "textrm",
    "textit",
    "textbf",
    "mbox",
    "hat",
    "bar",
    "tilde",
    "vec",
    "dot",
    "overline",
    "widehat",
    "widetilde",
}
_TOKEN = re.compile(r"\\([A-Za-z]+|.)|([{}^_])|(\s+)|([^\\{}^_\s])", re.DOTALL)


class _MathParser:
    def __init__(self, tex: str) -> None:
        self.tokens = _TOKEN.findall(tex)
        self.pos = 0

    def atom(self) -> list[str | Span]:
        """One argument: a braced group or one token."""
        while self.pos < len(self.tokens) and self.tokens[self.pos][2]:
            self.pos += 1
        if self.pos >= len(self.tokens):
            return []
        if self.tokens[self.pos][1] == "{":
            self.pos += 1
            return self.sequence(stop=True)
        return self.one()

    def one(self) -> list[str | Span]:
        from .latex import Span  # noqa: PLC0415 - circular: latex imports this module

        command, brace, space, char = self.tokens[self.pos]
        self.pos += 1
        if command:
            if command in _DROP:
                return []
            if command == "mathbb":
                arg = _flat(self.atom())
                return ["".join(_BLACKBOARD.get(c, c) for c in arg)]
            if command in _STYLE:
                return self.atom()
            if command == "frac":
                numerator = self.atom()
                denominator = self.atom()
                return [*_paren(numerator), "/", *_paren(denominator)]
            if command == "sqrt":
                return ["√", *_paren(self.atom())]
            return [_SYMBOLS.get(command, command)]
        if brace == "{":
            return self.sequence(stop=True)
        if brace == "}":
            return []
        if brace in ("^", "_"):
            kind = "sup" if brace == "^" else "sub"
            return [Span(kind, tuple(_join(self.atom())))]
        if space:
            return [" "]
        return [char]

    def sequence(self, *, stop: bool = False) -> list[str | Span]:
        parts: list[str | Span] = []
        while self.pos < len(self.tokens):
            if stop and self.tokens[self.pos][1] == "}":
                self.pos += 1
                break
            parts.extend(self.one())
        return parts


def _flat(parts: list[str | Span]) -> str:
    return "".join(part if isinstance(part, str) else _flat(list(part.children)) for part in parts)


def _paren(parts: list[str | Span]) -> list[str | Span]:
    text = _flat(parts)
    if len(text) > 1 and not (text.startswith("(") and text.endswith(")")):
        return ["(", *parts, ")"]
    return parts


def _join(parts: list[str | Span]) -> list[str | Span]:
    joined: list[str | Span] = []
    for part in parts:
        if isinstance(part, str) and joined and isinstance(joined[-1], str):
            joined[-1] += part
        else:
            joined.append(part)
    return joined


def math_to_rich(tex: str) -> Rich:
    """Render TeX math source as rich text for HTML and plain-text output."""
    return tuple(_join(_MathParser(tex.strip()).sequence()))
