"""Private and local fields of reference-manager exports are never published.

The root holds one export each from Zotero (Better BibTeX), JabRef, Mendeley Desktop and
BibDesk, written in the shapes those tools produce, about a made-up paper set.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bibfolio.__main__ import main
from bibfolio.formats.cleanbib import clean_bibtex
from bibfolio.model.privacy import private_fields

from .helpers import page, warnings_of

ROOT = Path(__file__).parent / "roots" / "test-privacy"
#: Text that only the private fields hold: none of it may appear in any output file.
SECRETS = (
    "/Users/ada",
    "Zotero/storage",
    "Mendeley Desktop",
    "Lovelace1842.pdf",
    "Reread section 3",
    "private remark",
    "Seminar reading",
    "prio1",
    "rank5",
    "qualityAssured",
    "[ada:1]",
    "2024-01-15T10:11:12",
    "check the Bernoulli table",
    "Thesis chapter 2",
    "to-cite",
    "YnBsaXN0",
    "date-added",
    "+0000",
)
NOTE = (
    "bibfolio: private or local fields left out of the published BibTeX of 5 entries: "
    "__markedentry (1), annote (1), bdsk-file-1 (1), bdsk-url-1 (1), comment (1), "
    "comment-ada (1), creationdate (1), date-added (1), date-modified (1), file (4), "
    "groups (1), mendeley-groups (1), mendeley-tags (1), modificationdate (1), owner (1), "
    "printed (1), priority (1), qualityassured (1), ranking (1), readstatus (1), "
    "relevance (1), timestamp (1) [bibfolio.private_field]"
)


def output_texts(outdir: Path) -> dict[str, str]:
    """Every text file the build wrote (pages, downloads, search index), by path."""
    return {
        str(path.relative_to(outdir)): path.read_text(encoding="utf-8", errors="replace")
        for path in outdir.rglob("*")
        if path.is_file() and path.suffix in {".html", ".bib", ".js", ".txt", ".json", ".xml"}
    }


@pytest.mark.sphinx("html", testroot="privacy", freshenv=True)
def test_no_private_field_reaches_any_output(app):
    app.build()
    # A -W build of these exports passes: the note is not a warning.
    assert not warnings_of(app)
    texts = output_texts(Path(app.outdir))
    assert "index.bib" in texts
    assert "publications/lovelacenotesanalyticalengine1843.html" in texts
    leaks = [(name, secret) for name, text in texts.items() for secret in SECRETS if secret in text]
    assert leaks == []


@pytest.mark.sphinx("html", testroot="privacy", freshenv=True)
def test_the_build_names_the_dropped_fields_once(app):
    app.build()
    status = re.sub(r"\x1b\[[0-9;]*m", "", app.status.getvalue())
    notes = [line for line in status.splitlines() if "[bibfolio.private_field]" in line]
    bib = Path(app.srcdir) / "zotero.bib"
    assert notes == [f"{bib}:15: {NOTE}"]


@pytest.mark.sphinx(
    "html",
    testroot="privacy",
    freshenv=True,
    confoverrides={"suppress_warnings": ["bibfolio.private_field"]},
)
def test_the_note_can_be_silenced(app):
    app.build()
    assert "private_field" not in app.status.getvalue()
    assert not warnings_of(app)


@pytest.mark.sphinx("html", testroot="privacy", freshenv=True)
def test_public_fields_stay_in_every_bibtex_view(app):
    app.build()
    entry = page(app).find("li", id="pub-lovelacenotesanalyticalengine1843")
    listed = entry.select_one("details.bibfolio-bibtex pre").get_text()
    paper = page(app, "publications/lovelacenotesanalyticalengine1843")
    on_paper = paper.select_one("div.bibfolio-bibtex pre").get_text()
    download = (Path(app.outdir) / "index.bib").read_text(encoding="utf-8")
    for text in (listed, on_paper, download):
        for kept in (
            "  keywords = {computing,history},",
            "  urldate = {2024-01-15},",
            "  date = {1843},",
            "  journaltitle = {Scientific Memoirs},",
            "  langid = {english},",
            "  doi = {10.1000/zotero-engine},",
        ):
            assert kept in text
        assert "file =" not in text
    assert "  abstract = {An abstract Mendeley exported; it is public.}," in download
    assert "  keywords = {analytical engine,computing}," in download
    assert "  url = {https://example.org/letter}," in download
    # The JabRef entry keeps its data and loses only the bookkeeping.
    jabref = download[download.index("@article{Lovelace1842,") :].split("\n}\n", 1)[0]
    assert re.findall(r"^  (\S+) =", jabref, re.MULTILINE) == [
        "author",
        "journal",
        "title",
        "year",
        "volume",
    ]


def test_the_checker_prints_one_note_and_exits_clean(capsys, monkeypatch):
    monkeypatch.chdir(ROOT)
    files = ["zotero.bib", "jabref.bib", "mendeley.bib", "bibdesk.bib"]
    status = main(["check", *files, "--owner", "Ada Lovelace"])
    out, err = capsys.readouterr()
    assert (status, err) == (0, "")
    assert out.splitlines() == [
        "zotero.bib:15: note: " + NOTE.removeprefix("bibfolio: ").replace("bibfolio.", ""),
        "zotero.bib: 2 entries, 0 problems",
        "jabref.bib: 1 entry, 0 problems",
        "mendeley.bib: 1 entry, 0 problems",
        "bibdesk.bib: 1 entry, 0 problems",
        "4 files: 5 entries, 0 problems",
        "owner 'Ada Lovelace': matches an author in 5 of 5 entries",
    ]


@pytest.mark.parametrize(
    ("fields", "private"),
    [
        ({"pdf": "/Users/ada/paper.pdf"}, ["pdf"]),
        ({"pdf": "~/papers/paper.pdf"}, ["pdf"]),
        ({"pdf": "C:\\Users\\ada\\paper.pdf"}, ["pdf"]),
        ({"url": "file:///home/ada/paper.pdf"}, ["url"]),
        ({"uri": "papers3://publication/uuid/1234"}, ["uri"]),
        ({"local-url": "paper.pdf"}, ["local-url"]),
        ({"pdf": "papers/paper.pdf"}, []),
        ({"url": "https://example.org/paper.pdf"}, []),
        ({"note": "file: see the appendix"}, []),
        ({"abstract": "x", "keywords": "y", "urldate": "2024-01-01", "annotation": "z"}, []),
        ({"comment-bob": "x", "bdsk-url-2": "https://example.org"}, ["comment-bob", "bdsk-url-2"]),
    ],
)
def test_private_field_rules(fields, private):
    assert private_fields(fields) == private


def test_clean_bibtex_of_a_local_pdf_path_keeps_the_rest():
    from bibfolio.reading.bibtex import read_bib_files

    bib = "@misc{a,\n  title = {A},\n  pdf = {/Users/ada/a.pdf},\n  year = 2020,\n}\n"
    (entry,), _ = read_bib_files([("refs.bib", bib.encode())], "utf-8")
    assert clean_bibtex(entry) == "@misc{a,\n  title = {A},\n  year = {2020},\n}"


@pytest.mark.sphinx("html", testroot="privacy-cite", freshenv=True)
def test_cited_entries_keep_private_fields_out_of_the_bibliography(app):
    # sphinxcontrib-bibtex's styles print url: a file: URL would become a link.
    app.build()
    texts = output_texts(Path(app.outdir))
    cited = page(app).select_one("div.citation, dl.citation, [role=doc-biblioentry]")
    assert cited is not None
    assert "Ada Lovelace. A draft on engines. 1843." in cited.get_text()
    assert "Circulated privately" in cited.get_text()
    leaks = [
        (name, secret)
        for name, text in texts.items()
        for secret in ("/Users/ada", "Ask Charles")
        if secret in text
    ]
    assert leaks == []
