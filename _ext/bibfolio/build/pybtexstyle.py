"""A pybtex style for sphinxcontrib-bibtex's own output (citation tooltips, ``{bibliography}``).

pybtex's styles sentence-case titles ("Sage: practical & scalable ml-driven ...").  This
one keeps them as written, like bibfolio's lists do.  It also formats an entry that
lacks a field its type's template needs (an ``@article`` without a journal) instead of
raising: the entry keeps its type (``{bibliography}`` filters read it), and its text is
formatted as ``@misc`` formats it, from the fields it has.  Select it with
``bibtex_default_style = "bibfolio"``.
"""

from __future__ import annotations

from typing import Any

from pybtex.plugin import register_plugin
from pybtex.richtext import Text
from pybtex.style import FormattedEntry
from pybtex.style.formatting.unsrt import Style as UnsrtStyle
from pybtex.style.template import FieldIsMissing, field, join, node, sentence


@node
def _names_et_al(children: Any, context: dict[str, Any], role: str, **kwargs: Any) -> Any:
    """Like pybtex's ``names``, with BibTeX's ``and others`` shown as "et al."."""
    if children:
        raise ValueError(children)
    try:
        persons = list(context["entry"].persons[role])
    except KeyError:
        raise FieldIsMissing(role, context["entry"]) from None
    style = context["style"]
    et_al = len(persons) > 1 and str(persons[-1]).strip().lower() == "others"
    if et_al:
        persons = persons[:-1]
        kwargs = {**kwargs, "sep2": kwargs["sep"], "last_sep": kwargs["sep"]}
    formatted = [style.format_name(person, style.abbreviate_names) for person in persons]
    text = join(**kwargs)[formatted].format_data(context)
    if et_al:
        text = Text(text, ", et al." if len(persons) > 1 else " et al.")
    return text


class Style(UnsrtStyle):
    """unsrt, with titles kept in the case they are written in and no missing-field errors."""

    def format_title(self, e: Any, which_field: str, as_sentence: bool = True) -> Any:
        title = field(which_field)
        return sentence[title] if as_sentence else title

    def format_entry(self, label: str, entry: Any, bib_data: Any = None) -> FormattedEntry:
        """Format *entry*; when a required field is missing, as ``@misc`` (see module doc)."""
        try:
            formatted = super().format_entry(label, entry, bib_data)
        except FieldIsMissing:
            context = {"entry": entry, "style": self, "bib_data": bib_data}
            formatted = FormattedEntry(
                entry.key, self.get_misc_template(entry).format_data(context), label
            )
        return formatted

    def format_names(self, role: str, as_sentence: bool = True) -> Any:
        names = _names_et_al(role, sep=", ", sep2=" and ", last_sep=", and ")
        return sentence[names] if as_sentence else names


def register() -> None:
    """Make ``bibtex_default_style = "bibfolio"`` work (force: conf.py may run twice)."""
    register_plugin("pybtex.style.formatting", "bibfolio", Style, force=True)
