"""The CV PDF: built from the site's pages and .bib, typeset with Typst (issue 15)."""

from __future__ import annotations

import re
import shutil
import struct
import subprocess
import sys
import unicodedata
import zlib
from typing import TYPE_CHECKING

import pytest
from bs4 import BeautifulSoup
from pypdf import PdfReader

from .audit import CHROMIUM, CHROMIUM_FLAGS, serve
from .helpers import REPO

if TYPE_CHECKING:
    from collections.abc import Callable
    from pathlib import Path

    from sphinx.testing.util import SphinxTestApp

    from .helpers import Built

ARTIFACTS = REPO / "tests" / "artifacts" / "cv"
HOSTILE = "#set page(width: 1cm) and $x$ in <script>alert(1)</script> for @key with a \\ slash"


def runs(pdf: Path) -> list[tuple[str, str, float]]:
    """(text, font name, size) of every text run, page by page, in reading order."""
    out: list[tuple[str, str, float]] = []

    def visit(text: str, cm: object, tm: object, font: dict | None, size: float) -> None:
        if text.strip():
            out.append((text, str(font.get("/BaseFont", "")) if font else "", size))

    for page in PdfReader(pdf).pages:
        page.extract_text(visitor_text=visit)
    return out


def first_page_x(pdf: Path) -> list[tuple[str, float]]:
    """(text, x in points from the left edge) of every text run on the PDF's first page."""
    out: list[tuple[str, float]] = []

    def visit(text: str, cm: list, tm: list, font: object, size: float) -> None:
        if text.strip():
            out.append((text.strip(), tm[4] * cm[0] + cm[4]))

    PdfReader(pdf).pages[0].extract_text(visitor_text=visit)
    return out


def text_of(pdf: Path) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(pdf).pages)


def flat(text: str) -> str:
    """Text with line breaks (and the hyphens Typst adds there) joined up."""
    return " ".join(text.replace("-\n", "").split())


def link_targets(pdf: Path) -> list[str]:
    return [
        annotation.get_object()["/A"]["/URI"]
        for page in PdfReader(pdf).pages
        for annotation in page.get("/Annots", [])
        if annotation.get_object().get("/A", {}).get("/URI")
    ]


def out_of_order(text: str, titles: list[str]) -> list[str]:
    """Titles not found in *text* after the one before them (empty: all in order)."""
    # Hyphens are compared out: Typst's hyphenation and a title's own hyphen look the
    # same at a line end.
    missing, position, text = [], 0, text.replace("-", "")
    for title in titles:
        found = text.find(flat(title).replace("-", ""), position)
        if found < 0:
            missing.append(title)
        else:
            position = found + 1
    return missing


def site_titles(built: Built, page: str) -> list[str]:
    """Publication titles in the order the site's list shows them."""
    soup = built.page(page)
    return [title.get_text(" ", strip=True) for title in soup.select(".bibfolio-title")]


def owner_bold_in_each_entry(pdf: Path, titles: list[str], owner: str) -> dict[str, bool]:
    """Title → whether a bold run of *owner* follows it before the next title."""
    found = runs(pdf)
    texts = [text for text, _font, _size in found]
    starts: list[int] = []
    for title in titles:
        after = starts[-1] + 1 if starts else 0
        starts.append(next(i for i in range(after, len(texts)) if title[:25] in flat(texts[i])))
    result = {}
    for index, title in enumerate(titles):
        end = starts[index + 1] if index + 1 < len(starts) else len(found)
        window = found[starts[index] : max(end, starts[index] + 1)]
        # Adjacent bold runs joined: a name can wrap at the end of a line.
        bold, words = [], []
        for text, font, size in window:
            if "Bold" in font and size < 11:
                words.append(text.strip())
            elif words:
                bold.append(" ".join(words))
                words = []
        bold.append(" ".join(words))
        result[title] = owner in bold
    return result


