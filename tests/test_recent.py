"""A ``:selected:`` list with no entry selected shows the newest, under a heading saying so."""

from __future__ import annotations

import re

import pytest

from .helpers import heading_text, page, warnings_of


def keys(soup) -> list[str]:
    return [li["id"][4:] for li in soup.select("li.bibfolio-entry")]


def headings(soup) -> list[str]:
    return [heading_text(h) for h in soup.select("section > h2")]


@pytest.mark.sphinx("html", testroot="recent", freshenv=True)
def test_no_selected_entry_lists_the_newest_under_recent_publications(app):
    app.build()
    assert warnings_of(app) == ""
    home = page(app)
    assert headings(home) == ["Recent publications"]
    assert keys(home) == ["newest2024", "new2023", "mid2021", "old2019"]
    # A heading of the user's own is left alone; :recent: sets how many.
    papers = page(app, "papers")
    assert headings(papers) == ["Lately"]
    assert keys(papers) == ["newest2024", "new2023"]
    # Said once per build, as information, with how to choose them.
    status = re.sub(r"\x1b\[[0-9;]*m", "", app.status.getvalue())
    said = [line for line in status.splitlines() if "has selected = {true}" in line]
    assert len(said) == 1
    assert "add selected = {true} to the entries" in said[0]


@pytest.mark.sphinx("html", testroot="recent", freshenv=True, confoverrides={"language": "de"})
def test_the_heading_is_translated(app):
    app.build()
    assert headings(page(app)) == ["Neueste Veröffentlichungen"]


@pytest.mark.sphinx("html", testroot="recent", srcdir="recent-then-selected")
def test_a_selected_entry_brings_the_choice_back(app, make_app):
    app.build()
    assert keys(page(app)) == ["newest2024", "new2023", "mid2021", "old2019"]
    bib = app.srcdir / "refs.bib"
    bib.write_text(
        bib.read_text().replace("year = {2019},", "year = {2019},\n  selected = {true},"),
        encoding="utf-8",
    )
    again = make_app("html", srcdir=app.srcdir)  # the next, incremental build
    again.build()
    # (A second app in one process warns that Sphinx's own nodes are registered again.)
    assert "[bibfolio" not in warnings_of(again)
    home = page(again)
    assert headings(home) == ["Selected publications"]
    assert keys(home) == ["old2019"]
    assert "has selected = {true}" not in again.status.getvalue()


@pytest.mark.sphinx("text", testroot="recent", freshenv=True)
def test_text_builder_gets_the_same_heading(app):
    app.build()
    text = (app.outdir / "index.txt").read_text(encoding="utf-8")
    assert "Recent publications" in text
    assert "Punched Cards Revisited" in text
