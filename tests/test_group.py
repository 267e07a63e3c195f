"""Group sites: the people page, member pages, the group list, JSON-LD and bad input.

Two small roots, each built once for the module: ``test-group`` (a clean lab: a rename,
two members with the same surname and initial, a namesake excluded by key, an alumnus)
and ``test-group-bad`` (every kind of bad member data, which warns and builds on).
"""

from __future__ import annotations

import json
import shutil
from typing import TYPE_CHECKING

import pytest

from .helpers import REPO, build_project

if TYPE_CHECKING:
    from .helpers import Built

ROOTS = REPO / "tests" / "roots"


def _build(tmp_path_factory: pytest.TempPathFactory, name: str) -> Built:
    base = tmp_path_factory.mktemp(name)
    shutil.copytree(ROOTS / f"test-{name}", base / name)
    return build_project(base / name, base / "_build")


@pytest.fixture(scope="module")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Built:
    return _build(tmp_path_factory, "group")


@pytest.fixture(scope="module")
def bad(tmp_path_factory: pytest.TempPathFactory) -> Built:
    return _build(tmp_path_factory, "group-bad")


def _marked(built: Built, page: str) -> dict[str, list[str]]:
    """Entry id → the names marked in it."""
    return {
        li["id"]: [s.get_text() for s in li.select("strong.bibfolio-owner")]
        for li in built.page(page).select("li.bibfolio-entry")
    }


def _json_ld(built: Built, page: str) -> list[dict]:
    return [
        json.loads(s.string) for s in built.page(page).select('script[type="application/ld+json"]')
    ]


def test_clean_lab_builds_without_warnings(lab: Built) -> None:
    assert lab.warnings == ""


def test_people_page_groups_by_role_in_order_alumni_last(lab: Built) -> None:
    sections = lab.page("people").select("section.bibfolio-people-role")
    found = [
        (
            s.find(["h2", "h3"]).get_text().strip("#¶ "),
            [
                c.select_one(".bibfolio-person-name").get_text()
                for c in s.select(".bibfolio-person")
            ],
        )
        for s in sections
    ]
    assert found == [
        ("Principal Investigator", ["Ada Quillfeather"]),
        ("Postdoctoral Researchers", ["Theo Ferrowick"]),
        ("PhD Students", ["Mira Okonwyn-Stead", "Tomas Ferrowick"]),
        ("Master’s Students", ["Jun Halvorsund"]),
        ("Alumni", ["Pell Arkwright"]),
    ]


def test_people_cards_link_member_pages_and_show_alumni_years(lab: Built) -> None:
    page = lab.page("people")
    links = {a.get_text(): a["href"] for a in page.select(".bibfolio-person-name a")}
    assert links["Pell Arkwright"] == "people/arkwright.html"
    assert links["Ada Quillfeather"] == "people/quillfeather.html"
    alumnus = page.select("section.bibfolio-people-role")[-1].select_one(".bibfolio-person")
    assert alumnus.select_one(".bibfolio-person-years").get_text() == "2016–2019"
    assert (
        alumnus.select_one(".bibfolio-person-went").get_text() == "Now: Lecturer at Example College"
    )
    # A photo where there is one, the initials where not.
    assert page.select_one("img.bibfolio-person-photo")["alt"] == "Ada Quillfeather at a whiteboard"
    assert [i.get_text() for i in page.select(".bibfolio-person-initials")] == [
        "TF",
        "MO",
        "TF",
        "JH",
        "PA",
    ]
    assert page.select_one('link[href^="_static/bibfolio-group.css"]') is not None


def test_member_page_card_biography_and_own_list_bold(lab: Built) -> None:
    text = lab.text("people/arkwright")
    assert text.startswith(
        "Pell Arkwright PA PhD Student In the group 2016–2019 Now: Lecturer at Example College"
    )
    assert "Pell wrote the first thesis of the lab." in text
    # Every paper of his, the one after he left included; only his name bold.
    assert _marked(lab, "people/arkwright") == {
        "pub-arkwright2022later": ["Pell Arkwright"],
        "pub-stead2020walks": ["Pell Arkwright"],
        "pub-arkwright2018first": ["Pell Arkwright"],
    }
    card = lab.page("people/arkwright").select_one(".bibfolio-member-card")
    assert [a["href"] for a in card.select("a.bibfolio-profile-link")] == [
        "https://scholar.google.com/citations?user=AbCdEfGhIjK"
    ]


def test_member_page_without_title_gets_the_name_and_renames_match(lab: Built) -> None:
    page = lab.page("people/okonwyn-stead")
    assert page.find("h1").get_text().strip("#¶ ") == "Mira Okonwyn-Stead"
    assert _marked(lab, "people/okonwyn-stead") == {
        "pub-stead2020walks": ["Mira Stead"],
        "pub-quillfeather2024graphs": ["Mira Okonwyn-Stead"],
    }


