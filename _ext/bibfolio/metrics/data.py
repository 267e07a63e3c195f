"""The citations file (``citations.json`` next to ``refs.bib``) and its summary figures."""

from __future__ import annotations

import datetime as dt
import json
from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from collections.abc import Iterable
    from pathlib import Path

#: Source name → how pages and reports name it.
SOURCE_NAMES = {
    "openalex": "OpenAlex",
    "crossref": "Crossref",
    "semanticscholar": "Semantic Scholar",
}
DEFAULT_NAME = "citations.json"
_ABOUT = (
    "Citation counts written by `bibfolio metrics`; edit only 'pins' (entry key -> the "
    "source's work id) and 'exclude' (entry keys); see GUIDE.md, Citation counts."
)


class DataError(Exception):
    """The citations file cannot be read; the message says why, :attr:`line` where."""

    def __init__(self, message: str, line: int = 1) -> None:
        super().__init__(message)
        self.line = line


@dataclass(frozen=True)
class Citation:
    """One entry's count, as one source gave it on one day."""

    count: int
    source: str  #: A key of :data:`SOURCE_NAMES`.
    id: str  #: The source's id of the work (OpenAlex ``W…``, a DOI, a paper id).
    url: str  #: The source's page for the work.
    fetched: str  #: ISO date.
    matched_by: str = "doi"  #: ``doi``, ``arxiv``, ``title`` or ``pin``.

    @property
    def source_name(self) -> str:
        """The source as people write it."""
        return SOURCE_NAMES.get(self.source, self.source)


@dataclass
class CitationData:
    """Every entry's count, and the user's pins and exclusions."""

    entries: dict[str, Citation] = field(default_factory=dict)
    pins: dict[str, str] = field(default_factory=dict)  #: key → the source's work id
    exclude: list[str] = field(default_factory=list)  #: keys never looked up nor shown

    def oldest(self) -> dt.date | None:
        """The date of the oldest count, or None without counts."""
        dates = [dt.date.fromisoformat(c.fetched) for c in self.entries.values()]
        return min(dates) if dates else None

    def to_json(self) -> str:
        """The file's text: sorted, indented, one trailing newline (diffs stay small)."""
        document = {
            "about": _ABOUT,
            "entries": {key: asdict(self.entries[key]) for key in sorted(self.entries)},
            "exclude": sorted(set(self.exclude)),
            "pins": dict(sorted(self.pins.items())),
        }
        return json.dumps(document, indent=2, ensure_ascii=False) + "\n"


def parse(text: str) -> CitationData:
    """Read the file's text; raise :class:`DataError` for anything malformed."""
    try:
        document = json.loads(text)
    except json.JSONDecodeError as error:
        raise DataError(f"not valid JSON ({error.msg})", error.lineno) from None
    if not isinstance(document, dict):
        raise DataError("expected a JSON object")
    entries = {}
    for key, value in (document.get("entries") or {}).items():
        try:
            entries[key] = _citation(value)
        except (TypeError, ValueError) as error:
            raise DataError(f"entry {key!r}: {error}") from None
    pins = document.get("pins") or {}
    exclude = document.get("exclude") or []
    if not isinstance(pins, dict) or not all(
        isinstance(k, str) and isinstance(v, str) for k, v in pins.items()
    ):
        raise DataError("'pins' must map entry keys to work ids (strings)")
    if not isinstance(exclude, list) or not all(isinstance(k, str) for k in exclude):
        raise DataError("'exclude' must be a list of entry keys")
    return CitationData(entries, dict(pins), list(exclude))


def _citation(value: Any) -> Citation:
    if not isinstance(value, dict):
        raise TypeError("expected an object")
    count = value.get("count")
    if isinstance(count, bool) or not isinstance(count, int) or count < 0:
        raise ValueError(f"'count' must be a whole number, got {count!r}")
    strings = {name: value.get(name) for name in ("source", "id", "url", "fetched")}
    for name, text in strings.items():
        if not isinstance(text, str) or not text:
            raise ValueError(f"{name!r} must be a non-empty string")
    dt.date.fromisoformat(strings["fetched"])  # ValueError names the bad date
    return Citation(count=count, matched_by=str(value.get("matched_by", "doi")), **strings)


def read(path: Path) -> CitationData:
    """Read *path*; a missing file is empty data."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return CitationData()
    except OSError as error:
        raise DataError(str(error.strerror or error)) from None
    return parse(text)


def h_index(counts: Iterable[int]) -> int:
    """The largest h such that h works have at least h citations each."""
    ranked = sorted(counts, reverse=True)
    return sum(1 for rank, count in enumerate(ranked, start=1) if count >= rank)


def i10_index(counts: Iterable[int]) -> int:
    """The number of works with at least 10 citations (Google Scholar's i10-index)."""
    return sum(1 for count in counts if count >= 10)


@dataclass(frozen=True)
class Summary:
    """Total, h-index and i10-index of some entries, with where and when they come from."""

    total: int
    h_index: int
    i10_index: int
    works: int
    sources: tuple[str, ...]  #: Source names, as people write them.
    oldest: str  #: ISO date of the oldest count.


def summary(citations: Iterable[Citation]) -> Summary | None:
    """The figures of *citations*, or None for none."""
    found = list(citations)
    if not found:
        return None
    counts = [c.count for c in found]
    return Summary(
        total=sum(counts),
        h_index=h_index(counts),
        i10_index=i10_index(counts),
        works=len(found),
        sources=tuple(sorted({c.source_name for c in found})),
        oldest=min(c.fetched for c in found),
    )
