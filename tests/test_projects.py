"""Projects as data: the cards page, a project's page, bad input, other builders."""

from __future__ import annotations

import json
import os
import re
import shutil
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from bibfolio.projects.load import read_projects

from .helpers import REPO, build_project, phone_jpeg

if TYPE_CHECKING:
    from .helpers import Built

ROOT = REPO / "tests" / "roots" / "test-projects"
LAB = REPO / "examples" / "fernhollow-lab"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Built:
    base = tmp_path_factory.mktemp("projects")
    shutil.copytree(ROOT, base / "site")
    return build_project(base / "site", base / "_build")


def test_bad_project_data_warns_at_its_line_and_the_rest_builds(site: Built) -> None:
    src = site.srcdir
    assert sorted(site.warnings.splitlines()) == sorted([
        f"{src}/projects/engine.md:6: WARNING: code: 'ftp://example.org/engine' is not a web "
        "address (http/https); no link [bibfolio.project]",
        f"{src}/software/loom.md:5: WARNING: unknown project field 'colour' (known: code, data, "
        "demo, end, image, image_alt, members, publications, start, summary, tags) "
        "[bibfolio.project]",
        f"{src}/software/loom.md:1: WARNING: duplicate project id 'loom' (also "
        f"{src}/projects/loom.md:1); this one is 'loom-2' [bibfolio.project]",
        f"{src}/projects/engine.md:3: WARNING: image 'images/missing.png' does not exist; the "
        "card has no image [bibfolio.project]",
        f"{src}/software/loom.md:3: WARNING: image '../outside.png' is outside the source "
        "folder; the card has no image [bibfolio.project]",
        f"{src}/projects/loom.md:11: WARNING: project 'loom': no entry 'nosuchkey' in the "
        "bibliography; left out of its publications [bibfolio.project]",
        f"{src}/refs.bib:22: WARNING: 'cards2022': project = {{nowhere}} names no project "
        "page [bibfolio.project]",
    ])  # fmt: skip


def test_cards_image_title_summary_years_tags_links(site: Built) -> None:
    page = site.page("index")
    cards = page.select("div.bibfolio-project-card")
    titles = [(c.select_one(".bibfolio-project-title a").get_text(),
               c.select_one(".bibfolio-project-title a")["href"]) for c in cards]  # fmt: skip
    assert titles == [
        ("Engine", "projects/engine.html"),
        ("The Loom Project", "projects/loom.html"),
        ("Loom Tools", "software/loom.html"),
    ]
    loom = cards[1]
    thumb = loom.select_one("img.bibfolio-project-thumb")
    # Sized as preview thumbnails are: the file's own size, loaded lazily, with its alt.
    # (docutils 0.22 writes an image's size as width and height; 0.21, which nox -s lowest gets,
    # as a style: either way the box is reserved before the file loads.)
    size = (thumb.get("width"), thumb.get("height"))
    if size == (None, None):
        size = tuple(re.findall(r"(?:^|;)\s*(?:width|height):\s*(\d+)px", thumb["style"]))
    assert (thumb["alt"], *size, thumb["loading"]) == (
        "A loom's punched cards", "16", "16", "lazy",
    )  # fmt: skip
    assert (site.outdir / thumb["src"]).read_bytes() == (ROOT / "images/loom.png").read_bytes()
    assert thumb.find_parent("a") is None  # not a link to the image file
    assert loom.select_one(".bibfolio-project-summary").get_text() == (
        "Weaving algebra with punched cards."
    )
    assert loom.select_one(".bibfolio-project-years").get_text() == "2021–2024"
    assert [t.get_text() for t in loom.select(".bibfolio-project-tag")] == ["looms", "algebra"]
    assert [(a.get_text(), a["href"]) for a in loom.select(".bibfolio-project-links a")] == [
        ("Code", "https://example.org/loom/code"),
        ("Data", "https://example.org/loom/data"),
        ("Demo", "https://example.org/loom/demo"),
    ]
    # The bad image and the ftp link are left out; the card stays.
    assert cards[0].select("img") == [] and cards[0].select(".bibfolio-project-links") == []
    assert cards[0].select_one(".bibfolio-project-years").get_text() == "since 2022"
    assert not any(a["href"].startswith(("http://", "https://")) and "github" in a["href"]
                   for a in page.select("a[href]"))  # fmt: skip


def test_tag_filter_from_the_configured_number_of_projects(site: Built) -> None:
    page = site.page("index")
    buttons = page.select("p.bibfolio-project-filter button")
    assert [(b.get_text(), b["data-tag"]) for b in buttons] == [
        ("All projects", ""),
        ("algebra (1)", "bibfolio-tag-algebra"),
        ("engines (1)", "bibfolio-tag-engines"),
        ("looms (2)", "bibfolio-tag-looms"),
    ]
    assert "bibfolio-tag-looms" in page.select("div.bibfolio-project-card")[2]["class"]
    assert page.select_one('script[src*="bibfolio-projects.js"]') is not None


