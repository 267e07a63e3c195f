"""Write time, HTML builders: folded author lists, reveals, COinS, filter, download link."""

from __future__ import annotations

import hashlib
import pickle
from fnmatch import fnmatch
from pathlib import Path
from typing import TYPE_CHECKING, Any

from docutils import nodes
from sphinx.builders.singlehtml import SingleFileHTMLBuilder
from sphinx.transforms.post_transforms import SphinxPostTransform
from sphinx.util.osutil import relative_uri

from .. import atomic
from ..build.bibliography import get_domain
from ..build.emptypages import hidden_pages
from ..build.fragments import FragmentCache
from ..build.gcpolicy import release_free_memory
from ..build.translation import ngettext, translated
from ..cv.page import written_page
from ..doctree import nodes as bf
from ..doctree.chartnodes import chart_nodes
from ..doctree.render import entry_html_nodes, paper_nodes
from ..model.highlight import shown
from . import listworkers
from .assets import ListFormats, write_list_files
from .context import PageContext
from .directives import unique_id
from .head import exclude_from_sitemap, is_noindex
from .localfiles import is_epub
from .transforms import fill_legends

if TYPE_CHECKING:
    from sphinx.application import Sphinx

    from ..build.bibliography import Listing


def keep_noindex_out_of_sitemap(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    """``html-page-context``, before sphinx-sitemap: leave a ``noindex`` page out of it."""
    if is_noindex(app, pagename, templatename):
        exclude_from_sitemap(app, pagename)


#: The sitemap's links of the last build, beside the doctrees (see :func:`complete_sitemap`).
_SITEMAP_STATE = "bibfolio-sitemap-{}.pickle"


def _sitemap_link(app: Sphinx, pagename: str) -> str:
    """The link sphinx-sitemap records for *pagename* (its ``add_html_link``)."""
    if type(app.builder).__name__ == "DirectoryHTMLBuilder":
        if pagename == "index":
            return ""
        return pagename[:-6] + "/" if pagename.endswith("/index") else pagename + "/"
    return pagename + (app.config.html_file_suffix or ".html")


def complete_sitemap(app: Sphinx, exception: Exception | None) -> None:
    """``build-finished``, before sphinx-sitemap (500): every page in it, in one order.

    sphinx-sitemap lists the pages written by this build only, in the order they were
    written: after an edit, an incremental build's sitemap lost every unchanged page.
    The links recorded now are merged with the last build's, for the pages that still
    exist (source documents and paper pages) and are not excluded, and put back sorted,
    so an incremental build writes the sitemap a fresh one does (issue 23).
    """
    links_queue = getattr(app, "sitemap_links", None)
    if exception is not None or links_queue is None or app.builder.format != "html":
        return
    links: dict[str, Any] = {}
    while not links_queue.empty():
        link, last_updated = links_queue.get_nowait()
        links[link] = last_updated
    state = Path(app.doctreedir) / _SITEMAP_STATE.format(app.builder.name)
    previous = _load_links(state, str(app.outdir))
    pages = (set(app.env.found_docs) - hidden_pages(app.env)) | set(get_domain(app.env).papers)
    if cv_page := written_page(app):
        pages.add(cv_page)
    still_there = {_sitemap_link(app, page) for page in pages}
    if is_noindex(app, "search", "search.html"):
        still_there.discard(_sitemap_link(app, "search"))
    excludes = list(getattr(app.config, "sitemap_excludes", None) or ())
    for link, last_updated in previous.items():
        if (
            link not in links
            and link in still_there
            and not any(fnmatch(link, pattern) for pattern in excludes)
        ):
            links[link] = last_updated
    for link in sorted(links):
        links_queue.put((link, links[link]))
    atomic.write_file(
        state,
        pickle.dumps({"outdir": str(app.outdir), "links": links}, pickle.HIGHEST_PROTOCOL),
    )


def _load_links(path: Path, outdir: str) -> dict[str, Any]:
    try:
        stored = pickle.loads(path.read_bytes())
    except (OSError, EOFError, pickle.UnpicklingError, AttributeError, ValueError):
        return {}
    return stored["links"] if stored.get("outdir") == outdir else {}


def _digest(text: str) -> str:
    return hashlib.blake2b(text.encode(), digest_size=16).hexdigest()


def fragment_cache(env: Any) -> FragmentCache:
    """The fragment cache of the current build (saved at build-finished)."""
    domain = get_domain(env)
    cache = domain.fragments
    if cache is None:
        cache = domain.fragments = FragmentCache(domain.app.builder)  # type: ignore[union-attr]
    return cache


#: A list this long frees enough memory while expanded to give it back (gcpolicy.py).
_MANY_ENTRIES = 500


class HtmlPublicationsTransform(SphinxPostTransform):
    """Expand lists and paper pages for HTML."""

    default_priority = 4
    formats = ("html",)

    def run(self, **kwargs: Any) -> None:
        placeholders = list(self.document.findall(bf.publication_entry))
        papers = list(self.document.findall(bf.paper_body))
        tools = list(self.document.findall(bf.listing_tools))
        if not (placeholders or papers or tools):
            return
        page = PageContext(self.env, self.env.docname)
        fast = self.env.config.bibfolio_fast_render
        cache = fragment_cache(self.env) if fast else None
        ids = PageIds(self.document, page)
        formats = ListFormats(page, tools)
        app = get_domain(self.env).app
        # Long lists render their new entries in workers (listworkers.py): those are
        # kept for it; every other entry is rendered (or found) and put in at once, its
        # context freed, as an entry at a time leaves the least memory behind.
        sharing = (
            cache is not None
            and app is not None
            and len(placeholders) >= listworkers.SHARED_ENTRIES
            and listworkers.processes(app, len(placeholders)) > 1
        )
        entries = []
        for node in placeholders:
            publication = page.library.get(node["key"])
            if publication is None:
                node.parent.remove(node)
                continue
            # A group's list marks its own people (model/highlight.py).
            publication = shown(publication, node.get("highlight"))
            context = page.context(
                publication,
                node["variant"],
                ids.anchor(node),
                node.get("max_authors"),
                ids.listing(node["docname"], node["listing"]),
            )
            context = formats.context(context, node["docname"], node["listing"])
            if cache is None:
                node.parent.replace(node, entry_html_nodes(publication, context))
                continue
            # The context's digest, not its repr: 3000 keys of ~900 characters were
            # 2.7 MB held all build.
            key = (publication.content_hash, _digest(repr(context)))
            if sharing and not cache.has(key):
                entries.append((node, key, publication, context))
            else:
                _put_entry(cache, node, key, publication, context)
        files: dict[tuple[str, str], list[tuple[str, str]]] = {}
        if entries and cache is not None and app is not None:
            jobs = listworkers.list_file_jobs(tools, page)
            files = listworkers.render_ahead(app, cache, entries, jobs)
            for node, key, publication, context in entries:
                _put_entry(cache, node, key, publication, context)
        for node in papers:
            publication = page.library.get(node["key"])
            if publication is None:
                node.parent.remove(node)
                continue
            node.replace_self(paper_nodes(publication, page.context(publication, "paper")))
        fill_legends(self.document, page)
        for node in tools:
            listing = page.listing(node["docname"], node["listing"])
            if listing is None:
                node.parent.remove(node)
                continue
            replacement = _tools(
                node,
                listing,
                page,
                ids.listing(listing.docname, listing.listing_id),
                files.get((listing.docname, listing.listing_id)),
            )
            if replacement is None:
                node.parent.remove(node)
            else:
                node.replace_self(replacement)
        if len(placeholders) >= _MANY_ENTRIES:
            release_free_memory()  # what expanding them freed (gcpolicy.py)


class SingleHtmlCitationLinks(SphinxPostTransform):
    """singlehtml: make citations of list entries plain ``#<anchor>`` links.

    Sphinx 9's singlehtml resolves a link to another document's target as
    ``#document-<doc>#<id>``, which no browser follows.  Only links to bibfolio's list
    entries are rewritten; the rest of the page is left as Sphinx writes it.
    """

    builders = ("singlehtml",)
    default_priority = 20  # after Sphinx's ReferencesResolver (10)

    def run(self, **kwargs: Any) -> None:
        targets = {f"#document-{doc}#{anchor}": anchor for doc, anchor in _targets(self.env)}
        if not targets:
            return
        for reference in self.document.findall(nodes.reference):
            anchor = targets.get(reference.get("refuri", ""))
            if anchor is not None:
                reference["refuri"] = "#" + anchor


def _targets(env: Any) -> list[tuple[str, str]]:
    return list(get_domain(env).targets.values())


class PageIds:
    """Ids of lists and entries, unique on the page being written.

    One page normally shows one document, whose ids the directive made unique.
    singlehtml puts every document on one page: the home page's "selected" list and the
    full list would share ``pub-<key>`` ids and ``data-listing`` values (and the filter
    of one would hide entries of the other).  There, each list's id is prefixed with its
    document, and an entry keeps ``pub-<key>`` only where citations point (its
    target); other copies get an id of their own.
    """

    def __init__(self, document: nodes.document, page: PageContext) -> None:
        self.page = page
        self.single = isinstance(page.builder, SingleFileHTMLBuilder)
        self.taken: set[str] = set()
        if self.single:
            self.taken = {
                ident for node in document.findall(nodes.Element) for ident in node["ids"]
            }

    def listing(self, docname: str, listing_id: str) -> str:
        """The ``data-listing`` value (and id prefix) of a list."""
        return nodes.make_id(f"{docname}-{listing_id}") if self.single else listing_id

    def anchor(self, node: bf.publication_entry) -> str:
        """The id of a list entry."""
        anchor = node["ids"][0]
        if not self.single or self.page.targets.get(node["key"]) == (node["docname"], anchor):
            return anchor
        unique = unique_id(nodes.make_id(f"{node['docname']}-{anchor}"), self.taken)
        self.taken.add(unique)
        return unique


def _put_entry(
    cache: FragmentCache, node: nodes.Element, key: tuple[str, str], publication: Any, context: Any
) -> None:
    """Put the entry's HTML in place of its placeholder *node* (from *cache*, or rendered)."""
    html, text = cache.get(key, *listworkers.makers(publication, context))
    # parent.replace keeps the placeholder's ids off the fragment: its <li> has them.
    node.parent.replace(node, bf.fragment("", nodes.Text(text), html=html))


def _tools(
    node: bf.listing_tools,
    listing: Listing,
    page: PageContext,
    ident: str,
    written: list[tuple[str, str]] | None = None,
) -> nodes.Element | None:
    """The list's chart, filter and download line; *written*: its files, if written already."""
    publications = [p for p in map(page.library.get, listing.keys) if p is not None]
    box = nodes.container(classes=["bibfolio-tools"])
    # An EPUB is read offline, often without scripts: a form would make the page
    # "scripted", an inline SVG needs an OPF property Sphinx does not write, and the
    # .bib download is not an EPUB content type.  The chart's data table stays.
    epub = is_epub(page.builder)
    # Short lists skip the chart and the filter (bibfolio_*_min_*) unless the
    # list's own :chart: / :filter-ui: option asks for them.
    config = page.env.config
    explicit = node.get("explicit", ())
    count = len(publications)
    years = len({p.year for p in publications if p.year})
    long_enough = (
        count >= config.bibfolio_chart_min_entries and years >= config.bibfolio_chart_min_years
    )
    if node["chart"] and ("chart" in explicit or long_enough):
        chart = chart_nodes(publications, page.env.config.bibfolio_groups, ident)
        if epub:
            chart = [table for figure in chart for table in figure.findall(nodes.table)]
        box.extend(chart)
    if epub:
        return box if len(box) else None
    # Every list's reveals load the entries' formats from a file beside the page; the
    # whole-list downloads are written next to it when the list offers them.
    downloads: list[tuple[str, str]] = []
    if written is not None:
        downloads = written
    elif (job := listworkers.list_files(node, listing, page)) is not None:
        downloads = write_list_files(**job)
    long_enough = "filter-ui" in explicit or count >= config.bibfolio_filter_min_entries
    if node["filter_ui"] and count > 1 and long_enough:
        groups = dict(page.env.config.bibfolio_groups)
        present = list(dict.fromkeys(p.group for p in publications))
        years = sorted({p.year for p in publications if p.year}, reverse=True)
        box += bf.filter_form(
            listing=ident,
            types=[(g, translated(groups.get(g, g.title()))) for g in present],
            years=[(str(y), str(y)) for y in years],
        )
    if downloads:
        count = len(publications)
        here = page.builder.get_target_uri(page.page)
        (_bibtex, bib), *others = downloads
        line = nodes.paragraph("", "", classes=["bibfolio-download-line"])
        line += nodes.reference(
            "",
            ngettext("Download all %(count)d as BibTeX", "Download all %(count)d as BibTeX", count)
            % {"count": count},
            refuri=relative_uri(here, bib),
            internal=True,
            classes=["bibfolio-download"],
        )
        # RIS for EndNote, Mendeley and Zotero; CSL-JSON for citeproc tools and Zotero;
        # the references in the styles of bibfolio_cite_styles (APA, IEEE).
        for label, target in others:
            line += nodes.Text(" · ")
            line += nodes.reference(
                "",
                label,
                refuri=relative_uri(here, target),
                internal=True,
                classes=["bibfolio-download-format", f"bibfolio-download-{label.lower()}"],
            )
        box += line
    return box if len(box) else None
