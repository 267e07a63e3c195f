"""Test helpers: building projects, reading warnings and pages."""

from __future__ import annotations

import os
import re
import shutil
import struct
import sys
from io import StringIO
from pathlib import Path
from typing import TYPE_CHECKING

from bs4 import BeautifulSoup
from sphinx.config import Config, eval_config_file
from sphinx.testing.util import SphinxTestApp
from sphinx.util.tags import Tags

if TYPE_CHECKING:
    from sphinx.application import Sphinx

REPO = Path(__file__).resolve().parent.parent
#: Where Read the Docs would serve the portfolios in the tests.
CANONICAL = "https://example.org/"
ON_READTHEDOCS = {"READTHEDOCS_CANONICAL_URL": CANONICAL}
_ANSI = re.compile(r"\x1b\[[0-9;]*m")


def warnings_of(app: Sphinx) -> str:
    """The warning stream of *app*, without colour codes."""
    return _ANSI.sub("", app.warning.getvalue())  # type: ignore[attr-defined]


def page(app: Sphinx, name: str = "index") -> BeautifulSoup:
    """Parse an HTML page of *app*'s output."""
    return BeautifulSoup(
        (Path(app.outdir) / f"{name}.html").read_text(encoding="utf-8"), "html.parser"
    )


def heading_text(heading) -> str:
    """A heading's text without its permalink ("#" or "¶")."""
    return (
        "".join(heading.find_all(string=True, recursive=False)).strip()
        or "".join(part for part in heading.strings if part not in ("#", "¶")).strip()
    )


class Built:
    """A finished build of a real portfolio, with its warnings and output folder."""

    def __init__(self, srcdir: Path, outdir: Path, warnings: str, builder: str) -> None:
        self.srcdir = srcdir
        self.outdir = outdir
        self.warnings = warnings
        self.builder = builder
        self.statuscode = 0  #: What sphinx-build would exit with.
        self.status = ""  #: What the build printed besides warnings (its information).

    def page(self, name: str) -> BeautifulSoup:
        """Parse ``<name>.html``."""
        return BeautifulSoup(
            (self.outdir / f"{name}.html").read_text(encoding="utf-8"), "html.parser"
        )

    def text(self, name: str) -> str:
        """Visible text of the main article of a page, whitespace collapsed."""
        article = self.page(name).find("article")
        for permalink in article.select("a.headerlink"):
            permalink.decompose()
        return " ".join(article.get_text(" ").split())


def _forget_earlier_builds() -> None:
    """Undo what earlier builds in this process left in state that outlives their app.

    ``sphinx-build`` (and bibfolio's live preview, testing.build_site) runs one build a
    process; these tests run many, and two libraries keep a build's state process-wide:

    - Sphinx's default ``source_suffix`` is one dict shared by every ``Config``, and each
      build adds its extensions' suffixes to it (``merge_source_suffix``, Sphinx 8.2 to
      9.0.4): after a build with MyST-Parser a later one starts with ``".md":
      "markdown"`` and, reading Markdown with MyST-NB, fails ("Source parser for markdown
      not registered").
    - ABlog's ``Blog`` keeps its configuration and posts in a class attribute (``_dict``,
      0.11.13) filled by the first build: later builds list that build's posts.
    """
    default = Config.config_values["source_suffix"].default
    default.clear()
    default[".rst"] = "restructuredtext"
    ablog_blog = sys.modules.get("ablog.blog")
    if ablog_blog is not None:
        ablog_blog.Blog._dict.clear()


def build_project(
    source: Path,
    dest: Path,
    builder: str = "html",
    *,
    overrides: dict[str, object] | None = None,
    parallel: int = 0,
    fresh: bool = True,
    environ: dict[str, str] | None = None,
    warning_is_error: bool = False,
    verbosity: int = 0,
) -> Built:
    """Build the Sphinx project in *source* into ``dest/<builder>`` with ``-n``.

    *environ* is set while conf.py runs (e.g. ``READTHEDOCS_CANONICAL_URL``).  Uses
    sphinx.testing's app, which undoes its global registrations afterwards, so several
    builds can run in one process.
    """
    _forget_earlier_builds()
    warnings, status = StringIO(), StringIO()
    saved = {name: os.environ.get(name) for name in environ or {}}
    os.environ.update(environ or {})
    try:
        app = SphinxTestApp(
            buildername=builder,
            srcdir=source,
            builddir=dest,
            confoverrides={"nitpicky": True, **(overrides or {})},
            status=status,
            warning=warnings,
            freshenv=fresh,
            parallel=parallel,
            warningiserror=warning_is_error,
            verbosity=verbosity,
        )
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value
    try:
        app.build(force_all=fresh)
    finally:
        app.cleanup()
    built = Built(source, Path(app.outdir), _ANSI.sub("", warnings.getvalue()), builder)
    built.statuscode = app.statuscode
    built.status = _ANSI.sub("", status.getvalue())
    return built


#: The demo portfolios, each a folder of ``examples/`` with its own refs.bib, by owner.
#: Their tests assert the owners' facts; a fork's ``docs/`` never changes them.
DEMOS = {"mingyu-liang": "Mingyu Liang", "liang-luo": "Liang Luo"}
#: The checkout's own portfolio: the demo Mingyu Liang in the template, the owner's in a fork.
DOCS = REPO / "docs"
_COPY_IGNORE = shutil.ignore_patterns("_build", "*.bibfolio", ".gitignore")


