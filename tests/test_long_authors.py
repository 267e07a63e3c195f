"""Long author lists fold, keep the owner visible, and keep every name in the HTML."""

from __future__ import annotations

import pytest

from .helpers import page, warnings_of


@pytest.mark.sphinx("html", testroot="long-authors", freshenv=True)
def test_sixty_authors_with_the_owner_at_45(app):
    app.build()
    assert not warnings_of(app)
    entry = page(app).find("li", id="pub-crowd")
    short = entry.select_one(".bibfolio-authors-short")
    shown = [part.strip() for part in short.get_text().split(",")]
    # Seven leading authors, a gap, the owner (bold), a gap: 9 of 60 names visible.
    assert shown == [f"Person Author{i:02d}" for i in range(1, 8)] + ["…", "Grace Hopper", "…"]
    assert [s.get_text() for s in short.select("strong.bibfolio-owner")] == ["Grace Hopper"]
    reveal = entry.select_one("details.bibfolio-authors-all")
    assert reveal.select_one("summary .bibfolio-when-closed").get_text() == "52 more authors"
    full = reveal.select_one(".bibfolio-authors-full").get_text()
    names = [name.strip().removeprefix("and ") for name in full.split(",")]
    assert len(names) == 60
    assert names[44] == "Grace Hopper"
    assert (
        reveal.select_one(".bibfolio-authors-full strong.bibfolio-owner").get_text()
        == "Grace Hopper"
    )


@pytest.mark.sphinx(
    "html", testroot="long-authors", freshenv=True, confoverrides={"bibfolio_max_authors": 70}
)
def test_the_fold_is_configurable(app):
    app.build()
    entry = page(app).find("li", id="pub-crowd")
    assert entry.select_one("details.bibfolio-authors-all") is None
    assert entry.select_one(".bibfolio-authors").get_text().count(",") == 59
