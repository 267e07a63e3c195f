"""Lighter pages (``bibfolio_light_pages``, on in both portfolios): deferred scripts,
search scripts only on the search page, basic.css preloaded, and nothing a theme adds is
lost (the browser side, that search works and no icon font loads, is in
tests/browser/test_pages.py; without the option, tests/test_host_pages.py)."""

from __future__ import annotations

import shutil

import pytest
from jinja2 import Environment

from .helpers import build_project

SEARCH_SCRIPTS = ("searchtools.js", "language_data.js", "searchindex.js")
LIGHT = {"bibfolio_light_pages": True}


def scripts(soup) -> dict[str, bool]:
    """Script file name → whether it is deferred, for the scripts in <head>."""
    return {
        tag["src"].split("?")[0].rsplit("/", 1)[-1]: tag.has_attr("defer")
        for tag in soup.head.find_all("script", src=True)
    }


@pytest.mark.parametrize("name", ["index", "publications", "publications/liang2023ditto"])
def test_pages_defer_scripts_and_leave_out_search(built_mingyu_liang, name):
    found = scripts(built_mingyu_liang.page(name))
    assert not set(SEARCH_SCRIPTS) & set(found)
    # pydata's inline DOCUMENTATION_OPTIONS.* lines run at once and need this file first.
    assert found["documentation_options.js"] is False
    inline = " ".join(
        tag.get_text() for tag in built_mingyu_liang.page(name).head.find_all("script")
    )
    assert "DOCUMENTATION_OPTIONS.pagename" in inline
    for script in (
        "doctools.js",
        "sphinx_highlight.js",
        "clipboard.min.js",
        "copybutton.js",
        "bibfolio.js",
    ):
        assert found[script] is True, script
    preload = built_mingyu_liang.page(name).head.find("link", rel="preload", attrs={"as": "style"})
    # A paper page is the theme's own page too (tests/test_paper_theme.py).
    assert preload["href"].endswith("_static/basic.css")


def test_search_page_keeps_its_scripts_in_order(built_mingyu_liang):
    found = scripts(built_mingyu_liang.page("search"))
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
            **LIGHT,
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
        overrides={
            "html_theme": "pydata_sphinx_theme",
            "templates_path": ["_templates"],
            **LIGHT,
        },
    )
    assert "searchtools.js" in scripts(built.page("index"))


def test_other_themes_build_cleanly(build_root):
    built = build_root("cite-links", overrides={"html_theme": "alabaster", **LIGHT})
    found = scripts(built.page("index"))
    assert found["doctools.js"] is True
    # No inline script reads DOCUMENTATION_OPTIONS in alabaster: its file waits too.
    assert found["documentation_options.js"] is True
    assert built.warnings == ""


#: What pydata-sphinx-theme writes into DOCUMENTATION_OPTIONS in ``html-page-context``.
THEME_OPTIONS = (
    "pagename",
    "theme_version",
    "theme_switcher_json_url",
    "theme_switcher_version_match",
    "show_version_warning_banner",
    "search_as_you_type",
)


def script_tags(soup) -> list[tuple[str, str]]:
    """Every ``<script>`` in <head>: (file name, inline body), in order, defer aside."""
    return [
        (tag.get("src", "").split("?")[0].rsplit("/", 1)[-1], tag.get_text().strip())
        for tag in soup.head.find_all("script")
    ]


