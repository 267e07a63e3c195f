"""Members a table lists: their generated pages, and the builders that have none.

``test-group-table``: a PI with a page of her own, and three members in members.yaml:
one with a photo, a biography and a paper, an alumna with a homepage, and a new
student with no papers yet (a note, not a warning).
"""

from __future__ import annotations

import json
import shutil
from typing import TYPE_CHECKING

import pytest

from .helpers import REPO, build_project

if TYPE_CHECKING:
    from .helpers import Built

ROOT = REPO / "tests" / "roots" / "test-group-table"


def _build(tmp_path_factory: pytest.TempPathFactory, builder: str, **overrides: object) -> Built:
    base = tmp_path_factory.mktemp(f"group-table-{builder}")
    shutil.copytree(ROOT, base / "group")
    return build_project(base / "group", base / "_build", builder, overrides=overrides)


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Built:
    return _build(tmp_path_factory, "html")


def test_table_members_build_without_warnings(site: Built) -> None:
    # Nell has no papers yet: a note at info level, not a warning (-W passes).
    assert site.warnings == ""


def test_people_cards_link_the_generated_pages(site: Built) -> None:
    links = {a.get_text(): a["href"] for a in site.page("people").select(".bibfolio-person-name a")}
    assert links == {
        "Orla Brindlecombe": "people/brindlecombe.html",
        "Sefton Quaile": "people/sefton.html",
        "Nell Ashcombe": "people/nell.html",
        "Marit Oddsdottir-Vane": "people/marit.html",
    }


def test_generated_page_card_biography_and_publications(site: Built) -> None:
    page = site.page("people/sefton")
    assert page.find("h1").get_text().strip("#¶ ") == "Sefton Quaile"
    card = page.select_one(".bibfolio-member-card")
    assert card.select_one("img.bibfolio-profile-photo")["src"] == "../_images/sefton.png"
    assert (site.outdir / "_images" / "sefton.png").is_file()
    assert card.select_one(".bibfolio-profile-position").get_text() == "PhD Student"
    assert [a["href"] for a in card.select("a.bibfolio-profile-link")] == [
        "https://github.com/squaile"
    ]
    assert [p.get_text() for p in page.select("p.bibfolio-member-bio")] == [
        "Sefton studies tidal maps of invented coasts.",
        "Before the group, Sefton drew charts for an imaginary harbour.",
    ]
    entries = page.select("li.bibfolio-entry")
    assert [li["id"] for li in entries] == ["pub-quaile2024tides"]
    assert [s.get_text() for s in entries[0].select("strong.bibfolio-owner")] == ["Sefton Quaile"]
    # The entry's title leads to its paper page; its Cite reveal has its formats file.
    assert (
        entries[0].select_one(".bibfolio-head a")["href"] == "../publications/quaile2024tides.html"
    )
    assert (site.outdir / "people" / "sefton.formats.json").is_file()
    assert page.select_one('link[href^="../_static/bibfolio-group.css"]') is not None
    # Found by the site's search, beside the paper pages.
    index = (site.outdir / "searchindex.js").read_text(encoding="utf-8")
    assert '"people/sefton"' in index
    assert '"publications/quaile2024tides"' in index


def test_generated_page_of_an_alumna_and_of_a_member_without_papers(site: Built) -> None:
    marit = site.text("people/marit")
    assert "In the group 2015–2019 Now: Lecturer at Example College" in marit
    assert "Charts Nobody Asked For" in marit
    nell = site.page("people/nell")
    assert nell.select_one(".bibfolio-profile-initials").get_text() == "NA"
    assert nell.select_one("p.bibfolio-member-none").get_text() == (
        "No publications by Nell Ashcombe in the group's bibliography yet."
    )


def test_generated_page_is_a_profile_page_and_the_counts_link_it(site: Built) -> None:
    scripts = site.page("people/sefton").select('script[type="application/ld+json"]')
    (profile,) = [d for d in (json.loads(s.string) for s in scripts) if d["@type"] == "ProfilePage"]
    assert profile["mainEntity"]["url"] == "https://group.example.org/people/sefton.html"
    assert profile["mainEntity"]["affiliation"]["name"] == "Brindlecombe Group"
    counts = site.page("publications").select_one(".bibfolio-group-counts table")
    links = {a.get_text(): a["href"] for a in counts.select("a")}
    assert links["Sefton Quaile"] == "people/sefton.html"


