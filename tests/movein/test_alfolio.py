"""al-folio → bibfolio: the template's demo, accounted for, and hard cases of real sites."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from bs4 import BeautifulSoup

from bibfolio.movein import alfolio
from bibfolio.movein.detect import converter_for
from bibfolio.movein.write import write_site

from ..test_new_portfolio import run_own_tests

HERE = Path(__file__).parent
DEMO = HERE / "sites" / "al-folio"
HOERNER = HERE / "cases" / "alfolio-hoerner"
OLD_LAYOUT = HERE / "cases" / "alfolio-hoerner-0x"


def _oracle(kind: str) -> int:
    """A count of the corpus manifest's oracle table (its first number)."""
    text = (DEMO / "MANIFEST.md").read_text(encoding="utf-8")
    row = re.search(rf"^\| {re.escape(kind)} \| (\d+)", text, re.M)
    assert row, kind
    return int(row.group(1))


def _notes(site, kind: str) -> dict[str, str]:
    return {str(note.source): note.message for note in site.report.notes if note.kind == kind}


def _paths(site, kind: str) -> set[str]:
    return {note.source.path for note in site.report.notes if note.kind == kind}


def _entry(site, key: str):
    return next(entry for entry in site.bibliography.entries if entry.key == key)


@pytest.fixture(scope="module")
def demo():
    return alfolio.read(DEMO)


@pytest.fixture(scope="module")
def demo_kept():
    return alfolio.read(DEMO, include_demo=True)


@pytest.fixture(scope="module")
def hoerner():
    return alfolio.read(HOERNER)


@pytest.fixture(scope="module")
def old_layout():
    return alfolio.read(OLD_LAYOUT)


# The template's demo ---------------------------------------------------------------


def test_the_demo_and_the_cases_are_recognised_as_al_folio_and_not_other_jekyll_sites():
    for root in (DEMO, HOERNER, OLD_LAYOUT):
        assert converter_for(root) is alfolio
    assert not alfolio.recognise(HERE / "sites" / "academicpages")
    assert not alfolio.recognise(HERE / "sites" / "labsite")


@pytest.mark.parametrize(
    ("kind", "oracle", "folder"),
    [
        ("publications", "publications", "_bibliography/papers.bib"),
        ("news", "news", "_news/"),
        ("projects", "projects", "_projects/"),
        ("teaching", "teaching", "_teachings/"),
        ("cv sections", "CV sections (_data/cv.yml)", "_data/cv.yml"),
    ],
)
def test_every_demo_item_is_found_and_left_out_with_a_demo_line(demo, kind, oracle, folder):
    assert demo.report.found[kind] == _oracle(oracle)
    assert demo.report.converted[kind] == 0
    lines = [note for note in demo.report.notes if note.kind == "demo"]
    assert len([note for note in lines if note.source.path.startswith(folder)]) == _oracle(oracle)


def test_the_kept_demo_posts_are_all_found_and_named_as_demo(demo):
    posts = sorted(path.name for path in (DEMO / "_posts").iterdir())
    assert demo.report.found["posts"] == len(posts) == 10
    assert demo.posts == []
    assert {f"_posts/{name}" for name in posts} <= _paths(demo, "demo")


def test_the_demo_profile_socials_and_owner_are_not_published(demo):
    assert demo.profile.name == demo.profile.bio == demo.profile.email == ""
    assert demo.profile.links == {}
    assert demo.owner == []
    messages = " ".join(_notes(demo, "demo").values())
    for thing in ("You R. Name", "you@example.com", "qc6CJjYAAAAJ", "Albert Einstein"):
        assert thing in messages


def test_the_demo_books_plugins_people_and_repositories_are_demo_lines(demo):
    assert demo.pages == []
    demo_paths = _paths(demo, "demo")
    for path in ("_books/the_godfather.md", "_pages/plugins.md", "_pages/profiles.md",
                 "_data/repositories.yml"):  # fmt: skip
        assert path in demo_paths


