"""The live-preview case: from saving a file to the new content being served.

A portfolio made by ``bibfolio new`` with N synthetic entries (the default site: paper
pages and the CV on) is served as ``nox -s docs-live`` serves it: ``python -m bibfolio.live``
(sphinx-autobuild with warm rebuilds, ``noxfile.LIVE_MODULE``) with the arguments
``noxfile.live_preview_args`` gives it.  Each round saves one edit to a page
(``index.md``) and one to ``refs.bib`` (an entry's title), and polls the served page
(``index.html``, ``publications.html``) every 20 ms until it shows the new text; the
latency is from the write to that response.  The next edit waits until the build has
finished (its "build succeeded" line), so rounds do not overlap.
"""

from __future__ import annotations

import http.client
import importlib.util
import re
import socket
import statistics
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

from .genbib import bib_text, generate_entries

POLL_SECONDS = 0.02
TIMEOUT_SECONDS = 120.0
LIVE_N = 200  #: issue 24's size: a 200-entry portfolio
REPO = Path(__file__).resolve().parents[2]


class LiveError(Exception):
    """The server did not start or did not show an edit in time."""


def _noxfile_command(source: Path, port: int) -> list[str]:
    """``nox -s docs-live``'s command, with this Python (read from noxfile.py)."""
    spec = importlib.util.spec_from_file_location("noxfile", REPO / "noxfile.py")
    try:
        noxfile = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(noxfile)  # type: ignore[union-attr]
    except ImportError:  # the bench's environment has no nox: the same command
        return [
            sys.executable, "-m", "bibfolio.live",
            "--watch", str(source / "refs.bib"), "--watch", str(REPO / "_ext" / "bibfolio"),
            "--re-ignore", r"(_build|__pycache__)", "--host", "127.0.0.1", "--port", str(port),
            "-n", "-b", "html", str(source), str(source / "_build" / "html"),
        ]  # fmt: skip
    return [
        sys.executable,
        "-m",
        noxfile.LIVE_MODULE,
        *noxfile.live_preview_args(str(source), port),
    ]


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _fetch(port: int, page: str) -> str:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/{page}", timeout=5) as response:
            return response.read().decode()
    except (OSError, http.client.HTTPException, UnicodeDecodeError):
        return ""  # not served yet, or a page being written (URLError is an OSError)


def _wait(condition: Any, what: str, timeout: float = TIMEOUT_SECONDS) -> float:
    """Poll *condition* until true; return the seconds it took."""
    start = time.perf_counter()
    while time.perf_counter() - start < timeout:
        if condition():
            return time.perf_counter() - start
        time.sleep(POLL_SECONDS)
    raise LiveError(f"timed out after {timeout:.0f} s waiting for {what}")


def make_portfolio(root: Path, n: int, seed: int, env: dict[str, str]) -> Path:
    """``bibfolio new`` with *n* synthetic entries in ``root/live``; return its folder."""
    folder = root / "live"
    bib = root / f"live-refs-{n}.bib"
    bib.write_text(bib_text(generate_entries(n, seed), seed), encoding="utf-8")
    subprocess.run(
        [sys.executable, "-m", "bibfolio", "new", "--pages", "--name", "Liang Luo", "--bib",
         str(bib), str(folder)],
        env=env, check=True, capture_output=True,
    )  # fmt: skip
    return folder


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    if old not in text:
        raise LiveError(f"{old!r} is not in {path}")
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def measure(
    root: Path, env: dict[str, str], rounds: int, *, n: int = LIVE_N, seed: int = 42
) -> dict[str, Any]:
    """Serve a fresh *n*-entry portfolio; time *rounds* page edits and refs.bib edits."""
    source = make_portfolio(root, n, seed, env)
    port = _free_port()
    log_path = root / "logs" / "live-preview.log"
    samples: dict[str, list[float]] = {"page": [], "refs.bib": []}
    title = re.search(r"^  title = \{(.*)\},$", (source / "refs.bib").read_text(), re.MULTILINE)
    if title is None:
        raise LiveError("no title in the portfolio's refs.bib")
    with log_path.open("w", encoding="utf-8") as log:
        server = subprocess.Popen(
            _noxfile_command(source, port),
            stdout=log, stderr=subprocess.STDOUT, cwd=root,
            env={**env, "PYTHONUNBUFFERED": "1"},
        )  # fmt: skip
        try:
            _wait(lambda: "Liang Luo" in _fetch(port, "index.html"), "the first build")
            _wait(lambda: _builds(log_path) >= 1, "the first build to end")
            # The biography's first comment line, written over: then text on the page.
            old_page, old_title = "% Your biography, shown beside the card", title.group(1)
            for number in range(rounds):
                new_page = f"Edited page {number} sentences"
                samples["page"].append(
                    _timed_edit(
                        source / "index.md",
                        old_page,
                        new_page,
                        port=port,
                        page="index.html",
                        log=log_path,
                    )
                )
                old_page = new_page
                new_title = f"{title.group(1)} (live {number})"
                samples["refs.bib"].append(
                    _timed_edit(
                        source / "refs.bib",
                        old_title,
                        new_title,
                        port=port,
                        page="publications.html",
                        log=log_path,
                    )
                )
                old_title = new_title
        finally:
            server.terminate()
            server.wait(timeout=60)
    return {
        "n": n,
        "samples": samples,
        "medians": {what: statistics.median(times) for what, times in samples.items()},
    }


def _builds(log: Path) -> int:
    return log.read_text(encoding="utf-8", errors="replace").count("build succeeded")


def _timed_edit(path: Path, old: str, new: str, *, port: int, page: str, log: Path) -> float:
    """Save the edit; seconds until *page* is served with *new*; then wait for the build's end."""
    done = _builds(log)
    time.sleep(0.5)  # a quiet moment, so the edit is a change of its own
    start = time.perf_counter()
    _edit(path, old, new)
    marker = new.replace("&", "&amp;")
    _wait(lambda: marker in _fetch(port, page), f"{new!r} on {page}")
    seconds = time.perf_counter() - start
    _wait(lambda: _builds(log) > done, "the build to end")
    return seconds


def live_lines(live: dict[str, Any] | None) -> list[str]:
    """The live-preview results as Markdown lines (none when it was not run)."""
    if not live:
        return []
    lines = [
        "",
        f"Live preview (`nox -s docs-live`'s sphinx-autobuild, `bibfolio new` portfolio with "
        f"N={live['n']} entries, paper pages and CV on): seconds from saving to the served page "
        "showing the edit:",
        "",
        "| edit | median s | every round |",
        "|---|---|---|",
    ]
    for what, times in live["samples"].items():
        every = ", ".join(f"{t:.2f}" for t in times)
        lines.append(f"| {what} | {live['medians'][what]:.2f} | {every} |")
    return lines
