"""Located, typed warnings: every one is ``bibfolio.<subtype>`` and can be suppressed."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sphinx.util import logging

from .model.diagnostics import SUBTYPES

if TYPE_CHECKING:
    from .model.diagnostics import Diagnostic

#: The warning type; with a subtype from :data:`SUBTYPES` it forms ``bibfolio.<subtype>``.
WARNING_TYPE = "bibfolio"
logger = logging.getLogger("bibfolio")


def warn(message: str, subtype: str, *, location: Any = None) -> None:
    """Emit one warning; *subtype* must be documented in :data:`SUBTYPES`."""
    if subtype not in SUBTYPES:  # pragma: no cover - a programming error, caught by tests
        raise KeyError(subtype)
    logger.warning(message, type=WARNING_TYPE, subtype=subtype, location=location)


def report(diagnostic: Diagnostic) -> None:
    """Emit a model :class:`Diagnostic` at its ``file:line``."""
    warn(diagnostic.message, diagnostic.subtype, location=diagnostic.location)
