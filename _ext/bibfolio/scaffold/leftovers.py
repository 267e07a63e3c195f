"""The example text earlier releases of ``bibfolio new`` wrote, found where it still is.

Up to 0.1.0 the site template filled each page with example text to replace (a bold
"Example text: replace it." paragraph, rows such as "*Course title*"), the news file with
an example item, the profile with "Your position" and ``refs.bib`` (without ``--bib``)
with an example entry; nothing stopped a site from publishing them.  The template now
writes comments instead (not published); a site made before keeps its pages, so the
build looks for those words in them (:mod:`bibfolio.portfolio.leftovers`).  Text in a
comment is not published, so it is not looked at.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Iterator

#: What the earlier templates wrote, by the kind of file it was written in, and the
#: kind's comment lines: MyST pages (``%``, and ``<!-- -->`` blocks), YAML, ``conf.py``.
MARKERS: dict[str, tuple[str, ...]] = {
    ".md": (
        "**Example text: replace it.**",
        "# An example post: replace it",
        "*Course title*",
        "*Degree and field*",
        "*Award or fellowship*",
    ),
    ".yml": ("**Example item: replace it.**",),
    ".py": ('"Your position"', '"Your university or company"'),
    ".bib": ("Example Entry: Replace It",),
}
_COMMENT = {".md": "%", ".yml": "#", ".py": "#", ".bib": "%"}
_HTML_COMMENT = re.compile(r"<!--.*?-->", re.DOTALL)


def _published(text: str, kind: str) -> Iterator[tuple[int, str]]:
    """Each line of *text* (numbered from 1) with its comments blanked out."""
    if kind == ".md":  # keep the line breaks, so that line numbers stay
        text = _HTML_COMMENT.sub(lambda found: "\n" * found[0].count("\n"), text)
    for number, line in enumerate(text.splitlines(), start=1):
        if line.lstrip().startswith(_COMMENT[kind]):
            continue
        yield number, line.split(" #", 1)[0] if kind in (".yml", ".py") else line


def example_lines(text: str, kind: str) -> list[int]:
    """The lines of *text* with example text (*kind*: ``.md``, ``.yml``, ``.py``, ``.bib``)."""
    markers = MARKERS.get(kind)
    if markers is None:
        return []
    return [
        number
        for number, line in _published(text, kind)
        if any(marker in line for marker in markers)
    ]
