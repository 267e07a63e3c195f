"""The upstream runner (``nox -s upstream``): which projects get bibfolio, what counts as broken.

The suite itself needs PyPI (the sdist), so it runs in its nox session, not here; these
tests check the runner's two decisions on small stand-ins.
"""

from __future__ import annotations

import runpy
from typing import TYPE_CHECKING

from .upstream.run import Outcome, add_bibfolio, compare, counts, read_report

if TYPE_CHECKING:
    from pathlib import Path

CONFS = {
    "test-plain": 'extensions = ["sphinxcontrib.bibtex"]\nbibtex_bibfiles = ["test.bib"]\n',
    "test-autodoc": (
        'extensions = ["sphinxcontrib.bibtex", "sphinx.ext.autodoc"]\nbibtex_bibfiles = []\n'
    ),
    "test-natbib": 'extensions = ["test.natbib"]\nnatbib_file = "test.bib"\n',
    "test-docutils": "exclude_patterns = []\n",
}


def test_bibfolio_is_appended_to_every_sphinxcontrib_bibtex_project(tmp_path: Path):
    for name, text in CONFS.items():
        (tmp_path / "test" / "roots" / name).mkdir(parents=True)
        (tmp_path / "test" / "roots" / name / "conf.py").write_text(text)
    changed, skipped = add_bibfolio(tmp_path)
    assert changed == ["test-autodoc", "test-plain"]
    assert skipped == ["test-docutils", "test-natbib"]

    def extensions(name: str) -> list[str] | None:
        conf = runpy.run_path(str(tmp_path / "test" / "roots" / name / "conf.py"))
        return conf.get("extensions")

    assert extensions("test-plain") == ["sphinxcontrib.bibtex", "bibfolio"]
    assert extensions("test-autodoc") == ["sphinxcontrib.bibtex", "sphinx.ext.autodoc", "bibfolio"]
    assert extensions("test-natbib") == ["test.natbib"]
    assert extensions("test-docutils") is None


REPORT = """<?xml version="1.0" encoding="utf-8"?>
<testsuites><testsuite name="pytest">
<testcase classname="test.test_a" name="test_ok" />
<testcase classname="test.test_a" name="test_broken"><failure message="assert not 'WARNING: x'">long</failure></testcase>
<testcase classname="test.test_a" name="test_setup"><error message="failed on setup">trace</error></testcase>
<testcase classname="test.test_b" name="test_xfail"><skipped message="pybtex bug" /></testcase>
</testsuite></testsuites>
"""


def test_a_test_that_passes_without_bibfolio_and_not_with_it_is_a_regression(tmp_path: Path):
    path = tmp_path / "with.xml"
    path.write_text(REPORT)
    with_bibfolio = read_report(path)
    assert with_bibfolio["test.test_a::test_broken"] == Outcome("failed", "assert not 'WARNING: x'")
    assert counts(with_bibfolio) == "1 passed, 1 failed, 1 error, 1 skipped"
    plain = {
        "test.test_a::test_ok": Outcome("passed", ""),
        "test.test_a::test_broken": Outcome("passed", ""),
        "test.test_a::test_setup": Outcome("passed", ""),
        "test.test_b::test_xfail": Outcome("skipped", "pybtex bug"),  # not a regression
        "test.test_c::test_gone": Outcome("passed", ""),  # missing with bibfolio: a regression
    }
    assert compare(plain, with_bibfolio) == [
        "test.test_a::test_broken",
        "test.test_a::test_setup",
        "test.test_c::test_gone",
    ]
