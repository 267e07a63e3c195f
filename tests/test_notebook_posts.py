"""Notebooks as posts (MyST-NB with ABlog): stored outputs shown, nothing run unless asked."""

from __future__ import annotations

import json
import shutil
from typing import TYPE_CHECKING

import pytest

from .helpers import REPO, build_project

if TYPE_CHECKING:
    from pathlib import Path

    from .helpers import Built

pytest.importorskip("ablog", reason="posts are ABlog's (pip install bibfolio[posts])")
pytest.importorskip("myst_nb", reason="notebooks are MyST-NB's (pip install bibfolio[notebooks])")

ROOT = REPO / "tests" / "roots" / "test-notebook-posts"
#: What the notebook's last code cell prints (its source splits it) and the file it writes;
#: the cell has no stored output, so neither exists unless the notebook was run.
MARKER = "CELL-WAS-EXECUTED"
WRITTEN = "executed.txt"


def _build(base: Path, **overrides: object) -> Built:
    shutil.copytree(ROOT, base / "site")
    return build_project(base / "site", base / "_build", overrides=overrides)


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Built:
    return _build(tmp_path_factory.mktemp("notebooks"))


def test_a_notebook_post_shows_its_stored_outputs_and_runs_nothing(site: Built) -> None:
    assert not site.warnings
    cells = site.page("posts/rain").select("div.cell")
    assert len(cells) == 2
    assert cells[0].select_one(".cell_output").get_text().strip() == "total rain: 42 mm"
    assert cells[1].select_one(".cell_input") is not None
    assert cells[1].select_one(".cell_output") is None
    assert MARKER not in site.page("posts/rain").get_text()
    assert not list(site.srcdir.parent.rglob(WRITTEN))


def test_a_notebook_post_is_listed_on_the_home_page_and_in_the_feed(site: Built) -> None:
    latest = [a.get_text() for a in site.page("index").select("ul.postlist a, div.postlist a")]
    assert [t for t in latest if t.strip()] == ["Rain in the upper valley", "Notes on fog"]
    listed = [a.get_text() for a in site.page("posts").select("ul.postlist a, div.postlist a")]
    assert "Rain in the upper valley" in listed
    atom = (site.outdir / "blog" / "atom.xml").read_text(encoding="utf-8")
    assert "<title>Rain in the upper valley</title>" in atom
    assert 'href="https://orla.example.org/posts/rain.html"' in atom
    assert (site.outdir / "blog" / "tag" / "gauges.html").is_file()


def test_a_notebook_post_has_its_card_cite_link_and_blog_posting(site: Built) -> None:
    post = site.page("posts/rain")
    card = post.select_one(".ablog__postcard")
    assert card.select_one("time").get_text() == "November 20, 2026"  # as news dates read
    assert [a.get_text() for a in card.select("a")][-2:] == ["rain", "gauges"]
    assert post.select_one('a[href$="index.html#pub-rain2024"]') is not None
    scripts = [json.loads(s.string) for s in post.select('script[type="application/ld+json"]')]
    assert {
        "@context": "https://schema.org",
        "@type": "BlogPosting",
        "headline": "Rain in the upper valley",
        "datePublished": "2026-11-20",
        "author": [{"@type": "Person", "name": "Orla Fenwick"}],
        "keywords": ["rain", "gauges"],
        "url": "https://orla.example.org/posts/rain.html",
    } in scripts


def test_markdown_posts_are_read_by_myst_nb_in_either_order(tmp_path: Path) -> None:
    # MyST-NB sets MyST-Parser up itself: bibfolio must not load MyST-Parser beside it,
    # whichever of the two is listed first.
    built = _build(tmp_path, extensions=["myst_nb", "bibfolio", "ablog"])
    assert not built.warnings
    fog = built.page("posts/fog")
    assert fog.select_one('a[href$="index.html#pub-fog2025"]').get_text() == (
        "Fenwick and Marsh, 2025"
    )
    assert built.page("posts/rain").select_one(".cell_output") is not None


def test_a_project_that_sets_the_execution_mode_runs_its_notebooks(tmp_path: Path) -> None:
    built = _build(tmp_path, nb_execution_mode="force")
    outputs = built.page("posts/rain").select("div.cell .cell_output")
    assert [o.get_text().strip() for o in outputs] == ["total rain: 42 mm", MARKER]
    assert (built.srcdir / "posts" / WRITTEN).read_text(encoding="utf-8") == "ran"
