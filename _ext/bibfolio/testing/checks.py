"""The checks that hold for any owner's bibfolio site (collected by a site's tests).

``from bibfolio.testing.checks import *`` in a test module collects them; they use the
fixtures of :mod:`bibfolio.testing`.  Each says what failed in the owner's terms: which
entry, which page, which link.
"""

from __future__ import annotations

import html
import pickle
import re
from typing import TYPE_CHECKING, Any
from urllib.parse import unquote, urlsplit

from sphinx.config import eval_config_file
from sphinx.util.tags import Tags

from ..build.emptypages import EmptyPagesDomain
from ..build.ownercheck import first_lists
from ..group.load import read_members
from ..model.lint import check_publications, listed_owner_missing
from ..model.names import NamePattern
from ..model.privacy import private_fields
from ..model.publication import Settings
from ..reading.bibtex import read_bib_files
from . import CANONICAL

if TYPE_CHECKING:
    from pathlib import Path

    from bs4 import BeautifulSoup

    from . import SiteBuild

__all__ = [
    "test_every_entry_has_an_author_the_owner_matches",
    "test_every_listed_entry_shows_the_owner_in_bold",
    "test_every_page_is_reachable_from_the_home_page",
    "test_no_internal_link_or_resource_is_dangling",
    "test_nothing_private_is_published",
    "test_the_site_builds_with_n_and_w",
]

#: Pages no page links to: Sphinx's search and index, and the host's 404 page.
SPHINX_PAGES = {"search.html", "genindex.html", "404.html"}
#: What a visitor can fetch that the build wrote from the site.
PUBLISHED = {".html", ".bib", ".ris", ".json", ".txt", ".xml", ".atom", ".js"}
_EMAIL = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)*\.[A-Za-z]{2,}")
_LOCAL_PATH = re.compile(r"file:/|(?<![\w.])/(?:home|Users)/\w|\b[A-Z]:\\\\?\w")
_MAY_REFRESH = re.compile(r"http-equiv\s*=\s*[\"']?refresh", re.IGNORECASE)
#: A refresh's ``content``: the delay in seconds, then the address (HTML's "url=" form).
_REFRESH = re.compile(
    r"\s*(?P<delay>\d+(?:\.\d*)?)\s*[;,]\s*(?:url\s*=\s*)?(?P<q>['\"]?)(?P<url>[^'\"]+)(?P=q)\s*$",
    re.IGNORECASE,
)


def _settings(docs: Path) -> dict[str, object]:
    return eval_config_file(docs / "conf.py", Tags())


def _owners(docs: Path) -> list[str]:
    """``bibfolio_owner``'s names; on a group site, every member's names and aliases too."""
    settings = _settings(docs)
    owners = list(settings.get("bibfolio_owner") or [])  # type: ignore[call-overload]
    if settings.get("bibfolio_group"):
        sources = settings.get("bibfolio_group_members") or ["people"]
        members = read_members(docs, list(sources))[0]  # type: ignore[call-overload]
        owners += [name for member in members for name in member.names]
    return owners


def _bib_files(docs: Path) -> list[Path]:
    return [(docs / name).resolve() for name in _settings(docs).get("bibtex_bibfiles", [])]  # type: ignore[union-attr]


def _html_files(built: SiteBuild) -> list[Path]:
    return sorted(
        path
        for path in built.outdir.rglob("*.html")
        if not path.relative_to(built.outdir).parts[0].startswith("_")
    )


def _pages(built: SiteBuild) -> list[Path]:
    """The site's HTML pages; a redirect (:func:`redirects`) is no page."""
    moved = redirects(built)
    return [path for path in _html_files(built) if path not in moved]


def redirects(built: SiteBuild) -> dict[Path, str]:
    """Each HTML file of the site that only redirects, and the address it sends to."""
    found = {}
    for path in _html_files(built):
        # Parsed only when its text has a refresh (no page Sphinx writes has one).
        if _MAY_REFRESH.search(path.read_text(encoding="utf-8", errors="replace")):
            target = redirect_target(built.soup(path))
            if target is not None:
                found[path] = target
    return found


