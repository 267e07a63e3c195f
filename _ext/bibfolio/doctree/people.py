"""People as nodes: author and editor lists, the owner in bold, marks, "et al.", short lists."""

from __future__ import annotations

from typing import TYPE_CHECKING

from docutils import nodes

from ..build.translation import _, ngettext

if TYPE_CHECKING:
    from collections.abc import Iterator, Sequence

    from ..model.publication import Author, Publication


def _author_node(author: Author) -> list[nodes.Node]:
    name: nodes.Node = (
        nodes.strong("", author.name, classes=["bibfolio-owner"])
        if author.owner
        else nodes.Text(author.name)
    )
    if author.marks:
        return [name, nodes.superscript("", author.marks, classes=["bibfolio-mark"])]
    return [name]


def separator(index: int, last: int, separators: tuple[str, str]) -> str:
    between, final = separators
    if index != last:
        return between
    if last == 1 and final.startswith(",") and final[1:].strip():
        return final[1:]  # two authors: "A and B", not "A, and B"
    return final


def author_runs(
    authors: Sequence[Author | None], separators: tuple[str, str]
) -> Iterator[str | Author]:
    """Plain names, separators and ellipses merged into strings; marked authors apart.

    ``None`` stands for a gap shown as an ellipsis; an author who is the owner or carries
    marks comes as the :class:`Author` itself (shown bold or with superscripts).
    """
    text: list[str] = []
    last = len(authors) - 1
    for index, author in enumerate(authors):
        if index:
            text.append(separator(index, last, separators))
        if author is None:
            text.append("…")
        elif not author.owner and not author.marks:
            text.append(author.name)
        else:
            if text:
                yield "".join(text)
                text = []
            yield author
    if text:
        yield "".join(text)


def _joined(authors: Sequence[Author | None], separators: tuple[str, str]) -> list[nodes.Node]:
    """Join names with separators; ``None`` stands for a gap shown as an ellipsis."""
    out: list[nodes.Node] = []
    for run in author_runs(authors, separators):
        if isinstance(run, str):
            out.append(nodes.Text(run))
        else:
            out.extend(_author_node(run))
    return out


def author_list(authors: Sequence[Author], separators: tuple[str, str]) -> list[nodes.Node]:
    """Every author, owner bold, marks as superscripts."""
    return _joined(list(authors), separators)


def people_list(
    people: Sequence[Author | None],
    separators: tuple[str, str],
    *,
    et_al: bool = False,
    editors: bool = False,
) -> list[nodes.Node]:
    """Names as :func:`author_list`, then "et al." (``and others``) and "(ed.)"/"(eds.)".

    With "et al." the last name is not joined with "and": ``A, B, et al.``.
    """
    if et_al:
        between = separators[0]
        out = _joined(people, (between, between))
        et_al_text = _("et al.")
        out.append(
            nodes.Text(f"{between.rstrip()} {et_al_text}" if len(people) > 1 else f" {et_al_text}")
        )
    else:
        out = _joined(people, separators)
    if editors:
        named = [person for person in people if person is not None]
        count = 2 if et_al or len(named) > 1 else 1
        out.append(nodes.Text(" " + ngettext("(ed.)", "(eds.)", count)))
    return out


def people_nodes(publication: Publication, separators: tuple[str, str]) -> list[nodes.Node]:
    """The people line: authors, or the editors of an edited volume."""
    return people_list(
        publication.people,
        separators,
        et_al=publication.people_et_al,
        editors=publication.people_are_editors,
    )


def short_authors(authors: Sequence[Author], limit: int) -> tuple[list[Author | None], int]:
    """The first *limit* authors, keeping the owner visible; returns (names with gaps, hidden)."""
    owner = next((i for i, a in enumerate(authors) if a.owner), None)
    if owner is None or owner < limit:
        shown: list[Author | None] = list(authors[:limit])
        shown.append(None)
        return shown, len(authors) - limit
    head = list(authors[: max(limit - 1, 1)])
    shown = [*head, None, authors[owner]]
    if owner < len(authors) - 1:
        shown.append(None)
    return shown, len(authors) - len(head) - 1


def legend_text(marks: dict[str, str]) -> str:
    """``*: equal contribution; †: corresponding author``."""
    return "; ".join(f"{mark}: {text}" for mark, text in marks.items())
