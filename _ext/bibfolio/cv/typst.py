"""Docutils nodes → Typst markup, every text escaped so it prints literally.

Only what portfolio pages hold is translated (sections, paragraphs, lists, tables,
inline styles, links, math, footnotes, images, admonitions, the CV's publication
entries).  Anything
else is reported by the caller through :attr:`TypstTranslator.skipped`, never dropped
silently.  Math is the LaTeX source read as Unicode text (model/mathtext.py, as titles
are on the site), so it goes through the same escaping as every other text.
"""

from __future__ import annotations

import re
import string
from typing import TYPE_CHECKING

from docutils import nodes
from sphinx import addnodes
from sphinx.locale import admonitionlabels

from ..doctree.inline import rich_nodes
from ..reading.mathtext import math_decode
from .images import width_argument

if TYPE_CHECKING:
    from collections.abc import Callable

#: Every ASCII punctuation character is escaped but those Typst gives no meaning in
#: markup, wherever they stand: ``,`` ``:`` ``)`` ``!`` ``?`` ``%`` ``&``, nor ``.`` before
#: a space (below).  Escaping them too printed the same PDF, but each escape is a node of
#: its own in Typst's syntax tree: a 3000-entry CV's compile peaked at 398 instead of 379
#: MB (typst 0.15.2, median of 3; the PDF byte-identical).  ``;`` ends an
#: embedded expression (``#emph[x];``), ``(`` and ``[`` continue one, ``'`` and ``"``
#: are smart quotes, ``...``, ``--``, ``//``, ``1.`` at a line start ... mean something:
#: escaped, as ``\`` before any punctuation prints the character.  A full stop is left
#: bare only before a space and after a character that is neither a digit nor a full
#: stop (not ``1. `` at a line start, not ``...``, not ``#strong[x].y``).
_PLAIN = ",:)!?%&"
_ESCAPED = re.compile(
    "["
    + re.escape("".join(char for char in string.punctuation if char not in _PLAIN + "."))
    + r"]|\.(?! )|(?<![^0-9.])\."
)
_SPACE = re.compile(r"\s+")
_LABEL = re.compile(r"[^A-Za-z0-9_-]")

#: Nodes that carry no text a reader sees; leaving them out loses nothing.
_INVISIBLE = (
    nodes.Invisible,  # e.g. the projects page's tag filter (no use on paper)
    nodes.target,
    nodes.comment,
    nodes.substitution_definition,
    nodes.system_message,
    addnodes.index,
    addnodes.toctree,
    nodes.decoration,
)
#: Nodes whose children are simply inlined.
_TRANSPARENT = (
    nodes.inline,
    nodes.container,
    nodes.compound,
    nodes.abbreviation,
    nodes.acronym,
    nodes.generated,
    nodes.title_reference,
    addnodes.compact_paragraph,
)


def escape(text: str, after: str = "") -> str:
    """*text* as Typst markup that prints exactly *text* (whitespace runs become spaces).

    *after* is the markup it follows, if known: a full stop that starts *text* is left
    bare when that ends in neither a digit nor a full stop (the ". " after a title).
    """
    text = _SPACE.sub(" ", text)
    if after and text.startswith(". ") and not after[-1].isdigit() and after[-1] not in ".\\":
        return ". " + _ESCAPED.sub(r"\\\g<0>", text[2:])
    return _ESCAPED.sub(r"\\\g<0>", text)


def string_literal(text: str) -> str:
    """*text* as a Typst string literal, ``"..."``."""
    body = text.replace("\\", "\\\\").replace('"', '\\"')
    return '"' + body.replace("\n", "\\n").replace("\r", "\\r") + '"'


class typst_markup(nodes.Element):  # noqa: N801 - docutils node naming
    """Typst markup written already (``markup``); its one text child is the markup too.

    The PDF's publication entries are translated one by one as they are made
    (source.py): 3000 entries never stand as docutils nodes all at once.
    """