def test_namesake_excluded_and_clash_resolved_on_member_pages(lab: Built) -> None:
    assert list(_marked(lab, "people/halvorsund")) == ["pub-halvorsund2024dense"]
    assert _marked(lab, "people/theo-ferrowick") == {"pub-halvorsund2024dense": ["Theo Ferrowick"]}
    assert _marked(lab, "people/tomas-ferrowick") == {
        "pub-ferrowick2023sparse": ["T. Ferrowick"],
        "pub-quillfeather2024graphs": ["Tomas Ferrowick"],
    }


def test_group_list_marks_members_alumni_only_in_their_time(lab: Built) -> None:
    assert _marked(lab, "publications") == {
        "pub-halvorsund2024dense": ["Jun Halvorsund", "Theo Ferrowick", "Ada Quillfeather"],
        "pub-ferrowick2023sparse": ["T. Ferrowick", "A. Quillfeather"],
        "pub-stead2020walks": ["Mira Stead", "Ada Quillfeather"],
        "pub-arkwright2018first": ["Pell Arkwright", "Ada Quillfeather"],
        "pub-quillfeather2024graphs": ["Ada Quillfeather", "Tomas Ferrowick", "Mira Okonwyn-Stead"],
    }
    # Not the group's: Pell's paper after he left (2022), and a namesake's (2015).
    assert "Imaginary Graphs in Teaching" not in lab.text("publications")
    assert "Basalt Columns" not in lab.text("publications")


def test_group_list_counts_and_member_filter(lab: Built) -> None:
    page = lab.page("publications")
    by_member, by_year = page.select(".bibfolio-group-counts table")
    rows = [
        [td.get_text(" ", strip=True) for td in tr.select("td")]
        for tr in by_member.select("tbody tr")
    ]
    assert rows[0] == ["Ada Quillfeather", "5"]
    assert ["Pell Arkwright", "1"] in rows
    years = [[td.get_text() for td in tr.select("td")] for tr in by_year.select("tbody tr")]
    assert years == [["2024", "2"], ["2023", "1"], ["2020", "1"], ["2018", "1"]]
    select = page.select_one("select[data-bibfolio-member-filter]")
    listing = select["data-bibfolio-member-filter"]
    entries = page.select(f'li.bibfolio-entry[data-listing="{listing}"]')
    # Each option names its member's entries by their position in the list.
    options = {
        o["value"]: [entries[int(i)]["id"] for i in o.get("data-entries", "").split()]
        for o in select.select("option")
    }
    assert options["arkwright"] == ["pub-arkwright2018first"]
    assert options["tomas-ferrowick"] == ["pub-ferrowick2023sparse", "pub-quillfeather2024graphs"]
    assert options[""] == []
    assert page.select_one('script[src^="_static/bibfolio-group.js"]') is not None


def test_json_ld_organization_and_member_profile_page(lab: Built) -> None:
    (organization,) = [d for d in _json_ld(lab, "index") if d["@type"] == "Organization"]
    assert organization["name"] == "Quillfeather Lab"
    current = {p["name"]: p for p in organization["member"]}
    assert sorted(current) == [
        "Ada Quillfeather",
        "Jun Halvorsund",
        "Mira Okonwyn-Stead",
        "Theo Ferrowick",
        "Tomas Ferrowick",
    ]
    assert current["Ada Quillfeather"]["sameAs"] == [
        "https://orcid.org/0000-0002-1825-0097",
        "https://github.com/adaquill",
        "https://ada.example.org",
    ]
    assert [p["name"] for p in organization["alumni"]] == ["Pell Arkwright"]
    (profile,) = [d for d in _json_ld(lab, "people/quillfeather") if d["@type"] == "ProfilePage"]
    person = profile["mainEntity"]
    assert (person["@type"], person["name"], person["url"]) == (
        "Person",
        "Ada Quillfeather",
        "https://lab.example.org/people/quillfeather.html",
    )
    assert person["affiliation"] == {"@type": "Organization", "name": "Quillfeather Lab"}
    assert person["image"] == "https://lab.example.org/_images/quill.png"


def test_bad_input_one_located_warning_each(bad: Built) -> None:
    root = bad.srcdir
    lines = sorted(line for line in bad.warnings.splitlines() if "WARNING" in line)
    expected = sorted(
        [
            f"{root}/people/tomas.md:5: WARNING: unknown member field 'office'",
            f"{root}/members.yaml:6: WARNING: duplicate member id 'tomas' (also {root}/people/tomas.md:1); this one is 'tomas-2' [bibfolio.group_member]",
            f"{root}/people/tomas.md:4: WARNING: unknown role 'phd-student' for Tomas Ferrowick",
            f"{root}/members.yaml:5: WARNING: photo '_static/theo.jpg' of Theo Ferrowick not found in the source folder; the card shows the initials [bibfolio.group_member]",
            f"{root}/refs.bib:1: WARNING: 'ferrowick2023sparse': the author 'T. Ferrowick' matches Tomas Ferrowick ({root}/people/tomas.md:1) and Theo Ferrowick ({root}/members.yaml:1)",
            f"{root}/members.yaml:7: WARNING: member 'Tomas Ferrowick-Other' matches no author",
            f"{root}/conf.py:7: WARNING: bibfolio_group_mark: expected 'bold' or 'underline', got 'italic'; using the default 'bold' [bibfolio.config]",
        ]
    )
    assert len(lines) == len(expected)
    for line, start in zip(lines, expected, strict=True):
        assert line.startswith(
            start.removesuffix(" [bibfolio.group_member]").removesuffix(
                " [bibfolio.group_unmatched]"
            )
        ), line
    assert bad.statuscode == 0