def test_scripts_a_theme_adds_per_page_stay(rootdir, tmp_path):
    """pydata's search-as-you-type and version switcher: their page settings survive."""
    source = tmp_path / "cite-links"
    shutil.copytree(rootdir / "test-cite-links", source)
    (source / "_static").mkdir()
    (source / "_static" / "switcher.json").write_text(
        '[{"version": "1.0", "url": "https://example.org/1.0/"}]'
    )
    theme = {
        "html_theme": "pydata_sphinx_theme",
        "html_static_path": ["_static"],
        "html_theme_options": {
            "search_as_you_type": True,
            "switcher": {"json_url": "_static/switcher.json", "version_match": "1.0"},
            "check_switcher": False,
            "navbar_end": ["version-switcher", "theme-switcher"],
        },
    }
    light = build_project(source, tmp_path / "light", overrides={**theme, **LIGHT})
    assert light.warnings == ""
    for name in ("index", "honors", "pubs"):
        tags = script_tags(light.page(name))
        inline = "\n".join(body for _, body in tags)
        for option in THEME_OPTIONS:
            assert f"DOCUMENTATION_OPTIONS.{option} =" in inline, (name, option)
        assert "DOCUMENTATION_OPTIONS.search_as_you_type = true;" in inline
        assert "theme_switcher_version_match = '1.0'" in inline
    # The same scripts, in the same order, as without lighter pages; only defer differs.
    plain = build_project(source, tmp_path / "plain", overrides=theme)
    for name in ("index", "honors", "search"):
        assert script_tags(light.page(name)) == script_tags(plain.page(name)), name
    assert scripts(light.page("honors"))["sphinx_highlight.js"] is True
    assert scripts(plain.page("honors"))["sphinx_highlight.js"] is False


CODE_ASSETS = ("clipboard.min.js", "copybutton.js", "copybutton.css", "pygments.css")


def linked(soup) -> set[str]:
    """File names of the scripts and stylesheets the page's <head> links."""
    tags = soup.head.find_all("script", src=True) + soup.head.find_all("link", rel="stylesheet")
    return {(tag.get("src") or tag["href"]).split("?")[0].rsplit("/", 1)[-1] for tag in tags}


def test_a_page_without_code_loads_no_copy_button_or_pygments(built_mingyu_liang):
    teaching = built_mingyu_liang.page("teaching")
    assert not teaching.select(".highlight")
    assert not set(CODE_ASSETS) & linked(teaching)
    assert "bibfolio-icons.css" in linked(teaching)  # the other assets stay
    # Pages with BibTeX blocks keep them, and the next page gets its own list again.
    for name in ("publications", "publications/liang2023ditto"):
        page = built_mingyu_liang.page(name)
        assert page.select("div.highlight pre")
        assert set(CODE_ASSETS) <= linked(page), name


def test_a_rebuild_loads_the_compiled_templates_and_compiles_an_edited_one(
    rootdir, tmp_path, monkeypatch
):
    """Jinja's bytecode cache, kept with the doctrees: an unchanged template is not compiled
    again, pages come out the same, and an edited template is compiled again and shows."""
    source = tmp_path / "cite-links"
    shutil.copytree(rootdir / "test-cite-links", source)
    (source / "_templates").mkdir()
    layout = source / "_templates" / "layout.html"
    template = (
        '{% extends "!layout.html" %}{% block extrahead %}{{ super() }}'
        '<meta name="x-edition" content="EDITION">{% endblock %}\n'
    )
    layout.write_text(template.replace("EDITION", "one"))
    compiled: list[str] = []
    compile_template = Environment.compile

    def counting(self, source, name=None, *args, **kwargs):
        if name is not None:  # a template file's, not a string's (Environment.from_string)
            compiled.append(name)
        return compile_template(self, source, name, *args, **kwargs)

    monkeypatch.setattr(Environment, "compile", counting)
    overrides = {"html_theme": "pydata_sphinx_theme", "templates_path": ["_templates"]}
    pages = ("index", "pubs", "search", "genindex")

    first = build_project(source, tmp_path / "_build", overrides=overrides)
    assert "layout.html" in compiled
    written = {name: (first.outdir / f"{name}.html").read_bytes() for name in pages}
    compiled.clear()
    second = build_project(source, tmp_path / "_build", overrides=overrides)
    assert compiled == []
    assert {name: (second.outdir / f"{name}.html").read_bytes() for name in pages} == written

    layout.write_text(template.replace("EDITION", "two"))
    compiled.clear()
    third = build_project(source, tmp_path / "_build", overrides=overrides)
    assert compiled == ["layout.html"]
    assert third.page("index").find("meta", attrs={"name": "x-edition"})["content"] == "two"
