"""``crossref`` and ``xdata``: the fields an entry inherits, resolved once every file is read.

BibTeX's ``crossref`` lets a child use any field it lacks from its parent; biblatex
refines that with per-type rules (a ``@proceedings`` parent's ``title`` is an
``@inproceedings`` child's ``booktitle``; an ``@mvbook``'s is the ``maintitle``) and adds
``xdata``, plain field containers that are never publications themselves.  Both may
point forward or into another file, so they are resolved after all files are read.

A child never takes what identifies or presents the parent work itself (``doi``,
``url``, ``eprint``, ``abstract``, and every field that only shapes the site:
``bibfields.py``'s presentation fields, ``pdf``, ``project`` ...): a chapter shown with
its book's DOI would link, cite and count as the book, and listed on its book's project
pages, on pages the owner never put it on.

Parents are kept as entries in their own right: a portfolio lists every entry of its
files, so BibTeX's ``min-crossrefs`` rule (add an uncited parent once two children cite
it) has nothing to decide.  ``@set`` entries (biblatex groups of other entries) are left
out quietly, like ``@xdata``: their members are the publications.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from .bibfields import is_presentation
from .diagnostics import Diagnostic
from .entrytypes import NOT_PUBLICATIONS

if TYPE_CHECKING:
    from .entry import BibEntry


# biblatex's default inheritance excludes these (biblatex manual, appendix B).
_NEVER_INHERITED = frozenset(
    {
        "ids",
        "crossref",
        "xref",
        "xdata",
        "entryset",
        "entrysubtype",
        "execute",
        "label",
        "options",
        "presort",
        "related",
        "relatedoptions",
        "relatedstring",
        "relatedtype",
        "shorthand",
        "shorthandintro",
        "sortkey",
    }
)
# What identifies the parent work itself, not a part of it: a chapter given its book's
# DOI would link, cite and count (duplicate_doi) as the book.  biblatex would copy these;
# bibfolio turns them into links and metadata, so a crossref child keeps its own or none.
# Nor does a child take a field that only shapes how the site shows its parent (a link
# button, selected, the project pages it is listed on ...: bibfields.py's one list).
# xdata containers exist to be copied, so they give everything.
_IDENTIFYING = frozenset(
    {
        "doi",
        "url",
        "urldate",
        "eprint",
        "eprinttype",
        "eprintclass",
        "archiveprefix",
        "primaryclass",
        "pmid",
        "pmcid",
        "abstract",
        "file",
    }
)
_TITLE_FIELDS = ("title", "subtitle", "titleaddon")
# Not inherited at all when the parent's title becomes the child's book/main/journal title.
_TITLE_ONLY = frozenset({"shorttitle", "sorttitle", "indextitle", "indexsorttitle"})
_PART_TYPES = frozenset(
    {
        "inbook",
        "bookinbook",
        "suppbook",
        "incollection",
        "inreference",
        "suppcollection",
        "inproceedings",
        "conference",
    }
)
_WHOLE_TYPES = frozenset({"book", "collection", "reference", "proceedings"})
_MULTIVOLUME = frozenset({"mvbook", "mvcollection", "mvreference", "mvproceedings"})


def _title_prefix(child: str, parent: str) -> str | None:
    """Which title of the child the parent's title becomes: ``book``, ``main``, ``journal``."""
    if parent in _MULTIVOLUME:
        return "main"
    if parent in _WHOLE_TYPES and child in _PART_TYPES:
        return "book"
    if parent == "periodical" and child in ("article", "suppperiodical"):
        return "journal"
    return None


def _inherit(child: BibEntry, parent: BibEntry, via: str) -> None:
    """Copy into *child* the fields of *parent* it lacks, by biblatex's rules."""
    line = child.line_of(via)
    prefix = _title_prefix(child.type, parent.type)
    skipped = _NEVER_INHERITED | (_IDENTIFYING if via == "crossref" else frozenset())
    if prefix:
        skipped |= _TITLE_ONLY | set(_TITLE_FIELDS)
    copies = [
        (name, name)
        for name in parent.fields
        if name not in skipped and not (via == "crossref" and is_presentation(name))
    ]
    if prefix:
        # After the 1:1 copies, so a BibTeX-style parent's own booktitle wins.
        copies += [(name, prefix + name) for name in _TITLE_FIELDS]
        if parent.type in ("book", "mvbook") and child.type in ("inbook", "bookinbook"):
            copies.append(("author", "bookauthor"))
    for source, target in copies:
        found = parent.fields.get(source)
        if found is not None and target not in child.fields:
            child.fields[target] = replace(
                found, name=target, line=line, inherited_from=found.inherited_from or parent.key
            )


class _Resolver:
    """Resolves one library's references, each entry once, reporting what is missing."""

    def __init__(self, entries: list[BibEntry]) -> None:
        self.by_key = {entry.key.lower(): entry for entry in entries}
        self.diagnostics: list[Diagnostic] = []
        self.done: set[tuple[str, str]] = set()
        self.active: set[tuple[str, str]] = set()

    def resolve(self, entry: BibEntry, via: str) -> None:
        """Let *entry* inherit through its *via* field (``xdata`` or ``crossref``)."""
        state = (entry.key.lower(), via)
        if state in self.done:
            return
        if state in self.active:
            self.warn(entry, via, f"{via} cycle through entry '{entry.key}'; it is broken here")
            return
        self.active.add(state)
        refs = entry.get(via).split(",") if via == "xdata" else [entry.get(via)]
        for ref in (ref.strip() for ref in refs):
            parent = self.by_key.get(ref.lower())
            if parent is None:
                self.warn(
                    entry,
                    via,
                    f"{via} '{ref}' of entry '{entry.key}' names no entry in the "
                    "bibliography; nothing is inherited from it",
                )
                continue
            if via in parent.fields:
                self.resolve(parent, via)  # grandparents first, as biblatex does
            _inherit(entry, parent, via)
        self.active.discard(state)
        self.done.add(state)

    def warn(self, entry: BibEntry, via: str, message: str) -> None:
        self.diagnostics.append(Diagnostic(entry.path, entry.line_of(via), "crossref", message))


def resolve_references(entries: list[BibEntry]) -> tuple[list[BibEntry], list[Diagnostic]]:
    """Resolve every ``xdata`` then every ``crossref`` (biblatex's order), in place.

    Returns the publications (without ``@xdata`` and ``@set`` entries) and a located
    ``crossref`` diagnostic for each reference to a missing entry or cycle.
    """
    resolver = _Resolver(entries)
    for via in ("xdata", "crossref"):
        for entry in entries:
            if entry.get(via).strip():
                resolver.resolve(entry, via)
    kept = [entry for entry in entries if entry.type not in NOT_PUBLICATIONS]
    return kept, resolver.diagnostics
