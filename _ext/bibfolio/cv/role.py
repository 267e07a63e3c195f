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

if TYPE_CHECKING:
    from docutils.nodes import Node, system_message

_EXPLICIT = re.compile(r"^(?P<text>.*?)\s*<(?P<which>full|short|page)>$", re.DOTALL)
FILES = {"full": "cv.pdf", "short": "cv-short.pdf"}
DEFAULT_TEXT = {"full": "CV (PDF)", "short": "One-page CV (PDF)", "page": "CV"}
#: The builders that write the PDFs (build.py's BUILDERS).
SITE_BUILDERS = frozenset({"html", "dirhtml", "singlehtml"})


class cv_link(nodes.inline):  # noqa: N801 - docutils node naming
    """Placeholder for a CV link: ``which`` is "full" or "short"."""


class CvLinkRole(SphinxRole):
    """``text`` or ``text <full|short|page>``; an empty text reads "CV (PDF)"."""

    def run(self) -> tuple[list[Node], list[system_message]]:
        match = _EXPLICIT.match(self.text)
        text, which = (match["text"], match["which"]) if match else (self.text, "full")
        text = text.strip() or DEFAULT_TEXT[which]
        return [cv_link(text, text, classes=["bibfolio-cv-link"], which=which)], []


class CvLinks(SphinxPostTransform):
    """Write time: a relative link where the target is written, plain text elsewhere."""

    default_priority = 10

    def run(self, **kwargs: Any) -> None:
        from .build import wants_cv  # noqa: PLC0415 - loaded when a page is written
        from .page import PAGENAME, has_page  # noqa: PLC0415 - page.py imports this module

        builder = self.env.app.builder
        pdfs = builder.name in SITE_BUILDERS and wants_cv(self.env.app)
        page = has_page(self.env.app)
        here = builder.get_target_uri(self.env.docname) if pdfs else ""
        for node in list(self.document.findall(cv_link)):
            text, which = node.astext(), node["which"]
            if which == "page" and page:
                uri = relative_uri(here, builder.get_target_uri(PAGENAME))
            elif pdfs:  # singlehtml has no CV page: its "page" link is the PDF
                uri = relative_uri(here, FILES.get(which, FILES["full"]))
            elif node.get("optional"):
                node.parent.remove(node)
                continue
            else:
                node.replace_self(nodes.inline(text, text, classes=node["classes"]))
                continue
            reference = nodes.reference(text, text, refuri=uri, classes=node["classes"])
            node.replace_self(reference)
