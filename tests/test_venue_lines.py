"""The venue line per entry type: what a reader expects under each entry, in every view."""

from __future__ import annotations

import pytest

from .helpers import page, warnings_of

VENUES = {
    "art": "Journal of Engines, 12(3), pp. 1–10, March 2020",
    "eid": "Physical Review, 7, article 044001, 2019",
    "conf": (
        "In Charles Babbage and Mary Somerville (eds.), Proceedings of the Engine Conference "
        "(EC 2018), pp. 5–9, Engine Press, 2018"
    ),
    "chapter": "In Charles Babbage (ed.), Collected Notes, p. 77, Murray, 2017",
    "book": "3rd edition, Engine Studies, vol. 4, Murray, London, 2016",
    "phd": "PhD thesis, University of London, 2015",
    "ms": "Master's thesis, King's College, London, 2014",
    "tr": "Technical Report TR-7, Engine Lab, 2013",
    "misc": "Invited talk, Royal Society, 2012",
    "patent": "Patent GB 1234, 2011",
    "soft": "Analytical Society, version 1.2, 2010",
}
#: The container title, shown in italics (journals, books a part is in, howpublished).
ITALIC = {
    "art": ["Journal of Engines"],
    "eid": ["Physical Review"],
    "conf": ["Proceedings of the Engine Conference"],
    "chapter": ["Collected Notes"],
    "misc": ["Invited talk, Royal Society"],
}


@pytest.fixture
def entries(app):
    app.build()
    assert not warnings_of(app)
    return {li["id"][4:]: li for li in page(app).select("li.bibfolio-entry")}


@pytest.mark.sphinx("html", testroot="venue", freshenv=True)
def test_venue_line_per_type(entries):
    shown = {
        key: li.select_one(".bibfolio-venue").get_text().strip() for key, li in entries.items()
    }
    assert shown == VENUES
    italic = {
        key: [em.get_text() for em in li.select(".bibfolio-venue em")]
        for key, li in entries.items()
    }
    assert {key: names for key, names in italic.items() if names} == ITALIC


@pytest.mark.sphinx("html", testroot="venue", freshenv=True)
def test_badge_award_and_editors_are_not_authors(entries):
    art = entries["art"]
    assert art.select_one(".bibfolio-badge").get_text() == "JoE"
    assert art.select_one(".bibfolio-award").get_text() == "Best paper"
    conf = entries["conf"]
    assert conf.select_one(".bibfolio-authors").get_text().strip() == "Ada Lovelace"


@pytest.mark.sphinx("html", testroot="venue", freshenv=True)
def test_paper_page_shows_the_same_venue(app):
    app.build()
    paper = page(app, "publications/conf")
    assert paper.select_one(".bibfolio-paper-venue").get_text().strip() == VENUES["conf"]
    thesis = page(app, "publications/phd")
    assert thesis.select_one(".bibfolio-paper-venue").get_text().strip() == VENUES["phd"]


@pytest.mark.sphinx("text", testroot="venue", freshenv=True)
def test_text_output_has_the_venue_lines(app):
    app.build()
    assert not warnings_of(app)
    # The text writer marks emphasis with asterisks; the words are what matters here.
    text = " ".join((app.outdir / "index.txt").read_text().replace("*", "").split())
    for key in ("art", "conf", "tr", "phd"):
        assert VENUES[key] + "." in text, key


@pytest.mark.sphinx("html", testroot="venue", freshenv=True)
def test_a_changed_renderer_renders_cached_entries_again(app, make_app, monkeypatch):
    from bibfolio import _version
    from bibfolio.build import fragments

    # The venue and date modules are part of the code the cache is keyed on.
    files = {name for name, _, _ in _version.code_signature()}
    assert {
        "doctree/render.py",
        "doctree/inline.py",
        "model/venue.py",
        "model/dates.py",
        "model/pairing.py",
    } <= files
    app.build()  # earlier tests of this root may have left cached fragments
    same = make_app("html", srcdir=app.srcdir)
    same.build(force_all=True)
    assert "0 list entries rendered, 11 reused" in same.status.getvalue()
    edited = (*_version.code_signature(), ("model/venue.py", 1, 1))
    monkeypatch.setattr(fragments, "code_signature", lambda: edited)
    changed = make_app("html", srcdir=app.srcdir)
    changed.build(force_all=True)
    assert "11 list entries rendered, 0 reused" in changed.status.getvalue()
