"""The Quarto converter on a made-up academic site (``cases/quarto-solberg``: Imke Solberg,
her co-authors and institutes are fictional) and on Quarto's blog starter."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bibfolio.movein import quarto
from bibfolio.movein.detect import converter_for
from bibfolio.movein.model import Report, Source
from bibfolio.movein.quarto.markdown import Converter
from bibfolio.movein.write import write_site

CASES = Path(__file__).parent / "cases"
SOLBERG = CASES / "quarto-solberg"
STARTER = CASES / "quarto-starter"


@pytest.fixture(scope="module")
def site():
    return quarto.read(SOLBERG)


def _entry(site, key):
    return next(entry for entry in site.bibliography.entries if entry.key == key)


def _notes(site, kind):
    return [f"{note.source} {note.message}" for note in site.report.notes if note.kind == kind]


def _post(site, slug):
    return next(post for post in site.posts if post.slug == slug)


def test_a_quarto_website_is_recognised_and_a_book_or_other_folder_is_not(tmp_path):
    assert quarto.recognise(SOLBERG)
    (tmp_path / "_quarto.yml").write_text("project:\n  type: book\n", encoding="utf-8")
    assert not quarto.recognise(tmp_path)
    assert not quarto.recognise(tmp_path / "missing")


def test_every_kind_is_counted_found_and_converted(site):
    assert site.report.found == {
        "talks": 3, "teaching": 2, "profile": 1, "publications": 5, "pages": 1,
        "posts": 5, "files": 4, "addresses": 22, "projects": 1,
    }  # fmt: skip
    assert site.report.converted == {
        "talks": 3, "teaching": 2, "profile": 1, "publications": 5, "pages": 1,
        "posts": 3, "files": 1, "addresses": 22, "projects": 1,
    }  # fmt: skip


def test_the_about_page_is_the_profile_card_and_a_biography_of_text_only(site):
    card = site.profile
    assert card.name == "Imke Solberg"
    assert card.position == "Associate Professor of Coastal Oceanography"
    assert card.email == "imke.solberg@fjordvik.example.org"
    assert card.links == {
        "scholar": "https://scholar.google.com/citations?user=XXfictional01",
        "orcid": "https://orcid.org/0000-0002-1825-0097",
        "github": "https://github.com/isolberg-example",
        "linkedin": "https://www.linkedin.com/in/imke-solberg-example",
        "mastodon": "https://fosstodon.example/@isolberg",
    }
    assert card.interests == ["Tidal mixing", "Fjord circulation", "Glacial sediments"]
    assert "**Fjordvik Institute of Marine Science**" in card.bio
    assert "**Open positions**\n\nI am looking for a PhD student" in card.bio
    assert "**Education**\n\n- PhD in Physical Oceanography" in card.bio
    assert "Interests" not in card.bio and ":::" not in card.bio


def test_a_missing_photo_is_reported_and_not_named(site):
    assert site.profile.photo == ""
    assert "index.qmd:4 the photo images/imke.jpg is not in the site: left out" in _notes(
        site, "left"
    )


def test_structured_authors_become_bibtex_names_with_equal_and_corresponding_marks(site):
    entry = _entry(site, "solberg2021tidal")
    assert entry.fields["author"] == "Solberg, Imke and Wrzos, Tomasz and Solberg, Rune"
    assert entry.fields["author+an"] == "1=equal,corresponding;2=equal"
    preprint = _entry(site, "solberg2024simple")
    assert preprint.fields["author+an"] == "1=equal;2=equal,corresponding"


def test_citation_metadata_becomes_the_entry_fields(site):
    entry = _entry(site, "solberg2021tidal")
    assert entry.type == "article"
    assert {k: entry.fields[k] for k in ("journal", "volume", "number", "pages", "doi")} == {
        "journal": "Journal of Fictional Oceanography",
        "volume": "51",
        "number": "6",
        "pages": "1203--1221",
        "doi": "10.5555/fjord.2021.0042",
    }
    assert entry.fields["url"] == "https://journal.example.org/jfo/51/6/1203"
    assert entry.fields["keywords"] == "tides, fjords, observations"
    assert entry.fields["abstract"].startswith("We present a year of moored")
    assert "60\\%" in entry.fields["abstract"]
    conference = _entry(site, "horner2023meltwater")
    assert conference.type == "inproceedings"
    assert conference.fields["booktitle"].startswith("Proceedings of the Fictional")
    assert (
        conference.fields["title"] == "Meltwater pulses \\& sediment plumes in two glacial fjords"
    )
    preprint = _entry(site, "solberg2024simple")
    assert (preprint.type, preprint.fields["pubtype"]) == ("misc", "preprint")


def test_quarto_date_forms_are_read(site):
    assert (_entry(site, "horner2023meltwater").fields["month"], "2023") == ("3", "2023")
    assert _entry(site, "horner2023meltwater").fields["year"] == "2023"
    assert _entry(site, "solberg2024simple").fields["month"] == "3"
    talk = next(t for t in site.talks if t.title.startswith("Glacial fjords"))
    assert talk.date == "2022-05-17"


def test_a_last_modified_date_is_no_date_and_reported(site):
    assert _post(site, "reading-list").date == ""
    assert any(
        "posts/reading-list/index.qmd:3" in note and "render's date" in note
        for note in _notes(site, "check")
    )


def test_a_paper_in_the_bib_and_in_a_folder_is_one_entry(site):
    keys = [entry.key for entry in site.bibliography.entries]
    assert "solberg2019mixing" in keys
    assert not any(key.startswith("solberg2019") and key != "solberg2019mixing" for key in keys)
    kept = _entry(site, "solberg2019mixing")
    assert kept.raw.startswith("@phdthesis{solberg2019mixing,")
    assert "abstract = {My doctoral thesis" in kept.raw
    assert kept.addresses == ["publications/2019-thesis/index.html", "publications/2019-thesis/"]
    assert "% Publications kept by hand" in site.bibliography.preamble[0]


def test_the_owner_gets_her_spellings_but_not_a_coauthor_with_her_family_name(site):
    assert site.owner[0] == "Imke Solberg"
    assert "I. Solberg" in site.owner
    assert not any("Rune" in name for name in site.owner)


def test_a_local_pdf_is_copied_and_a_missing_image_reported(site):
    entry = _entry(site, "solberg2021tidal")
    assert entry.fields["pdf"] == "papers/solberg2021tidal.pdf"
    assert site.files["papers/solberg2021tidal.pdf"] == (
        "publications/2021-tidal-mixing/solberg2021tidal.pdf"
    )
    assert "preview" not in entry.fields
    assert any("mooring.png is not in the site" in note for note in _notes(site, "left"))
    assert entry.fields["code"] == "https://github.com/isolberg-example/sill-mooring"


def test_a_link_named_like_a_button_in_a_paper_page_is_that_field(site):
    entry = _entry(site, "horner2023meltwater")
    assert entry.fields["video"] == "https://www.youtube.com/watch?v=fictional123"
    assert "slides" not in entry.fields  # slides.pdf is not in the site
    assert any("slides file" in note for note in _notes(site, "left"))


def test_talks_and_teaching_come_from_the_listing_yaml(site):
    first = site.talks[0]
    assert (first.title, first.date, first.event, first.place) == (
        "Tides over sills: what a year of moorings taught us",
        "2023-11-08",
        "Fictional Ocean Sciences Meeting",
        "Bergholm",
    )
    assert (first.slides, first.video) == (
        "talks/2023-sills.pdf",
        "https://www.youtube.com/watch?v=fictional456",
    )
    course = site.teaching[0]
    assert (course.term, course.place, course.date) == (
        "Autumn 2023",
        "Fjordvik Institute of Marine Science",
        "2023-08-21",
    )


def test_a_talk_without_a_date_is_kept_and_named_in_the_report(site):
    talk = next(t for t in site.talks if t.title == "Sediment plumes seen by gliders")
    assert talk.date == ""
    assert "talks.yml:13 talk 'Sediment plumes seen by gliders' has no date: kept without one" in (
        _notes(site, "check")
    )


def test_the_starter_posts_are_left_out_and_named_unless_asked_for(site):
    assert {post.slug for post in site.posts} == {
        "2024-01-15-field-season",
        "2024-05-02-notebook",
        "reading-list",
    }
    demo = _notes(site, "demo")
    assert "posts/welcome/index.qmd:1 Quarto's starter post 'Welcome To My Blog'" in demo
    assert "posts/post-with-code/index.qmd:1 Quarto's starter post 'Post With Code'" in demo
    everything = quarto.read(SOLBERG, include_demo=True)
    assert {"welcome", "post-with-code"} <= {post.slug for post in everything.posts}


def test_a_notebook_post_is_kept_as_a_notebook(site):
    post = _post(site, "2024-05-02-notebook")
    assert post.notebook == "posts/2024-05-02-notebook/index.ipynb"
    assert (post.title, post.date, post.tags) == (
        "Fitting tidal harmonics in Python",
        "2024-05-02",
        ["python", "tides"],
    )


def test_shortcodes_become_myst_or_are_reported(site):
    body = _post(site, "2024-01-15-field-season").body
    assert 'This post is called "Field season on the sill".' in body
    assert "*The data of this post are on Zenodo" in body  # the include, inlined
    assert "[Video](https://vimeo.com/000fictional)" in body
    assert "{{<" not in body
    left = _notes(site, "left")
    assert any("_boilerplate.qmd:1 {{< fa envelope >}}: an icon shortcode" in n for n in left)
    cv = next(page for page in site.pages if page.name == "cv")
    assert "pagebreak" not in cv.body
    assert "last-modified" not in cv.body
    assert any("cv.qmd:10 {{< meta date >}}: the render's date" in n for n in left)


def test_callouts_become_admonitions_nested_with_longer_outer_fences(site):
    body = _post(site, "2024-01-15-field-season").body
    assert "::::{admonition} Rough weather\n:class: warning\nTwo days" in body
    assert (
        ":::{admonition} Nested detail\n:class: note\nThe instruments survived.\n:::\n::::" in body
    )
    assert "column-margin" not in body and "A margin note." in body


def test_citations_of_known_keys_become_roles_and_others_are_reported(site):
    body = _post(site, "2024-01-15-field-season").body
    assert "{cite:p}`wrzos2020tides,hoerner2018fjords`" in body
    assert "as {cite:t}`wrzos2020tides` argued" in body
    assert "imke.solberg@fjordvik.example.org" in body
    assert "[@nobody2020]" in body and "(see @fig-map)" in body
    left = _notes(site, "left")
    assert any("citation of nobody2020: no .bib of the site holds it" in n for n in left)
    assert any("cross-reference @fig-map: left as text" in n for n in left)
    cited = [e.key for e in site.bibliography.entries if e.source.path == "references.bib"]
    assert cited == ["wrzos2020tides", "hoerner2018fjords"]


def test_code_cells_are_kept_as_code_blocks_and_noted_as_not_executed(site):
    body = _post(site, "2024-01-15-field-season").body
    assert "```r\n#| label: fig-speeds" in body
    assert "```python\nimport numpy" in body
    assert any("2 code cell(s) (python, r)" in note for note in _notes(site, "note"))


def test_heading_attributes_become_a_label_and_span_classes_are_dropped(site):
    body = _post(site, "2024-01-15-field-season").body
    assert "(sec-sea)=\n## Three weeks at sea\n" in body
    assert "A highlighted phrase and" in body
    assert "![The mooring sites.](map.png)\n" in body


def test_old_addresses_follow_quarto_rendering_and_aliases(site):
    paper = _entry(site, "solberg2021tidal")
    assert paper.addresses == [
        "publications/2021-tidal-mixing/index.html",
        "publications/2021-tidal-mixing/",
        "papers/tidal-mixing.html",
    ]
    post = _post(site, "2024-01-15-field-season")
    assert "field-season.html" in post.addresses
    assert site.addresses == {
        "blog.html": "posts",
        "publications.html": "publications",
        "talks.html": "talks",
        "teaching.html": "teaching",
        "projects.html": "projects",
    }
    assert next(page for page in site.pages if page.name == "cv").addresses == ["cv.html"]


def test_nothing_is_lost_every_file_is_carried_or_named(site):
    named = {note.source.path for note in site.report.notes}
    named |= {path for note in site.report.notes for path in note.message.split()}
    items = [*site.bibliography.entries, *site.posts, *site.talks, *site.teaching, *site.pages]
    named |= {item.source.path for item in items if item.source}
    named |= set(site.files.values()) | {post.notebook for post in site.posts}
    config = {"_quarto.yml", "_variables.yml", "publications/_metadata.yml", "posts/_metadata.yml"}
    for path in sorted(SOLBERG.rglob("*")):
        name = path.relative_to(SOLBERG).as_posix()
        if path.is_file() and not name.startswith("_freeze/") and name not in config:
            assert name in named, name


def test_the_starter_about_page_and_its_links_are_demo(tmp_path):
    site = quarto.read(STARTER)
    assert site.profile.name == "Tomasz Wrzos"
    assert site.profile.links == {}
    assert site.profile.bio == ""
    assert [post.slug for post in site.posts] == ["2025-03-10-first-cruise"]
    assert "about.html" in site.addresses
    assert "index.html" not in site.addresses  # the old home is the new home
    assert any("'About' is no name" in note for note in _notes(site, "check"))
    assert len(_notes(site, "demo")) == 8


def test_unreadable_front_matter_is_reported_and_the_rest_converted(tmp_path):
    (tmp_path / "_quarto.yml").write_text("project:\n  type: website\n", encoding="utf-8")
    (tmp_path / "index.qmd").write_text("---\ntitle: Ada Hörner\n---\nHello.\n", encoding="utf-8")
    (tmp_path / "broken.qmd").write_text("---\ntitle: [unclosed\n---\nText\n", encoding="utf-8")
    site = quarto.read(tmp_path)
    assert site.profile.name == "Ada Hörner"
    assert site.profile.bio == "Hello.\n"
    assert any(note.startswith("broken.qmd:") for note in _notes(site, "left"))


def _convert(tmp_path, body, keys=()):
    report = Report()
    converter = Converter(tmp_path, report, set(keys))
    return converter.myst(body, "page.qmd", 1, {"title": "T"}), report


def test_an_escaped_shortcode_is_kept_as_text(tmp_path):
    text, report = _convert(tmp_path, "Write {{{< video url >}}} to embed.\n")
    assert text == "Write {{< video url >}} to embed.\n"
    assert not report.notes


def test_a_citation_with_a_locator_keeps_it(tmp_path):
    text, _ = _convert(tmp_path, "As shown [see @a1, p. 3; @b2].\n", keys={"a1", "b2"})
    assert text == "As shown {cite:p}`{see}a1{p. 3},b2`.\n"


def test_an_include_of_a_missing_file_is_reported(tmp_path):
    text, report = _convert(tmp_path, "{{< include _gone.qmd >}}\n\nRest.\n")
    assert text == "Rest.\n"
    assert report.notes[0].message == "include of _gone.qmd: no such file"
    assert report.notes[0].source == Source("page.qmd", 1)


def test_a_raw_html_block_becomes_a_raw_directive(tmp_path):
    text, _ = _convert(tmp_path, "```{=html}\n<b>x</b>\n```\n")
    assert text == "```{raw} html\n<b>x</b>\n```\n"


def test_a_notebook_without_front_matter_is_a_post_titled_by_its_folder(tmp_path):
    (tmp_path / "_quarto.yml").write_text("project:\n  type: website\n", encoding="utf-8")
    (tmp_path / "posts" / "fit").mkdir(parents=True)
    notebook = {"cells": [{"cell_type": "markdown", "source": ["# Fit"]}], "metadata": {}}
    (tmp_path / "posts" / "fit" / "index.ipynb").write_text(json.dumps(notebook), "utf-8")
    site = quarto.read(tmp_path)
    assert [(p.slug, p.notebook) for p in site.posts] == [("fit", "posts/fit/index.ipynb")]


def test_a_project_folder_becomes_project_pages(site):
    (project,) = site.projects
    assert (project.id, project.title, project.start, project.tags) == (
        "tidal-fjords",
        "Tidal Fjords",
        "2021-01-01",
        ["tides", "fjords"],
    )
    assert project.summary == "How tides renew the deep water of sill fjords."
    assert project.code == "https://github.com/isolberg-example/tidal-fjords"
    assert "Contact: imke.solberg@fjordvik.example.org." in project.body  # {{< var >}}
    assert "projects/tidal-fjords/index.qmd:7 front matter 'funding' of a project: no place" in (
        _notes(site, "left")
    )


def test_website_settings_with_no_place_are_named(site):
    notes = [f"{note.kind} {note.message}" for note in site.report.notes]
    assert any(n.startswith("note website site-url 'https://imkesolberg") for n in notes)
    assert any(n.startswith("left website description") for n in notes)
    assert any(n.startswith("left website page-footer") for n in notes)


def test_a_publications_page_written_by_hand_is_kept_and_flagged(tmp_path):
    (tmp_path / "_quarto.yml").write_text("project:\n  type: website\n", encoding="utf-8")
    (tmp_path / "publications.qmd").write_text(
        "---\ntitle: Papers\n---\n\n1. Hörner, A. (2020). *Fjords*.\n", encoding="utf-8"
    )
    site = quarto.read(tmp_path)
    assert [(page.name, page.title) for page in site.pages] == [("publications", "Papers")]
    assert any("a publications page written by hand" in n for n in _notes(site, "check"))


def test_the_converted_site_holds_each_paper_once(tmp_path):
    write_site(quarto.read(SOLBERG), SOLBERG, tmp_path / "new")
    refs = (tmp_path / "new" / "refs.bib").read_text(encoding="utf-8")
    assert refs.count("@phdthesis{solberg2019mixing,") == 1
    assert refs.count("Mixing and exchange in sill fjords") == 1
    assert "author+an = {1=equal,corresponding;2=equal}" in refs
    assert (tmp_path / "new" / "papers" / "solberg2021tidal.pdf").is_file()
    assert (tmp_path / "new" / "docs" / "posts" / "2024-01-15-field-season.md").is_file()


def test_the_registry_picks_the_quarto_converter():
    assert converter_for(SOLBERG).TEMPLATE == "Quarto"
    assert converter_for(STARTER).TEMPLATE == "Quarto"


def test_a_bib_a_page_lists_whole_is_the_owners_publications(tmp_path):
    (tmp_path / "_quarto.yml").write_text("project:\n  type: website\n", encoding="utf-8")
    (tmp_path / "research.qmd").write_text(
        "---\ntitle: Research\nbibliography: references.bib\nnocite: |\n  @*\n---\n",
        encoding="utf-8",
    )
    (tmp_path / "references.bib").write_text(
        '@article{horner2020,\n  author = {H{\\"o}rner, Ada},\n  title = {Fjords},\n'
        "  journal = {J},\n  year = {2020},\n}\n",
        encoding="utf-8",
    )
    site = quarto.read(tmp_path)
    assert [entry.key for entry in site.bibliography.entries] == ["horner2020"]
    assert site.addresses == {"research.html": "publications"}
    assert site.report.found["publications"] == 1
    assert site.pages == []
