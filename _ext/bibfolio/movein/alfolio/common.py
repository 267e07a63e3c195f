"""What every part of the al-folio reader shares: the site being read and small helpers."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..jekyll import liquid_to_myst, permalink, read_document_at
from ..model import Source

if TYPE_CHECKING:
    from pathlib import Path

    from ..jekyll import Config, Item
    from ..model import Report, Site

#: Inline tags go without a trace ("<a>Affiliations</a>." → "Affiliations."); others
#: (``<p>``, ``<br>``) leave a space.
_INLINE_TAG = re.compile(r"</?(?:a|b|i|em|strong|span|u|code|sup|sub|small)\b[^>]*>", re.I)
_TAG = re.compile(r"<[^>]+>")
#: Code fences al-folio draws (charts, diagrams, maps) with scripts of its own.
_DRAWN = re.compile(
    r"^([ \t]*(?:`{3,}|~{3,})[ \t]*)(mermaid|plotly|vega_lite|geojson|typograms|pseudocode"
    r"|diff2html|chartjs|echarts|abcjs|leaflet)\b",
    re.M,
)


@dataclass
class Reading:
    """One al-folio site being read: where, its settings, what was carried so far."""

    root: Path
    config: Config
    site: Site
    include_demo: bool = False
    #: Old files named by items (path in OLD) that are missing, each reported once.
    missing: set[str] = field(default_factory=set)

    @property
    def report(self) -> Report:
        """The site's report."""
        return self.site.report

    def keep_demo(self, source: Source, what: str) -> bool:
        """True to carry demo content *what*; else it is named in the report (left out)."""
        if self.include_demo:
            self.report.note(source, f"{what}: the template's demo, carried (include_demo)")
            return True
        self.report.demo(source, f"{what}: the template's demo content, left out")
        return False

    def body(self, item: Item, text: str | None = None) -> str:
        """*item*'s body (or *text* in its place) as MyST.

        Liquid and kramdown are converted, or left out with a report line.
        """
        body = self._drawn(item, item.doc.body if text is None else text)
        return liquid_to_myst(
            body, item.body_at, self.report, resolve=self.resolve, exists=self.exists
        ).strip("\n")

    def _drawn(self, item: Item, body: str) -> str:
        """Fences al-folio draws as charts are kept as their source (``text``), reported."""
        for found in _DRAWN.finditer(body):
            line = (item.doc.body_line or 1) + body.count("\n", 0, found.start())
            self.report.left(
                Source(item.path, line),
                f"a {found.group(2)} block: al-folio draws it with a script bibfolio does "
                "not have; kept as its source code",
            )
        return _DRAWN.sub(lambda found: found.group(1) + "text", body)

    def exists(self, path: str) -> bool:
        """True when *path* (relative to OLD) is a file of the old site."""
        return (self.root / path).is_file()

    def resolve(self, path: str) -> str:
        """The old address of a site file ``{% link %}`` or ``{% post_url %}`` names."""
        target = self.root / path
        if not target.suffix:
            found = sorted(target.parent.glob(target.name + ".*"))
            target = found[0] if found else target
        if not target.is_file():
            return "/" + path
        rel = target.relative_to(self.root).as_posix()
        doc = read_document_at(self.root, rel, self.report)
        first = rel.split("/", 1)[0]
        name = first[1:] if first.startswith("_") and first != "_pages" else ""
        return "/" + permalink(self.config, name, doc, rel) if doc else "/" + path

    def file(self, old: str, source: Source, what: str) -> bool:
        """True when file *old* (relative to OLD) is there; else reported as missing."""
        if (self.root / old).is_file():
            return True
        if old not in self.missing:
            self.missing.add(old)
            self.report.left(source, f"{what}: the file {old} is not in the old site")
        return False


def plain(value: Any) -> str:
    """A front matter value as one line of text, HTML tags removed."""
    if value is None:
        return ""
    return " ".join(_TAG.sub(" ", _INLINE_TAG.sub("", str(value))).split())


def words(value: Any) -> list[str]:
    """Tags or categories: a list, or a string of words separated by spaces or commas."""
    if isinstance(value, str):
        return [word for word in re.split(r"[,\s]+", value) if word]
    if isinstance(value, list):
        return [str(word).strip() for word in value if str(word).strip()]
    return []
