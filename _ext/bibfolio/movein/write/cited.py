"""Works the owner only cites: out of the publication lists, on a page of works cited."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ..model import Source
from .text import write

if TYPE_CHECKING:
    from pathlib import Path

    from ..model import Site

_LIST = re.compile(r"^(`{3,})\{publications\}[^\n]*\n", re.M)
#: A ``{cite}`` role of MyST (``{cite:p}`a,b```, ``{cite:t}`{see}key```): its keys.
_CITE = re.compile(r"\{cite(?::\w+)?\}`([^`]*)`")
#: The page that lists them (orphan: reached from the citations, not the header).
CITED_PAGE = "works-cited"


def owner_lists(site: Site, owned: set[str], docs: Path, written: list[Path]) -> None:
    """Lists of the owner's works only, when refs.bib also holds works they only cite.

    A site that kept the works its pages cite in one ``.bib`` (Quarto's references)
    would list them as the owner's, each an ``owner_missing`` warning: the lists get
    ``:filter: owner`` and the report names each work left out of them.  The ones a page
    cites are listed on ``works-cited.md``, where the citations land (a key no list or
    bibliography shows is sphinxcontrib-bibtex's ``key_not_found``).  When no entry
    matches the owner, the lists are left alone: the build's warnings then say which
    spelling is missing.
    """
    entries = site.bibliography.entries
    others = [entry for entry in entries if entry.key not in owned]
    if not owned or not others:
        return
    for entry in others:
        site.report.check(
            entry.source or Source("refs.bib"),
            f"{entry.key}: no author is you (bibfolio_owner), so the publication lists "
            "leave it out (:filter: owner); if it is yours, add your name as it spells it",
        )
    for name in ("index.md", "publications.md"):
        page = docs / name
        if page.is_file():
            text = _LIST.sub(lambda found: found.group(0) + ":filter: owner\n", page.read_text())
            write(page, text, written)
    cited = cited_keys(docs) & {entry.key for entry in others}
    if cited:
        keys = ", ".join(f'"{key}"' for key in sorted(cited))
        write(docs / f"{CITED_PAGE}.md", _CITED.format(keys=keys), written)
        site.report.note(
            Source("refs.bib"),
            f"works your pages cite that are not yours ({len(cited)}): listed on "
            f"docs/{CITED_PAGE}.md, where the citations lead",
        )


def cited_keys(docs: Path) -> set[str]:
    """The keys the ``{cite}`` roles of *docs*' pages and notebooks name."""
    keys: set[str] = set()
    for path in [*docs.rglob("*.md"), *docs.rglob("*.ipynb")]:
        for found in _CITE.finditer(path.read_text(encoding="utf-8")):
            for part in found.group(1).split(","):
                key = re.sub(r"\{[^}]*\}", "", part).strip()  # {pre}key{post}
                if key:
                    keys.add(key)
    return keys


_CITED = """\
---
orphan: true
---

# Works cited

% The works your pages cite that are not yours (refs.bib holds them beside your own,
% which the publication lists show).  A citation on any page leads here.

```{{bibliography}}
:filter: key in {{{keys}}}
```
"""
