"""``sphinx-build -b linkcheck`` sees and checks every link of every entry."""

from __future__ import annotations

import json
import shutil
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import TYPE_CHECKING

import pytest

from bibfolio.model.assemble import build_publications
from bibfolio.model.publication import Settings
from bibfolio.reading.bibtex import read_bib_files

from .helpers import build_project, copy_portfolio

if TYPE_CHECKING:
    from collections.abc import Iterator
    from pathlib import Path


class _Handler(BaseHTTPRequestHandler):
    """``/alive`` answers 200; everything else 404."""

    def _answer(self, body: bool) -> None:
        status = 200 if self.path == "/alive" else 404
        self.send_response(status)
        self.send_header("Content-Type", "text/plain")
        self.send_header("Content-Length", "2")
        self.end_headers()
        if body:
            self.wfile.write(b"ok")

    def do_HEAD(self) -> None:
        self._answer(body=False)

    def do_GET(self) -> None:
        self._answer(body=True)

    def log_message(self, *args: object) -> None:  # keep pytest's output clean
        pass


@pytest.fixture
def local_server() -> Iterator[int]:
    """An HTTP server on 127.0.0.1 (a free port), for the duration of one test."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server.server_address[1]
    finally:
        server.shutdown()
        server.server_close()


def _results(outdir: Path) -> dict[str, dict[str, object]]:
    lines = (outdir / "output.json").read_text(encoding="utf-8").splitlines()
    return {row["uri"]: row for row in map(json.loads, lines)}


def test_linkcheck_checks_each_entry_link(tmp_path: Path, rootdir: Path, local_server: int):
    source = tmp_path / "src"
    shutil.copytree(rootdir / "test-linkcheck", source)
    bib = source / "refs.bib"
    bib.write_text(bib.read_text().replace("PORT", str(local_server)))

    built = build_project(source, tmp_path / "_build", "linkcheck")

    alive = f"http://127.0.0.1:{local_server}/alive"
    dead = f"http://127.0.0.1:{local_server}/dead"
    results = _results(built.outdir)
    assert results[alive]["status"] == "working"
    assert results[dead]["status"] == "broken"
    assert "404" in str(results[dead]["info"])
    # The local PDF is checked where it lies, relative to the page's source.
    assert results["papers/alive.pdf"]["status"] == "working"
    assert {results[uri]["filename"] for uri in (alive, dead, "papers/alive.pdf")} == {"index.md"}
    # The dead link is in output.txt, located at the list, as any other broken link.
    report = (built.outdir / "output.txt").read_text(encoding="utf-8")
    assert f"index.md:3: [broken] {dead}: 404" in report


def _entry_urls(bib: Path) -> set[str]:
    """Every web link of every entry of *bib*, as bibfolio's model makes them."""
    entries, _ = read_bib_files([(str(bib), bib.read_bytes())])
    publications, _ = build_publications(entries, Settings())
    return {link.url for p in publications.values() for link in p.links if link.url}


@pytest.mark.portfolio
@pytest.mark.parametrize(
    ("portfolio", "bib", "at_least"),
    [("mingyu-liang", "refs.bib", 10), ("liang-luo", "refs.bib", 50)],
)
def test_linkcheck_sees_every_link_of_a_portfolio(
    tmp_path: Path, portfolio: str, bib: str, at_least: int
):
    """linkcheck collects each entry link; ``linkcheck_ignore`` keeps the test offline."""
    source = copy_portfolio(portfolio, tmp_path)
    built = build_project(
        source,
        tmp_path / "_build",
        "linkcheck",
        overrides={"linkcheck_ignore": [r"https?://.*", r"mailto:.*"]},
    )
    seen = _results(built.outdir)
    expected = _entry_urls(source / bib)
    assert len(expected) >= at_least
    missing = sorted(expected - set(seen))
    assert not missing, f"linkcheck did not see {missing}"
    assert all(seen[url]["status"] == "ignored" for url in expected)
