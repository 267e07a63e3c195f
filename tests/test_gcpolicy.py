"""A build collects the oldest generation rarely, and gives the thresholds back."""

from __future__ import annotations

import gc
import shutil
import sys

from sphinx.testing.util import SphinxTestApp

from bibfolio.cv import page as cv_page

from .helpers import REPO, build_project, copy_portfolio


def test_full_collections_are_rare_during_a_build_and_restored_after(tmp_path, monkeypatch):
    source = tmp_path / "src"
    shutil.copytree(REPO / "tests" / "roots" / "test-theme", source)
    (source / "probe.py").write_text(
        "import gc\n"
        "SEEN = []\n"
        "def setup(app):\n"
        "    app.connect('env-updated', lambda app, env: SEEN.append(gc.get_threshold()))\n",
        encoding="utf-8",
    )
    monkeypatch.syspath_prepend(str(source))
    before = gc.get_threshold()
    conf = source / "conf.py"
    conf.write_text(conf.read_text() + "extensions.append('probe')\n", encoding="utf-8")
    built = build_project(source, tmp_path / "_build")
    assert built.warnings == ""
    probe = sys.modules["probe"]  # the module the build loaded
    monkeypatch.delitem(sys.modules, "probe")
    seen = probe.SEEN
    assert len(seen) == 1
    young, middle, oldest = seen[0]
    assert (young, middle) == before[:2]
    assert oldest >= 1000 > before[2]
    assert gc.get_threshold() == before


def test_an_application_never_built_leaves_the_thresholds_as_they_were(tmp_path):
    """Made to read a project's configuration or extensions, and dropped (as tests do)."""
    source = tmp_path / "src"
    shutil.copytree(REPO / "tests" / "roots" / "test-theme", source)
    before = gc.get_threshold()
    app = SphinxTestApp("html", srcdir=source, builddir=tmp_path / "_build")
    try:
        assert app.env.get_domain("bibfolio").library is not None  # builder-inited ran
        assert gc.get_threshold() == before
    finally:
        app.cleanup()


def test_the_site_pages_garbage_is_freed_before_the_cv_page_freezes_the_rest(tmp_path, monkeypatch):
    """No garbage is left when the CV page freezes the build's objects.

    The CV page freezes every object it finds (``gc.freeze``) to collect only its own:
    garbage still waiting then would stay to the build's end (at N=3000 the list page's
    doctree, a web of cycles with its entries' HTML, 22 MB).  With automatic collection
    off, only the collection before the CV page can have freed it.
    """
    source = copy_portfolio("liang-luo", tmp_path)
    left: list[int] = []
    freeing_own_cycles = cv_page.freeing_own_cycles

    def counted():
        left.append(gc.collect())  # what a collection would still free
        return freeing_own_cycles()

    monkeypatch.setattr(cv_page, "freeing_own_cycles", counted)
    gc.disable()
    try:
        built = build_project(source, tmp_path / "_build")
    finally:
        gc.enable()
    assert (built.outdir / "cv.html").is_file()
    assert left == [0]
