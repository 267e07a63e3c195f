"""The HTML fast path: each list entry rendered once, reused until its inputs change.

An entry's HTML depends only on the entry, its :class:`~bibfolio.doctree.entrycontext.EntryContext`
and the tools that write it, so it is cached under exactly those and stored next to
the doctrees.  A page then holds one :class:`~bibfolio.doctree.nodes.fragment` per entry (the
HTML plus the entry's text, for search and descriptions) instead of dozens of nodes,
which is what makes big lists cheap to write and rewrite.
``bibfolio_fast_render = False`` turns this off; tests check both paths write identical
pages.

Rendering a miss walks the node tree with the builder's own translator, except that the
few node types an entry is mostly made of (text, spans, strong, emphasis, containers,
links) are written directly, with the translator's own ``starttag`` and ``encode``:
docutils' per-node dispatch is most of the cost of a cold build otherwise.  This is
only done where those node types still have the stock Sphinx/docutils visitors; any
other node, or any translator that overrides one of them, goes through ``walkabout``.
"""

from __future__ import annotations

import contextlib
import pickle
import string
from pathlib import Path
from typing import TYPE_CHECKING, Any

import docutils
import pygments
import sphinx
from docutils import nodes as docutils_nodes
from docutils.utils import new_document
from docutils.writers import _html_base, html5_polyglot
from sphinx.writers import html5 as sphinx_html5

from .. import atomic
from .._version import __version__, code_signature
from .fasthtml import speed_up

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable

    from docutils import nodes
    from sphinx.builders import Builder

_FILE = "bibfolio-fragments.pickle"


def _signature(builder: Builder) -> tuple[Any, ...]:
    from .config import OPTIONS  # noqa: PLC0415 - config imports nothing from here
    from .translation import catalog_signature  # noqa: PLC0415

    translator = builder.get_translator_class()
    # Every bibfolio_* value: the owner, annotations and separators shape an entry's HTML.
    settings = repr([(name, getattr(builder.config, name)) for name in sorted(OPTIONS)])
    return (
        code_signature(),
        settings,
        # The entry's words are in the build's language, from these catalogs.
        builder.config.language,
        catalog_signature(),
        __version__,
        sphinx.__version__,
        docutils.__version__,
        pygments.__version__,
        builder.name,
        f"{translator.__module__}.{translator.__qualname__}",
    )


def entry_text(tree: nodes.Element) -> str:
    """The text of *tree*'s leaves (not code blocks') as one string, for one Text node.

    One node instead of one per leaf: every later pass over the page (Sphinx's
    post-transforms, the search indexer, page descriptions) walks 3000 nodes on a
    3000-entry list instead of ~90,000 (about 0.9 s of a 5 s build).  The leaves are
    joined as sphinxext-opengraph joins leaves for ``og:description`` (each stripped, a
    space between two unless the next starts with punctuation), so a description that
    reaches into a list reads the same.  Search finds the same words: two leaves are
    run together only where the second starts with punctuation, which already ends a
    word (``_`` is the one punctuation character that is part of a word).
    """
    return join_leaves(
        leaf.astext()
        for leaf in tree.findall(docutils_nodes.Text)
        if not isinstance(leaf.parent, docutils_nodes.literal_block)
    )


def join_leaves(leaves: Iterable[str]) -> str:
    """The texts of a tree's leaves, in order, joined as :func:`entry_text` joins them."""
    text = ""
    for leaf in leaves:
        part = leaf.replace("\r", "").replace("\n", " ").strip()
        while "  " in part:
            part = part.replace("  ", " ")
        if text and part and text[-1] not in _SPACE and part[0] not in _NO_SPACE_BEFORE:
            text += " "
        text += part
    return text


_SPACE = frozenset(string.whitespace)
_NO_SPACE_BEFORE = frozenset(string.whitespace + string.punctuation)


