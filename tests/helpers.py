"""Test helpers: building projects, reading warnings and pages."""

from __future__ import annotations

import os
import re
import shutil
from io import StringIO
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from bs4 import BeautifulSoup
from sphinx.testing.util import SphinxTestApp

if TYPE_CHECKING:
    from sphinx.application import Sphinx

REPO = Path(__file__).resolve().parent.parent
#: Where Read the Docs would serve the portfolios in the tests.
CANONICAL = "https://example.org/"
ON_READTHEDOCS = {"READTHEDOCS_CANONICAL_URL": CANONICAL}
_ANSI = re.compile(r"\x1b\[[0-9;]*m")


def warnings_of(app: Sphinx) -> str:
    """The warning stream of *app*, without colour codes."""
    return _ANSI.sub("", app.warning.getvalue())  # type: ignore[attr-defined]


def page(app: Sphinx, name: str = "index") -> BeautifulSoup:
    """Parse an HTML page of *app*'s output."""
    return BeautifulSoup(
        (Path(app.outdir) / f"{name}.html").read_text(encoding="utf-8"), "html.parser"
    )


def heading_text(heading) -> str:
    """A heading's text without its permalink ("#" or "¶")."""
    return (
        "".join(heading.find_all(string=True, recursive=False)).strip()
        or "".join(part for part in heading.strings if part not in ("#", "¶")).strip()
    )


class Built:
    """A finished build of a real portfolio, with its warnings and output folder."""

    def __init__(self, srcdir: Path, outdir: Path, warnings: str, builder: str) -> None:
        self.srcdir = srcdir
        self.outdir = outdir
        self.warnings = warnings
        self.builder = builder
        self.statuscode = 0  #: What sphinx-build would exit with.

    def page(self, name: str) -> BeautifulSoup:
        """Parse ``<name>.html``."""
        return BeautifulSoup(
            (self.outdir / f"{name}.html").read_text(encoding="utf-8"), "html.parser"
        )

    def text(self, name: str) -> str:
        """Visible text of the main article of a page, whitespace collapsed."""
        article = self.page(name).find("article")
        for permalink in article.select("a.headerlink"):
            permalink.decompose()
        return " ".join(article.get_text(" ").split())


def build_project(
    source: Path,
    dest: Path,
    builder: str = "html",
    *,
    overrides: dict[str, object] | None = None,
    parallel: int = 0,
    fresh: bool = True,
    environ: dict[str, str] | None = None,
    warning_is_error: bool = False,
) -> Built:
    """Build the Sphinx project in *source* into ``dest/<builder>`` with ``-n``.

    *environ* is set while conf.py runs (e.g. ``READTHEDOCS_CANONICAL_URL``).  Uses
    sphinx.testing's app, which undoes its global registrations afterwards, so several
    builds can run in one process.
    """
    warnings = StringIO()
    saved = {name: os.environ.get(name) for name in environ or {}}
    os.environ.update(environ or {})
    try:
        app = SphinxTestApp(
            buildername=builder,
            srcdir=source,
            builddir=dest,
            confoverrides={"nitpicky": True, **(overrides or {})},
            status=StringIO(),
            warning=warnings,
            freshenv=fresh,
            parallel=parallel,
            warningiserror=warning_is_error,
        )
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value
    try:
        app.build(force_all=fresh)
    finally:
        app.cleanup()
    built = Built(source, Path(app.outdir), _ANSI.sub("", warnings.getvalue()), builder)
    built.statuscode = app.statuscode
    return built


#: The owner of each demo portfolio, as its conf.py names them.
DEMO_OWNERS = {"docs": "Mingyu Liang", "examples/liang-luo": "Liang Luo"}


def replaced_portfolio(name: str) -> str:
    """Why the demo portfolio *name* is not in this tree ("" when it is).

    A fork replaces ``docs/`` with its owner's portfolio (``bibfolio new``) or deletes
    the example: the demo's tests then skip with this reason instead of failing on
    someone else's facts.  A demo whose conf.py still names its owner is tested in full.
    """
    conf = REPO / name / "conf.py"
    if not conf.is_file():
        return f"{name}/ is not in this tree (the demo portfolio was removed)"
    if f'"{DEMO_OWNERS[name]}"' not in conf.read_text(encoding="utf-8"):
        return (
            f"{name}/ is not {DEMO_OWNERS[name]}'s demo portfolio any more "
            "(replaced, e.g. by bibfolio new); its tests are the demo's"
        )
    return ""


def copy_portfolio(name: str, target: Path) -> Path:
    """Copy a real portfolio (``docs`` or ``examples/liang-luo``) and its .bib to *target*.

    Returns the copy's source folder; generated paper stubs and builds stay out of it.
    Skips the calling test when the demo portfolio has been replaced (:func:`replaced_portfolio`).
    """
    if reason := replaced_portfolio(name):
        pytest.skip(reason)
    ignore = shutil.ignore_patterns("_build", "*.bibfolio", ".gitignore")
    if name == "docs":
        shutil.copytree(REPO / "docs", target / "docs", ignore=ignore)
        shutil.copy2(REPO / "refs.bib", target / "refs.bib")
        return target / "docs"
    shutil.copytree(REPO / name, target / name, ignore=ignore)
    return target / name
