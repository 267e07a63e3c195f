"""Rich text and the venue line ("In <book>, pp. 1–10, <publisher>, 2024") → inline nodes."""

from __future__ import annotations

from typing import TYPE_CHECKING

from docutils import nodes

from ..build.translation import (
    current_language,
    translate_labels,
    translate_words,
    translated,
)
from ..model.dates import PubDate
from ..model.links import classify_url
from ..model.localized import babel_locale, format_pub_date
from ..model.venue import VENUE_LABELS, VENUE_WORDS, venue_line
from . import nodes as bf
from .people import people_list

if TYPE_CHECKING:
    from ..model.publication import Publication
    from ..model.venue import Segment
    from ..reading.richtext import Rich, Span


# -- text --------------------------------------------------------------------------------
def rich_nodes(rich: Rich) -> list[nodes.Node]:
    """Rich text → inline nodes."""
    out: list[nodes.Node] = []
    for part in rich:
        if isinstance(part, str):
            out.append(nodes.Text(part))
        else:
            out.append(_span_node(part))
    return out


def _span_node(span: Span) -> nodes.Node:
    children = rich_nodes(span.children)
    if span.kind == "em":
        return nodes.emphasis("", "", *children)
    if span.kind == "strong":
        return nodes.strong("", "", *children)
    if span.kind == "code":
        return nodes.literal("", "", *children)
    if span.kind == "sup":
        return nodes.superscript("", "", *children)
    if span.kind == "sub":
        return nodes.subscript("", "", *children)
    if span.kind == "sc":
        return nodes.inline("", "", *children, classes=["bibfolio-smallcaps"])
    if span.kind == "math":
        return bf.math_text("", "", *children, classes=["bibfolio-math"], tex=span.data)
    if span.kind == "url":
        verdict, href = classify_url(span.data)
        if verdict == "url":
            return nodes.reference("", "", *children, refuri=href)
        return nodes.inline("", "", *children)
    return nodes.inline("", "", *children)


# -- the venue line ----------------------------------------------------------------------
def segment_nodes(segment: Segment, separators: tuple[str, str]) -> list[nodes.Node]:
    if segment.kind == "title":
        return [nodes.emphasis("", "", *rich_nodes(segment.rich)), *rich_nodes(segment.after)]
    if segment.kind == "people":
        return people_list(segment.people, separators, et_al=segment.et_al, editors=True)
    return rich_nodes(segment.rich)


def venue_nodes(
    publication: Publication, separators: tuple[str, str] = (", ", ", and ")
) -> list[nodes.Node]:
    """``In <editors> (eds.), <book>, pp. 1–10, <publisher>, <date>`` and the like."""
    out: list[nodes.Node] = []
    line = venue_line(publication)
    if line.prefix:
        out.append(nodes.Text(translated(line.prefix.strip()) + " "))
    for index, segment in enumerate(line.segments):
        if index:
            out.append(nodes.Text(", "))
        out.extend(segment_nodes(segment, separators))
    date = date_text(publication)
    if date:
        out.append(nodes.Text(", " if out else ""))
        out.append(nodes.Text(date))
    return [_venue_words(node) for node in out]


def date_text(publication: Publication) -> str:
    """The entry's date as the build's language writes it (``März 2024``, ``2024年3月``)."""
    language = current_language()
    if babel_locale(language).language == "en":
        return publication.date_text
    date = publication.date
    if date is None and publication.year is not None:
        date = PubDate(publication.year, publication.month or None)
    return format_pub_date(date, language) if date else ""


def _venue_words(node: nodes.Node) -> nodes.Node:
    """*node* with bibfolio's own venue words ("PhD thesis", "in press") translated."""
    for text in list(node.findall(nodes.Text)) if not isinstance(node, nodes.Text) else [node]:
        translated_text = translate_labels(translate_words(str(text), VENUE_WORDS), VENUE_LABELS)
        if translated_text != str(text):
            if text is node:
                return nodes.Text(translated_text)
            text.parent.replace(text, nodes.Text(translated_text))
    return node
