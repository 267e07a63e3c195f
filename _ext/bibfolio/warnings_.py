"""Located, typed warnings: every one is ``bibfolio.<subtype>`` and can be suppressed."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sphinx.util import logging

from .model.diagnostics import NOTES, SUBTYPES

if TYPE_CHECKING:
    from collections.abc import Sequence

    from .model.diagnostics import Diagnostic

#: The warning type; with a subtype from :data:`SUBTYPES` it forms ``bibfolio.<subtype>``.
WARNING_TYPE = "bibfolio"
logger = logging.getLogger("bibfolio")


def warn(message: str, subtype: str, *, location: Any = None) -> None:
    """Emit one warning; *subtype* must be documented in :data:`SUBTYPES`."""
    if subtype not in SUBTYPES:  # pragma: no cover - a programming error, caught by tests
        raise KeyError(subtype)
    logger.warning(message, type=WARNING_TYPE, subtype=subtype, location=location)


def report(diagnostic: Diagnostic, suppressed: Sequence[str] = ()) -> None:
    """Emit a model :class:`Diagnostic` at its ``file:line``.

    A note (:data:`NOTES`) is logged at info level, so ``-W`` builds pass; Sphinx only
    filters warnings, so *suppressed* (``suppress_warnings``) is applied here.
    """
    if diagnostic.subtype in NOTES:
        if not logging.is_suppressed_warning(WARNING_TYPE, diagnostic.subtype, suppressed):
            logger.info(
                "%s: bibfolio: %s [%s.%s]",
                diagnostic.location,
                diagnostic.message,
                WARNING_TYPE,
                diagnostic.subtype,
            )
        return
    warn(diagnostic.message, diagnostic.subtype, location=diagnostic.location)
