"""Write time: replace placeholders with nodes every builder can write.

The HTML builders get their richer structure first (``html.py``, priority 4); this
transform (priority 5) handles what is left, in LaTeX, text and any other format.
"""

from __future__ import annotations

from typing import Any

from docutils import nodes
from sphinx.transforms.post_transforms import SphinxPostTransform

from ..doctree import nodes as bf
from ..doctree.people import legend_text
from ..doctree.render import entry_nodes, page_marks, paper_nodes
from .context import PageContext


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
