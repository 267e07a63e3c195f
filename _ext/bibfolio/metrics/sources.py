"""The citation sources by name: OpenAlex (openalex.py), Crossref and Semantic Scholar.

Each takes :class:`~.lookup.Lookup` objects and returns an :class:`~.lookup.Outcome`: what
it found, what it does not know, and what failed (the caller keeps the old values of those).
"""

from __future__ import annotations

import urllib.parse
from typing import TYPE_CHECKING

from ..importer.http import FetchError
from .lookup import Match, Outcome, api_key, chunks, service_url, valid_count
from .openalex import OpenAlex

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from ..importer.http import Client
    from .lookup import Lookup

#: Semantic Scholar takes up to 500 ids a batch.
S2_BATCH = 500


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
                    valid_count(message, "is-referenced-by-count"),
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
            for chunk in chunks(keys, S2_BATCH):
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
                                valid_count(paper, "citationCount"),
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
