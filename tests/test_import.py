"""``bibfolio import``: sources served by a loopback server, merge rules, output, network errors."""

from __future__ import annotations

import os
import re
import shlex
import shutil
import stat
import subprocess
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import TYPE_CHECKING

import pybtex.database
import pytest
import yaml

from bibfolio.__main__ import check_files, main
from bibfolio.importer.cslitems import csl_record
from bibfolio.importer.http import Client
from bibfolio.importer.records import first_family
from bibfolio.reading.bibtex import read_bib_files
from bibfolio.reading.latex import latex_to_plain, latex_to_rich
from bibfolio.reading.richtext import Span

from .helpers import send_answer

if TYPE_CHECKING:
    from .helpers import FakeTime

FIXTURES = Path(__file__).parent / "import_fixtures"
GOLDEN = FIXTURES / "golden"
ORCID = "0000-0002-1825-0097"


def _file(name: str) -> bytes:
    return (FIXTURES / name).read_bytes()


#: path → list of (status, headers, body); the last answer repeats.
ROUTES: dict[str, list[tuple[int, dict[str, str], bytes]]] = {
    "/doi/10.5555/pub.2024.1": [(200, {}, _file("csl_published.json"))],
    "/doi/10.5555/jrn.2022.7": [(200, {}, _file("csl_journal.json"))],
    "/doi/10.48550/arXiv.2401.00001": [(200, {}, _file("csl_datacite_arxiv.json"))],
    "/arxiv?id_list=2401.00001": [(200, {}, _file("arxiv_2401.00001.xml"))],
    "/arxiv?id_list=9999.99999": [(200, {}, _file("arxiv_error.xml"))],
    "/arxiv?id_list=2401.99999": [(200, {}, _file("arxiv_empty.xml"))],
    # A paper whose authors told arXiv the published version's DOI and reference (the
    # API's 2025 layout) ...
    "/arxiv?id_list=2401.00003": [(200, {}, _file("arxiv_2401.00003.xml"))],
    # ... and one with the reference only.
    "/arxiv?id_list=2401.00005": [
        (
            200,
            {},
            re.sub(rb"\s*<arxiv:doi>.*?</arxiv:doi>", b"", _file("arxiv_2401.00003.xml")).replace(
                b"2401.00003", b"2401.00005"
            ),
        )
    ],
    "/arxiv?id_list=2401.00009": [(503, {}, b"Rate exceeded."), (200, {}, b"Rate exceeded.")],
    "/doi/10.5555/jrn.2023.42": [(200, {}, _file("csl_crossref_article_number.json"))],
    f"/orcid/{ORCID}/works": [(200, {}, _file("orcid_works.json"))],
    # Made-up iDs (valid check digits): a record with no public works, a broken group.
    "/orcid/0000-0002-0000-0014/works": [(200, {}, b'{"group": [], "path": "/works"}')],
    "/orcid/0000-0002-0000-0022/works": [
        (200, {}, b'{"group": [{"external-ids": {"external-id": ["x"]}}, 7]}')
    ],
    "/dblp/pid/e/AdaExample.bib": [(200, {}, _file("dblp_person.bib"))],
    "/dblp/pid/e/AdaExampleX.bib": [(200, {}, _file("dblp_crossref.bib"))],
    # The placeholder id in GUIDE.md's workflow, so its command can run here.
    "/dblp/pid/00/0000.bib": [(200, {}, _file("dblp_person.bib"))],
    "/doi/10.5555/flaky": [
        (429, {"Retry-After": "7"}, b"slow down"),
        (200, {}, _file("csl_journal.json")),
    ],
    "/doi/10.5555/broken": [(500, {}, b"oops")],
    "/doi/10.5555/wait-long": [(429, {"Retry-After": "3600"}, b"")],
    "/doi/10.5555/wait-date": [
        (429, {"Retry-After": "Wed, 21 Oct 2015 07:28:00 GMT"}, b""),
        (200, {}, _file("csl_journal.json")),
    ],
    "/doi/10.5555/garbage": [(200, {}, b"<html>not json</html>")],
    "/arxiv?id_list=2402.00002": [(200, {}, b"<feed><unclosed>")],
}


class _Handler(BaseHTTPRequestHandler):
    def do_GET(self) -> None:
        server = self.server
        server.requests.append((self.path, dict(self.headers)))  # type: ignore[attr-defined]
        if self.path == "/doi/10.5555/slow":
            time.sleep(1.0)
        if self.path == "/doi/10.5555/hangup":
            return  # no status line: the client sees the connection close
        answers = ROUTES.get(self.path)
        if answers is None:
            status, headers, body = 404, {}, b"not found"
        else:
            seen = sum(path == self.path for path, _ in server.requests)  # type: ignore[attr-defined]
            status, headers, body = answers[min(seen, len(answers)) - 1]
        send_answer(self, status, headers, body)

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture
def server(monkeypatch: pytest.MonkeyPatch):
    """A loopback server on a random port; the service URLs point at it."""
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
    httpd.requests = []  # type: ignore[attr-defined]
    thread = threading.Thread(target=httpd.serve_forever, args=(0.05,), daemon=True)
    thread.start()
    base = f"http://127.0.0.1:{httpd.server_address[1]}"
    monkeypatch.setenv("BIBFOLIO_DOI_URL", f"{base}/doi")
    monkeypatch.setenv("BIBFOLIO_ARXIV_URL", f"{base}/arxiv")
    monkeypatch.setenv("BIBFOLIO_ORCID_URL", f"{base}/orcid")
    monkeypatch.setenv("BIBFOLIO_DBLP_URL", f"{base}/dblp")
    yield httpd
    httpd.shutdown()
    httpd.server_close()


