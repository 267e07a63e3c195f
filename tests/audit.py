"""Serve built portfolios on 127.0.0.1 and run Lighthouse on their main pages.

``nox -s audit`` builds both portfolios and runs ``python -m tests.audit DOCS_HTML
LIANG_LUO_HTML``: Lighthouse's four categories on each site's home, publications, one
paper page and CV, with its mobile and desktop presets, the median of ``--runs`` runs
(performance moves with the machine's load, which the table states), failing below 95.
tests/browser/test_lighthouse.py runs it from the suite; the browser tests reuse
:func:`serve`.  Lighthouse is pinned in ``tests/lighthouse/package-lock.json`` (install
with ``npm ci --prefix tests/lighthouse``; ``.ci/run`` does) and drives Debian's
chromium; the pages are served from this machine, so nothing is fetched.
"""

from __future__ import annotations

import argparse
import functools
import gzip
import http.server
import io
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Iterator, Sequence
    from typing import BinaryIO

#: The npm project that pins Lighthouse; its command once ``npm ci`` has installed it.
LIGHTHOUSE_DIR = Path(__file__).with_name("lighthouse")
LIGHTHOUSE = LIGHTHOUSE_DIR / "node_modules" / ".bin" / "lighthouse"
#: Debian's chromium, which every browser test drives (BIBFOLIO_CHROMIUM names another path;
#: ``nox -s bare`` names none there, as on a machine without it).
CHROMIUM = Path(os.environ.get("BIBFOLIO_CHROMIUM", "/usr/bin/chromium"))
CHROMIUM_FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
)
CATEGORIES = ("performance", "accessibility", "best-practices", "seo")
TARGET = 95
#: Types a web host compresses (Read the Docs serves them gzip- or brotli-encoded).
_COMPRESSIBLE = {".html", ".css", ".js", ".json", ".svg", ".txt", ".xml", ".bib", ".map"}


class _Handler(http.server.SimpleHTTPRequestHandler):
    """Static files, no request log; gzip for text when the server compresses."""

    compress = False

    def log_message(self, format: str, *args: object) -> None:
        pass

    def send_head(self) -> BinaryIO | None:
        path = Path(self.translate_path(self.path))
        accepts_gzip = "gzip" in self.headers.get("Accept-Encoding", "")
        if not (self.compress and accepts_gzip and path.suffix in _COMPRESSIBLE):
            return super().send_head()
        try:
            body = gzip.compress(path.read_bytes(), 6)
        except OSError:  # a folder or a missing file: the base class answers
            return super().send_head()
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Vary", "Accept-Encoding")
        self.end_headers()
        return io.BytesIO(body)


class _CompressingHandler(_Handler):
    compress = True


def serve(root: Path, *, compress: bool = False) -> tuple[http.server.ThreadingHTTPServer, str]:
    """Serve *root* on a free port of 127.0.0.1 from a thread; returns (server, base URL).

    *compress* gzips text responses as the production host does.  Stop the server with
    ``shutdown()`` and ``server_close()``.
    """
    handler = _CompressingHandler if compress else _Handler
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(handler, directory=str(root))
    )
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


PRESETS = ("mobile", "desktop")


def lighthouse_missing() -> str:
    """Why Lighthouse cannot run here ("" when it can)."""
    if not CHROMIUM.is_file():
        return (
            f"{CHROMIUM} not found: Lighthouse drives Debian's chromium (apt-get install chromium)"
        )
    if shutil.which("node") is None:
        return "node not found: Lighthouse runs under node (apt-get install nodejs npm)"
    if not LIGHTHOUSE.is_file():
        return "Lighthouse not installed: run `npm ci --prefix tests/lighthouse` (.ci/run does)"
    pinned = json.loads((LIGHTHOUSE_DIR / "package.json").read_text(encoding="utf-8"))
    wanted = pinned["dependencies"]["lighthouse"]
    installed = LIGHTHOUSE_DIR / "node_modules" / "lighthouse" / "package.json"
    version = json.loads(installed.read_text(encoding="utf-8"))["version"]
    if version != wanted:
        return f"Lighthouse {version} installed, {wanted} pinned: run `npm ci --prefix tests/lighthouse`"
    return ""


_PAPER_LINK = re.compile(r'href="(publications/[^"#]+\.html)"')


