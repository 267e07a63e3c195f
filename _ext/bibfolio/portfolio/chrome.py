"""A portfolio's page chrome: the navbar's CV link (``templates/portfolio/``).

Also read by the lean paper pages' header (templates/paper/bibfolio-paper.html).

pydata-sphinx-theme's navbar lists the pages of the home page's toctree; the CV page
is written by bibfolio (cv/page.py), outside every toctree, so the theme cannot list
it.  ``bibfolio_portfolio`` puts ``bibfolio-navbar-nav.html`` in the navbar's centre
(portfolio/defaults.py): the theme's own list, then "CV" where this build writes the CV page.
The same component fills the theme's phone menu.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from sphinx.application import Sphinx
    from sphinx.config import Config

TEMPLATES = Path(__file__).parent.parent / "templates" / "portfolio"


def add_templates(app: Sphinx, config: Config) -> None:
    """``config-inited``: a portfolio's components join the templates path."""
    if config.bibfolio_portfolio is True and str(TEMPLATES) not in config.templates_path:
        config.templates_path = [*config.templates_path, str(TEMPLATES)]


def cv_in_navbar(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    """``html-page-context``: the CV page's name for the navbar, or "" (none; not a portfolio)."""
    from ..cv.page import PAGENAME, has_page  # noqa: PLC0415

    if app.config.bibfolio_portfolio is not True:
        context["bibfolio_cv_page"] = ""
        return
    listed = PAGENAME in app.env.toctree_includes.get(app.config.root_doc, ())
    # A project's own "cv" page in the home page's toctree is in the theme's list already.
    context["bibfolio_cv_page"] = PAGENAME if has_page(app) and not listed else ""


def register(app: Sphinx) -> None:
    """The template folder and the navbar's context."""
    app.connect("config-inited", add_templates)
    app.connect("html-page-context", cv_in_navbar)
