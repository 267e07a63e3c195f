"""A CV entry's Typst markup as a string: what typst.py writes for entries.py's tree.

The PDF's entries were each built as a node tree (:func:`.entries.cv_entry`) and then
translated (:class:`.typst.TypstTranslator`): about three quarters of the CPU time of
making a 3000-entry CV's source.  :func:`typst_entry` writes the same markup from the
publication directly, with the same escaping, text leaf by text leaf.  Where the tree
could give something else it returns None and the entry is built as a tree, as before:
rich text it does not write itself (math, a URL, inline code), and an entry without
links (its one paragraph may give its date to the CV's date column, dates.py).
tests/test_cv_typstentry.py compares both on every entry of the test corpora.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from docutils import nodes

from ..build.translation import _, ngettext, translate_labels, translate_words, translated
from ..doctree.inline import date_text
from ..doctree.people import author_runs, short_authors
from ..model.venue import VENUE_LABELS, VENUE_WORDS, venue_line
from .typst import escape, string_literal

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from ..doctree.entrycontext import EntryContext
    from ..model.publication import Author, Publication
    from ..reading.richtext import Rich

#: Rich text spans and the Typst function the translator calls for their nodes.
_CALLS = {"em": "emph", "strong": "strong", "sup": "super", "sub": "sub", "sc": "smallcaps"}
#: A person as the tree has them: ("text", s), ("strong", name) or ("super", marks).
Leaf = tuple[str, str]


class _Decline(Exception):  # noqa: N818 - a signal, not an error
    """The entry holds something only the tree writes."""


class _Markup:
    """Markup collected as the translator collects it: escaped text after what precedes."""

    def __init__(self, venue_words: bool = False) -> None:
        self.parts: list[str] = []
        self.venue_words = venue_words  #: translate bibfolio's venue words, as venue_nodes

    def text(self, text: str) -> None:
        if self.venue_words:
            text = translate_labels(translate_words(text, VENUE_WORDS), VENUE_LABELS)
        self.parts.append(escape(text, self.parts[-1] if self.parts else ""))

    def call(self, function: str, inner: _Markup) -> None:
        self.parts.append(f"#{function}[{inner.joined()}]")

    def joined(self) -> str:
        return "".join(self.parts).strip()

    def rich(self, rich: Rich) -> None:
        for part in rich:
            if isinstance(part, str):
                self.text(part)
            elif part.kind in _CALLS:
                inner = _Markup(self.venue_words)
                inner.rich(part.children)
                self.call(_CALLS[part.kind], inner)
            elif part.kind in ("math", "code", "url"):
                raise _Decline
            else:  # an inline without a class: its children in line
                self.rich(part.children)

    def leaves(self, leaves: Sequence[Leaf]) -> None:
        for kind, text in leaves:
            if kind == "text":
                self.text(text)
            else:
                inner = _Markup(self.venue_words)
                inner.text(text)
                self.call(kind, inner)


def _joined(authors: Sequence[Author | None], separators: tuple[str, str]) -> list[Leaf]:
    """:func:`.people._joined` as leaves."""
    out: list[Leaf] = []
    for run in author_runs(authors, separators):
        if isinstance(run, str):
            out.append(("text", run))
        else:
            out.append(("strong", run.name) if run.owner else ("text", run.name))
            if run.marks:
                out.append(("super", run.marks))
    return out


def _people(
    people: Sequence[Author | None],
    separators: tuple[str, str],
    *,
    et_al: bool = False,
    editors: bool = False,
) -> list[Leaf]:
    """:func:`.people.people_list` as leaves."""
    if et_al:
        between = separators[0]
        out = _joined(people, (between, between))
        et_al_text = _("et al.")
        more = f"{between.rstrip()} {et_al_text}" if len(people) > 1 else f" {et_al_text}"
        out.append(("text", more))
    else:
        out = _joined(people, separators)
    if editors:
        named = [person for person in people if person is not None]
        count = 2 if et_al or len(named) > 1 else 1
        out.append(("text", " " + ngettext("(ed.)", "(eds.)", count)))
    return out


def _cv_people(publication: Publication, context: EntryContext) -> list[Leaf]:
    """:func:`.entries.cv_people` as leaves."""
    people, separators = publication.people, context.separators
    if len(people) <= context.max_authors + 2:
        return _people(
            people,
            separators,
            et_al=publication.people_et_al,
            editors=publication.people_are_editors,
        )
    shown, hidden = short_authors(people, context.max_authors)
    if shown and shown[-1] is None:
        shown = shown[:-1]
    between = separators[0]
    out = _people(shown, (between, between))
    others = ngettext("and %(count)d other", "and %(count)d others", hidden) % {"count": hidden}
    out.append(("text", f"{between.rstrip()} {others}"))
    if publication.people_are_editors:
        out.append(("text", " " + ngettext("(ed.)", "(eds.)", 2)))
    return out


def _venue(line: _Markup, publication: Publication, separators: tuple[str, str]) -> bool:
    """:func:`.inline.venue_nodes` into *line*; whether it wrote any node."""
    venue = venue_line(publication)
    date = date_text(publication)
    start = len(line.parts)
    words = _Markup(venue_words=True)
    words.parts = line.parts  # the same stream, its texts translated
    if venue.prefix:
        words.text(translated(venue.prefix.strip()) + " ")
    for index, segment in enumerate(venue.segments):
        if index:
            words.text(", ")
        if segment.kind == "title":
            inner = _Markup(venue_words=True)
            inner.rich(segment.rich)
            words.call("emph", inner)
            words.rich(segment.after)
        elif segment.kind == "people":
            words.leaves(_people(segment.people, separators, et_al=segment.et_al, editors=True))
        else:
            words.rich(segment.rich)
    if date:
        words.text(", " if len(line.parts) > start else "")
        words.text(date)
    return len(line.parts) > start


def typst_entry(
    publication: Publication, context: EntryContext, link_target: Callable[[nodes.reference], str]
) -> str | None:
    """The markup typst.py writes for :func:`.entries.cv_entry`, or None (build the tree)."""
    links = [(translated(link.label), link.url) for link in publication.links if link.url]
    if not links:
        return None  # one paragraph: dates.py may move its date
    line = _Markup()
    try:
        if publication.venue_short:
            badge = _Markup()
            badge.text(publication.venue_short)
            line.call("cv-badge", badge)
            line.text(" ")
        line.rich(publication.display_title)
        line.text(". ")
        if publication.people:
            people = _cv_people(publication, context)
            line.leaves(people)
            line.text(" " if people and people[-1][1].endswith(".") else ". ")
        if _venue(line, publication, context.separators):
            line.text(".")
        notes = [
            rich
            for rich in (publication.award, publication.rich("impact"), publication.note)
            if rich
        ]
        for rich in notes:
            line.text(" ")
            line.rich(rich)
    except _Decline:
        return None
    written = []
    for label, href in links:
        text = escape(label).strip()
        target = link_target(nodes.reference("", label, refuri=href))
        written.append(f"#link({string_literal(target)})[{text}]" if target else text)
    written = [link for link in written if link.strip(" \\;")]
    paragraph = line.joined()
    links_line = "#cv-links(" + ", ".join(f"[{link}]" for link in written) + ")"
    return ((paragraph + "\n\n" if paragraph else "") + links_line).strip()
