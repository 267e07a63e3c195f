"""One page per paper: generated, switchable, and safe with hostile titles."""

from __future__ import annotations

import json
import os
import shutil
from urllib.parse import unquote, urlsplit

import pytest
from bs4 import BeautifulSoup

from .helpers import build_project, copy_portfolio, page


@pytest.mark.sphinx(
    "html",
    testroot="links",
    freshenv=True,
    confoverrides={"html_baseurl": "https://example.org/site/"},
)
def test_local_pdf_is_the_citation_pdf_url_next_to_the_page(app):
    app.build()
    soup = page(app, "publications/local")
    pdf = soup.find("meta", attrs={"name": "citation_pdf_url"})["content"]
    assert pdf == "https://example.org/site/publications/local.pdf"
    assert soup.find("meta", attrs={"name": "citation_abstract_html_url"})["content"] == (
        "https://example.org/site/publications/local.html"
    )


@pytest.mark.sphinx("html", testroot="alfolio", freshenv=True)
def test_abstract_on_the_page_and_in_the_metadata(app):
    app.build()
    soup = page(app, "publications/physrev.47.777")
    abstract = "In a complete theory there is an element corresponding to each element of reality."
    assert soup.select_one("section#abstract p").get_text() == abstract
    (data,) = [json.loads(s.string) for s in soup.find_all("script", type="application/ld+json")]
    assert data["abstract"] == abstract
    assert soup.find("meta", attrs={"name": "citation_abstract"})["content"] == abstract


def test_paper_pages_can_be_switched_off(build_root):
    first = build_root("links")
    assert (first.outdir / "publications" / "every.html").is_file()
    # Switching them off later removes the pages (incremental build).
    built = build_root("links", overrides={"bibfolio_paper_pages": False}, fresh=False)
    assert built.warnings == ""
    # The pages are gone; the local PDF stays, because the list still links it.
    assert sorted(p.name for p in (built.outdir / "publications").iterdir()) == ["local.pdf"]
    title = built.page("index").find("li", id="pub-every").select_one(".bibfolio-title")
    assert title.name == "strong"  # no link to a page that does not exist


@pytest.mark.sphinx("html", testroot="hostile", freshenv=True)
def test_script_in_a_title_never_breaks_out_of_json_ld(app):
    app.build()
    soup = page(app, "publications/script")
    scripts = soup.find_all("script", type="application/ld+json")
    assert len(scripts) == 1
    data = json.loads(scripts[0].string)
    title = 'Breaking out </script><script>alert("title")</script> of "JSON" & <b>HTML</b>'
    assert data["name"] == title
    assert "</script>" not in scripts[0].string
    assert soup.find("meta", attrs={"name": "citation_title"})["content"] == title
    assert soup.find("h1").get_text().startswith(title)
    # The only scripts are the theme's files and the one JSON-LD block.
    inline = [s for s in soup.find_all("script") if not s.get("src")]
    assert all("alert" not in (s.string or "") or s is scripts[0] for s in inline)


def source_state(folder) -> dict[str, tuple[int, bytes]]:
    """Every file under *folder* but the build output: mtime and content."""
    return {
        str(path.relative_to(folder)): (path.stat().st_mtime_ns, path.read_bytes())
        for path in sorted(folder.rglob("*"))
        if path.is_file() and "_build" not in path.relative_to(folder).parts
    }


def test_a_build_writes_nothing_into_the_source_folder(tmp_path, rootdir):
    source = tmp_path / "site"
    shutil.copytree(rootdir / "test-links", source)
    before = source_state(source)
    built = build_project(source, source / "_build")
    assert built.warnings == ""
    assert (built.outdir / "publications" / "every.html").is_file()
    assert source_state(source) == before  # no stubs, no .gitignore, nothing changed
    assert not (source / "publications").exists()


