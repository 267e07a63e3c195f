"""{cite} links land on the entry in the main publication list."""

from __future__ import annotations

import pytest

from .helpers import page, warnings_of


@pytest.mark.sphinx("html", testroot="cite-links", freshenv=True)
def test_cite_links_land_on_the_list_entry(app):
    app.build()
    assert not warnings_of(app)
    honors = page(app, "honors")
    links = [a["href"] for a in honors.select("span.bibfolio-citation a, span.bibtex-citation a")]
    assert links == ["pubs.html#pub-engine", "pubs.html#pub-notes"]
    pubs = page(app, "pubs")
    assert pubs.find("li", id="pub-engine") is not None
    assert pubs.find("li", id="pub-notes") is not None


@pytest.mark.sphinx("html", testroot="cite-links", freshenv=True)
def test_the_same_entry_on_two_pages_keeps_one_target(app):
    app.build()
    assert "duplicate" not in warnings_of(app)
    home = page(app, "index")
    # Only the selected entry is on the home page, and it is on the list page as well.
    assert [li["id"] for li in home.select("li.bibfolio-entry")] == ["pub-engine"]
    honors = page(app, "honors")
    assert "index.html" not in str(honors.select("span.bibtex-citation"))


@pytest.mark.sphinx("latex", testroot="cite-links", freshenv=True)
def test_latex_citations_have_targets(app):
    app.build()
    assert not warnings_of(app)
    tex = next(app.outdir.glob("*.tex")).read_text()
    assert r"\hyperlink{cite.pubs:pub-engine}" in tex
    assert r"\hypertarget{cite.pubs:pub-engine}{}" in tex
