"""Property: after any sequence of edits, an incremental build equals a fresh build.

A small generated portfolio (``bibfolio_portfolio = True``, a sitemap, two lists, a
citing page) is edited step by step: entries added, removed, renamed and edited, the
owner and aliases changed, ``bibfolio_*`` settings changed, pages and lists added and
removed, or nothing touched.  After each step the same output folder is built again
incrementally and compared with a fresh build of the same sources into a new folder:
the same set of files with the same bytes, ``sitemap.xml`` included, and the same
warnings.  Normalised: ``.buildinfo`` is left out (Sphinx's own record of the
configuration's hashes), and ``searchindex.js`` is compared without the terms that point
to no page (see :func:`search_index`).  Nothing holds a timestamp to normalise:
portfolios leave ``sitemap_show_lastmod`` off and the CV (whose PDFs carry a date) is off.  The CV is off (Typst would dominate the run time; its page and PDFs are
covered by test_cv_page.py).

In the suite: derandomized (the same examples every run), ``BIBFOLIO_INCREMENTAL_EXAMPLES``
examples (3 by default) of ``BIBFOLIO_INCREMENTAL_STEPS`` steps (4); ``nox -s incremental``
runs 40 random ones of 8 steps (``BIBFOLIO_INCREMENTAL_RANDOM=1``).
"""

from __future__ import annotations

import json
import os
import shutil
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from .helpers import build_project

if TYPE_CHECKING:
    from pathlib import Path

EXAMPLES = int(os.environ.get("BIBFOLIO_INCREMENTAL_EXAMPLES", "3"))
STEPS = int(os.environ.get("BIBFOLIO_INCREMENTAL_STEPS", "4"))

PEOPLE = ("Lovelace, Ada", "Babbage, Charles", "Somerville, Mary", "Herschel, Caroline")
OWNERS = ("Ada Lovelace", "Mary Somerville")
WORDS = ("Engine", "Notes", "Orbits", "Comets", "Tables", "Looms", "Numbers", "Stars")
VENUES = ("Scientific Memoirs", "Philosophical Transactions", "Monthly Notices")
STYLES = ((), ("apa",), ("apa", "ieee"))
FIELDS = ("title", "year", "journal", "abstract", "authors")


@dataclass
class Entry:
    key: str
    title: str
    year: int
    journal: str
    authors: tuple[str, ...]
    abstract: str = ""

    def bibtex(self) -> str:
        lines = [
            f"@article{{{self.key},",
            f"  author = {{{' and '.join(self.authors)}}},",
            f"  title = {{{self.title}}},",
            f"  journal = {{{self.journal}}},",
            f"  year = {self.year},",
        ]
        if self.abstract:
            lines.append(f"  abstract = {{{self.abstract}}},")
        return "\n".join([*lines, "}"]) + "\n"


@dataclass
class Site:
    """The portfolio's sources, as the state machine changes them."""

    entries: list[Entry] = field(default_factory=list)
    owner: str = OWNERS[0]
    aliases: tuple[str, ...] = ()
    styles: tuple[str, ...] = ("apa",)
    paper_dir: str = "publications"
    max_authors: int = 10
    #: Page name → number of {publications} lists on it (0: the page only cites).
    pages: dict[str, int] = field(default_factory=lambda: {"pubs": 1, "honors": 0})

    def files(self) -> dict[str, str]:
        toctree = "\n".join(sorted(self.pages))
        files = {
            "conf.py": "\n".join(
                [
                    'project = "Ada Lovelace"',
                    'extensions = ["bibfolio"]',
                    "bibfolio_portfolio = True",
                    'bibtex_bibfiles = ["refs.bib"]',
                    f"bibfolio_owner = {[self.owner, *self.aliases]!r}",
                    f"bibfolio_cite_styles = {list(self.styles)!r}",
                    f"bibfolio_paper_dir = {self.paper_dir!r}",
                    f"bibfolio_max_authors = {self.max_authors}",
                    "bibfolio_cv = False",
                    'html_baseurl = "https://example.org/"',
                    "",
                ]
            ),
            "refs.bib": "\n".join(entry.bibtex() for entry in self.entries),
            "index.md": f"# Ada Lovelace\n\n```{{toctree}}\n:hidden:\n{toctree}\n```\n",
        }
        cited = [entry.key for entry in self.entries[:2]]
        for name, lists in self.pages.items():
            body = f"# {name.title()}\n\n"
            body += "".join("```{publications}\n```\n\n" for _ in range(lists))
            if not lists and cited:
                body += "".join(f"- Cited: {{cite:p}}`{key}`\n" for key in cited)
            files[f"{name}.md"] = body
        return files


