"""A typed "et al." in an author list: warned at its line, then read as BibTeX's ``and others``.

``author = {Tom Brown et al.}`` is, to BibTeX, one person whose family name is "al."
(or "et al."); ``and et al`` a person "al".  bibfolio says so and reads both as ``and
others``: the list, the Scholar tags, COinS (``rft.aufirst`` of the same person as the
first ``rft.au``), and every export.
"""

from __future__ import annotations

from pathlib import Path
from urllib.parse import parse_qsl

import pytest

from bibfolio.formats.citeformats import csl_item, ris
from bibfolio.formats.cleanbib import clean_names
from bibfolio.formats.metadata import coins
from bibfolio.model.assemble import build_publications
from bibfolio.model.names import without_truncation
from bibfolio.model.publication import Settings
from bibfolio.reading.bibtex import read_bib_text

from .helpers import page, warnings_of

ROOT = Path(__file__).parent / "roots" / "test-et-al"


@pytest.mark.parametrize(
    ("names", "people", "ending"),
    [
        (["Tom Brown et al."], ["Tom Brown"], "et al."),
        (["Brown, Tom et al"], ["Brown, Tom"], "et al"),
        (["Tom Brown", "et al."], ["Tom Brown"], "et al."),
        (["Tom Brown", "et al"], ["Tom Brown"], "et al"),
        (["Tom Brown", "al."], ["Tom Brown"], "al."),
        (["Tom Brown", "{et al.}"], ["Tom Brown"], "{et al.}"),
        (["Tom Brown et.al."], ["Tom Brown"], "et.al."),
        (["Tom Brown", "others"], ["Tom Brown"], "others"),
        # Not an "et al.": a person, and a name list of one word.
        (["Tom Brown", "Al Quill"], ["Tom Brown", "Al Quill"], ""),
        (["Tom Brown", "Vera Al."], ["Tom Brown", "Vera Al."], ""),
        (["Tom Brown al."], ["Tom Brown al."], ""),
        (["et al."], ["et al."], ""),
    ],
)
def test_the_ending_of_a_name_list(names, people, ending):
    assert without_truncation(names) == (people, ending)


def publications() -> dict:
    text = (ROOT / "refs.bib").read_text(encoding="utf-8")
    found, diagnostics = build_publications(read_bib_text(text, "refs.bib").entries, Settings())
    return found, diagnostics


def test_the_model_reads_and_others():
    found, diagnostics = publications()
    assert [(d.line, d.subtype) for d in diagnostics] == [(2, "et_al"), (8, "et_al")]
    glued, separate, others = found["glued2021"], found["separate2020"], found["others2019"]
    assert [a.person.surname for a in glued.authors] == ["Testperson"]
    assert [a.person.given for a in glued.authors] == ["Tom"]
    assert glued.et_al and separate.et_al and others.et_al
    assert [a.person.surname for a in separate.authors] == ["Testperson", "Quill"]


def test_exports_say_and_others():
    found, _diagnostics = publications()
    glued = found["glued2021"]
    assert clean_names("Tom Testperson et al.") == "Tom Testperson and others"
    assert clean_names("Testperson, Tom and Quill, Vera and et al") == (
        "Testperson, Tom and Quill, Vera and others"
    )
    assert clean_names("Tom Testperson and others") == "Tom Testperson and others"
    assert [line for line in ris(glued).splitlines() if line.startswith("AU")] == [
        "AU  - Testperson, Tom"
    ]
    assert csl_item(glued)["author"] == [{"family": "Testperson", "given": "Tom"}]
    fields = parse_qsl(coins(glued, ""))
    assert [value for key, value in fields if key == "rft.au"] == ["Testperson, Tom"]
    assert ("rft.aulast", "Testperson") in fields
    assert ("rft.aufirst", "Tom") in fields


@pytest.mark.parametrize("name", ["{King, Jr.}, Martin", "Charles de la Vallée Poussin"])
def test_coins_first_author_is_the_first_au(name):
    """rft.aulast/rft.aufirst are read off the first rft.au, so Zotero sees one person."""
    text = f"@article{{k, author = {{{name} and Vera Quill}}, title = {{T}}, year = 2020}}"
    found, _diagnostics = build_publications(read_bib_text(text, "x.bib").entries, Settings())
    fields = parse_qsl(coins(found["k"], ""))
    first = next(value for key, value in fields if key == "rft.au")
    family, _comma, given = first.partition(", ")
    assert dict(fields)["rft.aulast"] == family
    assert given.startswith(dict(fields)["rft.aufirst"])


@pytest.mark.sphinx("html", testroot="et-al", freshenv=True)
def test_warned_at_the_line_and_shown_as_et_al(app):
    app.build()
    bib = Path(app.srcdir) / "refs.bib"
    assert warnings_of(app).splitlines() == [
        f"{bib}:{line}: WARNING: the author list of '{key}' ends in a typed '{typed}'; write "
        "'and others' (BibTeX's way to say more people follow): read as 'and others' "
        "[bibfolio.et_al]"
        for line, key, typed in ((2, "glued2021", "et al."), (8, "separate2020", "et al"))
    ]
    soup = page(app)
    glued = soup.select_one("li#pub-glued2021")
    authors = glued.select_one(".bibfolio-authors").get_text(" ", strip=True)
    assert authors == "Tom Testperson et al."
    assert "al." not in glued.select_one(".bibfolio-authors strong").get_text()
    coins_title = glued.select_one("span.Z3988")["title"]
    assert ("rft.au", "Testperson, Tom") in parse_qsl(coins_title)
    # The paper page's Scholar tags: one author, "Testperson, Tom".
    paper = page(app, "publications/glued2021")
    assert [tag["content"] for tag in paper.select('meta[name="citation_author"]')] == [
        "Testperson, Tom"
    ]
    # The BibTeX a visitor copies, and the whole list's download, say "and others".
    assert (
        "author = {Tom Testperson and others}"
        in glued.select_one(".bibfolio-bibtex pre").get_text()
    )
    download = (Path(app.outdir) / "index.bib").read_text(encoding="utf-8")
    assert "author = {Testperson, Tom and Quill, Vera and others}" in download
