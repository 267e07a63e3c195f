"""The site around a paper page: the theme's navigation, sections and colour modes, per page.

A paper page is written with the project's theme but no source document, so what the
theme's templates read from a page (navigation, the current section) is made here.
"""

from __future__ import annotations

from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from docutils import nodes
from sphinx import addnodes

from ..build.emptypages import hidden_pages
from .themeskeleton import THEME_TEMPLATE

if TYPE_CHECKING:
    from collections.abc import Iterable, Iterator

    from sphinx.builders import Builder
    from sphinx.environment import BuildEnvironment

    from .themeskeleton import ThemePageSkeletons

#: The paper page template and its folder (after the project's ``templates_path``).
TEMPLATE = "bibfolio-paper.html"
TEMPLATES = Path(__file__).parent.parent / "templates" / "paper"


def navigation_signature(env: BuildEnvironment) -> str:
    """The site's toctree structure and titles: the theme's navigation shows them."""
    included = sorted({doc for docs in env.toctree_includes.values() for doc in docs})
    titles = [(doc, env.titles[doc].astext()) for doc in included if doc in env.titles]
    return repr((sorted(env.toctree_includes.items()), titles))


def site_navigation(env: BuildEnvironment) -> list[tuple[str | None, str, str]]:
    """The top-level pages of the site, as the theme's header shows them.

    ``(docname, external URL, title)`` for each entry of the root document's toctrees, in
    order, hidden ones included; an explicit toctree title wins over the page's own.
    """
    root = env.config.root_doc
    toc = env.tocs.get(root)
    entries: list[tuple[str | None, str, str]] = []
    toctrees = list(toc.findall(addnodes.toctree)) if toc is not None else []
    hidden = hidden_pages(env)  # their entries are gone from the toctrees already
    refs = [entry for tree in toctrees for entry in tree["entries"]] or [
        (None, doc) for doc in env.toctree_includes.get(root, []) if doc not in hidden
    ]
    for title, ref in refs:
        if ref in {"self", root}:
            continue
        if ref in env.titles:
            entries.append((ref, "", title or env.titles[ref].astext()))
        elif "://" in ref:
            entries.append((None, ref, title or ref))
    return entries


def _sections(env: BuildEnvironment, tops: list[str]) -> dict[str, str]:
    """Docname → the top-level page whose toctree (at any depth) includes it."""
    section: dict[str, str] = {}
    for top in tops:
        waiting = [top]
        while waiting:
            doc = waiting.pop()
            if doc not in section:
                section[doc] = top
                waiting.extend(env.toctree_includes.get(doc, []))
    return section


def _color_modes(builder: Builder) -> str:
    """The theme family whose light/dark switch paper pages follow, else ``""``.

    ``"pydata"`` for themes built on pydata-sphinx-theme (``localStorage.mode``, set on
    ``<html>``), ``"furo"`` for furo (``localStorage.theme``, set on ``<body>``).
    """
    theme = getattr(builder, "theme", None)
    directories = theme.get_theme_dirs() if theme is not None else []
    for family, package in (("pydata", "pydata_sphinx_theme"), ("furo", "furo")):
        if any(package in Path(d).parts for d in directories):
            return family
    return ""


#: Template lists pydata-sphinx-theme renders on every page, to drop the ones that come
#: out empty (its html-page-context handlers were a fifth of a cold build with 3000
#: paper pages, profiled); bibfolio's own paper template shows none of them.
_UNUSED_THEME_SECTIONS = (
    "theme_navbar_start", "theme_navbar_center", "theme_navbar_persistent",
    "theme_navbar_end", "theme_article_header_start", "theme_article_header_end",
    "theme_article_footer_items", "theme_content_footer_items", "theme_footer_start",
    "theme_footer_center", "theme_footer_end", "theme_primary_sidebar_end", "sidebars",
    "theme_secondary_sidebar_items",
)  # fmt: skip


def _own_template(builder: Builder) -> bool:
    """Whether paper pages use bibfolio's template (the project has no ``bibfolio-paper.html``)."""
    for folder in builder.config.templates_path:
        candidate = Path(builder.confdir, folder, TEMPLATE)
        if candidate.is_file():
            return candidate.resolve() == (TEMPLATES / TEMPLATE).resolve()
    return True


