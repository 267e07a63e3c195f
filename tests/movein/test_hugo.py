"""Moving in a Hugo Academic / Wowchemy / Hugo Blox site: the three generations' demos
(every item of their manifests accounted for) and two made-up sites with the hazards."""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from bibfolio.movein import hugo
from bibfolio.movein.hugo.shortcodes import Body, to_myst
from bibfolio.movein.model import Report

HERE = Path(__file__).parent
SITES = HERE / "sites"
V5, B2025, B2026 = SITES / "hugo-academic-v5", SITES / "hugo-blox-2025", SITES / "hugo-blox-2026"
VALLORY = HERE / "cases" / "hugo-wowchemy-vallory"
QUARRIE = HERE / "cases" / "hugo-blox-2026-quarrie"

#: The manifests' oracle counts: publications, talks, projects, posts, course files,
#: featured, author notes, cite.bib entries, generation.
ORACLE = {
    V5: (3, 1, 2, 3, 0, 1, 2, 2, "Hugo Academic / Wowchemy v5"),
    B2025: (3, 1, 3, 5, 3, 2, 2, 2, "Hugo Blox 2025"),
    B2026: (3, 1, 3, 6, 16, 2, 2, 2, "Hugo Blox 2026"),
}


def _notes(site, kind: str) -> list[str]:
    return [f"{note.source}: {note.message}" for note in site.report.notes if note.kind == kind]


@pytest.mark.parametrize("root", list(ORACLE), ids=lambda p: p.name)
def test_each_generation_of_the_demo_is_recognised_as_hugo(root: Path) -> None:
    assert hugo.recognise(root)
    assert _notes(hugo.read(root), "note")[0].endswith(f"made with {ORACLE[root][8]}")


@pytest.mark.parametrize(
    ("name", "text"),
    [
        ("config.toml", 'theme = "academic"\n'),
        ("go.mod", "require github.com/HugoBlox/kit/modules/blox-tailwind v0.11.0\n"),
    ],
)
def test_a_v4_theme_line_or_a_go_mod_marks_the_template(
    tmp_path: Path, name: str, text: str
) -> None:
    (tmp_path / "content").mkdir()
    (tmp_path / name).write_text(text)
    assert hugo.recognise(tmp_path)


def test_a_hugo_site_of_another_theme_or_a_jekyll_site_is_not_recognised(tmp_path: Path) -> None:
    (tmp_path / "content").mkdir()
    (tmp_path / "hugo.toml").write_text('theme = "PaperMod"\ntitle = "Blog"\n')
    assert not hugo.recognise(tmp_path)
    (tmp_path / "hugo.toml").unlink()
    (tmp_path / "_config.yml").write_text("theme: academic\n")
    assert not hugo.recognise(tmp_path)


@pytest.mark.parametrize("root", list(ORACLE), ids=lambda p: p.name)
def test_every_item_of_the_demo_is_carried_with_include_demo(root: Path) -> None:
    papers, talks, projects, posts, courses, featured, notes, bibs, _ = ORACLE[root]
    site = hugo.read(root, include_demo=True)
    entries = site.bibliography.entries
    assert (len(entries), len(site.talks), len(site.projects), len(site.posts)) == (
        papers,
        talks,
        projects,
        posts,
    )
    # Course files: single courses, docs pages, and the section's own list page.
    course_files = len(site.teaching) + len(
        [p for p in site.pages if p.name.startswith(("courses/", "teaching/"))]
    )
    lists = sum(1 for a in site.addresses if a in ("courses/", "teaching/"))
    assert course_files + (lists if courses else 0) == courses
    assert sum(e.fields.get("selected") == "true" for e in entries) == featured
    assert sum("author+an" in e.fields for e in entries) == notes
    assert sum(bool(e.raw) for e in entries) == bibs
    found, converted = site.report.found, site.report.converted
    for kind, count in (("publications", papers), ("talks", talks), ("posts", posts)):
        assert found[kind] == converted[kind] == count


