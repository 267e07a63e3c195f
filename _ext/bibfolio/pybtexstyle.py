"""A pybtex style for sphinxcontrib-bibtex's own output (citation tooltips, ``{bibliography}``).

pybtex's styles sentence-case titles ("Sage: practical & scalable ml-driven ...").  This
one keeps them as written, like bibfolio's lists do.  Select it with
``bibtex_default_style = "bibfolio"``.
"""

from __future__ import annotations

from typing import Any

from pybtex.plugin import register_plugin
from pybtex.style.formatting.unsrt import Style as UnsrtStyle
from pybtex.style.template import field, sentence


class Style(UnsrtStyle):
    """unsrt, with titles kept in the case they are written in."""

    def format_title(self, e: Any, which_field: str, as_sentence: bool = True) -> Any:
        title = field(which_field)
        return sentence[title] if as_sentence else title


def register() -> None:
    """Make ``bibtex_default_style = "bibfolio"`` work (force: conf.py may run twice)."""
    register_plugin("pybtex.style.formatting", "bibfolio", Style, force=True)
