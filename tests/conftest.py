"""Shared fixtures: sphinx.testing's app fixtures, the test roots, the demo portfolios, docs/."""

from __future__ import annotations

import multiprocessing
import shutil
from typing import TYPE_CHECKING

import pybtex.errors
import pytest

from .helpers import ON_READTHEDOCS, REPO, FakeTime, build_project, copy_docs, copy_portfolio

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator
    from pathlib import Path

    from .helpers import Built

pytest_plugins = ("sphinx.testing.fixtures",)
collect_ignore = ["roots", "bench"]


@pytest.fixture(autouse=True)
def _pybtex_strict_mode_restored() -> Iterator[None]:
    """Tests that compare with pybtex turn its process-wide strict mode off; put it back.

    Stock sphinxcontrib-bibtex reports a duplicate key only in strict mode, so a later
    test comparing bibfolio's warnings with stock's would otherwise see no stock warning.
    """
    strict = pybtex.errors.strict
    yield
    pybtex.errors.set_strict_mode(strict)


@pytest.fixture(autouse=True)
def _sitemap_servers_stopped() -> Iterator[None]:
    """Stop the server processes sphinx-sitemap started during the test.

    sphinx-sitemap starts a ``multiprocessing.Manager()`` server at ``builder-inited``
    (its queue of links) and nothing stops it; the process ends with the build's.  A
    build run inside pytest would leave one for the rest of the session (77 MB PSS
    each, measured); the queue is not used once the build has finished.
    """
    before = set(multiprocessing.active_children())
    yield
    for child in multiprocessing.active_children():
        if child not in before and child.name.startswith("SyncManager"):
            child.terminate()
            child.join(5)


@pytest.fixture(scope="session")
def rootdir() -> Path:
    """sphinx.testing looks for ``test-<name>`` folders here."""
    return REPO / "tests" / "roots"


@pytest.fixture(scope="session")
def built_mingyu_liang(tmp_path_factory: pytest.TempPathFactory) -> Built:
    """The demo examples/mingyu-liang built once per session, fresh, as Read the Docs would."""
    base = tmp_path_factory.mktemp("mingyu-liang-site")
    source = copy_portfolio("mingyu-liang", base)
    return build_project(source, base / "_build", environ=ON_READTHEDOCS)


@pytest.fixture(scope="session")
def built_liang_luo(tmp_path_factory: pytest.TempPathFactory) -> Built:
    """The demo examples/liang-luo built once per session, fresh, as Read the Docs would."""
    base = tmp_path_factory.mktemp("liang-luo-site")
    source = copy_portfolio("liang-luo", base)
    return build_project(source, base / "_build", environ=ON_READTHEDOCS)


@pytest.fixture(scope="session")
def built_own_docs(tmp_path_factory: pytest.TempPathFactory) -> Built:
    """This checkout's docs/, whoever owns it, built once per session as Read the Docs would.

    Tests of it assert what holds for any owner (tests/test_own_portfolio.py); the demo's
    facts are asserted on the demo's copy, :func:`built_mingyu_liang`.
    """
    base = tmp_path_factory.mktemp("own-docs-site")
    return build_project(copy_docs(base), base / "_build", environ=ON_READTHEDOCS)


@pytest.fixture
def build_root(tmp_path: Path, rootdir: Path) -> Callable[..., Built]:
    """Build a copy of ``tests/roots/test-<name>`` (for tests that edit the copy)."""

    def build(name: str, builder: str = "html", **kwargs: object) -> Built:
        source = tmp_path / name
        if not source.exists():
            shutil.copytree(rootdir / f"test-{name}", source)
        return build_project(source, tmp_path / f"_build-{name}", builder, **kwargs)  # type: ignore[arg-type]

    return build


@pytest.fixture
def fake_time() -> FakeTime:
    """The clock and sleep of an HTTP client under test (import and metrics)."""
    return FakeTime()