def render_pages(pdf: Path, name: str) -> list[Path]:
    """Pictures of each page, kept in tests/artifacts/cv/ (looked at by a person)."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    for old in ARTIFACTS.glob(f"{name}-*.png"):
        old.unlink()
    if shutil.which("pdftoppm") is None:
        pytest.skip(
            "pdftoppm not found: the CV's pages are drawn by poppler (apt-get install poppler-utils)"
        )
    subprocess.run(["pdftoppm", "-png", "-r", "70", str(pdf), str(ARTIFACTS / name)], check=True)
    return sorted(ARTIFACTS.glob(f"{name}-*.png"))


# -- a small root --------------------------------------------------------------------
@pytest.mark.sphinx("html", testroot="cv")
def test_cv_content_order_and_owner(app: SphinxTestApp) -> None:
    app.build()
    assert not app.warning.getvalue()
    pdf = app.outdir / "cv.pdf"
    text = flat(text_of(pdf))
    assert "Download" not in text  # the CV does not link to itself
    assert "Also as a" not in text
    # Header, home page, definition list, table, bullet list.
    assert text.startswith("Ada Lovelace Analyst · ada@example.org")
    assert "Countess of Lovelace Ockham Park, 1835" in text
    assert "Analytical Engines Fall 1843" in text
    # Every title, in the site's order; the home page's selected list is not repeated.
    titles = ["Notes on the Analytical Engine", HOSTILE, "A Paper with Many Authors"]
    assert out_of_order(text, titles) == []
    assert text.count("Notes on the Analytical Engine") == 1
    # Marks, their legend once, award note, long list folded with the owner kept.
    assert text.count("*: equal contribution") == 1
    assert "Ada Lovelace* and Charles Babbage*" in text
    assert "Best Paper Award" in text
    assert "A One, B Two, …, Ada Lovelace, and 5 others." in text
    assert "Three" not in text
    assert owner_bold_in_each_entry(pdf, titles, "Ada Lovelace") == dict.fromkeys(titles, True)
    # Chart, filter and BibTeX reveals stay on the site.
    assert "@misc" not in text
    assert "Filter" not in text
    render_pages(pdf, "root-cv")


@pytest.mark.sphinx("html", testroot="cv")
def test_cv_hostile_text_is_literal(app: SphinxTestApp) -> None:
    app.build()
    pdf = app.outdir / "cv.pdf"
    text = flat(text_of(pdf))
    assert HOSTILE in text
    assert "Tutor of the #set page(width: 1cm) class" in text
    # The "#set page(width: 1cm)" did not run: the pages are still A4.
    for page in PdfReader(pdf).pages:
        assert round(float(page.mediabox.width)) == 595


@pytest.mark.sphinx("html", testroot="cv")
def test_cv_links_and_metadata(app: SphinxTestApp) -> None:
    app.build()
    pdf = app.outdir / "cv.pdf"
    assert link_targets(pdf) == [
        "mailto:ada@example.org",
        "https://doi.org/10.1000/notes",
        "https://example.org/hostile",
        "https://arxiv.org/abs/2101.00001",
    ]
    meta = PdfReader(pdf).metadata
    assert meta.title == "Ada Lovelace — Curriculum Vitae"
    assert meta.author == "Ada Lovelace"
    assert meta["/Keywords"] == "curriculum vitae, Ada Lovelace, Analyst"
    # Fonts are embedded (Typst's own, never the machine's).
    fonts = {font for _text, font, _size in runs(pdf)}
    assert fonts and all("LibertinusSerif" in font for font in fonts)


@pytest.mark.sphinx("html", testroot="cv")
def test_cv_short_has_selected_entries_only(app: SphinxTestApp) -> None:
    app.build()
    pdf = app.outdir / "cv-short.pdf"
    text = flat(text_of(pdf))
    assert "Notes on the Analytical Engine" in text
    assert "A Paper with Many Authors" not in text
    assert "#set page(width: 1cm) and" not in text
    assert len(PdfReader(pdf).pages) == 1
    render_pages(pdf, "root-cv-short")


@pytest.mark.sphinx(
    "html", testroot="cv", confoverrides={"bibfolio_cv": ["teaching", "index#education"]}
)
def test_cv_parts_in_configured_order(app: SphinxTestApp) -> None:
    app.build()
    assert not app.warning.getvalue()
    text = flat(text_of(app.outdir / "cv.pdf"))
    assert text.index("Teaching") < text.index("Education")
    assert "Analytical Engines" in text
    assert "Notes on the Analytical Engine" not in text
    assert "Analyst of engines" not in text  # only the named section of the home page


@pytest.mark.sphinx(
    "html", testroot="cv", confoverrides={"bibfolio_cv": ["teaching", "nowhere", "index#nope"]}
)
def test_cv_unknown_parts_warn(app: SphinxTestApp) -> None:
    app.build()
    warnings = app.warning.getvalue()
    assert "bibfolio_cv names 'nowhere', but there is no document 'nowhere'" in warnings
    assert "bibfolio_cv: index has no section 'nope'" in warnings
    assert warnings.count("[bibfolio.cv]") == 2


def test_cv_off_writes_none_and_removes_its_old_pdfs(build_root: Callable[..., Built]) -> None:
    first = build_root("cv")
    assert (first.outdir / "cv.pdf").exists()
    off = build_root("cv", fresh=False, overrides={"bibfolio_cv": False})
    assert not off.warnings
    assert sorted(path.name for path in off.outdir.glob("cv*.pdf")) == []
    assert (off.outdir / "publications.html").exists()


def test_no_cv_outside_a_portfolio(build_root: Callable[..., Built]) -> None:
    """bibfolio only for {cite} (no owner): no CV, and none of its warnings."""
    built = build_root("cv-unknown", overrides={"bibfolio_owner": []})
    assert "bibfolio.cv" not in built.warnings
    assert list(built.outdir.glob("cv*.pdf")) == []


def test_dirhtml_cv_links_and_pdfs(build_root: Callable[..., Built]) -> None:
    built = build_root("cv", "dirhtml")
    assert (built.outdir / "cv.pdf").is_file()
    assert (built.outdir / "cv-short.pdf").is_file()
    page = BeautifulSoup((built.outdir / "index.html").read_text(), "html.parser")
    assert [a["href"] for a in page.select("a.bibfolio-cv-link")] == ["cv.pdf", "cv-short.pdf"]
    page = BeautifulSoup((built.outdir / "teaching" / "index.html").read_text(), "html.parser")
    assert [a["href"] for a in page.select("a.bibfolio-cv-link")] == ["../cv.pdf", "../cv/"]


@pytest.mark.sphinx("html", testroot="cv-unknown")
def test_untranslated_node_warns_with_location(app: SphinxTestApp) -> None:
    app.build()
    warnings = app.warning.getvalue()
    assert "index.md:13: WARNING: the CV leaves out a raw (no Typst translation): '<b>x</b>'" in (
        warnings
    )
    assert warnings.count("WARNING") == 1
    assert "[bibfolio.cv]" in warnings
    text = flat(text_of(app.outdir / "cv.pdf"))
    assert "One Paper" in text
    # Admonitions are typeset: a quoted block, its label (its title, or Sphinx's word) first.
    assert "Note Bring the punched cards." in text
    assert "Office hours Thursdays at four." in text
    # No entry is selected: no short CV (it would be a header alone).
    assert not (app.outdir / "cv-short.pdf").exists()
    assert "no cv-short.pdf: no entry is selected" in app.status.getvalue()


def image_widths(pdf: Path) -> list[int]:
    """The pixel width of every image XObject, page by page."""
    return [
        int(xobject.get_object()["/Width"])
        for page in PdfReader(pdf).pages
        for xobject in page["/Resources"].get("/XObject", {}).values()
        if xobject.get_object().get("/Subtype") == "/Image"
    ]


@pytest.mark.sphinx("html", testroot="cv-media")
def test_math_footnotes_and_images_are_typeset(app: SphinxTestApp) -> None:
    app.build()
    warnings = app.warning.getvalue()
    assert warnings.count("WARNING") == 2, warnings
    assert (
        "index.md:3: WARNING: the CV's math prints nothing for \\weirdcmd [bibfolio.cv]" in warnings
    )
    assert (
        "index.md:21: WARNING: the CV leaves out an image: broken.png is not a readable PNG "
        "image [bibfolio.cv]" in warnings
    )
    pdf = app.outdir / "cv.pdf"
    # typst 0.13 sets sub- and superscripts with the font's own glyphs (ₙ, ², read back as
    # such), later releases with smaller letters (read back as n, 2): NFKC reads both alike.
    text = unicodedata.normalize("NFKC", flat(text_of(pdf)))
    # Math: the LaTeX read as Unicode (sub/superscripts extract as plain letters).
    assert "The engine computes Bn = 1/2∑k α2 for every n and y." in text
    assert "∫01 x2 dx = 1/3" in text
    assert "\\frac" not in text
    assert "$" not in text
    # One footnote, referenced twice: one note, its number after both places.
    assert "She wrote the notes in 18431 and kept them1." in text
    assert text.count("Published in Taylor’s Scientific Memoirs.") == 1
    # The PNG is on the page (an image XObject, 1200 px wide); the SVG with its caption.
    assert image_widths(pdf) == [1200]
    assert "The engine’s outline." in text
    render_pages(pdf, "root-cv-media")


def png(width: int, height: int) -> bytes:
    """A plain red PNG of *width* × *height* pixels."""
    row = b"\x00" + b"\xc0\x20\x20" * width

    def chunk(kind: bytes, data: bytes) -> bytes:
        crc = zlib.crc32(kind + data) & 0xFFFFFFFF
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", crc)

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    pixels = zlib.compress(row * height, 9)
    return (
        b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", pixels) + chunk(b"IEND", b"")
    )


def test_an_edited_image_typesets_the_cv_again(build_root: Callable[..., Built]) -> None:
    first = build_root("cv-media")
    pdf = first.outdir / "cv.pdf"
    mtime = pdf.stat().st_mtime_ns
    build_root("cv-media", fresh=False)
    assert pdf.stat().st_mtime_ns == mtime  # nothing changed: not typeset again
    # The same file name with other content.
    (first.srcdir / "banner.png").write_bytes(png(800, 100))
    build_root("cv-media", fresh=False)
    assert image_widths(pdf) == [800]


@pytest.mark.sphinx("html", testroot="cv")
def test_without_typst_one_line_and_site_unchanged(
    app: SphinxTestApp, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "typst", None)  # import typst raises ImportError
    for old in app.outdir.glob("cv*.pdf"):  # the root's output folder is shared by tests
        old.unlink()
    app.build()
    assert not app.warning.getvalue()
    status = app.status.getvalue()
    assert status.count("the typst package is not installed (pip install typst)") == 1
    assert not (app.outdir / "cv.pdf").exists()
    assert "Notes on the Analytical Engine" in (app.outdir / "publications.html").read_text()
    # No link to a PDF that was not written: the words stay, as text.
    index = BeautifulSoup((app.outdir / "index.html").read_text(), "html.parser")
    assert [a["href"] for a in index.select("a.bibfolio-cv-link")] == []
    assert "Download the CV or One-page CV (PDF)." in flat(index.get_text())
    teaching = BeautifulSoup((app.outdir / "teaching.html").read_text(), "html.parser")
    assert [a["href"] for a in teaching.select("a.bibfolio-cv-link")] == ["cv.html"]


@pytest.mark.sphinx("html", testroot="biblatex-cite")
def test_stock_bibliography_entries_are_cv_text(app: SphinxTestApp) -> None:
    """A page's stock ``{bibliography}`` reads in the CV as "[label] reference"."""
    app.build()
    assert "[bibfolio.cv]" not in app.warning.getvalue()
    text = flat(text_of(app.outdir / "cv.pdf"))
    assert "[A1] Ada Lovelace. A Draft Without a Journal. 1844." in text
    assert text.count("Ada Lovelace. A Draft Without a Journal. 1844.") == 1