@pytest.mark.parametrize("root", list(ORACLE), ids=lambda p: p.name)
def test_the_demo_is_left_out_and_named_without_include_demo(root: Path) -> None:
    site = hugo.read(root)
    assert not site.bibliography.entries and not site.talks and not site.projects
    assert not site.posts and not site.teaching and not site.profile.name
    assert not site.cv and not site.profile.email and not site.title
    assert not [p for p in site.pages if p.name.startswith("courses/")]
    demo = _notes(site, "demo")
    papers, talks, projects, posts = ORACLE[root][:4]
    assert sum(": publications:" in line for line in demo) == papers
    assert sum(": talks:" in line for line in demo) == talks
    assert sum(": projects:" in line for line in demo) == projects
    assert sum(": posts:" in line for line in demo) == posts
    assert any("the template's demo" in line and "profile" in line for line in demo)
    assert site.report.converted["publications"] == 0


@pytest.mark.parametrize("root", list(ORACLE), ids=lambda p: p.name)
def test_the_owner_named_admin_or_me_is_the_owner_in_every_demo_entry(root: Path) -> None:
    site = hugo.read(root, include_demo=True)
    family = {V5: "Bighetti, Alice", B2025: "Johnson, Alex", B2026: "Johnson, Alex"}[root]
    for entry in site.bibliography.entries:
        marked = "1=equal,highlight" in entry.fields.get("author+an", "")
        assert family in entry.fields["author"] or marked, entry.key


def test_the_v5_demo_profile_widgets_and_numeric_types_are_read() -> None:
    site = hugo.read(V5, include_demo=True)
    assert site.profile.name == "Alice Bighetti 吳恩達"
    assert site.profile.position == "Professor of Artificial Intelligence"
    assert site.profile.affiliation == "Stanford University"
    assert len(site.profile.interests) == 3
    # Five social links: four keys, the e-mail icon pointing at the contact widget reported.
    assert set(site.profile.links) == {"x", "scholar", "github", "linkedin"}
    assert any("'/#contact'" in line for line in _notes(site, "left"))
    cv = {section.title: len(section.items) for section in site.cv}
    assert cv == {"Education": 3, "Accomplishments": 3, "Experience": 2, "Skills": 3}
    types = {e.key: (e.type, e.fields.get("pubtype", "")) for e in site.bibliography.entries}
    assert types == {
        "example1": ("inproceedings", ""),
        "example2": ("article", ""),
        "preprint": ("misc", "preprint"),
    }
    owner = "Bighetti, Alice"
    assert all(owner in e.fields["author"] for e in site.bibliography.entries if not e.raw)
    left = _notes(site, "left")
    assert any("demo-links.md" in line and "turned off" in line for line in left)
    assert any("content/slides/example/index.md" in line for line in left)


def test_the_2025_demo_profile_and_csl_types_are_read() -> None:
    site = hugo.read(B2025, include_demo=True)
    assert (site.profile.name, site.profile.affiliation) == ("Alex Johnson", "Meta AI")
    assert site.profile.email == "alex.johnson@meta.com"
    assert set(site.profile.links) == {"x", "github", "linkedin", "scholar", "orcid"}
    cv = {section.title: len(section.items) for section in site.cv}
    assert cv == {"Education": 3, "Experience": 2, "Awards": 3, "Skills": 6, "Languages": 2}
    made = next(e for e in site.bibliography.entries if not e.raw)
    assert (made.type, made.fields["pubtype"], made.fields["arxiv"]) == (
        "misc",
        "preprint",
        "1512.04133v1",
    )
    assert "content/experience.md" in " ".join(_notes(site, "note"))
    assert site.addresses["experience/"] == "education-experience"


