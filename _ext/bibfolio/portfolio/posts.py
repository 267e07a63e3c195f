"""Posts written with ABlog on a portfolio: the post's card, its date checked, its JSON-LD.

bibfolio has no blog engine of its own: ABlog (``extensions = [..., "ablog"]``) makes
the post list, tags, archives and its Atom feed. On a portfolio (pydata-sphinx-theme,
whose sidebars bibfolio turns off) a post page gets ABlog's post card (date, tags,
author) and its archives and tags in its primary sidebar, unless ``html_sidebars`` is
the project's own; the card's date is written as the news' (postdates.py), and where the
theme hides the sidebar (phones) the date and tags stand above the title. A post without
a date is a draft to ABlog, left out of the post list and the feed without a word;
bibfolio says so (``bibfolio.post``) at the page. A dated post carries a schema.org
``BlogPosting``. ABlog writes its tag, archive and author pages (and, with
``blog_feed_archives``, their feeds) anew in every build, but never removes one it no
longer writes: a tag whose last post is gone or retagged kept its page, listing that
post, in an incremental build only. bibfolio notes the pages ABlog wrote beside the
doctrees and deletes those of earlier builds this one did not write
(:func:`remove_stale_pages`). ABlog's feeds carry each post's text with its links
relative to the page the feed belongs to (``blog.html`` for ``blog/atom.xml``), where a
feed reader resolves them against the feed's own address, one folder off: the citation
of a post led to ``blog/index.html``. bibfolio writes them absolute
(:func:`absolute_feed_links`). Nothing here imports ABlog: it reads what ABlog keeps on
the environment (``env.ablog_posts``), and does nothing without it.
"""

from __future__ import annotations

import json
import re
import weakref
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urljoin

from .. import atomic
from ..build.config import user_set
from ..build.warnings_ import warn
from ..formats.metadata import json_for_script
from . import postdates

if TYPE_CHECKING:
    from docutils import nodes
    from sphinx.application import Sphinx
    from sphinx.environment import BuildEnvironment

#: What a post page's primary sidebar shows on a portfolio: its card, then ABlog's links to
#: the posts by year and by tag (its archive and tag pages are reached from every post,
#: whatever the page of posts links; ABlog writes neither while there is no post); for a
#: dated post whose date bibfolio writes, the same card with that date.
POST_SIDEBAR = ["ablog/postcard.html", "ablog/archives.html", "ablog/tagcloud.html"]
DATED_POST_SIDEBAR = ["bibfolio-postcard.html", "ablog/archives.html", "ablog/tagcloud.html"]
#: Above a post's title where the sidebar is hidden (narrow screens): its date and tags.
POST_LINE = "bibfolio-post-line.html"
#: Beside the doctrees: the pages ABlog wrote in the last build into this output folder.
_STATE = "bibfolio-ablog-pages-{}.json"
#: The pages ABlog's templates (``ablog/*.html``) wrote in this build, by app.
_WRITTEN: weakref.WeakKeyDictionary[Sphinx, set[str]] = weakref.WeakKeyDictionary()


def posts_of(env: BuildEnvironment, docname: str) -> list[dict[str, Any]]:
    """ABlog's records of the posts on *docname* (none without ABlog)."""
    return (getattr(env, "ablog_posts", None) or {}).get(docname, [])


def check_dates(app: Sphinx, doctree: nodes.document) -> None:
    """``doctree-read`` (after ABlog's): a post without a date warns at its page."""
    env = app.env
    for post in posts_of(env, env.docname):
        if post.get("date") is None:
            warn(
                f"post {post.get('title')!r} has no date: ABlog keeps it as a draft, out of "
                "the post list and the feed; give it one (front matter date: YYYY-MM-DD)",
                "post",
                location=f"{env.doc2path(env.docname)}:1",
            )


def blog_posting(app: Sphinx, pagename: str, post: dict[str, Any]) -> dict[str, Any]:
    """A dated post as a schema.org ``BlogPosting``."""
    data: dict[str, Any] = {
        "@context": "https://schema.org", "@type": "BlogPosting",
        "headline": post.get("title") or "", "datePublished": post["date"].date().isoformat(),
    }  # fmt: skip
    if post.get("update") and post["update"] != post["date"]:
        data["dateModified"] = post["update"].date().isoformat()
    authors = [str(getattr(a, "name", a)) for a in post.get("author") or ()] or [
        str(app.config.author or "")
    ]
    data["author"] = [{"@type": "Person", "name": name} for name in authors if name]
    if post.get("tags"):
        data["keywords"] = [str(getattr(t, "name", t)) for t in post["tags"]]
    baseurl = str(app.config.html_baseurl or "").rstrip("/")
    if baseurl:
        data["url"] = f"{baseurl}/{app.builder.get_target_uri(pagename)}"
    return data