@pytest.fixture
def run(fake_time: FakeTime, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture):
    """Run ``bibfolio import`` with a fake-time client; return (exit status, stdout)."""

    def client_factory(**kwargs: object) -> Client:
        return Client(clock=fake_time.clock, sleep=fake_time.sleep, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr("bibfolio.importer.command.Client", client_factory)

    def invoke(*argv: str) -> tuple[int, str]:
        status = main(["import", *argv])
        return status, capsys.readouterr().out

    return invoke


@pytest.fixture
def refs(tmp_path: Path) -> Path:
    target = tmp_path / "refs.bib"
    shutil.copy(FIXTURES / "refs_preprint.bib", target)
    return target


def _entries(path: Path) -> dict[str, dict[str, str]]:
    entries, problems = read_bib_files([(str(path), path.read_bytes())])
    assert not problems, problems
    return {entry.key: {n: f.value for n, f in entry.fields.items()} for entry in entries}


def _check_golden(path: Path, name: str) -> None:
    golden = GOLDEN / name
    if os.environ.get("BIBFOLIO_REGEN_GOLDEN"):  # rewrite, then review the diff by hand
        golden.write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
    assert path.read_text(encoding="utf-8") == golden.read_text(encoding="utf-8")


# -- sources ------------------------------------------------------------------------------
def test_doi_csl_json_into_empty_file(server, run, tmp_path: Path) -> None:
    bib = tmp_path / "refs.bib"
    status, out = run("10.5555/pub.2024.1", "--bib", str(bib), "--mailto", "ada@example.org")
    assert status == 0
    assert "added muller2024fast (doi:10.5555/pub.2024.1)" in out
    _check_golden(bib, "doi_empty.bib")
    path, headers = server.requests[0]
    assert path == "/doi/10.5555/pub.2024.1"
    assert headers["Accept"] == "application/vnd.citationstyles.csl+json"
    assert "mailto:ada@example.org" in headers["User-Agent"]


def test_arxiv_newest_version_and_unknown_id(server, run, tmp_path: Path) -> None:
    bib = tmp_path / "refs.bib"
    status, out = run("https://arxiv.org/abs/2401.00001v1", "9999.99999", "--bib", str(bib))
    assert status == 1
    assert "added muller2023fast (arXiv:2401.00001): Fast GPU Kernels" in out
    assert "version 2" in out
    assert "failed: arXiv:9999.99999: unknown arXiv id" in out
    entry = _entries(bib)["muller2023fast"]
    assert entry["eprint"] == "2401.00001"
    assert entry["archiveprefix"] == "arXiv"
    assert entry["year"] == "2023"  # the first version's year, as arXiv cites it
    assert entry["author"] == "Müller, Jörg and Example, Ada and van Beethoven, Ludwig"


def test_arxiv_names_the_published_doi_without_taking_it(server, run, tmp_path: Path) -> None:
    bib = tmp_path / "refs.bib"
    status, out = run("arXiv:2401.00003", "--bib", str(bib))
    assert status == 0, out
    assert (
        "added muller2023fast (arXiv:2401.00003): Fast GPU Kernels for Sparse Attention & "
        "Beyond; version 2; arXiv names the published version doi:10.5555/pub.2024.1; "
        "import it to pair"
    ) in out
    assert "doi" not in _entries(bib)["muller2023fast"]


def test_arxiv_journal_reference_empty_feed_and_throttle(server, run, tmp_path: Path) -> None:
    bib = tmp_path / "refs.bib"
    status, out = run("2401.00005", "2401.99999", "2401.00009", "--bib", str(bib))
    assert status == 1
    # Without a DOI, arXiv's free-text reference says where the paper appeared.
    assert (
        "added muller2023fast (arXiv:2401.00005): Fast GPU Kernels for Sparse Attention & "
        "Beyond; version 2; arXiv's journal reference: 'Proc. ECSD 2024, pp. 10-20'; import "
        "its DOI to pair"
    ) in out
    # A well-formed id arXiv does not have: a feed with totalResults 0 and no entry.
    assert "failed: arXiv:2401.99999: unknown arXiv id" in out
    assert "failed: arXiv:2401.00009: arXiv says 'Rate exceeded'; try again later" in out
    assert list(_entries(bib)) == ["muller2023fast"]


def test_datacite_arxiv_doi_is_the_arxiv_paper(server, run, tmp_path: Path) -> None:
    bib = tmp_path / "refs.bib"
    status, out = run("https://doi.org/10.48550/arXiv.2401.00001", "--bib", str(bib))
    assert status == 0, out
    assert "added muller2023fast (doi:10.48550/arXiv.2401.00001)" in out
    entry = _entries(bib)["muller2023fast"]
    assert entry["eprint"] == "2401.00001"
    assert entry["archiveprefix"] == "arXiv"
    assert "journal" not in entry and "publisher" not in entry
    # The same paper from the arXiv API is found by its arXiv id: nothing new.
    status, out = run("2401.00001", "--bib", str(bib))
    assert "unchanged muller2023fast (arXiv:2401.00001): nothing new; version 2" in out


def test_orcid_works_resolved_through_doi_and_arxiv(server, run, tmp_path: Path) -> None:
    bib = tmp_path / "refs.bib"
    status, out = run(ORCID, "--bib", str(bib))
    assert status == 0, out
    paths = [path for path, _ in server.requests]
    # ORCID's normalised DOI; a DOI entered as a URL with API 2.x's "SELF"; an ISSN or a
    # book's DOI the work is only "part-of" is not the work's.
    assert paths == [
        f"/orcid/{ORCID}/works",
        "/doi/10.5555/pub.2024.1",
        "/arxiv?id_list=2401.00001",
        "/doi/10.5555/jrn.2022.7",
    ]
    entries = _entries(bib)
    # The published paper first, then its preprint (lending it only its arXiv id).
    assert list(entries) == ["muller2024fast", "example2022measuring"]
    assert entries["muller2024fast"]["eprint"] == "2401.00001"
    assert entries["example2022measuring"]["doi"] == "10.5555/jrn.2022.7"
    lines = out.splitlines()
    assert (
        f"note: orcid:{ORCID}: skipped 'A Talk Without Identifiers': no DOI or arXiv id "
        "(ORCID lists no authors)"
    ) in lines
    assert (
        f'note: orcid:{ORCID}: skipped "A Chapter in Someone\'s Book": no DOI or arXiv id '
        "(ORCID lists no authors)"
    ) in lines
    assert "2 added, 1 updated, 0 unchanged, 0 skipped, 0 failed" in out


def test_orcid_without_works_or_with_a_broken_group_is_reported(server, run, tmp_path) -> None:
    bib = tmp_path / "refs.bib"
    status, out = run("0000-0002-0000-0014", "0000-0002-0000-0022", "--bib", str(bib))
    assert status == 1
    assert "failed: orcid:0000-0002-0000-0014: the record lists no public works" in out
    assert (
        "failed: orcid:0000-0002-0000-0022: no work could be imported; a group that is not "
        "a work summary"
    ) in out
    assert not bib.exists()


def test_csl_dates_in_their_raw_form() -> None:
    item = {"title": "T", "type": "report", "issued": {"raw": "Spring 2019"}}
    assert csl_record(item, "doi:x").fields["year"] == "2019"
    item["issued"] = {"date-parts": [[2020, 13]]}  # no month 13: the year only
    assert "month" not in csl_record(item, "doi:x").fields


def test_dblp_person_bib_drops_junk_and_reads_corr(server, run, tmp_path: Path) -> None:
    bib = tmp_path / "refs.bib"
    status, out = run("dblp:e/AdaExample", "--bib", str(bib))
    assert status == 0, out
    _check_golden(bib, "dblp_empty.bib")
    text = bib.read_text()
    assert "biburl" not in text and "timestamp" not in text and "CoRR" not in text
    entries = _entries(bib)
    # DBLP's homonym number ("Ada Example 0001") is no part of the name ...
    assert "0001" not in text
    assert entries["example2023sketches"]["author"] == 'Ada Example and Zo{\\"{e}} Sample'
    assert first_family(entries["example2023sketches"]["author"]) == "example"
    # ... and its upper-cased DOI is written as registered (as its url spells it).
    assert entries["muller2024fast"]["doi"] == "10.5555/pub.2024.1"
    assert entries["example2023sketches"]["doi"] == "10.48550/arXiv.2312.12345"


# -- abstracts ------------------------------------------------------------------------------
def test_arxiv_abstract_keeps_math_and_escapes_text(server, run, tmp_path: Path) -> None:
    bib = tmp_path / "refs.bib"
    status, out = run("2401.00001", "--bib", str(bib))
    assert status == 0, out
    # Wrapped lines joined; $…$ as written; %, &, _ escaped; &lt; is arXiv's XML for <.
    assert (
        "  abstract = {We make sparse attention fast: $\\mathcal{O}(n \\log n)$ instead of "
        "$n^2$, for 50\\% of the memory \\& with $k < n$ kernels\\_per\\_block.},\n"
    ) in bib.read_text()
    abstract = _entries(bib)["muller2023fast"]["abstract"]
    assert latex_to_plain(abstract) == (
        "We make sparse attention fast: 𝒪(n log n) instead of n², for 50% of the memory & "
        "with k < n kernels_per_block."
    )
    maths = [part.data for part in latex_to_rich(abstract) if isinstance(part, Span)]
    assert maths == ["\\mathcal{O}(n \\log n)", "n^2", "k < n"]
    parsed = pybtex.database.parse_file(str(bib), bib_format="bibtex")
    assert parsed.entries["muller2023fast"].fields["abstract"] == abstract


def test_datacite_abstract_of_an_arxiv_doi_keeps_math(server, run, tmp_path: Path) -> None:
    bib = tmp_path / "refs.bib"
    run("10.48550/arXiv.2401.00001", "--bib", str(bib))
    assert _entries(bib)["muller2023fast"]["abstract"] == (
        "We make sparse attention fast: $\\mathcal{O}(n \\log n)$ instead of $n^2$, for 50\\% "
        "of the memory."
    )


def test_crossref_jats_abstract_and_record_shape(server, run, tmp_path: Path) -> None:
    bib = tmp_path / "refs.bib"
    status, out = run("10.5555/jrn.2023.42", "--bib", str(bib))
    assert status == 0, out
    entry = _entries(bib)["example2023scheduling"]
    # Section titles kept, TeX of a formula preferred to its MathML, MathML read as text.
    assert entry["abstract"] == (
        "Background: Scheduling \\textit{n} jobs took $\\mathcal{O}(n \\log n)$ time. Results: "
        "We need linear time (p<0.05) for 99\\% of inputs\\_\\{test\\}."
    )
    assert latex_to_plain(entry["abstract"]) == (
        "Background: Scheduling n jobs took 𝒪(n log n) time. Results: We need linear time "
        "(p<0.05) for 99% of inputs_{test}."
    )
    # Crossref's subtitle, organisation author ("name"), "published" when "issued" is
    # [[null]], and an article number where a journal has no pages.
    assert entry["title"] == "Scheduling in Linear Time: A Proof and an Implementation"
    assert entry["author"] == "Example, Ada and {The Example Consortium}"
    assert entry["year"] == "2023"
    assert "  month = nov,\n" in bib.read_text()
    assert entry["pages"] == "101301"
    assert entry["journal"] == "Journal of Imaginary Systems"


def test_the_users_abstract_wins(server, run, tmp_path: Path) -> None:
    bib = tmp_path / "refs.bib"
    bib.write_text(
        "@inproceedings{mine,\n  title = {Fast GPU Kernels},\n  doi = {10.5555/pub.2024.1},\n"
        "  abstract = {In my own words.},\n}\n"
    )
    status, out = run("10.5555/pub.2024.1", "2401.00001", "--bib", str(bib))
    assert status == 0, out
    assert "abstract" not in out.split("updated mine (doi:10.5555/pub.2024.1): ")[1].split("\n")[0]
    assert _entries(bib)["mine"]["abstract"] == "In my own words."


def test_dblp_crossref_export_and_escaped_doi(server, run, tmp_path: Path) -> None:
    bib = tmp_path / "refs.bib"
    # The user's entry was pasted from DBLP: its DOI says 12345\_13.
    bib.write_text(
        "@inproceedings{mine,\n  title = {Teaching},\n  doi = {10.5555/12345\\_13},\n}\n"
    )
    status, out = run("dblp:e/AdaExampleX", "--bib", str(bib))
    assert status == 0, out
    # The paper is the user's entry (its DOI read without the escape); the proceedings
    # volume it crossrefs is a venue, not a publication: what the paper leaves out comes
    # from it (its editors, as in BibTeX), and then the crossref is dropped.
    assert "0 added, 1 updated, 0 unchanged" in out, out
    entry = _entries(bib)["mine"]
    assert "crossref" not in entry
    assert entry["editor"] == "Jane Editor"
    assert entry["author"] == 'Zo{\\"{e}} Sample and Ada Example'
    # Into an empty file, the DOI is written as registered.
    empty = tmp_path / "empty.bib"
    run("dblp:e/AdaExampleX", "--bib", str(empty))
    assert list(_entries(empty)) == ["sample2020new"]
    assert _entries(empty)["sample2020new"]["doi"] == "10.5555/12345_13"


# -- merging --------------------------------------------------------------------------------
def test_preprint_then_published_is_one_paper(server, run, refs: Path) -> None:
    status, out = run("10.5555/pub.2024.1", "--bib", str(refs))
    assert status == 0, out
    assert "published version of preprint mueller2023fast, paired with it" in out
    _check_golden(refs, "preprint_published.bib")
    entries = _entries(refs)
    assert entries["muller2024fast"]["preprint"] == "mueller2023fast"
    # The build's checks see one paper: no similar_title, no pairing problem.
    assert check_files([str(refs)])[1] == []
    assert entries["mueller2023fast"]["selected"] == "true"
    # Once paired, nothing is doubled: the arXiv paper is the preprint (which only gains
    # arXiv's abstract), DBLP's and the DOI's is the published entry.
    status, out = run("2401.00001", "dblp:e/AdaExample", "10.5555/pub.2024.1", "--bib", str(refs))
    # Only DBLP's other paper (a CoRR preprint) is new.
    assert "1 added, 1 updated, 2 unchanged" in out, out
    assert "updated mueller2023fast (arXiv:2401.00001): +abstract; version 2" in out
    assert "unchanged muller2024fast (dblp:e/AdaExample:1): nothing new" in out
    assert "added example2023sketches (dblp:e/AdaExample:18)" in out
    after = _entries(refs)
    assert len(after) == len(entries) + 1
    assert after["muller2024fast"] == entries["muller2024fast"]


def test_second_identical_import_changes_nothing(server, run, refs: Path) -> None:
    sources = ("10.5555/pub.2024.1", "10.5555/jrn.2022.7", str(FIXTURES / "scholar_export.bib"))
    run(*sources, "--bib", str(refs))
    first = refs.read_bytes()
    status, out = run(*sources, "--bib", str(refs), "--dry-run")
    assert status == 0
    assert out.startswith("(no changes)\n")
    assert "0 added, 0 updated, 4 unchanged" in out
    run(*sources, "--bib", str(refs))
    assert refs.read_bytes() == first


def test_user_fields_and_edits_win(server, run, refs: Path) -> None:
    status, out = run("10.5555/jrn.2022.7", "--bib", str(refs))
    assert status == 0
    assert (
        "updated example2022measuring (doi:10.5555/jrn.2022.7): +month, +volume, +number, +pages"
        in out
    )
    assert (
        "  kept yours: title: yours 'Measuring the Tail: Latency SLOs in Microservices', "
        "doi:10.5555/jrn.2022.7 has 'Measuring 50% of the Tail: Latency_SLOs in #Microservices'"
    ) in out
    assert "  kept yours: author: yours 'Example, A. and Sample, Zoë'" in out
    entry = _entries(refs)["example2022measuring"]
    assert entry["title"] == "Measuring the Tail: Latency {SLOs} in Microservices"
    assert entry["author"] == "Example, A. and Sample, Zoë"
    assert entry["author+an"] == "1=highlight"
    assert entry["award"] == "Best paper"
    assert entry["pages"] == "301--329"


def test_untouched_entries_byte_identical_and_style_kept(server, run, refs: Path) -> None:
    original = refs.read_text()
    run("10.5555/jrn.2022.7", "--bib", str(refs))
    text = refs.read_text()
    preprint_entry = original[: original.index("@article")]
    assert text.startswith(preprint_entry)
    # Inserted fields use the file's four-space indent and trailing comma.
    assert "    award = {Best paper},\n    volume = {12},\n" in text


def test_bib_file_source_cleans_private_fields(server, run, refs: Path) -> None:
    status, out = run(str(FIXTURES / "scholar_export.bib"), "--bib", str(refs))
    assert status == 0, out
    assert "added sample2020new" in out
    entry = _entries(refs)["sample2020new"]
    assert "file" not in entry and "keywords" not in entry
    assert entry["title"] == r"A New Tool for {$\lambda$}-Calculus Teaching"
    assert entry["abstract"] == r"We teach $\lambda$."


def test_bib_file_crossref_parent_fills_the_entry_before_the_link_is_dropped(
    run, tmp_path: Path
) -> None:
    export = tmp_path / "export.bib"
    export.write_text(
        "@inproceedings{w, author = {Wells, Gail}, title = {Orbits of Small Probes},\n"
        "  crossref = {space2000}, pages = {1--9}}\n"
        "@proceedings{space2000, title = {Space and Beyond}, booktitle = {Space and Beyond},\n"
        "  year = {2000}, publisher = {Orbit Press}}\n",
        encoding="utf-8",
    )
    target = tmp_path / "refs.bib"
    target.write_text("", encoding="utf-8")
    status, out = run(str(export), "--bib", str(target))
    assert status == 0, out
    (entry,) = _entries(target).values()  # the proceedings is the venue, not a publication
    assert entry["booktitle"] == "Space and Beyond"
    assert entry["year"] == "2000"
    assert entry["publisher"] == "Orbit Press"
    assert "crossref" not in entry


def test_dry_run_prints_diff_and_writes_nothing(server, run, refs: Path) -> None:
    before = refs.read_bytes()
    status, out = run("10.5555/jrn.2022.7", "--bib", str(refs), "--dry-run")
    assert status == 0
    assert refs.read_bytes() == before
    assert f"--- {refs}\n+++ {refs}\n" in out
    assert "+    volume = {12},\n" in out


def test_written_file_reads_same_in_pybtex_and_bibfolio(server, run, refs: Path) -> None:
    run("10.5555/pub.2024.1", "10.5555/jrn.2022.7", "dblp:e/AdaExample", "--bib", str(refs))
    ours = _entries(refs)
    theirs = pybtex.database.parse_file(str(refs), bib_format="bibtex")
    assert list(theirs.entries) == list(ours)
    for key, fields in ours.items():
        entry = theirs.entries[key]
        for name, value in fields.items():
            if name in {"author", "editor"}:
                people = [str(person) for person in entry.persons[name.title()]]
                assert len(people) == len(value.split(" and ")), (key, name)
            else:
                assert latex_to_plain(entry.fields[name]) == latex_to_plain(value), (key, name)


def test_escaping_of_csl_titles(server, run, tmp_path: Path) -> None:
    bib = tmp_path / "refs.bib"
    run("10.5555/jrn.2022.7", "--bib", str(bib))
    entry = next(iter(_entries(bib).values()))
    assert entry["title"] == r"Measuring 50\% of the Tail: {Latency\_SLOs} in \#Microservices"
    assert latex_to_plain(entry["title"]) == (
        "Measuring 50% of the Tail: Latency_SLOs in #Microservices"
    )


# -- network ------------------------------------------------------------------------------
def test_429_honours_retry_after_then_succeeds(server, run, fake_time, tmp_path) -> None:
    status, out = run("10.5555/flaky", "--bib", str(tmp_path / "refs.bib"))
    assert status == 0, out
    assert 7.0 in fake_time.sleeps
    assert [p for p, _ in server.requests] == ["/doi/10.5555/flaky"] * 2


def test_500_retries_with_backoff_then_reports(server, run, fake_time, tmp_path) -> None:
    bib = tmp_path / "refs.bib"
    status, out = run("10.5555/broken", "--bib", str(bib))
    assert status == 1
    assert "failed: http://127.0.0.1:" in out
    assert "/doi/10.5555/broken: HTTP 500" in out
    assert len(server.requests) == 4
    assert [s for s in fake_time.sleeps if s >= 1] == [1.0, 2.0, 4.0]
    assert not bib.exists()


def test_429_asking_too_long_is_reported_and_a_past_date_retries_at_once(
    server, run, fake_time, tmp_path
) -> None:
    bib = tmp_path / "refs.bib"
    status, out = run("10.5555/wait-long", "10.5555/wait-date", "--bib", str(bib))
    assert status == 1
    assert "/doi/10.5555/wait-long: rate limited (429); the service asks to wait 3600 s" in out
    assert "added example2022measuring (doi:10.5555/wait-date)" in out
    assert 3600.0 not in fake_time.sleeps
    assert 0.0 in fake_time.sleeps  # an HTTP date in the past: retry now


def test_a_dropped_connection_is_retried_then_reported(server, run, fake_time, tmp_path) -> None:
    status, out = run("10.5555/hangup", "--bib", str(tmp_path / "refs.bib"))
    assert status == 1
    assert "/doi/10.5555/hangup: the connection broke (RemoteDisconnected)" in out
    assert len(server.requests) == 4


def test_404_malformed_and_timeout_are_clear(server, run, tmp_path: Path) -> None:
    bib = tmp_path / "refs.bib"
    status, out = run(
        "10.5555/missing", "10.5555/garbage", "2402.00002", "--bib", str(bib), "--timeout", "0.3"
    )
    assert status == 1
    assert "/doi/10.5555/missing: not found (404): unknown id?" in out
    assert "failed: doi:10.5555/garbage: the answer is not CSL-JSON" in out
    assert "failed: arXiv:2402.00002: the answer is not an Atom feed" in out
    status, out = run("10.5555/slow", "--bib", str(bib), "--timeout", "0.3")
    assert status == 1
    assert "/doi/10.5555/slow: timed out after 0.3 s" in out


def test_offline_is_reported(run, monkeypatch, tmp_path: Path) -> None:
    # Port 9 on loopback (discard) is closed on any test machine: connection refused.
    monkeypatch.setenv("BIBFOLIO_DOI_URL", "http://127.0.0.1:9")
    status, out = run("10.5555/pub.2024.1", "--bib", str(tmp_path / "refs.bib"))
    assert status == 1
    assert "cannot connect" in out and "offline?" in out


def test_arxiv_rate_limit_spaces_requests(fake_time: FakeTime) -> None:
    client = Client(clock=fake_time.clock, sleep=fake_time.sleep)
    client._wait_turn("arxiv")
    fake_time.now += 1.0
    client._wait_turn("arxiv")
    client._wait_turn("doi")
    assert fake_time.sleeps == [2.0]


def test_unknown_source_is_a_failure(run, tmp_path: Path) -> None:
    status, out = run("not-an-id", "0000-0002-1825-0098", "--bib", str(tmp_path / "refs.bib"))
    assert status == 1
    assert "failed: '0000-0002-1825-0098': not an ORCID iD (its check digit is wrong" in out
    assert "failed: 'not-an-id': not a DOI, arXiv id or URL, ORCID iD" in out


# -- writing ---------------------------------------------------------------------------------
QUOTED = """@Article{old2019,
\tAUTHOR = "Old, Alice",
\tTITLE = "An Old Paper",
\tJOURNAL = "Journal of Imaginary Systems",
\tYEAR = "2019"
}
"""


def test_new_entries_follow_the_file_style(server, run, tmp_path: Path) -> None:
    bib = tmp_path / "refs.bib"
    bib.write_bytes(QUOTED.replace("\n", "\r\n").encode())
    status, out = run("10.5555/jrn.2022.7", "--bib", str(bib))
    assert status == 0, out
    text = bib.read_bytes().decode()
    assert text.startswith(QUOTED.replace("\n", "\r\n"))
    added = text[len(QUOTED.replace("\n", "\r\n")) :]
    assert added.startswith('\r\n@Article{example2022measuring,\r\n\tAUTHOR = "Example, Ada')
    assert '\tVOLUME = "12",\r\n' in added
    assert added.endswith('\tDOI = "10.5555/jrn.2022.7"\r\n}\r\n')  # no trailing comma
    assert "\n" not in added.replace("\r\n", "")


def test_failed_write_leaves_the_old_file(server, run, refs: Path, monkeypatch) -> None:
    before = refs.read_bytes()

    def broken_replace(self: Path, target: Path) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(Path, "replace", broken_replace)
    status, out = run("10.5555/jrn.2022.7", "--bib", str(refs))
    assert status == 1
    assert out == f"failed: {refs}: No space left on device; {refs} is unchanged\n"
    assert refs.read_bytes() == before
    assert [p.name for p in refs.parent.iterdir()] == ["refs.bib"]  # no temporary left


def test_the_written_file_keeps_its_mode_and_reaches_the_disk(
    server, run, refs: Path, monkeypatch
) -> None:
    """bibfolio's one atomic writer: durable (fsync before the rename), the mode kept."""
    refs.chmod(0o640)
    synced: list[int] = []
    real_fsync = os.fsync
    monkeypatch.setattr(os, "fsync", lambda fd: synced.append(fd) or real_fsync(fd))
    status, out = run("10.5555/jrn.2022.7", "--bib", str(refs))
    assert status == 0, out
    assert "example2022measuring" in refs.read_text(encoding="utf-8")
    assert stat.S_IMODE(refs.stat().st_mode) == 0o640
    assert len(synced) == 1
    assert [p.name for p in refs.parent.iterdir()] == ["refs.bib"]


def test_sphinx_build_never_loads_the_importer() -> None:
    code = (
        "import sys, bibfolio, bibfolio.pages.directives, bibfolio.pages.papers;"
        "print(any(name.startswith('bibfolio.importer') for name in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_owner_name_variants_are_reported(server, run, tmp_path: Path) -> None:
    bib = tmp_path / "refs.bib"
    source = tmp_path / "export.bib"
    source.write_text(
        '@misc{a, author = {Example, A. and Sample, Zo{\\"e}}, title = {One}, year = 2020}\n'
        '@misc{b, author = {Sample, Zo{\\"e}}, title = {Two}, year = 2021}\n'
    )
    status, out = run(
        "10.5555/jrn.2022.7", str(source), "--bib", str(bib), "--owner", "Ada Example"
    )
    assert status == 0, out
    lines = out.splitlines()
    # The configured spelling is no variant; "A. Example" is reported where it stands.
    assert (
        "note: owner: no author of example2020one matches 'Ada Example'; closest author "
        "'A. Example' (if that is you, add it to bibfolio_owner)"
    ) in lines
    assert "note: owner: no author of sample2021two matches 'Ada Example'" in out
    assert "example2022measuring matches" not in out


def test_owner_spellings_other_than_configured_are_listed(run, tmp_path: Path) -> None:
    source = tmp_path / "export.bib"
    source.write_text("@misc{a, author = {Example, Ada B.}, title = {Three}, year = 2019}\n")
    status, out = run(str(source), "--bib", str(tmp_path / "refs.bib"), "--owner", "Ada Example")
    assert status == 0
    assert "note: owner: written 'Ada B. Example' in example2019three" in out.splitlines()


# -- the command as users run it -------------------------------------------------------
def test_the_command_in_a_subprocess_uses_the_service_variables(server, tmp_path) -> None:
    """``python3 -m bibfolio import`` as ``nox -s import`` runs it: real client, real waits."""
    bib = tmp_path / "refs.bib"
    shutil.copy(FIXTURES / "refs_preprint.bib", bib)
    before = bib.read_bytes()
    env = {**os.environ, "BIBFOLIO_MAILTO": "ada@example.org"}  # + the server's URLs
    command = [sys.executable, "-m", "bibfolio", "import", "10.5555/pub.2024.1"]
    dry = subprocess.run(
        [*command, "--bib", str(bib), "--dry-run"],
        check=False,
        capture_output=True,
        text=True,
        env=env,
    )
    assert dry.returncode == 0, dry.stderr
    assert dry.stderr == ""
    assert bib.read_bytes() == before
    assert f"--- {bib}\n+++ {bib}\n" in dry.stdout
    assert "+@inproceedings{muller2024fast,\n" in dry.stdout
    assert "+    preprint = {mueller2023fast},\n" in dry.stdout
    assert dry.stdout.endswith(
        "added muller2024fast (doi:10.5555/pub.2024.1): published version of preprint "
        "mueller2023fast, paired with it\n1 added, 0 updated, 0 unchanged, 0 skipped, 0 failed\n"
    )
    path, headers = server.requests[0]
    assert path == "/doi/10.5555/pub.2024.1"
    assert headers["User-Agent"].endswith("; mailto:ada@example.org)")
    written = subprocess.run(
        [*command, "--bib", str(bib)], check=False, capture_output=True, text=True, env=env
    )
    assert written.returncode == 0, written.stderr
    assert written.stdout.endswith(f"{bib}: written\n")
    _check_golden(bib, "preprint_published.bib")
    # A source that fails: exit status 1, the reason on stdout, the file as it was.
    failed = subprocess.run(
        [sys.executable, "-m", "bibfolio", "import", "10.5555/missing", "--bib", str(bib)],
        check=False,
        capture_output=True,
        text=True,
        env=env,
    )
    assert failed.returncode == 1
    assert "/doi/10.5555/missing: not found (404): unknown id?" in failed.stdout
    assert failed.stdout.endswith(f"{bib}: unchanged\n")


def test_nox_lists_the_import_session() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "nox", "-l"],
        capture_output=True,
        text=True,
        check=True,
        cwd=Path(__file__).parent.parent,
    ).stdout
    assert re.search(r"^[-*] import -> Add publications to refs\.bib from DOIs", out, re.M), out


