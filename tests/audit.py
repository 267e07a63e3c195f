"""Serve built portfolios on 127.0.0.1 and run Lighthouse (mobile) on their main pages.

``nox -s audit`` builds both portfolios and runs ``python -m tests.audit DOCS_HTML
LIANG_LUO_HTML``; the browser tests reuse :func:`serve`.  Lighthouse comes from the npm
registry (``npx lighthouse@12.2.3``) and drives Debian's chromium; nothing else is
fetched.
"""

from __future__ import annotations

import functools
import gzip
import http.server
import io
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Iterator
    from typing import BinaryIO

LIGHTHOUSE = "lighthouse@12.2.3"
CHROMIUM = Path("/usr/bin/chromium")
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


def audited_pages(root: Path) -> Iterator[tuple[str, str]]:
    """(label, path) of the home and publications pages; one page may be both."""
    if (root / "publications.html").is_file():
        yield "home", "index.html"
        yield "publications", "publications.html"
    else:
        yield "home = publications", "index.html"


def lighthouse(url: str, report: Path) -> dict[str, int]:
    """Run Lighthouse in mobile mode on *url*; returns each category's score (0–100)."""
    npx = shutil.which("npx")
    if npx is None:
        sys.exit("npx not found: install Node.js 20 and npm (apt-get install nodejs npm)")
    subprocess.run(
        [
            npx, "--yes", LIGHTHOUSE, url,
            "--output=json", f"--output-path={report}",
            "--form-factor=mobile",
            f"--only-categories={','.join(CATEGORIES)}",
            f"--chrome-flags={' '.join(CHROMIUM_FLAGS)}",
            "--quiet",
        ],
        check=True,
        env={**os.environ, "CHROME_PATH": str(CHROMIUM)},
    )  # fmt: skip
    categories = json.loads(report.read_text(encoding="utf-8"))["categories"]
    return {name: round(categories[name]["score"] * 100) for name in CATEGORIES}


def main(argv: list[str]) -> int:
    """Audit each built site given on the command line; print a table of scores."""
    if not CHROMIUM.is_file():
        sys.exit(f"{CHROMIUM} not found: install Debian's chromium (apt-get install chromium)")
    rows = []
    with tempfile.TemporaryDirectory() as reports:
        for folder in argv:
            root = Path(folder)
            name = root.parent.parent.name  # <portfolio>/_build/html
            server, base = serve(root, compress=True)
            try:
                for label, path in audited_pages(root):
                    report = Path(reports, f"{name}-{path}.json")
                    rows.append((f"{name} {label}", lighthouse(base + path, report)))
            finally:
                server.shutdown()
                server.server_close()
    width = max(len(page) for page, _ in rows)
    lines = ["", f"{'page':<{width}}  " + "  ".join(f"{c:>14}" for c in CATEGORIES)]
    missed = 0
    for page, scores in rows:
        cells = []
        for category in CATEGORIES:
            ok = scores[category] >= TARGET
            missed += not ok
            cells.append(f"{scores[category]:>9} {'PASS' if ok else 'MISS':>4}")
        lines.append(f"{page:<{width}}  " + "  ".join(cells))
    lines.append(f"target: every score >= {TARGET} (Lighthouse mobile: Moto G, slow 4G)")
    print("\n".join(lines))  # noqa: T201 - the session's output is this table
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
