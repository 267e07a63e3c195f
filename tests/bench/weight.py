"""Page weight: what each page of a built portfolio costs a reader to load (gzip).

For every page at the top of the output (the portfolio's own pages, not Sphinx's
``genindex``/``search``) and the first paper page, the HTML and every local file it loads
up front: stylesheets, scripts, ``<link rel="preload">`` files and images.  Each is counted
gzip-compressed at level 6 (what web servers commonly send), except files that are
compressed already (images other than SVG, fonts, PDF), which count as they are.  Fonts a
stylesheet may fetch later, lazy images and links followed on click are not counted.
"""

from __future__ import annotations

import gzip
import re
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

REPO = Path(__file__).resolve().parents[2]
SKIP = {"genindex.html", "search.html", "404.html", "py-modindex.html"}
COMPRESSED = {".png", ".jpg", ".jpeg", ".gif", ".webp", ".woff", ".woff2", ".pdf", ".ico"}


class _Loads(HTMLParser):
    """The URLs a page loads up front."""

    def __init__(self) -> None:
        super().__init__()
        self.urls: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        rel = (found.get("rel") or "").split()
        if tag == "link" and ({"stylesheet", "preload", "modulepreload"} & set(rel)):
            url = found.get("href")
        elif tag in ("script", "img") and found.get("loading") != "lazy":
            url = found.get("src")
        else:
            url = None
        if url:
            self.urls.append(url)


def transfer_size(path: Path) -> int:
    """Bytes on the wire: gzip level 6, or the file itself when it is compressed already."""
    data = path.read_bytes()
    if path.suffix.lower() in COMPRESSED:
        return len(data)
    return len(gzip.compress(data, compresslevel=6, mtime=0))


def _local(page: Path, url: str, out: Path) -> Path | None:
    parts = urlsplit(url)
    if parts.scheme or parts.netloc or not parts.path:
        return None
    target = (page.parent / unquote(parts.path)).resolve()
    return target if target.is_file() and target.is_relative_to(out.resolve()) else None


def page_weight(page: Path, out: Path) -> dict[str, Any]:
    """*page*'s own transfer size and that of each local file it loads."""
    parser = _Loads()
    parser.feed(page.read_text(encoding="utf-8"))
    files: dict[str, int] = {}
    for url in parser.urls:
        target = _local(page, url, out)
        if target is not None:
            files[str(target.relative_to(out.resolve()))] = transfer_size(target)
    html = transfer_size(page)
    return {"html": html, "loads": files, "total": html + sum(files.values())}


def portfolio_pages(out: Path) -> list[Path]:
    """The top-level pages of a built portfolio, then its first paper page."""
    pages = [page for page in sorted(out.glob("*.html")) if page.name not in SKIP]
    papers = sorted((out / "publications").glob("*.html"))
    return pages + papers[:1]


def measure(source: Path, out: Path, env: dict[str, str], log: Path) -> dict[str, Any]:
    """Build *source* to *out* (untimed) and weigh each portfolio page."""
    argv = [sys.executable, "-m", "sphinx", "-b", "html", "-q", "-d", str(out / ".doctrees"),
            str(source), str(out)]  # fmt: skip
    with log.open("w", encoding="utf-8") as output:
        subprocess.run(argv, env=env, stdout=output, stderr=subprocess.STDOUT, check=True)
    return {
        "source": str(source.relative_to(REPO)) if source.is_relative_to(REPO) else str(source),
        "pages": {
            str(page.relative_to(out)): page_weight(page, out) for page in portfolio_pages(out)
        },
    }


def weight_lines(weights: dict[str, Any] | None) -> list[str]:
    """The page weights as Markdown lines (none when not measured)."""
    if not weights:
        return []
    lines = [
        "",
        f"Page weight of `{weights['source']}` (gzip level 6; the HTML and the local "
        "stylesheets, scripts, preloads and images it loads up front):",
        "",
        "| page | HTML KB | loads KB | total KB | largest loads |",
        "|---|---|---|---|---|",
    ]
    for name, weight in weights["pages"].items():
        loads = sorted(weight["loads"].items(), key=lambda item: -item[1])[:3]
        largest = ", ".join(f"{re.sub(r'^_static/', '', f)} {size / 1000:.1f}" for f, size in loads)
        lines.append(
            f"| {name} | {weight['html'] / 1000:.1f} | "
            f"{(weight['total'] - weight['html']) / 1000:.1f} | {weight['total'] / 1000:.1f} | "
            f"{largest} |"
        )
    return lines
