"""``nox -s docs-live``: rebuilds on edits to refs.bib, pages or bibfolio; port 8000; stops clean."""

from __future__ import annotations

import http.client
import importlib.util
import logging
import os
import re
import shutil
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from bibfolio.scaffold import new_portfolio

from .helpers import REPO, copy_portfolio

if TYPE_CHECKING:
    from sphinx.testing.util import SphinxTestApp

AUTOBUILD = Path(sys.executable).with_name("sphinx-autobuild")
pytestmark = pytest.mark.skipif(not AUTOBUILD.exists(), reason="sphinx-autobuild is not installed")


def load_noxfile():
    spec = importlib.util.spec_from_file_location("noxfile", REPO / "noxfile.py")
    noxfile = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(noxfile)
    return noxfile


def live_preview_command(source: str, port: int) -> list[str]:
    """What the nox session runs, with this Python."""
    noxfile = load_noxfile()
    return [sys.executable, "-m", noxfile.LIVE_MODULE, *noxfile.live_preview_args(source, port)]


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
        except (OSError, http.client.HTTPException):
            # Not up, or a page read while the build rewrites it (its length changed
            # between the server's stat and its read: IncompleteRead); ask again.
            pass
        time.sleep(0.5)
    raise AssertionError("timed out waiting for sphinx-autobuild")


@pytest.fixture
def touched_extension():
    """A module of the extension, its mtime put back once the server (set up after) stopped.

    Putting it back is an edit too: done while the server still ran, it would start a
    rebuild that the server's stop then waits for (minutes on a loaded machine).
    """
    extension = REPO / "_ext" / "bibfolio" / "__init__.py"
    stat = extension.stat()
    try:
        yield extension
    finally:
        os.utime(extension, ns=(stat.st_atime_ns, stat.st_mtime_ns))


@pytest.fixture
def server(tmp_path):
    # The demo in the template's layout (docs/ with refs.bib one level up): the layout
    # live_preview_args looks up a folder for; bibfolio new's layout is tested below.
    source = copy_portfolio("mingyu-liang", tmp_path).rename(tmp_path / "docs")
    (source / "refs.bib").rename(tmp_path / "refs.bib")
    conf = source / "conf.py"
    conf.write_text(conf.read_text().replace('["refs.bib"]', '["../refs.bib"]'))
    port = free_port()
    log = (tmp_path / "autobuild.log").open("w")
    process = subprocess.Popen(
        live_preview_command(str(source), port),
        stdout=log,
        stderr=subprocess.STDOUT,
        cwd=tmp_path,
        # This checkout's bibfolio first, as nox -s docs-live installs it (editable), so an
        # edit of the extension is an edit of what the preview imported; the suite's own
        # virtualenv has bibfolio installed as users do (not editable).
        env={**os.environ, "PYTHONUNBUFFERED": "1",
             "PYTHONPATH": os.pathsep.join(filter(None, [str(REPO / "_ext"),
                                                         os.environ.get("PYTHONPATH")]))},
    )  # fmt: skip
    try:
        wait_for(lambda: "Mingyu Liang" in fetch(port, "index.html"), timeout=120)
        yield source, port, tmp_path / "autobuild.log"
    finally:
        process.terminate()  # the tests stop it between builds: it exits at once
        try:
            process.wait(timeout=30)
        finally:
            if process.poll() is None:
                process.kill()
            log.close()


def rebuilt_after(log: Path, changed: str) -> bool:
    """Whether sphinx-autobuild logged a change to *changed* and the build it started ended."""
    text = log.read_text()
    detected = list(re.finditer(rf"Detected changes? \([^)]*{re.escape(changed)}", text))
    return bool(detected) and "build succeeded" in text[detected[-1].end() :]


