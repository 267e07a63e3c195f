"""citeproc-py, corrected to write what citeproc-js (Zotero's and Mendeley's CSL processor) writes.

bibfolio formats its APA and IEEE references with citeproc-py (pure Python: a build needs
no node and no network).  On the same style files citeproc-py writes some things other
than citeproc-js, which is what a reader's reference manager shows; the corrections here
make the two agree (``tests/test_citeproc_js.py`` compares every reference of both
portfolios and the corpus with citeproc-js itself).  Each one follows citeproc-js's own
rule, named beside it:

* quotes: quote marks inside a variable (straight ones, and the locale's curly ones,
  each closed by its own counterpart) are quote markup; nested quotes alternate between
  outer and inner marks ("flip-flop"), and with the locale's ``punctuation-in-quote``
  a comma or period that the style puts after a closing quote goes inside it
  (:mod:`.cslquotes`: ``prepare`` before formatting, ``finish`` after);
* ``text-case``: citeproc-js's title case (its stop-word list; words split at hyphens and
  periods; words with a capital left alone) and capitalize-first; terms and labels are
  cased in the style's locale (citeproc-py left "eds." uncased);
* ``cs:substitute``: a variable rendered in place of the author is suppressed in the
  rest of the entry (citeproc-py did so only for a ``cs:text`` naming it directly);
* initials: citeproc-js's ``initializeWith`` (:mod:`.cslinitials`);
* ``cs:group`` and ``cs:label``: a group prints by what was rendered in it (a variable
  that printed, or a term with no variable tried); a label only with its variable;
* numbers: ``is-numeric`` and plural labels as citeproc-js's number parser reads them
  (:mod:`.cslnumbers`: "Vols. 269, 270, 305", "Nos. 99-02", "p. 37:1-37:13"), a
  number's own leading label ("no. 99") hidden;
* page ranges: the style's ``page-range-format`` (:mod:`.cslpages`; citeproc-py left
  "expanded" ranges abbreviated: APA's "2579–88" is "2579–2588");
* a period the style adds after "?" or "!" is dropped.

Title case and capitalize-first are in :mod:`.csltextcase`, the number reading in
:mod:`.cslnumbers`, the quote marks in :mod:`.cslquotes` (all plain string rules).

This module and :mod:`.cslmemo` (lookups citeproc-py repeats, remembered) are the ones
that touch citeproc-py's internals: they replace methods of its model classes, are
written against citeproc-py 0.11.1 (pinned in ``pyproject.toml``), and the
replacements act only inside :func:`corrected` (bibfolio's own formatting), so any
other user of citeproc-py in the process gets citeproc-py's behaviour.
"""

from __future__ import annotations

from contextlib import contextmanager
from functools import cache
from typing import TYPE_CHECKING, Any

from . import cslmemo, cslnumbers, cslpages
from .cslinitials import initialize_with
from .cslquotes import CLOSE, OPEN

if TYPE_CHECKING:
    from collections.abc import Iterator

#: The citeproc-py release these corrections were written against.
CITEPROC_PY_VERSION = "0.11.1"
#: The citeproc-js release whose output they reproduce (tests/citeproc-js/package.json),
#: and the corrections' revision: part of the reference cache's key, so references
#: kept by a build with other corrections are made again.
MATCHES = "citeproc-js 2.4.63, revision 3"


class _Entry:
    """What the corrections track while one entry is formatted."""

    def __init__(self) -> None:
        self.active = False
        #: Variables a cs:substitute rendered: suppressed in the rest of the entry.
        self.suppressed: set[str] = set()
        #: Per cs:substitute being rendered, the variables rendered within it.
        self.recording: list[set[str]] = []
        #: Per cs:group being rendered: [a variable was tried, one printed, a term printed].
        self.groups: list[list[bool]] = []


_state = _Entry()


@contextmanager
def corrected() -> Iterator[None]:
    """Within this block citeproc-py formats one entry with this module's corrections."""
    _install()
    _state.__init__()
    cslmemo.forget_references()
    _state.active = True
    try:
        yield
    finally:
        _state.active = False


# -- the corrections ------------------------------------------------------------------------