def test_an_existing_publications_folder_is_never_shadowed_or_changed(tmp_path, rootdir):
    source = tmp_path / "site"
    shutil.copytree(rootdir / "test-paper-folder", source)
    before = source_state(source)
    built = build_project(source, tmp_path / "_build")
    bib = source / "refs.bib"
    assert built.warnings.splitlines() == [
        f"{bib}:1: WARNING: the paper page of 'engine' would replace the page "
        "publications/engine (publications/engine.md); it is written as "
        "publications/engine-2 instead [bibfolio.paper_pages]",
        f"{bib}:8: WARNING: the paper page of 'index' would replace the page "
        "publications/index (publications/index.md); it is written as "
        "publications/index-2 instead [bibfolio.paper_pages]",
    ]
    # The user's pages are theirs, the paper pages went next to them.
    assert (
        built.page("publications/index").find("h1").get_text().startswith("My publications folder")
    )
    assert (
        built.page("publications/engine")
        .find("h1")
        .get_text()
        .startswith("The engine, in my own words")
    )
    assert (
        built.page("publications/engine-2")
        .find("h1")
        .get_text()
        .startswith("Sketch of the Analytical Engine")
    )
    assert built.page("publications/index-2").find("h1").get_text().startswith("An Index of Notes")
    titles = {
        li["id"]: li.select_one("a.bibfolio-title")["href"]
        for li in built.page("index").select("li.bibfolio-entry")
    }
    assert titles == {
        "pub-engine": "publications/engine-2.html",
        "pub-index": "publications/index-2.html",
        "pub-notes": "publications/notes.html",
    }
    # Nothing in the folder changed: same files, same contents, same mtimes.
    assert source_state(source) == before


def test_stubs_of_earlier_versions_are_removed_and_nothing_else(tmp_path, rootdir):
    source = tmp_path / "site"
    shutil.copytree(rootdir / "test-links", source)
    folder = source / "publications"
    folder.mkdir()
    (folder / "every.bibfolio").write_text("every\n")
    (folder / "local.bibfolio").write_text("local\n")
    (folder / ".gitignore").write_text("# Generated by bibfolio: one stub per paper page.\n*\n")
    (folder / "ideas.bibfolio").write_text("my own notes, not a stub\n")
    (folder / "standard-2.bibfolio").write_text("not-a-key\n")
    built = build_project(source, source / "_build")
    assert built.warnings == ""
    assert sorted(p.name for p in folder.iterdir()) == ["ideas.bibfolio", "standard-2.bibfolio"]
    assert (folder / "ideas.bibfolio").read_text() == "my own notes, not a stub\n"
    # Only stubs were there: the folder bibfolio made goes too.
    for name in ("ideas.bibfolio", "standard-2.bibfolio"):
        (folder / name).unlink()
    (folder / "every.bibfolio").write_text("every\n")
    build_project(source, source / "_build")
    assert not folder.exists()


def test_a_users_gitignore_stays(tmp_path, rootdir):
    source = tmp_path / "site"
    shutil.copytree(rootdir / "test-links", source)
    folder = source / "publications"
    folder.mkdir()
    (folder / "every.bibfolio").write_text("every\n")
    (folder / ".gitignore").write_text("*\n")  # not the file bibfolio wrote
    build_project(source, source / "_build")
    assert [p.name for p in folder.iterdir()] == [".gitignore"]


def test_only_the_edited_entrys_page_is_written_again(build_root):
    first = build_root("links")
    pages = sorted((first.outdir / "publications").glob("*.html"))
    assert [p.name for p in pages] == ["every.html", "local.html", "standard.html"]
    long_ago = 1_000_000_000
    for path in pages:
        os.utime(path, ns=(long_ago, long_ago))
    build_root("links", fresh=False)  # nothing changed: no page is written
    assert [p.stat().st_mtime_ns for p in pages] == [long_ago] * 3
    bib = first.srcdir / "refs.bib"
    bib.write_text(bib.read_text().replace("Standard Fields", "Standard Fields, Edited"))
    later = bib.stat().st_mtime_ns + 10**10
    os.utime(bib, ns=(later, later))
    built = build_root("links", fresh=False)
    assert built.warnings == ""
    rewritten = [p.name for p in pages if p.stat().st_mtime_ns != long_ago]
    assert rewritten == ["standard.html"]
    assert (
        built.page("publications/standard")
        .find("h1")
        .get_text()
        .startswith("Standard Fields, Edited")
    )
    # A page whose file went missing is written again; the others stay as they are.
    (built.outdir / "publications" / "every.html").unlink()
    build_root("links", fresh=False)
    assert (built.outdir / "publications" / "every.html").is_file()
    assert (built.outdir / "publications" / "local.html").stat().st_mtime_ns == long_ago


