"""Run sphinxcontrib-bibtex's own test suite without and with bibfolio; fail on regressions.

``python -m tests.upstream.run`` (what ``nox -s upstream`` runs):

1. downloads the sdist of the installed sphinxcontrib-bibtex from PyPI once (``pip
   download --no-binary :all:``) into a cache folder (its tests import the installed
   package, so they must be the same release);
2. unpacks it twice into a temporary folder; in the second copy every test project's
   ``conf.py`` that sets ``extensions`` gets ``"bibfolio"`` appended to it;
3. runs the suite in each copy (``pytest``, its own ``pytest.ini``), reads both JUnit
   reports, prints both results and every test that passes without bibfolio and does not
   pass with it, and exits 1 if there is any.

Nothing is written into this repository: the sdist is cached outside it and the copies
live in a temporary folder that is removed afterwards (``--keep`` keeps it).
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from importlib.metadata import version
from pathlib import Path

#: The sphinxcontrib-bibtex release whose tests are run: the installed one (the tests
#: import it), within pyproject.toml's pin (>=2.7,<2.8; 2.7.0 when this was written).
UPSTREAM_VERSION = version("sphinxcontrib-bibtex")
#: Appended to the conf.py of each test project that loads sphinxcontrib-bibtex in the
#: "with bibfolio" copy.  The others are not projects bibfolio can join: two set no
#: ``extensions`` (plain docutils citations: no ``bibtex_bibfiles``, which
#: sphinxcontrib-bibtex requires), and the natbib ones load ``test.natbib``, which
#: registers its own ``cite`` domain and so cannot be combined with sphinxcontrib-bibtex
#: (bibfolio's base) at all.
CONF_SUFFIX = (
    '\n\n# Added by bibfolio/tests/upstream/run.py\nextensions = [*extensions, "bibfolio"]\n'
)


@dataclass(frozen=True)
class Outcome:
    """One test's result in one run."""

    status: str  #: passed, failed, error or skipped
    message: str  #: first line of the failure or skip reason ("" when passed)


def default_cache() -> Path:
    """Where the sdist is kept between runs (outside the repository)."""
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "bibfolio-upstream"


def fetch_sdist(cache: Path) -> Path:
    """The cached sdist of :data:`UPSTREAM_VERSION`, downloaded on first use."""
    name = f"sphinxcontrib_bibtex-{UPSTREAM_VERSION}.tar.gz"
    target = cache / name
    if not target.exists():
        cache.mkdir(parents=True, exist_ok=True)
        subprocess.run(
            [
                sys.executable, "-m", "pip", "download", "--no-binary", ":all:", "--no-deps",
                f"sphinxcontrib-bibtex=={UPSTREAM_VERSION}", "--dest", str(cache),
            ],
            check=True,
        )  # fmt: skip
    return target


def unpack(sdist: Path, into: Path) -> Path:
    """Unpack *sdist* into *into*; returns the project folder (holding ``test/``)."""
    with tarfile.open(sdist) as archive:
        archive.extractall(into, filter="data")
    return into / f"sphinxcontrib_bibtex-{UPSTREAM_VERSION}"


def add_bibfolio(project: Path) -> tuple[list[str], list[str]]:
    """Append ``"bibfolio"`` to the extensions of every sphinxcontrib-bibtex test root.

    Returns the roots changed and the roots left alone.
    """
    changed, skipped = [], []
    for conf in sorted((project / "test" / "roots").glob("*/conf.py")):
        text = conf.read_text(encoding="utf-8")
        if "sphinxcontrib.bibtex" not in text:
            skipped.append(conf.parent.name)
            continue
        conf.write_text(text + CONF_SUFFIX, encoding="utf-8")
        changed.append(conf.parent.name)
    return changed, skipped