def audited_pages(root: Path) -> Iterator[tuple[str, str]]:
    """(label, path) of the home, publications, first paper and CV pages that *root* has.

    The home page is the publications page where there is no ``publications.html``.
    """
    listing = "publications.html" if (root / "publications.html").is_file() else "index.html"
    yield ("home", "index.html") if listing != "index.html" else ("home = publications", listing)
    if listing != "index.html":
        yield "publications", listing
    paper = _PAPER_LINK.search((root / listing).read_text(encoding="utf-8"))
    if paper:
        yield "paper", paper.group(1)
    if (root / "cv.html").is_file():
        yield "cv", "cv.html"


def lighthouse(
    url: str, report: Path, preset: str = "mobile", categories: Sequence[str] = CATEGORIES
) -> dict[str, int]:
    """Run Lighthouse with *preset* ("mobile" or "desktop") on *url*; each category's score."""
    subprocess.run(
        [
            str(LIGHTHOUSE), url,
            "--output=json", f"--output-path={report}",
            *(["--preset=desktop"] if preset == "desktop" else ["--form-factor=mobile"]),
            f"--only-categories={','.join(categories)}",
            f"--chrome-flags={' '.join(CHROMIUM_FLAGS)}",
            "--quiet",
        ],
        check=True,
        env={**os.environ, "CHROME_PATH": str(CHROMIUM)},
    )  # fmt: skip
    result = json.loads(report.read_text(encoding="utf-8"))
    return {name: round(result["categories"][name]["score"] * 100) for name in categories}


def failing_audits(report: Path) -> list[str]:
    """The audits of *report* that cost points, as ``category: id (score)`` lines."""
    result = json.loads(report.read_text(encoding="utf-8"))
    lines = []
    for name in result["categories"]:
        for ref in result["categories"][name]["auditRefs"]:
            audit = result["audits"][ref["id"]]
            if ref["weight"] and audit["score"] is not None and audit["score"] < 1:
                lines.append(f"{name}: {ref['id']} ({audit['score']:.2f})")
    return lines


def audit_site(
    root: Path,
    presets: Sequence[str] = PRESETS,
    runs: int = 3,
    reports: Path | None = None,
    categories: Sequence[str] = CATEGORIES,
) -> list[tuple[str, str, dict[str, int], list[str]]]:
    """Serve *root* (gzip, as a host does) and audit its pages.

    Returns (page label, preset, median score per category, failing audits of the last run).
    """
    rows = []
    with tempfile.TemporaryDirectory() as scratch:
        folder = reports or Path(scratch)
        server, base = serve(root, compress=True)
        try:
            for label, path in audited_pages(root):
                for preset in presets:
                    scores = []
                    for run in range(runs):
                        report = folder / f"{label.split()[0]}-{preset}-{run}.json"
                        scores.append(lighthouse(base + path, report, preset, categories))
                    median = {c: int(statistics.median(s[c] for s in scores)) for c in categories}
                    rows.append((label, preset, median, failing_audits(report)))
        finally:
            server.shutdown()
            server.server_close()
    return rows


def main(argv: list[str]) -> int:
    """Audit each built site given on the command line; print a table of medians."""
    parser = argparse.ArgumentParser(prog="python -m tests.audit", description=main.__doc__)
    parser.add_argument("sites", nargs="+", type=Path, help="built HTML folders")
    parser.add_argument("--runs", type=int, default=3, help="runs per page and preset (median)")
    parser.add_argument("--preset", choices=[*PRESETS, "both"], default="both")
    options = parser.parse_args(argv)
    if reason := lighthouse_missing():
        sys.exit(reason)
    presets = PRESETS if options.preset == "both" else (options.preset,)
    load = os.getloadavg()
    rows = []
    for root in options.sites:
        name = root.parent.parent.name if root.name == "html" else root.name
        for label, preset, scores, failing in audit_site(root, presets, options.runs):
            rows.append((f"{name} {label} ({preset})", scores, failing))
    width = max(len(page) for page, _, _ in rows)
    lines = ["", f"{'page':<{width}}  " + "  ".join(f"{c:>14}" for c in CATEGORIES)]
    missed = 0
    for page, scores, failing in rows:
        cells = []
        for category in CATEGORIES:
            ok = scores[category] >= TARGET
            missed += not ok
            cells.append(f"{scores[category]:>9} {'PASS' if ok else 'MISS':>4}")
        lines.append(f"{page:<{width}}  " + "  ".join(cells))
        if any(scores[c] < TARGET for c in CATEGORIES):
            lines.extend(f"{'':<{width}}    {line}" for line in failing)
    lines.append(
        f"target: every score >= {TARGET}; median of {options.runs} run(s) per page and preset; "
        f"load average at the start {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} "
        f"on {os.cpu_count()} CPUs (Lighthouse's performance score falls with the load)"
    )
    print("\n".join(lines))  # noqa: T201 - the session's output is this table
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
