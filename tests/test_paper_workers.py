"""Paper pages written by forked workers are the pages the parent alone writes."""

from __future__ import annotations

import gc
import logging
import os
from typing import TYPE_CHECKING

import pytest

from bibfolio.build import fragments, gcpolicy
from bibfolio.formats import references
from bibfolio.pages import html, listworkers, papers, paperworkers

from .helpers import build_project, copy_portfolio

if TYPE_CHECKING:
    from pathlib import Path

#: An extension whose html-page-context handler warns on every paper page, as one that
#: checks pages would (its warnings must reach the build, wherever the page is written).
_LOUD = """
from sphinx.util import logging

logger = logging.getLogger("loud")


def check(app, pagename, templatename, context, doctree):
    if pagename.startswith("publications/"):
        title = doctree[0][0].astext()
        logger.warning("checked: %s", title, type="loud", subtype="page", location=pagename)


def setup(app):
    app.connect("html-page-context", check)
    return {"parallel_read_safe": True, "parallel_write_safe": SAFE}
"""


def _portfolio(tmp_path: Path, *, safe: bool) -> Path:
    source = copy_portfolio("liang-luo", tmp_path)
    # One module name per kind: the tests share one process (and its sys.modules).
    name = "loud_safe" if safe else "loud_unsafe"
    (source / f"{name}.py").write_text(_LOUD.replace("SAFE", str(safe)))
    conf = source / "conf.py"
    conf.write_text(
        conf.read_text()
        + f"\nimport sys\nsys.path.insert(0, {str(source)!r})\n"
        + f"extensions = [*extensions, {name!r}]\n"
    )
    return source


def _writers(monkeypatch, log: Path) -> None:
    """Record the process that writes each paper page in *log* (one pid a line)."""
    render = papers.render_page

    def recorded(app, page, *args, **kwargs):
        with log.open("a") as out:
            out.write(f"{os.getpid()}\n")
        return render(app, page, *args, **kwargs)

    monkeypatch.setattr(papers, "render_page", recorded)


def _files(outdir: Path) -> dict[str, bytes]:
    return {
        path.relative_to(outdir).as_posix(): path.read_bytes()
        for path in sorted(outdir.rglob("*"))
        if path.is_file() and path.name != ".buildinfo"
    }


@pytest.mark.parametrize("builder", ["html", "dirhtml"])
def test_pages_written_by_workers_are_the_pages_the_parent_writes(tmp_path, monkeypatch, builder):
    source = _portfolio(tmp_path, safe=True)
    alone = build_project(source, tmp_path / "alone", builder)
    log = tmp_path / "writers.log"
    _writers(monkeypatch, log)
    monkeypatch.setattr(paperworkers, "MIN_PAGES", 1)
    forked = build_project(source, tmp_path / "forked", builder, parallel=2)
    writers = log.read_text().split()
    assert len(writers) == 31  # every paper page once
    # The first page in the parent, the others in two workers.
    assert writers[0] == str(os.getpid())
    assert len(set(writers) - {str(os.getpid())}) >= 2
    # The warnings of the workers' pages reach the build, with their locations.
    checked = sorted(line for line in forked.warnings.splitlines() if "checked: " in line)
    assert len(checked) == 31
    assert checked == sorted(line for line in alone.warnings.splitlines() if "checked: " in line)
    assert sorted(forked.warnings.splitlines()) == sorted(alone.warnings.splitlines())
    # Every file of the site (the paper pages, the search index, the sitemap) is the same.
    assert _files(forked.outdir) == _files(alone.outdir)
    # The signatures the parent kept: a build with nothing changed writes no page again.
    log.unlink()
    build_project(source, tmp_path / "forked", builder, parallel=2, fresh=False)
    assert not log.exists()


