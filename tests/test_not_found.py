"""A portfolio's 404.html: the hosts serve it at any depth, so its URLs start with the base path.

Read the Docs and GitHub Pages answer every missing path with ``404.html`` (their docs:
"404 Not Found pages"; GitHub's "Creating a custom 404 page").  The portfolios are built
here with each host's own command and environment (tests/hosting.py); the browser test
(tests/browser/test_not_found.py) then opens the page at several depths.
"""

from __future__ import annotations

import json
import re
import shutil
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

import pytest
from bs4 import BeautifulSoup

from bibfolio.portfolio.notfound import url_prefix
from bibfolio.scaffold import new_portfolio

from .helpers import build_project, copy_portfolio
from .hosting import GITHUB_PAGES, READ_THE_DOCS, build_as_host

if TYPE_CHECKING:
    from pathlib import Path

    from .hosting import Host

#: Each portfolio and where its home and publications links lead.
PORTFOLIOS = {
    "mingyu-liang": ("index.html", "publications.html"),
    "liang-luo": ("index.html", "index.html"),  # the home page is the list
}
HOSTS = {"readthedocs": READ_THE_DOCS, "github-pages": GITHUB_PAGES}


@pytest.fixture(scope="module")
def hosted(tmp_path_factory: pytest.TempPathFactory):
    """``(portfolio, host) → output folder``, each built once by the host's command."""
    built: dict[tuple[str, str], Path] = {}

    def build(portfolio: str, host: Host) -> Path:
        if (portfolio, host.name) not in built:
            base = tmp_path_factory.mktemp(f"{portfolio.replace('/', '-')}-{host.name}")
            source = copy_portfolio(portfolio, base)
            out = base / "html"
            result = build_as_host(source, out, host)
            assert result.returncode == 0, result.stderr
            assert "WARNING" not in result.stderr
            built[portfolio, host.name] = out
        return built[portfolio, host.name]

    return build


def own_urls(soup: BeautifulSoup) -> list[str]:
    """Every URL of the page that points into the site (not elsewhere, not in-page)."""
    urls = [
        tag.get(attribute)
        for tag in soup.find_all(True)
        for attribute in ("href", "src", "action")
        if tag.get(attribute)
    ]
    return [
        url
        for url in urls
        if not url.startswith(("#", "mailto:", "data:")) and not urlsplit(url).netloc
    ]


def test_the_base_path_comes_from_the_sites_address():
    assert url_prefix("https://priya-raman.readthedocs.io/en/latest/") == "/en/latest/"
    assert url_prefix("https://example--17.org.readthedocs.build/fr/17/") == "/fr/17/"
    assert url_prefix("https://priya.github.io/portfolio/") == "/portfolio/"
    assert url_prefix("https://priya.github.io/portfolio") == "/portfolio/"
    assert url_prefix("https://www.example.org/") == "/"  # custom domain, single version
    assert url_prefix("https://www.example.org") == "/"
    assert url_prefix("") == "/"  # a local build: the output folder served at its root
    assert url_prefix("portfolio/") == "/"  # no path that starts at the host's root


@pytest.mark.portfolio
@pytest.mark.parametrize("host", HOSTS)
@pytest.mark.parametrize("portfolio", PORTFOLIOS)
def test_the_404_page_links_everything_from_the_base_path(hosted, portfolio, host):
    host = HOSTS[host]
    out = hosted(portfolio, host)
    soup = BeautifulSoup((out / "404.html").read_text(encoding="utf-8"), "html.parser")
    # The portfolio's page: its title, its header, the way home and to the publications.
    assert soup.title.get_text().startswith("Page not found")
    assert soup.select_one(".bd-header .navbar-brand") is not None
    assert soup.select_one("article h1").get_text() == "Page not found"
    home, publications = PORTFOLIOS[portfolio]
    links = [a["href"] for a in soup.select("article a[href]")]
    assert links[0] == host.prefix + home
    assert host.prefix + publications in links
    # Every URL into the site starts with the base path and names a file of the build.
    urls = own_urls(soup)
    assert len(urls) > 10, urls  # stylesheets, scripts, favicon, header links
    assert [url for url in urls if not url.startswith(host.prefix)] == []
    for url in urls:
        path = urlsplit(url).path.removeprefix(host.prefix)
        assert (out / path).is_file(), url
    assert soup.html["data-content_root"] == host.prefix
    # Not for search engines.
    assert soup.find("meta", attrs={"name": "robots"})["content"] == "noindex"
    assert soup.find("link", rel="canonical") is None
    assert soup.find("meta", property="og:url") is None