@pytest.mark.sphinx("html", testroot="cv-stock")
def test_stock_lists_read_once_in_each_cv(app: SphinxTestApp) -> None:
    """Stock refills its stored citation nodes on each resolve; the CV resolves on copies."""
    app.build()
    assert not app.warning.getvalue()
    for name in ("cv.pdf", "cv-short.pdf"):
        text = flat(text_of(app.outdir / name))
        assert text.count("[Lov43] Ada Lovelace. On engines. 1843.") == 1, name
        # A bullet-list bibliography has no label to tell one copy from the next.
        assert text.count("Ada Lovelace. A poster on looms. 1844.") == 1, name
    site = BeautifulSoup((app.outdir / "talks.html").read_text(), "html.parser").get_text()
    assert flat(site).count("A poster on looms") == 1
    page = BeautifulSoup((app.outdir / "cv.html").read_text(), "html.parser").get_text()
    assert flat(page).count("A poster on looms") == 1  # the CV page resolves them alike
    # The domain's stored nodes are stock's own again, as the site's write left them.
    # (Each bibliography stores a node for every entry of the .bib, filled or not.)
    stored = sorted(
        node.astext()
        for value in app.env.get_domain("cite").bibliographies.values()
        for node in value.citation_nodes.values()
        if node.children
    )
    assert [text.count("Ada Lovelace") for text in stored] == [1, 1]


