"""Citation counts on the site: "Cited by N" on entries and the ``{citation-summary}`` figures.

The counts come from the committed citations file that ``bibfolio metrics`` writes; the
build never fetches anything.  Each count is a plain link to the source's page for the
work: no script, badge or image from a third party, so visitors' browsers ask no one.
Without the file nothing changes.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar
from weakref import WeakKeyDictionary

from docutils import nodes
from sphinx.util.docutils import SphinxDirective

from .bibliography import bib_paths, get_domain, get_library
from ..metrics import data
from .warnings_ import warn

if TYPE_CHECKING:
    from sphinx.application import Sphinx
    from sphinx.environment import BuildEnvironment

#: The counts of each build environment (read once per build, never pickled).
_LOADED: WeakKeyDictionary[BuildEnvironment, tuple[Path, data.CitationData]] = WeakKeyDictionary()
#: In the doctree folder: the citations file's state at the last build, so that adding,
#: editing or deleting it rereads the pages (a dependency on a file that does not exist
#: yet is not something Sphinx can record).
_STATE_FILE = "bibfolio-citations.state"


def citations_path(app: Sphinx) -> Path | None:
    """Where the citations file is (whether or not it exists), or None without a .bib."""
    configured = app.config.bibfolio_citations_file
    if configured:
        return (Path(app.confdir) / configured).resolve()
    paths = bib_paths(app)
    return paths[0].parent / data.DEFAULT_NAME if paths else None


def load(app: Sphinx) -> None:
    """``builder-inited``: read the citations file, and warn once when it is old."""
    _LOADED.pop(app.env, None)
    path = citations_path(app)
    if not app.config.bibfolio_citations or path is None or not path.is_file():
        return
    try:
        citations = data.read(path)
    except data.DataError as error:
        warn(
            f"{error}; no citation counts are shown",
            "citations_file",
            location=f"{path}:{error.line}",
        )
        return
    _LOADED[app.env] = (path, citations)
    oldest = citations.oldest()
    max_age = app.config.bibfolio_citations_max_age_days
    if oldest is None or not max_age:
        return
    age = (dt.datetime.now(dt.UTC).date() - oldest).days
    if age > max_age:
        warn(
            f"citation counts fetched {age} days ago ({oldest.isoformat()}), more than "
            f"bibfolio_citations_max_age_days = {max_age}: refresh them with "
            "`python -m bibfolio metrics`",
            "citations_stale",
            location=f"{path}:1",
        )


def _state(path: Path | None) -> str:
    if path is None or not path.is_file():
        return "absent"
    stat = path.stat()
    return f"{path} {stat.st_mtime_ns} {stat.st_size}"


def outdated_pages(
    app: Sphinx, env: BuildEnvironment, added: set[str], changed: set[str], removed: set[str]
) -> list[str]:
    """``env-get-outdated``: every page again when the citations file appeared or changed."""
    state_file = Path(app.doctreedir) / _STATE_FILE
    current = _state(citations_path(app) if app.config.bibfolio_citations else None)
    try:
        previous = state_file.read_text(encoding="utf-8")
    except OSError:
        previous = "absent"
    if previous == current:
        return []
    state_file.parent.mkdir(parents=True, exist_ok=True)
    state_file.write_text(current, encoding="utf-8")
    return sorted(env.found_docs)


def note_dependency(app: Sphinx, doctree: nodes.document) -> None:
    """``doctree-read``: a page that lists entries depends on the citations file."""
    env = app.env
    loaded = _LOADED.get(env)
    if loaded and env.docname in get_domain(env).listings:
        env.note_dependency(str(loaded[0]))


def cited_by(env: BuildEnvironment, key: str) -> tuple[str, ...]:
    """("Cited by N", the source's page for the work, its source and date), or ()."""
    loaded = _LOADED.get(env)
    citation = loaded[1].entries.get(key) if loaded else None
    if citation is None or key in loaded[1].exclude:  # type: ignore[index]
        return ()
    how = ", matched by title" if citation.matched_by == "title" else ""
    return (
        f"Cited by {citation.count}",
        citation.url,
        f"{citation.count} citations counted by {citation.source_name}, "
        f"fetched {citation.fetched}{how}",
    )


class CitationSummaryDirective(SphinxDirective):
    """``{citation-summary}``: total citations, h-index and i10-index, each with its source.

    Computed from the counts of the entries in the .bib; nothing without the file.
    """

    has_content = False
    option_spec: ClassVar[dict] = {}

    def run(self) -> list[nodes.Node]:
        """A bullet list of the three figures, or nothing without counts."""
        loaded = _LOADED.get(self.env)
        if not loaded:
            return []
        path, citations = loaded
        self.env.note_dependency(str(path))
        keys = set(get_library(self.env).keys)
        figures = data.summary(
            c for key, c in citations.entries.items()
            if key in keys and key not in citations.exclude
        )  # fmt: skip
        if figures is None:
            return []
        label = f"{', '.join(figures.sources)}, as of {figures.oldest}"
        items = nodes.bullet_list(classes=["bibfolio-citation-summary"])
        for name, value in (
            ("Citations", figures.total),
            ("h-index", figures.h_index),
            ("i10-index", figures.i10_index),
        ):
            line = nodes.paragraph()
            line += nodes.strong("", f"{name}: {value}")
            line += nodes.Text(f" ({label})")
            items += nodes.list_item("", line)
        return [items]


def register(app: Sphinx) -> None:
    """The directive and the handlers (after the bibliography is loaded)."""
    app.add_directive("citation-summary", CitationSummaryDirective)
    app.connect("builder-inited", load, priority=450)
    app.connect("env-get-outdated", outdated_pages)
    app.connect("doctree-read", note_dependency)
