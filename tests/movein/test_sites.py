"""Each template's site, moved in: it builds -nW, passes its own tests, shows its content.

One conversion and one build per template (the site's own tests build it, as its nox
session and CI do; the pages are read from that build).  The old site is each
template's case of a fictional owner (``cases/``: the owner's content, with the hazards
real sites have, and demo content left in); the demo sites alone, whose content is all
left out, are each converter's own tests.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
import yaml

from bibfolio.__main__ import main

from ..test_new_portfolio import run_own_tests

if TYPE_CHECKING:
    from ..test_new_portfolio import MadeSite

HERE = Path(__file__).parent
#: Converter → the old site its test moves in.
SITES = {
    "alfolio": HERE / "cases" / "alfolio-hoerner",
    "academicpages": HERE / "cases" / "academicpages-wrzos",
    "hugo": HERE / "cases" / "hugo-blox-2026-quarrie",
    "quarto": HERE / "cases" / "quarto-solberg",
    "labsite": HERE / "cases" / "labsite-quarrie",
}
#: The templates whose sites have news (the others have none to move).
WITH_NEWS = {"alfolio"}
#: A warning of the build, as the site's failing build test shows it: its file.
_WARNING = re.compile(r"/site/((?:docs/)?[^\s:]+)(?::\d+)?: WARNING: ")

pytestmark = pytest.mark.portfolio


@pytest.fixture(scope="module", params=sorted(SITES))
def moved(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> MadeSite:
    name = request.param
    base = tmp_path_factory.mktemp(name)
    assert main(["new", str(base / "site"), "--from", str(SITES[name])]) == 0
    return run_own_tests(base / "site", base / "basetemp")


def test_the_moved_site_builds_with_only_the_warnings_its_report_names(moved):
    report = (moved.root / "MIGRATION.md").read_text()
    output = moved.tests.stdout + moved.tests.stderr
    # Each file the build warns about is named in the report (docs/posts/x.md, refs.bib).
    unnamed = {path for path in _WARNING.findall(output) if path not in report}
    assert unnamed == set(), output


def test_the_moved_site_passes_its_own_tests(moved):
    assert moved.tests.returncode == 0, moved.tests.stdout + moved.tests.stderr


def test_the_owner_is_bold_in_the_publication_list(moved):
    listed = moved.page("publications").select("li.bibfolio-entry")
    assert listed
    assert all(entry.select("strong.bibfolio-owner") for entry in listed)


def test_news_items_are_dated(moved, request):
    written = yaml.safe_load((moved.root / "docs" / "news.yml").read_text()) or []
    dated = [item for item in written if item.get("date") and not item.get("draft")]
    assert bool(dated) == (request.node.callspec.params["moved"] in WITH_NEWS)
    items = moved.page("news").select(".bibfolio-news-item")
    assert len(items) == len(dated)
    assert all(item.select_one(".bibfolio-news-date").get_text(strip=True) for item in items)


def test_every_post_has_its_page(moved):
    posts = sorted((moved.root / "docs" / "posts").glob("*.*"))
    assert posts
    for post in posts:
        assert (moved.html / "posts" / f"{post.stem}.html").is_file(), post.name


DEMOS = sorted(path.name for path in (HERE / "sites").iterdir() if path.is_dir())


@pytest.mark.parametrize("demo", DEMOS)
def test_a_templates_demo_moves_in_with_its_demo_content_named_not_published(demo, tmp_path):
    status = main(["new", str(tmp_path / "site"), "--from", str(HERE / "sites" / demo),
                   "--name", "Imogen Quarrie"])  # fmt: skip
    assert status == 0
    report = (tmp_path / "site" / "MIGRATION.md").read_text()
    left_out = report.split("## Template demo content left out\n", 1)[1].split("\n## ", 1)[0]
    assert "\n- `" in left_out
    assert "Einstein" not in (tmp_path / "site" / "refs.bib").read_text()
