"""What citeproc-py looks up again and again while formatting, looked up once.

Formatting one entry, citeproc-py searches the style and its locale (XPath) for every
macro and term it uses, and reaches the entry's reference through the citation, its
bibliography and the source for every variable it reads.  Neither answer changes: a
style and its locales are read once per process and never edited, and an entry's
reference is fixed while it is formatted.  Remembering them took a reference from
12.8 to about 5 ms (200 entries of the group bench, APA and IEEE).
:mod:`.cslengine` installs both, and like its corrections they act only inside its
``corrected`` block.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from collections.abc import Callable

#: (element, XPath expression) → what the search found, for the style and locale trees.
_SEARCHED: dict[tuple[Any, str], list[Any]] = {}
#: More than two styles in a few languages ever make: then forgotten, and found again.
_SEARCHED_MAX = 50_000
#: id(citation item) → its reference, for the entry being formatted.
_REFERENCES: dict[int, Any] = {}


def xpath_search(original: Any, self: Any, expression: str) -> list[Any]:
    """citeproc-py's XPath search of a style or locale element, remembered.

    Keyed on the element itself, which the key keeps alive, so the same element is
    always the same key (about 40 searches an entry, a quarter of its time).
    """
    key = (self, expression)
    found = _SEARCHED.get(key)
    if found is None:
        if len(_SEARCHED) >= _SEARCHED_MAX:
            _SEARCHED.clear()
        found = _SEARCHED[key] = original(self, expression)
    return list(found)


def forget_references() -> None:
    """A new entry is formatted: its citation items are new."""
    _REFERENCES.clear()


def install(active: Callable[[], bool]) -> None:
    """Make ``CitationItem.reference`` look the reference up once per entry while *active*.

    The property goes through dictionaries answering attribute access about 180 times
    an entry (a fifth of its time, profiled).
    """
    from citeproc.source import CitationItem  # noqa: PLC0415 - citeproc-py is imported late

    looked_up = CitationItem.reference.fget

    def reference(self: Any) -> Any:
        if not active():
            return looked_up(self)
        found = _REFERENCES.get(id(self))
        if found is None:
            found = _REFERENCES[id(self)] = looked_up(self)
        return found

    CitationItem.reference = property(reference)  # type: ignore[method-assign]
