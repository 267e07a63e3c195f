"""The publications-per-year chart of an HTML list: inline SVG and the same numbers as a table."""

from __future__ import annotations

from typing import TYPE_CHECKING

from docutils import nodes

from ..build.translation import _, ngettext, translated
from ..formats.chart import chart_svg, yearly_counts

if TYPE_CHECKING:
    from collections.abc import Sequence

    from ..model.publication import Publication


def _describe_chart(total: int, span: str, kinds: str) -> str:
    """The chart's description for screen readers, in the page's language."""
    return ngettext(
        "Bar chart of %(count)d publication from %(span)s, stacked by type: %(kinds)s. "
        "The same numbers are in the table that follows.",
        "Bar chart of %(count)d publications from %(span)s, stacked by type: %(kinds)s. "
        "The same numbers are in the table that follows.",
        total,
    ) % {"count": total, "span": span or _("no years"), "kinds": kinds}


def chart_nodes(
    publications: Sequence[Publication], groups: Sequence[tuple[str, str]], ident: str
) -> list[nodes.Node]:
    """The per-year chart (inline SVG) and the same numbers as a table for screen readers."""
    rows = yearly_counts(publications)
    if not rows:
        return []
    present = [g for g, _ in groups if any(r.counts.get(g) for r in rows)]
    present += sorted({g for r in rows for g in r.counts} - set(present))
    groups = [(group, translated(title)) for group, title in groups]
    titles = dict(groups)
    table = nodes.table(ids=[f"{ident}-data"], classes=["bibfolio-chart-data"])
    table += nodes.title("", _("Publications per year, by type"))
    group = nodes.tgroup(cols=len(present) + 2)
    table += group
    for _column in range(len(present) + 2):
        group += nodes.colspec(colwidth=1)
    head = nodes.thead()
    body = nodes.tbody()
    group += head
    group += body
    head += _row([_("Year"), *(titles.get(g, g) for g in present), _("Total")])
    for row in reversed(rows):
        body += _row([str(row.year), *(str(row.counts.get(g, 0)) for g in present), str(row.total)])
    figure = nodes.container(classes=["bibfolio-chart-figure"])
    svg = chart_svg(rows, groups, ident, title=_("Publications per year"), describe=_describe_chart)
    figure += nodes.raw("", svg, format="html")
    # A wrapper hides the table visually (the chart shows it): a table is never narrower
    # than its content, so hiding the table itself would widen the page on phones.
    figure += nodes.container("", table, classes=["bibfolio-chart-table"])
    return [figure]


def _row(cells: Sequence[str]) -> nodes.row:
    row = nodes.row()
    for cell in cells:
        row += nodes.entry("", nodes.paragraph("", cell))
    return row