def redirect_target(soup: BeautifulSoup) -> str | None:
    """Where a page that only redirects sends its visitor (else ``None``).

    sphinx-reredirects writes, for each old address in ``redirects``, a head with a
    ``<meta http-equiv="refresh" content="0; url=...">`` (in ``<noscript>``) and a
    script, and no body.  A page that refreshes at once, or whose body shows nothing,
    is such a redirect; one that waits and shows something is a page.
    """
    for meta in soup.find_all("meta", attrs={"http-equiv": True, "content": True}):
        if meta["http-equiv"].strip().lower() != "refresh":
            continue
        match = _REFRESH.match(meta["content"])
        if match is None:
            continue
        body = soup.body
        if float(match["delay"]) == 0 or body is None or not body.get_text(strip=True):
            return match["url"]
    return None


def internal_links(page: Path, soup: BeautifulSoup, outdir: Path) -> list[tuple[str, Path, str]]:
    """(href, target file, fragment) of each link or resource of *page* inside the site.

    A path from the server's root (the 404 page's links, which work at any depth) starts
    with the site's base path (:data:`CANONICAL`'s): that is *outdir*.
    """
    found = []
    for tag, attribute in (("a", "href"), ("link", "href"), ("img", "src"), ("script", "src")):
        for element in soup.find_all(tag, attrs={attribute: True}):
            target = _target(page, element[attribute], outdir)
            if target is not None:
                found.append((element[attribute], target, urlsplit(element[attribute]).fragment))
    return found


def _target(page: Path, href: str, outdir: Path) -> Path | None:
    """The file *href* of *page* names inside the site (``None``: another site's)."""
    parts = urlsplit(href)
    if parts.scheme or parts.netloc:
        return None
    base = urlsplit(CANONICAL).path
    if parts.path.startswith(base):
        target = (outdir / unquote(parts.path.removeprefix(base))).resolve()
    elif parts.path:
        target = (page.parent / unquote(parts.path)).resolve()
    else:
        target = page
    return target / "index.html" if target.is_dir() else target


def test_the_site_builds_with_n_and_w(built_site: SiteBuild) -> None:
    """``sphinx-build -nW`` passes: no warning, as Read the Docs and GitHub Pages need."""
    warnings = [line for line in built_site.output.splitlines() if "WARNING" in line]
    assert warnings == []
    assert built_site.returncode == 0, built_site.output[-2000:]


def _domain_data(built: SiteBuild) -> dict[str, dict[str, Any]]:
    """What *built* recorded per page (its environment's domain data)."""
    pickled = built.environment
    assert pickled.is_file(), "the build stopped early: see test_the_site_builds_with_n_and_w"
    with pickled.open("rb") as file:
        env = pickle.load(file)  # the environment this session's build wrote
    return env.domaindata


def listed_keys(built: SiteBuild) -> dict[str, str]:
    """Each key a publication list of the built site shows → the first page listing it.

    Read from the build's environment, where the build records its lists (the owner
    check of the build reads the same, ``build/ownercheck.py``).
    """
    return first_lists(_domain_data(built)["bibfolio"]["listings"])


def empty_pages(built: SiteBuild) -> set[Path]:
    """The pages the build left out as empty (``build/emptypages.py``): no page links them."""
    hidden = _domain_data(built)[EmptyPagesDomain.name]["hidden"]
    return {built.outdir / f"{docname}.html" for docname in hidden}


def test_every_entry_has_an_author_the_owner_matches(
    site_docs: Path, built_site: SiteBuild
) -> None:
    """Each entry a list shows has an author ``bibfolio_owner`` (on a group site: a member) matches.

    An entry no list shows (a work the owner only cites) needs none, as in the build.
    """
    owners = _owners(site_docs)
    group = bool(_settings(site_docs).get("bibfolio_group"))
    assert owners, "conf.py names no bibfolio_owner (a group site: no member)"
    sources = [(str(path), path.read_bytes()) for path in _bib_files(site_docs)]
    entries, _ = read_bib_files(sources)
    settings = Settings(owner=tuple(NamePattern.from_config(name) for name in owners))
    # No entry yet (a new site's refs.bib of comments): no list shows one, nothing to match.
    publications = check_publications(entries, settings)[0]
    unmatched = [
        listed_owner_missing(publications[key], docname, owners, group=group).message
        for key, docname in listed_keys(built_site).items()
        if key in publications and not publications[key].owner_matched
    ]
    assert unmatched == [], "\n".join(unmatched)


