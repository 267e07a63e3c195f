"""Private fields: a reference manager's bookkeeping and the owner's local files, never published.

Clean BibTeX, the citation formats, the stock bibliography and the importer drop them;
the checker reports them.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Mapping

#: Fields that are private or local, by the tools that write them (checked against each
#: tool's documentation and sample exports; see GUIDE.md, "Private fields").  Names are
#: lower-case, as the reader stores them.
PRIVATE_FIELDS: dict[str, str] = {
    "file": "Zotero, Better BibTeX, JabRef, Mendeley: paths of the attached files",
    "annote": "Zotero, Mendeley, BibTeX's annote: personal notes",
    "owner": "JabRef: the user who added the entry",
    "timestamp": "JabRef: when the entry was added",
    "creationdate": "JabRef 5: when the entry was added",
    "modificationdate": "JabRef 5: when the entry was last edited",
    "groups": "JabRef: the user's groups",
    "__markedentry": "JabRef: marked entries",
    "ranking": "JabRef: the user's rating",
    "readstatus": "JabRef: read / skimmed",
    "qualityassured": "JabRef: checked by the user",
    "printed": "JabRef: printed by the user",
    "priority": "JabRef: the user's priority",
    "relevance": "JabRef: marked relevant",
    "comment": "JabRef: the user's comment",
    "mendeley-tags": "Mendeley: the user's tags",
    "mendeley-groups": "Mendeley: the user's groups",
    "date-added": "BibDesk, Papers: when the entry was added",
    "date-modified": "BibDesk, Papers: when the entry was last edited",
    "read": "BibDesk: read flag",
    "rating": "BibDesk: the user's rating",
    "local-url": "BibDesk, Papers: a file on the user's disk",
}
#: Families of private fields, by prefix (``comment-alice``, ``bdsk-file-1`` ...).
PRIVATE_PREFIXES: dict[str, str] = {
    "comment-": "JabRef 5.6+: a user's own comment",
    "bdsk-file-": "BibDesk: a linked file (alias data with the local path)",
    "bdsk-url-": "BibDesk: linked URLs (the public one is in url)",
}
_PREFIXES = tuple(PRIVATE_PREFIXES)
#: Link fields whose value names a file: private when it points outside the project.
_PATH_FIELDS = frozenset(
    {"pdf", "html", "url", "code", "slides", "poster", "video", "supp", "website", "blog"}
)
# A local file URL, or a reference manager's own link (Papers' papers3://).
_LOCAL_URL = re.compile(r"^\s*(?:\\url\{)?\s*(?:file:/|papers\d?://)", re.IGNORECASE)
# An absolute or home-relative path: /Users/..., ~/..., C:\... (Mendeley writes C$\backslash$:).
_LOCAL_PATH = re.compile(r"^\s*(?:/|~|[A-Za-z](?::|\$\\backslash\$:)[\\/]?)")


def private_fields(fields: Mapping[str, str]) -> list[str]:
    """Names of the private or local fields among *fields* (name → raw value)."""
    found = []
    for name, value in fields.items():
        if (
            name in PRIVATE_FIELDS
            or name.startswith(_PREFIXES)
            or (":/" in value and _LOCAL_URL.match(value))
            or (name in _PATH_FIELDS and _LOCAL_PATH.match(value))
        ):
            found.append(name)
    return found
