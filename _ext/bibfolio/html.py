"""Write time, HTML builders: folded author lists, reveals, COinS, filter, download link."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from docutils import nodes
from sphinx.transforms.post_transforms import SphinxPostTransform
from sphinx.util.osutil import relative_uri

from . import nodes as bf
from .bibliography import get_domain
from .fragments import FragmentCache
from .model.cleanbib import clean_bibliography
from .render import chart_nodes, entry_html_nodes, paper_nodes
from .transforms import PageContext, fill_legends

if TYPE_CHECKING:
    from .bibliography import Listing


def fragment_cache(env: Any) -> FragmentCache:
    """The fragment cache of the current build (saved at build-finished)."""
    domain = get_domain(env)
    cache = domain.fragments
    if cache is None:
        cache = domain.fragments = FragmentCache(domain.app.builder)  # type: ignore[union-attr]
    return cache


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
        for node in placeholders:
            publication = page.library.get(node["key"])
            if publication is None:
                node.parent.remove(node)
                continue
            context = page.context(
                publication,
                node["variant"],
                node["ids"][0],
                node.get("max_authors"),
                node["listing"],
            )
            if cache is None:
                node.parent.replace(node, entry_html_nodes(publication, context))
                continue
            html, leaves = cache.get(
                (publication.content_hash, repr(context)),
                lambda p=publication, c=context: entry_html_nodes(p, c),
            )
            # parent.replace keeps the placeholder's ids off the fragment: its <li> has them.
            node.parent.replace(node, bf.fragment("", *map(nodes.Text, leaves), html=html))
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
            replacement = _tools(node, listing, page)
            if replacement is None:
                node.parent.remove(node)
            else:
                node.replace_self(replacement)


def _tools(node: bf.listing_tools, listing: Listing, page: PageContext) -> nodes.Element | None:
    publications = [p for p in map(page.library.get, listing.keys) if p is not None]
    box = nodes.container(classes=["bibfolio-tools"])
    if node["chart"]:
        box.extend(chart_nodes(publications, page.env.config.bibfolio_groups, listing.listing_id))
    if node["filter_ui"] and len(publications) > 1:
        groups = dict(page.env.config.bibfolio_groups)
        present = list(dict.fromkeys(p.group for p in publications))
        years = sorted({p.year for p in publications if p.year}, reverse=True)
        box += bf.filter_form(
            listing=listing.listing_id,
            types=[(g, groups.get(g, g.title())) for g in present],
            years=[(str(y), str(y)) for y in years],
        )
    if node["download"] and publications:
        name = (
            listing.docname
            if listing.listing_id == "publications-1"
            else f"{listing.docname}-{listing.listing_id.rsplit('-', 1)[1]}"
        )
        target = f"{name}.bib"
        text = clean_bibliography(p.entry for p in publications)
        path = Path(page.builder.outdir, target)
        path.parent.mkdir(parents=True, exist_ok=True)
        if not path.is_file() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")
        count = len(publications)
        link = nodes.reference(
            "",
            f"Download all {count} as BibTeX",
            refuri=relative_uri(page.builder.get_target_uri(page.page), target),
            internal=True,
            classes=["bibfolio-download"],
        )
        box += nodes.paragraph("", "", link, classes=["bibfolio-download-line"])
    return box if len(box) else None
