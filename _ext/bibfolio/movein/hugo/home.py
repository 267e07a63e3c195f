"""The home page and other landing pages: v4/v5 widgets and 2024-2026 blocks.

Widgets are ``content/home/*.md``; blocks the ``sections:`` of ``content/_index.md``
and its kin.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from ..model import Page, Source
from .content import plain
from .cv import widget_section
from .demo import is_demo
from .shortcodes import Body, to_myst

if TYPE_CHECKING:
    from ..model import CvSection, Site
    from .content import Item

#: Widgets and blocks drawn from data bibfolio keeps elsewhere: why nothing is lost.
_DRAWN = {
    "about": "the profile card and biography",
    "resume-biography": "the profile card and biography",
    "resume-experience": "the education and experience pages",
    "resume-awards": "the honors page",
    "resume-skills": "the CV section Skills",
    "resume-languages": "the CV section Languages",
    "collection": "bibfolio's own lists (publications, talks, posts, projects)",
    "pages": "bibfolio's own lists",
    "portfolio": "the projects page",
    "featured": "the selected publications",
    "publications": "the publication list",
    "talks": "talks.yml",
    "posts": "the blog",
    "projects": "the projects page",
}
_MARKDOWN = {"markdown", "blank", "text", "markdown-block"}


def widgets(items: list[Item], site: Site, include_demo: bool) -> list[CvSection]:
    """The v4/v5 home page widgets, as CV sections and pages.

    Experience-like widgets become CV sections, Markdown ones pages, the rest is
    named in the report.
    """
    sections = []
    report = site.report
    for item in items:
        if item.get("type") == "widget_page" or item.name == "index":
            continue
        widget = str(item.get("widget") or "").strip()
        title = plain(item.text("title"))
        where = item.source("widget")
        if item.get("active") is False:
            report.left(where, f"the {widget} widget {title!r}: turned off (active: false)")
            continue
        phrase = is_demo(title, item.doc.body, repr(item.doc.fields))
        if phrase and not include_demo:
            report.demo(where, f"the {widget} widget {title!r} is the template's demo ({phrase!r})")
            if widget_section(widget, item.doc.fields, where) is not None:
                report.count("cv sections", 1, 0)
            continue
        section = widget_section(widget, item.doc.fields, where)
        if section is not None:
            sections.append(section)
            report.note(where, f"the {widget} widget {title!r}: CV section {section.title!r}")
        elif widget in _MARKDOWN:
            _page(site, f"home-{item.name}", title or item.name, item.body(report), item.source())
        else:
            _other(site, widget, title, where, body=item.doc.body, data=item.doc.fields)
    return sections


def blocks(item: Item, site: Site, include_demo: bool) -> None:
    """The ``sections:`` of a landing page.

    Markdown blocks become pages; the rest is drawn from data bibfolio keeps or named
    in the report.
    """
    report = site.report
    for index, block in enumerate(item.get("sections") or []):
        if not isinstance(block, dict):
            continue
        where = Source(
            item.rel, item.doc.lines.get(f"sections[{index}]", item.doc.line("sections"))
        )
        kind = str(block.get("block") or block.get("widget") or "").strip()
        content = block.get("content") if isinstance(block.get("content"), dict) else {}
        title = plain(str(content.get("title") or ""))
        text = str(content.get("text") or "")
        if (block.get("demo") is True or is_demo(title, text)) and not include_demo:
            report.demo(where, f"the {kind} block {title!r} is the template's demo")
            continue
        if kind in _MARKDOWN and text.strip():
            name = _slug(title) or f"{item.name}-{index + 1}"
            body = to_myst(text, Body(item.rel, where.line or 1, report))
            _page(site, name, title or name, body, where)
        else:
            _other(site, re.sub(r"-\d+$", "", kind), title, where, body=text, data=block)


def _page(site: Site, name: str, title: str, body: str, source: Source) -> None:
    site.pages.append(Page(name=name, title=title, body=body, source=source))
    site.report.count("pages")
    site.report.note(source, f"kept as the page {name}.md")


def _other(site: Site, kind: str, title: str, where: Source, *, body: str, data: Any) -> None:
    report = site.report
    if kind in _DRAWN:
        report.note(where, f"the {kind} section {title!r}: made by bibfolio from {_DRAWN[kind]}")
        return
    if kind == "contact":
        content = data.get("content") if isinstance(data, dict) else None
        email = content.get("email") if isinstance(content, dict) else None
        if isinstance(email, str) and email and not site.profile.email:
            site.profile.email = email
        report.left(
            where, "the contact section (phone, address, form): add what you want to the home page"
        )
        return
    extra = " and its text" if body.strip() else ""
    report.left(where, f"the {kind or 'untyped'} section {title!r}{extra}: no bibfolio form")


def _slug(title: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-")