@pytest.mark.sphinx("html", testroot="cv")
def test_cv_link_role(app: SphinxTestApp) -> None:
    app.build()
    links = BeautifulSoup((app.outdir / "index.html").read_text(), "html.parser").select(
        "a.bibfolio-cv-link"
    )
    assert [(a.get_text(), a["href"]) for a in links] == [
        ("the CV", "cv.pdf"),
        ("One-page CV (PDF)", "cv-short.pdf"),
    ]
    assert all((app.outdir / a["href"]).is_file() for a in links)


def test_installing_typst_turns_the_links_on_without_a_source_change(
    build_root: Callable[..., Built], monkeypatch: pytest.MonkeyPatch
) -> None:
    with monkeypatch.context() as without:
        without.setitem(sys.modules, "typst", None)
        first = build_root("cv")
    index = BeautifulSoup((first.outdir / "index.html").read_text(), "html.parser")
    assert index.select("a.bibfolio-cv-link") == []
    second = build_root("cv", fresh=False)  # typst importable again; no page edited
    index = BeautifulSoup((second.outdir / "index.html").read_text(), "html.parser")
    assert [a["href"] for a in index.select("a.bibfolio-cv-link")] == ["cv.pdf", "cv-short.pdf"]
    assert (second.outdir / "cv-short.pdf").is_file()


