"""BibTeX's ``note``: shown where BibTeX's standard styles print it, and exported where a
format has a place for it (RIS ``N1``, CSL-JSON ``note``, the BibTeX as written)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pypdf import PdfReader

from bibfolio.formats.citeformats import csl_item, ris
from bibfolio.formats.cleanbib import clean_bibtex
from bibfolio.formats.metadata import coins
from bibfolio.formats.references import formatted_reference
from bibfolio.model.assemble import build_publications
from bibfolio.model.notefield import public_note
from bibfolio.model.publication import Settings
from bibfolio.reading.bibtex import read_bib_text
from bibfolio.reading.richtext import plain

from .helpers import page, warnings_of

ROOT = Path(__file__).parent / "roots" / "test-note"


@pytest.mark.parametrize(
    ("written", "shown"),
    [
        ("To appear", "To appear"),
        ("Oral presentation; cited By 12", "Oral presentation"),
        ("cited By 0; Conference of Tests; Conference Code: 7", "Conference of Tests; Conference Code: 7"),
        ("arXiv:2101.00001 [cs]", ""),
        ("Citation Key: quill2022\ntex.ids: q22\nInvited talk", "Invited talk"),
        ("Oral; 5% acceptance", "Oral; 5% acceptance"),
        ("With an appendix by P. Deligne", "With an appendix by P. Deligne"),
        ("The whole issue is devoted\n   to gnats and gnus", "The whole issue is devoted to gnats and gnus"),
    ],
)  # fmt: skip
def test_a_reference_managers_bookkeeping_is_left_out(written, shown):
    assert public_note(written) == shown


def publications() -> dict:
    text = (ROOT / "refs.bib").read_text(encoding="utf-8")
    found, _diagnostics = build_publications(read_bib_text(text, "refs.bib").entries, Settings())
    return found


def test_the_model_and_the_exports():
    found = publications()
    appear, oral, zotero, talk = (
        found[key] for key in ("appear2024", "oral2023", "zotero2022", "talk2021")
    )
    assert plain(appear.note) == "To appear"
    assert plain(oral.note) == "Oral presentation"
    assert plain(zotero.note) == ""
    # An @unpublished's note is its venue: shown once, there.
    assert plain(talk.venue) == "Talk at the Fictional Institute"
    assert plain(talk.note) == ""
    assert csl_item(appear)["note"] == "To appear"
    assert csl_item(oral)["note"] == "Oral presentation"
    assert "note" not in csl_item(zotero)
    assert "N1  - To appear" in ris(appear).splitlines()
    assert not any(line.startswith("N1") for line in ris(zotero).splitlines())
    assert "note = {Oral presentation; cited By 12}" in clean_bibtex(oral.entry)
    assert "note" not in coins(appear, "").lower().replace("rft_val_fmt", "")
    # Neither CSL style prints a note (test_citeproc_js: as citeproc-js).
    for style in ("apa", "ieee"):
        assert "appear" not in formatted_reference(appear, style)


@pytest.mark.sphinx("html", testroot="note", freshenv=True)
def test_shown_in_the_list_the_paper_page_and_the_cv(app):
    app.build()
    assert warnings_of(app) == ""
    soup = page(app)
    notes = {
        li["id"][4:]: li.select_one(".bibfolio-note").get_text(strip=True)
        for li in soup.select("li.bibfolio-entry")
        if li.select_one(".bibfolio-note")
    }
    assert notes == {"appear2024": "To appear", "oral2023": "Oral presentation"}
    talk = soup.select_one("li#pub-talk2021")
    for reveal in talk.select("details"):
        reveal.decompose()  # the BibTeX to copy has the note, as written
    assert talk.get_text(" ", strip=True).count("Talk at the Fictional Institute") == 1
    paper = page(app, "publications/appear2024")
    assert paper.select_one(".bibfolio-note").get_text(strip=True) == "To appear"
    assert page(app, "publications/zotero2022").select(".bibfolio-note") == []
    cv = page(app, "cv")
    assert [n.get_text(strip=True) for n in cv.select(".bibfolio-note")] == [
        "To appear",
        "Oral presentation",
    ]
    pdf = "\n".join(p.extract_text() for p in PdfReader(Path(app.outdir) / "cv.pdf").pages)
    flat = " ".join(pdf.split())
    assert "To appear" in flat
    assert "Oral presentation" in flat
    assert "cited By" not in flat
    items = json.loads((Path(app.outdir) / "index.json").read_text(encoding="utf-8"))
    assert {item["id"]: item.get("note") for item in items}["appear2024"] == "To appear"
