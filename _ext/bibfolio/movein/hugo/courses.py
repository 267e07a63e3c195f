"""Courses (``teaching/``, ``courses/``): single pages as courses, docs trees as pages."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .content import addresses, read_page
from .demo import is_demo
from .items import course, docs_page

if TYPE_CHECKING:
    from pathlib import Path

    from ..model import Site
    from .content import Item


def teaching(
    items: list[Item],
    site: Site,
    *,
    root: Path,
    patterns: dict[str, str],
    cite_keys: dict[str, str],
    include_demo: bool,
) -> None:
    """Single pages become courses; a course that is a tree of pages (docs) becomes pages."""
    report = site.report
    for item in items:
        tree = item.path.name == "_index.md" and any(
            p.name not in ("_index.md", "index.md") for p in item.path.parent.rglob("*.md")
        )
        files = sorted(item.path.parent.rglob("*.md")) if tree else [item.path]
        demo = is_demo(item.text("title"), item.text("summary"), item.doc.body) and not include_demo
        report.count("teaching", len(files), 0 if demo else len(files))
        if demo:
            report.demo(
                item.source(),
                f"the course {item.text('title')!r} ({_files(len(files))}) is the template's demo",
            )
            continue
        if not tree:
            made = course(item, report, cite_keys)
            made.addresses = addresses(item, patterns)
            site.teaching.append(made)
            continue
        for path in files:
            page = read_page(root, path, item.section, report)
            if page is None:
                continue
            rel = path.relative_to(root / "content").with_suffix("").as_posix()
            name = rel.removesuffix("/_index").removesuffix("/index")
            made = docs_page(
                page,
                name + ("/index" if path.stem in ("_index", "index") else ""),
                report,
                cite_keys,
            )
            made.addresses = [name + "/"]
            site.pages.append(made)
        report.note(
            item.source(),
            f"the course {item.text('title')!r}: kept as {_files(len(files), 'page')} (docs)",
        )


def _files(count: int, noun: str = "file") -> str:
    return f"{count} {noun}" + ("" if count == 1 else "s")
