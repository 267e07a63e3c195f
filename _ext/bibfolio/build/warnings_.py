"""Located, typed warnings: ``bibfolio.<subtype>``, or stock's ``bibtex.<subtype>``.

Where sphinxcontrib-bibtex reports the same problem itself, bibfolio reports it once,
under stock's type and subtype (:data:`STOCK_WARNINGS`), so ``suppress_warnings`` written
for stock keep working; bibfolio's own name suppresses it too.
"""

from __future__ import annotations

import re
from pathlib import PurePath
from typing import TYPE_CHECKING, Any

from sphinx.util import logging

from ..reading.diagnostics import SUBTYPES

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from ..reading.diagnostics import Diagnostic

#: The warning type; with a subtype from :data:`SUBTYPES` it forms ``bibfolio.<subtype>``.
WARNING_TYPE = "bibfolio"
logger = logging.getLogger("bibfolio")
#: sphinxcontrib-bibtex's warning type.
STOCK_TYPE = "bibtex"

_DUPLICATE_KEY = re.compile(r"^duplicate key '(?P<key>[^']*)'")


def _data_error(diagnostic: Diagnostic) -> str:
    # Stock (pybtex) words a repeated key "repeated bibliography entry: KEY"; tests and
    # log searches written for stock look for that phrase.
    message = _DUPLICATE_KEY.sub(
        lambda found: f"repeated bibliography entry: {found['key']}", diagnostic.message
    )
    # The location already gives the full path; stock's lead-in names the file.
    return f"bibliography data error in {PurePath(diagnostic.path).name}: {message}"


#: bibfolio subtype → (stock subtype, the message in stock's words) for the problems
#: sphinxcontrib-bibtex 2.7 itself reports as warnings (measured with its pybtex parser).
STOCK_WARNINGS: dict[str, tuple[str, Callable[[Diagnostic], str]]] = {
    "duplicate_key": ("bibfile_data_error", _data_error),
    "duplicate_field": ("bibfile_data_error", _data_error),
    "missing_file": (
        "bibfile_error",
        lambda d: f"could not open bibtex file {PurePath(d.path).name}: {d.message}",
    ),
}
#: Problems on which sphinxcontrib-bibtex stops the build (pybtex raises while parsing).
#: bibfolio keeps reading and warns as ``bibfolio.<subtype>``: stock has no name for them.
STOCK_STOPS = frozenset(
    {"syntax", "unbalanced_braces", "missing_comma", "undefined_macro", "name", "encoding"}
)


def reported_in_every_project(subtype: str) -> bool:
    """Whether a bibliography problem is reported even where no ``{publications}`` shows.

    Those are the problems stock reports or stops on.  The others (lint such as
    ``similar_title``, ``empty_file``, owner checks) concern a portfolio's lists only: a
    project that merely adds bibfolio must build exactly as it did with stock.
    """
    return subtype in STOCK_WARNINGS or subtype in STOCK_STOPS


def warn(message: str, subtype: str, *, location: Any = None) -> None:
    """Emit one warning; *subtype* must be documented in :data:`SUBTYPES`."""
    if subtype not in SUBTYPES:  # pragma: no cover - a programming error, caught by tests
        raise KeyError(subtype)
    logger.warning(message, type=WARNING_TYPE, subtype=subtype, location=location)


def report(diagnostic: Diagnostic, suppressed: Sequence[str] = ()) -> None:
    """Emit a model :class:`Diagnostic` at its ``file:line``.

    A note (:attr:`~.Diagnostic.is_note`) is logged at info level, so ``-W`` builds
    pass; Sphinx only filters warnings, so *suppressed* (``suppress_warnings``) is applied
    here.  A problem stock also reports goes out under stock's name
    (:data:`STOCK_WARNINGS`); Sphinx filters that name, and bibfolio's name is checked
    against *suppressed* here.
    """
    if diagnostic.is_note:
        if not logging.is_suppressed_warning(WARNING_TYPE, diagnostic.subtype, suppressed):
            logger.info(
                "%s: bibfolio: %s [%s.%s]",
                diagnostic.location,
                diagnostic.message,
                WARNING_TYPE,
                diagnostic.subtype,
            )
        return
    stock = STOCK_WARNINGS.get(diagnostic.subtype)
    if stock is None:
        warn(diagnostic.message, diagnostic.subtype, location=diagnostic.location)
        return
    if logging.is_suppressed_warning(WARNING_TYPE, diagnostic.subtype, suppressed):
        return  # bibfolio's name for it, as in suppress_warnings written for bibfolio
    subtype, message = stock
    logger.warning(
        message(diagnostic), type=STOCK_TYPE, subtype=subtype, location=diagnostic.location
    )
