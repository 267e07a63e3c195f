"""A build killed at any moment leaves nothing that the next build publishes.

``sphinx-build`` is started in a subprocess and SIGKILLed (with its process group) at
seeded random moments of a build; the next build of the same folder must then write
exactly what a fresh build writes: no truncated file, no temporary file, nothing stale.
Two moments per scenario run in the suite; ``BIBFOLIO_KILL_POINTS`` asks for more.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from typing import TYPE_CHECKING

import pytest

from .helpers import REPO, copy_portfolio
from .test_incremental_property import output_files

if TYPE_CHECKING:
    from pathlib import Path

POINTS = int(os.environ.get("BIBFOLIO_KILL_POINTS", "2"))
BASEURL = "-Dhtml_baseurl=https://example.org/"


def command(source: Path, dest: Path) -> list[str]:
    return [
        sys.executable, "-m", "sphinx", "-b", "html", BASEURL,
        str(source), str(dest / "html"), "-d", str(dest / "doctrees"),
    ]  # fmt: skip


def environment() -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(REPO / "_ext")}


def build(source: Path, dest: Path) -> float:
    """Build to the end; returns how long it took."""
    start = time.monotonic()
    subprocess.run(command(source, dest), check=True, capture_output=True, env=environment())
    return time.monotonic() - start


def build_killed(source: Path, dest: Path, after: float) -> bool:
    """Start a build and SIGKILL it (and the processes it started) after *after* seconds.

    Returns whether it was killed (False: it had finished).
    """
    process = subprocess.Popen(
        command(source, dest),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=environment(),
        start_new_session=True,  # its own process group: sphinx-sitemap's Manager too
    )
    try:
        process.wait(timeout=after)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()
        return True
    return False


def edit_title(source: Path) -> None:
    bib = source / "refs.bib"
    bib.write_text(bib.read_text().replace("Ditto:", "Ditto Again:"))
    later = bib.stat().st_mtime + 10
    os.utime(bib, (later, later))


def assert_same_output(dest: Path, fresh: Path) -> None:
    left, right = output_files(dest / "html"), output_files(fresh / "html")
    assert sorted(set(left) ^ set(right)) == []
    assert sorted(name for name in left if left[name] != right[name]) == []
    leftovers = [p.name for p in dest.rglob("*") if p.name.endswith(".bibfolio-tmp")]
    assert leftovers == []


@pytest.mark.parametrize("scenario", ["first-build", "rebuild-after-edit"])
def test_a_killed_build_leaves_nothing_the_next_build_keeps(tmp_path, scenario):
    choose = random.Random(f"issue-23-{scenario}")
    killed = []
    for point in range(POINTS):
        source = copy_portfolio("mingyu-liang", tmp_path / f"src-{point}")
        dest = tmp_path / f"out-{point}"
        share = choose.uniform(0.1, 0.95)
        if scenario == "rebuild-after-edit":
            build(source, dest)
            edit_title(source)
            share /= 2  # an incremental build takes about half as long
        fresh = tmp_path / f"fresh-{point}"
        duration = build(source, fresh)
        killed.append(build_killed(source, dest, share * duration))
        build(source, dest)
        assert_same_output(dest, fresh)
    assert any(killed), "every build finished before its moment: nothing was tested"


def test_a_build_killed_after_writing_paper_pages_loses_none_from_the_sitemap(tmp_path):
    """Killed between writing the paper pages and ``build-finished``, at a first build.

    What such a build leaves, made without a race: every page written, the paper pages'
    record saved, the writing mark still there and no record of the sitemap's links.
    The next build used to keep the paper pages as they were and so never record them:
    its sitemap.xml had none (CI, stop 34).
    """
    source = copy_portfolio("mingyu-liang", tmp_path / "src")
    dest, fresh = tmp_path / "out", tmp_path / "fresh"
    build(source, fresh)
    build(source, dest)
    (dest / "doctrees" / "bibfolio-sitemap-html.pickle").unlink()
    (dest / "doctrees" / "bibfolio-writing").touch()
    build(source, dest)
    assert "/publications/" in (fresh / "html" / "sitemap.xml").read_text()
    assert_same_output(dest, fresh)