def test_rebuilds_on_bib_page_and_extension_edits(touched_extension, server):
    source, port, log = server
    # A build writes nothing into the watched sources, so nothing starts another build.
    assert sorted(p.name for p in source.iterdir() if p.name != "_build") == sorted(
        p.name
        for p in (REPO / "examples" / "mingyu-liang").iterdir()
        if p.name not in ("_build", "refs.bib")
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
    # The paper's own page is written later in the same build.
    wait_for(
        lambda: "Mystique, Live: Enabling" in fetch(port, "publications/liang2023mystique.html")
    )

    teaching = source / "teaching.md"
    teaching.write_text(teaching.read_text().replace("Fall 2024", "Fall 2024 (edited)"))
    wait_for(lambda: "Fall 2024 (edited)" in fetch(port, "teaching.html"))
    wait_for(lambda: rebuilt_after(log, "teaching.md"))

    # The warm rebuilds serve what a fresh build writes.
    fresh = source.parent / "fresh"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "sphinx",
            "build",
            "-q",
            "-n",
            "-b",
            "html",
            str(source),
            str(fresh),
        ],
        check=True,
        capture_output=True,
    )
    served = source / "_build" / "html"
    pages = sorted(path.relative_to(fresh) for path in fresh.rglob("*.html"))
    assert pages == sorted(path.relative_to(served) for path in served.rglob("*.html"))
    assert [
        page for page in pages if (fresh / page).read_bytes() != (served / page).read_bytes()
    ] == []

    # bibfolio's own code changed: no build may run the code imported before the edit.
    stat = touched_extension.stat()
    os.utime(touched_extension, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000_000))
    wait_for(lambda: rebuilt_after(log, touched_extension.as_posix()))
    assert "Python modules changed since the preview started" in log.read_text()
    shutil.rmtree(source / "_build", ignore_errors=True)


def test_a_forked_build_leaves_this_process_as_it_was(tmp_path, rootdir):
    from bibfolio.live import forked_build  # needs sphinx-autobuild (the skip above)

    before = set(sys.modules)
    code, imported = forked_build(
        ["-q", "-b", "html", str(rootdir / "test-previews"), str(tmp_path)]
    )
    assert code == 0
    assert "Notes on the Analytical Engine" in (tmp_path / "index.html").read_text()
    assert set(sys.modules) == before  # the build ran in the child
    assert imported == []  # only the first build reports its modules
    code, imported = forked_build(
        ["-q", "-b", "nosuchbuilder", "x", str(tmp_path)], report_modules=True
    )
    assert code != 0
    assert "sphinx.application" in imported


def zygote_project(tmp_path: Path, conf: str) -> Path:
    source = tmp_path / "src"
    source.mkdir()
    (source / "conf.py").write_text(f"project = 'Zygote'\n{conf}")
    (source / "index.rst").write_text("Zygote\n======\n\nA page.\n")
    return source


