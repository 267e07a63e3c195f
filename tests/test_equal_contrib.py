"""Equal contribution comes from author+an annotations; the legend appears once per page."""

from __future__ import annotations

import pytest

from .helpers import page, warnings_of


def marked(soup, key: str) -> list[str]:
    entry = soup.find("li", id=f"pub-{key}")
    return [
        sup.find_previous(string=True).strip(", ") or sup.find_previous("strong").get_text()
        for sup in entry.select("sup.bibfolio-mark")
    ]


@pytest.mark.sphinx("html", testroot="equal-contrib", freshenv=True)
def test_marked_authors_get_a_star(app):
    app.build()
    assert not warnings_of(app)
    soup = page(app)
    shared = soup.find("li", id="pub-shared")
    marks = [sup.get_text() for sup in shared.select("sup.bibfolio-mark")]
    assert marks == ["*", "*"]
    text = shared.select_one(".bibfolio-authors").get_text()
    assert "Charles Babbage*, Ada Lovelace*, and Mary Somerville" in text
    cosenior = soup.find("li", id="pub-cosenior").select_one(".bibfolio-authors").get_text()
    assert "Ada Lovelace, Caroline Herschel*, and Mary Somerville*" in cosenior


@pytest.mark.sphinx("html", testroot="equal-contrib", freshenv=True)
def test_legend_once_per_page_that_shows_a_mark(app):
    app.build()
    index = page(app)
    legends = index.select("p.bibfolio-legend")
    assert [legend.get_text() for legend in legends] == ["*: equal contribution"]
    # It follows the first list that shows a mark (a legend first would lead the list):
    # after that list's last entry, before the next list.
    assert legends[0].find_previous("li", class_="bibfolio-entry")["id"] == "pub-shared"
    assert legends[0].find_next("li", class_="bibfolio-entry")["id"] == "pub-cosenior"
    assert legends[0].find_previous("ul")["class"] == ["bibfolio-list"]
    assert page(app, "plain").select("p.bibfolio-legend") == []


@pytest.mark.sphinx("text", testroot="equal-contrib", freshenv=True)
def test_marks_and_legend_in_text_output(app):
    app.build()
    text = (app.outdir / "index.txt").read_text()
    assert text.count("*: equal contribution") == 1
    assert "Charles Babbage^*, **Ada Lovelace**^*" in text