def test_dirhtml_paper_pages_and_their_links(build_root):
    built = build_root("links", "dirhtml")
    assert built.warnings == ""
    home = BeautifulSoup((built.outdir / "index.html").read_text(), "html.parser")
    title = home.find("li", id="pub-local").select_one("a.bibfolio-title")
    assert title["href"] == "publications/local/"
    paper = BeautifulSoup(
        (built.outdir / "publications" / "local" / "index.html").read_text(), "html.parser"
    )
    assert paper.find("h1").get_text().startswith("A Local PDF")
    pdf = paper.select_one("a.bibfolio-link-pdf")["href"]
    assert pdf == "../local.pdf"
    assert (built.outdir / "publications" / "local.pdf").is_file()
    assert paper.select_one(".bibfolio-back a")["href"] == "../../#pub-local"


def dead_internal_links(outdir, name: str) -> list[str]:
    """Links from *name* to a file or an anchor that is not in *outdir*."""
    soups: dict[str, BeautifulSoup] = {}

    def ids(path) -> set[str]:
        if path not in soups:
            soups[path] = BeautifulSoup(path.read_text(encoding="utf-8"), "html.parser")
        return {tag["id"] for tag in soups[path].find_all(id=True)}

    here = outdir / name
    dead = []
    for link in BeautifulSoup(here.read_text(encoding="utf-8"), "html.parser").select(
        "article a[href]"
    ):
        parts = urlsplit(link["href"])
        if parts.scheme or parts.netloc:
            continue
        target = (here.parent / unquote(parts.path)).resolve() if parts.path else here
        if target.is_dir():
            target = target / "index.html"
        missing_anchor = (
            target.is_file()
            and parts.fragment
            and target.suffix == ".html"
            and parts.fragment not in ids(target)
        )
        if not target.is_file() or missing_anchor:
            dead.append(link["href"])
    return dead


@pytest.mark.portfolio
@pytest.mark.parametrize("name", ["mingyu-liang", "liang-luo"])
def test_singlehtml_has_no_dead_internal_links(tmp_path, name):
    source = copy_portfolio(name, tmp_path / "src")
    built = build_project(source, tmp_path / "out", "singlehtml")
    assert not (built.outdir / "publications").exists()  # no paper pages in one page
    home = BeautifulSoup((built.outdir / "index.html").read_text(), "html.parser")
    titles = home.select(".bibfolio-title")
    assert titles
    assert all(title.name == "strong" for title in titles)
    assert dead_internal_links(built.outdir, "index.html") == []


def test_a_project_template_gives_paper_pages_the_themes_full_page(tmp_path, rootdir):
    source = tmp_path / "site"
    shutil.copytree(rootdir / "test-links", source)
    (source / "_templates").mkdir()
    (source / "_templates" / "bibfolio-paper.html").write_text('{% extends "page.html" %}\n')
    built = build_project(
        source,
        tmp_path / "_build",
        overrides={"templates_path": ["_templates"], "html_theme": "alabaster"},
    )
    assert built.warnings == ""
    paper = built.page("publications/standard")
    # alabaster's page around the paper, with its sidebar, and still the paper's metadata.
    assert paper.select_one("div.documentwrapper h1").get_text().startswith("Standard Fields")
    assert paper.select_one("div.sphinxsidebar")
    assert paper.find("meta", attrs={"name": "citation_title"})["content"] == "Standard Fields"
    # Without the project's template: the lean page.
    lean = build_project(source, tmp_path / "_lean", overrides={"html_theme": "alabaster"})
    assert not lean.page("publications/standard").select_one("div.documentwrapper")


def site_with_pages(tmp_path, rootdir):
    """test-links with two top-level pages in a hidden toctree, one titled by the toctree."""
    source = tmp_path / "site"
    shutil.copytree(rootdir / "test-links", source)
    index = source / "index.md"
    index.write_text(
        index.read_text() + "\n```{toctree}\n:hidden:\n\nteaching\nMy talks <talks>\n```\n"
    )
    (source / "teaching.md").write_text("# Teaching\n\nCourses.\n")
    (source / "talks.md").write_text("# Talks\n\nTalks.\n")
    return source


def header_links(paper: BeautifulSoup) -> list[tuple[str, str]]:
    nav = paper.select_one("header.bibfolio-site-header nav[aria-label=Site]")
    return [(a.get_text(), a["href"]) for a in nav.find_all("a")]


