"""The pieces :mod:`.entryhtml` writes an entry with: start tags, text leaves, rich text, people.

Each writes what the HTML translator writes for the nodes :mod:`.render`, :mod:`.inline`
and :mod:`.people` build, and records the text leaves as ``entry_text`` reads them.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any
from weakref import WeakKeyDictionary

from docutils import nodes
from docutils.writers import _html_base

from ..build.fasthtml import has_stock_starttag
from ..build.translation import _, ngettext, translate_labels, translate_words
from ..model.venue import VENUE_LABELS, VENUE_WORDS
from . import nodes as bf
from .people import author_runs

if TYPE_CHECKING:
    from collections.abc import Sequence

    from ..build.fragments import DirectWriter
    from ..model.publication import Author
    from ..reading.richtext import Rich

#: bibfolio's visitors an entry's HTML needs (the translator may have others).
_OWN_VISITORS = {
    "entry_item": (bf._visit_entry_item, bf._depart_entry_item),
    "details": (bf._visit_details, bf._depart_details),
    "summary": (bf._visit_summary, bf._depart_summary),
    "coins": (bf._visit_coins, None),
    "bibtex_code": (bf._visit_bibtex_code, None),
}
_BASE = _html_base.HTMLTranslator
#: docutils' visitors of the rich text's superscripts and subscripts.
_STOCK = {
    "superscript": (_BASE.visit_superscript, _BASE.depart_superscript),
    "subscript": (_BASE.visit_subscript, _BASE.depart_subscript),
}
#: Rich text spans written here: (tag, classes).
_SPANS = {
    "em": ("em", ()),
    "strong": ("strong", ()),
    "sup": ("sup", ()),
    "sub": ("sub", ()),
    "sc": ("span", ("bibfolio-smallcaps",)),
    # Readable math: a math_text node, which HTML writes as the inline it is.
    "math": ("span", ("bibfolio-math",)),
}


class Decline(Exception):  # noqa: N818 - a signal, not an error
    """The entry has something only the node tree writes."""


class HtmlWriter:
    """Start tags as the translator's stock ``starttag`` writes them, and venue words.

    Written here rather than by ``starttag`` on a stand-in node: 20,000 links and
    reveals on a 3000-entry list paid a node and the general method each (0.5 s).
    """

    def __init__(self, translator: Any) -> None:
        self.translator = translator
        self.encode = translator.encode
        self._tags: dict[tuple[Any, ...], str] = {}
        self._venue_words: dict[str, str] = {}

    def tag(
        self, tag: str, classes: tuple[str, ...] = (), suffix: str = "", **attributes: str
    ) -> str:
        """The start tag of an element with *classes* and fixed *attributes* (kept)."""
        key = (tag, classes, suffix, *sorted(attributes.items()))
        found = self._tags.get(key)
        if found is None:
            found = self._tags[key] = self.fresh(tag, classes, suffix, **attributes)
        return found

    def fresh(
        self,
        tag: str,
        classes: tuple[str, ...] = (),
        suffix: str = "",
        ids: tuple[str, ...] = (),
        **attributes: str,
    ) -> str:
        """Docutils' ``starttag`` of an element with *classes* and one id at most."""
        atts = {name.lower(): value for name, value in attributes.items()}
        names: list[str] = []
        for name in (*classes, *atts.pop("class", "").split()):
            if name.startswith("language-") or len(ids) > 1:
                element = nodes.Element(ids=list(ids), classes=list(classes))
                return self.translator.starttag(element, tag, suffix, **attributes)
            if name.strip() and name not in names:
                names.append(name)
        if names:
            atts["class"] = " ".join(names)
        if ids:
            atts["id"] = ids[0]
        parts = [tag]
        parts += [
            f'{name}="{self.encode(_WHITESPACE.sub(" ", str(value)))}"'
            for name, value in sorted(atts.items())
        ]
        return f"<{' '.join(parts)}>{suffix}"

    def venue_words(self, text: str) -> str:
        """*text* with bibfolio's venue words and labels translated (``_venue_words``)."""
        found = self._venue_words.get(text)
        if found is None:
            found = translate_labels(translate_words(text, VENUE_WORDS), VENUE_LABELS)
            if len(self._venue_words) < 100_000:
                self._venue_words[text] = found
        return found