def _guide_workflow() -> str:
    guide = (Path(__file__).parent.parent / "GUIDE.md").read_text(encoding="utf-8")
    section = guide[guide.index("## Keeping refs.bib current") :]
    section = section[: section.index("\n## ", 1)]
    (block,) = re.findall(r"```yaml\n(.*?)```", section, re.DOTALL)
    return block


def test_the_guides_workflow_is_valid_and_its_command_runs(server, run, tmp_path) -> None:
    workflow = yaml.safe_load(_guide_workflow())
    # YAML reads a bare "on" as True: GitHub's own key, as Actions reads it.
    triggers = workflow[True]
    (schedule,) = triggers["schedule"]
    assert len(schedule["cron"].split()) == 5
    assert "workflow_dispatch" in triggers
    assert workflow["permissions"] == {"contents": "write", "pull-requests": "write"}
    steps = workflow["jobs"]["import"]["steps"]
    runs = [step["run"] for step in steps if "run" in step]
    (command,) = [line for line in runs if "bibfolio import" in line]
    pr = next(step for step in steps if step.get("uses", "").startswith("peter-evans/"))
    argv, report = command.split(" | tee ")
    assert pr["with"]["body-path"] == report.strip()
    assert pr["with"]["add-paths"] == "refs.bib"
    # The command itself, against the recorded answers: it parses, imports, and writes
    # refs.bib (the file the pull request takes).
    words = shlex.split(argv)
    assert words[:4] == ["python", "-m", "bibfolio", "import"]
    bib = tmp_path / "refs.bib"
    status, out = run(*words[4:], "--bib", str(bib))
    assert status == 0, out
    assert "3 added, 1 updated, 1 unchanged, 0 skipped, 0 failed" in out, out
    assert len(_entries(bib)) == 3
    assert server.requests[0][1]["User-Agent"].endswith("; mailto:you@example.org)")


