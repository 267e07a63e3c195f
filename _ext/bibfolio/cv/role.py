"""The ``{cv-link}`` role: a link to ``cv.pdf`` (or ``cv-short.pdf``) from any page.

``{cv-link}`CV (PDF)``` links the full CV, ``{cv-link}`One-page CV <short>``` the
short one.  The link is made when the page is written: relative to the page (so it
works in a subfolder, with ``dirhtml`` and opened from disk), and only by the site
builders that write the PDF; elsewhere (epub, LaTeX, text) it is plain text.
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

_EXPLICIT = re.compile(r"^(?P<text>.*?)\s*<(?P<which>full|short)>$", re.DOTALL)
FILES = {"full": "cv.pdf", "short": "cv-short.pdf"}
#: The builders that write the PDFs (build.py's BUILDERS).
SITE_BUILDERS = frozenset({"html", "dirhtml", "singlehtml"})


class cv_link(nodes.inline):  # noqa: N801 - docutils node naming
    """Placeholder for a CV link: ``which`` is "full" or "short"."""


class CvLinkRole(SphinxRole):
    """``text`` or ``text <full|short>``; an empty text reads "CV (PDF)"."""

    def run(self) -> tuple[list[Node], list[system_message]]:
        match = _EXPLICIT.match(self.text)
        text, which = (match["text"], match["which"]) if match else (self.text, "full")
        text = text.strip() or ("One-page CV (PDF)" if which == "short" else "CV (PDF)")
        return [cv_link(text, text, classes=["bibfolio-cv-link"], which=which)], []


class CvLinks(SphinxPostTransform):
    """Write time: a relative link where the PDF is written, plain text elsewhere."""

    default_priority = 10

    def run(self, **kwargs: Any) -> None:
        builder = self.env.app.builder
        linked = builder.name in SITE_BUILDERS and self.config.bibfolio_cv is not False
        for node in list(self.document.findall(cv_link)):
            text = node.astext()
            if not linked:
                node.replace_self(nodes.inline(text, text, classes=["bibfolio-cv-link"]))
                continue
            here = builder.get_target_uri(self.env.docname)
            uri = relative_uri(here, FILES[node["which"]])
            node.replace_self(nodes.reference(text, text, refuri=uri, classes=["bibfolio-cv-link"]))