def test_with_include_demo_every_demo_item_is_carried(demo_kept):
    report = demo_kept.report
    for kind in ("publications", "news", "projects", "teaching", "posts", "cv sections"):
        assert report.converted[kind] == report.found[kind] > 0, kind
    assert len(demo_kept.bibliography.entries) == _oracle("publications")
    assert demo_kept.owner[0] == "Albert Einstein"
    assert demo_kept.profile.name == "You R. Name"
    assert {page.name for page in demo_kept.pages} >= {"books-the_godfather", "repositories"}
    assert not _paths(demo_kept, "demo")


def test_the_cv_the_page_shows_is_converted_and_the_other_is_reported(demo_kept):
    kinds = {section.title: section.kind for section in demo_kept.cv}
    assert len(kinds) == 11
    assert kinds["Education"] == "education"
    assert kinds["Experience"] == "experience"
    assert kinds["Awards"] == "honors"
    assert kinds["Volunteer"] == kinds["References"] == "other"
    education = next(section for section in demo_kept.cv if section.title == "Education")
    assert education.items[0].organisation == "University of Zurich"
    assert (education.items[0].start, education.items[0].end) == ("1900", "1905")
    assert "a second CV" in _notes(demo_kept, "left")["assets/json/resume.json"]


def test_the_bib_front_matter_is_dropped_and_string_macros_kept(demo_kept):
    assert demo_kept.bibliography.preamble == ["@string{aps = {American Physical Society,}}"]
    assert "Jekyll front matter" in _notes(demo_kept, "note")["_bibliography/papers.bib:1"]
    assert "publisher         = aps," in _entry(demo_kept, "PhysRev.47.777").raw


def test_missing_pdf_and_preview_files_are_reported_and_their_fields_dropped(demo_kept):
    entry = _entry(demo_kept, "PhysRev.47.777")
    assert "pdf" not in entry.fields
    assert "pdf " not in entry.raw
    left = _notes(demo_kept, "left")
    assert (
        "assets/pdf/example_pdf.pdf is not in the old site" in left["_bibliography/papers.bib:53"]
    )
    assert "publication_preview/brownian-motion.gif" in left["_bibliography/papers.bib:20"]
    assert demo_kept.files == {}


def test_marks_the_annotation_does_not_explain_are_kept_as_typed(demo_kept):
    entry = _entry(demo_kept, "PhysRev.47.777")
    assert "Einstein*†, A." in entry.raw
    assert "author+an" not in entry.raw
    assert "kept as typed" in _notes(demo_kept, "check")["_bibliography/papers.bib:39"]


def test_badges_are_reported_as_not_shown(demo_kept):
    left = " ".join(_notes(demo_kept, "left").values())
    for badge in ("altmetric", "dimensions", "google_scholar_id", "inspirehep_id"):
        assert f"PhysRev.47.777: the {badge} badge is not shown" in left


def test_al_folio_pages_become_bibfolio_pages_with_their_old_addresses(demo):
    assert demo.addresses == {
        "blog/": "posts", "cv/": "cv", "news/": "news", "projects/": "projects",
        "publications/": "publications", "teaching/": "teaching",
    }  # fmt: skip
    assert "excluded" in _notes(demo, "left")["_pages/about_einstein.md"]


def test_every_demo_page_and_data_file_is_named_in_the_report(demo):
    named = {note.source.path for note in demo.report.notes}
    pages = {f"_pages/{path.name}" for path in (DEMO / "_pages").iterdir()}
    data = {f"_data/{path.name}" for path in (DEMO / "_data").iterdir()}
    assert pages - {"_pages/about.md"} <= named
    assert data - {"_data/cv.yml"} <= named


# A real site: Ada Hörner (al-folio 1.x) ------------------------------------------------