def page_context(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    """``html-page-context``: a post's card in the sidebar and its ``BlogPosting``.

    After ABlog's handler (``ablog`` is in the context) and the theme's (which checks the
    sidebar's templates): a dated post's card gives its date as the news do
    (postdates.py), and the same date and its tags stand above its title for screens
    too narrow for the sidebar (:func:`post_line`).
    """
    posts = posts_of(app.env, pagename)
    if not posts:
        return
    if (
        app.config.bibfolio_portfolio is True
        and app.config.html_theme == "pydata_sphinx_theme"
        and not user_set(app.config, "html_sidebars")
    ):
        line = post_line(context, pagename, posts[0]) if postdates.writes_post_dates(app) else None
        if line is None:
            context["sidebars"] = POST_SIDEBAR
        else:
            context["sidebars"] = DATED_POST_SIDEBAR
            context["bibfolio_post_line"] = line
            starts = context.get("theme_article_header_start") or []
            context["theme_article_header_start"] = [POST_LINE, *starts]
            app.add_css_file("bibfolio.css")  # the line's style (once: Sphinx keeps one)
    if posts[0].get("date") is not None:
        data = json_for_script(blog_posting(app, pagename, posts[0]))
        script = f'<script type="application/ld+json">{data}</script>'
        context["metatags"] = context.get("metatags", "") + "\n" + script


def post_line(
    context: dict[str, Any], pagename: str, post: dict[str, Any]
) -> dict[str, Any] | None:
    """The date (text and ISO) and tags (name, address) of a dated post; None if undated.

    The tags are ABlog's collections in the page's context (``ablog``), linked as its
    card links them.
    """
    date = post.get("date")
    blog = context.get("ablog")
    if date is None or blog is None or pagename not in blog:
        return None
    pathto = context["pathto"]
    tags = [(str(tag), pathto(tag.docname)) for tag in blog[pagename].tags or ()]
    return {"date": postdates.post_date_text(date), "iso": date.date().isoformat(), "tags": tags}


def note_ablog_page(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    """``html-page-context``: note a page ABlog made (a tag, an archive, the drafts ...)."""
    if templatename.startswith("ablog/") and pagename not in app.env.found_docs:
        _WRITTEN.setdefault(app, set()).add(pagename)


def remove_stale_pages(app: Sphinx, exception: BaseException | None) -> None:
    """``build-finished``: delete the ABlog pages an earlier build wrote and this one did not.

    Their feeds go with them (``blog_feed_archives``); this build's pages are noted, per
    builder and output folder.
    """
    builder: Any = app.builder
    if exception is not None or "ablog" not in app.extensions or builder.format != "html":
        return
    state = Path(builder.doctreedir) / _STATE.format(builder.name)
    written = _WRITTEN.pop(app, set())
    try:
        stored = json.loads(state.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        stored = {}
    if stored.get("outdir") == str(builder.outdir):
        feeds = getattr(app.config, "blog_feed_templates", None) or {"atom": None}
        for page in set(stored.get("pages", ())) - written - set(app.env.found_docs):
            Path(builder.get_outfilename(page)).unlink(missing_ok=True)
            folder = Path(builder.outdir, page)  # blog_feed_archives: <page>/atom.xml
            for root in feeds:
                (folder / f"{root}.xml").unlink(missing_ok=True)
            if folder.is_dir() and not any(folder.iterdir()):
                folder.rmdir()
    record = {"outdir": str(builder.outdir), "pages": sorted(written)}
    atomic.write_file(state, json.dumps(record, indent=1))


#: A feed entry's text (HTML, escaped once in the XML) and, in it, a link or an image.
_FEED_CONTENT = re.compile(r'(<content type="html">)(.*?)(</content>)', re.DOTALL)
_FEED_LINK = re.compile(r'\b(href|src)="([^"]*)"')


def absolute_feed_links(app: Sphinx, exception: BaseException | None) -> None:
    """``build-finished``: the links in ABlog's feeds' entries made absolute.

    Each feed ABlog wrote this build is ``<page>/<root>.xml`` beside a page it wrote
    (``blog`` for ``blog/atom.xml``, ``blog/tag/looms`` for its feed), and the links in
    its entries are relative to that page: each is joined to the page's address
    (``blog_baseurl`` and the page's name).  Links absolute already stay as they are.
    """
    builder: Any = app.builder
    base = getattr(app.config, "blog_baseurl", None)
    if exception is not None or "ablog" not in app.extensions or builder.format != "html":
        return
    if not base:
        return  # ABlog writes no feed without it
    roots = getattr(app.config, "blog_feed_templates", None) or {"atom": None}
    for page in sorted(_WRITTEN.get(app, ())):
        address = urljoin(base.rstrip("/") + "/", builder.get_target_uri(page))
        for root in roots:
            feed = Path(builder.outdir, page, f"{root}.xml")
            if not feed.is_file():
                continue
            text = feed.read_text(encoding="utf-8")

            def joined(link: re.Match[str], address: str = address) -> str:
                return f'{link[1]}="{urljoin(address, link[2])}"'

            absolute = _FEED_CONTENT.sub(
                lambda entry: entry[1] + _FEED_LINK.sub(joined, entry[2]) + entry[3], text
            )
            if absolute != text:
                atomic.write_file(feed, absolute)


def register(app: Sphinx) -> None:
    """The handlers (they do nothing on a site without ABlog)."""
    postdates.register(app)
    app.connect("doctree-read", check_dates, priority=600)  # ABlog's own runs at 500
    # After ABlog's (500: the context's ``ablog``) and pydata-sphinx-theme's (500: it
    # checks each sidebar and header template, and would drop the line before ``ablog``).
    app.connect("html-page-context", page_context, priority=600)
    app.connect("html-page-context", note_ablog_page)
    app.connect("build-finished", absolute_feed_links, priority=400)  # _WRITTEN still there
    app.connect("build-finished", remove_stale_pages)
