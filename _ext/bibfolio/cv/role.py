"""The ``{cv-link}`` role: a link to ``cv.pdf``, ``cv-short.pdf`` or the CV page.

``{cv-link}`CV (PDF)``` links the full CV, ``{cv-link}`One-page CV <short>``` the
short one, ``{cv-link}`CV <page>``` the web page (page.py; ``singlehtml`` has none and
links the PDF).  The link is made when the page is written: relative to the page (so
it works in a subfolder, with ``dirhtml`` and opened from disk), and only by the site
builders that write the target; elsewhere (epub, LaTeX, text) it is plain text, and an
``optional`` link (the profile card's) is left out.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from docutils import nodes
from sphinx.transforms.post_transforms import SphinxPostTransform
from sphinx.util.docutils import SphinxRole
from sphinx.util.osutil import relative_uri

from ..build.bibliography import get_domain
from ..build.translation import translated
from ..model.messages import N_
from .build import FILES
from .page import PAGENAME, has_page, typst_installed
from .source import wants_cv

if TYPE_CHECKING:
    from docutils.nodes import Node, system_message
    from sphinx.application import Sphinx
    from sphinx.environment import BuildEnvironment

_EXPLICIT = re.compile(r"^(?P<text>.*?)\s*<(?P<which>full|short|page)>$", re.DOTALL)
DEFAULT_TEXT = {"full": N_("CV (PDF)"), "short": N_("One-page CV (PDF)"), "page": N_("CV")}
#: The builders that write the PDFs (build.py's BUILDERS).
SITE_BUILDERS = frozenset({"html", "dirhtml", "singlehtml"})


class cv_link(nodes.inline):  # noqa: N801 - docutils node naming
    """Placeholder for a CV link: ``which`` is "full" or "short"."""


class CvLinkRole(SphinxRole):
    """``text`` or ``text <full|short|page>``; an empty text reads "CV (PDF)"."""

    def run(self) -> tuple[list[Node], list[system_message]]:
        match = _EXPLICIT.match(self.text)
        text, which = (match["text"], match["which"]) if match else (self.text, "full")
        text = text.strip() or translated(DEFAULT_TEXT[which])
        return [cv_link(text, text, classes=["bibfolio-cv-link"], which=which)], []


class CvLinks(SphinxPostTransform):
    """Write time: a relative link where the target is written, plain text elsewhere."""

    default_priority = 10

    def run(self, **kwargs: Any) -> None:
        links = list(self.document.findall(cv_link))
        if not links:
            return
        app = self.env.app
        builder = app.builder
        # No link to a PDF that is not written: without the typst package there is none,
        # and without a selected entry no one-page CV.
        typst, selected = link_state(self.env)
        pdfs = builder.name in SITE_BUILDERS and wants_cv(app) and typst
        short = pdfs and selected
        page = has_page(app)
        here = builder.get_target_uri(self.env.docname)
        for node in links:
            text, which = node.astext(), node["which"]
            if which == "page" and page:
                uri = relative_uri(here, builder.get_target_uri(PAGENAME))
            elif pdfs and (short or which != "short"):
                # singlehtml has no CV page: its "page" link is the PDF
                uri = relative_uri(here, FILES.get(which, FILES["full"]))
            elif node.get("optional"):
                node.parent.remove(node)
                continue
            else:
                node.replace_self(nodes.inline(text, text, classes=node["classes"]))
                continue
            reference = nodes.reference(text, text, refuri=uri, classes=node["classes"])
            node.replace_self(reference)


def link_state(env: BuildEnvironment) -> tuple[bool, bool]:
    """What a page's CV links depend on besides the page: (PDFs written, one-page CV)."""
    state = get_domain(env).data["state"]
    return typst_installed(), bool(state is not None and state.selected)


def outdated_pages(
    app: Sphinx, env: BuildEnvironment, added: set[str], changed: set[str], removed: set[str]
) -> list[str]:
    """``env-get-outdated``: every page again when what CV links point to changed.

    Installing the typst package, or the first (or last) ``selected`` entry, turns
    links to ``cv.pdf`` or ``cv-short.pdf`` from text into links or back; the pages
    holding them are not otherwise read again.  Both change rarely, so every page is
    read again then, rather than keeping a record of which pages hold a link.
    """
    domain = get_domain(env)
    previous = domain.data.get("cv_links")
    if previous is None:  # no CV in the last build (or none yet): nothing links one
        return []
    current = link_state(env)
    if previous == current:
        return []
    domain.data["cv_links"] = current
    return sorted(env.found_docs)


def record_link_state(app: Sphinx, env: BuildEnvironment) -> None:
    """``env-updated``: what the links of a project with a CV were written for."""
    domain = get_domain(env)
    if wants_cv(app):
        domain.data["cv_links"] = link_state(env)
    else:
        domain.data.pop("cv_links", None)
