"""biblatex data annotations on names: ``author+an = {1=equal;2=equal,corresponding}``."""

from __future__ import annotations

import re
from dataclasses import dataclass

#: Built-in annotations.  ``highlight`` marks the owner where name matching can't.
HIGHLIGHT = "highlight"
_ITEM = re.compile(r"^\s*(\d+)\s*(?::\s*[A-Za-z]+\s*)?=\s*(.*?)\s*$")


@dataclass(frozen=True, slots=True)
class AnnotationProblem:
    """A problem with one item of the annotation field."""

    message: str


def parse_annotations(
    value: str, author_count: int, known: set[str]
) -> tuple[dict[int, tuple[str, ...]], list[AnnotationProblem]]:
    """Parse *value*; return {0-based author index: annotations} and the problems found.

    Items are ``N=name[,name...]`` separated by ``;``.  biblatex's part form
    ``N:family=name`` is accepted and applies to the whole name.  *known* lists the
    annotation names that mean something (``highlight`` is always known).
    """
    result: dict[int, tuple[str, ...]] = {}
    problems: list[AnnotationProblem] = []
    for raw_item in value.split(";"):
        if not raw_item.strip():
            continue
        match = _ITEM.match(raw_item)
        if match is None:
            problems.append(
                AnnotationProblem(
                    f"malformed annotation '{raw_item.strip()}' (expected N=name, e.g. 1=equal)"
                )
            )
            continue
        position = int(match.group(1))
        names = [name.strip() for name in match.group(2).split(",") if name.strip()]
        if not names:
            problems.append(AnnotationProblem(f"annotation '{raw_item.strip()}' names nothing"))
            continue
        if not 1 <= position <= author_count:
            problems.append(
                AnnotationProblem(
                    f"annotation '{raw_item.strip()}' refers to author {position}, but the "
                    f"entry has {author_count} author{'s' if author_count != 1 else ''}"
                )
            )
            continue
        accepted = []
        for name in names:
            if name == HIGHLIGHT or name in known:
                accepted.append(name)
            else:
                choices = ", ".join(sorted({HIGHLIGHT, *known}))
                problems.append(
                    AnnotationProblem(f"unknown annotation '{name}' (known: {choices})")
                )
        if accepted:
            previous = result.get(position - 1, ())
            result[position - 1] = previous + tuple(a for a in accepted if a not in previous)
    return result, problems
