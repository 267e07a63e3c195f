"""The pages the template has (home, teaching, CV pages) filled in, and pages of their own."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from .text import heading, page, slug

if TYPE_CHECKING:
    from collections.abc import Callable, Collection, Sequence

    from ..model import Course, CvItem, CvSection, Site, Source

    #: Rewrites a body's links for the page it lands on (:meth:`..links.Links.rewrite`).
    Rewrite = Callable[[str, str, Source | None], str]

_PROFILE = re.compile(r"(```\{profile\}\n)((?:%[^\n]*\n)*)(```\n)")
_HEADING = re.compile(r"^#{1,6}[ \t]")
_FENCE = re.compile(r"^[ ]{0,3}(`{3,}|~{3,})")
#: A thematic break (``---``): docutils takes one only between sections, never inside
#: a directive or a list item, where the biography and news text go.
_BREAK = re.compile(r"^[ ]{0,3}(?:(?:-[ \t]*){3,}|(?:\*[ \t]*){3,}|(?:_[ \t]*){3,})$", re.M)
_RAW_HTML = re.compile(r"^[ ]{0,3}<(?!!--)[A-Za-z/]", re.M)
_WEB = re.compile(r"^https?://\S+$")
#: The template's CV pages, by the kind of section they take.
CV_PAGES = {"education": "education-experience", "experience": "education-experience",
            "honors": "honors"}  # fmt: skip
PROJECTS_PAGE = """# Projects

```{projects}
```

```{toctree}
:hidden:
:glob:

projects/*
```
"""


def without_breaks(text: str) -> str:
    """*text* without thematic breaks (``---``), which only a page's top level takes."""
    return _BREAK.sub("", text)


def has_raw_html(text: str) -> bool:
    """Whether *text* has a block of HTML (which the CV leaves out, with a warning)."""
    return bool(_RAW_HTML.search(text))


def split_at_heading(text: str) -> tuple[str, str]:
    """*text* before its first heading (outside code), and from there on."""
    fence = ""
    offset = 0
    for line in text.splitlines(keepends=True):
        marker = _FENCE.match(line)
        if fence:
            fence = "" if marker and marker.group(1)[0] == fence[0] else fence
        elif marker:
            fence = marker.group(1)
        elif _HEADING.match(line):
            return text[:offset], text[offset:]
        offset += len(line)
    return text, ""


def home_page(template: str, site: Site, rewrite: Rewrite) -> str:
    """The template's ``index.md`` with the biography: in the card, or under a group's title.

    The card takes paragraphs; the biography's sections (from its first heading on,
    headings one level down from a page title) follow the card.
    """
    bio = rewrite(site.profile.bio.strip("\n"), "index", site.profile.source)
    if not bio.strip():
        return template
    card, rest = split_at_heading(without_breaks(bio))
    rest = re.sub(r"(?m)^# ", "## ", rest).strip("\n")
    if not site.group:
        found = _PROFILE.search(template)
        if found:
            text = card.strip("\n")
            after = "\n" + rest + "\n" if rest else ""
            # The card's fence, longer than any fence in the biography, so none closes it.
            longest = max((len(run) for run in re.findall(r"`{3,}", text)), default=2)
            fence = "`" * max(3, longest + 1)
            head = (
                template[: found.start(1)] + fence + "{profile}\n" + (text + "\n" if text else "")
            )
            return head + fence + "\n" + after + template[found.end(3) :]
    title_end = template.index("\n") + 1
    return template[:title_end] + "\n" + bio + "\n" + template[title_end:]