def test_project_page_description_publications_by_key_and_field(site: Built) -> None:
    page = site.page("projects/loom")
    header = page.select_one("div.bibfolio-project-header")
    assert header.select_one(".bibfolio-project-summary").get_text() == (
        "Weaving algebra with punched cards."
    )
    assert "about looms" in page.select_one("article, div.body, main").get_text()
    # Listed by key (notes1843), or by the entry's project field (cards2022); newest first.
    assert [li["id"] for li in page.select("li.bibfolio-entry")] == [
        "pub-cards2022",
        "pub-notes1843",
    ]
    engine = site.page("projects/engine")
    assert [li["id"] for li in engine.select("li.bibfolio-entry")] == ["pub-engine2023"]
    assert site.page("software/loom").select("li.bibfolio-entry") == []


def test_software_and_datasets_are_cited_as_what_they_are(site: Built) -> None:
    software = site.page("publications/engine2023")
    dataset = site.page("publications/cards2022")
    types = {
        key: [json.loads(s.string)["@type"] for s in page.select('script[type="application/ld+json"]')]
        for key, page in (("software", software), ("dataset", dataset))
    }  # fmt: skip
    assert "SoftwareSourceCode" in types["software"]
    assert "Dataset" in types["dataset"]
    assert "TY  - COMP" in software.get_text() and "TY  - DATA" in dataset.get_text()
    assert '"type": "software"' in software.get_text()
    assert '"type": "dataset"' in dataset.get_text()
    coins = site.page("projects/loom").select_one("#pub-cards2022 span.Z3988")["title"]
    assert "rft.type=dataset" in coins


@pytest.mark.parametrize("builder", ["text", "latex"])
def test_text_and_latex_write_cards_and_pages(
    builder: str, tmp_path_factory: pytest.TempPathFactory
) -> None:
    base = tmp_path_factory.mktemp(f"projects-{builder}")
    shutil.copytree(ROOT, base / "site")
    built = build_project(base / "site", base / "_build", builder)
    assert len(built.warnings.splitlines()) == 7, built.warnings  # the bad input only
    if builder == "text":
        text = (built.outdir / "index.txt").read_text(encoding="utf-8")
        assert "All projects" not in text  # the filter is HTML's
        assert "Punched Card Corpus" in (built.outdir / "projects/loom.txt").read_text()
    else:
        text = next(built.outdir.glob("*.tex")).read_text(encoding="utf-8")
        assert "All projects" not in text
    for words in ("The Loom Project", "Weaving algebra with punched cards.", "since 2022"):
        assert words in text, words


