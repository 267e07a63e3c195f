"""Faster ``encode`` and ``starttag`` for the translators bibfolio writes its HTML with.

Writing a 3,000-entry list and 3,000 paper pages calls the HTML translator's ``encode``
350,000 times and its ``starttag`` 170,000 times (profiled, issue 24).  docutils' encode
is ``str.translate`` with a dict, which looks every character up in Python; four
``str.replace`` calls give the same text several times faster.  ``starttag`` builds the
same tag for the same tag name, classes and attributes over and over; without ids (which
are unique, and which docutils appends to the node's list) its result depends on nothing
else, so it is kept.

:func:`speed_up` installs both on one translator instance, and only where the translator
uses docutils' own methods (or pydata-sphinx-theme's ``starttag``, which only adds
``aria-level`` to a heading role) with docutils' character table: a theme or extension
that replaced either keeps its own.  The output is byte-identical (tests/test_fasthtml.py
compares them).
"""

from __future__ import annotations

from typing import Any

from docutils import nodes
from docutils.writers import _html_base

#: docutils' table (``HTMLTranslator.special_characters``), which :func:`encode` writes.
_SPECIAL = {
    ord("&"): "&amp;",
    ord("<"): "&lt;",
    ord('"'): "&quot;",
    ord(">"): "&gt;",
    ord("@"): "&#64;",
}

_STOCK_STARTTAG = _html_base.HTMLTranslator.starttag


def encode(text: Any) -> str:
    """``HTMLTranslator.encode`` with docutils' table: the same text, faster."""
    text = str(text)
    if "&" in text:
        text = text.replace("&", "&amp;")
    if "<" in text:
        text = text.replace("<", "&lt;")
    if '"' in text:
        text = text.replace('"', "&quot;")
    if ">" in text:
        text = text.replace(">", "&gt;")
    if "@" in text:
        text = text.replace("@", "&#64;")
    return text


def _known_starttags() -> set[Any]:
    known = {_STOCK_STARTTAG}
    try:
        from pydata_sphinx_theme.translator import (  # noqa: PLC0415 - optional theme
            BootstrapHTML5TranslatorMixin,
        )
    except ImportError:
        return known
    known.add(BootstrapHTML5TranslatorMixin.starttag)
    return known


_KNOWN_STARTTAGS: set[Any] | None = None
#: (translator class, language attribute, e-mail cloaking, in_mailto, tag, suffix, empty,
#: is a table, classes, attributes) → the start tag.
_TAGS: dict[tuple[Any, ...], str] = {}
_MAX_TAGS = 10_000
#: Attributes that differ from element to element, and lists docutils changes (it adds
#: "ids" to the node's own list, the node's classes to a "classes" argument): tags with
#: them are not kept, so each of those calls happens as before.
_UNIQUE = frozenset({"ids", "classes", "href", "src", "title"})


def _hashable(value: Any) -> Any:
    return tuple(value) if isinstance(value, list) else value


def has_stock_starttag(translator: Any) -> bool:
    """Whether *translator* writes start tags with docutils' ``starttag`` (or the theme's)."""
    global _KNOWN_STARTTAGS  # noqa: PLW0603 - computed once, on first use
    if _KNOWN_STARTTAGS is None:
        _KNOWN_STARTTAGS = _known_starttags()
    return type(translator).starttag in _KNOWN_STARTTAGS


def speed_up(translator: Any) -> Any:
    """Give *translator* the faster ``encode`` and ``starttag`` where it has the stock ones."""
    cls = type(translator)
    if cls.encode is _html_base.HTMLTranslator.encode and translator.special_characters == _SPECIAL:
        translator.encode = encode
    if not has_stock_starttag(translator):
        return translator
    original = translator.starttag
    fixed = (cls, translator.lang_attribute, translator.settings.cloak_email_addresses)

    def starttag(
        node: nodes.Element,
        tagname: str,
        suffix: str = "\n",
        empty: bool = False,
        **attributes: Any,
    ) -> str:
        if node.get("ids") or any(name.lower() in _UNIQUE for name in attributes):
            return original(node, tagname, suffix, empty, **attributes)
        try:
            key = (
                *fixed,
                translator.in_mailto,
                tagname,
                suffix,
                empty,
                isinstance(node, nodes.table),
                tuple(node.get("classes", ())),
                tuple(sorted((name, _hashable(value)) for name, value in attributes.items())),
            )
            found = _TAGS.get(key)
        except TypeError:  # an attribute value that is no string, list or number
            return original(node, tagname, suffix, empty, **attributes)
        if found is None:
            if len(_TAGS) >= _MAX_TAGS:
                _TAGS.clear()
            found = _TAGS[key] = original(node, tagname, suffix, empty, **attributes)
        return found

    translator.starttag = starttag
    return translator