class FragmentCache:
    """Entry HTML keyed by (content hash, context, tool signature), loaded on first use."""

    def __init__(self, builder: Builder) -> None:
        self.builder = builder
        self.path = Path(builder.doctreedir) / _FILE
        self.signature = _signature(builder)
        self._data: dict[tuple[Any, ...], tuple[str, str]] | None = None
        self._used: set[tuple[Any, ...]] = set()
        self.dirty = False
        self._writer: DirectWriter | None = None
        self.rendered = 0  #: Entries rendered (not taken from the cache) in this build.
        self.reused = 0  #: Entries taken from the cache in this build.
        #: Keys whose entries were rendered in this build by another process (:meth:`put`)
        #: and not yet asked for: their first :meth:`get` counts them as rendered.
        self._put: set[tuple[Any, ...]] = set()

    @property
    def data(self) -> dict[tuple[Any, ...], tuple[str, str]]:
        if self._data is None:
            self._data = {}
            with contextlib.suppress(
                OSError, EOFError, pickle.UnpicklingError, AttributeError, ValueError
            ):
                stored = pickle.loads(self.path.read_bytes())
                if stored.get("signature") == self.signature:
                    self._data = stored["fragments"]
        return self._data

    def get(
        self,
        key: tuple[Any, ...],
        build: Any,
        direct: Callable[[DirectWriter], tuple[str, str] | None] | None = None,
    ) -> tuple[str, str]:
        """(HTML, text) for *key*; on a miss, render ``build()`` (a node tree).

        *direct*, if given, is tried first: it writes (HTML, text) itself with the
        build's :class:`DirectWriter`, or returns None for the tree to be rendered.
        """
        full_key = (*key, self.signature)
        self._used.add(full_key)
        found = self.data.get(full_key)
        if found is None:
            found = self.make(build, direct)
            self.data[full_key] = found
            self.dirty = True
            self.rendered += 1
        elif full_key in self._put:
            self._put.discard(full_key)
            self.rendered += 1
        else:
            self.reused += 1
        return found

    def has(self, key: tuple[Any, ...]) -> bool:
        """Whether :meth:`get` would find *key* without rendering it."""
        return (*key, self.signature) in self.data

    def make(
        self,
        build: Any,
        direct: Callable[[DirectWriter], tuple[str, str] | None] | None = None,
    ) -> tuple[str, str]:
        """(HTML, text) as :meth:`get` renders it on a miss, neither looked up nor kept."""
        found = direct(self.writer) if direct is not None else None
        if found is None:
            tree = build()
            found = (self._render(tree), entry_text(tree))
        return found

    def put(self, key: tuple[Any, ...], found: tuple[str, str]) -> None:
        """Keep (HTML, text) that another process rendered (:meth:`make`) for *key*."""
        full_key = (*key, self.signature)
        self.data[full_key] = found
        self._put.add(full_key)
        self.dirty = True

    @property
    def writer(self) -> DirectWriter:
        """The writer of this build's fragments, with the builder's own translator."""
        if self._writer is None:
            document = new_document("<bibfolio>", self.builder.docsettings)
            document.settings.env = self.builder.env
            translator = speed_up(self.builder.create_translator(document, self.builder))
            self._writer = DirectWriter(translator)
        return self._writer

    def _render(self, tree: nodes.Element) -> str:
        writer = self.writer
        translator = writer.translator
        translator.body = []
        tree.document = translator.document
        writer.write(tree)
        return "".join(translator.body)

    def flush(self) -> None:
        """Store the cache now and free its memory; a later :meth:`get` loads it again.

        For the steps after the site's pages, which rarely need it (the CV page): at
        N=3000 its entries' HTML is ~27 MB the build would otherwise hold to its end.
        """
        self.save()
        self._data = None
        self.dirty = False

    def save(self) -> None:
        """Store the cache; unused fragments are dropped once they outnumber used ones."""
        if not self.dirty or self._data is None:
            return
        kept = self._data
        if len(kept) > 3 * len(self._used) + 1000:
            kept = {key: value for key, value in kept.items() if key in self._used}
        atomic.write_file(
            self.path,
            pickle.dumps(
                {"signature": self.signature, "fragments": kept}, protocol=pickle.HIGHEST_PROTOCOL
            ),
        )


#: The node types :class:`DirectWriter` writes itself: its method for each, and the stock
#: visitors that method reproduces, as defined where it copied them from.
_DIRECT = {
    docutils_nodes.Text: (
        "_write_text",
        sphinx_html5.HTML5Translator.visit_Text,
        _html_base.HTMLTranslator.depart_Text,
    ),
    docutils_nodes.inline: (
        "_write_inline",
        html5_polyglot.HTMLTranslator.visit_inline,
        html5_polyglot.HTMLTranslator.depart_inline,
    ),
    docutils_nodes.container: (
        "_write_container",
        html5_polyglot.HTMLTranslator.visit_container,
        html5_polyglot.HTMLTranslator.depart_container,
    ),
    docutils_nodes.strong: (
        "_write_strong",
        _html_base.HTMLTranslator.visit_strong,
        _html_base.HTMLTranslator.depart_strong,
    ),
    docutils_nodes.emphasis: (
        "_write_emphasis",
        _html_base.HTMLTranslator.visit_emphasis,
        _html_base.HTMLTranslator.depart_emphasis,
    ),
    docutils_nodes.paragraph: (
        "_write_paragraph",
        _html_base.HTMLTranslator.visit_paragraph,
        _html_base.HTMLTranslator.depart_paragraph,
    ),
    docutils_nodes.reference: (
        "_write_reference",
        sphinx_html5.HTML5Translator.visit_reference,
        _html_base.HTMLTranslator.depart_reference,
    ),
}


def _equivalents() -> dict[type, list[tuple[Any, Any]]]:
    """Other visitors of a node type that write what its stock ones write, where used.

    MyST-Parser replaces the container's (its ``visit_container_html`` leaves out
    "container" only for its own ``is_div`` nodes, and adds a ``style``):
    :meth:`DirectWriter._write_container` leaves such nodes to the translator.
    """
    found = {kind: [tuple(stock)] for kind, (_method, *stock) in _DIRECT.items()}
    try:
        from myst_parser.parsers import docutils_ as myst  # noqa: PLC0415 - optional
    except ImportError:
        return found
    found[docutils_nodes.container].append((myst.visit_container_html, myst.depart_container_html))
    return found