def teaching_page(template: str, courses: Sequence[Course], rewrite: Rewrite) -> str:
    """``teaching.md``: a section per course (title, term, place, date, its text)."""
    if not courses:
        return template
    title = template.splitlines()[0] if template.startswith("# ") else heading("Teaching")
    parts = [title]
    for course in courses:
        name = f"[{course.title}]({course.url})" if _WEB.match(course.url) else course.title
        # The term (or the date) last, after a comma: the CV's date column (cv/dates.py).
        # "Spring" joins the date ("Spring 2024"); another term ("Masters course") stands
        # before it.
        dated = when(course.date) if course.date else ""
        term, kind = course.term, ""
        if not re.search(r"\d{4}", term):
            if _SEASON.fullmatch(term.strip()):
                term = " ".join(part for part in (term, dated) if part)
            else:
                term, kind = dated, term
        line = (name, course.place, kind, term or dated)
        parts.append("## " + ", ".join(part for part in line if part))
        text = rewrite(course.text.strip("\n"), "teaching", course.source)
        if text.strip():
            parts.append(text)
    return "\n\n".join(parts) + "\n"


def cv_pages(
    sections: Sequence[CvSection],
    templates: dict[str, str],
    rewrite: Rewrite,
    taken: Collection[str] = (),
) -> dict[str, str]:
    """Docname → text of every CV page: the template's (education, honors) and others'.

    Sections of one page follow each other under their own headings; a section of kind
    "other" gets a page named after its title.
    """
    grouped: dict[str, list[CvSection]] = {}
    titles: dict[str, str] = {}
    for section in sections:
        name = CV_PAGES.get(section.kind) or slug(section.title, "cv")
        if name in taken and name not in CV_PAGES.values():
            name = f"cv-{name}"  # "Projects" of a CV: not the projects page
        grouped.setdefault(name, []).append(section)
        template = templates.get(name, "")
        titles[name] = template.splitlines()[0][2:] if template.startswith("# ") else section.title
    pages: dict[str, str] = {}
    for name, group in grouped.items():
        parts = []
        for section in group:
            level = "###" if len(group) > 1 else "##"
            if len(group) > 1:
                parts.append(f"## {section.title}")
            parts += _cv_items(section.items, level, name, rewrite)
        pages[name] = page(titles[name], "\n\n".join(parts))
    return pages


def _cv_items(items: Sequence[CvItem], level: str, docname: str, rewrite: Rewrite) -> list[str]:
    """CV items as the CV page reads them: "Title, Organisation, Sep 2020 – present".

    The date last, after a comma, is what the CV sets in its date column (cv/dates.py).
    An item with a place or a text is a heading with them under it; one with neither is
    a line of a list (a heading with nothing under it is no CV section: the CV leaves it
    out).
    """
    parts: list[str] = []
    lines: list[str] = []
    for item in items:
        title = f"[{item.title}]({item.url})" if _WEB.match(item.url) else item.title
        title = " ".join(title.split()) or item.organisation or "Untitled"
        organisation = item.organisation if item.organisation != item.title else ""
        line = ", ".join(part for part in (title, organisation, when(item.start, item.end)) if part)
        text = rewrite(item.text.strip("\n"), docname, item.source)
        if not item.place and not text.strip():
            lines.append(f"- {line}")
            continue
        if lines:
            parts.append("\n".join(lines))
            lines = []
        parts.append(f"{level} {line}")
        parts += [part for part in (item.place, text) if part.strip()]
    if lines:
        parts.append("\n".join(lines))
    return parts


_SEASON = re.compile(r"(?:Spring|Summer|Fall|Autumn|Winter)(?: (?:term|semester|quarter))?", re.I)
_MONTH_NAMES = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")
_ISO_MONTH = re.compile(r"^(\d{4})-(\d{2})(?:-\d{2})?$")


def when(start: str, end: str = "") -> str:
    """A date or span as a CV writes it: "2019", "2012–2016", "Sep 2020 – present"."""
    parts = []
    for given in (start, end):
        value = given.strip()
        found = _ISO_MONTH.match(value)
        if found and 1 <= int(found[2]) <= 12:
            value = f"{_MONTH_NAMES[int(found[2]) - 1]} {found[1]}"
        elif value.lower() in {"present", "now", "current"}:
            value = "present"
        if value:
            parts.append(value)
    spaced = any(not part.isdigit() for part in parts)
    return (" – " if spaced else "–").join(parts)
