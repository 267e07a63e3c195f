"""Benchmark bibfolio against stock sphinxcontrib-bibtex: ``python -m tests.bench.run``.

Seven cases per bibliography size N, each its own Sphinx project (pydata theme, MyST):

(a) stock sphinxcontrib-bibtex, ``{bibliography}`` with ``:all:``, cold;
(b) the same entries as static Markdown, no bibtex extension, cold;
(c) bibfolio ``{publications}`` without paper pages, cold;
(d) (c)'s project rebuilt with nothing changed;
(e) a one-page site without any bibliography rebuilt with nothing changed (Sphinx's floor);
(f) bibfolio with paper pages, cold;
(g) (f)-style project rebuilt after one entry's title changed in refs.bib.

No build may write into a project's source folder (paper pages come from the
environment); a build that does fails the run.

Every build is a separate ``python -m sphinx -b html`` process.  Its wall time is measured
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

# Targets (see README.md).
TARGET_N = 3000
MAX_COLD_RATIO = 0.3  # (c)/(a)
MAX_REBUILD_RATIO = 1.3  # (d)/(e)
MAX_PAPER_PAGES_RATIO = 3.0  # (f)/(c)
MAX_SCALING = 11.0  # (f) at N over (f) at N/10
MAX_RSS_MB = 300.0
MAX_PAPER_PAGE_BYTES = 40_000


@dataclass(frozen=True)
class Case:
    """One benchmark case: which project it builds and how."""

    id: str
    label: str
    project: str  #: folder of the project, per N
    cold: bool  #: delete output and doctrees first
    edit: bool = False  #: change one entry's title first (case g)


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
)
BIBFOLIO_CASES = ("c", "d", "f", "g")  # the RSS target; the CV cases are reported apart


class BenchError(Exception):
    """A build failed or the projects could not be set up."""


@dataclass
class Build:
    """What one sphinx-build process cost and printed."""

    seconds: float
    cpu_seconds: float
    peak_rss_mb: float
    output: str


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
    path = os.pathsep.join(filter(None, (str(target), os.environ.get("PYTHONPATH"))))
    env = {**os.environ, "PYTHONPATH": path, "NO_COLOR": "1"}
    found = subprocess.run(
        [sys.executable, "-c", "import bibfolio; print(bibfolio.__file__)"],
        env=env, capture_output=True, text=True, check=False,
    ).stdout.strip()  # fmt: skip
    if not found.startswith(str(target)):
        raise BenchError(f"builds would not use the snapshot in {target} but {found!r}")
    return env


def sphinx_build(project: Path, log: Path, env: dict[str, str]) -> Build:
    """Run ``python -m sphinx -b html`` on *project* in its own process and measure it."""
    argv = [
        sys.executable, "-m", "sphinx", "-b", "html", "--no-color",
        "-d", str(project / "_build" / "doctrees"),
        str(project), str(project / "_build" / "html"),
    ]  # fmt: skip
    actions = [
        (os.POSIX_SPAWN_OPEN, 1, str(log), os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644),
        (os.POSIX_SPAWN_DUP2, 1, 2),
    ]
    start = time.perf_counter()
    pid = os.posix_spawn(sys.executable, argv, env, file_actions=actions)
    _, status, usage = os.wait4(pid, 0)
    seconds = time.perf_counter() - start
    output = log.read_text(encoding="utf-8", errors="replace").replace("\r", "\n")
    code = os.waitstatus_to_exitcode(status)
    if code != 0:
        tail = "\n".join(output.splitlines()[-15:])
        raise BenchError(f"sphinx-build failed with exit code {code} on {project}:\n{tail}")
    return Build(
        seconds=seconds,
        cpu_seconds=usage.ru_utime + usage.ru_stime,
        peak_rss_mb=usage.ru_maxrss / 1024,  # Linux reports KiB
        output=output,
    )


def clean(project: Path) -> None:
    """Remove everything a build leaves: output and doctrees (all under ``_build``)."""
    shutil.rmtree(project / "_build", ignore_errors=True)


def source_files(project: Path) -> dict[str, int]:
    """The project's source files (not ``_build``) and their mtimes."""
    return {
        str(path.relative_to(project)): path.stat().st_mtime_ns
        for path in sorted(project.rglob("*"))
        if "_build" not in path.relative_to(project).parts
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
    from bibfolio.pages.slugs import paper_slugs

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
    if case.cold:
        clean(project)
    elif not (project / "_build" / "doctrees" / "environment.pickle").exists():
        sphinx_build(project, log.with_suffix(".warmup.log"), env)  # incremental: needs a build
    record: dict[str, Any] = {}
    if case.edit:
        record["edited_key"] = edit_key
        record["edited_title"] = edit_title(project / "refs.bib", edit_key, rep + 1)
        record["expected_read_docs"] = ["index"]
        record["expected_paper_pages"] = [paper_page(project, edit_key)]
    before = source_files(project)
    build = sphinx_build(project, log, env)
    if source_files(project) != before:
        raise BenchError(f"the build changed files in the source folder {project}")
    record |= {
        "seconds": build.seconds,
        "cpu_seconds": build.cpu_seconds,
        "peak_rss_mb": build.peak_rss_mb,
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
        "pydata-sphinx-theme", "bibfolio",
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
    runs: list[dict[str, Any]], top: tuple[str, int], bottom: tuple[str, int]
) -> float | None:
    """Median over repetitions of top's time / bottom's time in the same repetition."""
    below = {run["rep"]: run["seconds"] for run in _records(runs, *bottom)}
    ratios = [
        run["seconds"] / below[run["rep"]] for run in _records(runs, *top) if run["rep"] in below
    ]
    return statistics.median(ratios) if ratios else None


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
            cells[f"{case.id}/{n}"] = {
                "median_s": statistics.median(times),
                "min_s": min(times),
                "max_s": max(times),
                "median_cpu_s": statistics.median(run["cpu_seconds"] for run in records),
                "median_rss_mb": statistics.median(rss),
                "max_rss_mb": max(rss),
            }
    ratios: dict[str, dict[int, float | None]] = {
        "c/a": {},
        "d/e": {},
        "f/c": {},
        "f/f(N/10)": {},
        "h/c": {},
        "i/e": {},
    }
    for n in sizes:
        ratios["h/c"][n] = _ratio(runs, ("h", n), ("c", n))
        ratios["i/e"][n] = _ratio(runs, ("i", n), ("e", n))
        ratios["c/a"][n] = _ratio(runs, ("c", n), ("a", n))
        ratios["d/e"][n] = _ratio(runs, ("d", n), ("e", n))
        ratios["f/c"][n] = _ratio(runs, ("f", n), ("c", n))
        if n % 10 == 0 and n // 10 in sizes:
            ratios["f/f(N/10)"][n] = _ratio(runs, ("f", n), ("f", n // 10))
    pages = {
        n: max(run["largest_paper_page_bytes"] for run in _records(runs, "f", n)) for n in sizes
    }
    return {"cells": cells, "ratios": ratios, "largest_paper_page_bytes": pages}


def _edit_ok(run: dict[str, Any]) -> bool:
    return (
        run["entries_rendered"] == 1
        and sorted(run["read_docs"]) == run["expected_read_docs"]
        and run["paper_pages_written"] == run["expected_paper_pages"]
    )


def targets(
    runs: list[dict[str, Any]], summary: dict[str, Any], sizes: list[int]
) -> list[dict[str, Any]]:
    """Each target with what was measured and PASS, MISS or n/a."""
    ratios = summary["ratios"]
    top = max(sizes)

    def at_target(name: str, key: str, limit: float) -> dict[str, Any]:
        value = ratios[key].get(TARGET_N)
        if value is not None:
            verdict = "PASS" if value <= limit else "MISS"
            return {"target": name, "measured": f"{value:.3f}", "verdict": verdict}
        other = ratios[key].get(top)
        seen = f"{other:.3f} at N={top}" if other is not None else "not measured"
        return {"target": name, "measured": seen, "verdict": f"n/a (N={TARGET_N} not run)"}

    bibfolio_runs = [run for run in runs if run["case"] in BIBFOLIO_CASES]
    peak = max(bibfolio_runs, key=lambda run: run["peak_rss_mb"])
    page = max(summary["largest_paper_page_bytes"].values())
    edits = [run for run in runs if run["case"] == "g"]
    bad = [run for run in edits if not _edit_ok(run)]
    rendered = sorted({run["entries_rendered"] for run in edits}, key=str)
    read = sorted({len(run["read_docs"]) for run in edits})
    return [
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
            "target": f"peak RSS of bibfolio cases (c, d, f, g) ≤ {MAX_RSS_MB:g} MB",
            "measured": f"{peak['peak_rss_mb']:.0f} MB ({peak['case']}, N={peak['n']})",
            "verdict": "PASS" if peak["peak_rss_mb"] <= MAX_RSS_MB else "MISS",
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
            "verdict": "PASS" if edits and not bad else "MISS",
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
        "RSS (MiB, `ru_maxrss` of the sphinx-build process from `os.wait4`).",
        "",
        f"| case | {columns} |",
        rule,
    ]
    cells = summary["cells"]
    for case in CASES:
        row = []
        for n in sizes:
            cell = cells.get(f"{case.id}/{n}")
            row.append(
                "–"
                if cell is None
                else f"{cell['median_s']:.2f} [{cell['min_s']:.2f}–{cell['max_s']:.2f}], "
                f"{cell['median_rss_mb']:.0f} MB"
            )
        lines.append(f"| ({case.id}) {case.label} | " + " | ".join(row) + " |")
    pages = " | ".join(f"{summary['largest_paper_page_bytes'][n] / 1000:.1f} KB" for n in sizes)
    lines.append(f"| (f) largest paper page | {pages} |")
    ratios = summary["ratios"]
    lines += ["", "Ratios (median of per-repetition ratios):", "", f"| ratio | {columns} |", rule]
    names = {
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
    parser.add_argument("--sizes", type=int, nargs="+", default=[30, 300, 3000], metavar="N")
    parser.add_argument("--reps", type=int, default=3, help="repetitions (default 3)")
    parser.add_argument("--seed", type=int, default=42, help="genbib seed (default 42)")
    parser.add_argument("--workdir", type=Path, help="build here and keep it (default: in /tmp)")
    parser.add_argument("--keep", action="store_true", help="keep the temporary folder")
    parser.add_argument("--json", type=Path, default=DEFAULT_JSON, help=f"default {DEFAULT_JSON}")
    args = parser.parse_args(argv)
    if args.reps < 1 or min(args.sizes) < 1:
        parser.error("--reps and every size must be at least 1")
    args.sizes = sorted(set(args.sizes))
    return args


def benchmark(
    root: Path, sizes: list[int], reps: int, seed: int, runs: list[dict[str, Any]]
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
                project = projects[n][case.project]
                record = run_case(case, project, rep, entries[n][n // 2].key, env)
                runs.append({"case": case.id, "n": n, "rep": rep, **record})
                sys.stderr.write(
                    f"rep {rep + 1}/{reps}  N={n:<5} ({case.id}) {record['seconds']:7.2f} s "
                    f"{record['peak_rss_mb']:5.0f} MB  {case.label}\n"
                )
    return facts


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark; print the Markdown report; write the JSON."""
    args = parse_args(argv)
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
    try:
        machine |= benchmark(root, args.sizes, args.reps, args.seed, runs)
    except BenchError as err:
        sys.stderr.write(f"benchmark failed: {err}\n(logs in {root / 'logs'})\n")
        _write_json(args.json, result | {"error": str(err), "runs": runs})  # what was measured
        return 1
    summary = summarize(runs, args.sizes)
    checks = targets(runs, summary, args.sizes)
    sys.stdout.write(
        report(machine, runs, summary=summary, checks=checks, sizes=args.sizes, reps=args.reps)
    )
    _write_json(args.json, result | {"summary": summary, "targets": checks, "runs": runs})
    if args.workdir is None and not args.keep:
        shutil.rmtree(root, ignore_errors=True)
    return 0


def _write_json(path: Path, result: dict[str, Any]) -> None:
    path.write_text(json.dumps(result, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    sys.stderr.write(f"wrote {path}\n")


if __name__ == "__main__":
    sys.exit(main())