def test_each_build_of_the_zygote_is_a_fresh_copy_of_this_process(tmp_path, monkeypatch):
    from bibfolio.live.fork import Zygote

    (tmp_path / "counting_ext.py").write_text(
        "BUILDS = []\n"
        "def setup(app):\n"
        "    BUILDS.append(app)\n"
        "    def count(app, exception):\n"
        "        (app.outdir / 'builds.txt').write_text(str(len(BUILDS)))\n"
        "    app.connect('build-finished', count)\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "counting_ext", raising=False)
    import counting_ext  # imported ahead, as the server imports what the first build did

    source = zygote_project(tmp_path, "extensions = ['counting_ext']\n")
    zygote = Zygote()
    try:
        for number in range(2):
            out = tmp_path / f"out{number}"
            assert zygote.build(["-q", "-b", "html", str(source), str(out)]) == 0
            assert "A page." in (out / "index.html").read_text()
            assert (out / "builds.txt").read_text() == "1"  # no earlier build's state
        assert zygote.build(["-q", "-b", "nosuchbuilder", str(source), str(tmp_path)]) != 0
    finally:
        zygote.close()
        assert zygote.wait_ended(timeout=60)
    assert counting_ext.BUILDS == []  # none ran here


def test_closing_the_zygote_stops_its_build_and_the_processes_the_build_started(tmp_path):
    from bibfolio.live.fork import Zygote

    started = tmp_path / "started.pid"
    source = zygote_project(
        tmp_path,
        "import subprocess, time\n"
        "def setup(app):\n"
        "    def slow(app):\n"
        "        child = subprocess.Popen(['sleep', '120'])\n"
        f"        open({str(started)!r}, 'w').write(str(child.pid))\n"
        "        time.sleep(120)\n"
        "    app.connect('builder-inited', slow)\n",
    )
    zygote = Zygote()
    codes: list[int] = []
    build = threading.Thread(
        target=lambda: codes.append(
            zygote.build(["-q", "-b", "html", str(source), str(tmp_path / "out")])
        )
    )
    build.start()
    try:
        wait_for(lambda: started.exists() and started.read_text(), timeout=60)
        stopping = time.monotonic()
        zygote.interrupt()  # as the server does when it stops mid-build
        zygote.close()
        assert zygote.wait_ended(timeout=60)
        build.join(timeout=60)
        assert time.monotonic() - stopping < 30  # not the two minutes of the build
    finally:
        zygote.close()
        zygote.wait_ended(timeout=60)
    assert codes and codes[0] != 0
    with pytest.raises(ProcessLookupError):  # the build's own child ended (and was reaped)
        os.kill(int(started.read_text()), 0)


def test_the_default_port_is_fixed_and_overridable():
    noxfile = load_noxfile()
    assert noxfile.live_preview_options([]) == ("docs", 8000)
    assert noxfile.live_preview_options(["examples/liang-luo"]) == ("examples/liang-luo", 8000)
    assert noxfile.live_preview_options(["--port", "8001", "site"]) == ("site", 8001)
    args = noxfile.live_preview_args("docs")
    assert args[args.index("--port") + 1] == "8000"
    assert args[args.index("--host") + 1] == "127.0.0.1"


def nox_docs_live(site: Path, port: int, log: Path) -> subprocess.Popen:
    """``nox -s docs-live -- SITE --port PORT`` from this checkout, in this Python (no venv)."""
    return subprocess.Popen(
        [sys.executable, "-m", "nox", "--no-venv", "--no-install", "-f", str(REPO / "noxfile.py"),
         "-s", "docs-live", "--", str(site), "--port", str(port)],
        stdout=log.open("w"),
        stderr=subprocess.STDOUT,
        # --no-venv runs the python on PATH: the one beside this Python (and its
        # sphinx-autobuild) first.
        env={**os.environ, "PYTHONUNBUFFERED": "1",
             "PATH": os.pathsep.join([str(AUTOBUILD.parent), os.environ.get("PATH", "")])},
    )  # fmt: skip


def children(pid: int) -> list[int]:
    """The processes *pid* started (Linux /proc), and theirs."""
    path = Path(f"/proc/{pid}/task/{pid}/children")
    direct = [int(child) for child in path.read_text().split()] if path.exists() else []
    return direct + [grandchild for child in direct for grandchild in children(child)]


def port_is_free(port: int) -> bool:
    with socket.socket() as sock:
        return sock.connect_ex(("127.0.0.1", port)) != 0


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="needs Linux /proc")
def test_stopping_nox_stops_the_server_and_frees_the_port(tmp_path):
    site = tmp_path / "site"
    new_portfolio(site, "Priya Raman")
    port = free_port()
    log = tmp_path / "nox.log"
    process = nox_docs_live(site, port, log)
    try:
        wait_for(lambda: "Priya Raman" in fetch(port, "index.html"), timeout=120)
        served = children(process.pid)
        assert served, "sphinx-autobuild runs as nox's child"
        text = log.read_text()
        assert f"Serving {site} at http://127.0.0.1:{port}/ (Ctrl+C stops)" in text
        # Nobody asked for these lines (bibfolio/portfolio/quiet.py), not in live builds either.
        assert "MdParserConfig" not in text
        assert "matplotlib is not installed" not in text
        # bibfolio new puts refs.bib inside the folder: edits to it are watched too (its
        # first entry: the publications page, left out while it had none, shows it).
        bib = site / "refs.bib"
        bib.write_text(
            bib.read_text()
            + "@misc{raman2025, author = {Priya Raman}, title = {Edited Entry: One}, year = 2025}\n"
        )
        wait_for(lambda: "Edited Entry: One" in fetch(port, "publications.html"))
        # Stop in the middle of a rebuild: the server, the process that forks the builds
        # and the build (and what it started) all end, none is left to others to reap.
        rebuilds = log.read_text().count("Rebuilding")
        bib.write_text(bib.read_text().replace("Edited Entry:", "Again Entry:"))
        wait_for(lambda: log.read_text().count("Rebuilding") > rebuilds, timeout=30)
        served = children(process.pid)
        process.terminate()  # SIGTERM to nox only, as an IDE's stop button sends
        process.wait(timeout=120)
    finally:
        if process.poll() is None:
            process.kill()
    wait_for(lambda: port_is_free(port), timeout=15)
    time.sleep(0.5)
    alive = [pid for pid in served if Path(f"/proc/{pid}").exists()]
    assert alive == [], f"orphans: {alive}"
    assert "Session docs-live interrupted" in log.read_text()


