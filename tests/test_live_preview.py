"""``nox -s docs-live``: sphinx-autobuild rebuilds on edits to refs.bib, a page or bibfolio."""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from .helpers import REPO, copy_portfolio

AUTOBUILD = Path(sys.executable).with_name("sphinx-autobuild")
pytestmark = pytest.mark.skipif(not AUTOBUILD.exists(), reason="sphinx-autobuild is not installed")


def live_preview_args(source: str, port: int) -> list[str]:
    spec = importlib.util.spec_from_file_location("noxfile", REPO / "noxfile.py")
    noxfile = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(noxfile)  # the arguments the nox session uses
    return noxfile.live_preview_args(source, port)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def fetch(port: int, page: str) -> str:
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/{page}", timeout=5) as response:
        return response.read().decode()


def wait_for(condition, timeout: float = 90) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            if condition():
                return
        except OSError:
            pass
        time.sleep(0.5)
    raise AssertionError("timed out waiting for sphinx-autobuild")


@pytest.fixture
def server(tmp_path):
    source = copy_portfolio("docs", tmp_path)
    port = free_port()
    log = (tmp_path / "autobuild.log").open("w")
    process = subprocess.Popen(
        [str(AUTOBUILD), *live_preview_args(str(source), port)],
        stdout=log,
        stderr=subprocess.STDOUT,
        cwd=tmp_path,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    try:
        wait_for(lambda: "Mingyu Liang" in fetch(port, "index.html"), timeout=120)
        yield source, port, tmp_path / "autobuild.log"
    finally:
        process.terminate()
        process.wait(timeout=30)
        log.close()


def builds(log: Path) -> int:
    return log.read_text().count("build succeeded")


def test_rebuilds_on_bib_page_and_extension_edits(server):
    source, port, log = server
    # A build writes nothing into the watched sources, so nothing starts another build.
    assert sorted(p.name for p in source.iterdir() if p.name != "_build") == sorted(
        p.name for p in (REPO / "docs").iterdir() if p.name != "_build"
    )
    seen = len(log.read_text())
    time.sleep(3)
    # Only edits to the extension (others' work in a shared checkout) may show up here.
    detected = re.findall(r"Detected changes? \(([^)]*)\)", log.read_text()[seen:])
    changed = [path for paths in detected for path in paths.split(", ")]
    assert [path for path in changed if not path.startswith(str(REPO))] == []
    bib = source.parent / "refs.bib"
    bib.write_text(bib.read_text().replace("Mystique: Enabling", "Mystique, Live: Enabling"))
    wait_for(lambda: "Mystique, Live: Enabling" in fetch(port, "publications.html"))
    assert "Mystique, Live: Enabling" in fetch(port, "publications/liang2023mystique.html")

    teaching = source / "teaching.md"
    teaching.write_text(teaching.read_text().replace("Fall 2024", "Fall 2024 (edited)"))
    wait_for(lambda: "Fall 2024 (edited)" in fetch(port, "teaching.html"))

    before = builds(log)
    extension = REPO / "_ext" / "bibfolio" / "render.py"
    stat = extension.stat()
    os.utime(extension, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000_000))
    try:
        wait_for(lambda: builds(log) > before)
    finally:
        os.utime(extension, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    shutil.rmtree(source / "_build", ignore_errors=True)
