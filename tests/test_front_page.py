"""A lab's front page: highlight rows, the newest group papers, the people preview."""

from __future__ import annotations

import shutil
from typing import TYPE_CHECKING

import pytest

from .helpers import REPO, build_project

if TYPE_CHECKING:
    from .helpers import Built

ROOT = REPO / "tests" / "roots" / "test-group-front"


@pytest.fixture(scope="module")
def front(tmp_path_factory: pytest.TempPathFactory) -> Built:
    base = tmp_path_factory.mktemp("front")
    shutil.copytree(ROOT, base / "lab")
    return build_project(base / "lab", base / "_build")


def test_bad_images_and_roles_warn_at_the_directive_and_the_rest_builds(front: Built) -> None:
    source = front.srcdir / "index.md"
    assert front.warnings.splitlines() == [
        f"{source}:12: WARNING: {{highlight-row}}: image '../outside.png' is not a file "
        "inside the project; shown without it [bibfolio.front_page]",
        f"{source}:19: WARNING: {{highlight-row}}: image 'images/missing.png' does not "
        "exist; shown without it [bibfolio.front_page]",
        f"{source}:33: WARNING: {{people-preview}}: no role 'janitor' in "
        "bibfolio_group_roles [bibfolio.front_page]",
    ]


def test_highlight_rows_image_heading_text_and_link_onward(front: Built) -> None:
    rows = front.page("index").select("div.bibfolio-highlight")
    assert [row.select_one(".bibfolio-highlight-heading").get_text() for row in rows] == [
        "Research",
        "Elsewhere",
        "Nowhere",
    ]
    image = rows[0].select_one("img.bibfolio-highlight-image")
    assert image["alt"] == "A whiteboard full of graphs"
    # Copied into the output by Sphinx, as any page image.
    assert (front.outdir / image["src"]).read_bytes() == (ROOT / "images" / "row.png").read_bytes()
    # The heading is a bold line; the text is parsed markup.
    assert [bold.get_text() for bold in rows[0].select("strong")] == ["Research", "graphs"]
    onward = rows[0].select_one("p.bibfolio-onward a")
    assert (onward.get_text(), onward["href"]) == ("Read our papers", "publications.html")
    # The bad images are left out; their rows keep heading, text and link.
    assert [row.select("img") for row in rows[1:]] == [[], []]
    assert rows[1].select_one("p.bibfolio-onward a")["href"] == "https://example.org/tools"
    assert "A row whose image is missing." in rows[2].get_text()
    # The group's stylesheet is linked where the rows are.
    assert front.page("index").select_one('link[href*="bibfolio-group.css"]') is not None


def test_newest_group_papers_without_counts_or_filter(front: Built) -> None:
    page = front.page("index")
    ids = [li["id"] for li in page.select("li.bibfolio-entry")]
    assert ids == ["pub-quillfeather2024graphs", "pub-halvorsund2024dense"]
    assert page.select(".bibfolio-group-counts, [data-bibfolio-member-filter]") == []
    # The full list still has them (and {cite} links land there, not on the excerpt).
    assert page.select("li.bibfolio-entry strong.bibfolio-owner")
    full = front.page("publications")
    assert full.select_one(".bibfolio-group-counts") is not None


def test_people_preview_current_members_of_the_roles_in_role_order(front: Built) -> None:
    page = front.page("index")
    preview = page.select_one("div.bibfolio-people-preview")
    names = [a.get_text() for a in preview.select(".bibfolio-person-name")]
    # pi first, then phd (Pell Arkwright, an alumnus, is not shown); no masters.
    assert names == ["Ada Quillfeather", "Mira Okonwyn-Stead"]
    links = [a["href"] for a in preview.select(".bibfolio-person-name a")]
    assert links == ["people/quillfeather.html", "people/okonwyn-stead.html"]
    assert preview.select_one("img")["alt"] == "Ada Quillfeather at a whiteboard"
    onward = page.select("p.bibfolio-onward a")[-1]
    assert (onward.get_text(), onward["href"]) == ("Meet the whole group", "people.html")


@pytest.mark.parametrize("builder", ["text", "latex"])
def test_text_and_latex_builders_write_the_front_page(
    builder: str, tmp_path_factory: pytest.TempPathFactory
) -> None:
    base = tmp_path_factory.mktemp(f"front-{builder}")
    shutil.copytree(ROOT, base / "lab")
    built = build_project(base / "lab", base / "_build", builder)
    assert "Traceback" not in built.warnings
    assert len(built.warnings.splitlines()) == 3  # the three bad inputs, nothing more
    if builder == "text":
        text = (built.outdir / "index.txt").read_text(encoding="utf-8")
    else:
        text = next(built.outdir.glob("*.tex")).read_text(encoding="utf-8")
        assert "{row}.png" in text and (built.outdir / "row.png").is_file()
    for words in ("Research", "We study", "Read our papers", "Imaginary Graphs at Scale",
                  "Ada Quillfeather", "Meet the whole group"):  # fmt: skip
        assert words in text, words


_ROWS_PAGE = """---
orphan: true
---
# About

```{highlight-row} Our work
Engines that compute.
```
"""


def test_highlight_rows_are_styled_on_a_site_without_a_group(tmp_path) -> None:
    # A researcher's own site may open with rows too: the stylesheet ships for them.
    source = tmp_path / "site"
    shutil.copytree(REPO / "tests" / "roots" / "test-links", source)
    (source / "about.md").write_text(_ROWS_PAGE)
    built = build_project(source, tmp_path / "_build")
    linked = 'link[href*="bibfolio-group.css"]'
    assert built.page("about").select_one(linked) is not None
    assert (built.outdir / "_static" / "bibfolio-group.css").is_file()
    # The member filter's script is a group site's; other pages link neither.
    assert not (built.outdir / "_static" / "bibfolio-group.js").exists()
    assert built.page("index").select_one(linked) is None
    assert built.page("publications/standard").select_one(linked) is None
    # Rows taken out again, on an incremental build: nothing of them is left.
    (source / "about.md").write_text(_ROWS_PAGE.split("```", maxsplit=1)[0])
    again = build_project(source, tmp_path / "_build", fresh=False)
    assert again.page("about").select_one(linked) is None
    assert not (again.outdir / "_static" / "bibfolio-group.css").exists()
