"""Lighthouse on both portfolios: accessibility, best practices and SEO at 95 or more.

The home, publications, first paper and CV pages of each portfolio, served from this
machine (gzip, as a host serves them), with Lighthouse's mobile preset, one run each:
these three categories do not move with the machine's load.  Performance does, so it
is measured by ``nox -s audit``, which takes the median of several runs with the mobile
and desktop presets and states the load.  Lighthouse comes from
``tests/lighthouse/package-lock.json`` (``npm ci --prefix tests/lighthouse``; ``.ci/run``
does); without it, node or Chromium the module is skipped.  Nothing is fetched.
"""

from __future__ import annotations

import pytest

from ..audit import (
    CATEGORIES,
    TARGET,
    audited_pages,
    failing_audits,
    lighthouse,
    lighthouse_missing,
    serve,
)

if reason := lighthouse_missing():
    pytest.skip(reason, allow_module_level=True)
pytestmark = pytest.mark.browser

#: What one run measures reliably on a shared machine (see the module's docstring).
STEADY = tuple(category for category in CATEGORIES if category != "performance")
#: A paper page without an abstract has no meta description, on purpose: Zotero's
#: Embedded Metadata translator saves a page's description as the abstract when there is
#: no citation_abstract (test_zotero_readers.py).  Lighthouse's SEO score is then 90.
#: Neither portfolio's .bib has an abstract.
NO_DESCRIPTION = pytest.mark.xfail(
    strict=True,
    reason="a paper page without an abstract has no meta description (Zotero would save it "
    "as the abstract): SEO 90, kept over an invented abstract",
)


@pytest.mark.parametrize("name", ["mingyu-liang", "liang-luo"])
@pytest.mark.parametrize(
    "which", ["home", "publications", pytest.param("paper", marks=NO_DESCRIPTION), "cv"]
)
def test_lighthouse_scores_at_least_95(sites, name, which, tmp_path):
    root = sites[name].root
    pages = {label.partition(" ")[0]: path for label, path in audited_pages(root)}
    if which not in pages:
        pytest.skip(f"{name}'s home page is its publications page")
    server, base = serve(root, compress=True)
    try:
        report = tmp_path / "report.json"
        scores = lighthouse(base + pages[which], report, "mobile", STEADY)
    finally:
        server.shutdown()
        server.server_close()
    missed = {category: scores[category] for category in STEADY if scores[category] < TARGET}
    assert not missed, (missed, failing_audits(report))
