"""academicpages → a Site: the template's demo (every oracle count of its MANIFEST) and a
fictional owner's site with the hazards real ones have."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from bibfolio.movein import academicpages
from bibfolio.movein.academicpages.citation import parse_citation

if TYPE_CHECKING:
    from bibfolio.movein.model import Site

HERE = Path(__file__).parent
DEMO = HERE / "sites" / "academicpages"
WRZOS = HERE / "cases" / "academicpages-wrzos"
LABSITE = HERE / "sites" / "labsite"


@pytest.fixture(scope="module")
def demo() -> Site:
    return academicpages.read(DEMO)


@pytest.fixture(scope="module")
def demo_kept() -> Site:
    return academicpages.read(DEMO, include_demo=True)


@pytest.fixture(scope="module")
def wrzos() -> Site:
    return academicpages.read(WRZOS)


def _notes(site: Site, kind: str, path: str = "") -> list[str]:
    return [
        f"{note.source} {note.message}"
        for note in site.report.notes
        if note.kind == kind and note.source.path.startswith(path)
    ]


def _entry(site: Site, title: str):
    return next(e for e in site.bibliography.entries if e.fields["title"].startswith(title))


# -- recognising ----------------------------------------------------------------------


def test_the_demo_and_a_real_site_are_recognised_and_the_lab_template_is_not() -> None:
    assert academicpages.recognise(DEMO)
    assert academicpages.recognise(WRZOS)
    assert not academicpages.recognise(LABSITE)


def test_a_folder_without_jekyll_settings_is_not_an_academicpages_site(tmp_path: Path) -> None:
    (tmp_path / "_publications").mkdir()
    assert not academicpages.recognise(tmp_path)


# -- the demo: every oracle count accounted for ----------------------------------------


def test_every_demo_item_is_counted_and_left_out_as_demo(demo: Site) -> None:
    found, converted = demo.report.found, demo.report.converted
    # MANIFEST: publications 5 (+ files/*.bib 1 entry), talks 4, teaching 2,
    # portfolio 2, posts 5, CV sections 7 (cv.md; cv.json's 5 are the same demo).
    assert (found["publications"], converted["publications"]) == (6, 0)
    assert (found["talks"], converted["talks"]) == (4, 0)
    assert (found["teaching"], converted["teaching"]) == (2, 0)
    assert (found["projects"], converted["projects"]) == (2, 0)
    assert (found["posts"], converted["posts"]) == (5, 0)
    assert (found["cv sections"], converted["cv sections"]) == (7, 0)
    assert not demo.bibliography.entries
    assert not (demo.talks or demo.teaching or demo.projects or demo.posts or demo.cv)
    assert len(_notes(demo, "demo", "_publications/")) == 5
    assert len(_notes(demo, "demo", "_talks/")) == 4
    assert len(_notes(demo, "demo", "_posts/")) == 5
    assert _notes(demo, "demo", "files/bibtex1.bib")
    assert _notes(demo, "demo", "_data/cv.json")
    assert _notes(demo, "demo", "_pages/cv.md")


def test_the_demo_sidebar_is_no_ones_profile(demo: Site) -> None:
    assert demo.profile.name == ""
    assert demo.profile.links == {}
    assert demo.title == ""
    assert demo.owner == []
    assert any("example sidebar" in note for note in _notes(demo, "demo", "_config.yml"))


def test_with_include_demo_every_demo_item_is_carried(demo_kept: Site) -> None:
    converted = demo_kept.report.converted
    assert converted["publications"] == 6
    assert (len(demo_kept.talks), len(demo_kept.teaching)) == (4, 2)
    assert (len(demo_kept.projects), len(demo_kept.posts)) == (2, 5)
    # cv.md's 7 sections: 4 of bullets, 3 that list the site's collections.
    assert [s.title for s in demo_kept.cv] == [
        "Education",
        "Work experience",
        "Skills",
        "Service and leadership",
    ]
    assert [len(s.items) for s in demo_kept.cv] == [3, 3, 3, 1]
    assert demo_kept.profile.name == "Your Sidebar Name"
    assert demo_kept.profile.affiliation == "Red Brick University"
    assert set(demo_kept.profile.links) == {"scholar", "orcid", "github", "bluesky"}
    assert demo_kept.profile.email == "none@example.org"
    assert any("pubmed" in n for n in _notes(demo_kept, "left", "_config.yml"))


def test_the_demo_citation_gives_structured_authors_and_numbers(demo_kept: Site) -> None:
    entry = _entry(demo_kept, "Paper Title Number 1")
    assert entry.type == "article"
    assert entry.fields["author"] == "Your Name, You"
    assert entry.fields["journal"] == "Journal 1"
    assert (entry.fields["year"], entry.fields["month"]) == ("2009", "10")
    assert (entry.fields["volume"], entry.fields["number"]) == ("1", "1")
    assert entry.addresses == ["publication/2009-10-01-paper-title-number-1"]
    assert _entry(demo_kept, "Paper Title Number 4").type == "inproceedings"


def test_two_demo_papers_on_one_permalink_keep_it_for_the_first(demo_kept: Site) -> None:
    fifth = _entry(demo_kept, "Paper Title Number 5")
    assert fifth.addresses == []
    assert "$E=mc^2$" in fifth.fields["title"]
    assert any("2024-02-17-paper-title-number-4 is also" in n for n in _notes(demo_kept, "check"))


def test_the_future_post_on_post_4s_permalink_is_named(demo_kept: Site) -> None:
    future = next(p for p in demo_kept.posts if p.title == "Future Blog Post")
    assert future.addresses == []
    assert future.date == "2199-01-01"


def test_demo_pages_become_addresses_or_report_lines(demo: Site) -> None:
    found, converted = demo.report.found["pages"], demo.report.converted["pages"]
    # 19 _pages: about (profile), cv and cv-json (CV) are counted elsewhere.
    assert found == 16
    assert converted == 7  # the lists: publications, talks, teaching, portfolio, posts, tags...
    assert demo.addresses["publications/"] == "publications"
    assert demo.addresses["portfolio/"] == "projects"
    assert demo.addresses["year-archive/"] == "posts"
    assert demo.addresses["cv/"] == "cv"
    assert demo.addresses["cv-json/"] == "cv"
    assert demo.addresses["about/"] == "index"
    assert any("talk places" in n for n in _notes(demo, "left", "_pages/talkmap.html"))
    # about, cv, the guide, the archive layout, the page not in the menu, terms.
    assert len(_notes(demo, "demo", "_pages/")) == 6
    assert demo.pages == []


def test_the_generator_tables_are_named_not_read_twice(demo: Site) -> None:
    notes = _notes(demo, "note", "markdown_generator/")
    assert len(notes) == 3


# -- citation strings --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "title", "authors"),
    [
        (
            "Wrzos, T., Kowal, A. B., &amp; Wrzos, M. (2019). Lichens. <i>J</i>, 12(3), 45-67.",
            "Lichens",
            [("Wrzos", "T."), ("Kowal", "A. B."), ("Wrzos", "M.")],
        ),
        (
            'Wrzos, Tomasz, and Anna Kowal. "Moss." <i>B L</i> 7.2 (2021): 101-110.',
            "Moss",
            [("Wrzos", "Tomasz"), ("", "Anna Kowal")],
        ),
        (
            'T. Wrzos and J. Nowak, "Spores," in <i>Proc. X</i>, vol. 3, pp. 5-9, 2022.',
            "Spores",
            [("", "T. Wrzos"), ("", "J. Nowak")],
        ),
        (
            "<b>Wrzos T</b>, Kowal AB, et al. Odd. <i>J X</i>. 2018;4(2):11-19.",
            "Odd",
            [("Wrzos", "T."), ("Kowal", "A. B.")],
        ),
    ],
)
def test_citation_strings_in_apa_mla_ieee_and_vancouver_give_the_authors(
    text: str, title: str, authors: list[tuple[str, str]]
) -> None:
    assert parse_citation(text, title).authors == authors


def test_a_citation_gives_volume_number_pages_and_doi() -> None:
    found = parse_citation(
        "Wrzos, T. (2019). Lichens. <i>Journal of Alpine Botany</i>, 12(3), 45-67. "
        "https://doi.org/10.5555/jab.2019.12",
        "Lichens",
    )
    assert (found.venue, found.volume, found.number) == ("Journal of Alpine Botany", "12", "3")
    assert (found.pages, found.doi, found.year) == ("45--67", "10.5555/jab.2019.12", "2019")


def test_et_al_and_bold_names_are_kept_apart() -> None:
    found = parse_citation("<b>Wrzos T</b>, Kowal AB, et al. Odd. <i>J X</i>. 2018.", "Odd")
    assert found.more
    assert found.bold == ["Wrzos T"]


# -- a real-looking site: Tomasz Wrzos ---------------------------------------------------


def test_the_owner_is_found_and_a_coauthor_of_his_family_name_is_not(wrzos: Site) -> None:
    assert wrzos.owner[0] == "Tomasz Wrzos"
    assert "T. Wrzos" in wrzos.owner
    assert not any("M." in name or "Marta" in name for name in wrzos.owner)
    assert _entry(wrzos, "Lichens of the Tatra").fields["author"] == (
        "Wrzos, T. and Kowal, A. B. and Wrzos, M."
    )


def test_profile_comes_from_the_sidebar_and_the_home_page(wrzos: Site) -> None:
    profile = wrzos.profile
    assert (profile.name, profile.position) == ("Tomasz Wrzos", "Lichenologist")
    assert profile.affiliation == "Uniwersytet Fikcyjny"
    assert profile.links["scholar"].endswith("WrZoS000000J")
    assert profile.links["website"] == "https://wrzos.example.org"
    assert "scree slopes" in profile.bio and "{%" not in profile.bio
    assert "[publications](/publications/)" in profile.bio
    left = _notes(wrzos, "left", "_config.yml")
    assert any("researchgate" in n for n in left)
    assert any("avatar: images/wrzos.jpg is not in the old site" in n for n in left)


def test_a_paper_also_in_the_bib_is_paired_not_doubled(wrzos: Site) -> None:
    moss = [e for e in wrzos.bibliography.entries if "Moss on stone" in e.fields["title"]]
    assert len(moss) == 1
    entry = moss[0]
    assert entry.key == "wrzos2021moss"
    assert entry.fields["author"] == "Wrzos, Tomasz and Kowal, Anna"
    assert "journal = bl," in entry.raw  # the @string macro kept
    assert "slides = {https://slides.example.org/moss-on-stone}" in entry.raw
    assert entry.raw.count("doi =") == 1
    assert entry.addresses == ["publication/2021-moss-on-stone"]
    assert '@string{bl = "Bryology Letters"}' in wrzos.bibliography.preamble


def test_a_bib_entry_without_a_markdown_page_is_kept_and_named(wrzos: Site) -> None:
    thesis = next(e for e in wrzos.bibliography.entries if e.key == "wrzos2018thesis")
    assert thesis.type == "phdthesis"
    assert any("wrzos2018thesis" in n for n in _notes(wrzos, "check", "files/wrzos.bib"))
    # 6 Markdown publications (one paired) + the thesis.
    assert (wrzos.report.found["publications"], wrzos.report.converted["publications"]) == (7, 7)
    assert len(wrzos.bibliography.entries) == 7


def test_a_placeholder_date_takes_the_citations_year_and_is_named(wrzos: Site) -> None:
    spores = _entry(wrzos, "Spore counts")
    assert spores.type == "inproceedings"
    assert spores.fields["year"] == "2022"
    assert "month" not in spores.fields
    assert spores.fields["booktitle"] == "Proceedings of the Moss Conference"
    checks = _notes(wrzos, "check", "_publications/2022-spore-counts.md")
    assert any("placeholder date 'YYYY-01-01'" in n for n in checks)


def test_a_publication_only_as_a_citation_string_gets_venue_and_year_from_it(wrzos: Site) -> None:
    note = _entry(wrzos, "A note on crustose")
    assert note.fields["journal"] == "Lichenologist Notes"
    assert (note.fields["year"], note.fields["volume"], note.fields["pages"]) == (
        "2020",
        "4",
        "1--2",
    )
    assert any("taken from the citation" in n for n in _notes(wrzos, "check", "_publications/2020"))


def test_two_publications_on_one_permalink_leave_it_to_the_first(wrzos: Site) -> None:
    atlas = [e for e in wrzos.bibliography.entries if "atlas" in e.fields["title"]]
    assert sorted(len(e.addresses) for e in atlas) == [0, 1]
    assert any("2023-lichen-atlas is also" in n for n in _notes(wrzos, "check"))


def test_a_local_paper_pdf_is_copied_under_papers(wrzos: Site) -> None:
    entry = _entry(wrzos, "Lichens of the Tatra")
    assert entry.fields["pdf"] == "papers/wrzos2019.pdf"
    assert wrzos.files["papers/wrzos2019.pdf"] == "files/wrzos2019.pdf"
    assert entry.fields["doi"] == "10.5555/jab.2019.12"
    assert entry.fields["abstract"].startswith("We survey")


def test_the_templates_demo_talk_beside_real_ones_is_left_out(wrzos: Site) -> None:
    assert [t.title for t in wrzos.talks] == [
        "Lichens that wait: growth on scree",
        "Counting lichens with a phone camera",
    ]
    assert (wrzos.report.found["talks"], wrzos.report.converted["talks"]) == (3, 2)
    assert any("Talk 1 on Relevant Topic" in n for n in _notes(wrzos, "demo", "_talks/"))
    talk = wrzos.talks[0]
    assert (talk.event, talk.place) == (
        "Fictional Botanical Society, Spring Meeting",
        "Zakopane, Poland",
    )
    assert talk.url == "https://botany.example.org/spring-2022"
    assert talk.slides == "https://slides.example.org/scree"
    assert talk.text.startswith("*Invited talk*")
    assert wrzos.talks[1].date == ""


def test_the_markdown_cv_becomes_sections_of_each_kind(wrzos: Site) -> None:
    kinds = {section.title: section.kind for section in wrzos.cv}
    assert kinds == {"Education": "education", "Positions": "experience", "Awards": "honors"}
    phd = wrzos.cv[0].items[0]
    assert (phd.title, phd.organisation, phd.end) == (
        "Ph.D. in Botany",
        "Uniwersytet Fikcyjny",
        "2018",
    )
    job = wrzos.cv[1].items[0]
    assert (job.title, job.start, job.end) == ("Assistant Professor", "2019", "present")
    assert any("'Publications'" in n for n in _notes(wrzos, "note", "_pages/cv.md"))


def test_other_pages_are_kept_with_their_addresses(wrzos: Site) -> None:
    assert [(p.name, p.addresses) for p in wrzos.pages] == [("fieldwork", ["fieldwork/"])]
    assert wrzos.addresses["publications/"] == "publications"
    assert wrzos.addresses["resume"] == "cv"
    assert wrzos.teaching[0].term == "Graduate course"
    assert wrzos.posts[0].addresses == ["posts/2022/08/morskie-oko/"]


def test_the_wrzos_site_is_written_as_a_bibfolio_site(wrzos: Site, tmp_path: Path) -> None:
    from bibfolio.movein.write import write_site

    target = tmp_path / "new"
    write_site(academicpages.read(WRZOS), WRZOS, target)
    bib = (target / "refs.bib").read_text(encoding="utf-8")
    assert bib.count("Moss on stone") == 1
    assert '@string{bl = "Bryology Letters"}' in bib
    assert (target / "papers" / "wrzos2019.pdf").is_file()
    conf = (target / "docs" / "conf.py").read_text(encoding="utf-8")
    assert 'bibfolio_owner = [NAME, "T. Wrzos"]' in conf
    assert "publication/2021-moss-on-stone" in conf


def test_a_half_broken_site_converts_what_it_can(tmp_path: Path) -> None:
    files = {
        "_config.yml": "author:\n  name: Ada Hörner\n",
        "_publications/good.md": "---\ntitle: Good\ncitation: 'Hörner, A. (2020). Good. <i>J</i>.'\n---\n",
        "_publications/bad.md": "---\ntitle: [unclosed\n---\n",
        "_data/cv.json": "{ not json",
        "_talks/t.md": "---\ntitle: A talk\ndate: not a date\n---\n",
    }
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text, encoding="utf-8")
    site = academicpages.read(tmp_path)
    assert [e.fields["title"] for e in site.bibliography.entries] == ["Good"]
    assert site.owner == ["Ada Hörner", "A. Hörner"]
    assert any("bad.md" in n for n in _notes(site, "left", "_publications/"))
    assert any("cannot be read" in n for n in _notes(site, "left", "_data/cv.json"))
    assert site.talks[0].date == ""
    assert any("is no date" in n for n in _notes(site, "check", "_talks/t.md"))


def test_an_example_paper_whose_title_alone_was_changed_is_named_so(tmp_path: Path) -> None:
    """Seen on a real site: the first example paper given the owner's title, nothing else."""
    shutil.copytree(DEMO, tmp_path / "old")
    paper = tmp_path / "old" / "_publications" / "2009-10-01-paper-title-number-1.md"
    text = paper.read_text(encoding="utf-8")
    paper.write_text(
        text.replace('title: "Paper Title Number 1"', 'title: "Tides of the Example Estuary"'),
        encoding="utf-8",
    )
    site = academicpages.read(tmp_path / "old")
    [note] = [n for n in _notes(site, "demo") if "Tides of the Example Estuary" in n]
    assert "its title was changed" in note and "'Your Name, You'" in note
    assert all("Tides" not in entry.raw + str(entry.fields) for entry in site.bibliography.entries)


def test_a_publications_page_written_by_hand_is_kept_and_named(tmp_path: Path) -> None:
    """Seen on a real site: the papers listed by hand in _pages/publications.md."""
    shutil.copytree(DEMO, tmp_path / "old")
    page = tmp_path / "old" / "_pages" / "publications.md"
    page.write_text(
        '---\ntitle: " "\npermalink: /publications/\n---\n\n**Tides.** I. Quarrie. 2021.\n',
        encoding="utf-8",
    )
    site = academicpages.read(tmp_path / "old")
    assert any("Tides." in kept.body for kept in site.pages)
    assert any("written by hand" in note for note in _notes(site, "check", "_pages/publications"))