@pytest.mark.portfolio
@pytest.mark.parametrize("portfolio", PORTFOLIOS)
def test_the_404_page_is_in_no_sitemap_or_search_index(hosted, portfolio):
    out = hosted(portfolio, READ_THE_DOCS)
    sitemap = (out / "sitemap.xml").read_text(encoding="utf-8")
    assert f"<loc>{READ_THE_DOCS.canonical}index.html</loc>" in sitemap
    assert "404" not in sitemap
    index = (out / "searchindex.js").read_text(encoding="utf-8")
    docnames = json.loads(re.search(r"Search\.setIndex\((.*)\)", index, re.S)[1])["docnames"]
    assert "index" in docnames
    assert "404" not in docnames
    # The base path is the 404 page's alone: every other page links relatively.
    for page in out.rglob("*.html"):
        if page.name != "404.html":
            assert f'="{READ_THE_DOCS.prefix}' not in page.read_text(encoding="utf-8"), page


def test_a_new_portfolio_has_the_404_page(tmp_path):
    site = tmp_path / "docs"
    new_portfolio(site, "Priya Raman")

    def links() -> list[str]:
        result = build_as_host(site, tmp_path / "html", READ_THE_DOCS)
        assert result.returncode == 0, result.stderr
        soup = BeautifulSoup((tmp_path / "html" / "404.html").read_text("utf-8"), "html.parser")
        assert soup.find("meta", attrs={"name": "robots"})["content"] == "noindex"
        return [a["href"] for a in soup.select("article a")]

    # No entry yet: the publications page is left out as empty, and not linked here either.
    assert links() == ["/en/latest/index.html"]
    with (site / "refs.bib").open("a", encoding="utf-8") as bib:
        bib.write("@misc{raman2025, author = {Priya Raman}, title = {T}, year = 2025}\n")
    assert links() == ["/en/latest/index.html", "/en/latest/publications.html"]


def test_a_local_build_serves_the_404_page_from_the_root(build_root):
    built = build_root("profile")  # no html_baseurl, no READTHEDOCS_CANONICAL_URL
    assert built.warnings == ""
    soup = built.page("404")
    assert [a["href"] for a in soup.select("article a")] == ["/index.html", "/publications.html"]
    assert soup.find("link", rel="stylesheet")["href"].startswith("/_static/")
    # A page in a folder (a paper page) still links relatively.
    paper = (built.outdir / "publications" / "engine.html").read_text(encoding="utf-8")
    assert 'href="../index.html"' in paper


def test_html_baseurl_in_conf_py_gives_the_base_path(build_root):
    built = build_root("profile", overrides={"html_baseurl": "https://ada.example.org/site/"})
    assert built.warnings == ""
    assert built.page("404").select_one("article a")["href"] == "/site/index.html"


def test_the_projects_own_settings_and_404_page_win(build_root, rootdir, tmp_path):
    context = {"title": "Lost", "body": '<h1>Lost</h1><p><a href="/mirror/">Home</a></p>'}
    built = build_root(
        "profile", overrides={"notfound_urls_prefix": "/mirror/", "notfound_context": context}
    )
    soup = built.page("404")
    assert soup.title.get_text() == "Lost — Ada Lovelace"
    assert str(soup.select_one("article h1")) == "<h1>Lost</h1>"  # the message replaced
    assert "Page not found" not in str(soup)
    assert soup.select_one(".navbar-brand")["href"] == "/mirror/index.html"

    source = tmp_path / "own-page"
    shutil.copytree(rootdir / "test-profile", source)
    (source / "404.md").write_text(
        "# Lost in the Engine\n\nTry the [publications](publications.md).\n", encoding="utf-8"
    )
    own = build_project(source, tmp_path / "own-build")
    assert own.warnings == ""  # not in a toctree, and no warning for it
    soup = own.page("404")
    assert soup.select_one("article h1").get_text(strip=True).startswith("Lost in the Engine")
    assert soup.select_one("article p a")["href"] == "/publications.html"
    assert soup.find("meta", attrs={"name": "robots"})["content"] == "noindex"


def test_a_project_that_is_no_portfolio_gets_no_404_page(build_root):
    built = build_root("profile", overrides={"bibfolio_portfolio": False})
    assert not (built.outdir / "404.html").exists()


def test_dirhtml_writes_the_404_page_in_its_folder_with_working_links(build_root):
    # Read the Docs looks for 404/index.html too; dirhtml's home page has the empty URI.
    built = build_root("profile", "dirhtml", environ=READ_THE_DOCS.environ)
    assert built.warnings == ""
    soup = BeautifulSoup((built.outdir / "404" / "index.html").read_text("utf-8"), "html.parser")
    assert soup.select_one(".navbar-brand")["href"] == "/en/latest/"
    assert [a["href"] for a in soup.select("article a")] == [
        "/en/latest/",
        "/en/latest/publications/",
    ]
    assert "404" not in (built.outdir / "sitemap.xml").read_text(encoding="utf-8")
