"""{publications} options: grouping, order, titles, filters; bad values warn at page:line."""

from __future__ import annotations

import pytest

from .helpers import heading_text, page, warnings_of


def keys(soup) -> list[str]:
    return [li["id"][4:] for li in soup.select("li.bibfolio-entry")]


def groups(soup) -> list[str]:
    return [heading_text(h) for h in soup.select("section.bibfolio-group > h2")]


@pytest.mark.sphinx("html", testroot="list-options", freshenv=True)
def test_default_groups_newest_first_ties_in_bib_order(app):
    app.build()
    soup = page(app)
    assert groups(soup) == [
        "Journal Publications",
        "Conference Publications",
        "Workshop Publications",
        "Preprints",
    ]
    assert keys(soup) == ["j2022", "j2020", "c2022a", "c2022b", "w2021", "p2023"]


@pytest.mark.sphinx("html", testroot="list-options", freshenv=True)
def test_group_by_year_none_and_selected(app):
    app.build()
    by_year = page(app, "by-year")
    assert groups(by_year) == ["2023", "2022", "2021", "2020"]
    assert keys(by_year) == ["p2023", "c2022a", "c2022b", "j2022", "w2021", "j2020"]
    flat = page(app, "flat")
    assert groups(flat) == []
    # The same entry twice on one page (here: also in the selected list) gets a second anchor.
    assert keys(flat) == ["p2023", "c2022a", "c2022b", "j2022", "w2021", "j2020", "c2022b-2"]


@pytest.mark.sphinx("html", testroot="list-options", freshenv=True)
def test_group_titles_and_filter(app):
    app.build()
    assert groups(page(app, "renamed")) == [
        "Articles",
        "Conference Publications",
        "Workshop Publications",
        "Working Papers",
    ]
    assert keys(page(app, "filtered")) == ["c2022a", "c2022b", "p2023"]


@pytest.mark.sphinx("html", testroot="list-options", freshenv=True)
def test_bad_option_values_warn_at_the_directive(app):
    app.build()
    warnings = warnings_of(app).splitlines()
    source = app.srcdir / "broken.md"
    assert warnings == [
        f"{source}:3: WARNING: syntax error in :filter: 'year >=': invalid syntax; listing every entry [bibfolio.filter]",
        f"{source}:3: WARNING: unknown value 'decade' for :group-by: (expected type or year or none); using the default [bibfolio.directive]",
    ]
    assert len(keys(page(app, "broken"))) == 6  # nothing lost
