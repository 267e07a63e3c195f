"""The Atom feeds: ``feeds/news.atom``, ``feeds/talks.atom`` and ``feeds/publications.atom``.

Every page links them.  News entries are the items the pages show (the archive page's
anchor is each entry's address; the item's text is its content); talk entries are the
dated talks of the page that lists them all, at their anchors there (title, then event,
place and date); publication entries are the newest entries of the site's lists by the
.bib's year and month, each at its paper page (or its list entry).  Every time comes
from that data, so two builds write the same bytes.

Atom needs absolute, permanent ids and feed readers need absolute links, so the feeds
are written only when the site's address is known (``html_baseurl``, which a portfolio
also takes from Read the Docs).  Without it no feed is written and no page links one:
a warning (``bibfolio.feed``) when ``conf.py`` asks for a feed, a line in the log when
the feed is only the default.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from docutils import nodes
from sphinx.util import logging

from .. import atomic
from ..build.bibliography import get_domain, get_library
from ..build.config import user_set
from ..build.slugs import paper_pages
from ..build.translation import translated
from ..build.warnings_ import warn
from ..model.messages import N_
from ..model.profile import read_profile
from ..reading.richtext import plain
from .atom import MEDIA_TYPE, Entry, Feed, atom_document
from .directives import first_words
from .store import get_news_domain, item_file

if TYPE_CHECKING:
    from sphinx.application import Sphinx

    from ..model.publication import Publication
    from .data import Item

logger = logging.getLogger(__name__)

#: The feeds: kind → (file in the output folder, setting with the number of entries, title);
#: the talks feed's title is its page's, in the site's own words.
FEEDS = {
    "news": ("feeds/news.atom", "bibfolio_news_feed", N_("News")),
    "talks": ("feeds/talks.atom", "bibfolio_talks_feed", ""),
    "publications": ("feeds/publications.atom", "bibfolio_publications_feed", N_("Publications")),
}
#: The builders whose output is a web site a feed can point into.
FEED_BUILDERS = frozenset({"html", "dirhtml"})


def base_url(app: Sphinx) -> str:
    """The site's address with one trailing slash, or ""."""
    url = app.config.html_baseurl or ""
    return url.rstrip("/") + "/" if url else ""


def owner_name(app: Sphinx) -> str:
    """Who the feeds are by: the profile's name, the first owner name, or the project."""
    profile, _problems = read_profile(app.config.bibfolio_profile)
    return profile.name or next(iter(app.config.bibfolio_owner or ()), "") or app.config.project


def wanted(app: Sphinx) -> list[str]:
    """The feeds this build would write, had it an address: a count and something to show."""
    if app.builder.name not in FEED_BUILDERS:
        return []
    kinds = []
    if app.config.bibfolio_news_feed and any(
        shown.timestamp for items in get_news_domain(app.env).news.values() for shown in items
    ):
        kinds.append("news")
    if app.config.bibfolio_talks_feed and any(
        item.date is not None for _key, item in _archived_talks(app)
    ):
        kinds.append("talks")
    if app.config.bibfolio_publications_feed:
        library = get_library(app.env)
        if any(
            (publication := library.get(key)) is not None and publication.year is not None
            for key in get_domain(app.env).targets
        ):  # one dated entry on the site's lists is enough: the feed is never empty
            kinds.append("publications")
    return kinds


def feed_title(app: Sphinx, kind: str) -> str:
    """What a feed is of: "News", "Publications", or the title of the page of all talks."""
    title = translated(FEEDS[kind][2]) if FEEDS[kind][2] else ""
    archive = get_news_domain(app.env).archive_of("talk") if kind == "talks" else None
    if archive and archive in app.env.titles:
        title = app.env.titles[archive].astext()
    return title  # a talks feed is written only where a page lists every talk


def written(app: Sphinx) -> list[str]:
    """The feeds this build writes (and every page links)."""
    return wanted(app) if base_url(app) else []


