"""The build shows the committed citation counts, and nothing without them."""

from __future__ import annotations

import datetime as dt
import shutil
from typing import TYPE_CHECKING

import pytest

from bibfolio.metrics.data import Citation, CitationData

if TYPE_CHECKING:
    from pathlib import Path

TODAY = dt.datetime.now(dt.UTC).date()
#: Invented counts for the fictional entries of tests/roots/test-citations.
COUNTS = {
    "lovelace1843notes": 42,
    "lovelace1844engine": 12,
    "lovelace1845connexion": 7,
    "lovelace1846discourse": 3,
}


def _data(fetched: dt.date = TODAY, **changes: int) -> CitationData:
    counts = {**COUNTS, **changes}
    return CitationData(
        {
            key: Citation(count, "openalex", f"W{index}", f"https://openalex.org/W{index}",
                          fetched.isoformat(), "title" if index == 3 else "doi")
            for index, (key, count) in enumerate(counts.items(), start=1)
        },
        exclude=["lovelace1846discourse"],
    )  # fmt: skip


@pytest.fixture
def source(tmp_path: Path, rootdir: Path) -> Path:
    """A copy of the test-citations root that build_root("citations") builds."""
    copy = tmp_path / "citations"
    shutil.copytree(rootdir / "test-citations", copy)
    return copy


def _cited_by(built) -> dict[str, tuple[str, str, str]]:
    page = built.page("index")
    return {
        link.find_parent(class_="bibfolio-entry")["id"]: (
            link.get_text(), link["href"], link.get("title", "")
        )
        for link in page.select(".bibfolio-entry a.bibfolio-cited-by")
    }  # fmt: skip


def test_cited_by_links_and_summary(build_root, source: Path) -> None:
    (source / "citations.json").write_text(_data().to_json(), encoding="utf-8")
    built = build_root("citations")
    assert not built.warnings
    links = _cited_by(built)
    assert len(links) == 3  # the excluded entry shows no count
    (text, href, title) = next(v for k, v in links.items() if "1843" in k)
    assert text == "Cited by 42"
    assert href == "https://openalex.org/W1"
    assert title == f"42 citations counted by OpenAlex, fetched {TODAY.isoformat()}"
    # A count found by title says so (the report asked to check it).
    assert next(v for k, v in links.items() if "1845" in k)[2].endswith(", matched by title")
    page = built.page("index")
    # A plain link, in the entry's links row; nothing loaded from a third party.
    assert page.select_one("a.bibfolio-cited-by").find_parent(class_="bibfolio-links")
    html = (built.outdir / "index.html").read_text(encoding="utf-8")
    assert "openalex.org" not in "".join(
        str(tag) for tag in page.find_all(["script", "img", "iframe", "link"])
    )
    assert html.count("openalex.org") == 3
    items = [li.get_text(" ", strip=True) for li in page.select(".bibfolio-citation-summary li")]
    # Counts 42, 12, 7 (the fourth is excluded): h-index 3, two with 10 or more.
    label = f"(OpenAlex, as of {TODAY.isoformat()})"
    assert items == [
        f"Citations: 61 {label}",
        f"h-index: 3 {label}",
        f"i10-index: 2 {label}",
    ]


def test_stale_counts_warn_once(build_root, source: Path) -> None:
    old = TODAY - dt.timedelta(days=100)
    (source / "citations.json").write_text(_data(old).to_json(), encoding="utf-8")
    built = build_root("citations")
    lines = [line for line in built.warnings.splitlines() if line.strip()]
    assert len(lines) == 1, built.warnings
    assert "citations.json:1: WARNING: citation counts fetched 100 days ago" in lines[0]
    assert "bibfolio_citations_max_age_days = 60" in lines[0]
    assert lines[0].endswith("[bibfolio.citations_stale]")
    assert len(_cited_by(built)) == 3  # old counts still show


def test_malformed_file_warns_and_shows_nothing(build_root, source: Path) -> None:
    (source / "citations.json").write_text('{"entries": {"x": 3}}', encoding="utf-8")
    built = build_root("citations")
    assert "citations.json:1: WARNING: entry 'x': expected an object" in built.warnings
    assert "[bibfolio.citations_file]" in built.warnings
    assert not _cited_by(built)
    assert not built.page("index").select(".bibfolio-citation-summary")


def test_editing_the_file_rebuilds_and_adding_it_shows_counts(build_root, source) -> None:
    built = build_root("citations", fresh=False)
    assert not _cited_by(built)
    (source / "citations.json").write_text(_data().to_json(), encoding="utf-8")
    built = build_root("citations", fresh=False)
    assert len(_cited_by(built)) == 3
    (source / "citations.json").write_text(_data(lovelace1843notes=50).to_json(), encoding="utf-8")
    built = build_root("citations", fresh=False)
    assert next(v for k, v in _cited_by(built).items() if "1843" in k)[0] == "Cited by 50"
    paper = built.page("publications/lovelace1843notes")  # the paper page follows
    assert paper.select_one("a.bibfolio-cited-by").get_text() == "Cited by 50"
    (source / "citations.json").unlink()
    built = build_root("citations", fresh=False)
    assert not _cited_by(built)


def test_text_builder_spells_the_link_out(build_root, source: Path) -> None:
    (source / "citations.json").write_text(_data().to_json(), encoding="utf-8")
    built = build_root("citations", "text")
    text = " ".join((built.outdir / "index.txt").read_text(encoding="utf-8").split())
    assert "DOI: https://doi.org/10.5555/notes.1843; Cited by 42: https://openalex.org/W1" in text
    assert "**h-index: 3** (OpenAlex, as of" in text


def test_without_the_file_the_output_is_byte_identical(build_root, monkeypatch) -> None:
    """Without citations.json the site is what it was before bibfolio knew counts."""
    with_hooks = build_root("equal-contrib")
    monkeypatch.setattr("bibfolio.build.citedby.register", lambda app: None)
    monkeypatch.setattr("bibfolio.pages.context.cited_by", lambda env, key: ())
    shutil.move(with_hooks.outdir, with_hooks.outdir.with_name("with-hooks"))
    without = build_root("equal-contrib")
    pages = sorted(p.relative_to(without.outdir) for p in without.outdir.rglob("*.html"))
    assert pages
    for page in pages:
        assert (without.outdir / page).read_bytes() == (
            with_hooks.outdir.with_name("with-hooks") / page
        ).read_bytes(), page
