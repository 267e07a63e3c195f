"""What the reader yields: a :class:`BibEntry` of :class:`BibField` values, and a file's result."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .diagnostics import Diagnostic


@dataclass(frozen=True, slots=True)
class BibField:
    """One ``name = value`` pair, with macros expanded and whitespace normalised."""

    name: str  #: Lower-case field name, e.g. ``"author+an"``.
    value: str  #: The value as LaTeX source, outer delimiters removed.
    line: int  #: Line of the field name.
    macro: str | None = None  #: Set when the value was one bare macro (``month = jul``).
    #: Key of the entry this field was copied from (``crossref``/``xdata``), else None.
    inherited_from: str | None = None


@dataclass(slots=True)
class BibEntry:
    """One entry as written in a ``.bib`` file."""

    type: str  #: Lower-case entry type as written (``conference`` stays ``conference``).
    key: str
    path: str  #: The file, as the user named it (used in warnings).
    line: int  #: Line of the ``@type{`` opener.
    fields: dict[str, BibField] = field(default_factory=dict)

    def get(self, name: str, default: str = "") -> str:
        """Return a field's value, or *default* when the entry lacks it."""
        found = self.fields.get(name)
        return found.value if found is not None else default

    def line_of(self, name: str) -> int:
        """Return the line of field *name*, or the entry's line when it is absent."""
        found = self.fields.get(name)
        return found.line if found is not None else self.line


@dataclass(slots=True)
class BibFileResult:
    """Everything read from one file: entries in file order, and what went wrong."""

    path: str
    entries: list[BibEntry] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    #: ``@preamble`` values with the line of each.
    preamble: list[tuple[str, int]] = field(default_factory=list)
    #: How many ``@string``/``@preamble``/``@comment`` commands were read (a file of
    #: macros only is not empty).
    commands: int = 0