def test_example_lab_projects_show_members_and_group_marks(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    base = tmp_path_factory.mktemp("lab-projects")
    shutil.copytree(LAB, base / "lab", ignore=shutil.ignore_patterns("_build"))
    built = build_project(base / "lab", base / "_build")
    assert built.warnings == ""
    page = built.page("projects/ednaocc")
    members = [a.get_text() for a in page.select(".bibfolio-people-preview .bibfolio-person-name")]
    assert members == [
        "Odile Fernhollow", "Saoirse Tillinghast-Vey", "Benedikt Orrowsmith", "Priti Cavendell-Rao",
    ]  # fmt: skip
    keys = [li["id"] for li in page.select("li.bibfolio-entry")]
    assert "pub-cavendell2024ednaocc" in keys and "pub-tillinghast2025benchmark" in keys
    assert page.select_one("#pub-tillinghast2025edna strong.bibfolio-owner") is not None
    cards = built.page("projects").select("div.bibfolio-project-card")
    assert len(cards) == 3
    assert built.page("projects").select("p.bibfolio-project-filter") == []  # few projects


def test_project_page_json_ld_search_and_sitemap(site: Built) -> None:
    scripts = site.page("projects/loom").select('script[type="application/ld+json"]')
    work = next(d for d in (json.loads(s.string) for s in scripts) if d["@type"] == "CreativeWork")
    assert work == {
        "@context": "https://schema.org",
        "@type": "CreativeWork",
        "name": "The Loom Project",
        "abstract": "Weaving algebra with punched cards.",
        "keywords": ["looms", "algebra"],
        "temporalCoverage": "2021/2024",
        "url": "https://ada.example.org/projects/loom.html",
        "image": "https://ada.example.org/_images/loom.png",
        "sameAs": [
            "https://example.org/loom/code",
            "https://example.org/loom/data",
            "https://example.org/loom/demo",
        ],
        "hasPart": [  # the keys it lists, then the entries naming it
            {"@type": "ScholarlyArticle", "name": "Notes on the Analytical Engine"},
            {"@type": "Dataset", "name": "Punched Card Corpus"},
        ],
    }
    # Project pages are pages: in the search index and the sitemap like any other.
    index = (site.outdir / "searchindex.js").read_text(encoding="utf-8")
    assert '"projects/loom"' in index and "The Loom Project" in index
    sitemap = (site.outdir / "sitemap.xml").read_text(encoding="utf-8")
    assert "https://ada.example.org/projects/loom.html" in sitemap


def _project_edits(site: Path) -> None:
    """A new summary and tag on one project; a new entry naming the other; later mtimes."""
    page = site / "projects" / "engine.md"
    page.write_text(
        page.read_text().replace("The engine, in software.", "The engine, rebuilt.")
        .replace("tags: [engines]", "tags: [engines, algebra]"),
        encoding="utf-8",
    )  # fmt: skip
    bib = site / "refs.bib"
    bib.write_text(
        bib.read_text() + "\n@misc{loomnotes,\n  author = {Ada Lovelace},\n"
        "  title = {Loom Notes},\n  year = {2024},\n  project = {loom},\n}\n",
        encoding="utf-8",
    )
    for path in (page, bib):
        later = path.stat().st_mtime + 10
        os.utime(path, (later, later))


def test_incremental_build_of_project_edits_equals_a_fresh_one(tmp_path: Path) -> None:
    source = tmp_path / "inc" / "site"
    shutil.copytree(ROOT, source)
    build_project(source, tmp_path / "inc" / "_build")
    _project_edits(source)
    incremental = build_project(source, tmp_path / "inc" / "_build", fresh=False)
    fresh_source = tmp_path / "fresh" / "site"
    shutil.copytree(ROOT, fresh_source)
    _project_edits(fresh_source)
    fresh = build_project(fresh_source, tmp_path / "fresh" / "_build")
    assert incremental.warnings.replace(str(source), "SRC") == fresh.warnings.replace(
        str(fresh_source), "SRC"
    )
    for name in ("index", "projects/engine", "projects/loom", "software/loom"):
        assert str(incremental.page(name)) == str(fresh.page(name)), name
    cards = incremental.page("index").select(".bibfolio-project-summary")
    assert cards[0].get_text() == "The engine, rebuilt."
    loom = [li["id"] for li in incremental.page("projects/loom").select("li.bibfolio-entry")]
    assert loom == ["pub-loomnotes", "pub-cards2022", "pub-notes1843"]


def test_a_german_portfolio_has_its_projects_words_in_german(tmp_path: Path) -> None:
    # The card's and page's own words come from bibfolio's catalog (locale/de), as every
    # other word bibfolio writes; titles, summaries and tags are the project's own.
    shutil.copytree(ROOT, tmp_path / "site")
    built = build_project(tmp_path / "site", tmp_path / "_build", overrides={"language": "de"})
    cards = built.page("index").select("div.bibfolio-project-card")
    links = [a.get_text() for a in cards[1].select(".bibfolio-project-links a")]
    assert links == ["Code", "Daten", "Demo"]
    assert cards[0].select_one(".bibfolio-project-years").get_text() == "seit 2022"
    buttons = built.page("index").select("p.bibfolio-project-filter button")
    assert buttons[0].get_text() == "Alle Projekte"
    headings = [h.get_text() for h in built.page("projects/loom").select("h2")]
    assert [h.rstrip("#¶") for h in headings] == ["Veröffentlichungen"]


def test_a_phone_jpeg_is_a_card_image_and_a_tiff_is_not(tmp_path: Path) -> None:
    """A phone's JPEG (its size 68 KB in, after EXIF and ICC) is sized; a TIFF warns."""
    shutil.copytree(ROOT, tmp_path / "site")
    (tmp_path / "site/images/phone.jpg").write_bytes(phone_jpeg(640, 480))
    (tmp_path / "site/images/scan.tif").write_bytes(b"II*\x00" + b"\x00" * 60)
    for page, image in (("projects/loom.md", "phone.jpg"), ("projects/engine.md", "scan.tif")):
        path = tmp_path / "site" / page
        path.write_text(re.sub(r"images/\w+\.png", f"images/{image}", path.read_text()))
    found = read_projects(tmp_path / "site", ["projects"])
    assert found.sizes == {"images/phone.jpg": (640, 480)}
    assert [(Path(p.path).name, p.line, p.message) for p in found.problems] == [
        ("engine.md", 6, "code: 'ftp://example.org/engine' is not a web address (http/https); "
         "no link"),
        ("engine.md", 3, "image 'images/scan.tif' is not a PNG, JPEG, GIF or WebP file; the "
         "card has no image"),
    ]  # fmt: skip
