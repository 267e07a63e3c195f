"""The CV's order: education, experience, publications, projects, talks, teaching, honors ...

A portfolio's toctree is in the order its owner thought of the pages; a CV has an
order of its own, the one readers of CVs expect (al-folio's and most CV templates').
Each page is placed by the first kind its name or title names ("education-experience"
is education); the home page stays first, and pages of no known kind keep their
toctree order after the rest.  ``bibfolio_cv`` set to a list is taken as written.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Callable

#: The kinds of CV section in CV order, each by the starts of the words that name it.
KINDS = (
    ("education", ("education", "degree", "academic background")),
    ("experience", ("experience", "employment", "work", "position", "appointment", "career")),
    ("publications", ("publication", "paper", "preprint", "patent")),
    ("projects", ("project", "software")),
    ("talks", ("talk", "presentation", "invited")),
    ("teaching", ("teaching", "course", "mentor", "supervis")),
    ("honors", ("honor", "honour", "award", "grant", "fellowship", "prize", "funding")),
    ("service", ("service", "review", "committee", "activit", "outreach")),
)
_PATTERNS = [
    re.compile(r"\b(?:" + "|".join(re.escape(word) for word in words) + ")", re.IGNORECASE)
    for _kind, words in KINDS
]


def cv_rank(*names: str) -> int:
    """The place of a page called *names* (its docname, its title) among :data:`KINDS`.

    The first name that names a kind decides; ``len(KINDS)`` when none does.
    """
    for name in names:
        words = re.sub(r"[-_/]+", " ", name)
        for rank, pattern in enumerate(_PATTERNS):
            if pattern.search(words):
                return rank
    return len(KINDS)


def in_cv_order(docnames: list[str], root: str, title: Callable[[str], str]) -> list[str]:
    """*docnames* with *root* first, then sorted by :func:`cv_rank` (stable)."""
    rest = [docname for docname in docnames if docname != root]
    rest.sort(key=lambda docname: cv_rank(docname.rpartition("/")[2], title(docname)))
    return [root] * (root in docnames) + rest