def test_a_busy_port_is_named(tmp_path):
    site = tmp_path / "site"
    new_portfolio(site, "Priya Raman")
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        log = tmp_path / "nox.log"
        process = nox_docs_live(site, port, log)
        assert process.wait(timeout=60) != 0
    assert f"port {port} is in use; choose another: nox -s docs-live -- --port 8001" in (
        log.read_text()
    )


def test_importing_ahead_is_quiet_and_leaves_the_servers_logging(tmp_path, monkeypatch, capfd):
    from bibfolio.live import import_ahead

    (tmp_path / "noisy_theme_module.py").write_text(
        "import logging\nlogging.basicConfig(level=logging.INFO)\nprint('matplotlib is not installed')\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "noisy_theme_module", raising=False)
    root = logging.getLogger()
    handlers, level = list(root.handlers), root.level
    times = import_ahead(["noisy_theme_module", "no_such_module_anywhere"])
    assert "noisy_theme_module" in sys.modules
    assert str(tmp_path / "noisy_theme_module.py") in times  # watched for edits
    assert (root.handlers, root.level) == (handlers, level)
    assert capfd.readouterr().out == ""


# A copy of its own: in the shared copy an earlier test's PDFs are current, and no child starts.
@pytest.mark.sphinx("html", testroot="cv", srcdir="cv-after-pages", freshenv=True)
def test_a_live_preview_build_writes_the_pages_before_typst_starts(
    app: SphinxTestApp, monkeypatch: pytest.MonkeyPatch
) -> None:
    """bibfolio.live's builds (CvTiming.after_pages): every document first, then the compile."""
    from pypdf import PdfReader

    from bibfolio.cv.timing import CvTiming

    from .test_cv import typst_starts_and_pages

    monkeypatch.setattr(CvTiming, "after_pages", True)
    events = typst_starts_and_pages(app, monkeypatch)
    app.build()
    assert "bibfolio" not in app.warning.getvalue()
    # One Typst child compiles both PDFs (cv/jobs.py).
    assert events.count("typst") == 1, events
    first = events.index("typst")
    documents = {f"page {docname}" for docname in app.env.found_docs}
    assert documents <= set(events[:first]), events
    assert "page cv" in events[first:], events  # the CV page is made while Typst runs
    text = "\n".join(page.extract_text() for page in PdfReader(app.outdir / "cv.pdf").pages)
    assert "Notes on the Analytical Engine" in text
    assert (app.outdir / "cv-short.pdf").is_file()
