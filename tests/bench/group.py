"""Bench a group site: 40 members × 3000 entries, ``python -m tests.bench.group``.

Issue 25 asks that a group of 40 members and 3000 entries build, with the 40 member
pages costing at most 1.5× the group list.  Four projects, each built cold in its own
``python -m sphinx -b html`` process (peak RSS from ``os.wait4``):

(base)   the members as one table, no pages of theirs; the people page, no list;
(list)   base + the group list (``{group-publications}``, all 3000 entries);
(pages)  the members as 40 MyST pages, each with its list, + the people page and the
         group list;
(table)  list, but the table's members get their generated pages
         (``bibfolio_group_table_pages``, the default).

The group list costs ``list - base``; the member pages ``pages - list`` (MyST pages)
and ``table - list`` (generated pages); their ratios to the list are printed, with each
build's time and peak memory, and the load average before and after the run.  Paper
pages are off in all four (they are the same 3000 pages in each and would only add
noise).  Entries come from ``genbib.py`` with 1-3 members put in each author list
(members' names from its name lists, so fictional); 10 members are alumni with start
and end years.  The builds import a copy of bibfolio taken at the start (as ``run.py``).
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

from .genbib import FIRST_NAMES, LAST_NAMES, bib_text, generate_entries
from .run import code_fingerprint, snapshot_bibfolio

REPO = Path(__file__).resolve().parents[2]
CONF = """\
extensions = ["bibfolio"]
bibfolio_portfolio = True
project = "Bench Lab"
bibtex_bibfiles = ["refs.bib"]
bibfolio_paper_pages = False
bibfolio_group = {{"name": "Bench Lab"}}
bibfolio_group_members = [{source!r}]
bibfolio_group_table_pages = {table_pages}
suppress_warnings = ["bibfolio"]
"""
ROLES = ("pi", "postdoc", "phd", "phd", "phd", "masters", "undergrad", "staff")


def members(count: int, rng: random.Random) -> list[dict[str, object]]:
    """*count* members with distinct names; every third one from the 10th on an alumnus."""
    names: list[tuple[str, str]] = []
    while len(names) < count:
        pair = (rng.choice(LAST_NAMES).latex, rng.choice(FIRST_NAMES).latex)
        if pair not in names and "\\" not in "".join(pair) and "{" not in "".join(pair):
            names.append(pair)
    found = []
    for index, (last, first) in enumerate(names):
        member: dict[str, object] = {
            "id": f"m{index:02d}", "name": f"{first} {last}", "role": ROLES[index % len(ROLES)],
        }  # fmt: skip
        start = 2005 + index % 15
        member["start"] = start
        if index >= 10 and index % 3 == 0:
            member["end"] = start + 4
        found.append(member)
    return found


def bibliography(entries_count: int, people: list[dict[str, object]], seed: int) -> str:
    """genbib's entries with 1-3 members written into each author list."""
    rng = random.Random(seed)
    entries = generate_entries(entries_count, seed)
    for entry in entries:
        authors = next(value for name, value in entry.fields if name == "author")
        written = authors.strip("{}").split(" and ")
        for member in rng.sample(people, rng.choice((1, 1, 2, 2, 3))):
            first, last = str(member["name"]).rsplit(" ", 1)
            written[rng.randrange(len(written))] = f"{last}, {first}"
        entry.fields = [
            (name, "{" + " and ".join(written) + "}" if name == "author" else value)
            for name, value in entry.fields
        ]
    return bib_text(entries, seed)


def _yaml(member: dict[str, object]) -> str:
    return "".join(f"{key}: {value}\n" for key, value in member.items() if key != "id")


def write_project(root: Path, case: str, people: list[dict[str, object]], bib: str) -> Path:
    """One of the three projects (see the module docstring) in *root*/*case*."""
    project = root / case
    project.mkdir(parents=True)
    (project / "refs.bib").write_text(bib, encoding="utf-8")
    pages = ["people"] + (["publications"] if case != "base" else [])  # table: as list
    if case == "pages":
        (project / "people").mkdir()
        for member in people:
            (project / "people" / f"{member['id']}.md").write_text(
                f"---\n{_yaml(member)}---\n\n# {member['name']}\n\nA member.\n", encoding="utf-8"
            )
        source = "people"
        pages.append("people/*")
    else:
        table = "".join(
            f"- id: {m['id']}\n" + "".join(f"  {line}\n" for line in _yaml(m).splitlines())
            for m in people
        )
        (project / "members.yaml").write_text(table, encoding="utf-8")
        source = "members.yaml"
    conf = CONF.format(source=source, table_pages=case == "table")
    (project / "conf.py").write_text(conf, encoding="utf-8")
    toctree = "\n".join(pages)
    (project / "index.md").write_text(
        f"# Bench Lab\n\n```{{toctree}}\n:glob:\n\n{toctree}\n```\n", encoding="utf-8"
    )
    (project / "people.md").write_text("# People\n\n```{people}\n```\n", encoding="utf-8")
    if case != "base":
        (project / "publications.md").write_text(
            "# Publications\n\n```{group-publications}\n```\n", encoding="utf-8"
        )
    return project


