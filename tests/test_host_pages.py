"""A good citizen: adding bibfolio to a project leaves the project's own pages as they were.

Only pages that show a bibfolio element get its CSS and JavaScript; the portfolio
page-weight tweaks (deferred scripts, no search index outside search.html, icon CSS)
wait for ``bibfolio_light_pages``; sphinx-copybutton is the project's choice.
"""

from __future__ import annotations

import shutil
from typing import TYPE_CHECKING

import pytest

from .helpers import build_project

if TYPE_CHECKING:
    from pathlib import Path

    from .helpers import Built

#: The host root uses stock sphinxcontrib-bibtex only: ``{bibliography}`` and ``{cite}``.
HOST_EXTENSIONS = ["sphinxcontrib.bibtex"]


def html_pages(built: Built) -> dict[str, bytes]:
    """Every HTML page of a build (outside ``_static``), by path, as written."""
    return {
        path.relative_to(built.outdir).as_posix(): path.read_bytes()
        for path in built.outdir.rglob("*.html")
        if "_static" not in path.parts
    }


def build_host(tmp_path: Path, rootdir: Path, name: str, **overrides: object) -> Built:
    source = tmp_path / "host"
    if not source.exists():
        shutil.copytree(rootdir / "test-host", source)
    return build_project(source, tmp_path / name, overrides=overrides)


@pytest.mark.parametrize("theme", ["alabaster", "pydata_sphinx_theme", "furo"])
def test_adding_bibfolio_changes_no_page_of_a_host_project(tmp_path, rootdir, theme):
    plain = build_host(tmp_path, rootdir, "plain", html_theme=theme)
    with_bibfolio = build_host(
        tmp_path,
        rootdir,
        "with-bibfolio",
        html_theme=theme,
        extensions=[*HOST_EXTENSIONS, "bibfolio"],  # no owner, no {publications}
    )
    assert plain.warnings == ""
    assert with_bibfolio.warnings == ""  # the project builds with -W as before
    before, after = html_pages(plain), html_pages(with_bibfolio)
    assert {"index.html", "references.html", "search.html", "genindex.html"} <= set(before)
    changed = [name for name in before if after.get(name) != before[name]]
    assert changed == []
    # New pages, if any, are paper pages in their own folder (bibfolio_paper_dir).
    added = set(after) - set(before)
    assert all(name.startswith("publications/") for name in added), added
    # The stock bibliography is on the page, rendered as sphinxcontrib-bibtex renders it.
    assert b"On the analytical engine" in after["references.html"]


def test_only_pages_that_show_bibfolio_load_its_css_and_js(build_root):
    built = build_root("cite-links", overrides={"html_theme": "pydata_sphinx_theme"})
    assert built.warnings == ""

    def assets(name: str) -> set[str]:
        head = built.page(name).head
        links = [tag["href"] for tag in head.find_all("link", rel="stylesheet")]
        scripts = [tag["src"] for tag in head.find_all("script", src=True)]
        return {src.split("?")[0].rsplit("/", 1)[-1] for src in links + scripts}

    bibfolio_assets = {"bibfolio.css", "bibfolio.js"}
    for shows_a_list in ("index", "pubs"):
        assert bibfolio_assets <= assets(shows_a_list), shows_a_list
    # A page that only cites entries, and the theme's own pages, stay as the theme made them.
    for host_page in ("honors", "search", "genindex"):
        assert not bibfolio_assets & assets(host_page), host_page
    script = built.page("pubs").head.find("script", src=lambda src: "bibfolio.js" in (src or ""))
    assert script.has_attr("defer")
    # Without bibfolio_light_pages nothing else is touched.
    every_asset = assets("index") | assets("pubs")
    assert "bibfolio-icons.css" not in every_asset
    assert not any("copybutton" in name for name in every_asset)
    assert "searchindex.js" in assets("honors")  # pydata's search-as-you-type needs it
    sphinx_scripts = ("documentation_options.js", "doctools.js", "sphinx_highlight.js")
    scripts = built.page("honors").head.find_all("script", src=True)
    deferred = [tag["src"] for tag in scripts if tag.has_attr("defer")]
    assert len([tag for tag in scripts if tag["src"].split("?")[0].endswith(sphinx_scripts)]) == 3
    assert not [src for src in deferred if src.split("?")[0].endswith(sphinx_scripts)]
