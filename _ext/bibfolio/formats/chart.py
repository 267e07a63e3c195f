"""Publications per year, stacked by type, as a static SVG (no JavaScript).

The SVG is built with ElementTree, which escapes every text and attribute.  Colours are
CSS classes (``bibfolio-chart-<group>``), so the page's stylesheet decides them for light
and dark mode; text uses ``currentColor``.
"""

from __future__ import annotations

import unicodedata
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from ..model.publication import Publication

_BAR = 28
_GAP = 10
#: Height of one publication in a bar, and the plot's bounds: a peak of 2 gets a short
#: chart, a peak of 12 a tall one, never taller than _MAX_PLOT.
_UNIT = 22
_MIN_PLOT = 44
_MAX_PLOT = 150
#: Drawn at 1.25 times its units, so its 11px labels read as 14px.
_ZOOM = 1.25
_TOP = 18
_BOTTOM = 34
_LEFT = 8
_RIGHT = 8
#: The legend wraps at the plot's width, or at this for a chart of a few years; its rows
#: are this far apart.
_LEGEND_MIN = 240
_LEGEND_LINE = 16


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


def _text_width(text: str) -> int:
    """Rough width of *text* in the chart's 11px labels: wide (CJK) characters count twice."""
    return sum(12 if unicodedata.east_asian_width(char) in "WF" else 6 for char in text)


def _english_description(total: int, span: str, kinds: str) -> str:
    return (
        f"Bar chart of {total} publications from {span or 'no years'}, stacked by type: "
        f"{kinds}. The same numbers are in the table that follows."
    )


def chart_svg(
    rows: Sequence[YearCounts],
    groups: Sequence[tuple[str, str]],
    ident: str,
    *,
    title: str = "Publications per year",
    describe: Callable[[int, str, str], str] = _english_description,
) -> str:
    """The SVG chart; *ident* makes the ids of its title and description unique."""
    present = [group for group, _ in groups if any(row.counts.get(group) for row in rows)]
    present += sorted({g for row in rows for g in row.counts} - set(present))
    titles = dict(groups)
    peak = max((row.total for row in rows), default=0) or 1
    plot_end = _LEFT + len(rows) * (_BAR + _GAP) - _GAP
    # The legend wraps to the plot's width (or _LEGEND_MIN): a long legend on one line
    # would widen the chart, and a phone would then shrink all of it to fit.
    legend = _legend_rows(
        [titles.get(group, group) for group in present], max(plot_end - _LEFT, _LEGEND_MIN)
    )
    legend_width = max(
        (x + 10 + 4 + _text_width(text) for row in legend for text, x in row), default=0
    )
    width = max(plot_end + _RIGHT, _LEFT + legend_width + _RIGHT)
    plot_height = min(_MAX_PLOT, max(_MIN_PLOT, peak * _UNIT))
    height = _TOP + plot_height + _BOTTOM + (len(legend) - 1) * _LEGEND_LINE
    svg = ET.Element(
        "svg",
        {
            "xmlns": "http://www.w3.org/2000/svg",
            "class": "bibfolio-chart",
            # A graphic with years running left to right and its own label positions, also
            # on a right-to-left page (an attribute: EPUB forbids CSS "direction").
            "direction": "ltr",
            "viewBox": f"0 0 {width} {height}",
            # Its own size (CSS only narrows it): a short list's chart stays small.
            "width": str(round(width * _ZOOM)),
            "height": str(round(height * _ZOOM)),
            "role": "img",
            "aria-labelledby": f"{ident}-title {ident}-desc",
            "focusable": "false",
        },
    )
    total = sum(row.total for row in rows)
    ET.SubElement(svg, "title", {"id": f"{ident}-title"}).text = title
    span = f"{rows[0].year}–{rows[-1].year}" if rows else ""
    kinds = ", ".join(titles.get(g, g).lower() for g in present)
    ET.SubElement(svg, "desc", {"id": f"{ident}-desc"}).text = describe(total, span, kinds)
    scale = plot_height / peak
    baseline = _TOP + plot_height
    # The axis ends with the last year (the legend may be wider); every bar carries its
    # total, so no scale is drawn.
    ET.SubElement(
        svg, "line",
        {"x1": str(_LEFT - 4), "x2": str(plot_end + 4), "y1": str(baseline), "y2": str(baseline),
         "class": "bibfolio-chart-axis"},
    )  # fmt: skip
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
    groups_in_order = iter(present)
    for line, row in enumerate(legend):
        bottom = height - 3 - (len(legend) - 1 - line) * _LEGEND_LINE
        for text, x in row:
            group = next(groups_in_order)
            ET.SubElement(
                svg, "rect",
                {"x": str(_LEFT + x), "y": str(bottom - 9), "width": "10", "height": "10",
                 "class": f"bibfolio-chart-bar bibfolio-chart-{group}"},
            )  # fmt: skip
            ET.SubElement(
                svg,
                "text",
                {"x": str(_LEFT + x + 14), "y": str(bottom), "class": "bibfolio-chart-label"},
            ).text = text
    return ET.tostring(svg, encoding="unicode")


def _legend_rows(texts: Sequence[str], width: int) -> list[list[tuple[str, int]]]:
    """The legend's entries in rows no wider than *width*: (text, x from the left) each."""
    rows: list[list[tuple[str, int]]] = [[]]
    x = 0
    for text in texts:
        item = 14 + _text_width(text)
        if rows[-1] and x + item > width:
            rows.append([])
            x = 0
        rows[-1].append((text, x))
        x += item + 10
    return rows