@cache
def _install() -> None:
    """Wrap citeproc-py's methods once; each wrapper defers to the original when inactive."""
    from citeproc import model  # noqa: PLC0415 - citeproc-py is imported where it is used

    from . import cslordinals, csltextcase  # noqa: PLC0415

    def patch(cls: type, name: str, replacement: Any) -> None:
        original = getattr(cls, name)

        def method(self: Any, *args: Any, **kwargs: Any) -> Any:
            if not _state.active:
                return original(self, *args, **kwargs)
            return replacement(original, self, *args, **kwargs)

        setattr(cls, name, method)

    patch(model.Quoted, "quote", _quote)
    patch(model.TextCased, "case", csltextcase.case)
    patch(model.Label, "markup", _label_markup)
    patch(model.Label, "_is_plural", _label_is_plural)
    patch(model.Label, "process", _label_process)
    patch(model.If, "_is_numeric", _if_is_numeric)
    patch(model.Label, "render", _label_render)
    patch(model.Text, "render", _text_render)
    patch(model.Name, "initialize", _initialize)
    patch(model.Substitute, "render", _substitute_render)
    patch(model.Text, "_variable", _text_variable)
    patch(model.Names, "process", _names_process)
    patch(model.Number, "process", _number_process)
    patch(model.Date, "process", _date_process)
    patch(model.Group, "process", _group_process)
    patch(model.FormatNumber, "_process", _pages_process)
    patch(model.CitationStylesElement, "xpath_search", cslmemo.xpath_search)
    original_ordinal = model.to_ordinal  # a function: Number and Date call it by name

    def ordinal(number: int, context: Any) -> str:
        if not _state.active:
            return original_ordinal(number, context)
        return cslordinals.to_ordinal(original_ordinal, number, context)

    model.to_ordinal = ordinal
    cslmemo.install(lambda: _state.active)


def _quote(original: Any, self: Any, string: Any) -> Any:
    del original
    if self.get("quotes", "false").lower() == "true":
        return OPEN + string + CLOSE
    return string


def _pages_process(original: Any, self: Any, value: Any, variable: str) -> Any:
    # The page variable's ranges in the style's page-range-format (citeproc-py split
    # them the same way but expanded nothing); other numbers as citeproc-py writes them.
    if variable != "page":
        return original(self, value, variable)
    delimiter = self.get_single_term(name="page-range-delimiter") or "\u2013"
    range_format = self.get_root().get_option("page-range-format")

    def one(text: str) -> str:
        parts = text.replace("\u2013", "-").split("-")
        if len(parts) != 2:
            return text.strip()
        first, last = (part.strip() for part in parts)
        return cslpages.page_range(first, last, range_format, delimiter)

    return ", ".join(
        " & ".join(one(item) for item in comma_item.split("&"))
        for comma_item in str(value).split(",")
    )


def _label_markup(original: Any, self: Any, text: Any) -> Any:
    # A term is in the style's language (citeproc-py cased it only with the item's).
    del original
    if not text:
        return None
    return self.wrap(self.format(self.case(self.strip_periods(text), "en")))


def _label_process(original: Any, self: Any, item: Any, variable: Any = None, *args, **kwargs):
    # A cs:label of its own variable prints only when the variable is not empty (CSL
    # 1.0.2, cs:label); a label of a names element gets the role it labels.
    own = self.get("variable")
    if (
        variable is None
        and own
        and own != "locator"
        and own.replace("-", "_") not in item.reference
    ):
        return None
    return original(self, item, variable, *args, **kwargs)


def _label_render(original: Any, self: Any, *args: Any, **kwargs: Any) -> Any:
    text = original(self, *args, **kwargs)
    if text:
        _term_printed()
    return text


def _label_is_plural(original: Any, self: Any, item: Any) -> bool:
    from citeproc.model import VariableError  # noqa: PLC0415

    variable = self.get("variable")
    if variable == "locator":
        return original(self, item)
    try:
        value = str(item.reference[variable.replace("-", "_")])
    except VariableError:
        return False
    return cslnumbers.reading(value, variable)[1]


def _if_is_numeric(original: Any, self: Any, item: Any) -> list[bool]:
    # citeproc-js: a number variable as its number parser reads it; "title" and
    # "version" when they end in a digit; any other variable never.
    del original
    results = []
    for variable in self.get("is-numeric").split():
        value = item.reference.get(variable.replace("-", "_"))
        if not value:
            results.append(False)
        elif variable in cslnumbers.NUMERIC_VARIABLES:
            results.append(cslnumbers.reading(str(value), variable)[0])
        else:
            results.append(variable in ("title", "version") and str(value)[-1:].isdigit())
    return results


def _initialize(original: Any, self: Any, given: str, mark: str, context: Any) -> str:
    del original
    hyphen = self.get_option("initialize-with-hyphen", context)
    return initialize_with(str(given), mark, hyphen=hyphen)


