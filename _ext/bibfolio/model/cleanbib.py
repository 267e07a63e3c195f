"""Clean BibTeX: the entry as a citer wants it, written from the parsed fields."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .names import MARK_SYMBOLS, split_name_list, strip_marks
from .publication import REQUIRED_FIELDS, TYPE_ALIASES

if TYPE_CHECKING:
    from collections.abc import Iterable

    from .bibtex import BibEntry

#: Fields that only shape how a portfolio shows an entry (bibfolio's and al-folio's).
PRESENTATION_FIELDS = frozenset(
    {
        "abbr",
        "award",
        "award_name",
        "impact",
        "selected",
        "pdf",
        "code",
        "slides",
        "poster",
        "video",
        "preview",
        "bibtex_show",
        "author+an",
        "editor+an",
        "annotation",
        "additional_info",
        "pubtype",
        "display_title",
        "html",
        "website",
        "supp",
        "blog",
        "arxiv",
        "altmetric",
        "dimensions",
        "google_scholar_id",
        "inspirehep_id",
        "hal",
    }
)
_NAME_FIELDS = ("author", "editor")


def clean_entry_type(entry: BibEntry) -> str:
    """The type to write: aliases resolved, unknown types as ``misc``."""
    written = TYPE_ALIASES.get(entry.type, entry.type)
    return written if written in REQUIRED_FIELDS else "misc"


def clean_names(value: str) -> str:
    """An author list with al-folio's mark symbols removed from every name."""
    if not any(symbol in value for symbol in MARK_SYMBOLS):
        return value
    return " and ".join(strip_marks(name)[0] for name in split_name_list(value) if name)


def clean_bibtex(entry: BibEntry, drop: Iterable[str] = ()) -> str:
    """Write *entry* without presentation fields (and without *drop*)."""
    dropped = PRESENTATION_FIELDS | {name.lower() for name in drop}
    lines = [f"@{clean_entry_type(entry)}{{{entry.key},"]
    for name, found in entry.fields.items():
        if name in dropped or name.endswith("+an"):
            continue
        if found.macro is not None and found.macro.lower() == name_macro(found.value):
            lines.append(f"  {name} = {found.macro.lower()},")
            continue
        value = clean_names(found.value) if name in _NAME_FIELDS else found.value
        lines.append(f"  {name} = {{{value}}},")
    lines.append("}")
    return "\n".join(lines)


def name_macro(value: str) -> str:
    """The month macro whose expansion is *value* (``"July"`` → ``"jul"``), or ""."""
    from .bibtex import MONTH_MACROS  # noqa: PLC0415 - avoid a cycle at import time

    for macro, expansion in MONTH_MACROS.items():
        if expansion == value:
            return macro
    return ""


def clean_bibliography(entries: Iterable[BibEntry], drop: Iterable[str] = ()) -> str:
    """Several clean entries, separated by blank lines (the "download all" file)."""
    drop = list(drop)
    return "\n\n".join(clean_bibtex(entry, drop) for entry in entries) + "\n"