def test_no_one_page_link_without_a_selected_entry(
    build_root: Callable[..., Built], tmp_path: Path
) -> None:
    first = build_root("cv")
    bib = tmp_path / "cv" / "refs.bib"
    bib.write_text(re.sub(r"selected\s*=\s*\{?true\}?,?", "", bib.read_text()), encoding="utf-8")
    built = build_root("cv", fresh=False)
    assert first.outdir == built.outdir
    assert not (built.outdir / "cv-short.pdf").exists()
    index = BeautifulSoup((built.outdir / "index.html").read_text(), "html.parser")
    assert [a["href"] for a in index.select("a.bibfolio-cv-link")] == ["cv.pdf"]
    assert "One-page CV (PDF)" in index.get_text()
    page = BeautifulSoup((built.outdir / "cv.html").read_text(), "html.parser")
    assert [a["href"] for a in page.select("p.bibfolio-cv-pdfs a")] == ["cv.pdf"]


def test_cv_link_is_text_where_no_pdf_is_written(build_root: Callable[..., Built]) -> None:
    built = build_root("cv", "text")
    assert "bibfolio" not in built.warnings
    assert "Download the CV or One-page CV (PDF)." in (built.outdir / "index.txt").read_text()
    assert "Also as a PDF and a web page." in (built.outdir / "teaching.txt").read_text()
    assert list(built.outdir.glob("cv*.pdf")) == []