def build(project: Path, env: dict[str, str]) -> tuple[float, float, float]:
    """Build *project* cold in its own process: (wall seconds, CPU seconds, peak RSS MiB)."""
    shutil.rmtree(project / "_build", ignore_errors=True)
    argv = [
        sys.executable,
        "-m",
        "sphinx",
        "-b",
        "html",
        "-q",
        str(project),
        str(project / "_build"),
    ]
    log = project.parent / f"{project.name}.log"
    actions = [
        (os.POSIX_SPAWN_OPEN, 1, str(log), os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644),
        (os.POSIX_SPAWN_DUP2, 1, 2),
    ]
    start = time.perf_counter()
    pid = os.posix_spawn(sys.executable, argv, env, file_actions=actions)
    _, status, usage = os.wait4(pid, 0)
    seconds = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 0:
        tail = "\n".join(log.read_text(encoding="utf-8").splitlines()[-15:])
        raise SystemExit(f"build of {project.name} failed:\n{tail}")
    return seconds, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def out(line: str) -> None:
    """One line of the result, on stdout."""
    sys.stdout.write(line + "\n")


def main(argv: list[str] | None = None) -> int:
    """Build the three projects *reps* times, interleaved; print medians and the ratio."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--members", type=int, default=40)
    parser.add_argument("--entries", type=int, default=3000)
    parser.add_argument("--reps", type=int, default=1)
    parser.add_argument("--seed", type=int, default=25)
    args = parser.parse_args(argv)
    people = members(args.members, random.Random(args.seed))
    bib = bibliography(args.entries, people, args.seed)
    cases = ("base", "list", "pages", "table")
    times: dict[str, list[tuple[float, float, float]]] = {case: [] for case in cases}
    load_before = os.getloadavg()
    with tempfile.TemporaryDirectory(prefix="bibfolio-group-bench-") as folder:
        env = snapshot_bibfolio(Path(folder))
        fingerprint = code_fingerprint(Path(folder) / "bibfolio-under-test" / "bibfolio")
        projects = {case: write_project(Path(folder), case, people, bib) for case in cases}
        for rep in range(args.reps):
            for case in cases:
                times[case].append(build(projects[case], env))
                sys.stderr.write(f"rep {rep + 1} {case}: {times[case][-1][0]:.1f} s\n")
    load_after = os.getloadavg()

    def median(case: str, index: int) -> float:
        return statistics.median(result[index] for result in times[case])

    def ratio(case: str, index: int) -> float:
        return statistics.median(
            (c[index] - li[index]) / (li[index] - b[index])
            for b, li, c in zip(times["base"], times["list"], times[case], strict=True)
        )

    out(
        f"Group site: {args.members} members, {args.entries} entries, {args.reps} rep(s), "
        f"cold builds; bibfolio {fingerprint}"
    )
    out(
        "load average (1, 5, 15 min): before "
        + ", ".join(f"{x:.2f}" for x in load_before)
        + "; after "
        + ", ".join(f"{x:.2f}" for x in load_after)
    )
    out("")
    out("| case | wall (s) | CPU (s) | peak RSS (MiB) |")
    out("| --- | ---: | ---: | ---: |")
    for case in cases:
        out(f"| {case} | {median(case, 0):.1f} | {median(case, 1):.1f} | {median(case, 2):.0f} |")
    out("")
    out(f"group list: {median('list', 0) - median('base', 0):.1f} s wall, "
        f"{median('list', 1) - median('base', 1):.1f} s CPU")  # fmt: skip
    for case, what in (("pages", "MyST member pages"), ("table", "generated member pages")):
        out(f"{args.members} {what}: {median(case, 0) - median('list', 0):.1f} s wall, "
            f"{median(case, 1) - median('list', 1):.1f} s CPU; / group list: "
            f"{ratio(case, 0):.2f}x wall, {ratio(case, 1):.2f}x CPU (target: at most 1.5x); "
            f"peak RSS {median(case, 2):.0f} MiB")  # fmt: skip
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