def test_the_owner_is_every_spelling_of_ada_and_never_bruno(hoerner):
    assert hoerner.owner == ["Ada Hörner", "A. Hörner", "A. Hoerner"]
    assert "added to bibfolio_owner" in _notes(hoerner, "check")["_config.yml:25"]


def test_explained_marks_become_author_annotations(hoerner):
    entry = _entry(hoerner, "hoerner2023melt")
    assert "author     = {Hörner, Ada and Wrzos, Tomasz and Hörner, Bruno}," in entry.raw
    assert "author+an = {1=equal;2=equal,corresponding}," in entry.raw
    assert "annotation" not in entry.raw
    assert "journal    = jgl," in entry.raw
    assert "author+an" in _notes(hoerner, "note")["_bibliography/papers.bib:11"]


def test_unexplained_marks_stay_typed_with_their_annotation(hoerner):
    entry = _entry(hoerner, "quarrie2022snow")
    assert "Hörner†, Bruno" in entry.raw
    assert "annotation = {† Bruno's first paper}" in entry.raw
    assert "_bibliography/papers.bib:40" in _notes(hoerner, "check")


def test_a_local_pdf_is_copied_under_papers_and_a_missing_preview_reported(hoerner):
    entry = _entry(hoerner, "hoerner2021ice")
    assert hoerner.files == {"papers/hoerner2021.pdf": "assets/pdf/hoerner2021.pdf"}
    assert "pdf      = {papers/hoerner2021.pdf}," in entry.raw
    assert "preview" not in entry.raw
    assert (
        "ice.png is not in the old site" in _notes(hoerner, "left")["_bibliography/papers.bib:26"]
    )
    assert "{https://example.org/firn.pdf}" in _entry(hoerner, "hoerner2019firn").raw


def test_the_bib_keeps_its_macros_and_comments_before_the_entries(hoerner):
    assert hoerner.bibliography.preamble == [
        "@string{jgl = {Journal of Glaciology}}\n\n% Ada's papers, newest first."
    ]


def test_a_placeholder_news_date_is_not_guessed(hoerner):
    undated = next(item for item in hoerner.news if item.id == "announcement_1")
    assert undated.date == ""
    assert "YYYY-01-01" in _notes(hoerner, "check")["_news/announcement_1.md:3"]


def test_demo_news_and_posts_beside_real_ones_are_left_out(hoerner):
    assert [item.id for item in hoerner.news] == ["2024-05-01-award", "announcement_1"]
    assert {post.slug for post in hoerner.posts} == {
        "elsewhere",
        "field-season",
        "field-season-copy",
    }
    assert {"_news/announcement_9.md", "_posts/2015-03-15-formatting-and-links.md"} <= _paths(
        hoerner, "demo"
    )
    award = hoerner.news[0]
    assert award.title == "A prize for the ice paper"
    assert award.text == "Our paper on ice loss won the [best paper award](/publications/)."
    assert award.addresses == ["news/2024-05-01-award/"]


def test_two_posts_on_one_permalink_keep_it_for_the_first_and_report_the_second(hoerner):
    posts = {post.slug: post for post in hoerner.posts}
    assert posts["field-season"].addresses == ["blog/2023/field-season/"]
    assert posts["field-season-copy"].addresses == []
    assert (
        "blog/2023/field-season/"
        in _notes(hoerner, "left")["_posts/2023-06-02-field-season-copy.md"]
    )


def test_posts_keep_tags_code_raw_text_and_links_to_other_posts(hoerner):
    post = next(post for post in hoerner.posts if post.slug == "field-season")
    assert (post.date, post.title, post.tags) == (
        "2023-06-01",
        "Field season 2023",
        ["fieldwork", "glaciers", "notes"],
    )
    assert "```python\ncores = [1, 2, 3]\n```" in post.body
    assert "Jekyll writes {{ page.title }} here." in post.body
    assert "[last year](/blog/2022/elsewhere/)" in post.body


