"""Abstracts as BibTeX values: publisher markup (JATS, HTML) to LaTeX, TeX math kept.

Crossref's abstracts are JATS fragments (``<jats:p>``, ``<jats:italic>``, MathML or
``<jats:tex-math>`` formulas, often a ``<jats:title>Abstract</jats:title>`` heading);
DataCite's are HTML (``<b>``, ``<br>``, ``&amp;``); arXiv's ``<summary>`` is plain text
in which ``$…$`` is TeX math.  Text is escaped as titles are
(:func:`bibfolio.reading.texescape.escape`), so it reads back as written; math is kept as
its TeX source when its braces pair up, since BibTeX counts every brace, escaped or not.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

from ..reading.texescape import balanced, escape

#: Inline markup kept, as the LaTeX command that opens it.
_KEPT = {
    "italic": r"\textit{", "i": r"\textit{", "em": r"\emph{", "bold": r"\textbf{",
    "b": r"\textbf{", "strong": r"\textbf{", "sub": r"\textsubscript{",
    "sup": r"\textsuperscript{", "sc": r"\textsc{", "monospace": r"\texttt{",
}  # fmt: skip
#: Elements that end a block: their text is separated from the next by a space.
_BLOCKS = frozenset({"p", "sec", "title", "br", "div", "li", "list", "list-item", "label"})
#: Headings that only say "this is the abstract".
_HEADINGS = frozenset({"abstract", "summary", "graphical abstract"})
#: TeX math in plain text: $$…$$, $…$, \(…\) and \[…\]; a \$ is a dollar, not math.
_MATH = re.compile(r"(?<!\\)(\$\$.+?(?<!\\)\$\$|\$.+?(?<!\\)\$|\\\(.+?\\\)|\\\[.+?\\\])", re.DOTALL)
_TEX_BODY = re.compile(r"\\begin\{document\}(.*)\\end\{document\}", re.DOTALL)


def abstract_value(text: str, *, markup: bool = True, math: bool = False) -> str:
    """*text* as a BibTeX value.

    *markup*: *text* is JATS or HTML (Crossref, DataCite); tags become LaTeX or spaces.
    *math*: ``$…$`` in the text is TeX math (arXiv) and kept as written.
    """
    if not markup:
        return " ".join(_text_value(text, math=math).split())
    parser = _MarkupToLatex(math=math)
    parser.feed(text)
    parser.close()
    return " ".join(parser.result().split())


def _text_value(text: str, *, math: bool) -> str:
    """Escape plain *text*; with *math*, keep balanced ``$…$`` spans as they are."""
    if not math:
        return escape(text, strip=False)
    parts = []
    for index, piece in enumerate(_MATH.split(text)):
        if index % 2 and _balanced(piece):
            parts.append(" ".join(piece.split()))
        else:
            # Where $ opens math, \$ is a dollar sign: written as LaTeX's own \$.
            parts.append(r"\$".join(escape(text, strip=False) for text in piece.split(r"\$")))
    return "".join(parts)


def _balanced(tex: str) -> bool:
    """TeX that can stand as written: its braces pair up and no backslash ends it."""
    return balanced(tex) and not tex.endswith("\\")


class _MarkupToLatex(HTMLParser):
    """Stream JATS/HTML into LaTeX; nested buffers collect headings and formulas."""

    def __init__(self, *, math: bool) -> None:
        super().__init__(convert_charrefs=True)
        self.math = math
        #: Open buffers: (tag, parts); text goes to the innermost.
        self.buffers: list[tuple[str, list[str]]] = [("", [])]
        self.open: list[str] = []  #: Kept inline tags still open, innermost last.
        self.formula: dict[str, str] | None = None  #: Inside <alternatives>: tex, mml.

    @staticmethod
    def _local(tag: str) -> str:
        return tag.rsplit(":", 1)[-1].lower()

    def _emit(self, text: str) -> None:
        self.buffers[-1][1].append(text)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        name = self._local(tag)
        if name in {"title", "tex-math", "math"}:
            self.buffers.append((name, []))
        elif name == "alternatives":
            self.formula = {}
        elif name in _KEPT and not self._capturing_formula():
            self._emit(_KEPT[name])
            self.open.append(name)
        elif name in _BLOCKS:
            self._emit(" ")

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self._local(tag) in _BLOCKS:
            self._emit(" ")

    def handle_endtag(self, tag: str) -> None:
        name = self._local(tag)
        if name in {"title", "tex-math", "math"} and self.buffers[-1][0] == name:
            _, parts = self.buffers.pop()
            self._close_capture(name, "".join(parts))
        elif name == "alternatives" and self.formula is not None:
            formula, self.formula = self.formula, None
            self._emit(formula.get("tex-math") or formula.get("math") or "")
        elif name in _KEPT and name in self.open and not self._capturing_formula():
            while self.open:  # close any kept tag left open inside this one, too
                self._emit("}")
                if self.open.pop() == name:
                    break
        elif name in _BLOCKS:
            self._emit(" ")

    def handle_data(self, data: str) -> None:
        if self._capturing_formula():
            self._emit(data)  # raw: math source or MathML tokens, escaped when closed
        else:
            self._emit(_text_value(data, math=self.math))

    def _capturing_formula(self) -> bool:
        return any(tag in {"tex-math", "math"} for tag, _ in self.buffers)

    def _close_capture(self, name: str, text: str) -> None:
        if name == "title":
            # "Abstract" above an abstract says nothing; a section title ("Methods") does.
            heading = " ".join(text.split())
            if re.sub(r"\W+", " ", heading.lower()).strip() not in _HEADINGS:
                colon = "" if heading.endswith((".", ":", "?", "!")) else ":"
                self._emit(f" {heading}{colon} ")
            return
        if name == "tex-math":
            body = _TEX_BODY.search(text)
            tex = " ".join((body.group(1) if body else text).split())
            value = tex if tex.startswith("$") and _balanced(tex) else escape(tex, strip=False)
        else:  # MathML: its tokens read as text ("P < 0.05")
            value = escape(" ".join(text.split()), strip=False)
        if self.formula is not None:
            self.formula.setdefault(name, value)
        elif self._capturing_formula():
            self._emit(text)  # MathML inside tex-math or the reverse: the outer one decides
        else:
            self._emit(value)

    def result(self) -> str:
        # Buffers left open by a truncated fragment still count, and unclosed inline
        # markup is closed, so the value's braces always pair up.
        text = "".join(part for _, parts in self.buffers for part in parts)
        return text + "}" * len(self.open)
