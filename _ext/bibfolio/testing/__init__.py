"""``bibfolio.testing``: a pytest plugin with the checks every bibfolio site passes.

A site made by ``bibfolio new`` loads it from ``tests/conftest.py``
(``pytest_plugins = ["bibfolio.testing"]``) and collects the checks of
:mod:`bibfolio.testing.checks` in ``tests/test_site.py``; they ship with bibfolio, so a
new release brings its new checks.  The plugin's fixtures:

* ``site_docs``: the site's ``docs/`` (``--site-docs DIR`` for another folder);
* ``built_site``: one build of it per test session, as Read the Docs and ``nox -s docs``
  build it (``sphinx-build -E -a -nW --keep-going -b html``, with the site's address
  ``https://example.org/`` in ``READTHEDOCS_CANONICAL_URL``), in a temporary folder.
"""

from __future__ import annotations

import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from bs4 import BeautifulSoup

#: The address the checked build is given, as Read the Docs gives one.
CANONICAL = "https://example.org/"


@dataclass
class SiteBuild:
    """A finished ``sphinx-build -nW`` of a site: its folders, exit status and output."""

    srcdir: Path
    outdir: Path
    returncode: int
    output: str
    #: Where the build keeps its environment (``sphinx-build``'s ``<outdir>/.doctrees``).
    doctreedir: Path | None = None

    @property
    def environment(self) -> Path:
        """The build's pickled environment: what it recorded per page (lists, empty pages)."""
        return (self.doctreedir or self.outdir / ".doctrees") / "environment.pickle"

    def soup(self, page: Path) -> BeautifulSoup:
        """Parse an HTML file of the build."""
        from bs4 import BeautifulSoup  # noqa: PLC0415 - a test dependency only

        return BeautifulSoup(page.read_text(encoding="utf-8"), "html.parser")


def build_site(docs: Path, outdir: Path) -> SiteBuild:
    """Build *docs* into *outdir* as ``nox -s docs`` does, with the canonical address."""
    env = {**os.environ, "READTHEDOCS_CANONICAL_URL": CANONICAL, "NO_COLOR": "1"}
    result = subprocess.run(
        [sys.executable, "-m", "sphinx", "-E", "-a", "-nW", "--keep-going", "-b", "html",
         str(docs), str(outdir)],
        capture_output=True, text=True, check=False, env=env,
    )  # fmt: skip
    return SiteBuild(docs.resolve(), outdir, result.returncode, result.stdout + result.stderr)


def pytest_addoption(parser: pytest.Parser) -> None:
    """``--site-docs DIR``: the Sphinx folder to check (default: ``docs/`` of the rootdir)."""
    parser.addoption("--site-docs", default=None, help="the site's Sphinx folder (docs/)")


@pytest.fixture(scope="session")
def site_docs(pytestconfig: pytest.Config) -> Path:
    """The site's Sphinx folder."""
    chosen = pytestconfig.getoption("--site-docs")
    docs = Path(chosen) if chosen else pytestconfig.rootpath / "docs"
    if not (docs / "conf.py").is_file():
        pytest.fail(f"{docs} has no conf.py: give the site's Sphinx folder with --site-docs")
    return docs.resolve()


@pytest.fixture(scope="session")
def built_site(site_docs: Path, tmp_path_factory: pytest.TempPathFactory) -> SiteBuild:
    """The site built once for the session's checks."""
    return build_site(site_docs, tmp_path_factory.mktemp("site") / "html")
