"""Write time: replace placeholders with nodes every builder can write.

The HTML builders get their richer structure first (``html.py``, priority 4); this
transform (priority 5) handles what is left, in LaTeX, text and any other format.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

from docutils import nodes
from sphinx.transforms.post_transforms import SphinxPostTransform
from sphinx.util.osutil import relative_uri

from . import nodes as bf
from .assets import local_file_target, publishes_local_files, refused_files
from .bibliography import get_domain, get_library
from .citedby import cited_by
from .papers import page_slugs, paper_pages
from .render import EntryContext, entry_nodes, legend_text, page_marks, paper_nodes

if TYPE_CHECKING:
    from sphinx.builders import Builder

    from .bibliography import Library, Listing
    from .model.publication import Publication


class PageContext:
    """What the renderers need to know about the page being written."""

    def __init__(self, env: Any, page: str) -> None:
        domain = get_domain(env)
        self.env = env
        self.page = page
        self.builder: Builder = domain.app.builder  # type: ignore[union-attr]
        self.library: Library = get_library(env)
        self.html = self.builder.format == "html"
        #: Key → page name of its paper page, only where this builder writes them
        #: (never in singlehtml or epub: a list title must not link to a missing page).
        self.paper_docs: dict[str, str] = paper_pages(env, self.builder)
        self.slugs: dict[str, str] = page_slugs(env)
        self.targets: dict[str, tuple[str, str]] = domain.targets
        config = env.config
        self.baseurl = (config.html_baseurl or "").rstrip("/") + "/" if config.html_baseurl else ""
        self.legends = tuple(
            (mark, legend) for mark, legend in config.bibfolio_annotations.values() if mark
        )

    def uri(self, docname: str) -> str:
        """Relative URI from the page being written to *docname*."""
        return self.builder.get_relative_uri(self.page, docname)

    def absolute(self, docname: str) -> str:
        """Absolute URL of *docname*, or "" without ``html_baseurl``."""
        return self.baseurl + self.builder.get_target_uri(docname) if self.baseurl else ""

    def context(
        self,
        publication: Publication,
        variant: str,
        anchor: str = "",
        max_authors: int | None = None,
        listing: str = "",
    ) -> EntryContext:
        """The :class:`EntryContext` of *publication* on this page."""
        config = self.env.config
        key = publication.key
        title_href = back_href = page_url = ""
        if self.html:
            paper = self.paper_docs.get(key)
            if paper and variant != "paper":
                title_href = self.uri(paper)
            if paper:
                page_url = self.absolute(paper)
            target = self.targets.get(key)
            if variant == "paper" and target:
                back_href = self.uri(target[0]) + "#" + target[1]
        return EntryContext(
            variant=variant,
            anchor=anchor,
            listing=listing,
            title_href=title_href,
            back_href=back_href,
            file_hrefs=self.file_hrefs(publication),
            max_authors=max_authors or config.bibfolio_max_authors,
            separators=tuple(config.bibfolio_author_separators),  # type: ignore[arg-type]
            page_url=page_url,
            legends=self.legends,
            cite_styles=tuple(config.bibfolio_cite_styles) if variant == "paper" else (),
            cited_by=cited_by(self.env, key),
            preview=self.preview(publication) if variant != "paper" else (),
        )

    def preview(self, publication: Publication) -> tuple[str, int, int] | tuple[()]:
        """(relative URI, width, height) of the entry's thumbnail on this page, or ()."""
        if not self.html or "preview" not in publication.entry.fields:
            return ()
        from .previews import FOLDER, preview_of  # noqa: PLC0415

        found = preview_of(self.env, publication)
        if found is None:
            return ()
        outdir = Path(self.builder.outdir)
        here = Path(self.builder.get_outfilename(self.page)).relative_to(outdir).as_posix()
        return (relative_uri(here, f"{FOLDER}/{found[0]}"), found[1], found[2])

    def file_hrefs(self, publication: Publication) -> tuple[tuple[str, str], ...]:
        """(field, href) of the entry's local files, as this builder can link them.

        HTML sites link the copy next to the paper page; linkcheck gets the source file
        relative to the page's source, which is where it looks for local links.  An epub
        does not carry them, and refused files (outside the project) get no link.
        """
        local = [link for link in publication.links if link.local]
        if not local:
            return ()
        refused = refused_files(self.env)
        local = [link for link in local if (publication.key, link.field) not in refused]
        if self.builder.name == "linkcheck":
            here = Path(self.env.doc2path(self.page)).parent
            base = Path(publication.entry.path).parent
            return tuple(
                (link.field, Path(os.path.relpath(base / link.local, here)).as_posix())
                for link in local
            )
        if not publishes_local_files(self.builder):
            return ()
        outdir = Path(self.builder.outdir)
        here = Path(self.builder.get_outfilename(self.page)).relative_to(outdir).as_posix()
        slug = self.slugs[publication.key]
        folder = self.env.config.bibfolio_paper_dir
        targets = [
            (link.field, local_file_target(publication, link.field, link.local, slug, folder))
            for link in local
        ]
        return tuple((field, relative_uri(here, target)) for field, target in targets)

    def listing(self, docname: str, listing_id: str) -> Listing | None:
        """The recorded ``{publications}`` list *listing_id* of *docname*."""
        for listing in get_domain(self.env).listings.get(docname, ()):
            if listing.listing_id == listing_id:
                return listing
        return None