def test_an_extension_unsafe_for_parallel_writing_keeps_the_pages_in_the_parent(
    tmp_path, monkeypatch
):
    source = _portfolio(tmp_path, safe=False)
    log = tmp_path / "writers.log"
    _writers(monkeypatch, log)
    monkeypatch.setattr(paperworkers, "MIN_PAGES", 1)
    monkeypatch.setattr(paperworkers, "_cpus", lambda: 2)
    built = build_project(source, tmp_path / "out")
    assert log.read_text().split() == [str(os.getpid())] * 31
    # Its handler's state (here: the warnings it logs) stays as without workers.
    assert len([line for line in built.warnings.splitlines() if "checked: " in line]) == 31
    assert "parallel" not in built.warnings


def test_few_pages_are_written_in_the_parent(tmp_path, monkeypatch):
    source = _portfolio(tmp_path, safe=True)
    log = tmp_path / "writers.log"
    _writers(monkeypatch, log)
    monkeypatch.setattr(paperworkers, "_cpus", lambda: 2)
    build_project(source, tmp_path / "out")  # 31 pages, under MIN_PAGES
    assert log.read_text().split() == [str(os.getpid())] * 31


class _Records(logging.Handler):
    """The debug records of Sphinx's registry that name a paper page."""

    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.pages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        message = record.getMessage()
        if "DOCUMENTATION_OPTIONS.pagename = 'publications/" in message:
            self.pages.append(message)


@pytest.mark.parametrize("verbosity", [0, 2])
def test_per_page_debug_records_are_made_only_where_they_are_shown(tmp_path, verbosity):
    # pydata-sphinx-theme adds a script naming each page; Sphinx's registry logs it at
    # DEBUG, a record its handlers drop below -vv.
    source = copy_portfolio("liang-luo", tmp_path)
    registry = logging.getLogger("sphinx.sphinx.registry")
    records = _Records()
    registry.addHandler(records)
    try:
        build_project(source, tmp_path / "out", verbosity=verbosity)
    finally:
        registry.removeHandler(records)
    assert len(records.pages) == (31 if verbosity >= 2 else 0)
    for name in paperworkers._PER_PAGE_LOGGERS:
        assert logging.getLogger(name).level == logging.NOTSET, name


def test_a_block_frozen_inside_a_frozen_process_leaves_it_frozen():
    """The live preview's builds run in a process whose objects are frozen (live/fork.py).

    The paper pages' workers and the CV freeze the objects made so far around their
    work; afterwards the objects frozen before must still be (a collection would walk
    the warm process's million objects again), and in a build without such a process
    nothing stays frozen.
    """
    assert gc.get_freeze_count() == 0
    with gcpolicy.frozen():
        assert gc.get_freeze_count() > 0
    assert gc.get_freeze_count() == 0
    gc.freeze()
    try:
        before = gc.get_freeze_count()
        with gcpolicy.frozen():
            pass
        assert gc.get_freeze_count() >= before
    finally:
        gc.unfreeze()


def test_a_lists_references_made_by_workers_are_those_the_parent_makes(tmp_path, monkeypatch):
    """APA and IEEE references (citeproc-py) of a list, made in forked workers.

    The list's files (its formats file, the APA and IEEE downloads) and the paper pages
    are byte for byte those of a build that made every reference in the parent.
    """
    source = copy_portfolio("liang-luo", tmp_path)
    made_by: list[int] = []
    format_item = references.format_item

    def recorded(item, style, locale=None):
        made_by.append(os.getpid())
        return format_item(item, style, locale)

    monkeypatch.setattr(references, "format_item", recorded)
    monkeypatch.setattr(references, "_MADE", {})  # the process's memo: nothing made yet
    alone = build_project(source, tmp_path / "alone")
    assert set(made_by) == {os.getpid()}
    made_in_parent = len(made_by)
    assert made_in_parent >= 2 * 25  # APA and IEEE of each entry, once

    made_by.clear()
    monkeypatch.setattr(references, "_MADE", {})
    monkeypatch.setattr(paperworkers, "MIN_PAGES", 1)
    monkeypatch.setattr(paperworkers, "_cpus", lambda: 2)
    forked = build_project(source, tmp_path / "forked")
    # Workers' calls are not seen here: only what the parent still made itself.
    assert made_by.count(os.getpid()) < made_in_parent / 2
    assert _files(forked.outdir) == _files(alone.outdir)


