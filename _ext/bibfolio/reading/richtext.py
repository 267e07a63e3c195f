"""Rich text: strings and marked-up :class:`Span` parts, as LaTeX and math decoding yield them.

What every later stage shows or flattens: :func:`plain` turns it into a string (super- and
subscripts as Unicode where possible).
"""

from __future__ import annotations

from dataclasses import dataclass

Rich = tuple["str | Span", ...]


@dataclass(frozen=True, slots=True)
class Span:
    """Marked-up text: ``kind`` is em, strong, code, sup, sub, sc, math or url."""

    kind: str
    children: Rich
    data: str = ""  #: The href for ``url``, the TeX source for ``math``.


def merge(parts: list[str | Span]) -> Rich:
    """*parts* as rich text: empty strings dropped, neighbouring strings joined."""
    merged: list[str | Span] = []
    for part in parts:
        if isinstance(part, str):
            if not part:
                continue
            if merged and isinstance(merged[-1], str):
                merged[-1] += part
                continue
        merged.append(part)
    return tuple(merged)


_SUPERSCRIPT = str.maketrans(
    "0123456789+-=()abcdefghijklmnoprstuvwxyz", "⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁼⁽⁾ᵃᵇᶜᵈᵉᶠᵍʰⁱʲᵏˡᵐⁿᵒᵖʳˢᵗᵘᵛʷˣʸᶻ"
)
_SUBSCRIPT = str.maketrans("0123456789+-=()aehijklmnoprstuvx", "₀₁₂₃₄₅₆₇₈₉₊₋₌₍₎ₐₑₕᵢⱼₖₗₘₙₒₚᵣₛₜᵤᵥₓ")


_UNSCRIPTED = frozenset(" ,.;")  #: Kept as they are inside a Unicode sub- or superscript.


def plain(rich: Rich) -> str:
    """Flatten rich text to a string; super- and subscripts become Unicode where possible."""
    out: list[str] = []
    for part in rich:
        if isinstance(part, str):
            out.append(part)
        elif part.kind in ("sup", "sub"):
            text = plain(part.children)
            table, marker = (_SUPERSCRIPT, "^") if part.kind == "sup" else (_SUBSCRIPT, "_")
            converted = text.translate(table)
            if any(a == b and a not in _UNSCRIPTED for a, b in zip(text, converted, strict=True)):
                # No Unicode form: "M_g,n" reads better in metadata than TeX's "M_{g,n}".
                converted = marker + text
            out.append(converted)
        else:
            out.append(plain(part.children))
    return "".join(out)


def rich_strip(rich: Rich) -> Rich:
    """Strip leading and trailing whitespace from rich text."""
    if not rich:
        return rich
    parts = list(rich)
    if isinstance(parts[0], str):
        parts[0] = parts[0].lstrip()
    if isinstance(parts[-1], str):
        parts[-1] = parts[-1].rstrip()
    return merge(parts)


def titled(main: Rich, subtitle: Rich, addon: Rich) -> Rich:
    """``Main: Subtitle. Addon`` as biblatex prints a title, without doubled punctuation."""
    out: list = list(main)
    for rich, punct in ((subtitle, ": "), (addon, ". ")):
        if not rich:
            continue
        if not out:
            out.extend(rich)
            continue
        ends = plain(tuple(out)).rstrip()
        out.append(" " if ends[-1:] in ".?!:;" else punct)
        out.extend(rich)
    return tuple(out)
