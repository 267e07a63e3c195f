"""When a build starts the CV's PDFs: as Sphinx starts writing, or after the site's pages."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .build import start_cv

if TYPE_CHECKING:
    from sphinx.application import Sphinx
    from sphinx.builders import Builder

#: The builders that can start the CV after the pages: those whose ``finish`` emits
#: ``html-collect-pages`` (singlehtml's does not).
LATE_BUILDERS = frozenset({"html", "dirhtml"})


class CvTiming:
    """When this process's builds make the CV's Typst sources and start Typst.

    At ``write-started`` by default: Typst typesets on the second core while the site's
    pages are written.  A live preview (bibfolio.live) sets :attr:`after_pages` in the
    process of each of its builds: there the page just saved is what the author waits
    for, and the CV's sources (0.3 s of a 200-entry portfolio's rebuild) and a Typst
    process competing for the CPU would come before it.  The files written are the
    same either way.
    """

    after_pages = False


def _late(builder: Builder) -> bool:
    return CvTiming.after_pages and builder.name in LATE_BUILDERS


def start_cv_when_writing(app: Sphinx, builder: Builder) -> None:
    """``write-started``: :func:`~bibfolio.cv.build.start_cv`, unless it comes after the pages."""
    if not _late(builder):
        start_cv(app, builder)


def start_cv_after_pages(app: Sphinx) -> list[tuple[str, dict[str, Any], str]]:
    """``html-collect-pages``: :func:`~bibfolio.cv.build.start_cv` after the site's pages."""
    if _late(app.builder):
        start_cv(app, app.builder)
    return []  # no page of its own
