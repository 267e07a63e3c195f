"""``<head>`` metadata: Scholar tags and JSON-LD on paper pages, a profile on the home page.

Highwire ``citation_*`` tags and schema.org data (a ScholarlyArticle, Book, Thesis ...)
go on paper pages only (never on lists: Google Scholar wants one article per page); the
home page gets a ProfilePage.
"""

from __future__ import annotations

import html
import re
from fnmatch import fnmatch
from typing import TYPE_CHECKING, Any

from sphinx.builders.dirhtml import DirectoryHTMLBuilder

from ..build.bibliography import get_domain, get_library
from ..build.emptypages import hidden_pages
from ..formats.metadata import (
    abstract_summary,
    highwire_tags,
    is_absolute,
    json_for_script,
    profile_page,
    scholarly_article,
    type_tag,
)
from ..model.profile import person, read_profile
from .context import PageContext
from .localfiles import local_file_target

if TYPE_CHECKING:
    from sphinx.application import Sphinx

    from ..model.profile import Profile


def photo_url(app: Sphinx, profile: Profile) -> str:
    """The photo's absolute address in the built site, or "" (no photo or no html_baseurl)."""
    baseurl = str(app.config.html_baseurl or "")
    if not (profile.photo and baseurl):
        return ""
    images = getattr(app.env, "images", {})
    entry = images.get(profile.photo) if hasattr(images, "get") else None
    if not entry:
        return ""
    return baseurl.rstrip("/") + "/_images/" + entry[1]


def _meta(name: str, content: str) -> str:
    return f'<meta name="{html.escape(name)}" content="{html.escape(content)}" />'


def _script(data: Any) -> str:
    return f'<script type="application/ld+json">{json_for_script(data)}</script>'


def exclude_from_sitemap(app: Sphinx, pagename: str) -> None:
    """Add *pagename*'s link to sphinx-sitemap's ``sitemap_excludes``.

    sphinx-sitemap checks ``sitemap_excludes`` as each page is written, so this runs in
    ``html-page-context`` before it; the link joins the user's own patterns (never
    replacing them) unless one already matches it.
    """
    if "sitemap_excludes" not in app.config:
        return
    if isinstance(app.builder, DirectoryHTMLBuilder):
        link = f"{pagename}/"
    else:
        link = pagename + (app.config.html_file_suffix or ".html")
    excludes = list(app.config.sitemap_excludes or ())
    if not any(fnmatch(link, pattern) for pattern in excludes):
        app.config.sitemap_excludes = [*excludes, link]


def is_noindex(app: Sphinx, pagename: str, templatename: str) -> bool:
    """Whether bibfolio marks *pagename* ``noindex`` (and keeps it out of the sitemap).

    Result pages are not content, and neither is a portfolio's page with nothing in it
    yet (``build/emptypages.py``).  Search results only on a site that shows bibfolio
    lists: a host project's pages stay its own.
    """
    if pagename in hidden_pages(app.env):
        return True
    return (
        pagename == "search"
        and templatename == "search.html"
        and bool(get_domain(app.env).listings)
    )


def add_metadata(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    """``html-page-context``: add the tags for *pagename*."""
    tags: list[str] = []
    key = get_domain(app.env).papers.get(pagename)
    publication = get_library(app.env).get(key) if key else None
    if publication is not None:
        page = PageContext(app.env, pagename)
        page_url = page.absolute(pagename)
        pdf_url = ""
        pdf = publication.link("pdf")
        if pdf is not None and pdf.url:
            pdf_url = pdf.url
        elif pdf is not None and page.baseurl and "pdf" in dict(page.file_hrefs(publication)):
            pdf_url = page.baseurl + local_file_target(
                publication,
                "pdf",
                pdf.local,
                page.slugs[publication.key],
                app.config.bibfolio_paper_dir,
            )
        tags.extend(
            _meta(name, content)
            for name, content in highwire_tags(publication, page_url=page_url, pdf_url=pdf_url)
        )
        tags.append(_meta(*type_tag(publication)))
        # The abstract's summary or no description at all (papers.py turns off
        # sphinxext-opengraph's, which would be the page's first words): Zotero saves a
        # description as the abstract when there is no citation_abstract.
        if summary := abstract_summary(publication):
            tags.append(_meta("description", summary))
        tags.append(_script(scholarly_article(publication, page_url)))
    if pagename == app.config.root_doc and app.config.bibfolio_profile:
        raw = app.config.bibfolio_profile
        owner = read_profile(raw)[0]
        tags.append(_script(profile_page(person(raw, owner, photo_url(app, owner)))))
    if is_noindex(app, pagename, templatename):
        tags.append(_meta("robots", "noindex"))
    if tags:
        context["metatags"] = context.get("metatags", "") + "\n" + "\n".join(tags)


#: A ``<meta property="og:...">`` tag whose value is a URL, as sphinxext-opengraph writes it.
_OG_URL_TAG = re.compile(r'<meta property="og:(?:url|image)" content="([^"]*)" />\n?')
#: After sphinxext-opengraph (500) has added its tags, before the page is written.
AFTER_OPENGRAPH = 600


def drop_relative_urls(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    """``html-page-context``: remove ``og:url``/``og:image`` tags that are not absolute.

    Without a site address (``html_baseurl``, or Read the Docs' canonical URL, which
    sphinxext-opengraph reads itself) the extension writes the page's path relative to
    the site root, and a reader resolves it against the page: Zotero stored
    ``…/publications/publications/<key>.html``, a 404.  Without the tag, readers use
    the page's own address.  On a portfolio's pages and on pages bibfolio writes or
    lists publications on; a host project's other pages stay as they are.
    """
    metatags = context.get("metatags")
    if not metatags or "og:" not in metatags:
        return
    domain = get_domain(app.env)
    ours = (
        app.config.bibfolio_portfolio is True
        or pagename in domain.papers
        or pagename in domain.listings
    )
    if ours:
        context["metatags"] = _OG_URL_TAG.sub(
            lambda found: found.group(0) if is_absolute(html.unescape(found.group(1))) else "",
            metatags,
        )
