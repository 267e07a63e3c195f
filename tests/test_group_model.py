"""Group members as data and who wrote what: the plain-Python model, no Sphinx app."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from bibfolio.group.load import read_members
from bibfolio.group.matching import marked_indices, match_members, member_counts, unmatched
from bibfolio.group.members import read_page, read_table
from bibfolio.model.assemble import build_publications
from bibfolio.model.publication import Settings
from bibfolio.reading.bibtex import read_bib_files
from bibfolio.reading.diagnostics import NOTES
from bibfolio.reading.frontmatter import field_lines, read_front_matter

BIB = """
@article{wen2021a, title = {One}, author = {Wen, Ada and Brill, Oskar}, journal = {J}, year = 2021}
@article{wen2021b, title = {Two}, author = {Wen, A. and Brill, O.}, journal = {J}, year = 2021}
@article{wen2022c, title = {Three}, author = {Wen, Alan}, journal = {J}, year = 2022}
@article{marsh2017, title = {Four}, author = {Marsh, Ida}, journal = {J}, year = 2017}
@article{okafor2023, title = {Five}, author = {Okafor-Marsh, Ida and Brill, Oskar}, journal = {J}, year = 2023}
@article{brill2009, title = {Six}, author = {Brill, Oskar}, journal = {Geology of Nowhere}, year = 2009}
@article{brill2014, title = {Seven}, author = {Brill, Oskar and Wen, Ada}, journal = {J}, year = 2014}
"""


def publications(bib: str = BIB) -> list:
    entries, _ = read_bib_files([("refs.bib", bib.encode())], "utf-8")
    return list(build_publications(entries, Settings())[0].values())


def members_from(tmp_path: Path, table: str) -> list:
    path = tmp_path / "members.yaml"
    path.write_text(table, encoding="utf-8")
    members, problems = read_table(path, table)
    assert problems == []
    return members


LAB = """\
- {id: ada, name: Ada Wen, aliases: [A. Wen]}
- {id: alan, name: Alan Wen, aliases: [A. Wen]}
- {id: ida, name: Ida Okafor-Marsh, aliases: [Ida Marsh]}
- {id: oskar, name: Oskar Brill, start: 2012, end: 2016, exclude: [brill2009]}
"""


def test_page_front_matter_fields_and_unknown_field_line(tmp_path: Path) -> None:
    text = "---\nname: Ada  Wen\nrole: phd\nstart: 2020\nofice: 3.14\norcid: 0000-0002-1825-0097\n---\n\n# Ada\n"
    member, problems = read_page(tmp_path / "ada-wen.md", text, "people/ada-wen")
    assert member is not None
    assert (member.id, member.name, member.role, member.start) == (
        "ada-wen",
        "Ada Wen",
        "phd",
        2020,
    )
    assert member.links == {"orcid": "0000-0002-1825-0097"}
    assert [(p.line, p.subtype) for p in problems] == [(5, "group_member")]
    assert "unknown member field 'ofice'" in problems[0].message


def test_page_without_front_matter_or_name_is_a_located_problem(tmp_path: Path) -> None:
    member, problems = read_page(tmp_path / "x.md", "# X\n", "people/x")
    assert member is None
    assert [(p.line, p.message) for p in problems] == [
        (1, "a member page needs front matter with a name")
    ]
    member, problems = read_page(tmp_path / "y.md", "---\nrole: phd\nstart: soon\n---\n", "y")
    assert member is None
    assert "has no name" in problems[0].message


def test_bad_year_is_reported_at_its_line(tmp_path: Path) -> None:
    member, problems = read_page(tmp_path / "z.md", "---\nname: Zed Q\nstart: soon\n---\n", "z")
    assert member is not None
    assert member.start is None
    assert [(p.line, p.message) for p in problems] == [(3, "start: expected a year, got 'soon'")]


def test_a_former_member_whose_year_of_leaving_is_unknown_is_alumni(tmp_path: Path) -> None:
    """``alumni: true`` (a site moved in from a template that kept no years)."""
    page = "---\nname: Zed Q\nstart: 2015\nalumni: true\n---\n"
    member, problems = read_page(tmp_path / "z.md", page, "z")
    assert problems == [] and member.alumni and member.end is None
    assert member.years == "2015–"
    assert member.in_group(2014) is False and member.in_group(2016) is True
    text = "id,name,alumni\nada,Ada Wen,yes\nalan,Alan Wen,\nzed,Zed Q,maybe\n"
    members, problems = read_table(tmp_path / "members.csv", text)
    assert [(m.id, m.alumni) for m in members] == [("ada", True), ("alan", False), ("zed", False)]
    assert [p.message for p in problems] == ["alumni: expected true or false, got 'maybe'"]


def test_csv_table_lists_split_on_semicolons_unknown_column_once(tmp_path: Path) -> None:
    text = "id,name,aliases,role,desk\nada,Ada Wen,A. Wen;Ada W. Wen,phd,12\nalan,Alan Wen,,pi,14\n"
    members, problems = read_table(tmp_path / "members.csv", text)
    assert [(m.id, m.aliases, m.role) for m in members] == [
        ("ada", ("A. Wen", "Ada W. Wen"), "phd"),
        ("alan", (), "pi"),
    ]
    assert [(p.line, p.subtype) for p in problems] == [(1, "group_member")]
    assert "unknown member column 'desk'" in problems[0].message


def test_duplicate_ids_are_renamed_and_reported_with_both_places(tmp_path: Path) -> None:
    (tmp_path / "people").mkdir()
    (tmp_path / "people" / "ada.md").write_text("---\nname: Ada Wen\n---\n", encoding="utf-8")
    (tmp_path / "members.yaml").write_text("- {id: ada, name: Ada Wen-Other}\n", encoding="utf-8")
    members, _files, problems = read_members(tmp_path, ["people", "members.yaml"])
    assert [(m.id, m.name) for m in members] == [("ada", "Ada Wen"), ("ada-2", "Ada Wen-Other")]
    assert [p.location for p in problems] == [f"{tmp_path / 'members.yaml'}:1"]
    assert f"also {tmp_path / 'people' / 'ada.md'}:1" in problems[0].message


def test_rename_alias_finds_the_old_name(tmp_path: Path) -> None:
    members = members_from(tmp_path, LAB)
    matches = match_members(members, publications())
    assert matches.by_member["ida"] == ["marsh2017", "okafor2023"]


def test_same_surname_and_initial_full_names_are_told_apart(tmp_path: Path) -> None:
    members = members_from(tmp_path, LAB)
    matches = match_members(members, publications())
    # "Ada Wen" is Ada's full name, though Alan's alias "A. Wen" would match it too.
    assert matches.by_member["ada"] == ["wen2021a", "brill2014"]
    assert matches.by_member["alan"] == ["wen2022c"]


def test_ambiguous_initial_warns_with_both_candidates_and_marks_neither(tmp_path: Path) -> None:
    members = members_from(tmp_path, LAB)
    matches = match_members(members, publications())
    assert "wen2021b" not in matches.by_member["ada"] + matches.by_member["alan"]
    (problem,) = [p for p in matches.problems if p.subtype == "group_ambiguous"]
    assert problem.location == "refs.bib:3"
    assert "'A. Wen' matches Ada Wen (" in problem.message
    assert "and Alan Wen (" in problem.message
    assert "add 'wen2021b' to the 'exclude' list" in problem.message


def test_exclude_settles_an_ambiguity(tmp_path: Path) -> None:
    members = members_from(
        tmp_path,
        LAB.replace("[A. Wen]}\n- {id: alan", "[A. Wen]}\n- {id: alan, exclude: [wen2021b]"),
    )
    matches = match_members(members, publications())
    assert "wen2021b" in matches.by_member["ada"]
    assert not matches.problems


def test_namesake_entry_excluded_by_key(tmp_path: Path) -> None:
    members = members_from(tmp_path, LAB)
    matches = match_members(members, publications())
    assert "brill2009" not in matches.by_member["oskar"]
    assert "brill2009" not in matches.by_key


@pytest.mark.parametrize(
    ("key", "marked"),
    [
        ("brill2014", ["Oskar Brill", "Ada Wen"]),  # from Oskar's time in the group
        ("okafor2023", ["Ida Okafor-Marsh"]),  # after it: Oskar not marked
    ],
)
def test_alumni_marked_only_for_papers_from_their_time(
    tmp_path: Path, key: str, marked: list[str]
) -> None:
    members = members_from(tmp_path, LAB)
    by_id = {m.id: m for m in members}
    pubs = {p.key: p for p in publications()}
    matches = match_members(members, pubs.values())
    indices = marked_indices(pubs[key], matches, by_id)
    assert [pubs[key].people[i].name for i in indices] == marked


def test_counts_follow_the_marks(tmp_path: Path) -> None:
    members = members_from(tmp_path, LAB)
    by_id = {m.id: m for m in members}
    pubs = publications()
    matches = match_members(members, pubs)
    counts = member_counts(pubs, matches, by_id)
    # Oskar wrote wen2021a, okafor2023 and brill2014 (brill2009 is a namesake's); only
    # brill2014 is from his time in the group.
    assert counts == {"ada": 2, "alan": 1, "ida": 2, "oskar": 1}


def test_member_without_entries_is_named_with_close_authors(tmp_path: Path) -> None:
    members = members_from(tmp_path, LAB + "- {id: ana, name: Ana Wenn}\n")
    pubs = publications()
    matches = match_members(members, pubs)
    (problem,) = unmatched(members, matches, pubs)
    assert problem.subtype == "group_unmatched"
    assert problem.location == f"{tmp_path / 'members.yaml'}:5"
    assert "closest author names: Ada Wen" in problem.message


def test_new_member_without_papers_is_a_note_not_a_warning(tmp_path: Path) -> None:
    # A new student: no author name anywhere near theirs, no aliases.
    members = members_from(tmp_path, LAB + "- {id: lio, name: Lio Brannaghmor, role: phd}\n")
    pubs = publications()
    (problem,) = unmatched(members, match_members(members, pubs), pubs)
    assert problem.subtype == "group_no_entries"
    assert problem.subtype in NOTES  # logged at info level: -W builds pass
    assert problem.location == f"{tmp_path / 'members.yaml'}:5"
    assert problem.message == "member 'Lio Brannaghmor' has no entries in the bibliography yet"


def test_member_with_aliases_but_no_papers_warns(tmp_path: Path) -> None:
    # Aliases say the member expects to be found: finding nobody is a warning.
    table = LAB + "- {id: lio, name: Lio Brannaghmor, aliases: [L. Brannaghmor]}\n"
    members = members_from(tmp_path, table)
    pubs = publications()
    (problem,) = unmatched(members, match_members(members, pubs), pubs)
    assert problem.subtype == "group_unmatched"
    assert problem.subtype not in NOTES
    assert "by name or aliases (L. Brannaghmor)" in problem.message


def test_guide_documents_every_group_setting_and_member_field() -> None:
    from bibfolio.group.load import OPTIONS
    from bibfolio.group.members import FIELDS

    from .test_guide import GUIDE, first_cells, table_rows

    section = GUIDE[GUIDE.index("## Lab and group sites") :]
    settings = table_rows(section, "- A group site writes no CV PDF")
    assert first_cells(settings) == list(OPTIONS)
    fields = {
        name.strip().strip("`")
        for cell in first_cells(table_rows(section, "**Members as data.**"))
        for name in cell.split(",")
    }
    assert fields == set(FIELDS)


REPO = Path(__file__).parents[1]
#: Every member and project page and YAML members table of the examples and test roots.
PAGES = sorted(
    [
        *REPO.glob("examples/*/people/*.md"),
        *REPO.glob("examples/*/projects/*.md"),
        *REPO.glob("tests/roots/test-*/people/*.md"),
        *REPO.glob("tests/roots/test-projects/*/*.md"),
    ]
)
TABLES = sorted([*REPO.glob("examples/*/*.yaml"), *REPO.glob("tests/roots/test-group*/*.yaml")])


def _lines_before(node, offset: int) -> dict[str, int]:
    """The lines as the pages read them before (from a second parse, yaml.compose)."""
    lines = {}
    for key, value in node.value:
        if isinstance(key.value, str):
            lines[key.value] = key.start_mark.line + 1 + offset
            if isinstance(value, yaml.SequenceNode):
                for index, item in enumerate(value.value):
                    lines[f"{key.value}[{index}]"] = item.start_mark.line + 1 + offset
    return lines


def test_front_matter_and_tables_are_parsed_once_and_read_as_before(monkeypatch) -> None:
    assert len(PAGES) > 25 and len(TABLES) >= 3
    parses = []
    real = yaml.composer.Composer.get_single_node  # what every loader parses a document with
    monkeypatch.setattr(
        yaml.composer.Composer, "get_single_node", lambda self: parses.append(1) or real(self)
    )
    for path in PAGES:
        text = path.read_text(encoding="utf-8")
        before = len(parses)
        read = read_front_matter(text, str(path), "x", "none")
        assert len(parses) == before + 1, path  # one parse of the block
        data, node, found = read
        block = found.group(1) or ""
        assert data == yaml.safe_load(block), path
        assert field_lines(node, 1) == _lines_before(yaml.compose(block), 1), path
    for path in TABLES:
        text = path.read_text(encoding="utf-8")
        before = len(parses)
        members, problems = read_table(path, text)
        assert len(parses) == before + 1, path
        nodes = {node.start_mark.line + 1: node for node in yaml.compose(text).value}
        assert members and len(members) + len(problems) >= len(nodes)
        for member in members:
            # Each field at its line as before; now also each list item (aliases[0] ...).
            assert member.lines == _lines_before(nodes[member.line], 0), path