class IncrementalEqualsFresh(RuleBasedStateMachine):
    """Edits as rules; after each, the incremental build must equal a fresh one."""

    workdir: Path

    def __init__(self) -> None:
        super().__init__()
        self.site = Site()
        self.root = self.workdir / f"run-{id(self)}"
        self.source = self.root / "src"
        self.builds = 0
        self.serial = 0
        self.changed = False

    # -- writing the sources ---------------------------------------------------------
    def write(self) -> None:
        """Write the files that changed (later mtimes), delete the pages that went."""
        self.source.mkdir(parents=True, exist_ok=True)
        wanted = self.site.files()
        for path in self.source.glob("*.md"):
            if path.name not in wanted:
                path.unlink()
        for name, text in wanted.items():
            path = self.source / name
            if path.is_file() and path.read_text() == text:
                continue
            path.write_text(text)
            # Later than any earlier write, however fast the steps follow each other.
            stamp = 2_000_000_000 + self.builds * 10
            os.utime(path, (stamp, stamp))

    def new_key(self) -> str:
        self.serial += 1
        return f"paper{self.serial}"

    @initialize(count=st.integers(2, 4))
    def start(self, count: int) -> None:
        for index in range(count):
            self.site.entries.append(
                Entry(
                    self.new_key(),
                    f"On {WORDS[index]}",
                    1840 + index,
                    VENUES[index % len(VENUES)],
                    (PEOPLE[0], PEOPLE[index % 3 + 1]),
                )
            )
        self.write()
        build_project(self.source, self.root / "incremental")

    # -- edits -----------------------------------------------------------------------
    @rule(word=st.sampled_from(WORDS), year=st.integers(1830, 1850), owned=st.booleans())
    def add_entry(self, word: str, year: int, owned: bool) -> None:
        authors = (PEOPLE[0], PEOPLE[1]) if owned else (PEOPLE[2], PEOPLE[3])
        self.site.entries.append(Entry(self.new_key(), f"More {word}", year, VENUES[0], authors))

    @precondition(lambda self: len(self.site.entries) > 1)
    @rule(data=st.data())
    def remove_entry(self, data: st.DataObject) -> None:
        index = data.draw(st.integers(0, len(self.site.entries) - 1))
        del self.site.entries[index]

    @precondition(lambda self: self.site.entries)
    @rule(data=st.data())
    def rename_entry(self, data: st.DataObject) -> None:
        entry = data.draw(st.sampled_from(self.site.entries))
        entry.key = self.new_key()

    @precondition(lambda self: self.site.entries)
    @rule(data=st.data(), name=st.sampled_from(FIELDS), word=st.sampled_from(WORDS))
    def edit_field(self, data: st.DataObject, name: str, word: str) -> None:
        entry = data.draw(st.sampled_from(self.site.entries))
        if name == "title":
            entry.title = f"{entry.title} and {word}"
        elif name == "year":
            entry.year += 1
        elif name == "journal":
            entry.journal = VENUES[(VENUES.index(entry.journal) + 1) % len(VENUES)]
        elif name == "abstract":
            entry.abstract = "" if entry.abstract else f"We study {word.lower()}."
        else:
            entry.authors = (*entry.authors, PEOPLE[3]) if len(entry.authors) < 4 else PEOPLE[:1]

    @rule()
    def change_owner(self) -> None:
        self.site.owner = OWNERS[1] if self.site.owner == OWNERS[0] else OWNERS[0]

    @rule()
    def toggle_alias(self) -> None:
        self.site.aliases = () if self.site.aliases else ("Charles Babbage",)

    @rule(
        styles=st.sampled_from(STYLES),
        paper_dir=st.sampled_from(("publications", "papers")),
        max_authors=st.sampled_from((1, 10)),
    )
    def change_settings(self, styles: tuple[str, ...], paper_dir: str, max_authors: int) -> None:
        self.site.styles = styles
        self.site.paper_dir = paper_dir
        self.site.max_authors = max_authors

    @rule(name=st.sampled_from(("talks", "more")), lists=st.integers(0, 2))
    def add_page(self, name: str, lists: int) -> None:
        self.site.pages[name] = lists

    @precondition(lambda self: len(self.site.pages) > 1)
    @rule(data=st.data())
    def remove_page(self, data: st.DataObject) -> None:
        name = data.draw(st.sampled_from(sorted(self.site.pages)))
        del self.site.pages[name]

    @rule(data=st.data(), lists=st.integers(0, 2))
    def change_lists(self, data: st.DataObject, lists: int) -> None:
        name = data.draw(st.sampled_from(sorted(self.site.pages)))
        self.site.pages[name] = lists

    @rule()
    def touch_nothing(self) -> None:
        pass

    # -- the property ----------------------------------------------------------------
    @invariant()
    def incremental_equals_fresh(self) -> None:
        if not self.source.exists():
            return  # before the first build
        self.builds += 1
        self.write()
        incremental = build_project(self.source, self.root / "incremental", fresh=False)
        fresh_dir = self.root / f"fresh-{self.builds}"
        fresh = build_project(self.source, fresh_dir)
        try:
            assert sorted(incremental.warnings.splitlines()) == sorted(
                fresh.warnings.splitlines()
            ) or (not incremental.warnings.strip() and not fresh.warnings.strip())
            assert_same_output(incremental.outdir, fresh.outdir)
        finally:
            shutil.rmtree(fresh_dir, ignore_errors=True)


