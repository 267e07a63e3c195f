"""Doctree nodes, each a subclass of a standard docutils node.

A builder with no visitor of its own for one (man, texinfo, ...) falls back to the
standard node's behaviour.

Placeholders (``publication_entry``, ``paper_body``, ``publication_legend``,
``listing_tools``) are written at read time and replaced by post-transforms; the others
exist only in HTML doctrees, created by the HTML post-transform.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from docutils import nodes

if TYPE_CHECKING:
    from sphinx.application import Sphinx
    from sphinx.writers.html5 import HTML5Translator
    from sphinx.writers.latex import LaTeXTranslator


# -- placeholders, replaced in every format ---------------------------------------------
class publication_entry(nodes.list_item):  # noqa: N801 - docutils node naming
    """One entry of a list: ``key``, ``variant`` ("list" or "selected"), ``docname``."""


class paper_body(nodes.General, nodes.Element):  # noqa: N801
    """The body of a paper page: ``key``, ``docname``."""


class publication_legend(nodes.paragraph):  # noqa: N801
    """Where the marks' legend goes if this list is the page's first to show a mark."""


class listing_tools(nodes.General, nodes.Element):  # noqa: N801
    """Filter and download link of a full list (HTML only; dropped elsewhere)."""


# -- HTML-only structure -----------------------------------------------------------------
class entry_item(nodes.list_item):  # noqa: N801
    """``<li>`` carrying ``data-*`` attributes for the client-side filter."""


class details(nodes.container):  # noqa: N801
    """A native ``<details>`` reveal (works without JavaScript); ``data``: its data-* attributes."""


class summary(nodes.inline):  # noqa: N801
    """The ``<summary>`` toggle of a :class:`details`."""


class coins(nodes.inline):  # noqa: N801
    """An empty COinS ``<span class="Z3988" title="...">`` for Zotero."""


class filter_form(nodes.General, nodes.Element):  # noqa: N801
    """The client-side filter's form; hidden until the script shows it."""


class fragment(nodes.list_item):  # noqa: N801
    """A list entry whose HTML was rendered once (``html``); see fragments.py.

    Its one child is the entry's text (:func:`bibfolio.build.fragments.entry_text`), so search
    indexing and page descriptions read the same words as from the full node tree.
    """


class bibtex_code(nodes.literal_block):  # noqa: N801
    """A block of BibTeX, RIS, CSL-JSON or a reference, as the copy button's ``div.highlight pre``.

    ``language`` (default ``bibtex``) only names the block's class.  No syntax colouring:
    thousands of hidden blocks on a list, and the RIS, CSL-JSON and reference blocks of
    thousands of paper pages, are not worth a highlighter pass each (Pygments took 4.4
    of 28 s, profiled, of a cold build with 3000 paper pages; their BibTeX keeps its
    colours).
    """


class math_text(nodes.inline):  # noqa: N801
    """Inline math from a field: readable text in HTML, real math in LaTeX (``tex``)."""


def _visit_entry_item(self: HTML5Translator, node: entry_item) -> None:
    attributes = {f"data-{name}": value for name, value in node.get("data", {}).items()}
    self.body.append(self.starttag(node, "li", "", **attributes))


def _depart_entry_item(self: HTML5Translator, node: entry_item) -> None:
    self.body.append("</li>\n")


def _visit_details(self: HTML5Translator, node: details) -> None:
    attributes = {f"data-{name}": value for name, value in node.get("data", {}).items()}
    self.body.append(self.starttag(node, "details", "", **attributes))


def _depart_details(self: HTML5Translator, node: details) -> None:
    self.body.append("</details>")


def _visit_summary(self: HTML5Translator, node: summary) -> None:
    self.body.append(self.starttag(node, "summary", ""))


def _depart_summary(self: HTML5Translator, node: summary) -> None:
    self.body.append("</summary>")


def _visit_coins(self: HTML5Translator, node: coins) -> None:
    self.body.append(self.starttag(node, "span", "", title=node["title"]))
    self.body.append("</span>")
    raise nodes.SkipNode


def _visit_filter_form(self: HTML5Translator, node: filter_form) -> None:
    """Render the filter form; every value goes through ``starttag``, which escapes it."""
    prefix = node["listing"]

    def open_tag(
        tag: str, ident: str = "", classes: tuple[str, ...] = (), **attributes: str
    ) -> str:
        element = nodes.Element(ids=[ident] if ident else [], classes=list(classes))
        return self.starttag(element, tag, "", empty=tag == "input", **attributes)

    body = self.body
    body.append(
        self.starttag(
            node,
            "form",
            "",
            hidden="hidden",
            role="search",
            **{"aria-label": "Filter publications", "data-listing": prefix},
        )
    )
    body.append(open_tag("div", classes=("bibfolio-filter-field",)))
    body.append(open_tag("label", **{"for": f"{prefix}-q"}) + "Search</label>")
    body.append(
        open_tag(
            "input",
            f"{prefix}-q",
            type="search",
            name="q",
            autocomplete="off",
            placeholder="Title, author or venue",
        )
    )
    body.append("</div>")
    for name, label, choices in (("type", "Type", node["types"]), ("year", "Year", node["years"])):
        body.append(open_tag("div", classes=("bibfolio-filter-field",)))
        body.append(
            open_tag("label", **{"for": f"{prefix}-{name}"}) + self.encode(label) + "</label>"
        )
        body.append(open_tag("select", f"{prefix}-{name}", name=name))
        body.append(open_tag("option", value="") + "All</option>")
        for value, text in choices:
            body.append(open_tag("option", value=value) + self.encode(text) + "</option>")
        body.append("</select></div>")
    body.append(
        open_tag("p", classes=("bibfolio-filter-count",), role="status", **{"aria-live": "polite"})
    )
    body.append("</p></form>\n")
    raise nodes.SkipNode


def _visit_bibtex_code(self: HTML5Translator, node: bibtex_code) -> None:
    language = node.get("language") or "bibtex"
    self.body.append(self.starttag(node, "div", "", CLASS=f"highlight-{language} notranslate"))
    self.body.append(
        '<div class="highlight"><pre>' + self.encode(node.astext()) + "\n</pre></div></div>\n"
    )
    raise nodes.SkipNode


def _visit_fragment(self: HTML5Translator, node: fragment) -> None:
    self.body.append(node["html"])
    raise nodes.SkipNode


def _visit_math_latex(self: LaTeXTranslator, node: math_text) -> None:
    self.body.append(r"\(" + node["tex"] + r"\)")
    raise nodes.SkipNode


def _skip(self: object, node: nodes.Node) -> None:
    raise nodes.SkipNode


def _pass(self: object, node: nodes.Node) -> None:
    pass


def register(app: Sphinx) -> None:
    """Register the nodes with a visitor for every builder family."""
    app.add_node(publication_entry)
    app.add_node(paper_body)
    app.add_node(publication_legend)
    app.add_node(listing_tools, html=(_skip, None), latex=(_skip, None), text=(_skip, None))
    app.add_node(entry_item, html=(_visit_entry_item, _depart_entry_item))
    app.add_node(details, html=(_visit_details, _depart_details))
    app.add_node(summary, html=(_visit_summary, _depart_summary))
    app.add_node(coins, html=(_visit_coins, None), latex=(_skip, None), text=(_skip, None))
    app.add_node(
        filter_form, html=(_visit_filter_form, None), latex=(_skip, None), text=(_skip, None)
    )
    app.add_node(fragment, html=(_visit_fragment, None))
    app.add_node(bibtex_code, html=(_visit_bibtex_code, None))
    app.add_node(math_text, latex=(_visit_math_latex, None))