# cs:substitute: what the substitute rendered is suppressed in the rest of the entry.
# cs:group: as citeproc-js decides, from what was rendered (citeproc-py judged by which
# children *could* call a variable, so the branch of a cs:choose that printed only a
# term kept or lost its group by the other branches).  Each group notes whether a
# variable was tried, one printed, and a term printed; it prints when a variable
# printed, or a term did and no variable was tried.  A group that prints counts as a
# printed variable for the group around it; one that does not passes on its "tried".


def _called(*, rendered: bool) -> None:
    if _state.groups:
        _state.groups[-1][1 if rendered else 0] = True


def _term_printed() -> None:
    if _state.groups:
        _state.groups[-1][2] = True


def _record(variable: str) -> None:
    for rendered in _state.recording:
        rendered.add(variable)


def _substitute_render(original: Any, self: Any, item: Any, context: Any = None, **kwargs: Any):
    rendered: set[str] = set()
    _state.recording.append(rendered)
    try:
        text = original(self, item, context=context, **kwargs)
    finally:
        _state.recording.pop()
    if text:
        _state.suppressed.update(rendered)
    return text


def _group_process(original: Any, self: Any, item: Any, context: Any = None, **kwargs: Any):
    from citeproc.model import Choose, VariableError  # noqa: PLC0415

    del original
    group = [False, False, False]
    _state.groups.append(group)
    output = []
    delimiter = self.get("delimiter", "")
    try:
        for child in self.iterchildren():
            try:
                if isinstance(child, Choose):
                    text = child.render(item, context=context, delimiter=delimiter, **kwargs)
                else:
                    text = child.render(item, context=context, **kwargs)
            except VariableError:
                continue
            if text is not None:
                output.append(text)
    finally:
        _state.groups.pop()
    tried, printed, term = group
    if output and (printed or (term and not tried)):
        _called(rendered=True)
        return self.join(output)
    if _state.groups:
        _state.groups[-1][0] = tried
    raise VariableError


def _text_render(original: Any, self: Any, *args: Any, **kwargs: Any) -> Any:
    text = original(self, *args, **kwargs)
    if text and ("term" in self.attrib or "value" in self.attrib):
        _term_printed()
    return text


def _text_variable(original: Any, self: Any, item: Any, context: Any) -> Any:
    from citeproc.model import VariableError  # noqa: PLC0415

    variable = self.get("variable")
    if variable in self.generated_variables:
        # year-suffix: made by the processor, no variable of the item (citeproc-js).
        return original(self, item, context)
    if variable in _state.suppressed:
        _called(rendered=False)
        return None
    try:
        text = original(self, item, context)
    except VariableError:
        _called(rendered=False)
        raise
    _called(rendered=bool(text))
    if text:
        _record(variable)
    return text


def _names_process(original: Any, self: Any, item: Any, names_context: Any = None,
                   context: Any = None, **kwargs: Any) -> Any:  # fmt: skip
    from citeproc.model import VariableError  # noqa: PLC0415

    roles = self.get("variable").split()
    hidden = [role for role in roles if role in _state.suppressed]
    if hidden:
        kept = " ".join(role for role in roles if role not in hidden)
        if not kept:
            _called(rendered=False)
            raise VariableError
        self.set("variable", kept)
    try:
        text = original(self, item, names_context, context, **kwargs)
    except VariableError:
        _called(rendered=False)
        raise
    finally:
        self.set("variable", " ".join(roles))
    _called(rendered=bool(text))
    if text:
        for role in roles:
            if role not in hidden and role in item.reference:
                _record(role)
    return text


def _number_process(original: Any, self: Any, item: Any, context: Any = None, **kwargs: Any):
    from citeproc.model import VariableError  # noqa: PLC0415

    variable = self.get("variable")
    if variable in _state.suppressed:
        _called(rendered=False)
        return None
    try:
        text = original(self, item, context=context, **kwargs)
    except VariableError:
        _called(rendered=False)
        raise
    _called(rendered=bool(text))
    if text:
        _record(variable)
    return text


def _date_process(original: Any, self: Any, item: Any, *args: Any, **kwargs: Any) -> Any:
    from citeproc.model import Locale, VariableError  # noqa: PLC0415

    # A localized date (the locale's cs:date) is rendered on behalf of the style's
    # own cs:date, which counts the call.
    own = not isinstance(self.get_root(), Locale)
    try:
        text = original(self, item, *args, **kwargs)
    except VariableError:
        if own:
            _called(rendered=False)
        raise
    if own:
        _called(rendered=text is not None)
    return text
