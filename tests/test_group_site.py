"""A whole group site: ``bibfolio new --group`` and the example lab, each built with -n."""

from __future__ import annotations

import json
import shutil
from typing import TYPE_CHECKING

import pytest

from bibfolio.__main__ import main

from .helpers import REPO, build_project

if TYPE_CHECKING:
    from pathlib import Path

    from .helpers import Built

LAB = REPO / "examples" / "fernhollow-lab"


@pytest.fixture(scope="module")
def example(tmp_path_factory: pytest.TempPathFactory) -> Built:
    """examples/fernhollow-lab, built once for the module, as CI builds the other examples."""
    base = tmp_path_factory.mktemp("fernhollow-lab")
    shutil.copytree(LAB, base / "lab", ignore=shutil.ignore_patterns("_build"))
    return build_project(base / "lab", base / "_build")


def test_new_group_writes_a_site_that_builds_clean(tmp_path: Path, capsys) -> None:
    site = tmp_path / "lab"
    assert (
        main(
            [
                "new",
                str(site),
                "--group",
                "Lab of Odd Graphs & Things",
                "--name",
                "Vesna Quarrington",
            ]
        )
        == 0
    )
    out = capsys.readouterr().out
    assert out.startswith(f"Made a group site for Lab of Odd Graphs & Things in {site}:\n")
    assert sorted(p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file()) == [
        "_static/favicon.svg", "conf.py", "index.md", "people.md", "people/pi.md",
        "publications.md", "refs.bib",
    ]  # fmt: skip
    built = build_project(site, tmp_path / "_build")
    assert built.warnings == ""
    assert built.page("index").find("h1").get_text().strip("#¶ ") == "Lab of Odd Graphs & Things"
    cards = built.page("people").select(".bibfolio-person-name")
    assert [card.get_text() for card in cards] == ["Vesna Quarrington"]
    marked = [s.get_text() for s in built.page("publications").select("strong.bibfolio-owner")]
    assert marked == ["Vesna Quarrington"]
    # Every page says which text is an example to replace.
    for page in ("index.md", "people/pi.md"):
        assert "**Example text: replace it.**" in (site / page).read_text(encoding="utf-8")


def test_new_group_without_a_name_uses_a_placeholder_member(tmp_path: Path) -> None:
    assert main(["new", str(tmp_path / "lab"), "--group", "Odd Lab"]) == 0
    assert 'name: "Your Name"' in (tmp_path / "lab" / "people" / "pi.md").read_text(
        encoding="utf-8"
    )


def test_new_needs_a_name_or_a_group(tmp_path: Path, capsys) -> None:
    assert main(["new", str(tmp_path / "x")]) == 2
    assert "give --name 'Your Name' (or --group 'Lab')" in capsys.readouterr().err
    assert main(["new", str(tmp_path / "y"), "--group", "  "]) == 2
    assert not (tmp_path / "y").exists()


def test_example_lab_builds_without_warnings(example: Built) -> None:
    assert example.warnings == ""


def test_example_people_page_current_then_alumni_from_the_table(example: Built) -> None:
    sections = example.page("people").select("section.bibfolio-people-role")
    titles = [s.find(["h2", "h3"]).get_text().strip("#¶ ") for s in sections]
    assert titles == [
        "Principal Investigator", "Postdoctoral Researchers", "PhD Students",
        "Master’s Students", "Undergraduate Researchers", "Research Staff", "Alumni",
    ]  # fmt: skip
    alumni = sections[-1].select(".bibfolio-person")
    assert [a.select_one(".bibfolio-person-name").get_text() for a in alumni] == [
        "Helka Strandvold", "Cordelia Wrenfield", "Matthias Oxenbridge",
    ]  # latest to leave first  # fmt: skip
    # A table row has no page: its card links the homepage when there is one.
    assert (
        alumni[2].select_one(".bibfolio-person-name a")["href"] == "https://example.org/oxenbridge"
    )
    assert alumni[0].select_one(".bibfolio-person-name a") is None


def test_example_same_initial_exclusion_and_namesake(example: Built) -> None:
    text = example.text("people/ingrid-pemberwick")
    assert "Short-term forecasts of pollinator visits" in text
    assert "Short-term forecasts of pollinator visits" not in example.text("people/imre-pemberwick")
    assert "Wool Towns" not in example.text("publications")


def test_example_json_ld_lists_every_member(example: Built) -> None:
    scripts = example.page("index").select('script[type="application/ld+json"]')
    (organization,) = [
        data for data in (json.loads(s.string) for s in scripts) if data["@type"] == "Organization"
    ]
    assert len(organization["member"]) == 10
    assert len(organization["alumni"]) == 3
    assert organization["description"].startswith("Computational ecology")
