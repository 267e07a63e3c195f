"""OpenAlex: ``/works`` filtered by DOIs (50 a request), OpenAlex ids, or title and year."""

from __future__ import annotations

import re
import urllib.parse
from typing import TYPE_CHECKING, Any

from ..importer.http import FetchError
from ..importer.records import normal_title
from .lookup import Match, Outcome, api_key, chunks, service_url, valid_count

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from ..importer.http import Client
    from .lookup import Lookup

#: OpenAlex takes up to 50 values in one OR filter.
OPENALEX_BATCH = 50
#: Pages of one answer followed at most (a DOI batch fits in one).
MAX_PAGES = 5


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
            valid_count(work, "cited_by_count"), work_id, f"https://openalex.org/{work_id}", how
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
            for chunk in chunks(keys, OPENALEX_BATCH):
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