# -- real portfolios ---------------------------------------------------------------------
@pytest.mark.parametrize(
    "portfolio", ["examples/mingyu-liang/refs.bib", "examples/liang-luo/refs.bib"]
)
def test_a_portfolio_imported_into_itself_changes_nothing(run, tmp_path, portfolio) -> None:
    original = Path(__file__).parent.parent / portfolio
    bib = tmp_path / "refs.bib"
    shutil.copy(original, bib)
    status, out = run(str(original), "--bib", str(bib), "--dry-run")
    assert status == 0
    assert out.startswith("(no changes)\n")
    count = len(_entries(bib))
    assert f"0 added, 0 updated, {count} unchanged, 0 skipped, 0 failed" in out


def test_a_portfolio_imported_into_an_empty_file_reads_back(run, tmp_path: Path) -> None:
    original = Path(__file__).parent.parent / "examples/liang-luo/refs.bib"
    bib = tmp_path / "refs.bib"
    status, out = run(str(original), "--bib", str(bib))
    assert status == 0, out
    source = _entries(original)
    written = _entries(bib)
    assert len(written) == len(source)
    titles = sorted(latex_to_plain(fields["title"]) for fields in written.values())
    assert titles == sorted(latex_to_plain(fields["title"]) for fields in source.values())
    status, out = run(str(original), "--bib", str(bib), "--dry-run")
    assert out.startswith("(no changes)\n")