def add_links(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    """``html-page-context``: ``<link rel="alternate" type="application/atom+xml">`` per feed."""
    memo = get_library(app.env).memo  # the same tags on every page of a build
    if "feed_links" not in memo:
        base = base_url(app)
        tags = []
        for kind in written(app):
            filename = FEEDS[kind][0]
            # Built from our own constants and the escaped title: no markup from the data.
            label = _attribute(f"{owner_name(app)} — {feed_title(app, kind)}")
            tags.append(
                f'<link rel="alternate" type="{MEDIA_TYPE}" '
                f'title="{label}" href="{_attribute(base + filename)}" />'
            )
        memo["feed_links"] = "\n".join(tags)
    if memo["feed_links"]:
        context["metatags"] = context.get("metatags", "") + "\n" + memo["feed_links"]


def _attribute(text: str) -> str:
    import html  # noqa: PLC0415

    return html.escape(text, quote=True)


def write_feeds(app: Sphinx, exception: Exception | None) -> None:
    """``build-finished``: write the feeds (or say why there are none)."""
    if exception is not None:
        return
    kinds = wanted(app)
    outdir = Path(app.outdir)
    if not base_url(app):
        for kind in kinds:
            setting = FEEDS[kind][1]
            message = (
                f"no {kind} feed: Atom needs the site's absolute address; set html_baseurl "
                f"(or {setting} = 0)"
            )
            if user_set(app.config, setting):
                warn(message, "feed")
            else:
                logger.info("bibfolio: %s", message)
        kinds = []
    for kind, (filename, _setting, _title) in FEEDS.items():
        target = outdir / filename
        if kind not in kinds:
            if app.builder.name in FEED_BUILDERS:
                target.unlink(missing_ok=True)  # an earlier build's, now switched off
            continue
        make = {"news": news_feed, "talks": talks_feed, "publications": publications_feed}
        feed = make[kind](app)
        if feed is None:
            target.unlink(missing_ok=True)
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        atomic.write_file(target, atom_document(feed))  # untouched when the same


def _feed(app: Sphinx, kind: str, page: str, entries: list[Entry]) -> Feed | None:
    if not entries:
        return None
    base = base_url(app)
    filename = FEEDS[kind][0]
    owner = owner_name(app)
    return Feed(
        id=base + filename,
        title=f"{owner} — {feed_title(app, kind)}",
        self_link=base + filename,
        page_link=base + app.builder.get_target_uri(page),
        author=owner,
        entries=tuple(entries),
    )


def news_feed(app: Sphinx) -> Feed | None:
    """The newest ``bibfolio_news_feed`` dated items the pages show, at the archive page."""
    env = app.env
    builder = app.builder
    domain = get_news_domain(env)
    archive = domain.archive_of("news")
    # Each item once, at the archive page if it shows it, else at the first page (by name).
    pages = ([archive] if archive else []) + sorted(set(domain.news) - {archive})
    where: dict[str, tuple[str, Any]] = {}
    for page in pages:
        for shown in domain.news[page]:
            if shown.timestamp and shown.key not in where:
                where[shown.key] = (page, shown)
    # Newest first; the archive's order (file order) breaks ties.
    ordered = sorted(where.values(), key=lambda pair: pair[1].timestamp, reverse=True)
    ordered = ordered[: app.config.bibfolio_news_feed]
    base = base_url(app)
    owner = owner_name(app)
    texts: dict[str, dict[str, nodes.Element]] = {}
    entries = []
    for page, shown in ordered:
        if page not in texts:
            doctree = env.get_doctree(page)
            # The links, as on the page; what resolving finds, the page's build reported.
            with logging.suppress_logging():
                env.apply_post_transforms(doctree, page)
            texts[page] = item_texts(doctree)
        page_url = base + builder.get_target_uri(page)
        body = texts[page].get(shown.anchor)
        html = ""
        title = shown.title
        if body is not None:
            title = title or first_words(body.astext())  # references resolved, as shown
            html = builder.render_partial(body)["fragment"].strip()  # type: ignore[attr-defined]
        entries.append(
            Entry(
                id=f"{page_url}#{shown.anchor}",
                title=title or shown.key,
                updated=shown.timestamp,
                link=f"{page_url}#{shown.anchor}",
                authors=(owner,),
                content_html=html,
                base=page_url,
            )
        )
    return _feed(app, "news", archive or app.config.root_doc, entries)


def item_texts(doctree: nodes.document) -> dict[str, nodes.Element]:
    """Anchor → the text of each news item in *doctree* (``{news}`` made them)."""
    texts = {}
    for item in doctree.findall(nodes.list_item):
        if "bibfolio-news-item" in item["classes"] and item["ids"]:
            for child in item.children:
                if "bibfolio-news-text" in child.get("classes", ()):
                    texts[item["ids"][0]] = child
    return texts


def _archived_talks(app: Sphinx) -> list[tuple[str, Item]]:
    """(key, talk) of the page that lists every talk, newest first; [] without one."""
    if get_news_domain(app.env).archive_of("talk") is None:
        return []
    return item_file(app.env, "talk").newest_first()


def talks_feed(app: Sphinx) -> Feed | None:
    """The newest ``bibfolio_talks_feed`` dated talks, at the page that lists them all."""
    archive = get_news_domain(app.env).archive_of("talk")
    if archive is None:
        return None
    page_url = base_url(app) + app.builder.get_target_uri(archive)
    owner = owner_name(app)
    dated = [(key, item) for key, item in _archived_talks(app) if item.date is not None]
    entries = []
    for key, talk in dated[: app.config.bibfolio_talks_feed]:
        link = f"{page_url}#talk-{key}"
        where = (talk.get("event"), talk.get("place"), talk.date.text)  # type: ignore[union-attr]
        entries.append(
            Entry(
                id=link,
                title=talk.get("title") or talk.get("event") or key,
                updated=talk.date.timestamp,  # type: ignore[union-attr]
                link=link,
                authors=(owner,),
                summary=", ".join(part for part in where if part),
                related=talk.get("url"),
            )
        )
    return _feed(app, "talks", archive, entries)


def publications_feed(app: Sphinx) -> Feed | None:
    """The newest ``bibfolio_publications_feed`` entries of the site's lists, by year and month."""
    env = app.env
    builder = app.builder
    library = get_library(env)
    targets = get_domain(env).targets
    pages = paper_pages(env, builder)
    dated = [
        publication
        for key in targets
        if (publication := library.get(key)) is not None and publication.year is not None
    ]
    dated.sort(key=lambda p: p.key)
    dated.sort(key=lambda p: (p.year, p.month or 0), reverse=True)
    base = base_url(app)
    entries = []
    for publication in dated[: app.config.bibfolio_publications_feed]:
        if publication.key in pages:
            url = base + builder.get_target_uri(pages[publication.key])
        else:
            docname, anchor = targets[publication.key]
            url = f"{base}{builder.get_target_uri(docname)}#{anchor}"
        entries.append(
            Entry(
                id=url,
                title=plain(publication.display_title),
                updated=_updated(publication),
                link=url,
                authors=tuple(author.name for author in publication.people),
                summary=_summary(publication),
                related=f"https://doi.org/{publication.doi}" if publication.doi else "",
            )
        )
    listing = next(iter(sorted({docname for docname, _anchor in targets.values()})), None)
    return _feed(app, "publications", listing or app.config.root_doc, entries)


def _updated(publication: Publication) -> str:
    return f"{publication.year:04d}-{publication.month or 1:02d}-01T00:00:00Z"


def _summary(publication: Publication) -> str:
    venue = plain(publication.venue).strip()
    return ", ".join(part for part in (venue, publication.date_text) if part)