def run_suite(project: Path, report: Path, pytest_args: list[str]) -> None:
    """Run the project's tests with its own pytest.ini, writing a JUnit report."""
    subprocess.run(
        [
            sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
            f"--basetemp={project / '.pytest-tmp'}", f"--junitxml={report}", *pytest_args,
        ],
        cwd=project,
        check=False,  # failures are read from the report
    )  # fmt: skip


def read_report(report: Path) -> dict[str, Outcome]:
    """Test id (``file::name``) → outcome, from a JUnit XML report."""
    outcomes = {}
    for case in ET.parse(report).getroot().iter("testcase"):
        test_id = f"{case.get('classname', '')}::{case.get('name', '')}"
        status, message = "passed", ""
        for child in case:
            if child.tag in {"failure", "error", "skipped"}:
                status = {"failure": "failed"}.get(child.tag, child.tag)
                text = child.get("message") or child.text or ""
                message = text.strip().splitlines()[0] if text.strip() else ""
                break
        outcomes[test_id] = Outcome(status, message)
    return outcomes


def counts(outcomes: dict[str, Outcome]) -> str:
    """``125 passed, 2 skipped`` style summary."""
    tally: dict[str, int] = {}
    for outcome in outcomes.values():
        tally[outcome.status] = tally.get(outcome.status, 0) + 1
    order = ("passed", "failed", "error", "skipped")
    return ", ".join(f"{tally[s]} {s}" for s in order if s in tally) or "no tests"


def compare(plain: dict[str, Outcome], with_bibfolio: dict[str, Outcome]) -> list[str]:
    """Tests that pass without bibfolio and do not pass (or do not run) with it."""
    return sorted(
        test_id
        for test_id, outcome in plain.items()
        if outcome.status == "passed"
        and with_bibfolio.get(test_id, Outcome("missing", "")).status != "passed"
    )


def main(argv: list[str] | None = None) -> int:
    """Run both suites and print the comparison; 1 if bibfolio breaks a passing test."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cache", type=Path, default=default_cache(), help="sdist cache")
    parser.add_argument("--keep", action="store_true", help="keep the temporary folder")
    # Anything else goes to pytest, e.g. ``-k bibfiles``.
    args, pytest_args = parser.parse_known_args(argv)

    sdist = fetch_sdist(args.cache)
    work = Path(tempfile.mkdtemp(prefix="bibfolio-upstream-"))
    results = {}
    for label in ("without bibfolio", "with bibfolio"):
        project = unpack(sdist, work / label.replace(" ", "-"))
        if label == "with bibfolio":
            changed, skipped = add_bibfolio(project)
            print(  # noqa: T201
                f"bibfolio appended to the extensions of {len(changed)} test roots; "
                f"left alone (no sphinxcontrib.bibtex): {', '.join(skipped)}"
            )
        report = work / f"{label.replace(' ', '-')}.xml"
        print(f"\n=== sphinxcontrib-bibtex {UPSTREAM_VERSION} tests, {label} ===", flush=True)  # noqa: T201
        run_suite(project, report, pytest_args)
        results[label] = read_report(report)

    plain, with_bibfolio = results["without bibfolio"], results["with bibfolio"]
    broken = compare(plain, with_bibfolio)
    fixed = compare(with_bibfolio, plain)
    lines = [
        "",
        f"sphinxcontrib-bibtex {UPSTREAM_VERSION} test suite",
        f"  without bibfolio: {counts(plain)}",
        f"  with bibfolio:    {counts(with_bibfolio)}",
        f"  pass with bibfolio only: {len(fixed)}",
        *(f"    {test_id}" for test_id in fixed),
        f"  pass without bibfolio but not with it: {len(broken)}",
    ]
    for test_id in broken:
        outcome = with_bibfolio.get(test_id, Outcome("missing", ""))
        lines.append(f"    {test_id}: {outcome.status}: {outcome.message[:200]}")
    print("\n".join(lines))  # noqa: T201
    if args.keep:
        print(f"kept {work}")  # noqa: T201
    else:
        shutil.rmtree(work, ignore_errors=True)
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main())
