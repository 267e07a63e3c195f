"""How long ``bibfolio new --from`` takes: a large al-folio site, and each template's demo.

``python -m tests.bench.movein [--runs N]`` (run by ``nox -s bench``) writes a synthetic
al-folio site of a fictional owner (300 publications with ``*``/``†`` marks and preview
images, 100 posts, 70 news items), then moves it in N times (default 5) into fresh
folders, reading and writing (``bibfolio.movein``: the converter, the new site from the
template, pages, refs.bib, files, redirects, MIGRATION.md), and prints the median and
the spread; likewise each demo site of ``tests/movein/sites/``.  Issue 44's target: at
most 10 s for the large site.  No build: that is ``sphinx-build``'s time, measured by
``tests.bench.run``.
"""

from __future__ import annotations

import argparse
import random
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

from bibfolio.movein.detect import converter_for
from bibfolio.movein.owner import owner_spellings
from bibfolio.movein.write import write_site

SITES = Path(__file__).resolve().parents[1] / "movein" / "sites"
TARGET_SECONDS = 10.0
#: Fictional names: nobody's publication record.
GIVEN = ["Tomasz", "Imogen", "Bruno", "Odile", "Vesna", "Saoirse", "Kaito", "Lior", "Mireille"]
FAMILY = ["Wrzos", "Quarrie", "Fernhollow", "Tillinghast", "Quillfeather", "Ferrowick", "Vey"]
WORDS = [
    "ice",
    "melt",
    "firn",
    "glacier",
    "margin",
    "flow",
    "sediment",
    "river",
    "delta",
    "core",
    "drift",
    "calving",
]
#: A one-pixel PNG, as preview images are.
PNG = bytes.fromhex(
    "89504e470d0a1a0a0000000d4948445200000001000000010802000000907753de"
    "0000000c4944415408d763f8ffff3f0005fe02fea7d6a4f00000000049454e44ae426082"
)


def _title(rng: random.Random, size: int) -> str:
    return " ".join(rng.choice(WORDS) for _ in range(size)).capitalize()


def _entry(rng: random.Random, number: int) -> str:
    people = [f"{rng.choice(FAMILY)}, {rng.choice(GIVEN)}" for _ in range(rng.randint(1, 5))]
    owner = rng.choice(["Hörner*, Ada", 'H{\\"o}rner, Ada', "Hoerner, A.", "Hörner†, Ada"])
    people.insert(rng.randint(0, len(people)), owner)
    return (
        f"@article{{hoerner{number},\n"
        f"  abbr = {{JGL}},\n"
        f"  title = {{{_title(rng, 6)}}},\n"
        f"  author = {{{' and '.join(people)}}},\n"
        f"  journal = {{Journal of Glaciology}},\n"
        f"  year = {{{1995 + number % 30}}},\n"
        f"  preview = {{p{number}.png}},\n"
        f"  selected = {{{'true' if number % 25 == 0 else 'false'}}},\n"
        f"  annotation = {{* Equal contribution}}\n"
        "}\n"
    )


def make_site(root: Path, *, publications: int = 300, posts: int = 100, news: int = 70) -> Path:
    """A synthetic al-folio site of a fictional owner in *root*; returns *root*."""
    rng = random.Random(44)
    for folder in ("_bibliography", "_posts", "_news", "_pages", "_data"):
        (root / folder).mkdir(parents=True, exist_ok=True)
    previews = root / "assets" / "img" / "publication_preview"
    previews.mkdir(parents=True)
    (root / "_config.yml").write_text(
        "title: blank\nfirst_name: Ada\nlast_name: Hörner\nurl: https://ada.example.org\n"
        "permalink: /blog/:year/:title/\ncollections:\n  news:\n    output: true\n"
        "scholar:\n  last_name: [Hörner]\n  first_name: [Ada, A.]\n"
        "  source: /_bibliography/\n  bibliography: papers.bib\n",
        encoding="utf-8",
    )
    (root / "_pages" / "about.md").write_text(
        "---\nlayout: about\ntitle: about\npermalink: /\n---\n\nAda Hörner studies ice.\n",
        encoding="utf-8",
    )
    entries = [_entry(rng, number) for number in range(publications)]
    (root / "_bibliography" / "papers.bib").write_text("---\n---\n\n" + "\n".join(entries))
    for number in range(publications):
        (previews / f"p{number}.png").write_bytes(PNG)
    for number in range(posts):
        day = f"20{10 + number % 15:02d}-{1 + number % 12:02d}-{1 + number % 28:02d}"
        (root / "_posts" / f"{day}-post-{number}.md").write_text(
            f"---\nlayout: post\ntitle: {_title(rng, 4)}\ndate: {day}\ntags: ice notes\n---\n\n"
            + "\n\n".join(_title(rng, 30) + "." for _ in range(8))
            + f"\n\nSee [the papers](/publications/) and [post {number}](/blog/).\n",
            encoding="utf-8",
        )
    for number in range(news):
        day = f"20{10 + number % 15:02d}-{1 + number % 12:02d}-{1 + number % 28:02d}"
        (root / "_news" / f"announcement_{number}.md").write_text(
            f"---\nlayout: post\ndate: {day}\ninline: true\n---\n\n{_title(rng, 12)}.\n",
            encoding="utf-8",
        )
    return root


def move_in(old: Path, new: Path) -> float:
    """Seconds to read *old* and write it into *new* (as ``bibfolio new --from`` does)."""
    started = time.perf_counter()
    converter = converter_for(old)
    site = converter.read(old)
    name = site.profile.name or "Ada Hörner"
    site.profile.name = name
    site.owner = owner_spellings(site.owner or [name], site.bibliography.entries)
    write_site(site, old, new)
    return time.perf_counter() - started


def timed(old: Path, runs: int, folder: Path) -> list[float]:
    """*runs* fresh conversions of *old*, each into a new folder."""
    seconds = []
    for run in range(runs):
        target = folder / f"new-{old.name}-{run}"
        seconds.append(move_in(old, target))
        shutil.rmtree(target)
    return seconds


def main(argv: list[str] | None = None) -> int:
    """Print the median of *runs* conversions of the large site and of each demo site."""
    parser = argparse.ArgumentParser(prog="python -m tests.bench.movein")
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="bibfolio-movein-bench-") as folder:
        base = Path(folder)
        large = make_site(base / "al-folio-large")
        rows = [("al-folio, 300 publications, 100 posts, 70 news", timed(large, args.runs, base))]
        rows += [
            (f"demo {demo.name}", timed(demo, args.runs, base))
            for demo in sorted(path for path in SITES.iterdir() if path.is_dir())
        ]
    sys.stdout.write(f"bibfolio new --from: median of {args.runs} runs (min-max), seconds\n")
    for label, seconds in rows:
        low, high = min(seconds), max(seconds)
        median = statistics.median(seconds)
        sys.stdout.write(f"  {label:<52} {median:6.2f}  ({low:.2f}-{high:.2f})\n")
    large_median = statistics.median(rows[0][1])
    verdict = "within" if large_median <= TARGET_SECONDS else "OVER"
    sys.stdout.write(
        f"The large site: {large_median:.2f} s, {verdict} the {TARGET_SECONDS:.0f} s target.\n"
    )
    return 0 if large_median <= TARGET_SECONDS else 1


if __name__ == "__main__":
    sys.exit(main())