#: What docutils' ``attval`` turns into spaces.
_WHITESPACE = re.compile("[\n\r\t\v\f]")


_WRITERS: WeakKeyDictionary[DirectWriter, HtmlWriter | None] = WeakKeyDictionary()


def html_writer(direct: DirectWriter) -> HtmlWriter | None:
    """A writer for *direct*'s translator; None unless it has the stock visitors (see above)."""
    if direct not in _WRITERS:
        _WRITERS[direct] = HtmlWriter(direct.translator) if _stock(direct) else None
    return _WRITERS[direct]


def _stock(direct: DirectWriter) -> bool:
    translator = direct.translator
    if (
        not direct.complete
        or not has_stock_starttag(translator)
        or type(translator).attval is not _BASE.attval
        or hasattr(translator, "visit_math_text")
    ):
        return False
    for name, (visit, depart) in {**_OWN_VISITORS, **_STOCK}.items():
        for step, function in (("visit", visit), ("depart", depart)):
            method = getattr(translator, f"{step}_{name}", None)
            if function is not None and getattr(method, "__func__", method) is not function:
                return False
    return True


class EntryHtml:
    """The HTML and text leaves of one entry, as the tree's writer and entry_text see them."""

    def __init__(self, writer: HtmlWriter) -> None:
        self.writer = writer
        self.encode = writer.encode
        self.body: list[str] = []
        self.leaves: list[str] = []
        self.venue = False  #: In the venue line, whose leaves translate venue words.

    def raw(self, html: str) -> None:
        self.body.append(html)

    def text(self, text: str) -> None:
        """A Text node."""
        text = str(text)
        if self.venue:
            text = self.writer.venue_words(text)
        self.body.append(self.encode(text))
        self.leaves.append(text)

    def element(self, tag: str, classes: tuple[str, ...], text: str) -> None:
        """An element holding one Text node (``nodes.inline("", text, classes=...)``)."""
        self.body.append(self.writer.tag(tag, classes))
        self.text(text)
        self.body.append(f"</{tag}>")

    def link(
        self, href: str, text: str, classes: tuple[str, ...], *, internal: bool, title: str = ""
    ) -> None:
        """A reference in a text element, as Sphinx's ``visit_reference`` writes it."""
        if href.startswith("mailto:"):
            raise Decline
        attributes = {"class": "reference internal" if internal else "reference external"}
        attributes["href"] = href or "#"
        if title:
            attributes["title"] = title
        self.body.append(self.writer.fresh("a", classes, "", **attributes))
        self.text(text)
        self.body.append("</a>")

    def rich(self, rich: Rich) -> None:
        """:func:`.inline.rich_nodes`."""
        for part in rich:
            if isinstance(part, str):
                self.text(part)
                continue
            written = _SPANS.get(part.kind)
            if written is None:
                raise Decline
            tag, classes = written
            self.body.append(self.writer.tag(tag, classes))
            self.rich(part.children)
            self.body.append(f"</{tag}>")

    def people(
        self,
        people: Sequence[Author | None],
        separators: tuple[str, str],
        *,
        et_al: bool = False,
        editors: bool = False,
    ) -> None:
        """:func:`.people.people_list`."""
        if et_al:
            between = separators[0]
            self._joined(people, (between, between))
            et_al_text = _("et al.")
            self.text(f"{between.rstrip()} {et_al_text}" if len(people) > 1 else f" {et_al_text}")
        else:
            self._joined(people, separators)
        if editors:
            named = [person for person in people if person is not None]
            count = 2 if et_al or len(named) > 1 else 1
            self.text(" " + ngettext("(ed.)", "(eds.)", count))

    def _joined(self, authors: Sequence[Author | None], separators: tuple[str, str]) -> None:
        for run in author_runs(authors, separators):
            if isinstance(run, str):
                self.text(run)
                continue
            if run.owner:
                self.element("strong", ("bibfolio-owner",), run.name)
            else:
                self.text(run.name)
            if run.marks:
                self.element("sup", ("bibfolio-mark",), run.marks)
