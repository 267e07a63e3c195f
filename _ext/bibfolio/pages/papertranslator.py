"""The translator and highlighter that write every paper page of a build.

Each paper page was given a new translator (``builder.create_translator``), whose
making is the same every time: docutils works out the style sheet list from the
settings, Sphinx binds the extensions' node handlers to it, bibfolio gives it the faster
``starttag`` (3,000 pages ~1 s of CPU).  :class:`PaperTranslators` makes one for the
first page and, for each further page, puts it back in the state it had when made,
with the page's document: what a new translator is, the output byte for byte
(tests/test_paper_pages*.py, the reference builds).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sphinx.highlighting import PygmentsBridge

from ..build.fasthtml import speed_up

if TYPE_CHECKING:
    from docutils import nodes


class PaperHighlighter(PygmentsBridge):
    """The builder's highlighter, with one formatter for all paper pages.

    Sphinx makes a new Pygments formatter (and its style sheet) per code block; the
    BibTeX blocks of thousands of pages all use the same one.
    """

    def __init__(self, bridge: PygmentsBridge) -> None:
        super().__init__(bridge.dest, latex_engine=bridge.latex_engine)
        self.formatter = bridge.formatter
        self.formatter_args = dict(bridge.formatter_args)
        self._formatters: dict[str, Any] = {}

    def get_formatter(self, **kwargs: Any) -> Any:
        key = repr(sorted(kwargs.items()))
        if key not in self._formatters:
            self._formatters[key] = super().get_formatter(**kwargs)
        return self._formatters[key]


#: The attributes a translator takes from the document it is made for.
_PER_DOCUMENT = ("document", "docnames")


class PaperTranslators:
    """One translator of *builder*, made new for each paper page by resetting it."""

    def __init__(self, builder: Any, highlighter: PygmentsBridge) -> None:
        self.builder = builder
        #: What writes the pages' code blocks.
        self.highlighter = highlighter
        self._translator: Any = None
        self._made: dict[str, Any] = {}

    def for_page(self, document: nodes.document) -> Any:
        """A translator for *document*, as ``builder.create_translator`` makes it.

        A translator's own state is lists of strings and plain values (checked at
        making: anything else, and a new translator is made for each page).
        """
        builder = self.builder
        if self._translator is None or document.settings is not self._translator.settings:
            translator = speed_up(builder.create_translator(document, builder))
            made = _copied(vars(translator))
            if all(_resettable(name, value) for name, value in made.items()):
                self._translator, self._made = translator, made
            return translator
        translator = self._translator
        state = vars(translator)
        state.clear()
        state.update(_copied(self._made))
        translator.document = document
        translator.docnames = [builder.current_docname]
        return translator


def _copied(state: dict[str, Any]) -> dict[str, Any]:
    return {name: value[:] if type(value) is list else value for name, value in state.items()}


def _resettable(name: str, value: Any) -> bool:
    if name in _PER_DOCUMENT:
        return True
    if type(value) is list:
        return all(type(item) in (str, int) for item in value)
    return not isinstance(value, (dict, set))
