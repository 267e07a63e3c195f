"""``bibfolio metrics`` against a loopback server speaking OpenAlex, Crossref and S2."""

from __future__ import annotations

import datetime as dt
import io
import json
import os
import shutil
import subprocess
import sys
import threading
import time
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from bibfolio.__main__ import main
from bibfolio.importer.http import Client
from bibfolio.importer.progress import Progress
from bibfolio.metrics import data, openalex

from .helpers import send_answer

if TYPE_CHECKING:
    from .helpers import FakeTime

FIXTURES = Path(__file__).parent / "metrics_fixtures"
TODAY = dt.datetime.now(dt.UTC).date().isoformat()


def _file(name: str) -> bytes:
    return (FIXTURES / name).read_bytes()


def _openalex(query: dict[str, str]) -> tuple[int, dict[str, str], bytes]:
    wanted = query.get("filter", "")
    if wanted == "openalex:W1000000002":  # a pin: the work of the second DOI
        return 200, {}, _file("openalex_works_doi.json")
    if wanted.startswith("doi:10.48550/arxiv."):
        return 200, {}, _file("openalex_works_arxiv.json")
    if wanted.startswith("doi:"):
        return 200, {}, _file("openalex_works_doi.json")
    if wanted.startswith("title.search:A Preliminary Discourse"):
        return 200, {}, _file("openalex_works_title.json")
    return 200, {}, _file("openalex_works_empty.json")