# -- rebuilds ----------------------------------------------------------------------------
def test_byte_identical_rebuilds_and_source_date_epoch(
    build_root: Callable[..., Built], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    first = build_root("cv")
    kept = (first.outdir / "cv.pdf").read_bytes()
    shutil.rmtree(first.outdir)
    second = build_root("cv")
    assert (second.outdir / "cv.pdf").read_bytes() == kept
    created = PdfReader(second.outdir / "cv.pdf").metadata["/CreationDate"]
    assert created.removesuffix("Z") == "D:20231114221320"  # typst 0.13 writes no "Z" (UTC)


def test_no_change_rebuild_keeps_the_pdf_and_an_edit_changes_it(
    build_root: Callable[..., Built], tmp_path: Path
) -> None:
    first = build_root("cv")
    pdf = first.outdir / "cv.pdf"
    before = pdf.read_bytes()
    mtime = pdf.stat().st_mtime_ns
    build_root("cv", fresh=False)
    assert pdf.stat().st_mtime_ns == mtime  # not typeset again
    bib = tmp_path / "cv" / "refs.bib"
    bib.write_text(
        bib.read_text().replace("A Paper with Many Authors", "A Renamed Paper"), encoding="utf-8"
    )
    build_root("cv", fresh=False)
    after = pdf.read_bytes()
    assert after != before
    text = flat(text_of(pdf))
    assert "A Renamed Paper" in text
    assert "A Paper with Many Authors" not in text
    page = tmp_path / "cv" / "teaching.md"
    page.write_text(page.read_text().replace("Fall 1843", "Spring 1844"), encoding="utf-8")
    build_root("cv", fresh=False)
    assert "Analytical Engines Spring 1844" in flat(text_of(pdf))


# -- the two real portfolios ---------------------------------------------------------------
def test_mingyu_liang_cv(built_mingyu_liang: Built) -> None:
    pdf = built_mingyu_liang.outdir / "cv.pdf"
    reader = PdfReader(pdf)
    assert 1 <= len(reader.pages) <= 3
    text = flat(text_of(pdf))
    titles = site_titles(built_mingyu_liang, "publications")
    assert len(titles) >= 5
    assert out_of_order(text, titles) == []
    assert owner_bold_in_each_entry(pdf, titles, "Mingyu Liang") == dict.fromkeys(titles, True)
    for fact in (
        "Ph.D. in Electrical and Computer Engineering",
        "Mentored by Krishna Malladi.",
        "Zhiyuan College Honors Scholarship 2016, 2017",  # the date in its column
        "Datacenter Computing ECE 5710 Spring 2021",
        "*: equal contribution",
        "ISCA’23",
    ):
        assert fact in text
    assert "mailto:ml2585@cornell.edu" in link_targets(pdf)
    assert len(render_pages(pdf, "mingyu-liang-cv")) == len(reader.pages)
    short = built_mingyu_liang.outdir / "cv-short.pdf"
    assert len(PdfReader(short).pages) == 1
    short_text = flat(text_of(short))
    selected = site_titles(built_mingyu_liang, "index")
    assert selected and out_of_order(short_text, selected) == []
    # (every paper of the demo is selected; test_cv_short_has_selected_entries_only checks
    # that unselected ones stay out)
    # The home page's card links the CV page, which links both PDFs.
    links = built_mingyu_liang.page("index").select("a.bibfolio-cv-link")
    assert [a["href"] for a in links] == ["cv.html"]
    pdfs = built_mingyu_liang.page("cv").select("a.bibfolio-cv-link")
    assert [a["href"] for a in pdfs] == ["cv.pdf", "cv-short.pdf"]
    # Dates stand in a column at the right margin, as on the CV page.
    runs_x = first_page_x(pdf)
    width = float(reader.pages[0].mediabox.width)
    dates = [(t, x) for t, x in runs_x if re.fullmatch(r"(?:19|20)\d\d(?:, (?:19|20)\d\d)?", t)]
    # (Honors, with "2016, 2017", comes after Teaching in CV order: on the second page.)
    assert {t for t, _ in dates} >= {"2024", "2019", "2022", "2021"}, runs_x
    assert all(x > width * 0.7 for _, x in dates), dates
    phd = next(x for t, x in runs_x if t.startswith("Ph.D. in Electrical"))
    assert phd < width * 0.2
    render_pages(short, "mingyu-liang-cv-short")


def test_mingyu_liang_cv_holds_every_fact_of_its_pages(built_mingyu_liang: Built) -> None:
    """Every heading, paragraph, list item and table cell of the CV's pages is in the PDF."""
    # A date at an item's end is in the date column: "Meta (2024)" reads "Meta 2024".
    undated = re.compile(r"(?:,\s*|\s*\()((?:19|20)\d\d)\)?")
    text = undated.sub(r" \1", flat(text_of(built_mingyu_liang.outdir / "cv.pdf")))
    checked, missing = 0, []
    for name in ("index", "education-experience", "honors", "teaching"):
        soup = built_mingyu_liang.page(name)
        for link in soup.select("a.headerlink"):
            link.decompose()
        main = soup.select_one("article") or soup.select_one("main")
        for element in main.select("h1, h2, h3, p, li, dt, dd, th, td"):
            classes = set(element.get("class", []))
            if classes & {"bibfolio-entry", "bibfolio-profile"} or element.find_parent(
                class_=["bibfolio-entry", "bibfolio-profile"]
            ):
                continue  # publications are checked title by title; the card is the header
            if element.select(".bibfolio-cv-link") or element.find(["p", "ul"]):
                continue  # the CV's own link; items checked through their paragraphs
            fact = " ".join(element.get_text().split())
            if not fact or fact in ("Mingyu Liang", "Selected publications"):
                continue  # the header; the selected list is the full list's papers
            fact = undated.sub(r" \1", fact)
            checked += 1
            if fact not in text:
                missing.append(f"{name}: {fact}")
    assert checked >= 30
    assert missing == []


def test_liang_luo_cv(built_liang_luo: Built) -> None:
    pdf = built_liang_luo.outdir / "cv.pdf"
    text = flat(text_of(pdf))
    assert text.startswith("Liang Luo")
    titles = site_titles(built_liang_luo, "index")
    assert out_of_order(text, titles) == []
    assert owner_bold_in_each_entry(pdf, titles, "Liang Luo") == dict.fromkeys(titles, True)
    render_pages(pdf, "liang-luo-cv")
    assert not (built_liang_luo.outdir / "cv-short.pdf").exists()  # nothing is selected


@pytest.mark.browser
def test_home_page_links_the_cv_in_a_browser(built_mingyu_liang: Built) -> None:
    """A reader clicks "CV" on the home page, then "full CV", and gets the PDF."""
    if not CHROMIUM.is_file():
        pytest.skip(
            f"{CHROMIUM} not found: this test drives Debian's chromium (apt-get install chromium)"
        )
    from playwright.sync_api import sync_playwright

    server, url = serve(built_mingyu_liang.outdir)
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=str(CHROMIUM), args=list(CHROMIUM_FLAGS)
            )
            page = browser.new_page()
            page.goto(url + "index.html")
            page.locator(".bibfolio-profile").get_by_role("link", name="CV", exact=True).click()
            page.wait_for_url("**/cv.html")
            link = page.get_by_role("link", name="full CV", exact=True)
            assert link.is_visible()
            href = link.get_attribute("href")
            response = page.request.get(url + href)
            assert response.status == 200
            assert response.body() == (built_mingyu_liang.outdir / "cv.pdf").read_bytes()
            short = page.get_by_role("link", name="one page", exact=True)
            assert short.get_attribute("href") == "cv-short.pdf"
            browser.close()
    finally:
        server.shutdown()
        server.server_close()


