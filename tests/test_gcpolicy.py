"""A build collects the oldest generation rarely, and gives the thresholds back."""

from __future__ import annotations

import gc
import shutil
import sys

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


def test_the_site_pages_garbage_is_freed_before_the_cv_page_freezes_the_rest(tmp_path, monkeypatch):
    """A written page's doctree (cycles of nodes) is gone when the CV page starts.

    The CV page freezes every object it finds (``gc.freeze``) to collect only its own:
    garbage still waiting then would stay to the build's end (at N=3000 the list page's
    doctree with its entries' HTML, 22 MB).  With automatic collection off, only the
    collection before the CV page can have freed it.
    """
    source = copy_portfolio("liang-luo", tmp_path)
    (source / "probe_doctrees.py").write_text(
        "import weakref\n"
        "WRITTEN = []\n"
        "def setup(app):\n"
        "    app.connect('doctree-resolved', lambda app, tree, name: WRITTEN.append(weakref.ref(tree)))\n",
        encoding="utf-8",
    )
    monkeypatch.syspath_prepend(str(source))
    conf = source / "conf.py"
    conf.write_text(conf.read_text() + "\nextensions.append('probe_doctrees')\n", encoding="utf-8")
    alive_at_cv: list[bool] = []
    write_page = cv_page.write_page

    def check(app, *args, **kwargs):
        written = sys.modules["probe_doctrees"].WRITTEN
        alive_at_cv.append(bool(written) and any(ref() is not None for ref in written))
        return write_page(app, *args, **kwargs)

    monkeypatch.setattr(cv_page, "write_page", check)
    monkeypatch.delitem(sys.modules, "probe_doctrees", raising=False)
    gc.disable()
    try:
        build_project(source, tmp_path / "_build")
    finally:
        gc.enable()
    assert len(sys.modules["probe_doctrees"].WRITTEN) > 1  # the site's pages, written
    assert alive_at_cv == [False]