def copy_portfolio(name: str, target: Path) -> Path:
    """Copy the demo portfolio ``examples/<name>`` (see :data:`DEMOS`) to ``target/<name>``.

    Returns the copy's source folder; generated paper stubs and builds stay out of it.
    """
    if name not in DEMOS:
        raise ValueError(f"{name!r} is not a demo portfolio: {sorted(DEMOS)}")
    shutil.copytree(REPO / "examples" / name, target / name, ignore=_COPY_IGNORE)
    return target / name


def portfolio_conf(source: Path) -> dict[str, object]:
    """The settings *source*/conf.py makes, as Sphinx reads them."""
    return eval_config_file(source.resolve() / "conf.py", Tags())


def bib_files(source: Path) -> list[Path]:
    """The .bib files a portfolio reads (its ``bibtex_bibfiles``), wherever they are."""
    return [
        (source / name).resolve()
        for name in portfolio_conf(source)["bibtex_bibfiles"]  # type: ignore[union-attr]
    ]


def corpus_bib_files() -> list[Path]:
    """Both portfolios' .bib files (``docs/``'s wherever its conf.py keeps them: a fork made
    with ``bibfolio new`` has docs/refs.bib) and two public corpora."""
    return [
        *bib_files(REPO / "docs"),
        REPO / "examples" / "liang-luo" / "refs.bib",
        REPO / "tests" / "corpus" / "biblatex-examples.bib",
        REPO / "tests" / "corpus" / "xampl.bib",
    ]


def corpus_app(tmp_path: Path, language: str, conf: str, generated: str) -> SphinxTestApp:
    """A one-list project of :func:`corpus_bib_files` plus *generated* entries, in *language*.

    *conf* is added to its conf.py; the app is not built yet.
    """
    source = tmp_path / "src"
    source.mkdir()
    bib = "\n".join(path.read_text(encoding="utf-8") for path in corpus_bib_files())
    (source / "refs.bib").write_text(bib + "\n" + generated, encoding="utf-8")
    (source / "conf.py").write_text(
        'extensions = ["myst_parser", "sphinxcontrib.bibtex", "bibfolio"]\n'
        'bibtex_bibfiles = ["refs.bib"]\n'
        'bibfolio_owner = ["Liang Luo", "Mingyu Liang"]\n'
        f"{conf}language = {language!r}\n"
    )
    (source / "index.md").write_text("# Publications\n\n```{publications}\n```\n")
    return SphinxTestApp(
        "html", srcdir=source, builddir=tmp_path / "out", status=StringIO(), warning=StringIO()
    )


def copy_docs(target: Path) -> Path:
    """Copy ``docs/`` and the .bib files its conf.py names to ``target/docs``.

    Either layout works: the template's ``../refs.bib`` next to ``docs/``, or the
    ``docs/refs.bib`` that ``bibfolio new`` writes.  Returns the copy's source folder.
    """
    shutil.copytree(DOCS, target / "docs", ignore=_COPY_IGNORE)
    for bib in bib_files(DOCS):
        copy = target / "docs" / os.path.relpath(bib, DOCS)
        copy.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(bib, copy)
    return target / "docs"


class FakeTime:
    """An injected clock and sleep: the HTTP client's rate limiter and backoff run, nothing waits."""

    def __init__(self) -> None:
        self.now = 1000.0
        self.sleeps: list[float] = []

    def clock(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.sleeps.append(round(seconds, 3))
        self.now += seconds


def send_answer(handler: object, status: int, headers: dict[str, str], body: bytes) -> None:
    """Write a loopback test server's answer; a client that already timed out is fine."""
    try:
        handler.send_response(status)  # type: ignore[attr-defined]
        for name, value in headers.items():
            handler.send_header(name, value)  # type: ignore[attr-defined]
        handler.send_header("Content-Length", str(len(body)))  # type: ignore[attr-defined]
        handler.end_headers()  # type: ignore[attr-defined]
        handler.wfile.write(body)  # type: ignore[attr-defined]
    except (BrokenPipeError, ConnectionResetError):
        pass  # the client timed out first


def phone_jpeg(width: int, height: int, *, orientation: int = 1) -> bytes:
    """A JPEG laid out as phones and cameras write one, its size 68 KB into the file.

    SOI, a 60 KB EXIF segment (APP1) whose orientation tag is *orientation*, an 8 KB
    ICC profile (APP2), then the frame header (SOF0) with *width* and *height* as stored.
    """
    ifd = struct.pack(">HHHIHH", 1, 0x0112, 3, 1, orientation, 0) + struct.pack(">I", 0)
    exif = b"Exif\x00\x00MM\x00\x2a\x00\x00\x00\x08" + ifd
    icc = b"ICC_PROFILE\x00\x01\x01"

    def segment(marker: int, payload: bytes, size: int) -> bytes:
        payload = payload.ljust(size - 2, b"\x00")
        return bytes([0xFF, marker]) + struct.pack(">H", size) + payload

    frame = struct.pack(">BHHB", 8, height, width, 3) + b"\x01\x22\x00\x02\x11\x01\x03\x11\x01"
    return (
        b"\xff\xd8"
        + segment(0xE1, exif, 60 * 1024)
        + segment(0xE2, icc, 8 * 1024)
        + segment(0xC0, frame, 17)
        + b"\xff\xd9"
    )
