"""What a source is asked and answers: :class:`Lookup`, :class:`Match`, :class:`Outcome`.

Base URLs come from ``BIBFOLIO_*_URL`` environment variables, as the importer's; API keys
from the environment too.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..importer.http import FetchError

if TYPE_CHECKING:
    from collections.abc import Sequence

SERVICES = {
    "openalex": ("BIBFOLIO_OPENALEX_URL", "https://api.openalex.org"),
    "crossref": ("BIBFOLIO_CROSSREF_URL", "https://api.crossref.org"),
    "semanticscholar": ("BIBFOLIO_SEMANTICSCHOLAR_URL", "https://api.semanticscholar.org"),
}
#: Environment variables holding an API key, by source (the first one set is used).
API_KEYS = {
    "openalex": ("BIBFOLIO_OPENALEX_API_KEY", "OPENALEX_API_KEY"),
    "semanticscholar": ("BIBFOLIO_SEMANTICSCHOLAR_API_KEY", "SEMANTIC_SCHOLAR_API_KEY"),
}


@dataclass(frozen=True)
class Lookup:
    """What identifies one entry: its key, DOI, arXiv id, title and year, or a pin."""

    key: str
    doi: str = ""  #: lower case, no ``https://doi.org/``; never an arXiv DOI
    arxiv: str = ""
    title: str = ""  #: plain text
    year: str = ""
    pin: str = ""  #: the source's work id the user chose


@dataclass(frozen=True)
class Match:
    """A work a source matched to an entry."""

    count: int
    id: str
    url: str
    matched_by: str


@dataclass
class Outcome:
    """Found, unknown to the source (with why), failed (with why)."""

    found: dict[str, Match] = field(default_factory=dict)
    unknown: dict[str, str] = field(default_factory=dict)
    failed: dict[str, str] = field(default_factory=dict)


def service_url(source: str) -> str:
    """The base URL of *source*, from its environment variable or the default."""
    variable, default = SERVICES[source]
    return os.environ.get(variable, default).rstrip("/")


def api_key(source: str) -> str:
    """The API key for *source* from the environment, or ``""``."""
    return next((os.environ[name] for name in API_KEYS.get(source, ()) if os.environ.get(name)), "")


def valid_count(record: dict[str, Any], name: str) -> int:
    value = record.get(name)
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise FetchError(f"the answer has no valid {name!r} ({value!r})")
    return value


def chunks(items: Sequence[Any], size: int) -> list[Sequence[Any]]:
    return [items[start : start + size] for start in range(0, len(items), size)]