def test_paper_page_header_links_home_and_the_top_level_pages(tmp_path, rootdir):
    source = site_with_pages(tmp_path, rootdir)
    title = {"html_title": "Ada Lovelace", "html_theme": "alabaster"}
    built = build_project(source, tmp_path / "_build", overrides=title)
    assert built.warnings == ""
    paper = built.page("publications/standard")
    home = paper.select_one("header a.bibfolio-paper-home")
    assert (home.get_text(), home["href"]) == ("Ada Lovelace", "../index.html")
    assert header_links(paper) == [("Teaching", "../teaching.html"), ("My talks", "../talks.html")]
    # The list is on the home page, not under a header link: none is marked current.
    assert not paper.select("header [aria-current]")
    # The theme's stylesheets give the page the site's colours and fonts, each once.
    styles = [link["href"].split("?")[0] for link in paper.find_all("link", rel="stylesheet")]
    assert "../_static/alabaster.css" in styles
    assert len(styles) == len(set(styles))
    assert styles[-1] == "../_static/bibfolio.css"  # after them: it fills gaps
    # alabaster has no dark mode: no mode script, light only.
    assert paper.find("meta", attrs={"name": "color-scheme"})["content"] == "light"
    assert not [s for s in paper.find_all("script") if "localStorage" in (s.string or "")]
    assert paper.select_one("footer.bibfolio-site-footer a")["href"] == "../index.html"
    # dirhtml: the same links, one folder deeper.
    deeper = build_project(source, tmp_path / "_build", "dirhtml", overrides=title)
    paper = BeautifulSoup(
        (deeper.outdir / "publications" / "standard" / "index.html").read_text(), "html.parser"
    )
    assert header_links(paper) == [("Teaching", "../../teaching/"), ("My talks", "../../talks/")]


def test_pydata_paper_pages_follow_the_visitors_light_or_dark_choice(tmp_path, rootdir):
    source = site_with_pages(tmp_path, rootdir)
    built = build_project(
        source,
        tmp_path / "_build",
        overrides={"html_theme": "pydata_sphinx_theme", "html_context": {"default_mode": "dark"}},
    )
    paper = built.page("publications/standard")
    # The theme's own page (tests/test_paper_theme.py): its switch and its mode script,
    # the stored choice first, else the site's default mode.
    assert paper.select_one("header.bd-header button.theme-switch-button")
    (script,) = [s for s in paper.find_all("script") if "localStorage" in (s.string or "")]
    assert 'localStorage.getItem("mode") || "dark"' in script.string


def test_furo_paper_pages_follow_the_visitors_light_or_dark_choice(tmp_path, rootdir):
    source = site_with_pages(tmp_path, rootdir)
    built = build_project(source, tmp_path / "_build", overrides={"html_theme": "furo"})
    assert built.warnings == ""
    paper = built.page("publications/standard")
    assert paper.find("meta", attrs={"name": "color-scheme"})["content"] == "light dark"
    (script,) = [s for s in paper.find_all("script") if "localStorage" in (s.string or "")]
    # furo's key and element, first thing in the body: before anything is painted.
    assert 'document.body.dataset.theme = localStorage.getItem("theme") || "auto"' in script.string
    assert script.parent.name == "body"
    assert script.find_previous_sibling() is None


def test_renaming_a_top_level_page_writes_the_paper_pages_again(tmp_path, rootdir):
    source = site_with_pages(tmp_path, rootdir)
    built = build_project(source, tmp_path / "_build")
    page_file = built.outdir / "publications" / "standard.html"
    long_ago = 1_000_000_000
    os.utime(page_file, ns=(long_ago, long_ago))
    build_project(source, tmp_path / "_build", fresh=False)
    assert page_file.stat().st_mtime_ns == long_ago  # nothing changed, nothing written
    index = source / "index.md"
    index.write_text(index.read_text().replace("My talks <talks>", "Invited talks <talks>"))
    built = build_project(source, tmp_path / "_build", fresh=False)
    assert built.warnings == ""
    assert header_links(built.page("publications/standard"))[1] == (
        "Invited talks",
        "../talks.html",
    )
    (source / "teaching.md").write_text("# Courses taught\n\nCourses.\n")
    built = build_project(source, tmp_path / "_build", fresh=False)
    assert built.warnings == ""
    assert header_links(built.page("publications/standard")) == [
        ("Courses taught", "../teaching.html"),
        ("Invited talks", "../talks.html"),
    ]
