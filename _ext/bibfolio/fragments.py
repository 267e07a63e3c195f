"""The HTML fast path: each list entry rendered once, reused until its inputs change.

An entry's HTML depends only on the entry, its :class:`~bibfolio.render.EntryContext`
and the tools that write it, so it is cached under exactly those and stored next to
the doctrees.  A page then holds one :class:`~bibfolio.nodes.fragment` per entry (the
HTML plus the entry's text leaves, for search and descriptions) instead of dozens of
nodes, which is what makes big lists cheap to write and rewrite.
``bibfolio_fast_render = False`` turns this off; tests check both paths write identical
pages.
"""

from __future__ import annotations

import contextlib
import pickle
from pathlib import Path
from typing import TYPE_CHECKING, Any

import docutils
import pygments
import sphinx
from docutils.utils import new_document

from ._version import __version__, code_signature

if TYPE_CHECKING:
    from docutils import nodes
    from sphinx.builders import Builder

_FILE = "bibfolio-fragments.pickle"


def _signature(builder: Builder) -> tuple[Any, ...]:
    from .config import OPTIONS  # noqa: PLC0415 - config imports nothing from here

    translator = builder.get_translator_class()
    # Every bibfolio_* value: the owner, annotations and separators shape an entry's HTML.
    settings = repr([(name, getattr(builder.config, name)) for name in sorted(OPTIONS)])
    return (
        code_signature(),
        settings,
        __version__,
        sphinx.__version__,
        docutils.__version__,
        pygments.__version__,
        builder.name,
        f"{translator.__module__}.{translator.__qualname__}",
    )


def text_leaves(tree: nodes.Element) -> tuple[str, ...]:
    """The text of *tree*'s leaves in document order, without code blocks' text."""
    from docutils import nodes as docutils_nodes  # noqa: PLC0415

    return tuple(
        leaf.astext()
        for leaf in tree.findall(docutils_nodes.Text)
        if not isinstance(leaf.parent, docutils_nodes.literal_block)
    )


class FragmentCache:
    """Entry HTML keyed by (content hash, context, tool signature), loaded on first use."""

    def __init__(self, builder: Builder) -> None:
        self.builder = builder
        self.path = Path(builder.doctreedir) / _FILE
        self.signature = _signature(builder)
        self._data: dict[tuple[Any, ...], tuple[str, tuple[str, ...]]] | None = None
        self._used: set[tuple[Any, ...]] = set()
        self.dirty = False
        self._translator: Any = None
        self.rendered = 0  #: Entries rendered (not taken from the cache) in this build.
        self.reused = 0  #: Entries taken from the cache in this build.

    @property
    def data(self) -> dict[tuple[Any, ...], tuple[str, tuple[str, ...]]]:
        if self._data is None:
            self._data = {}
            with contextlib.suppress(
                OSError, EOFError, pickle.UnpicklingError, AttributeError, ValueError
            ):
                stored = pickle.loads(self.path.read_bytes())
                if stored.get("signature") == self.signature:
                    self._data = stored["fragments"]
        return self._data

    def get(self, key: tuple[Any, ...], build: Any) -> tuple[str, tuple[str, ...]]:
        """(HTML, text leaves) for *key*; on a miss, render ``build()`` (a node tree)."""
        full_key = (*key, self.signature)
        self._used.add(full_key)
        found = self.data.get(full_key)
        if found is None:
            tree = build()
            found = (self._render(tree), text_leaves(tree))
            self.data[full_key] = found
            self.dirty = True
            self.rendered += 1
        else:
            self.reused += 1
        return found

    def _render(self, tree: nodes.Element) -> str:
        if self._translator is None:
            document = new_document("<bibfolio>", self.builder.docsettings)
            document.settings.env = self.builder.env
            self._translator = self.builder.create_translator(document, self.builder)
        translator = self._translator
        translator.body = []
        tree.document = translator.document
        tree.walkabout(translator)
        return "".join(translator.body)

    def save(self) -> None:
        """Store the cache; unused fragments are dropped once they outnumber used ones."""
        if not self.dirty or self._data is None:
            return
        kept = self._data
        if len(kept) > 3 * len(self._used) + 1000:
            kept = {key: value for key, value in kept.items() if key in self._used}
        temporary = self.path.with_suffix(".tmp")
        temporary.write_bytes(
            pickle.dumps(
                {"signature": self.signature, "fragments": kept}, protocol=pickle.HIGHEST_PROTOCOL
            )
        )
        temporary.replace(self.path)
