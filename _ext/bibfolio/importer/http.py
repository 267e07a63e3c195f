"""Polite HTTP GETs: a mailto User-Agent, per-service minimum intervals, retries on 429/5xx."""

from __future__ import annotations

import email.utils
import http.client
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
                self.sleep(remaining)
        self._last[service] = self.clock()

    def get(self, service: str, url: str, accept: str) -> bytes:
        """GET *url* from *service* (a key of :data:`MIN_INTERVALS`); return the body.

        Raises :class:`FetchError` for 404 (unknown id), other 4xx, 5xx or 429 after the
        retries, timeouts and unreachable hosts.
        """
        request = urllib.request.Request(
            url, headers={"Accept": accept, "User-Agent": self.user_agent}
        )
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
                delay = self.backoff[attempt]
                if status == 429:
                    delay = _retry_after(error.headers.get("Retry-After"), delay)
                    if delay > MAX_RETRY_AFTER:
                        raise FetchError(
                            f"{url}: rate limited (429); the service asks to wait "
                            f"{delay:.0f} s, try again later"
                        ) from None
                self.sleep(delay)
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
                self.sleep(self.backoff[attempt])
        raise AssertionError("unreachable")  # pragma: no cover


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
