"""BibTeX's ``note``, as readers are shown it: without the lines reference managers keep there.

Every standard BibTeX style (plain, unsrt, alpha) and biblatex's print ``note`` at the end
of an entry; researchers put "To appear", "Oral presentation" or "Invited talk" there.
Some exports also leave their own bookkeeping in it: Scopus writes "cited By 12",
Zotero an item's Extra ("Citation Key: …", "tex.…: …", "PMID: …") and a preprint's
"arXiv:2101.00001 [cs]" (shown as the entry's arXiv link already).  Those parts are left
out of what the entry shows and of RIS ``N1`` and CSL-JSON ``note``; the BibTeX export
keeps the field as written.
"""

from __future__ import annotations

import re

#: One part of a note that a reference manager wrote for itself.
_BOOKKEEPING = re.compile(
    r"cited by:?\s*\d+"  # Scopus
    r"|(?:citation key|pmid|pmcid|doi|isbn|issn|tex\.[\w-]+)\s*:.*"  # Zotero's Extra
    r"|arxiv:\s*\S+(?:\s+\[[\w.-]+\])?",  # Zotero's preprint "arXiv:ID [cs]"
    re.IGNORECASE,
)


def public_note(value: str) -> str:
    """*value* (a ``note`` as written) without its bookkeeping parts; "" if nothing is left.

    A note is read line by line, and a line by its "; "-separated parts (Scopus joins its
    own with "; "); a part is left out only when all of it is bookkeeping.
    """
    lines = []
    for line in value.splitlines():
        parts = [part for part in line.split(";") if part.strip()]
        kept = [part.strip() for part in parts if not _BOOKKEEPING.fullmatch(part.strip())]
        if len(kept) == len(parts):
            lines.append(line.strip())
        elif kept:
            lines.append("; ".join(kept))
    return " ".join(line for line in lines if line)
