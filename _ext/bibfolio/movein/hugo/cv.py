"""CV sections from a Hugo profile and from v4/v5 home page widgets.

Profile lists: education, work/experience, awards, skills, languages; widgets:
experience, accomplishments, features (skills).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..dates import iso_date
from ..model import CvItem, CvSection
from .content import plain

if TYPE_CHECKING:
    from collections.abc import Callable

    from ..model import CvKind, Report, Source

#: Profile list → (section kind, title); ``work`` is 2024-2025's name for ``experience``.
_PROFILE_LISTS: dict[str, tuple[CvKind, str]] = {
    "education": ("education", "Education"),
    "experience": ("experience", "Experience"),
    "work": ("experience", "Experience"),
    "awards": ("honors", "Awards"),
    "skills": ("other", "Skills"),
    "languages": ("other", "Languages"),
}


def cv_sections(
    data: dict[str, Any], at: Callable[[str | None], Source], report: Report
) -> list[CvSection]:
    """The CV lists of a profile's fields, in the order the template shows them."""
    sections = []
    for name, (kind, title) in _PROFILE_LISTS.items():
        value = data.get(name)
        if isinstance(value, dict):  # v4/v5: education: {courses: [...]}
            value = value.get("courses")
        if not isinstance(value, list) or not value:
            continue
        if name == "skills":
            items = [i for group in value for i in _skills(group)]
        else:
            items = [_item(entry, at(name)) for entry in value if isinstance(entry, dict)]
        sections.append(CvSection(kind, title, [i for i in items if i.title], at(name)))
    return sections


def widget_section(widget: str, data: dict[str, Any], source: Source) -> CvSection | None:
    """A v4/v5 experience, accomplishments or features (skills) widget as a CV section."""
    lists = {"experience": "experience", "accomplishments": "item", "features": "feature"}
    kinds: dict[str, CvKind] = {"experience": "experience"}
    value = data.get(lists.get(widget, ""))
    if not isinstance(value, list):
        return None
    title = plain(str(data.get("title") or widget.title()))
    items = [_item(entry, source) for entry in value if isinstance(entry, dict)]
    return CvSection(kinds.get(widget, "other"), title, [i for i in items if i.title], source)


def _item(entry: dict[str, Any], source: Source) -> CvItem:
    def text(*names: str) -> str:
        for name in names:
            value = entry.get(name)
            if value not in (None, ""):
                return str(value).strip()
        return ""

    def date(*names: str) -> str:
        for name in names:
            if entry.get(name) not in (None, ""):
                return iso_date(entry[name]) or str(entry[name])
        return ""

    body = text("summary", "description")
    button = entry.get("button")
    if isinstance(button, dict) and button.get("url"):
        body += f"\n\n[{button.get('text') or 'Link'}]({button['url']})"
    if entry.get("label") and entry.get("level") is not None:  # 2026 languages
        body = body or str(entry["label"])
    return CvItem(
        title=plain(text("title", "course", "area", "degree", "position", "role", "name")),
        organisation=text(
            "institution", "company", "company_name", "org", "organization", "awarder"
        ),
        place=text("location"),
        start=date("date_start", "start", "date"),
        end=date("date_end", "end", "year"),
        text=body.strip(),
        url=text("url", "certificate_url", "company_url", "organization_url"),
        source=source,
    )


def _skills(group: Any) -> list[CvItem]:
    if not isinstance(group, dict):
        return []
    heading = str(group.get("name") or "").strip()
    items = []
    for entry in group.get("items") or []:
        if isinstance(entry, dict):
            name = str(entry.get("name") or entry.get("label") or "").strip()
            items.append(
                CvItem(title=name, organisation=heading, text=str(entry.get("description") or ""))
            )
    return items