class _Handler(BaseHTTPRequestHandler):
    def _answer(self, body: bytes = b"") -> None:
        server = self.server
        parsed = urllib.parse.urlsplit(self.path)
        query = dict(urllib.parse.parse_qsl(parsed.query))
        server.requests.append(
            (
                self.command,
                parsed.path,
                query,
                {k.lower(): v for k, v in self.headers.items()},
                body,
            )
        )  # type: ignore[attr-defined]
        override = server.overrides.get(parsed.path)  # type: ignore[attr-defined]
        if override:
            status, headers, answer = override.pop(0)
            if status == "sleep":
                time.sleep(1.0)
                status = 200
        elif parsed.path == "/openalex/works":
            status, headers, answer = _openalex(query)
        elif parsed.path == "/crossref/works/10.5555/notes.1843":
            status, headers, answer = 200, {}, _file("crossref_work.json")
        elif parsed.path == "/s2/graph/v1/paper/batch":
            ids = json.loads(body)["ids"]
            found = json.loads(_file("s2_batch.json"))
            by_id = {"DOI:10.5555/notes.1843": found[0], "DOI:10.5555/laws.1854": found[2]}
            status, headers = 200, {}
            answer = json.dumps([by_id.get(i) for i in ids]).encode()
        else:
            status, headers, answer = 404, {}, b"Resource not found."
        send_answer(self, status, headers, answer)

    def do_GET(self) -> None:
        self._answer()

    def do_POST(self) -> None:
        self._answer(self.rfile.read(int(self.headers["Content-Length"])))

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture
def server(monkeypatch: pytest.MonkeyPatch):
    """A loopback server on a random port; the three services' URLs point at it."""
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
    httpd.requests = []  # type: ignore[attr-defined]
    httpd.overrides = {}  # type: ignore[attr-defined]
    thread = threading.Thread(target=httpd.serve_forever, args=(0.05,), daemon=True)
    thread.start()
    base = f"http://127.0.0.1:{httpd.server_address[1]}"
    monkeypatch.setenv("BIBFOLIO_OPENALEX_URL", f"{base}/openalex")
    monkeypatch.setenv("BIBFOLIO_CROSSREF_URL", f"{base}/crossref")
    monkeypatch.setenv("BIBFOLIO_SEMANTICSCHOLAR_URL", f"{base}/s2")
    for name in ("BIBFOLIO_OPENALEX_API_KEY", "OPENALEX_API_KEY", "SEMANTIC_SCHOLAR_API_KEY",
                 "BIBFOLIO_SEMANTICSCHOLAR_API_KEY", "BIBFOLIO_MAILTO"):  # fmt: skip
        monkeypatch.delenv(name, raising=False)
    yield httpd
    httpd.shutdown()
    httpd.server_close()


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A folder with the fictional refs.bib and no conf.py, as the working directory."""
    shutil.copy(FIXTURES / "refs.bib", tmp_path / "refs.bib")
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.fixture
def run(fake_time: FakeTime, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture):
    """Run ``bibfolio metrics`` with a fake-time client; return (exit status, stdout)."""

    def client_factory(**kwargs: object) -> Client:
        kwargs.setdefault("timeout", 5.0)
        return Client(clock=fake_time.clock, sleep=fake_time.sleep, draw=lambda: 1.0, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr("bibfolio.metrics.command.Client", client_factory)

    def invoke(*argv: str) -> tuple[int, str]:
        status = main(["metrics", *argv])
        return status, capsys.readouterr().out

    return invoke


def _saved(project: Path) -> dict:
    return json.loads((project / "citations.json").read_text(encoding="utf-8"))


def test_openalex_doi_batch_arxiv_and_title(server, run, project: Path) -> None:
    status, out = run("--mailto", "ada@example.org")
    assert status == 0, out
    entries = _saved(project)["entries"]
    assert entries["lovelace1843notes"] == {
        "count": 42, "source": "openalex", "id": "W1000000001",
        "url": "https://openalex.org/W1000000001", "fetched": TODAY, "matched_by": "doi",
    }  # fmt: skip
    # The DOI as written (a URL, upper case) matches OpenAlex's lower-case DOI URL.
    assert entries["babbage1837engine"]["count"] == 7
    assert entries["somerville1834connexion"]["matched_by"] == "arxiv"
    # The title search's first result has another title: the matching one is taken.
    assert entries["herschel1830discourse"]["id"] == "W1000000004"
    assert entries["herschel1830discourse"]["matched_by"] == "title"
    assert "boole1854laws" not in entries
    assert "herschel1830discourse: 12 (OpenAlex W1000000004) (matched by title" in out
    assert "boole1854laws: no count: not found in OpenAlex" in out
    assert "4 entries with counts from OpenAlex, 64 citations in all" in out
    works = [query for method, path, query, _, _ in server.requests if path == "/openalex/works"]
    # Three DOIs in one request, then the arXiv DOI, then two title searches.
    assert works[0]["filter"] == "doi:10.5555/notes.1843|10.5555/engine.1837|10.5555/laws.1854"
    assert works[1]["filter"] == "doi:10.48550/arxiv.2402.00007"
    assert len(works) == 4
    assert all(query["mailto"] == "ada@example.org" for query in works)
    assert "mailto:ada@example.org" in server.requests[0][3]["user-agent"]
    assert "api_key" not in works[0]


def test_api_key_pin_exclude_and_second_run(server, run, project: Path, monkeypatch) -> None:
    monkeypatch.setenv("OPENALEX_API_KEY", "k-123")
    status, out = run("--pin", "boole1854laws=W1000000002", "--exclude", "herschel1830discourse")
    assert status == 0, out
    saved = _saved(project)
    assert saved["pins"] == {"boole1854laws": "W1000000002"}
    assert saved["exclude"] == ["herschel1830discourse"]
    assert saved["entries"]["boole1854laws"]["matched_by"] == "pin"
    assert "herschel1830discourse" not in saved["entries"]
    pin_query = next(q for _, _, q, _, _ in server.requests if q["filter"].startswith("openalex:"))
    assert pin_query["filter"] == "openalex:W1000000002"
    assert pin_query["api_key"] == "k-123"
    before = (project / "citations.json").read_bytes()
    status, out = run()  # pins and exclusions are kept in the file
    assert status == 0
    assert "no count changed" in out
    assert (project / "citations.json").read_bytes() == before


def test_dry_run_prints_changes_and_writes_nothing(server, run, project: Path) -> None:
    old = data.CitationData(
        {"lovelace1843notes": data.Citation(40, "openalex", "W1000000001",
                                            "https://openalex.org/W1000000001", "2026-01-05")}
    )  # fmt: skip
    (project / "citations.json").write_text(old.to_json(), encoding="utf-8")
    status, out = run("--dry-run")
    assert status == 0
    assert "lovelace1843notes: 40 -> 42 (OpenAlex W1000000001)" in out
    assert "dry run: citations.json is unchanged" in out
    assert data.read(project / "citations.json") == old


def test_429_retry_after_then_answer(server, run, project: Path, fake_time) -> None:
    server.overrides["/openalex/works"] = [(429, {"Retry-After": "3"}, b"slow down")]
    status, out = run()
    assert status == 0, out
    assert 3.0 in fake_time.sleeps
    assert _saved(project)["entries"]["lovelace1843notes"]["count"] == 42


def test_partial_failure_keeps_old_counts_and_names_them(server, run, project, fake_time) -> None:
    old = data.CitationData(
        {"lovelace1843notes": data.Citation(40, "openalex", "W1000000001",
                                            "https://openalex.org/W1000000001", "2026-01-05")}
    )  # fmt: skip
    (project / "citations.json").write_text(old.to_json(), encoding="utf-8")
    # The DOI batch fails four times (503); the other requests answer.
    server.overrides["/openalex/works"] = [(503, {}, b"busy")] * 4
    status, out = run()
    assert status == 1
    assert "failed for 3 of 5 entries; their old counts are kept:" in out
    assert "  lovelace1843notes: " in out and "HTTP 503" in out
    # Backoff 1, 2, 4 s, each with up to a quarter added (the draw is 1.0 here).
    assert [s for s in fake_time.sleeps if s >= 1] == [1.25, 2.5, 5.0]
    entries = _saved(project)["entries"]
    assert entries["lovelace1843notes"]["count"] == 40  # kept
    assert entries["lovelace1843notes"]["fetched"] == "2026-01-05"
    assert entries["somerville1834connexion"]["count"] == 3  # refreshed


def test_malformed_json_is_a_failure_not_a_crash(server, run, project: Path) -> None:
    server.overrides["/openalex/works"] = [(200, {}, b'{"meta": {"count": 2}, "results": [')]
    status, out = run()
    assert status == 1
    assert "the answer is not valid JSON" in out


def test_answer_without_results_is_a_failure(server, run, project: Path) -> None:
    server.overrides["/openalex/works"] = [(200, {}, b'{"error": "Invalid query parameters"}')]
    status, out = run()
    assert status == 1
    assert "the answer has no 'results' list" in out


def test_timeout_is_reported(server, run, project: Path) -> None:
    server.overrides["/openalex/works"] = [("sleep", {}, _file("openalex_works_doi.json"))]
    status, out = run("--timeout", "0.3")
    assert status == 1
    assert "timed out after 0.3 s" in out


def test_pagination_follows_meta_count(server, run, project, monkeypatch) -> None:
    monkeypatch.setattr(openalex, "OPENALEX_BATCH", 1)
    first = json.loads(_file("openalex_works_doi.json"))
    second = dict(first, results=first["results"][1:])
    first["results"] = first["results"][:1]
    first["meta"]["count"] = 2
    server.overrides["/openalex/works"] = [
        (200, {}, json.dumps(first).encode()),
        (200, {}, json.dumps(second).encode()),
    ]
    status, out = run()
    pages = [q.get("page") for _, p, q, _, _ in server.requests if p == "/openalex/works"]
    assert pages[:2] == ["1", "2"]
    # Both pages' works were read: the second page's work is the second DOI's.
    assert _saved(project)["entries"]["lovelace1843notes"]["count"] == 42
    assert status == 0, out


def test_crossref_counts_dois_only(server, run, project: Path) -> None:
    status, out = run("--source", "crossref", "--mailto", "ada@example.org")
    assert status == 0, out
    entries = _saved(project)["entries"]
    assert entries == {
        "lovelace1843notes": {
            "count": 31, "source": "crossref", "id": "10.5555/notes.1843",
            "url": "https://search.crossref.org/search/works?q=10.5555%2Fnotes.1843&from_ui=yes",
            "fetched": TODAY, "matched_by": "doi",
        }
    }  # fmt: skip
    assert "babbage1837engine: no count: DOI 10.5555/engine.1837 not known to Crossref" in out
    assert "herschel1830discourse: no count: no DOI (Crossref looks up DOIs only)" in out
    paths = [p for _, p, q, _, _ in server.requests]
    assert "/crossref/works/10.5555/notes.1843" in paths
    assert all(q.get("mailto") == "ada@example.org" for _, _, q, _, _ in server.requests)


def test_semantic_scholar_batch(server, run, project: Path, monkeypatch) -> None:
    monkeypatch.setenv("SEMANTIC_SCHOLAR_API_KEY", "s2-key")
    status, out = run("--source", "semanticscholar")
    assert status == 0, out
    entries = _saved(project)["entries"]
    assert {key: e["count"] for key, e in entries.items()} == {
        "lovelace1843notes": 55, "boole1854laws": 10,
    }  # fmt: skip
    assert entries["lovelace1843notes"]["url"].startswith("https://www.semanticscholar.org/paper/")
    method, _, _, headers, body = server.requests[0]
    assert method == "POST"
    assert headers["x-api-key"] == "s2-key"
    assert json.loads(body) == {
        "ids": ["DOI:10.5555/notes.1843", "DOI:10.5555/engine.1837", "DOI:10.5555/laws.1854"]
    }
    # Entries whose DOI it does not know are asked again by arXiv id.
    assert json.loads(server.requests[1][4]) == {"ids": ["ARXIV:2401.00042", "ARXIV:2402.00007"]}
    assert "herschel1830discourse: no count: no DOI or arXiv id" in out


def test_conf_py_names_source_bib_and_file(server, run, tmp_path, monkeypatch) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    shutil.copy(FIXTURES / "refs.bib", tmp_path / "refs.bib")
    (docs / "conf.py").write_text(
        'bibtex_bibfiles = ["../refs.bib"]\nbibfolio_citations_source = "crossref"\n',
        encoding="utf-8",
    )
    monkeypatch.chdir(tmp_path)
    status, out = run()
    assert status == 0, out
    saved = json.loads((tmp_path / "citations.json").read_text(encoding="utf-8"))
    assert saved["entries"]["lovelace1843notes"]["source"] == "crossref"


def test_unreadable_citations_file_stops(server, run, project: Path) -> None:
    (project / "citations.json").write_text("{not json", encoding="utf-8")
    status, out = run()
    assert status == 1
    assert "citations.json:1: not valid JSON" in out
    assert not server.requests


def test_dry_run_subprocess(server, project: Path) -> None:
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).parents[1] / "_ext"))
    done = subprocess.run(
        [sys.executable, "-m", "bibfolio", "metrics", "--dry-run", "--bib", "refs.bib"],
        capture_output=True, text=True, env=env, cwd=project, timeout=60, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    assert "lovelace1843notes: 42 (OpenAlex W1000000001)" in done.stdout
    assert "dry run: citations.json is unchanged" in done.stdout
    assert done.stderr == ""  # no progress bar: stderr is not a terminal
    assert not (project / "citations.json").exists()


class _Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_bar_only_on_a_terminal() -> None:
    pipe, tty = io.StringIO(), _Tty()
    for stream in (pipe, tty):
        bar = Progress(4, stream)
        bar.advance(2)
        bar.advance(2)
        bar.close()
    assert pipe.getvalue() == ""
    assert tty.getvalue().endswith("\r[" + "#" * 30 + "] 4/4 entries\x1b[K\n")
    assert "\r[###############               ] 2/4 entries\x1b[K" in tty.getvalue()


@pytest.mark.parametrize(
    ("counts", "h", "i10"),
    [([], 0, 0), ([0, 0], 0, 0), ([10, 8, 5, 4, 3], 4, 1), ([25, 8, 5, 3, 3], 3, 1),
     ([100, 100, 100], 3, 3), ([1], 1, 0)],
)  # fmt: skip
def test_h_and_i10_index(counts: list[int], h: int, i10: int) -> None:
    assert data.h_index(counts) == h
    assert data.i10_index(counts) == i10


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[]", "expected a JSON object"),
        ('{"entries": {"a": {"count": -1}}}', "entry 'a': 'count' must be a whole number"),
        ('{"entries": {"a": {"count": 1, "source": "openalex", "id": "W1", "url": "u", '
         '"fetched": "last week"}}}', "entry 'a'"),
        ('{"pins": ["a"]}', "'pins' must map entry keys"),
    ],
)  # fmt: skip
def test_malformed_data_file(text: str, message: str) -> None:
    with pytest.raises(data.DataError, match=message):
        data.parse(text)


def test_weekly_workflow_refreshes_the_file_and_opens_a_pull_request() -> None:
    yaml = pytest.importorskip("yaml")
    path = Path(__file__).parents[1] / ".github" / "workflows" / "citations.yml"
    workflow = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert workflow[True]["schedule"] == [{"cron": "0 6 * * 1"}]  # "on" reads as True
    job = workflow["jobs"]["refresh"]
    assert job["if"] == "${{ vars.BIBFOLIO_MAILTO != '' }}"
    runs = [step.get("run", "") for step in job["steps"]]
    assert "python3 -m bibfolio metrics | tee metrics-report.txt" in runs
    (pull,) = [s for s in job["steps"] if s.get("uses", "").startswith("peter-evans/")]
    assert pull["with"]["add-paths"] == "citations.json"
    assert pull["with"]["body-path"] == "metrics-report.txt"


def test_unreachable_service_keeps_every_old_count(run, project, monkeypatch) -> None:
    old = data.CitationData(
        {"babbage1837engine": data.Citation(5, "openalex", "W1000000002",
                                            "https://openalex.org/W1000000002", "2026-01-05")}
    )  # fmt: skip
    (project / "citations.json").write_text(old.to_json(), encoding="utf-8")
    monkeypatch.setenv("BIBFOLIO_OPENALEX_URL", "http://127.0.0.1:9")  # nothing listens
    status, out = run()
    assert status == 1
    assert "failed for 5 of 5 entries; their old counts are kept:" in out
    assert "cannot connect" in out
    # The DOI request failed: the entry is not asked again by its arXiv id.
    assert "babbage1837engine: http://127.0.0.1:9/works?filter=doi:10.5555/notes.1843" in out
    assert data.read(project / "citations.json") == old


def test_a_pin_without_an_id_is_a_usage_error(run, project: Path, capsys) -> None:
    with pytest.raises(SystemExit) as stopped:
        run("--pin", "lovelace1843notes")
    assert stopped.value.code == 2
    assert "expected KEY=ID, got 'lovelace1843notes'" in capsys.readouterr().err