def test_every_listed_entry_shows_the_owner_in_bold(built_site: SiteBuild) -> None:
    """Every entry a page lists shows the owner's name in bold (a talk lists no authors)."""
    unmatched = [
        (page.name, li.get("id"))
        for page in _pages(built_site)
        for li in built_site.soup(page).select("li.bibfolio-entry:not(.bibfolio-talk)")
        if not li.select("strong.bibfolio-owner")
    ]
    assert unmatched == []


def test_no_internal_link_or_resource_is_dangling(built_site: SiteBuild) -> None:
    """Every link, image, stylesheet and script inside the site exists, anchors too.

    And every redirect's target (an old address kept by sphinx-reredirects).
    """
    ids: dict[Path, set[str]] = {}
    dangling = [
        (page.name, href)
        for page, href in redirects(built_site).items()
        if (target := _target(page, href, built_site.outdir)) is not None and not target.is_file()
    ]
    for page in _pages(built_site):
        soup = built_site.soup(page)
        ids[page] = {tag["id"] for tag in soup.find_all(id=True)}
        for href, target, fragment in internal_links(page, soup, built_site.outdir):
            if not target.is_file():
                dangling.append((page.name, href))
            elif fragment and target.suffix == ".html":
                if target not in ids:
                    ids[target] = {tag["id"] for tag in built_site.soup(target).find_all(id=True)}
                if fragment not in ids[target]:
                    dangling.append((page.name, href))
    assert dangling == []


def _ablog_collections(built: SiteBuild) -> set[Path]:
    """ABlog's pages of all posts and of drafts: written whether or not a page links them.

    (Its archives and tags are reached from a post list and a post's card.)
    """
    settings = _settings(built.srcdir)
    if "ablog" not in (settings.get("extensions") or []):  # type: ignore[operator]
        return set()
    path = str(settings.get("blog_path") or "blog")
    return {built.outdir / f"{path}.html", built.outdir / path / "drafts.html"}


def test_every_page_is_reachable_from_the_home_page(built_site: SiteBuild) -> None:
    """Following links from index.html reaches every page (one left out of a toctree: not).

    A page with nothing in it yet, which the build leaves out of the navigation, is not
    looked for.
    """
    home = built_site.outdir / "index.html"
    seen, todo = {home}, [home]
    while todo:
        page = todo.pop()
        for _, target, _ in internal_links(page, built_site.soup(page), built_site.outdir):
            if target.suffix == ".html" and target.is_file() and target not in seen:
                seen.add(target)
                todo.append(target)
    pages = {
        page
        for page in _pages(built_site)
        if page.name not in SPHINX_PAGES and page not in _ablog_collections(built_site)
    } - empty_pages(built_site)
    assert sorted(str(p.relative_to(built_site.outdir)) for p in pages - seen) == []


def _private_values(docs: Path) -> list[str]:
    sources = [(str(path), path.read_bytes()) for path in _bib_files(docs)]
    entries, _ = read_bib_files(sources)
    values = []
    for entry in entries:
        fields = {name: found.value for name, found in entry.fields.items()}
        values += [fields[name].strip() for name in private_fields(fields)]
    return [value for value in values if len(value) >= 8]


def test_nothing_private_is_published(built_site: SiteBuild) -> None:
    """Nothing private is published.

    No private or local field's value, no local path, and no e-mail address the owner did
    not write in conf.py or a page.
    """
    texts = {
        str(path.relative_to(built_site.outdir)): path.read_text(encoding="utf-8", errors="replace")
        for path in built_site.outdir.rglob("*")
        if path.is_file()
        and path.suffix in PUBLISHED
        and not path.relative_to(built_site.outdir).parts[0].startswith(("_static", ".doctrees"))
    }
    assert "index.html" in texts
    leaks = [
        (name, value[:40])
        for value in _private_values(built_site.srcdir)
        for name, text in texts.items()
        if value in text or html.escape(value) in text
    ]
    assert leaks == []
    paths = [(name, m[0]) for name, text in texts.items() for m in _LOCAL_PATH.finditer(text)]
    assert paths == []
    assert [name for name, text in texts.items() if str(built_site.srcdir) in text] == []
    written = "\n".join(
        path.read_text(encoding="utf-8", errors="replace")
        for path in built_site.srcdir.rglob("*")
        if path.suffix in {".py", ".md", ".rst", ".yml"} and "_build" not in path.parts
    ).lower()
    shown = {
        (name, address.lower())
        for name, text in texts.items()
        for address in _EMAIL.findall(unquote(html.unescape(text)))
    }
    assert sorted(item for item in shown if item[1] not in written) == []