class TypstTranslator(nodes.NodeVisitor):
    """Walks one document and writes its Typst markup into :attr:`parts`.

    *link_target* maps a reference node to the URL the PDF links to, or "" for no link
    (a page-relative link means nothing in a PDF).  *level* is added to every section
    depth, so that a page's subsections sit under the CV's sections.  *image_file* maps
    an image node to its file name in the Typst root, or "" (the caller has warned).
    *name* makes the page's footnote labels unique in the CV.
    """

    def __init__(
        self,
        document: nodes.document,
        link_target: Callable[[nodes.reference], str],
        level: int = 0,
        image_file: Callable[[nodes.image], str] | None = None,
        name: str = "",
    ) -> None:
        super().__init__(document)
        self.parts: list[str] = []
        self.skipped: list[nodes.Node] = []
        #: (node, message): what was translated, but not quite as written.
        self.problems: list[tuple[nodes.Node, str]] = []
        self.link_target = link_target
        self.level = level
        self.image_file = image_file or (lambda _node: "")
        self.label_prefix = "fn-" + _LABEL.sub("-", name) + "-"
        #: The footnotes written so far (their ids): later references point back.
        self.footnotes_written: set[str] = set()

    # -- helpers ---------------------------------------------------------------------
    def content(self, node: nodes.Node) -> str:
        """The markup of *node*'s children, written apart from the main stream."""
        saved, self.parts = self.parts, []
        for child in node.children:
            child.walkabout(self)
        text, self.parts = "".join(self.parts).strip(), saved
        return text

    def call(self, function: str, node: nodes.Node) -> None:
        self.parts.append(f"#{function}[{self.content(node)}]")
        raise nodes.SkipNode

    def unknown_visit(self, node: nodes.Node) -> None:
        if isinstance(node, _INVISIBLE) or "bibfolio-profile" in node.get("classes", ()):
            # The profile card's name, position and links are the CV's header already.
            raise nodes.SkipNode
        if isinstance(node, _TRANSPARENT):
            return
        if isinstance(node, nodes.Admonition):
            self.admonition(node)
        self.skipped.append(node)
        raise nodes.SkipNode

    def admonition(self, node: nodes.Element) -> None:
        """A note, tip, warning ... or a titled admonition: a quoted block, its label first.

        The label is the admonition's own title, or Sphinx's word for its kind in the
        site's language ("Note", "Hinweis").
        """
        title = node.children[0] if node.children and isinstance(node[0], nodes.title) else None
        if title is not None:
            label = self.content(title)
        else:
            label = escape(str(admonitionlabels.get(node.tagname, node.tagname.capitalize())), "")
        saved, self.parts = self.parts, []
        for child in node.children[1 if title is not None else 0 :]:
            child.walkabout(self)
        body, self.parts = "".join(self.parts).strip(), saved
        self.parts.append(f"#quote(block: true)[#strong[{label}] {body}]\n\n")
        raise nodes.SkipNode

    def unknown_departure(self, node: nodes.Node) -> None:
        pass

    # -- text and structure ------------------------------------------------------------
    def visit_typst_markup(self, node: typst_markup) -> None:
        self.parts.append(node["markup"])
        raise nodes.SkipNode

    def visit_Text(self, node: nodes.Text) -> None:  # noqa: N802 - docutils visitor names
        self.parts.append(escape(node.astext(), self.parts[-1] if self.parts else ""))

    def visit_document(self, node: nodes.document) -> None:
        pass

    def visit_section(self, node: nodes.section) -> None:
        self.level += 1

    def depart_section(self, node: nodes.section) -> None:
        self.level -= 1

    def visit_title(self, node: nodes.title) -> None:
        if not isinstance(node.parent, nodes.section):
            self.skipped.append(node)
            raise nodes.SkipNode
        self.parts.append(f"\n{'=' * max(self.level, 1)} {self.content(node)}\n\n")
        raise nodes.SkipNode

    def visit_paragraph(self, node: nodes.paragraph) -> None:
        if "bibfolio-links" in node["classes"]:
            links = [self.content(nodes.inline("", "", child)) for child in node.children]
            links = [link for link in links if link.strip(" \\;")]
            self.parts.append("#cv-links(" + ", ".join(f"[{link}]" for link in links) + ")")
            raise nodes.SkipNode
        if "bibfolio-legend" in node["classes"]:
            self.parts.append(f"#cv-legend[{self.content(node)}]\n\n")
            raise nodes.SkipNode
        if any("bibfolio-cv-link" in child["classes"] for child in node.findall(nodes.Element)):
            raise nodes.SkipNode  # "CV: PDF" means nothing inside the CV itself
        text = self.content(node)
        if text:
            self.parts.append(text + "\n\n")
        raise nodes.SkipNode

    def visit_citation(self, node: nodes.citation) -> None:
        """A stock ``{bibliography}`` entry: its label in brackets, then its text.

        build.py resolves the page on fresh citation nodes (stock.py): the node holds
        its entry once.
        """
        label = "".join(child.astext() for child in node.children if isinstance(child, nodes.label))
        body = " ".join(
            self.content(nodes.inline("", "", child))
            for child in node.children
            if not isinstance(child, nodes.label)
        )
        prefix = f"{escape('[' + label + ']')} " if label else ""
        self.parts.append(f"{prefix}{body}\n\n")
        raise nodes.SkipNode

    def visit_bullet_list(self, node: nodes.bullet_list) -> None:
        items = [self.content(item) for item in node.children]
        if "bibfolio-list" in node["classes"]:
            # One call per entry: Typst holds less than for one call of 3000 arguments
            # (386 MB instead of 410 at 3000 entries, typst 0.15.2), the same PDF.
            self.parts.append("".join(f"#cv-pub[{item}]\n" for item in items) + "\n")
        else:
            body = ", ".join(f"[{item}]" for item in items)
            self.parts.append(f"#list({body})\n\n")
        raise nodes.SkipNode

    def visit_enumerated_list(self, node: nodes.enumerated_list) -> None:
        body = ", ".join(f"[{self.content(item)}]" for item in node.children)
        self.parts.append(f"#enum({body})\n\n")
        raise nodes.SkipNode

    def visit_definition_list(self, node: nodes.definition_list) -> None:
        for item in node.children:
            term = "".join(
                self.content(child) for child in item.children if isinstance(child, nodes.term)
            )
            description = "".join(
                self.content(child)
                for child in item.children
                if isinstance(child, nodes.definition)
            )
            self.parts.append(f"#cv-item[{term}][{description}]\n")
        self.parts.append("\n")
        raise nodes.SkipNode

    def visit_table(self, node: nodes.table) -> None:
        groups = list(node.findall(nodes.tgroup))
        if len(groups) != 1:
            self.skipped.append(node)
            raise nodes.SkipNode
        group = groups[0]
        columns = int(group.get("cols", 1))
        header: list[str] = []
        cells: list[str] = []
        for part in group.children:
            if not isinstance(part, (nodes.thead, nodes.tbody)):
                continue
            for row in part.children:
                for entry in row.children:
                    if entry.get("morecols") or entry.get("morerows"):
                        self.skipped.append(node)  # spans: not worth guessing a layout
                        raise nodes.SkipNode
                    (header if isinstance(part, nodes.thead) else cells).append(
                        f"[{self.content(entry)}]"
                    )
        head = "(" + "".join(f"{cell}, " for cell in header) + ")"
        self.parts.append(f"#cv-table(columns: {columns}, header: {head}, {', '.join(cells)})\n\n")
        raise nodes.SkipNode

    def visit_block_quote(self, node: nodes.block_quote) -> None:
        self.parts.append(f"#quote(block: true)[{self.content(node)}]\n\n")
        raise nodes.SkipNode

    def visit_literal_block(self, node: nodes.literal_block) -> None:
        self.parts.append(f"#raw(block: true, {string_literal(node.astext())})\n\n")
        raise nodes.SkipNode

    # -- inline ------------------------------------------------------------------------
    def visit_emphasis(self, node: nodes.emphasis) -> None:
        self.call("emph", node)

    def visit_strong(self, node: nodes.strong) -> None:
        self.call("strong", node)

    def visit_superscript(self, node: nodes.superscript) -> None:
        self.call("super", node)

    def visit_subscript(self, node: nodes.subscript) -> None:
        self.call("sub", node)

    def visit_literal(self, node: nodes.literal) -> None:
        self.parts.append(f"#raw({string_literal(node.astext())})")
        raise nodes.SkipNode

    def visit_inline(self, node: nodes.inline) -> None:
        if "bibfolio-cv-date" in node["classes"]:
            self.call("cv-date", node)
        if "bibfolio-badge" in node["classes"]:
            self.call("cv-badge", node)
        if "bibfolio-smallcaps" in node["classes"]:
            self.call("smallcaps", node)

    def visit_reference(self, node: nodes.reference) -> None:
        target = self.link_target(node)
        text = self.content(node)
        if target:
            self.parts.append(f"#link({string_literal(target)})[{text}]")
        else:
            self.parts.append(text)
        raise nodes.SkipNode

    # -- math, footnotes, images -------------------------------------------------------
    def math_text(self, node: nodes.Element) -> str:
        """The node's LaTeX as escaped Unicode markup; an unknown command is a problem."""
        rich, unknown = math_decode(node.astext())
        for command in unknown:
            self.problems.append((node, f"the CV's math prints nothing for \\{command}"))
        return self.content(nodes.inline("", "", *rich_nodes(rich)))

    def visit_math(self, node: nodes.math) -> None:
        self.parts.append(self.math_text(node))
        raise nodes.SkipNode

    def visit_math_block(self, node: nodes.math_block) -> None:
        self.parts.append(f"#cv-math[{self.math_text(node)}]\n\n")
        raise nodes.SkipNode

    def visit_footnote_reference(self, node: nodes.footnote_reference) -> None:
        """The note itself, where it is referenced: Typst numbers and places it."""
        footnote = self.document.ids.get(node.get("refid", ""))
        if not isinstance(footnote, nodes.footnote):
            self.skipped.append(node)
            raise nodes.SkipNode
        label = self.label_prefix + _LABEL.sub("-", footnote["ids"][0])
        if footnote["ids"][0] in self.footnotes_written:
            self.parts.append(f"#footnote(<{label}>)")
        else:
            self.footnotes_written.add(footnote["ids"][0])
            body = " ".join(
                self.content(nodes.inline("", "", child))
                for child in footnote.children
                if not isinstance(child, nodes.label)
            )
            self.parts.append(f"#footnote[{body}]<{label}>")
        raise nodes.SkipNode

    def visit_transition(self, node: nodes.transition) -> None:
        if "footnotes" not in node["classes"]:  # MyST's rule above the page's notes
            self.parts.append("#line(length: 100%, stroke: 0.4pt + luma(150))\n\n")
        raise nodes.SkipNode

    def visit_footnote(self, node: nodes.footnote) -> None:
        if not self.footnotes_written.intersection(node["ids"]):
            self.skipped.append(node)  # never referenced in the part the CV shows
        raise nodes.SkipNode

    def visit_image(self, node: nodes.image) -> None:
        name = self.image_file(node)
        if name:
            alt = f", alt: {string_literal(node['alt'])}" if node.get("alt") else ""
            self.parts.append(f"#cv-image({string_literal(name)}{alt}{width_argument(node)})\n\n")
        raise nodes.SkipNode

    def visit_figure(self, node: nodes.figure) -> None:
        images = "".join(
            self.content(nodes.inline("", "", child))
            for child in node.children
            if not isinstance(child, (nodes.caption, nodes.legend))
        )
        captions = [
            self.content(child)
            for child in node.children
            if isinstance(child, (nodes.caption, nodes.legend))
        ]
        caption = " ".join(text for text in captions if text)
        self.parts.append(f"#cv-figure([{images}], [{caption}])\n\n")
        raise nodes.SkipNode
