"""A whole group site: ``bibfolio new --group`` and the example lab, each built with -n."""

from __future__ import annotations

import json
import shutil
from typing import TYPE_CHECKING

import pytest

from bibfolio.__main__ import main

from .helpers import REPO, build_project, heading_text

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


def test_new_group_writes_a_site_repository_that_builds_clean(tmp_path: Path, capsys) -> None:
    site = tmp_path / "lab"
    group = ["--group", "Lab of Odd Graphs & Things", "--name", "Vesna Quarrington"]
    assert main(["new", str(site), *group]) == 0
    out = capsys.readouterr().out
    assert out.startswith(
        f"Made a group site repository for Lab of Odd Graphs & Things in {site}:\n"
    )
    assert "add one page per member in docs/people/" in out
    files = sorted(
        p.relative_to(site).as_posix()
        for p in site.rglob("*")
        if p.is_file() and ".git" not in p.parts
    )
    # The group's pages, beside the scaffold files every site has (one template).
    assert [name for name in files if name.startswith("docs/")] == [
        "docs/_static/favicon.svg", "docs/conf.py", "docs/index.md", "docs/news.md",
        "docs/news.yml", "docs/people.md", "docs/people/pi.md", "docs/publications.md",
    ]  # fmt: skip
    assert {".copier-answers.yml", "noxfile.py", "requirements.txt", "refs.bib"} <= set(files)
    answers = (site / ".copier-answers.yml").read_text(encoding="utf-8")
    assert "kind: group\n" in answers and "group_name: Lab of Odd Graphs & Things\n" in answers
    built = build_project(site / "docs", tmp_path / "_build")
    assert built.warnings == ""
    assert built.page("index").find("h1").get_text().strip("#¶ ") == "Lab of Odd Graphs & Things"
    home = built.page("index")
    # The lab's front page: the people; its highlight rows are in comments until the group
    # writes them, its news and papers left out until there are some (issue 45: nothing
    # placeholder shows, no example entry).
    assert home.select("div.bibfolio-highlight") == []
    assert [heading_text(h) for h in home.select("article h2")] == ["People"]
    preview = home.select("div.bibfolio-people-preview .bibfolio-person-name")
    assert [name.get_text() for name in preview] == ["Vesna Quarrington"]
    assert home.select("li.bibfolio-entry") == []
    assert [a.get_text(strip=True) for a in home.select(".bd-header a.nav-link")] == ["People"]
    cards = built.page("people").select(".bibfolio-person-name")
    assert [card.get_text() for card in cards] == ["Vesna Quarrington"]
    # The group's first paper: its list and the front page's show it, with no page edited.
    with (site / "refs.bib").open("a", encoding="utf-8") as bib:
        bib.write(
            "@misc{odd2024, author = {Quarrington, Vesna}, title = {Odd Graphs}, year = 2024}\n"
        )
    built = build_project(site / "docs", tmp_path / "_build")
    assert built.warnings == ""
    home = built.page("index")
    assert [heading_text(h) for h in home.select("article h2")] == ["Recent publications", "People"]
    assert [li["id"] for li in home.select("li.bibfolio-entry")] == ["pub-odd2024"]
    marked = [s.get_text() for s in built.page("publications").select("strong.bibfolio-owner")]
    assert marked == ["Vesna Quarrington"]
    # The pages say in comments (not published) what to write in them.
    home_page = (site / "docs" / "index.md").read_text(encoding="utf-8")
    assert "% The group's home page." in home_page and "% ```{highlight-row} Research" in home_page
    member = (site / "docs" / "people" / "pi.md").read_text(encoding="utf-8")
    assert "% The member's biography, shown below the card" in member
    assert "\n# start: 2020 " in member  # a year nobody gave is not on the card
    for page in ("index", "people/pi"):
        text = built.page(page).select_one("article").get_text()
        assert "Example text" not in text and "replace it" not in text, page
    # No CV: conf.py says so (and how to make a PDF of the pages), no page links one.
    assert "\nbibfolio_cv = False\n" in (site / "docs" / "conf.py").read_text(encoding="utf-8")
    assert not list(built.outdir.glob("cv*"))
    for html in built.outdir.rglob("*.html"):
        links = [
            a["href"]
            for a in built.page(html.relative_to(built.outdir).with_suffix("").as_posix()).select(
                "a[href]"
            )
        ]
        assert not [href for href in links if "cv" in href.rsplit("/", 1)[-1]], html


def test_new_group_pages_only_in_a_checkout_or_with_pages(tmp_path: Path, capsys) -> None:
    # Inside a bibfolio checkout (a folder next to _ext/) or with --pages: only the
    # group's pages, with refs.bib inside, as for a personal portfolio.
    checkout = tmp_path / "checkout"
    (checkout / "_ext" / "bibfolio").mkdir(parents=True)
    (checkout / "_ext" / "bibfolio" / "__init__.py").write_text("")
    for target, pages in ((checkout / "lab", []), (tmp_path / "lab", ["--pages"])):
        assert main(["new", str(target), "--group", "Odd Lab", "--name", "V Q", *pages]) == 0
        assert capsys.readouterr().out.startswith(f"Made a group site for Odd Lab in {target}:\n")
        assert sorted(p.relative_to(target).as_posix() for p in target.rglob("*")) == [
            "_static", "_static/favicon.svg", "conf.py", "index.md", "news.md", "news.yml",
            "people", "people.md", "people/pi.md", "publications.md", "refs.bib",
        ]  # fmt: skip
        conf = (target / "conf.py").read_text(encoding="utf-8")
        assert 'bibtex_bibfiles = ["refs.bib"]' in conf


def test_group_cv_is_opt_in_and_made_of_the_pages_named(tmp_path: Path) -> None:
    pytest.importorskip("typst", reason="the CV PDF needs the typst package")
    site = tmp_path / "lab"
    assert main(["new", str(site), "--group", "Odd Lab", "--name", "Vesna Quarrington"]) == 0
    # Without conf.py's line, a group site has no CV either (the group default).
    conf = site / "docs" / "conf.py"
    conf.write_text(conf.read_text(encoding="utf-8").replace("\nbibfolio_cv = False\n", "\n"))
    built = build_project(site / "docs", tmp_path / "_build")
    assert built.warnings == ""
    assert not (built.outdir / "cv.pdf").exists()
    built = build_project(
        site / "docs", tmp_path / "_build_cv", overrides={"bibfolio_cv": ["index", "publications"]}
    )
    assert built.warnings == ""
    assert (built.outdir / "cv.pdf").read_bytes().startswith(b"%PDF")


def test_new_group_without_a_first_member_is_refused(tmp_path: Path, capsys) -> None:
    # Issue 45: no "Your Name" placeholder on the people page; nothing written.
    for name in ([], ["--name", "  "]):
        assert main(["new", str(tmp_path / "lab"), "--group", "Odd Lab", *name]) == 2
        assert capsys.readouterr().err == (
            "bibfolio new: error: the group's first member has no name; give it with "
            "--name 'Their Name' (the PI, say)\n"
        )
        assert not (tmp_path / "lab").exists()


def test_new_needs_a_name_or_a_group(tmp_path: Path, capsys) -> None:
    assert main(["new", str(tmp_path / "x")]) == 2
    assert "give --name 'Your Name' (or --group 'Lab')" in capsys.readouterr().err
    assert main(["new", str(tmp_path / "y"), "--group", "  "]) == 2
    assert "the group's name is empty" in capsys.readouterr().err
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