def test_aligned_equals_signs_are_kept(run, tmp_path: Path) -> None:
    bib = tmp_path / "refs.bib"
    bib.write_text(
        "@inproceedings{DBLP:conf/x/Old19,\n"
        "  author       = {Ada Example},\n"
        "  title        = {An Old Paper},\n"
        "  year         = {2019}\n"
        "}\n"
    )
    status, out = run(str(FIXTURES / "scholar_export.bib"), "--bib", str(bib))
    assert status == 0, out
    text = bib.read_text()
    assert "\n  publisher    = {Example Society},\n  year         = {2022}\n}\n" in text
    assert "\n  abstract     = {We teach $\\lambda$.}\n}\n" in text


def test_bom_kept_and_closing_brace_on_the_last_line(server, run, tmp_path: Path) -> None:
    bib = tmp_path / "refs.bib"
    original = (
        "\ufeff@article{mine,\n  title = {Measuring the Tail},\n  doi = {10.5555/jrn.2022.7}}\n"
    )
    bib.write_text(original, encoding="utf-8")
    status, out = run("10.5555/jrn.2022.7", "--bib", str(bib))
    assert status == 0, out
    text = bib.read_text(encoding="utf-8")
    assert text.startswith("\ufeff@article{mine,\n  title = {Measuring the Tail},\n")
    assert "  doi = {10.5555/jrn.2022.7},\n  author = {Example, Ada and Sample, Zoë},\n" in text
    assert text.endswith("  publisher = {Example Society},\n  year = {2022},\n  month = sep,\n}\n")


def test_a_file_that_is_not_utf8_is_left_alone(server, run, tmp_path: Path) -> None:
    bib = tmp_path / "refs.bib"
    bib.write_bytes(b"@misc{old, title = {Caf\xe9}}\n")
    status, out = run("10.5555/jrn.2022.7", "--bib", str(bib))
    assert status == 1
    assert "is not UTF-8, so nothing is imported (see bibfolio check)" in out
    assert bib.read_bytes() == b"@misc{old, title = {Caf\xe9}}\n"
    assert server.requests == []