# -- memory: the compile runs in a child process ------------------------------------------
def test_typeset_in_a_child_process(
    build_root: Callable[..., Built], monkeypatch: pytest.MonkeyPatch
) -> None:
    """typst keeps each compile's caches (~300 MB at 3000 entries): not in the build process."""
    import typst

    def no_compile(*args: object, **kwargs: object) -> bytes:
        raise AssertionError("typst.compile ran in the build process")

    monkeypatch.setattr(typst, "compile", no_compile)
    built = build_root("cv")
    assert "bibfolio" not in built.warnings
    assert "Notes on the Analytical Engine" in text_of(built.outdir / "cv.pdf")


def test_typeset_error_is_returned_and_no_pdf_written(tmp_path: Path) -> None:
    from bibfolio.cv.jobs import typeset

    target = tmp_path / "cv.pdf"
    error = typeset("#let broken = (", target)
    assert "unclosed delimiter" in error
    assert not target.exists()
    assert typeset("= Fine", target) == ""
    assert "Fine" in text_of(target)


def typst_starts_and_pages(app: SphinxTestApp, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """What *app*'s build will do, in order: "typst" for a Typst child, "page <name>"."""
    from bibfolio.cv import jobs

    events: list[str] = []
    popen = subprocess.Popen

    def started(argv: list[str], **kwargs: object) -> subprocess.Popen[bytes]:
        events.append("typst")
        return popen(argv, **kwargs)  # type: ignore[call-overload]

    monkeypatch.setattr(jobs.subprocess, "Popen", started)
    app.connect("html-page-context", lambda _app, page, *_args: events.append(f"page {page}"))
    return events


# A copy of its own: in the shared copy an earlier test's PDFs are current, and no child starts.
@pytest.mark.sphinx("html", testroot="cv", srcdir="cv-overlap", freshenv=True)
def test_typst_compiles_while_the_pages_are_written(
    app: SphinxTestApp, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Both PDFs' child starts before the first page is written, not after the last.

    One child typesets both PDFs, one after the other (cv/jobs.py).
    """
    events = typst_starts_and_pages(app, monkeypatch)
    app.build()
    assert "bibfolio" not in app.warning.getvalue()
    assert events[0] == "typst", events
    assert events.count("typst") == 1, events
    assert any(event.startswith("page ") for event in events[1:])
    assert "Notes on the Analytical Engine" in text_of(app.outdir / "cv.pdf")
    assert (app.outdir / "cv-short.pdf").is_file()


def test_a_failed_build_writes_no_pdf(tmp_path: Path) -> None:
    """build-finished with an error stops the compile: no PDF, no stamp."""
    from bibfolio.cv.build import RUNNING, Pending, build_cv
    from bibfolio.cv.jobs import Compile, Typesetting

    class App:  # what build_cv reads of the app
        pass

    app = App()
    target = tmp_path / "cv.pdf"
    job = Typesetting([Compile("= Never written", target)])
    RUNNING[app] = Pending(job, ((tmp_path / "stamp", "inputs"),))  # type: ignore[index]
    build_cv(app, RuntimeError("a page failed"))  # type: ignore[arg-type]
    assert not target.exists()
    assert not (tmp_path / "stamp").exists()
    assert app not in RUNNING


def test_escaped_text_prints_as_written(tmp_path: Path) -> None:
    """Text with every kind of punctuation prints as written, whatever Typst makes of it.

    typst.py leaves some punctuation bare (``,`` ``:`` ``.`` before a space ...) and
    escapes the rest; none of it may become markup (a list, a dash, a smart quote).
    """
    from bibfolio.cv.jobs import typeset
    from bibfolio.cv.typst import escape

    lines = [
        "1. Not a list; a, b: c! d? 50% & (e) f)",
        "Dots... and .x, 2026. Jr. Mr.. end.",
        "-- --- -? -1 'q' \"q\" // /* a */ http://example.org",
        "*b* _i_ $m$ @ref <lab> [x] ~ = + \\ `r` {y} | ^",
    ]
    body = "\n\n".join(escape(line) for line in lines)
    after = "#emph[Title]" + escape(". Then; more", "#emph[Title]")
    stop = "#strong[1984]" + escape(". Not field access", "1984")
    target = tmp_path / "escaped.pdf"
    assert typeset(f"{body}\n\n{after}\n\n{stop}\n", target) == ""
    printed = " ".join(text_of(target).split())
    expected = " ".join([*lines, "Title. Then; more", "1984. Not field access"])
    assert printed == " ".join(expected.split())