def output_files(outdir: Path) -> dict[str, bytes]:
    """Every file of a build but Sphinx's ``.buildinfo``, by path (see :func:`search_index`)."""
    files = {
        str(path.relative_to(outdir)): path.read_bytes()
        for path in sorted(outdir.rglob("*"))
        if path.is_file() and path.name != ".buildinfo"
    }
    if "searchindex.js" in files:
        files["searchindex.js"] = search_index(files["searchindex.js"])
    return files


def search_index(data: bytes) -> bytes:
    """``searchindex.js`` without terms that point to no page.

    Sphinx's incremental index keeps a word whose pages were all written again without
    it as ``"word": []`` (``IndexBuilder.prune`` empties the set, nothing removes it);
    a fresh index does not have it.  Searching for it finds nothing either way.  This
    is the one normalisation of the comparison.
    """
    text = data.decode("utf-8")
    start, end = text.index("(") + 1, text.rindex(")")
    index = json.loads(text[start:end])
    for name in ("terms", "titleterms"):
        index[name] = {term: pages for term, pages in index[name].items() if pages != []}
    return json.dumps(index, sort_keys=True).encode("utf-8")


def assert_same_output(incremental: Path, fresh: Path) -> None:
    """The same files with the same bytes; on failure, name the files that differ."""
    left, right = output_files(incremental), output_files(fresh)
    assert sorted(set(left) - set(right)) == [], "only in the incremental build"
    assert sorted(set(right) - set(left)) == [], "only in the fresh build"
    assert sorted(name for name in left if left[name] != right[name]) == [], "bytes differ"


def run_machine(workdir: Path, examples: int, steps: int, *, derandomize: bool) -> None:
    IncrementalEqualsFresh.workdir = workdir
    IncrementalEqualsFresh.TestCase.settings = settings(
        max_examples=examples,
        stateful_step_count=steps,
        deadline=None,
        derandomize=derandomize,
        database=None,
        suppress_health_check=list(HealthCheck),
        print_blob=True,
    )
    IncrementalEqualsFresh.TestCase().runTest()


def test_incremental_build_equals_fresh_build(tmp_path):
    # Fixed examples in the suite; nox -s incremental explores (a failure prints its blob).
    random_run = os.environ.get("BIBFOLIO_INCREMENTAL_RANDOM") == "1"
    run_machine(tmp_path, EXAMPLES, STEPS, derandomize=not random_run)