def test_the_2026_demo_profile_from_data_authors_and_renamed_event_fields() -> None:
    site = hugo.read(B2026, include_demo=True)
    assert site.profile.name == "Dr. Alex Johnson"
    assert site.profile.source.path == "data/authors/me.yaml"
    assert len(site.profile.links) == 5 and site.profile.email == "alex.johnson@example.com"
    talk = site.talks[0]
    assert (talk.event, talk.date) == ("HugoBlox Showcase", "2030-06-01")
    paper = next(e for e in site.bibliography.entries if e.key == "example1")
    assert "doi = {10.5555/123456}" in paper.raw
    assert paper.addresses[0] == "publications/conference-paper/"
    assert site.addresses["blog/"] == "posts"
    assert any(p.name == "courses/hugo-blox/guide/configuration" for p in site.pages)


def test_the_wowchemy_case_profile_from_toml_front_matter() -> None:
    site = hugo.read(VALLORY)
    profile = site.profile
    assert (profile.name, profile.position) == (
        "Ines Vallory",
        "Associate Professor of Sedimentology",
    )
    assert profile.email == "ines.vallory@aldermoor.example.edu"
    assert profile.links == {
        "scholar": "https://scholar.google.com/citations?user=VALLORY000",
        "github": "https://github.com/ivallory",
        "orcid": "https://orcid.org/0000-0002-0000-0001",
        "mastodon": "https://fediscience.example/@ivallory",
    }
    assert "content/authors/admin/_index.md:26: the profile link 'researchgate'" in " ".join(
        _notes(site, "left")
    )
    assert "Delta Dynamics group" in profile.bio and "[CV](/uploads/cv.pdf)" in profile.bio
    assert site.title == "Ines Vallory" and site.owner[0] == "Ines Vallory"
    assert [s.title for s in site.cv] == ["Education", "Accomplishments", "Experience"]


def test_the_wowchemy_case_publications_from_front_matter_and_one_cite_bib() -> None:
    site = hugo.read(VALLORY)
    entries = {e.key: e for e in site.bibliography.entries}
    assert set(entries) == {
        "quarrie2019collapse", "vallory-2021-sediment", "vallory-2023-thesis", "wrzos-2018-report"
    }  # fmt: skip
    paper = entries["vallory-2021-sediment"]
    assert paper.type == "article" and not paper.raw
    assert paper.fields["author"] == "Vallory, Ines and Tomasz Wrzos and Imogen Quarrie"
    assert paper.fields["author+an"] == "1=equal;2=equal"
    assert (paper.fields["year"], paper.fields["month"]) == ("2021", "3")
    assert paper.fields["journal"] == "Journal of Fictional Sedimentology, 12(3)"
    assert (paper.fields["abbr"], paper.fields["selected"]) == ("JFS", "true")
    assert paper.fields["pdf"] == "papers/vallory-2021-sediment.pdf"
    assert site.files["papers/vallory-2021-sediment.pdf"].endswith("vallory-2021-sediment.pdf")
    assert paper.fields["project"] == "river-deltas"
    assert paper.addresses == [
        "publication/vallory-2021-sediment/",
        "publication/old-sediment-pulses/",
    ]
    bib = entries["quarrie2019collapse"]
    assert bib.raw.startswith("@inproceedings{quarrie2019collapse,")
    assert "author+an = {2=corresponding}" in bib.raw and "abbr = {FCC 2019}" in bib.raw
    assert entries["vallory-2023-thesis"].fields["school"] == "University of Aldermoor"
    assert entries["wrzos-2018-report"].fields["author"] == "Tomasz Wrzos and Vallory, Ines"
    left = " ".join(_notes(site, "left"))
    assert "vallory-2021-sediment/index.md:18: url_slides '/uploads/missing-slides.pdf'" in left
    assert "project 'no-such-project'" in left


def test_a_cite_bib_naming_the_owner_otherwise_marks_that_author_as_the_owner() -> None:
    demo = {e.key: e for e in hugo.read(V5, include_demo=True).bibliography.entries}
    assert demo["example1"].fields["author+an"] == "1=equal,highlight;2=equal"
    assert "author+an = {1=equal,highlight;2=equal}" in demo["example1"].raw
    # "Vallory, In{\\`e}s" is the owner's name with an accent: no mark needed.
    case = {e.key: e for e in hugo.read(VALLORY).bibliography.entries}
    assert case["quarrie2019collapse"].fields["author+an"] == "2=corresponding"