def test_removed_member_loses_the_page(tmp_path_factory: pytest.TempPathFactory) -> None:
    base = tmp_path_factory.mktemp("group-table-edit")
    source = base / "group"
    shutil.copytree(ROOT, source)
    first = build_project(source, base / "_build")
    assert (first.outdir / "people" / "nell.html").is_file()
    table = source / "members.yaml"
    text = table.read_text(encoding="utf-8")
    table.write_text(text[: text.index("- id: nell")], encoding="utf-8")
    built = build_project(source, base / "_build", fresh=False)
    assert built.warnings == ""
    assert not (built.outdir / "people" / "nell.html").exists()
    assert "Nell Ashcombe" not in built.text("people")
    # The search index keeps the other member pages and the paper pages, not Nell's.
    index = (built.outdir / "searchindex.js").read_text(encoding="utf-8")
    assert '"people/sefton"' in index
    assert '"publications/quaile2024tides"' in index
    assert '"people/nell"' not in index


def test_table_pages_off_links_the_homepage(tmp_path_factory: pytest.TempPathFactory) -> None:
    built = _build(tmp_path_factory, "html", bibfolio_group_table_pages=False)
    assert built.warnings == ""
    links = {
        a.get_text(): a["href"] for a in built.page("people").select(".bibfolio-person-name a")
    }
    assert links == {
        "Orla Brindlecombe": "people/brindlecombe.html",
        "Marit Oddsdottir-Vane": "https://example.org/marit",
    }
    assert not (built.outdir / "people" / "sefton.html").exists()


def test_dirhtml_writes_the_pages_in_folders(tmp_path_factory: pytest.TempPathFactory) -> None:
    built = _build(tmp_path_factory, "dirhtml")
    assert built.warnings == ""
    people = built.outdir / "people" / "index.html"
    assert 'href="sefton/"' in people.read_text(encoding="utf-8")
    sefton = (built.outdir / "people" / "sefton" / "index.html").read_text(encoding="utf-8")
    assert "Tidal Maps of Invented Coasts" in sefton


def test_singlehtml_has_no_pages_and_no_dead_links(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    built = _build(tmp_path_factory, "singlehtml")
    assert built.warnings == ""
    names = built.page("index").select(".bibfolio-person-name")
    links = {n.get_text(): n.a["href"] if n.a else None for n in names}
    assert links == {
        "Orla Brindlecombe": "#document-people/brindlecombe",
        "Sefton Quaile": None,
        "Nell Ashcombe": None,
        "Marit Oddsdottir-Vane": "https://example.org/marit",
    }
    assert not list(built.outdir.glob("people/**/*.html"))


def test_page_name_taken_by_a_document_warns_and_moves(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    base = tmp_path_factory.mktemp("group-table-clash")
    source = base / "group"
    shutil.copytree(ROOT, source)
    # people/index.md is the folder's own page (never a member): a member "index" of the
    # table cannot have its name.
    (source / "people" / "index.md").write_text("---\norphan: true\n---\n# About our people\n")
    table = source / "members.yaml"
    table.write_text(
        table.read_text(encoding="utf-8") + "- id: index\n  name: Ivo Dexterhaugh\n",
        encoding="utf-8",
    )
    built = build_project(source, base / "_build")
    assert built.warnings.strip().splitlines() == [
        f"{table}:23: WARNING: the page of Ivo Dexterhaugh would replace the page "
        "people/index; it is written as people/index-2 instead [bibfolio.group_member]"
    ]
    assert built.page("people/index").find("h1").get_text().strip("#¶ ") == "About our people"
    assert built.page("people/index-2").find("h1").get_text().strip("#¶ ") == "Ivo Dexterhaugh"


def test_no_change_rebuild_writes_the_pages_again(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    # No document is written then: the builder has not set up a page for writing itself.
    base = tmp_path_factory.mktemp("group-table-again")
    shutil.copytree(ROOT, base / "group")
    build_project(base / "group", base / "_build")
    (base / "_build" / "html" / "people" / "sefton.html").unlink()
    (base / "_build" / "html" / "_images" / "sefton.png").unlink()
    built = build_project(base / "group", base / "_build", fresh=False)
    assert built.warnings == ""
    # The photo is copied for the member page, though the people page is not rewritten.
    photo = built.page("people/sefton").select_one("img.bibfolio-profile-photo")["src"]
    assert (built.outdir / "people" / photo).resolve().is_file()
    assert [li["id"] for li in built.page("people/sefton").select("li.bibfolio-entry")] == [
        "pub-quaile2024tides"
    ]
    assert built.page("people/nell").select_one(".bibfolio-profile-initials").get_text() == "NA"
