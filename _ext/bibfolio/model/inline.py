"""al-folio's free-text fields (``annotation``, ``additional_info``) as safe rich text.

al-folio renders them as HTML or Markdown.  Here no markup from a .bib ever reaches a
page as markup: ``<br>`` becomes a line separator, other tags are dropped, and only
Markdown emphasis and ``[text](url)`` links with a safe URL become spans.
"""

from __future__ import annotations

import html
import re
from typing import TYPE_CHECKING

from ..reading.latex import latex_to_rich
from ..reading.richtext import Span
from .links import classify_url

if TYPE_CHECKING:
    from ..reading.richtext import Rich

_BREAK = re.compile(r"<br\s*/?>", re.IGNORECASE)
_TAG = re.compile(r"</?[A-Za-z][^>]*>")
_INLINE = re.compile(r"\[([^\]]+)\]\(([^)\s]+)\)|\*\*([^*]+)\*\*|\*([^*\s][^*]*)\*")


def free_text(value: str) -> Rich:
    """Decode an al-folio free-text field into rich text (never markup)."""
    text = _TAG.sub("", _BREAK.sub(" · ", value))
    parts: list[str | Span] = []
    position = 0
    for match in _INLINE.finditer(text):
        parts.extend(_decode(text[position : match.start()]))
        link_text, href, strong, emphasis = match.groups()
        if link_text is not None:
            verdict, safe = classify_url(html.unescape(href))
            children = _decode(link_text)
            parts.append(Span("url", children, safe) if verdict == "url" else Span("em", children))
        elif strong is not None:
            parts.append(Span("strong", _decode(strong)))
        else:
            parts.append(Span("em", _decode(emphasis)))
        position = match.end()
    parts.extend(_decode(text[position:]))
    return tuple(parts)


def _decode(text: str) -> Rich:
    return latex_to_rich(html.unescape(text)) if text else ()
