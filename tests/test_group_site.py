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
    # No CV: conf.py says so (and how to make a PDF of the pages), no page links one.
    assert "\nbibfolio_cv = False\n" in (site / "conf.py").read_text(encoding="utf-8")
    assert not list(built.outdir.glob("cv*"))
    for html in built.outdir.rglob("*.html"):
        links = [
            a["href"]
            for a in built.page(html.relative_to(built.outdir).with_suffix("").as_posix()).select(
                "a[href]"
            )
        ]
        assert not [href for href in links if "cv" in href.rsplit("/", 1)[-1]], html


def test_group_cv_is_opt_in_and_made_of_the_pages_named(tmp_path: Path) -> None:
    pytest.importorskip("typst", reason="the CV PDF needs the typst package")
    site = tmp_path / "lab"
    assert main(["new", str(site), "--group", "Odd Lab", "--name", "Vesna Quarrington"]) == 0
    # Without conf.py's line, a group site has no CV either (the group default).
    conf = site / "conf.py"
    conf.write_text(conf.read_text(encoding="utf-8").replace("\nbibfolio_cv = False\n", "\n"))
    built = build_project(site, tmp_path / "_build")
    assert built.warnings == ""
    assert not (built.outdir / "cv.pdf").exists()
    built = build_project(
        site, tmp_path / "_build_cv", overrides={"bibfolio_cv": ["index", "publications"]}
    )
    assert built.warnings == ""
    assert (built.outdir / "cv.pdf").read_bytes().startswith(b"%PDF")


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
    # The table's rows get generated pages, linked from their cards.
    assert [a.select_one(".bibfolio-person-name a")["href"] for a in alumni] == [
        "people/helka-strandvold.html", "people/cordelia-wrenfield.html",
        "people/matthias-oxenbridge.html",
    ]  # fmt: skip


def test_example_alumnus_generated_page(example: Built) -> None:
    page = example.page("people/matthias-oxenbridge")
    card = page.select_one(".bibfolio-member-card")
    assert [a["href"] for a in card.select("a.bibfolio-profile-link")] == [
        "https://example.org/oxenbridge"
    ]
    text = example.text("people/matthias-oxenbridge")
    assert "Matthias wrote the lab's first thesis" in text
    assert "Wool Towns" not in text  # by the historian of the same name, excluded by key
    assert page.select("li.bibfolio-entry strong.bibfolio-owner")


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
