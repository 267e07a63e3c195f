"""``bibfolio import`` shows its progress on a terminal: what it fetches, i/N, its waits.

Against the loopback server of ``test_import.py``: in-process with the fake clock and a
stream that says it is a terminal, and once as users run it, the command in a subprocess
whose stderr is a pseudo-terminal (real waits: the DOI service's one request a second).
Where stderr is not a terminal, nothing is written to it.
"""

from __future__ import annotations

import fcntl
import io
import os
import pty
import re
import select
import struct
import subprocess
import sys
import termios
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from bibfolio.__main__ import main
from bibfolio.importer.http import Client
from bibfolio.importer.progress import Progress

from .test_import import ORCID, server  # noqa: F401 - the loopback server fixture

if TYPE_CHECKING:
    from .helpers import FakeTime

_REDRAW = re.compile(r"\r([^\r\n]*?)\x1b\[K")


class _Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


def _frames(written: str) -> list[str]:
    """Each state of the bar's line, in order."""
    return _REDRAW.findall(written)


@pytest.fixture
def client(fake_time: FakeTime, monkeypatch: pytest.MonkeyPatch) -> None:
    """The fake-time client, and a terminal 200 columns wide (the bar takes COLUMNS)."""
    monkeypatch.setenv("COLUMNS", "200")

    def factory(**kwargs: object) -> Client:
        return Client(clock=fake_time.clock, sleep=fake_time.sleep, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr("bibfolio.importer.command.Client", factory)


@pytest.mark.usefixtures("server")
def test_an_orcid_import_counts_its_works_and_shows_each_fetch(
    client, monkeypatch, capsys, tmp_path: Path
) -> None:
    stderr = _Tty()
    monkeypatch.setattr(sys, "stderr", stderr)
    status = main(["import", ORCID, "--bib", str(tmp_path / "refs.bib")])
    out = capsys.readouterr().out
    assert status == 0, out
    frames = _frames(stderr.getvalue())
    # The record is one fetch; its five works (two of them without an id) five more.
    assert frames[0].endswith(f"] 0/1 {ORCID}")
    assert f"] 0/6 orcid:{ORCID} work 1: doi:10.5555/pub.2024.1" in "\n".join(frames)
    assert any(f.endswith(f"] 1/6 orcid:{ORCID} work 2: arXiv:2401.00001") for f in frames)
    # A work without an id is no fetch, but counted and named.
    assert frames[-1] == f'[{"#" * 30}] 6/6 orcid:{ORCID} work 5: "A Chapter in Someone\'s Book"'
    # The client's own pacing: the second DOI waits for doi.org's one request a second.
    assert (
        f"[{'#' * 10}{' ' * 20}] 2/6 orcid:{ORCID} work 3: doi:10.5555/jrn.2022.7 "
        "(waiting 1.0 s: doi allows one request every 1 s)"
    ) in frames
    assert stderr.getvalue().endswith("\n")  # the line ends before the report
    assert "2 added, 1 updated, 0 unchanged, 0 skipped, 0 failed" in out


@pytest.mark.usefixtures("server")
def test_a_retry_after_wait_is_shown(client, monkeypatch, capsys, tmp_path) -> None:
    stderr = _Tty()
    monkeypatch.setattr(sys, "stderr", stderr)
    assert main(["import", "10.5555/flaky", "--bib", str(tmp_path / "refs.bib")]) == 0
    frames = _frames(stderr.getvalue())
    assert "0/1 10.5555/flaky (waiting 7.0 s: doi asks to wait (429, Retry-After))" in frames[1]
    assert frames[2].endswith("0/1 10.5555/flaky")  # the wait is over
    assert frames[-1].endswith("1/1 10.5555/flaky")


@pytest.mark.usefixtures("server")
def test_nothing_on_stderr_when_it_is_not_a_terminal(client, capsys, tmp_path) -> None:
    assert main(["import", ORCID, "--bib", str(tmp_path / "refs.bib")]) == 0
    captured = capsys.readouterr()
    assert captured.err == ""
    assert "2 added, 1 updated" in captured.out


def test_the_bar_fits_the_terminal_and_grows(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("COLUMNS", raising=False)  # a StringIO has no size: 80 columns
    stream = _Tty()
    bar = Progress(1, stream, noun="")
    bar.show("doi:10.5555/" + "x" * 200)
    bar.add(4)
    bar.advance()
    bar.wait(2.5, "doi asks to wait")
    bar.wait(0, "")
    bar.close()
    frames = _frames(stream.getvalue())
    assert all(len(frame) == 79 for frame in frames)  # never wrapped
    assert [frame[32:38] for frame in frames] == [" 0/1 d", " 0/5 d", " 1/5 d", " 1/5 d", " 1/5 d"]
    # The DOI gives way to the wait, which stays whole.
    assert frames[3].endswith("] 1/5 doi:10.… (waiting 2.5 s: doi asks to wait)")
    assert frames[4].endswith("xxxxx…")
    assert stream.getvalue().endswith("\x1b[K\n")
    quiet = Progress(3, io.StringIO())
    quiet.show("x")
    quiet.advance()
    quiet.close()
    assert quiet.stream.getvalue() == ""


@pytest.mark.usefixtures("server")
def test_in_a_terminal_as_users_run_it(tmp_path: Path) -> None:
    """The command in a subprocess, its stderr a pseudo-terminal: real client, real waits."""
    primary, secondary = pty.openpty()
    # 24 rows of 160 columns: the bar reads the width from its own stream, stderr.
    fcntl.ioctl(secondary, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 160, 0, 0))
    bib = tmp_path / "refs.bib"
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).parents[1] / "_ext")}
    env.pop("COLUMNS", None)
    process = subprocess.Popen(
        [sys.executable, "-m", "bibfolio", "import", ORCID, "--bib", str(bib)],
        stdout=subprocess.PIPE, stderr=secondary, env=env,
    )  # fmt: skip
    os.close(secondary)
    written = b""
    while True:
        ready, _, _ = select.select([primary], [], [], 30)
        if not ready:
            break
        try:
            chunk = os.read(primary, 4096)
        except OSError:  # the child closed its end
            break
        if not chunk:
            break
        written += chunk
    out = process.communicate(timeout=60)[0].decode()
    os.close(primary)
    assert process.returncode == 0, out
    frames = _frames(written.decode())
    assert frames[-1] == f'[{"#" * 30}] 6/6 orcid:{ORCID} work 5: "A Chapter in Someone\'s Book"'
    waits = [f for f in frames if f.endswith(" s: doi allows one request every 1 s)")]
    assert len(waits) == 1
    assert re.search(r"work 3: doi:10\.5555/jrn\.2022\.7 \(waiting [01]\.\d s", waits[0])
    assert "\x1b[K" not in out and "2 added, 1 updated" in out
