"""The ``{cv-link}`` role: a link to ``cv.pdf`` (or ``cv-short.pdf``) from any page.

``{cv-link}`CV (PDF)``` links the full CV, ``{cv-link}`One-page CV <short>``` the
short one.  The link is relative to the page, so it works in a subfolder, with
``dirhtml`` and when the site is opened from disk.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from docutils import nodes
from sphinx.util.docutils import SphinxRole
from sphinx.util.osutil import relative_uri

if TYPE_CHECKING:
    from docutils.nodes import Node, system_message

_EXPLICIT = re.compile(r"^(?P<text>.*?)\s*<(?P<which>full|short)>$", re.DOTALL)
FILES = {"full": "cv.pdf", "short": "cv-short.pdf"}


class CvLinkRole(SphinxRole):
    """``text`` or ``text <full|short>``; an empty text reads "CV (PDF)"."""

    def run(self) -> tuple[list[Node], list[system_message]]:
        match = _EXPLICIT.match(self.text)
        text, which = (match["text"], match["which"]) if match else (self.text, "full")
        text = text.strip() or ("One-page CV (PDF)" if which == "short" else "CV (PDF)")
        builder = self.env.app.builder
        if builder.format != "html" or self.config.bibfolio_cv is False:
            return [nodes.inline(text, text, classes=["bibfolio-cv-link"])], []
        here = builder.get_target_uri(self.env.docname)
        uri = relative_uri(here, FILES[which])
        link = nodes.reference(text, text, refuri=uri, classes=["bibfolio-cv-link"])
        return [link], []
