"""greenelab's lab-website-template → a group Site: the template's demo (every oracle count
of its MANIFEST) and a fictional lab, the Quarrie Lab."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from bibfolio.movein import academicpages, labsite

if TYPE_CHECKING:
    from bibfolio.movein.model import Site

HERE = Path(__file__).parent
DEMO = HERE / "sites" / "labsite"
QUARRIE = HERE / "cases" / "labsite-quarrie"


@pytest.fixture(scope="module")
def demo() -> Site:
    return labsite.read(DEMO)


@pytest.fixture(scope="module")
def demo_kept() -> Site:
    return labsite.read(DEMO, include_demo=True)


@pytest.fixture(scope="module")
def lab() -> Site:
    return labsite.read(QUARRIE)


def _notes(site: Site, kind: str, path: str = "") -> list[str]:
    return [
        f"{note.source} {note.message}"
        for note in site.report.notes
        if note.kind == kind and note.source.path.startswith(path)
    ]


def test_the_lab_template_is_recognised_and_academicpages_sites_are_not() -> None:
    assert labsite.recognise(DEMO)
    assert labsite.recognise(QUARRIE)
    assert not labsite.recognise(HERE / "sites" / "academicpages")
    assert not academicpages.recognise(DEMO)


def test_every_demo_item_is_counted_and_left_out_as_demo(demo: Site) -> None:
    found, converted = demo.report.found, demo.report.converted
    # MANIFEST: citations 12, members 3 (1 alum), projects 5, posts 3, pages 6.
    assert (found["publications"], converted["publications"]) == (12, 0)
    assert (found["members"], converted["members"]) == (3, 0)
    assert (found["projects"], converted["projects"]) == (5, 0)
    assert (found["posts"], converted["posts"]) == (3, 0)
    assert found["pages"] == 6
    assert not (demo.bibliography.entries or demo.members or demo.projects or demo.posts)
    assert len(_notes(demo, "demo", "_data/citations.yaml")) == 12
    assert len(_notes(demo, "demo", "_members/")) == 3
    assert any("'Lab Website Template'" in n for n in _notes(demo, "demo", "_config.yaml"))


def test_the_demo_with_include_demo_is_a_group_of_three(demo_kept: Site) -> None:
    assert demo_kept.group == "Lab Website Template"
    assert len(demo_kept.bibliography.entries) == 12
    assert [(m.name, m.role, m.alumni) for m in demo_kept.members] == [
        ("Jane Smith", "pi", False),
        ("Sarah Johnson", "staff", False),
        ("John Doe", "phd", True),
    ]
    jane = demo_kept.members[0]
    assert jane.aliases == ["J. Smith", "J Smith"]
    assert jane.links == {"homepage": "https://janesmith.com", "orcid": "0000-0001-8713-9213"}
    assert jane.addresses == ["members/jane-smith.html"]
    assert len(demo_kept.projects) == 5


def test_manubot_citations_become_entries_with_their_extras(demo_kept: Site) -> None:
    manubot = next(
        e
        for e in demo_kept.bibliography.entries
        if e.fields["title"] == "Open collaborative writing with Manubot"
    )
    assert manubot.type == "article"
    assert manubot.fields["journal"] == "PLOS Computational Biology"
    assert manubot.fields["doi"] == "10.1371/journal.pcbi.1007128"
    assert (manubot.fields["year"], manubot.fields["month"]) == ("2020", "12")
    assert manubot.fields["code"] == "https://github.com/greenelab/meta-review"
    assert manubot.fields["keywords"] == "open science, collaboration"
    assert "url" not in manubot.fields  # its link is the DOI's
    monarch = next(e for e in demo_kept.bibliography.entries if "Monarch" in e.fields["title"])
    assert "Vinícius De Souza" in monarch.fields["author"]  # no-break spaces made spaces


def test_the_report_says_citations_yaml_was_used(demo: Site, lab: Site) -> None:
    for site in (demo, lab):
        assert any("citations.yaml" in n for n in _notes(site, "note", "_data/citations.yaml"))


def test_the_demo_pages_lead_to_the_new_ones(demo: Site) -> None:
    assert demo.addresses == {
        "blog/": "posts",
        "projects/": "projects",
        "research/": "publications",
        "team/": "people",
    }
    assert any("home page" in n for n in _notes(demo, "demo", "index.md"))
    assert demo.pages == []


# -- the Quarrie Lab ---------------------------------------------------------------------


def test_the_labs_name_is_the_group_and_its_home_text_the_front_page(lab: Site) -> None:
    assert lab.group == "Quarrie Lab"
    assert lab.profile.bio.startswith("We study the microbes")
    assert "# Quarrie Lab" not in lab.profile.bio
    assert any("email link" in n for n in _notes(lab, "left", "_config.yaml"))


def test_members_carry_roles_links_and_the_alumnas_alias(lab: Site) -> None:
    members = {m.id: m for m in lab.members}
    assert lab.members[0].name == "Imogen Quarrie"  # the PI first
    assert members["imogen-quarrie"].role == "pi"
    assert members["imogen-quarrie"].links == {
        "email": "imogen@quarrie.example.org",
        "orcid": "0000-0002-1825-0097",
        "scholar": "QuArRiE0000J",
        "homepage": "https://imogen.example.org",
    }
    assert members["imogen-quarrie"].image == "images/imogen.jpg"
    assert members["imogen-quarrie"].position == "Professor of Soil Ecology"
    assert (members["rufus-ottaway"].role, members["sunniva-brekke"].role) == ("phd", "undergrad")
    alumna = members["morwenna-tregear"]
    assert (alumna.alumni, alumna.role) == (True, "postdoc")
    assert alumna.aliases == ["M. Penhallow", "Morwenna Penhallow"]
    assert lab.members[-1] is alumna  # former members last
    assert members["biscuit"].role == ""
    assert (lab.report.found["members"], lab.report.converted["members"]) == (5, 5)


def test_what_a_member_page_has_no_field_for_is_named(lab: Site) -> None:
    left = _notes(lab, "left", "_members/")
    assert any("youtube" in n for n in left)
    assert not any("Professor of Soil Ecology" in n for n in left)  # her card's position
    assert any("images/rufus.jpg: not in the old site" in n for n in left)
    assert any("'mascot'" in n for n in _notes(lab, "check", "_members/biscuit.md"))


def test_the_labs_citations_are_its_bib_and_ids_alone_are_reported(lab: Site) -> None:
    entries = {e.fields["title"]: e for e in lab.bibliography.entries}
    assert len(entries) == 3
    peat = entries["Microbial respiration in frozen upland peat"]
    assert peat.fields["author"] == "Imogen Quarrie and Rufus Ottaway and Morwenna Tregear"
    assert peat.fields["annotation"] == "Our most cited paper."
    assert peat.fields["code"] == "https://github.com/quarrie-lab/peat-cores"
    preprint = entries["Fungal hyphae under snow"]
    assert preprint.type == "misc"
    assert preprint.fields["publisher"] == "Cold Spring Harbor Laboratory"
    arxiv = entries["A model of peat carbon \\& water"]
    assert (arxiv.fields["eprint"], arxiv.fields["archiveprefix"]) == ("2301.00002", "arXiv")
    assert any(
        "doi:10.5555/never.looked.up" in n for n in _notes(lab, "left", "_data/sources.yaml")
    )


def test_projects_posts_and_pages_of_the_lab(lab: Site) -> None:
    project = lab.projects[0]
    assert (project.id, project.summary) == ("peat-cores", "A public archive of frozen peat cores")
    assert project.code == "https://github.com/quarrie-lab/peat-cores"
    assert project.demo == "https://cores.quarrie.example.org"
    assert "featured" in project.tags
    post = lab.posts[0]
    assert (post.date, post.tags) == ("2024-02-01", ["fieldwork", "snow"])
    assert post.addresses == ["2024/02/01/winter-fieldwork.html"]
    assert any("rufus-ottaway" in n for n in _notes(lab, "left", "_posts/"))
    assert [(p.name, p.addresses) for p in lab.pages] == [("contact", ["contact/"])]
    assert lab.addresses == {"research/": "publications", "team/": "people"}


def test_the_quarrie_lab_is_written_as_a_group_site(tmp_path: Path) -> None:
    from bibfolio.movein.write import write_site

    target = tmp_path / "new"
    write_site(labsite.read(QUARRIE), QUARRIE, target)
    people = target / "docs" / "people"
    assert sorted(path.stem for path in people.glob("*.md")) == [
        "biscuit", "imogen-quarrie", "morwenna-tregear", "rufus-ottaway", "sunniva-brekke",
    ]  # fmt: skip
    morwenna = (people / "morwenna-tregear.md").read_text(encoding="utf-8")
    assert "Morwenna Penhallow" in morwenna
    assert "Quarrie Lab" in (target / "docs" / "conf.py").read_text(encoding="utf-8")
    assert "Fungal hyphae under snow" in (target / "refs.bib").read_text(encoding="utf-8")