def test_a_tab_in_yaml_front_matter_is_read_and_named_for_checking() -> None:
    site = hugo.read(VALLORY)
    thesis = next(e for e in site.bibliography.entries if e.key == "vallory-2023-thesis")
    assert thesis.fields["url"] == "https://repo.aldermoor.example.edu/vallory-thesis"
    assert (
        "content/publication/vallory-2023-thesis/index.md:2: front matter indented with tabs: read as spaces"
        in _notes(site, "check")
    )


def test_old_addresses_follow_permalinks_slugs_and_aliases() -> None:
    site = hugo.read(VALLORY)
    assert site.talks[0].addresses == ["talk/egu-2022/", "event/egu-2022/", "talk/egu-pulses/"]
    assert {p.slug: p.addresses[0] for p in site.posts} == {
        "field-season": "post/field-season/", "first-post": "post/hello/"
    }  # fmt: skip
    assert site.addresses["publication/"] == "publications" and site.addresses["event/"] == "talks"


def test_widgets_turned_off_are_reported_and_markdown_widgets_kept_as_pages() -> None:
    site = hugo.read(VALLORY)
    assert (
        "content/home/gallery.md:2: the markdown widget 'Field photos': turned off (active: false)"
        in (_notes(site, "left"))
    )
    page = next(p for p in site.pages if p.name == "home-research")
    assert ":::{note}\nWe are hiring a PhD student for autumn.\n:::" in page.body


def test_shortcodes_in_a_post_become_myst_or_are_reported_at_their_line() -> None:
    site = hugo.read(VALLORY)
    body = next(p for p in site.posts if p.slug == "field-season").body
    assert "```{figure} storm.jpg\n\nThe storm over the delta.\n```" in body
    assert ":::{warning}\nNever sample alone.\n:::" in body
    assert (
        ":::{admonition} Our gear list\n:class: dropdown\n\nCorers, a boat, patience.\n:::" in body
    )
    assert "```{math}\nQ_s = k\\,Q^{1.5}\n```" in body
    assert "[the talk](/event/egu-2022/)" in body
    assert "{cite:p}`vallory-2021-sediment`" in body
    assert "https://www.youtube.com/watch?v=abc123XYZ" in body
    assert "{{< callout note >}} shown as written {{< /callout >}}" in body
    assert "{{<" not in body.split("```markdown")[0]
    assert "content/post/field-season/index.md:28: {{< toc >}}" in " ".join(_notes(site, "left"))


def test_inline_math_self_closing_buttons_and_unknown_shortcodes() -> None:
    report = Report()
    text = (
        "A {{< math >}}$x^2${{< /math >}} b.\n"
        '{{< button url="https://x.example" text="Go" />}}\n'
        "{{< mystery >}}\n"
    )
    body = to_myst(text, Body("post.md", 5, report))
    assert "{math}`x^2`" in body and "[Go](https://x.example)" in body
    assert "mystery" not in body
    assert [str(n.source) for n in report.notes] == ["post.md:7"]


def test_diagram_fences_and_buttons_to_nowhere_do_not_break_the_build() -> None:
    report = Report()
    text = '```mermaid\ngraph TD\n```\n\n{{< button url="#" >}}Go{{< /button >}}\n'
    body = to_myst(text, Body("post.md", 3, report))
    assert body == "```text\ngraph TD\n```\n\nGo\n"
    assert [(str(n.source), n.message) for n in report.notes] == [
        ("post.md:3", "a Mermaid diagram: kept as its source text")
    ]


