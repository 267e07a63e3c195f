"""A portfolio's 404 page: sphinx-notfound-page, given the site's base path, kept out of search.

Read the Docs and GitHub Pages answer a path that does not exist with the site's
``404.html``, served at the path the visitor asked for (``/en/latest/papers/old-name/``),
so a relative link in it would resolve against that path and miss.  sphinx-notfound-page
(Read the Docs' own extension) writes ``404.html`` with the theme's full page and makes
every URL the template asks for (``pathto``, stylesheets, scripts, the toctree, images)
start with ``notfound_urls_prefix``: the same page works at any depth.

For a portfolio (``bibfolio_portfolio = True``; a host project is left alone) bibfolio:

* sets that prefix from the site's address, the path of ``html_baseurl`` (Read the Docs'
  and the GitHub Pages workflow's ``READTHEDOCS_CANONICAL_URL``): ``/en/latest/``,
  ``/<repo>/``, ``/`` for a custom domain or single-version project.  Without an address
  (a local build) the prefix is ``/``: the output folder served at its root, as by
  ``nox -s docs-live``.  sphinx-notfound-page alone would use ``/en/latest/`` there and
  ignore an ``html_baseurl`` set in ``conf.py``;
* renders it with ``templates/notfound/bibfolio-notfound.html``: the theme's page with
  links to the home page and the publications (the first full list);
* makes the links of a project's own ``404.md`` start with the prefix too
  (sphinx-notfound-page 1.1 rewrites the toctree and images, not the page's links);
* marks the page ``noindex``, without a canonical link, leaves it out of sitemap.xml (it
  is never in the search index), and points ``data-content_root`` at the prefix, which
  sphinx-notfound-page 1.1 leaves relative (pydata-sphinx-theme's search-as-you-type
  reads it).

``conf.py`` can set any ``notfound_*`` value itself, or write a ``404.md`` page, which
then replaces the generated one and is treated the same way.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from docutils import nodes
from sphinx.builders.dirhtml import DirectoryHTMLBuilder

from ..build.bibliography import get_domain
from ..build.emptypages import hidden_pages
from ..build.targets import reading_order
from ..build.translation import translated
from ..model.messages import N_
from ..pages.head import exclude_from_sitemap

if TYPE_CHECKING:
    from collections.abc import Callable

    from sphinx.application import Sphinx
    from sphinx.config import Config
    from sphinx.environment import BuildEnvironment

#: sphinx-notfound-page's module (the ``docs`` extra installs it).
EXTENSION = "notfound.extension"
TEMPLATE = "bibfolio-notfound.html"
TEMPLATES = Path(__file__).parent.parent / "templates" / "notfound"
TITLE = N_("Page not found")


def register(app: Sphinx) -> None:
    """From ``setup()``, for a portfolio: load sphinx-notfound-page and adjust its page."""
    app.setup_extension(EXTENSION)
    app.connect("config-inited", add_template)
    app.connect("doctree-resolved", prefix_page_links)
    # Before sphinx-sitemap (500) records the page.
    app.connect("html-page-context", finish_page, priority=400)


def defaults(baseurl: str) -> dict[str, Any]:
    """The portfolio's ``notfound_*`` values, for a site whose address is *baseurl*."""
    return {
        "notfound_urls_prefix": url_prefix(baseurl),
        "notfound_template": TEMPLATE,
        # Without a "body": the template writes its own (a "body" given here replaces it).
        "notfound_context": {"title": translated(TITLE)},
    }


def url_prefix(baseurl: str) -> str:
    """The path every URL of the 404 page starts with: *baseurl*'s path, ending in ``/``.

    ``https://priya.readthedocs.io/en/latest/`` → ``/en/latest/``;
    ``https://priya.github.io/portfolio`` → ``/portfolio/``; no address, or one without
    a path that starts with ``/`` → ``/`` (the site at the root of its host).
    """
    path = urlsplit(baseurl).path if baseurl else ""
    if not path.startswith("/"):
        return "/"
    return path if path.endswith("/") else f"{path}/"


def add_template(app: Sphinx, config: Config) -> None:
    """``config-inited``: make :data:`TEMPLATE` findable, after the project's own folders."""
    if str(TEMPLATES) not in config.templates_path:
        config.templates_path = [*config.templates_path, str(TEMPLATES)]


def prefix_page_links(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """``doctree-resolved``: in a project's own 404 page, links to other pages from the prefix."""
    if docname != app.config.notfound_pagename or app.builder.format != "html":
        return
    prefix = app.config.notfound_urls_prefix or "/"
    # Links are relative to where the page is written: the root, or 404/ with dirhtml.
    up = "../" if isinstance(app.builder, DirectoryHTMLBuilder) else ""
    for reference in doctree.findall(nodes.reference):
        uri = reference.get("refuri", "")
        if reference.get("internal") and uri and not uri.startswith(("#", "/")):
            reference["refuri"] = prefix + uri.removeprefix(up)


def publications_page(env: BuildEnvironment) -> str | None:
    """The page of the first full (citable) list in reading order, else of any list.

    Only a list that shows an entry, on a page not left out as empty: a new site's
    publications page, before its first entry, is linked from nowhere.
    """
    listings = get_domain(env).listings
    hidden = hidden_pages(env)
    ordered = [
        listing
        for doc in reading_order(env)
        if doc not in hidden
        for listing in listings.get(doc, ())
        if listing.keys
    ]
    citable = [listing for listing in ordered if listing.citable]
    first = (citable or ordered or [None])[0]
    return first.docname if first is not None else None


def finish_page(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    """``html-page-context``: on the 404 page, no indexing, the base path, the links."""
    if pagename != app.config.notfound_pagename:
        return
    prefix = app.config.notfound_urls_prefix or "/"
    context["content_root"] = prefix
    context["pathto"] = _root_as_prefix(context["pathto"], prefix)
    context["pageurl"] = None  # no canonical link: the page stands for no address
    context["metatags"] = context.get("metatags", "") + '\n<meta name="robots" content="noindex" />'
    publications = publications_page(app.env)
    context["bibfolio_publications"] = publications
    if publications is not None and publications in app.env.titles:
        context["bibfolio_publications_title"] = app.env.titles[publications].astext()
    exclude_from_sitemap(app, pagename)


def _root_as_prefix(pathto: Callable[..., str], prefix: str) -> Callable[..., str]:
    """sphinx-notfound-page's ``pathto``, with the root page's empty URI (dirhtml) as *prefix*.

    sphinx-notfound-page 1.1 answers ``#`` for a page whose URI is empty, as dirhtml's
    root page is: the header's home link would go nowhere.
    """

    def rooted(otheruri: str, resource: bool = False, baseuri: str | None = None) -> str:
        uri = pathto(otheruri, resource) if baseuri is None else pathto(otheruri, resource, baseuri)
        return prefix if uri == "#" and otheruri and not resource else uri

    return rooted
