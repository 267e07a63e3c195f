"""A build collects the oldest generation rarely, and gives the thresholds back."""

from __future__ import annotations

import gc
import shutil
import sys

from .helpers import REPO, build_project


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