def test_the_hugo_blox_2026_case_profile_publications_and_demo_post() -> None:
    site = hugo.read(QUARRIE)
    assert (site.profile.name, site.profile.affiliation) == ("Imogen Quarrie", "Kestrel Institute")
    assert site.profile.links == {
        "bluesky": "https://bsky.app/profile/iquarrie.example",
        "scholar": "https://scholar.google.com/citations?user=QUARRIE00",
    }
    assert any("'instagram'" in line for line in _notes(site, "left"))
    entries = {e.key: e for e in site.bibliography.entries}
    ice = entries["quarrie-2024-ice"]
    assert ice.fields["author"] == "Quarrie, Imogen and Ada Hörner"
    assert (ice.fields["doi"], ice.fields["author+an"]) == (
        "10.5555/quarrie.2024",
        "1=equal;2=equal",
    )
    assert ice.fields["url"] == "https://news.example.org/ice"
    assert ice.addresses == ["publications/quarrie-2024-ice/", "publication/thinning-rates/"]
    assert entries["quarrie-2025-preprint"].fields["arxiv"] == "2505.00001"
    assert [p.slug for p in site.posts] == ["winter-camp"]
    assert ":::{note}\nThe camp is open to students.\n:::" in site.posts[0].body
    demo = " ".join(_notes(site, "demo"))
    assert "content/blog/get-started/index.md:1: posts:" in demo and "cta-card" in demo
    assert site.report.found["posts"] == 2 and site.report.converted["posts"] == 1
    assert [c.title for c in site.teaching] == ["Glaciology (GLA 301)"]
    assert {s.title for s in site.cv} == {"Education", "Experience", "Awards", "Languages"}
    assert next(p for p in site.pages if p.name == "research").body.startswith("The ice lab")


def test_featured_images_become_previews_and_the_avatar_the_photo(tmp_path: Path) -> None:
    root = tmp_path / "old"
    shutil.copytree(VALLORY, root)
    png = b"\x89PNG\r\n\x1a\n" + b"\0" * 16
    (root / "content/publication/vallory-2021-sediment/featured.png").write_bytes(png)
    (root / "content/project/river-deltas/featured.jpg").write_bytes(png)
    (root / "content/authors/admin/avatar.jpg").write_bytes(png)
    site = hugo.read(root)
    paper = next(e for e in site.bibliography.entries if e.key == "vallory-2021-sediment")
    assert paper.fields["preview"] == "papers/previews/vallory-2021-sediment.png"
    assert site.files["papers/previews/vallory-2021-sediment.png"] == (
        "content/publication/vallory-2021-sediment/featured.png"
    )
    assert site.projects[0].image == "content/project/river-deltas/featured.jpg"
    assert site.profile.photo == "content/authors/admin/avatar.jpg"
    assert not any("avatar" in line for line in _notes(site, "check"))


@pytest.mark.parametrize("root", [VALLORY, QUARRIE, V5], ids=lambda p: p.name)
def test_reading_never_writes_to_the_old_site(root: Path) -> None:
    def state() -> dict[str, str]:
        return {
            str(p): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in root.rglob("*")
            if p.is_file()
        }

    before = state()
    hugo.read(root)
    assert state() == before


def test_the_hugo_blox_2026_case_converts_into_a_site_that_builds(tmp_path: Path) -> None:
    write = pytest.importorskip("bibfolio.movein.write")
    new, out = tmp_path / "new", tmp_path / "out"
    write.write_site(hugo.read(QUARRIE), QUARRIE, new)
    env = {**os.environ, "PYTHONPATH": str(HERE.parent.parent / "_ext")}
    command = [sys.executable, "-m", "sphinx", "-nW", "--keep-going", "-q", "-b", "html"]
    done = subprocess.run(
        [*command, str(new / "docs"), str(out)],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    home = (out / "index.html").read_text(encoding="utf-8")
    assert "Imogen Quarrie" in home and "Lecturer in Glaciology" in home
    assert "Thinning rates of the Fictional Ice Shelf" in (out / "publications.html").read_text(
        encoding="utf-8"
    )
    assert (out / "posts" / "winter-camp.html").is_file()
    assert not (out / "posts" / "get-started.html").exists()
