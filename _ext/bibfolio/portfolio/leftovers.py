"""One warning, each build, naming every line where an earlier template's example text is.

A site made by an earlier ``bibfolio new`` may still publish the example text it wrote
(:mod:`bibfolio.scaffold.leftovers` knows its words).  After reading, the MyST pages of
the project, ``news.yml``, ``talks.yml``, ``conf.py`` and the ``.bib`` files are searched
(outside comments), and one warning lists every ``file:line`` found
(``bibfolio.example_text``), located at the first (a file outside the source folder, as
a site's ``../refs.bib``, relative to it).  The files are read afresh on every build,
incremental ones too, so the warning stays until the last line is gone, and nothing is
kept in the environment.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

from ..build.warnings_ import warn
from ..news.store import FILE_SETTINGS
from ..scaffold.leftovers import example_lines

if TYPE_CHECKING:
    from sphinx.application import Sphinx
    from sphinx.environment import BuildEnvironment

#: The subtype of the warning (GUIDE.md, "Warnings").
SUBTYPE = "example_text"


def _files(app: Sphinx, env: BuildEnvironment) -> list[Path]:
    """The project's MyST pages, its news and talks files, ``conf.py`` and ``.bib`` files."""
    pages = [Path(env.doc2path(docname)) for docname in env.found_docs]
    data = [Path(env.srcdir, getattr(env.config, setting)) for setting in FILE_SETTINGS.values()]
    conf = [Path(app.confdir, "conf.py")] if app.confdir else []
    bibs = [Path(env.srcdir, name).resolve() for name in env.config.bibtex_bibfiles]
    files = {*pages, *data, *conf, *bibs}
    return sorted(path for path in files if path.suffix in (".md", ".yml", ".py", ".bib"))


def found(app: Sphinx, env: BuildEnvironment) -> list[tuple[Path, int]]:
    """Every (file, line) of the project that holds an earlier template's example text."""
    lines = []
    for path in _files(app, env):
        try:
            text = path.read_text(encoding="utf-8", errors="replace")
        except OSError:  # a page that is gone: the build reports it, not this
            continue
        lines += [(path, number) for number in example_lines(text, path.suffix)]
    return lines


def report(app: Sphinx, env: BuildEnvironment) -> None:
    """Warn once, at the first line found, listing every line (relative to the source)."""
    lines = found(app, env)
    if not lines:
        return
    source = Path(env.srcdir)
    listed = ", ".join(f"{os.path.relpath(path, source)}:{number}" for path, number in lines)
    first, line = lines[0]
    warn(
        f"example text written by an earlier bibfolio new is still published: {listed}. "
        "Write your own in its place, or delete it (in a page, a line that starts with % "
        "is a comment and is not published)",
        SUBTYPE,
        location=f"{first}:{line}",
    )


def register(app: Sphinx) -> None:
    """Search after reading, once per build."""
    app.connect("env-updated", report)
