"""A .bib written for al-folio renders unchanged, with no warnings."""

from __future__ import annotations

import pytest

from .helpers import page, warnings_of


@pytest.mark.sphinx("html", testroot="alfolio", freshenv=True)
def test_alfolio_bib_builds_without_warnings(app):
    app.build()
    assert not warnings_of(app)
    # al-folio's bare preview name is found in its assets/img/publication_preview/.
    entry = page(app, "publications").find("li", id="pub-einstein1905movement")
    thumbnail = entry.select_one("img")
    assert thumbnail is not None
    assert (thumbnail["width"], thumbnail["height"]) == ("1", "1")


@pytest.mark.sphinx("html", testroot="alfolio", freshenv=True)
def test_mark_symbols_become_marks_and_the_owner_still_matches(app):
    app.build()
    soup = page(app, "publications")
    meaning = soup.find("li", id="pub-einstein1950meaning")
    owner = meaning.select_one("strong.bibfolio-owner")
    assert owner.get_text() == "A. Einstein"
    assert owner.find_next_sibling("sup").get_text() == "*†"
    epr = soup.find("li", id="pub-physrev-47-777")
    assert [s.get_text() for s in epr.select("strong.bibfolio-owner")] == ["A. Einstein"]
    assert [s.get_text() for s in epr.select("sup.bibfolio-mark")] == ["*", "*", "*"]
    authors = epr.select_one(".bibfolio-authors").get_text()
    assert "∗" not in authors and "Podolsky*" in authors.replace(" ", "")
    assert [p.get_text() for p in soup.select("p.bibfolio-legend")] == [
        "*: equal contribution; †: corresponding author"
    ]


@pytest.mark.sphinx("html", testroot="alfolio", freshenv=True)
def test_alfolio_fields(app):
    app.build()
    soup = page(app, "publications")
    epr = soup.find("li", id="pub-physrev-47-777")
    assert epr.select_one(".bibfolio-badge").get_text() == "PhysRev"
    # Venue strings with trailing commas and @string macros.
    assert epr.select_one(".bibfolio-venue em").get_text() == "Phys. Rev."
    assert epr.select_one(".bibfolio-award").get_text() == "Nobel Prize in Physics"
    note = epr.select_one(".bibfolio-note")
    assert " ".join(note.get_text().split()) == "More Information can be found here"
    assert note.find("a")["href"] == "https://github.com/alshedivat/al-folio/"
    assert note.find("em").get_text() == "More Information"
    meaning = soup.find("li", id="pub-einstein1950meaning")
    assert meaning.select_one(".bibfolio-note").get_text() == (
        "* Example use of superscripts · † Albert Einstein"
    )
    links = [a.get_text() for a in epr.select("a.bibfolio-link")]
    assert links == ["PDF", "DOI", "HTML", "URL", "Video"]
    arxiv = soup.find("li", id="pub-einstein1905movement").select_one("a.bibfolio-link")
    assert arxiv["href"] == "https://arxiv.org/abs/physics/0511203"
    # selected = {true} entries are the home page's list.
    home = page(app, "index")
    assert [li["id"] for li in home.select("li.bibfolio-entry")] == [
        "pub-einstein1950meaning",
        "pub-physrev-47-777",
    ]


@pytest.mark.sphinx("html", testroot="alfolio", freshenv=True)
def test_clean_bibtex_drops_alfolio_fields_and_marks(app):
    app.build()
    bibtex = (
        page(app, "publications")
        .find("li", id="pub-physrev-47-777")
        .select_one("details.bibfolio-cite .bibfolio-bibtex pre")
        .get_text()
    )
    assert "author = {Einstein, A. and Podolsky, B. and Rosen, N.}" in bibtex
    for field in (
        "abbr",
        "altmetric",
        "dimensions",
        "google_scholar_id",
        "video",
        "pdf",
        "html",
        "additional_info",
        "award",
        "award_name",
        "bibtex_show",
        "selected",
    ):
        assert f"\n  {field} = " not in bibtex, field
    for field in ("doi", "url", "journal", "volume", "pages", "month", "publisher", "abstract"):
        assert f"\n  {field} = " in bibtex, field
    assert "  month = may," in bibtex
