"""Lighter pages: deferred scripts, search scripts only on the search page, basic.css
preloaded (the browser side, that search works and no icon font loads, is in
tests/browser/test_pages.py)."""

from __future__ import annotations

import shutil

import pytest

SEARCH_SCRIPTS = ("searchtools.js", "language_data.js", "searchindex.js")


def scripts(soup) -> dict[str, bool]:
    """Script file name → whether it is deferred, for the scripts in <head>."""
    return {
        tag["src"].split("?")[0].rsplit("/", 1)[-1]: tag.has_attr("defer")
        for tag in soup.head.find_all("script", src=True)
    }


@pytest.mark.parametrize("name", ["index", "publications", "publications/liang2023ditto"])
def test_pages_defer_scripts_and_leave_out_search(built_docs, name):
    found = scripts(built_docs.page(name))
    assert not set(SEARCH_SCRIPTS) & set(found)
    for script in (
        "documentation_options.js",
        "doctools.js",
        "sphinx_highlight.js",
        "clipboard.min.js",
        "copybutton.js",
        "bibfolio.js",
    ):
        assert found[script] is True, script
    preload = built_docs.page(name).head.find("link", rel="preload", attrs={"as": "style"})
    assert preload["href"].endswith("_static/basic.css")


def test_search_page_keeps_its_scripts_in_order(built_docs):
    found = scripts(built_docs.page("search"))
    assert "searchtools.js" in found
    # searchtools.js runs at once and needs these two before it.
    assert found["documentation_options.js"] is False
    assert found["doctools.js"] is False


def test_search_as_you_type_keeps_the_search_scripts(build_root):
    built = build_root(
        "cite-links",
        overrides={
            "html_theme": "pydata_sphinx_theme",
            "html_theme_options": {"search_as_you_type": True},
        },
    )
    found = scripts(built.page("index"))
    assert set(SEARCH_SCRIPTS) <= set(found)
    assert found["doctools.js"] is False


def test_a_project_layout_takes_precedence(build_root, rootdir, tmp_path):
    source = tmp_path / "cite-links"
    shutil.copytree(rootdir / "test-cite-links", source)
    (source / "_templates").mkdir()
    (source / "_templates" / "layout.html").write_text('{% extends "!layout.html" %}\n')
    built = build_root(
        "cite-links",
        overrides={"html_theme": "pydata_sphinx_theme", "templates_path": ["_templates"]},
    )
    assert "searchtools.js" in scripts(built.page("index"))


def test_other_themes_build_cleanly(build_root):
    built = build_root("cite-links", overrides={"html_theme": "alabaster"})
    found = scripts(built.page("index"))
    assert found["doctools.js"] is True
    assert built.warnings == ""