def fill_legends(document: nodes.document, page: PageContext) -> None:
    """Put the marks' legend once on the page: at the first list that shows a mark."""
    slots = list(document.findall(bf.publication_legend))
    marks: dict[str, str] = {}
    first_with_marks = None
    for slot in slots:
        listing = page.listing(slot["docname"], slot["listing"])
        publications = [page.library.get(key) for key in listing.keys] if listing else []
        found = page_marks([p for p in publications if p is not None], page.legends)
        if found and first_with_marks is None:
            first_with_marks = slot
        for mark, text in found.items():
            marks.setdefault(mark, text)
    for slot in slots:
        if slot is first_with_marks:
            slot.replace_self(nodes.paragraph("", legend_text(marks), classes=["bibfolio-legend"]))
        else:
            slot.parent.remove(slot)


class PublicationsTransform(SphinxPostTransform):
    """Expand lists and paper pages into standard nodes (LaTeX, text, ...)."""

    default_priority = 5

    def run(self, **kwargs: Any) -> None:
        if not any(True for _ in self.document.findall(_placeholder)):
            return
        page = PageContext(self.env, self.env.docname)
        latex = page.builder.format == "latex"
        # Builders that do not show a link's target (text, man, linkcheck, ...) get
        # "label: URL" with the URL still a reference node, so linkcheck checks it.
        spell_out = page.builder.format not in ("latex", "html")
        for node in list(self.document.findall(bf.publication_entry)):
            publication = page.library.get(node["key"])
            if publication is None:
                node.parent.remove(node)
                continue
            context = page.context(
                publication, node["variant"], node["ids"][0], node.get("max_authors")
            )
            item = entry_nodes(publication, context)
            if spell_out:
                spell_out_links(item)
            target = page.targets.get(publication.key)
            if latex and target == (node["docname"], node["ids"][0]):
                # sphinxcontrib-bibtex links citations to \hypertarget{cite.<doc>:<id>}.
                item.insert(
                    0,
                    nodes.raw(
                        "", rf"\hypertarget{{cite.{target[0]}:{target[1]}}}{{}}", format="latex"
                    ),
                )
            node.parent.replace(node, item)
        for node in list(self.document.findall(bf.paper_body)):
            publication = page.library.get(node["key"])
            if publication is None:
                node.parent.remove(node)
                continue
            body = paper_nodes(publication, page.context(publication, "paper"))
            if spell_out:
                for part in body:
                    spell_out_links(part)
            node.replace_self(body)
        fill_legends(self.document, page)
        for node in list(self.document.findall(bf.listing_tools)):
            node.parent.remove(node)


def spell_out_links(tree: nodes.Element) -> None:
    """Write each entry link in *tree* as "label: URL", the URL a real reference.

    For builders whose output shows no link targets; the reference node stays so that
    linkcheck (and hyperlinked formats such as texinfo) still see the URL.
    """
    for line in list(tree.findall(nodes.paragraph)):
        if "bibfolio-links" not in line["classes"]:
            continue
        links = [child for child in line.children if isinstance(child, nodes.reference)]
        parts: list[nodes.Node] = []
        for index, link in enumerate(links):
            if index:
                parts.append(nodes.Text("; "))
            url = link["refuri"]
            parts.append(nodes.Text(f"{link.astext()}: "))
            parts.append(nodes.reference(url, url, refuri=url, classes=link["classes"]))
        del line[:]
        line.extend(parts)


def _placeholder(node: nodes.Node) -> bool:
    return isinstance(
        node, (bf.publication_entry, bf.paper_body, bf.publication_legend, bf.listing_tools)
    )