@pytest.mark.parametrize(("styles", "typesetting"), [([], False), (["apa"], False), ([], True)])
def test_a_long_lists_entries_rendered_by_workers_are_those_the_parent_renders(
    tmp_path, monkeypatch, styles, typesetting
):
    """A list's entries (and, without references, its files) made beside a forked worker.

    Every file of the site is byte for byte that of a build that rendered every entry
    in the parent; the parent counts the entries rendered as before, and the next
    build reuses them all.  With references, the list's files stay in the parent, whose
    reference cache keeps them for the next build.  While the CV's PDFs are typeset
    (a core of two is Typst's), the parent does it all.
    """
    source = copy_portfolio("liang-luo", tmp_path)
    overrides = {"bibfolio_cite_styles": styles, "bibfolio_cv": False}
    log = tmp_path / "makers.log"
    entry_html, write_list_files = listworkers.entry_html, listworkers.write_list_files

    def entry_recorded(*args, **kwargs):
        with log.open("a") as out:
            out.write(f"entry {os.getpid()}\n")
        return entry_html(*args, **kwargs)

    def files_recorded(*args, **kwargs):
        with log.open("a") as out:
            out.write(f"files {os.getpid()}\n")
        return write_list_files(*args, **kwargs)

    counts: list[tuple[int, int]] = []
    save = fragments.FragmentCache.save

    def counted(cache):
        counts.append((cache.rendered, cache.reused))
        return save(cache)

    monkeypatch.setattr(listworkers, "entry_html", entry_recorded)
    for module in (html, listworkers):  # a list's files: written by the page or a worker
        monkeypatch.setattr(module, "write_list_files", files_recorded)
    monkeypatch.setattr(fragments.FragmentCache, "save", counted)
    alone = build_project(source, tmp_path / "alone", overrides=overrides)
    parent = str(os.getpid())
    made_alone = [line.split() for line in log.read_text().splitlines()]
    assert {pid for _kind, pid in made_alone} == {parent}
    counts_alone = counts[:]
    log.unlink()
    counts.clear()

    monkeypatch.setattr(listworkers, "SHARED_ENTRIES", 2)
    monkeypatch.setattr(listworkers, "typesetting", lambda app: typesetting)
    monkeypatch.setattr(paperworkers, "MIN_PAGES", 1)
    monkeypatch.setattr(paperworkers, "_cpus", lambda: 2)
    forked = build_project(source, tmp_path / "forked", overrides=overrides)
    made = [line.split() for line in log.read_text().splitlines()]
    entries_by = [pid for kind, pid in made if kind == "entry"]
    files_by = {pid for kind, pid in made if kind == "files"}
    assert len(entries_by) == len([kind for kind, _pid in made_alone if kind == "entry"])
    if typesetting:
        assert set(entries_by) == files_by == {parent}
    else:
        # This process renders its share, a worker the rest (and the files, if it may).
        assert 1 < entries_by.count(parent) < len(entries_by)
        assert len(set(entries_by) - {parent}) == 1
        assert files_by == ({parent} if styles else set(entries_by) - {parent})
    assert sorted(forked.warnings.splitlines()) == sorted(alone.warnings.splitlines())
    assert _files(forked.outdir) == _files(alone.outdir)
    assert counts == counts_alone
    assert counts[0][0] > 25  # the list's entries, rendered this build
    # The entries the worker rendered were kept: a rebuild renders none again.
    log.unlink()
    counts.clear()
    (source / "index.md").write_text((source / "index.md").read_text() + "\nOne more line.\n")
    build_project(source, tmp_path / "forked", overrides=overrides, fresh=False)
    assert not log.exists() or "entry" not in log.read_text()
    assert counts and counts[-1][0] == 0