def test_a_post_that_only_pointed_elsewhere_links_there(hoerner):
    post = next(post for post in hoerner.posts if post.slug == "elsewhere")
    assert (
        post.body == "This post is at [https://blog.example.org/ice](https://blog.example.org/ice)."
    )


def test_projects_keep_al_folios_order_papers_and_code(hoerner):
    assert [project.id for project in hoerner.projects] == ["melt-model", "ice-cores"]
    cores = hoerner.projects[1]
    assert cores.publications == ["hoerner2021ice"]
    assert cores.code == "https://github.com/ahoerner-example/cores"
    assert cores.tags == ["research"]
    assert cores.summary == "Cores from three valleys"
    assert "We drill cores {cite:p}`hoerner2021ice`." in cores.body
    assert cores.image == ""  # missing in the old site: reported
    assert "_projects/ice-cores.md:5" in _notes(hoerner, "left")


def test_a_course_keeps_its_term_place_and_schedule(hoerner):
    (course,) = hoerner.teaching
    assert (course.title, course.term, course.place) == (
        "Glaciology 101",
        "Spring 2024",
        "Ice Hall 2",
    )
    assert "Instructor: Ada Hörner" in course.text
    assert "- **1 Feb 5**: What a glacier is ([Slides](/assets/pdf/week1.pdf))" in course.text
    assert course.text.index("Bring warm clothes.") < course.text.index("Schedule:")


def test_the_profile_links_map_to_bibfolio_keys_and_the_rest_is_reported(hoerner):
    profile = hoerner.profile
    assert profile.name == "Ada Hörner"
    assert profile.email == "ada.hoerner@example.org"
    assert profile.links == {
        "orcid": "0000-0001-2345-6789", "scholar": "AbCdEfGhIjK", "github": "ahoerner-example",
        "bluesky": "ada.example.social", "mastodon": "@adahoerner@fediscience.org",
        "ResearchGate": "https://www.researchgate.net/profile/Ada-Hoerner-Example",
    }  # fmt: skip
    assert profile.affiliation == "Professor of Glaciology, University of Examplestadt"


def test_the_biography_is_myst_with_the_address_lines_after_it(hoerner):
    bio = hoerner.profile.bio
    assert bio.startswith("I study how glaciers lose ice. My [publications](/publications/) cover")
    assert "{: .lead}" not in bio
    assert "glacier.jpg" not in bio  # the figure's file is missing: reported
    assert bio.endswith("Room 3.14, Ice Hall, Examplestadt")
    assert "_pages/about.md:22" in _notes(hoerner, "left")
    assert "kramdown {: .lead}" in _notes(hoerner, "note")["_pages/about.md:20"]


def test_other_pages_are_kept_with_their_addresses_and_liquid_reported(hoerner):
    (page,) = hoerner.pages
    assert (page.name, page.title) == ("outreach", "outreach")
    assert page.addresses == ["outreach/", "talks-for-schools/"]
    assert page.body.startswith(
        "Talks for schools and the public.\n\nI visit schools every winter."
    )
    assert "outreach_list.liquid" in _notes(hoerner, "left")["_pages/outreach.md:10"]
    assert hoerner.addresses == {"cv/": "cv", "publications/": "publications"}
    assert "not supported" in _notes(hoerner, "left")["_data/coauthors.yml"]


def test_a_rendercv_cv_keeps_every_section(hoerner):
    assert [(section.kind, section.title) for section in hoerner.cv] == [
        ("education", "Education"), ("experience", "Experience"), ("honors", "Awards"),
        ("other", "Service"),
    ]  # fmt: skip
    job = hoerner.cv[1].items[0]
    assert (job.title, job.start, job.end) == ("Professor of Glaciology", "2020-09", "present")


# al-folio 0.x: socials among the settings, the old CV list, an about page of one include ------