def test_bad_input_loses_no_member(bad: Built) -> None:
    page = bad.page("people")
    found = {
        s.find(["h2", "h3"]).get_text().strip("#¶ "): [
            c.select_one(".bibfolio-person-name").get_text() for c in s.select(".bibfolio-person")
        ]
        for s in page.select("section.bibfolio-people-role")
    }
    assert found == {
        "Postdoctoral Researchers": ["Theo Ferrowick"],
        "PhD Students": ["Tomas Ferrowick-Other", "Wren Obbelstone"],
        "Other Members": ["Tomas Ferrowick"],
    }
    assert len(bad.page("publications").select("li.bibfolio-entry")) == 2
    # The ambiguous author is marked for neither; the unambiguous one is.
    assert _marked(bad, "publications") == {
        "pub-ferrowick2024dense": ["Tomas Ferrowick"],
        "pub-ferrowick2023sparse": ["Theo Ferrowick"],
    }


def test_text_builder_writes_the_group_pages(tmp_path_factory: pytest.TempPathFactory) -> None:
    base = tmp_path_factory.mktemp("group-text")
    shutil.copytree(ROOTS / "test-group", base / "group")
    built = build_project(base / "group", base / "_build", "text")
    assert built.warnings == ""
    people = (built.outdir / "people.txt").read_text(encoding="utf-8")
    assert "Pell Arkwright" in people
    assert "2016–2019" in people
    publications = (built.outdir / "publications.txt").read_text(encoding="utf-8")
    assert "Publications by member" in publications
    assert "everyone" not in publications  # the HTML-only filter is left out
    # Text has the same marks: Pell bold on his 2018 paper, not on the 2020 one.
    flowing = " ".join(publications.split())
    assert "**Pell Arkwright** and **Ada Quillfeather**" in flowing
    assert "**Mira Stead**, Pell Arkwright, and **Ada Quillfeather**" in flowing


def test_group_list_all_option_lists_every_entry_without_counts(lab: Built) -> None:
    page = lab.page("everything")
    assert len(page.select("li.bibfolio-entry")) == 7
    assert page.select(".bibfolio-group-counts") == []
    # The namesake's entry is listed, with nobody marked.
    assert _marked(lab, "everything")["pub-halvorsund2015basalt"] == []


def test_incremental_build_follows_member_edits(tmp_path_factory: pytest.TempPathFactory) -> None:
    base = tmp_path_factory.mktemp("group-edit")
    source = base / "group"
    shutil.copytree(ROOTS / "test-group", source)
    build_project(source, base / "_build")
    page = source / "people" / "halvorsund.md"
    # Jun becomes a PhD student and turns out to be the 2015 author after all.
    page.write_text(
        page.read_text(encoding="utf-8").replace("role: masters", "role: phd")
        .replace("exclude: [halvorsund2015basalt]\n", ""),
        encoding="utf-8",
    )  # fmt: skip
    built = build_project(source, base / "_build", fresh=False)
    assert built.warnings == ""
    phd = built.page("people").select("section.bibfolio-people-role")[2]
    assert "Jun Halvorsund" in phd.get_text()
    assert list(_marked(built, "people/halvorsund")) == [
        "pub-halvorsund2024dense",
        "pub-halvorsund2015basalt",
    ]
    assert "pub-halvorsund2015basalt" in _marked(built, "publications")
    # The paper page is written again: Jun is marked there now.
    paper = built.page("publications/halvorsund2015basalt")
    assert [s.get_text() for s in paper.select("main strong.bibfolio-owner")] == ["Jun Halvorsund"]


def test_paper_pages_mark_members_not_namesakes(lab: Built) -> None:
    def marked(key: str) -> list[str]:
        page = lab.page(f"publications/{key}")
        return [s.get_text() for s in page.select("main strong.bibfolio-owner")]

    assert marked("halvorsund2015basalt") == []  # a namesake's, excluded by key
    assert marked("arkwright2022later") == ["Pell Arkwright"]  # his, after he left
    assert marked("ferrowick2023sparse") == ["T. Ferrowick", "A. Quillfeather"]


def test_epub_has_no_member_filter(tmp_path_factory: pytest.TempPathFactory) -> None:
    # An e-book is read offline, often without scripts: no control that does nothing.
    base = tmp_path_factory.mktemp("group-epub")
    shutil.copytree(ROOTS / "test-group", base / "group")
    built = build_project(base / "group", base / "_build", "epub")
    publications = (built.outdir / "publications.xhtml").read_text(encoding="utf-8")
    assert "pub-arkwright2018first" in publications
    assert "Publications by member" in publications  # the counts stay: they are text
    assert not [
        page.name
        for page in built.outdir.rglob("*.xhtml")
        if "data-bibfolio-member-filter" in page.read_text(encoding="utf-8")
    ]
    assert not (built.outdir / "_static" / "bibfolio-group.js").exists()
