"""Publications per year, stacked by type, as a static SVG (no JavaScript).

The SVG is built with ElementTree, which escapes every text and attribute.  Colours are
CSS classes (``bibfolio-chart-<group>``), so the page's stylesheet decides them for light
and dark mode; text uses ``currentColor``.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Sequence

    from ..model.publication import Publication

_BAR = 28
_GAP = 10
_PLOT_HEIGHT = 150
_TOP = 18
_BOTTOM = 34
_LEFT = 30
_RIGHT = 12


@dataclass(frozen=True)
class YearCounts:
    """How many publications of each group appeared in one year."""

    year: int
    counts: dict[str, int]

    @property
    def total(self) -> int:
        """All publications of that year."""
        return sum(self.counts.values())


def yearly_counts(publications: Sequence[Publication]) -> list[YearCounts]:
    """Counts per year and group, oldest first, with empty years in between kept."""
    by_year: dict[int, dict[str, int]] = {}
    for publication in publications:
        if publication.year is None:
            continue
        counts = by_year.setdefault(publication.year, {})
        counts[publication.group] = counts.get(publication.group, 0) + 1
    if not by_year:
        return []
    return [
        YearCounts(year, by_year.get(year, {})) for year in range(min(by_year), max(by_year) + 1)
    ]


def chart_svg(rows: Sequence[YearCounts], groups: Sequence[tuple[str, str]], ident: str) -> str:
    """The SVG chart; *ident* makes the ids of its title and description unique."""
    present = [group for group, _ in groups if any(row.counts.get(group) for row in rows)]
    present += sorted({g for row in rows for g in row.counts} - set(present))
    titles = dict(groups)
    peak = max((row.total for row in rows), default=0) or 1
    legend_width = sum(24 + 6 * len(titles.get(group, group)) for group in present)
    width = max(_LEFT + len(rows) * (_BAR + _GAP) + _RIGHT, _LEFT + legend_width)
    height = _TOP + _PLOT_HEIGHT + _BOTTOM
    svg = ET.Element(
        "svg",
        {
            "xmlns": "http://www.w3.org/2000/svg",
            "class": "bibfolio-chart",
            "viewBox": f"0 0 {width} {height}",
            "role": "img",
            "aria-labelledby": f"{ident}-title {ident}-desc",
            "focusable": "false",
        },
    )
    total = sum(row.total for row in rows)
    ET.SubElement(svg, "title", {"id": f"{ident}-title"}).text = "Publications per year"
    span = f"{rows[0].year}–{rows[-1].year}" if rows else "no years"
    kinds = ", ".join(titles.get(g, g).lower() for g in present)
    ET.SubElement(svg, "desc", {"id": f"{ident}-desc"}).text = (
        f"Bar chart of {total} publications from {span}, stacked by type: {kinds}. "
        "The same numbers are in the table that follows."
    )
    scale = _PLOT_HEIGHT / peak
    baseline = _TOP + _PLOT_HEIGHT
    ET.SubElement(
        svg, "line",
        {"x1": str(_LEFT - 4), "x2": str(width - _RIGHT), "y1": str(baseline), "y2": str(baseline),
         "class": "bibfolio-chart-axis"},
    )  # fmt: skip
    ET.SubElement(
        svg, "text", {"x": str(_LEFT - 8), "y": str(_TOP + 4), "class": "bibfolio-chart-label",
                      "text-anchor": "end"},
    ).text = str(peak)  # fmt: skip
    for index, row in enumerate(rows):
        x = _LEFT + index * (_BAR + _GAP)
        y = baseline
        for group in present:
            count = row.counts.get(group, 0)
            if not count:
                continue
            bar_height = count * scale
            y -= bar_height
            rect = ET.SubElement(
                svg, "rect",
                {"x": f"{x}", "y": f"{y:.1f}", "width": str(_BAR), "height": f"{bar_height:.1f}",
                 "class": f"bibfolio-chart-bar bibfolio-chart-{group}"},
            )  # fmt: skip
            ET.SubElement(rect, "title").text = f"{row.year}: {count} {titles.get(group, group)}"
        if row.total:
            ET.SubElement(
                svg, "text",
                {"x": str(x + _BAR // 2), "y": f"{y - 3:.1f}", "class": "bibfolio-chart-label",
                 "text-anchor": "middle"},
            ).text = str(row.total)  # fmt: skip
        label = ET.SubElement(
            svg, "text",
            {"x": str(x + _BAR // 2), "y": str(baseline + 14), "class": "bibfolio-chart-label",
             "text-anchor": "middle"},
        )  # fmt: skip
        label.text = f"'{row.year % 100:02d}" if len(rows) > 8 else str(row.year)
    legend_x = _LEFT
    for group in present:
        ET.SubElement(
            svg, "rect",
            {"x": str(legend_x), "y": str(height - 12), "width": "10", "height": "10",
             "class": f"bibfolio-chart-bar bibfolio-chart-{group}"},
        )  # fmt: skip
        text = titles.get(group, group)
        ET.SubElement(
            svg,
            "text",
            {"x": str(legend_x + 14), "y": str(height - 3), "class": "bibfolio-chart-label"},
        ).text = text
        legend_x += 24 + 6 * len(text)
    return ET.tostring(svg, encoding="unicode")
