"""biblatex entries as a reader sees them: dates, titles, editors, "et al.", types, citations."""

from __future__ import annotations

import pytest

from .helpers import page, warnings_of


@pytest.fixture
def entries(app):
    app.build()
    assert not warnings_of(app)
    return {li["id"][4:]: li for li in page(app).select("li.bibfolio-entry")}


def text_of(entry, selector: str) -> str:
    return " ".join(entry.select_one(selector).get_text().split())


@pytest.mark.sphinx("html", testroot="biblatex", freshenv=True)
def test_every_entry_listed_except_the_set(entries):
    # @set groups other entries: it is no publication and gets no page.
    assert list(entries) == ["engine", "edited", "single", "phd", "masters", "tr", "site"]


@pytest.mark.sphinx("html", testroot="biblatex", freshenv=True)
def test_dates_titles_and_journaltitle(entries):
    engine = entries["engine"]
    assert engine["data-year"] == "1843"
    assert text_of(engine, ".bibfolio-title") == (
        "Sketch of the Analytical Engine: With Notes by the Translator. Translated from the French"
    )
    # origdate is not printed, as in biblatex's standard style; langid changes nothing.
    assert (
        text_of(engine, ".bibfolio-venue") == "Scientific Memoirs, 3(29), pp. 666–731, March 1843"
    )
    assert text_of(entries["edited"], ".bibfolio-venue") == (
        "2nd edition, John Murray, London, 1834–1836"
    )
    assert entries["edited"]["data-year"] == "1834"
    assert text_of(entries["phd"], ".bibfolio-venue") == (
        "PhD thesis, University of London, May 15, 1840"
    )
    assert text_of(entries["masters"], ".bibfolio-venue") == (
        "Master's thesis, University of London, 1838"
    )
    assert text_of(entries["tr"], ".bibfolio-venue") == (
        "Technical Report TR-42, Jacquard Institute, 1841–"
    )
    assert text_of(entries["site"], ".bibfolio-venue") == "Analytical Society, 1845"


@pytest.mark.sphinx("html", testroot="biblatex", freshenv=True)
def test_types_are_grouped(entries):
    groups = {key: li["data-type"] for key, li in entries.items()}
    assert groups == {
        "engine": "journal",
        "edited": "book",
        "single": "book",
        "phd": "thesis",
        "masters": "thesis",
        "tr": "report",
        "site": "other",
    }


@pytest.mark.sphinx("html", testroot="biblatex", freshenv=True)
def test_editors_are_the_people_line_of_edited_books(entries):
    edited = entries["edited"].select_one(".bibfolio-authors")
    assert " ".join(edited.get_text().split()) == "Ada Lovelace and Mary Somerville (eds.)"
    assert [s.get_text() for s in edited.select("strong.bibfolio-owner")] == ["Ada Lovelace"]
    # editor+an = {1=highlight} makes an editor the owner, as author+an does for authors.
    single = entries["single"].select_one(".bibfolio-authors")
    assert " ".join(single.get_text().split()) == "Caroline Herschel (ed.)"
    assert [s.get_text() for s in single.select("strong.bibfolio-owner")] == ["Caroline Herschel"]


@pytest.mark.sphinx("html", testroot="biblatex", freshenv=True)
def test_and_others_is_et_al_and_never_an_author(app, entries):
    assert text_of(entries["engine"], ".bibfolio-authors") == (
        "Ada Lovelace, Charles Babbage, et al."
    )
    paper = page(app, "publications/engine")
    authors = [meta["content"] for meta in paper.select('meta[name="citation_author"]')]
    assert authors == ["Lovelace, Ada", "Babbage, Charles"]
    assert "others" not in str(paper.select_one('script[type="application/ld+json"]'))
    coins = entries["engine"].select_one("span.Z3988")["title"]
    assert "rft.au=Lovelace%2C+Ada&rft.au=Babbage%2C+Charles&" in coins
    assert "others" not in coins.lower()


@pytest.mark.sphinx("html", testroot="biblatex", freshenv=True)
def test_date_in_metadata(app):
    app.build()
    paper = page(app, "publications/engine")
    assert paper.find("meta", attrs={"name": "citation_journal_title"})["content"] == (
        "Scientific Memoirs"
    )
    dates = [
        meta["content"]
        for meta in paper.find_all("meta")
        if meta.get("name") in ("citation_date", "citation_publication_date")
    ]
    assert dates
    assert all(date.startswith("1843") for date in dates)


@pytest.mark.sphinx("html", testroot="biblatex", freshenv=True)
def test_citations_of_biblatex_entries(app):
    app.build()
    links = [(a.get_text(), a["href"]) for a in page(app).select("p a[href^='#pub-']")]
    assert links == [("1", "#pub-engine"), ("2", "#pub-edited")]


@pytest.mark.sphinx("html", testroot="biblatex-cite", freshenv=True)
def test_an_article_without_journal_keeps_its_type_for_sphinxcontrib_bibtex(app):
    app.build()
    assert warnings_of(app).strip().splitlines() == [
        f"{app.srcdir / 'refs.bib'}:8: WARNING: entry 'bare' (@article) lacks the required "
        "field 'journal' or 'journaltitle' [bibfolio.missing_field]"
    ]
    assert app.env.get_domain("cite").data["bibdata"].data.entries["bare"].type == "article"
    # A {bibliography} filtering on the type finds it, and formats it without an error.
    shown = [" ".join(c.get_text().split()) for c in page(app, "articles").select(".citation")]
    assert shown == ["[A1] Ada Lovelace. A Draft Without a Journal. 1844."]
    # journaltitle is the journal sphinxcontrib-bibtex formats; "and others" is "et al.".
    (cite,) = page(app).select("p a[href='#pub-jt']")
    assert cite["title"] == (
        "Ada Lovelace, Charles Babbage, et al. Notes on the Engine. Scientific Memoirs, "
        "September 1843."
    )


@pytest.mark.sphinx("text", testroot="biblatex", freshenv=True)
def test_text_output_shows_editors_and_et_al(app):
    app.build()
    assert not warnings_of(app)
    text = " ".join((app.outdir / "index.txt").read_text().replace("*", "").split())
    assert "Ada Lovelace, Charles Babbage, et al. Scientific Memoirs, 3(29)" in text
    assert "Ada Lovelace and Mary Somerville (eds.). 2nd edition, John Murray" in text


@pytest.mark.sphinx("latex", testroot="biblatex", freshenv=True)
def test_latex_output_shows_editors_and_et_al(app):
    app.build()
    assert not warnings_of(app)
    tex = " ".join(next(app.outdir.glob("*.tex")).read_text().split())
    assert r"\sphinxstylestrong{Ada Lovelace}, Charles Babbage, et al." in tex
    assert (
        r"et al. \sphinxstyleemphasis{Scientific Memoirs}, 3(29), pp. 666\textendash{}731, "
        "March 1843" in tex
    )
    assert r"Mary Somerville (eds.)" in tex


@pytest.mark.sphinx("html", testroot="biblatex", freshenv=True)
def test_cite_as_keeps_et_al_and_editors(app):
    app.build()
    engine = page(app, "publications/engine").select_one(".bibfolio-cite-as").get_text()
    assert engine.startswith("Ada Lovelace, Charles Babbage, et al. 1843. Sketch of")
    edited = page(app, "publications/edited").select_one(".bibfolio-cite-as").get_text()
    assert edited.startswith("Ada Lovelace and Mary Somerville (eds.). 1834. On the Connexion")
