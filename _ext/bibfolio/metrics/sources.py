"""Citation counts from OpenAlex, Crossref and Semantic Scholar, in batches where they allow.

Each source takes :class:`Lookup` objects and returns an :class:`Outcome`: what it
found, what it does not know, and what failed (the caller keeps the old values of
those).  Base URLs come from ``BIBFOLIO_*_URL`` environment variables, as the importer's.
"""

from __future__ import annotations

import os
import re
import urllib.parse
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..importer.http import FetchError
from ..importer.records import normal_title

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from ..importer.http import Client

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
#: OpenAlex takes up to 50 values in one OR filter; Semantic Scholar 500 ids a batch.
OPENALEX_BATCH = 50
S2_BATCH = 500
#: Pages of one OpenAlex answer followed at most (a DOI batch fits in one).
MAX_PAGES = 5


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


def _count(record: dict[str, Any], name: str) -> int:
    value = record.get(name)
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise FetchError(f"the answer has no valid {name!r} ({value!r})")
    return value


def _chunks(items: Sequence[Any], size: int) -> list[Sequence[Any]]:
    return [items[start : start + size] for start in range(0, len(items), size)]


# -- OpenAlex ---------------------------------------------------------------------------------
def _openalex_id(value: str) -> str:
    return value.rsplit("/", 1)[-1].upper()


def _openalex_doi(value: str | None) -> str:
    return re.sub(r"^https?://(dx\.)?doi\.org/", "", value or "", flags=re.IGNORECASE).lower()


class OpenAlex:
    """OpenAlex's ``/works`` list, filtered by DOIs, OpenAlex ids or title and year.

    ``filter=doi:A|B|…`` takes arXiv ids as DataCite's ``10.48550/arXiv.…`` DOIs;
    ``filter=openalex:`` finds pinned works; ``title.search`` plus the year the rest.
    """

    name = "openalex"

    def __init__(self, client: Client) -> None:
        self.client = client
        self.base = service_url(self.name)
        self.key = api_key(self.name)

    def _works(self, filter_: str, per_page: int) -> list[dict[str, Any]]:
        results: list[dict[str, Any]] = []
        for page in range(1, MAX_PAGES + 1):
            query = {"filter": filter_, "per-page": str(per_page), "page": str(page)}
            if self.client.mailto:
                query["mailto"] = self.client.mailto
            if self.key:
                query["api_key"] = self.key
            url = f"{self.base}/works?{urllib.parse.urlencode(query, safe=':|,/')}"
            answer = self.client.get_json(self.name, url)
            if not isinstance(answer, dict) or not isinstance(answer.get("results"), list):
                raise FetchError(f"{url}: the answer has no 'results' list")
            results.extend(item for item in answer["results"] if isinstance(item, dict))
            meta = answer.get("meta") if isinstance(answer.get("meta"), dict) else {}
            total = meta.get("count") if isinstance(meta.get("count"), int) else 0
            if len(answer["results"]) < per_page or page * per_page >= total:
                break
        return results

    def _match(self, work: dict[str, Any], how: str) -> Match:
        work_id = _openalex_id(str(work.get("id") or ""))
        if not work_id:
            raise FetchError("a work in the answer has no 'id'")
        return Match(
            _count(work, "cited_by_count"), work_id, f"https://openalex.org/{work_id}", how
        )

    def fetch(self, lookups: Sequence[Lookup], progress: Callable[[int], None]) -> Outcome:
        """Look every entry up: pins, then DOIs, arXiv DOIs, then titles; see :class:`Outcome`."""
        outcome = Outcome()
        rounds: list[tuple[str, dict[str, str]]] = [
            ("pin", {item.key: item.pin.upper() for item in lookups if item.pin}),
            ("doi", {i.key: i.doi for i in lookups if i.doi and not i.pin}),
            ("arxiv", {i.key: f"10.48550/arxiv.{i.arxiv}".lower() for i in lookups
                       if i.arxiv and not i.pin}),
        ]  # fmt: skip
        for how, candidates in rounds:
            # An entry whose request failed is not asked again by another id: its arXiv
            # preprint's count must not stand in for its paper's after a network error.
            wanted = {
                k: v
                for k, v in candidates.items()
                if k not in outcome.found and k not in outcome.failed
            }
            keys = list(wanted)
            for chunk in _chunks(keys, OPENALEX_BATCH):
                values = [wanted[key] for key in chunk]
                field_ = "openalex" if how == "pin" else "doi"
                try:
                    works = self._works(f"{field_}:{'|'.join(values)}", OPENALEX_BATCH)
                    by_value = {
                        (_openalex_id(str(w.get("id", ""))) if how == "pin"
                         else _openalex_doi(w.get("doi"))): w
                        for w in works
                    }  # fmt: skip
                    for key in chunk:
                        work = by_value.get(wanted[key])
                        if work is not None:
                            outcome.found[key] = self._match(work, how)
                except FetchError as error:
                    outcome.failed.update(dict.fromkeys(chunk, str(error)))
                progress(len(chunk))
        for item in lookups:
            if item.key in outcome.found or item.key in outcome.failed or item.pin:
                continue
            if not (item.title and item.year):
                outcome.unknown[item.key] = "no DOI, arXiv id or title and year to look up"
                continue
            try:
                match = self._title_match(item)
            except FetchError as error:
                outcome.failed[item.key] = str(error)
                match = None
            if match is not None:
                outcome.found[item.key] = match
            progress(1)
        for item in lookups:
            if item.key not in outcome.found and item.key not in outcome.failed:
                outcome.unknown.setdefault(item.key, "not found in OpenAlex")
        return outcome

    def _title_match(self, item: Lookup) -> Match | None:
        # The filter syntax reserves ',' '|' and ':'; the title words are what is searched.
        words = re.sub(r"[,|:]+", " ", item.title).strip()
        works = self._works(f"title.search:{words},publication_year:{item.year}", 5)
        wanted = normal_title(item.title)
        for work in works:
            if normal_title(str(work.get("title") or work.get("display_name") or "")) == wanted:
                return self._match(work, "title")
        return None


