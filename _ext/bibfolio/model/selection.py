"""Choosing, ordering and grouping publications: the ``:filter:`` language, groups, sort."""

from __future__ import annotations

import ast
import operator
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..reading.richtext import plain

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Sequence

    from .publication import Publication

_COMPARE = {
    ast.Eq: operator.eq,
    ast.NotEq: operator.ne,
    ast.Lt: operator.lt,
    ast.LtE: operator.le,
    ast.Gt: operator.gt,
    ast.GtE: operator.ge,
    ast.In: lambda a, b: a in b,
    ast.NotIn: lambda a, b: a not in b,
}


class FilterError(ValueError):
    """A ``:filter:`` expression that cannot be parsed or evaluated."""


def _name_value(publication: Publication, name: str) -> Any:
    if name == "type":
        return publication.group
    if name == "entrytype":
        return publication.type
    if name == "key":
        return publication.key
    if name == "year":
        return publication.year or 0
    if name == "month":
        return publication.month or 0
    if name == "selected":
        return publication.selected
    if name == "owner":
        return publication.owner_matched
    if name == "title":
        return plain(publication.title) + " " + plain(publication.display_title)
    if name == "venue":
        return plain(publication.venue) + " " + publication.venue_short
    if name == "author":
        # An edited volume is listed under its editors: find it by them too.
        return ", ".join(author.name for author in publication.people)
    return plain(publication.rich(name)) if name in publication.fields else ""


def compile_filter(expression: str) -> Callable[[Publication], bool]:
    """Compile a filter such as ``type == "journal" and year >= 2020``.

    Names: ``type`` (the group), ``entrytype``, ``key``, ``year``, ``month``, ``selected``,
    ``owner``, ``title``, ``venue``, ``author``, or any field name (its text).  Operators:
    ``and or not``, comparisons, ``in``/``not in``, and ``%`` for a case-insensitive regular
    expression search (``title % "graph"``).  Literals: strings, numbers, True/False,
    lists, tuples and sets.
    """
    try:
        tree = ast.parse(expression.strip(), mode="eval")
    except SyntaxError as err:
        raise FilterError(f"syntax error in :filter: {expression!r}: {err.msg}") from None

    def build(node: ast.AST) -> Callable[[Publication], Any]:
        if isinstance(node, ast.BoolOp):
            parts = [build(value) for value in node.values]
            if isinstance(node.op, ast.And):
                return lambda p: all(part(p) for part in parts)
            return lambda p: any(part(p) for part in parts)
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            inner = build(node.operand)
            return lambda p: not inner(p)
        if isinstance(node, ast.Compare):
            left = build(node.left)
            pairs = [
                (_COMPARE[type(op)], build(right))
                for op, right in zip(node.ops, node.comparators, strict=True)
                if type(op) in _COMPARE
            ]
            if len(pairs) != len(node.ops):
                raise FilterError(f"unsupported comparison in :filter: {expression!r}")

            def compare(p: Publication) -> bool:
                current = left(p)
                for function, right in pairs:
                    value = right(p)
                    if not function(current, value):
                        return False
                    current = value
                return True

            return compare
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod):
            text, pattern = build(node.left), build(node.right)
            return lambda p: re.search(str(pattern(p)), str(text(p)), re.IGNORECASE) is not None
        if isinstance(node, ast.Name):
            name = node.id
            return lambda p: _name_value(p, name)
        if isinstance(node, ast.Constant) and isinstance(node.value, (str, int, float, bool)):
            value = node.value
            return lambda p: value
        if isinstance(node, (ast.List, ast.Tuple, ast.Set)):
            items = [build(item) for item in node.elts]
            return lambda p: frozenset(item(p) for item in items)
        raise FilterError(
            f"unsupported {type(node).__name__} in :filter: {expression!r} (use names, "
            "literals, comparisons, and/or/not, in, %)"
        )

    compiled = build(tree.body)

    def run(publication: Publication) -> bool:
        try:
            return bool(compiled(publication))
        except (TypeError, re.error) as err:
            raise FilterError(f"cannot evaluate :filter: {expression!r}: {err}") from None

    return run


def newest_first(publications: Iterable[Publication]) -> list[Publication]:
    """Newest year first; entries of the same year keep their .bib order (stable sort)."""
    return sorted(publications, key=lambda p: -(p.year or 0))


@dataclass(frozen=True, slots=True)
class Group:
    """A titled run of publications."""

    group_id: str
    title: str
    publications: tuple[Publication, ...]


def group_publications(
    publications: Sequence[Publication],
    by: str,
    groups: Sequence[tuple[str, str]],
    titles: dict[str, str] | None = None,
) -> list[Group]:
    """Group already-sorted *publications* ``by`` "type", "year" or "none"."""
    titles = titles or {}
    if by == "none":
        return [Group("all", titles.get("all", ""), tuple(publications))]
    buckets: dict[str, list[Publication]] = {}
    for publication in publications:
        if by == "year":
            bucket = str(publication.year) if publication.year else "undated"
        else:
            bucket = publication.group
        buckets.setdefault(bucket, []).append(publication)
    if by == "year":
        order = sorted(buckets, key=lambda b: -int(b) if b.isdigit() else 1)
        default_titles = {b: (b if b.isdigit() else "Undated") for b in order}
    else:
        configured = [group_id for group_id, _ in groups]
        order = [g for g in configured if g in buckets] + [
            g for g in buckets if g not in configured
        ]
        default_titles = dict(groups)
    return [
        Group(
            bucket,
            titles.get(bucket) or default_titles.get(bucket) or bucket.replace("_", " ").title(),
            tuple(buckets[bucket]),
        )
        for bucket in order
    ]


def parse_titles(text: str) -> dict[str, str]:
    """Parse ``journal=Journal Articles; preprint=Working Papers``."""
    titles = {}
    for item in text.split(";"):
        if not item.strip():
            continue
        group_id, equals, title = item.partition("=")
        if not equals or not group_id.strip() or not title.strip():
            raise ValueError(f"expected id=Title, got {item.strip()!r}")
        titles[group_id.strip()] = title.strip()
    return titles