class DirectWriter:
    """Writes common node types without docutils' dispatch, exactly as the visitors do.

    Each ``_write_*`` method mirrors the stock visitors listed in
    :data:`_DIRECT` for the cases bibfolio's entries produce.  Node types whose
    visitors the translator (or an extension, e.g. MyST for containers) replaced, and
    every other case, are visited and departed by the translator itself, as
    ``walkabout`` would, while their children still go through :meth:`write`.
    """

    def __init__(self, translator: Any) -> None:
        self.translator = translator
        equivalents = _equivalents()
        self._methods = {
            kind: getattr(self, method)
            for kind, (method, *_stock) in _DIRECT.items()
            if tuple(
                getattr(getattr(translator, f"{step}_{kind.__name__}", None), "__func__", None)
                for step in ("visit", "depart")
            )
            in equivalents[kind]
        }
        #: Whether every node type of :data:`_DIRECT` has its stock visitors here.
        self.complete = len(self._methods) == len(_DIRECT)

    def write(self, node: nodes.Node) -> bool:
        """Append *node*'s HTML to the translator's body; True to stop (as ``walkabout``)."""
        method = self._methods.get(type(node))
        if method is not None and method(node):
            return False
        if not isinstance(node, docutils_nodes.Element):
            return node.walkabout(self.translator)
        return self._walk(node)

    def _walk(self, node: nodes.Element) -> bool:
        """``node.walkabout(translator)``, with the children written by :meth:`write`."""
        translator = self.translator
        call_depart = True
        stop = False
        try:
            try:
                translator.dispatch_visit(node)
            except docutils_nodes.SkipNode:
                return stop
            except docutils_nodes.SkipDeparture:
                call_depart = False
            with contextlib.suppress(docutils_nodes.SkipSiblings):
                stop = self._children(node)
        except docutils_nodes.SkipChildren:
            pass
        except docutils_nodes.StopTraversal:
            stop = True
        if call_depart:
            translator.dispatch_departure(node)
        return stop

    def _children(self, node: nodes.Element) -> bool:
        """Write each child in turn; True once one says to stop (as ``walkabout``)."""
        return any(self.write(child) for child in node.children[:])

    def _write_text(self, node: nodes.Text) -> bool:
        translator = self.translator
        if translator.protect_literal_text or translator.in_mailto:
            return False
        translator.body.append(translator.encode(node.astext()))
        return True

    def _simple(self, node: nodes.Element, tag: str) -> bool:
        self.translator.body.append(self.translator.starttag(node, tag, ""))
        self._children(node)
        self.translator.body.append(f"</{tag}>")
        return True

    def _write_strong(self, node: nodes.Element) -> bool:
        return self._simple(node, "strong")

    def _write_emphasis(self, node: nodes.Element) -> bool:
        return self._simple(node, "em")

    def _write_paragraph(self, node: nodes.Element) -> bool:
        translator = self.translator
        translator.body.append(translator.starttag(node, "p", ""))
        self._children(node)
        translator.body.append("</p>")
        parent = node.parent
        if not (
            isinstance(parent, (docutils_nodes.list_item, docutils_nodes.entry))
            and len(parent) == 1
        ):
            translator.body.append("\n")
            # As docutils' depart_paragraph: 0.21 writes the messages queued for the
            # paragraph after it; 0.20 has no such queue (nor report_messages).
            if hasattr(translator, "report_messages"):
                translator.report_messages(node)
        return True

    def _write_inline(self, node: nodes.Element) -> bool:
        translator = self.translator
        if isinstance(node.parent, (docutils_nodes.literal_block, docutils_nodes.literal)) or (
            translator.supported_inline_tags.intersection(node["classes"])
        ):
            return False
        return self._simple(node, "span")

    def _write_container(self, node: nodes.Element) -> bool:
        translator = self.translator
        if (
            translator.supported_block_tags.intersection(node["classes"])
            or node.get("is_div")
            or "style" in node
        ):
            return False
        translator.body.append(translator.starttag(node, "div", CLASS="docutils container"))
        self._children(node)
        translator.body.append("</div>\n")
        return True

    def _write_reference(self, node: nodes.Element) -> bool:
        translator = self.translator
        href = node.get("refuri")
        if (
            href is None
            or href.startswith("mailto:")
            or node.get("secnumber")
            or not isinstance(node.parent, docutils_nodes.TextElement)
        ):
            return False
        atts = {
            "class": "reference internal" if node.get("internal") else "reference external",
            "href": href or "#",
        }
        for name, attribute in (("reftitle", "title"), ("target", "target"), ("rel", "rel")):
            if name in node:
                atts[attribute] = node[name]
        translator.body.append(translator.starttag(node, "a", "", **atts))
        self._children(node)
        translator.body.append("</a>")
        translator.in_mailto = False
        return True