def test_old_layout_socials_come_from_the_config(old_layout):
    assert old_layout.profile.links == {
        "scholar": "AbCdEfGhIjK", "github": "ahoerner-example", "x": "ada_ice_example",
        "Semantic Scholar": "https://www.semanticscholar.org/author/1234567",
    }  # fmt: skip
    assert old_layout.profile.email == "ada.hoerner@example.org"
    assert old_layout.owner == ["Ada Hörner", "A. Hörner", "Ada Hoerner"]


def test_an_about_page_of_one_include_is_reported_and_the_bio_left_empty(old_layout):
    assert old_layout.profile.bio == ""
    assert "one Liquid include" in _notes(old_layout, "left")["_pages/about.md:9"]


def test_the_old_cv_list_format_keeps_every_section_and_item(old_layout):
    sections = {section.title: section for section in old_layout.cv}
    assert [(s.kind, s.title) for s in old_layout.cv] == [
        ("other", "General Information"), ("education", "Education"),
        ("honors", "Honors and Awards"), ("other", "Other Interests"),
    ]  # fmt: skip
    phd = sections["Education"].items[0]
    assert (phd.title, phd.organisation, phd.start, phd.end) == (
        "PhD",
        "University of Examplestadt",
        "2012",
        "2016",
    )
    assert phd.text == "- Thesis on firn.\n- Advisors\n  - Imogen Quarrie"
    honors = sections["Honors and Awards"].items
    assert [(item.title, item.start) for item in honors] == [
        ("Young Glaciologist Prize", "2019"),
        ("Travel grant", "2019"),
    ]


def test_a_collection_permalink_pattern_gives_the_news_address(old_layout):
    assert old_layout.news[0].addresses == ["news/first/"]


# The converted site --------------------------------------------------------------------


@pytest.mark.portfolio
def test_the_converted_site_builds_passes_its_tests_and_bolds_only_ada(tmp_path):
    write_site(alfolio.read(HOERNER), HOERNER, tmp_path / "new")
    made = run_own_tests(tmp_path / "new", tmp_path / "basetemp")
    assert made.tests.returncode == 0, made.tests.stdout + made.tests.stderr
    page = BeautifulSoup((made.html / "publications.html").read_text(), "html.parser")
    entries = page.select("li.bibfolio-entry")
    assert len(entries) == 4
    for entry in entries:
        assert [bold.get_text() for bold in entry.select("strong.bibfolio-owner")] in (
            ["Ada Hörner"],
            ["A. Hoerner"],
        )
    melt = page.select_one("#pub-hoerner2023melt .bibfolio-authors")
    assert [mark.get_text() for mark in melt.select("sup.bibfolio-mark")] == ["*", "*†"]
    assert (made.html / "blog" / "2023" / "field-season" / "index.html").is_file()


def test_fences_al_folio_draws_are_kept_as_source_and_reported(demo_kept):
    post = next(post for post in demo_kept.posts if post.slug == "plotly")
    assert "```plotly" not in post.body
    assert "```text" in post.body
    assert "a plotly block" in _notes(demo_kept, "left")["_posts/2025-03-26-plotly.md:15"]


def test_a_local_link_field_naming_no_file_is_dropped_and_reported(demo_kept):
    entry = _entry(demo_kept, "einstein1920relativity")
    assert "html" not in entry.fields
    assert "relativity.html" not in entry.raw
    assert (
        "relativity.html is not in the old site"
        in _notes(demo_kept, "left")["_bibliography/papers.bib:11"]
    )


def test_every_demo_social_link_is_named_in_the_report(demo):
    named = {str(note.source) for note in demo.report.notes}
    lines = (DEMO / "_data" / "socials.yml").read_text(encoding="utf-8").splitlines()
    keyed = [number for number, line in enumerate(lines, 1) if re.match(r"^[a-z_]+:", line)]
    assert len(keyed) == 6
    assert {f"_data/socials.yml:{number}" for number in keyed} <= named