class SiteContext:
    """What a paper page shows of the site around it: the header's links, the colour modes.

    Worked out once per build; the links of all pages in one folder are the same (they
    are relative), so each folder's are made once, not once per page.
    """

    def __init__(self, builder: Builder) -> None:
        env = builder.env
        self.builder = builder
        self.navigation = site_navigation(env)
        self.color_modes = _color_modes(builder)
        self.theme_styles = list(getattr(builder, "globalcontext", {}).get("styles", []))
        self._sections = _sections(env, [doc for doc, _url, _title in self.navigation if doc])
        self._links: dict[tuple[str, str | None], list[tuple[str, str, bool]]] = {}
        #: Whether paper pages use bibfolio's template, not one of the project's.
        self.own_template = _own_template(builder)
        #: Whether paper pages are the theme's own page.html, filled into one render
        #: (pydata-sphinx-theme and themes built on it; themeskeleton.py).  Other themes
        #: keep the lean bibfolio-paper.html, unless the project has its own.
        self.theme_page = self.own_template and self.color_modes == "pydata"
        #: The skeletons of the theme's page while paper pages are written (papers.py).
        self.skeletons: ThemePageSkeletons | None = None
        #: The template paper pages are written with.
        self.template = THEME_TEMPLATE if self.theme_page else TEMPLATE
        # A project's own template (e.g. one extending the theme's page.html) keeps them;
        # so does the theme's page.
        lean = self.own_template and not self.theme_page
        self._unused = dict.fromkeys(_UNUSED_THEME_SECTIONS, ()) if lean else {}

    def signature(self) -> str:
        """What of the site the pages show, for deciding whether to write them again."""
        return repr((self.navigation, self.color_modes, self.theme_styles, self.template))

    def section(self, list_doc: str | None) -> str | None:
        """The top-level page whose section lists a paper of *list_doc*, if any."""
        return self._sections.get(list_doc) if list_doc else None

    def for_page(self, page: str, list_doc: str | None) -> dict[str, Any]:
        """Template context of *page*, whose entry is listed on *list_doc*.

        ``bibfolio_site_nav``: ``(href, title, current)`` per header link, ``current``
        for the top-level page the list belongs to; ``bibfolio_color_modes``.
        """
        current = self.section(list_doc)
        if self.theme_page:
            # The theme marks the section itself (see listed_under); the skeletons tell
            # pages under different lists apart by this.
            known = self.skeletons.known_sections(list_doc or "") if self.skeletons else {}
            return {**known, "bibfolio_paper_list": list_doc or ""}
        key = (page.rpartition("/")[0], current)
        if key not in self._links:
            self._links[key] = [
                (self.builder.get_relative_uri(page, doc) if doc else url, title, doc == current)
                for doc, url, title in self.navigation
            ]
        return {
            **self._unused,
            "bibfolio_site_nav": self._links[key],
            "bibfolio_color_modes": self.color_modes,
            "bibfolio_theme_styles": unlinked_styles,
        }


@contextmanager
def listed_under(builder: Builder, parent: str | None, page: str) -> Iterator[None]:
    """While *page* is written: a child of *parent* in the site's toctrees.

    A page that no toctree includes is in no section: the theme's navigation marks none
    current (pydata-sphinx-theme's header and sidebar ask Sphinx for the page's toctree
    ancestors, ``env.toctree_includes``).  A paper page belongs under the list that shows
    it, a member page under the people page: so, for the time it is written, it is
    listed there, and the theme marks that section as it does on the list itself.

    Listed under the root document, the page is a section of its own: the sidebar asks
    for the page's table of contents (``env.tocs``), which a page without a source does
    not have.  pydata-sphinx-theme 0.24 shows no sidebar then; 0.18 (bibfolio's declared
    minimum) raises KeyError.  So the page has an empty one while it is written, which
    both read as "no sidebar".
    """
    env = builder.env
    includes = env.toctree_includes
    if not parent or parent not in env.found_docs or page in includes.get(parent, ()):
        yield
        return
    had = parent in includes
    before = includes.get(parent, [])
    includes[parent] = [*before, page]
    no_toc = page not in env.tocs
    if no_toc:
        env.tocs[page] = nodes.bullet_list()
    try:
        yield
    finally:
        if had:
            includes[parent] = before
        else:
            del includes[parent]
        if no_toc:
            del env.tocs[page]


def unlinked_styles(styles: Iterable[str], css_files: Iterable[Any]) -> list[str]:
    """The theme's stylesheets (*styles*) that the page's ``css_files`` do not link.

    Sphinx links them through ``css_files``; pydata-sphinx-theme takes its own out in
    ``html-page-context`` and links it in its layout, which paper pages do not use.
    Asked when the page is rendered, after those handlers, so the answer does not
    depend on which pages were written before it (issue 23).
    """
    linked = {str(getattr(css, "filename", css)) for css in css_files}
    return [name for name in styles if f"_static/{name}" not in linked]
