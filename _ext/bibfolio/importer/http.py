"""Polite HTTP GETs: a mailto User-Agent, per-service minimum intervals, retries on 429/5xx."""

from __future__ import annotations

import email.utils
import http.client
import json
import random
import socket
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from .._version import __version__

if TYPE_CHECKING:
    from collections.abc import Callable

#: Seconds between two requests to one service.  arXiv asks for one request every 3 s
#: (arxiv.org/help/api/tou); Crossref's polite pool, ORCID's public API and DBLP publish
#: limits well above one request a second, so one a second is modest for all three.
MIN_INTERVALS: dict[str, float] = {"arxiv": 3.0, "doi": 1.0, "orcid": 1.0, "dblp": 1.0}
#: The citation sources (``bibfolio metrics``): OpenAlex allows 10 requests a second,
#: Crossref's polite pool more than one, Semantic Scholar one a second without a key.
MIN_INTERVALS.update({"openalex": 0.2, "crossref": 1.0, "semanticscholar": 1.0})
#: Waits before the 2nd, 3rd and 4th attempt after a 5xx (a 429's Retry-After wins).
BACKOFF = (1.0, 2.0, 4.0)
#: The longest Retry-After honoured; a longer one is reported instead of waited out.
MAX_RETRY_AFTER = 120.0


class FetchError(Exception):
    """A request failed for good; the message says why, in words a user can act on."""


@dataclass
class Client:
    """GETs with a User-Agent, rate limits and retries.

    *clock* and *sleep* are injectable so tests run the limiter without waiting.
    """

    mailto: str = ""
    timeout: float = 30.0
    intervals: dict[str, float] = field(default_factory=lambda: dict(MIN_INTERVALS))
    clock: Callable[[], float] = time.monotonic
    sleep: Callable[[float], None] = time.sleep
    backoff: tuple[float, ...] = BACKOFF
    #: Up to this fraction of a backoff wait is added at random, so that many clients
    #: failing together do not retry in step (0: the exact waits of :data:`BACKOFF`).
    jitter: float = 0.0
    draw: Callable[[], float] = random.random  #: uniform in [0, 1), injectable
    #: Told (seconds, why) before each wait and (0, "") after it: a progress bar's
    #: :meth:`~.progress.Progress.wait`.
    waiting: Callable[[float, str], None] | None = None
    _last: dict[str, float] = field(default_factory=dict)

    @property
    def user_agent(self) -> str:
        """``bibfolio/<version> (+project URL; mailto:ADDR)``, as Crossref's etiquette asks."""
        contact = f"; mailto:{self.mailto}" if self.mailto else ""
        return f"bibfolio/{__version__} (https://github.com/bibfolio/bibfolio{contact})"

    def _wait_turn(self, service: str) -> None:
        interval = self.intervals.get(service, 1.0)
        last = self._last.get(service)
        if last is not None:
            remaining = last + interval - self.clock()
            if remaining > 0:
                self._pause(remaining, f"{service} allows one request every {interval:g} s")
        self._last[service] = self.clock()

    def _pause(self, seconds: float, why: str) -> None:
        if self.waiting is not None:
            self.waiting(seconds, why)
        self.sleep(seconds)
        if self.waiting is not None:
            self.waiting(0.0, "")

    def get_json(
        self,
        service: str,
        url: str,
        *,
        body: object = None,
        headers: dict[str, str] | None = None,
    ) -> object:
        """GET *url* (POST *body* as JSON when given) and return the parsed JSON answer.

        Raises :class:`FetchError` as :meth:`get` does, and for an answer that is not JSON.
        """
        data = None if body is None else json.dumps(body).encode()
        raw = self.get(service, url, "application/json", data=data, headers=headers)
        try:
            return json.loads(raw)
        except (UnicodeDecodeError, json.JSONDecodeError) as error:
            raise FetchError(f"{url}: the answer is not valid JSON ({error})") from None

    def get(
        self,
        service: str,
        url: str,
        accept: str,
        *,
        data: bytes | None = None,
        headers: dict[str, str] | None = None,
    ) -> bytes:
        """GET *url* from *service* (a key of :data:`MIN_INTERVALS`); return the body.

        With *data*, POST it as JSON instead.  Raises :class:`FetchError` for 404
        (unknown id), other 4xx, 5xx or 429 after the retries, timeouts and unreachable
        hosts.
        """
        sent = {"Accept": accept, "User-Agent": self.user_agent, **(headers or {})}
        if data is not None:
            sent["Content-Type"] = "application/json"
        request = urllib.request.Request(url, data=data, headers=sent)
        attempts = len(self.backoff) + 1
        for attempt in range(attempts):
            self._wait_turn(service)
            try:
                with urllib.request.urlopen(request, timeout=self.timeout) as response:
                    return response.read()
            except urllib.error.HTTPError as error:
                status = error.code
                if status == 404:
                    raise FetchError(f"{url}: not found (404): unknown id?") from None
                retryable = status == 429 or status >= 500
                if not retryable or attempt == attempts - 1:
                    raise FetchError(f"{url}: HTTP {status} {error.reason}") from None
                delay = self._backoff(attempt)
                why = f"{service} answered HTTP {status}; trying again"
                if status == 429:
                    delay = _retry_after(error.headers.get("Retry-After"), delay)
                    if delay > MAX_RETRY_AFTER:
                        raise FetchError(
                            f"{url}: rate limited (429); the service asks to wait "
                            f"{delay:.0f} s, try again later"
                        ) from None
                    why = f"{service} asks to wait (429, Retry-After)"
                self._pause(delay, why)
            except TimeoutError:
                raise FetchError(f"{url}: timed out after {self.timeout:g} s") from None
            except urllib.error.URLError as error:
                if isinstance(error.reason, TimeoutError | socket.timeout):
                    raise FetchError(f"{url}: timed out after {self.timeout:g} s") from None
                raise FetchError(f"{url}: cannot connect ({error.reason}); offline?") from None
            except (http.client.HTTPException, ConnectionError) as error:
                # The server hung up mid-answer: as transient as a 5xx.
                if attempt == attempts - 1:
                    raise FetchError(
                        f"{url}: the connection broke ({type(error).__name__})"
                    ) from None
                self._pause(self._backoff(attempt), f"{service} hung up; trying again")
        raise AssertionError("unreachable")  # pragma: no cover

    def _backoff(self, attempt: int) -> float:
        delay = self.backoff[attempt]
        return delay + delay * self.jitter * self.draw() if self.jitter else delay


def _retry_after(value: str | None, default: float) -> float:
    """Seconds to wait from a Retry-After header (delta-seconds or an HTTP date)."""
    if not value:
        return default
    value = value.strip()
    if value.isdigit():
        return float(value)
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return default
    return max(0.0, when.timestamp() - time.time())