# -- Crossref ---------------------------------------------------------------------------------
class Crossref:
    """``/works/{doi}``'s ``is-referenced-by-count``: one request per DOI, DOIs only."""

    name = "crossref"

    def __init__(self, client: Client) -> None:
        self.client = client
        self.base = service_url(self.name)

    def fetch(self, lookups: Sequence[Lookup], progress: Callable[[int], None]) -> Outcome:
        """Look each entry's DOI (or pinned DOI) up; see :class:`Outcome`."""
        outcome = Outcome()
        for item in lookups:
            doi = item.pin or item.doi
            if not doi:
                outcome.unknown[item.key] = "no DOI (Crossref looks up DOIs only)"
                continue
            query = (
                f"?mailto={urllib.parse.quote(self.client.mailto)}" if self.client.mailto else ""
            )
            url = f"{self.base}/works/{urllib.parse.quote(doi, safe='/')}{query}"
            try:
                answer = self.client.get_json(self.name, url)
                message = answer.get("message") if isinstance(answer, dict) else None
                if not isinstance(message, dict):
                    raise FetchError(f"{url}: the answer has no 'message' object")
                found_doi = str(message.get("DOI") or doi).lower()
                outcome.found[item.key] = Match(
                    _count(message, "is-referenced-by-count"),
                    found_doi,
                    "https://search.crossref.org/search/works?"
                    + urllib.parse.urlencode({"q": found_doi, "from_ui": "yes"}),
                    "pin" if item.pin else "doi",
                )
            except FetchError as error:
                if "(404)" in str(error):
                    outcome.unknown[item.key] = f"DOI {doi} not known to Crossref"
                else:
                    outcome.failed[item.key] = str(error)
            progress(1)
        return outcome


# -- Semantic Scholar -----------------------------------------------------------------------
class SemanticScholar:
    """``POST /graph/v1/paper/batch`` with ``DOI:``/``ARXIV:`` ids: ``citationCount``."""

    name = "semanticscholar"

    def __init__(self, client: Client) -> None:
        self.client = client
        self.base = service_url(self.name)
        self.key = api_key(self.name)

    def fetch(self, lookups: Sequence[Lookup], progress: Callable[[int], None]) -> Outcome:
        """Look every entry up by pin, DOI, then arXiv id; see :class:`Outcome`."""
        outcome = Outcome()
        rounds = [
            ("pin", {item.key: item.pin for item in lookups if item.pin}),
            ("doi", {item.key: f"DOI:{item.doi}" for item in lookups if item.doi and not item.pin}),
            ("arxiv", {i.key: f"ARXIV:{i.arxiv}" for i in lookups if i.arxiv and not i.pin}),
        ]
        headers = {"x-api-key": self.key} if self.key else {}
        url = f"{self.base}/graph/v1/paper/batch?fields=citationCount,url,externalIds"
        for how, wanted in rounds:
            keys = [k for k in wanted if k not in outcome.found and k not in outcome.failed]
            for chunk in _chunks(keys, S2_BATCH):
                try:
                    answer = self.client.get_json(
                        self.name, url, body={"ids": [wanted[k] for k in chunk]}, headers=headers
                    )
                    if not isinstance(answer, list) or len(answer) != len(chunk):
                        raise FetchError(f"{url}: expected a list of {len(chunk)} papers")
                    for key, paper in zip(chunk, answer, strict=True):
                        if isinstance(paper, dict) and paper.get("paperId"):
                            paper_id = str(paper["paperId"])
                            outcome.found[key] = Match(
                                _count(paper, "citationCount"),
                                paper_id,
                                str(paper.get("url") or
                                    f"https://www.semanticscholar.org/paper/{paper_id}"),
                                how,
                            )  # fmt: skip
                except FetchError as error:
                    outcome.failed.update(dict.fromkeys(chunk, str(error)))
                progress(len(chunk))
        for item in lookups:
            if item.key not in outcome.found and item.key not in outcome.failed:
                outcome.unknown[item.key] = (
                    "not found in Semantic Scholar" if item.doi or item.arxiv or item.pin
                    else "no DOI or arXiv id (Semantic Scholar is looked up by id)"
                )  # fmt: skip
        return outcome


SOURCES: dict[str, type[OpenAlex | Crossref | SemanticScholar]] = {
    "openalex": OpenAlex,
    "crossref": Crossref,
    "semanticscholar": SemanticScholar,
}
