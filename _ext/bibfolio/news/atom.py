"""Atom 1.0 documents (RFC 4287) from plain data: the same data gives the same bytes.

Written with the standard library's ElementTree rather than a feed library: the
well-kept one (feedgen) pulls in lxml and stamps the build time into ``updated`` unless
told otherwise, and the elements needed here fit in this module.  Every time is the
data's (``updated`` of the feed is its newest entry's), never the clock's.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import dataclass

ATOM = "http://www.w3.org/2005/Atom"
#: ``xml:base``: relative links inside an entry's HTML resolve against its page.
XML_BASE = "{http://www.w3.org/XML/1998/namespace}base"
MEDIA_TYPE = "application/atom+xml"


@dataclass(frozen=True, slots=True)
class Entry:
    """One ``atom:entry``; *updated* is RFC 3339 (``2026-03-01T00:00:00Z``)."""

    id: str
    title: str
    updated: str
    link: str
    authors: tuple[str, ...] = ()
    summary: str = ""  #: plain text
    content_html: str = ""  #: an HTML fragment, escaped into ``type="html"``
    base: str = ""  #: the page the HTML's relative links are relative to
    related: str = ""  #: another address of the same thing (a DOI)


@dataclass(frozen=True, slots=True)
class Feed:
    """One ``atom:feed``: its own address, the page it mirrors, its author, its entries."""

    id: str
    title: str
    self_link: str
    page_link: str
    author: str
    entries: tuple[Entry, ...]
    subtitle: str = ""

    @property
    def updated(self) -> str:
        """The newest entry's time (RFC 3339 strings of one form sort as times)."""
        return max(entry.updated for entry in self.entries)


def _add(parent: ET.Element, name: str, text: str = "", **attributes: str) -> ET.Element:
    element = ET.SubElement(parent, name, attributes)
    if text:
        element.text = text
    return element


def _author(parent: ET.Element, name: str) -> None:
    _add(_add(parent, "author"), "name", name)


def atom_document(feed: Feed) -> bytes:
    """*feed* as an Atom document, UTF-8, entries in the order given.

    Raises ValueError for a feed without entries: Atom's ``updated`` would have no
    value but the clock's.
    """
    if not feed.entries:
        raise ValueError("an Atom feed needs at least one entry")
    # The namespace as a plain attribute: ElementTree's default_namespace refuses the
    # unqualified attributes (rel, href) Atom uses, and register_namespace is global.
    root = ET.Element("feed", xmlns=ATOM)
    _add(root, "id", feed.id)
    _add(root, "title", feed.title)
    if feed.subtitle:
        _add(root, "subtitle", feed.subtitle)
    _add(root, "updated", feed.updated)
    _add(root, "link", rel="self", type=MEDIA_TYPE, href=feed.self_link)
    _add(root, "link", rel="alternate", type="text/html", href=feed.page_link)
    _author(root, feed.author)
    _add(root, "generator", "bibfolio")  # no version: an upgrade alone changes no byte
    for item in feed.entries:
        entry = _add(root, "entry")
        _add(entry, "id", item.id)
        _add(entry, "title", item.title)
        _add(entry, "updated", item.updated)
        _add(entry, "link", rel="alternate", type="text/html", href=item.link)
        if item.related:
            _add(entry, "link", rel="related", href=item.related)
        for name in item.authors:
            _author(entry, name)
        if item.summary:
            _add(entry, "summary", item.summary)
        if item.content_html:
            content = _add(entry, "content", item.content_html, type="html")
            if item.base:
                content.set(XML_BASE, item.base)
    ET.indent(root)
    return ET.tostring(root, encoding="utf-8", xml_declaration=True) + b"\n"
