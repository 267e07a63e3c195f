"""The CV: the portfolio's pages and publications as a web page and, with Typst, PDFs.

May import :mod:`bibfolio.doctree`, :mod:`bibfolio.build` and everything below them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from sphinx.application import Sphinx


def register(app: Sphinx) -> None:
    """The ``{cv-link}`` role, the CV page and the PDFs; ``bibfolio_cv`` is in build/config.py."""
    from .build import build_cv  # noqa: PLC0415
    from .content import note_content  # noqa: PLC0415
    from .page import collect_cv_page  # noqa: PLC0415
    from .role import CvLinkRole, CvLinks, cv_link, outdated_pages, record_link_state  # noqa: PLC0415
    from .timing import start_cv_after_pages, start_cv_when_writing  # noqa: PLC0415

    app.add_node(cv_link)
    app.add_role("cv-link", CvLinkRole())
    app.add_post_transform(CvLinks)
    app.connect("env-get-outdated", outdated_pages)
    app.connect("env-updated", note_content, priority=400)  # before what reads it
    app.connect("env-updated", record_link_state)
    app.connect("html-collect-pages", collect_cv_page)
    app.connect("write-started", start_cv_when_writing)
    # Before the CV page (priority 500): the PDFs typeset while it is made.
    app.connect("html-collect-pages", start_cv_after_pages, priority=400)
    app.connect("build-finished", build_cv)
