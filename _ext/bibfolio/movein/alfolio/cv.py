"""The CV: ``_data/cv.yml`` (old list or RenderCV format) or ``assets/json/resume.json``.

Whichever the CV page shows (``cv_format``); JSON Resume's sections by their keys.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import yaml

from ...reading.frontmatter import load_yaml
from ..dates import iso_date
from ..jekyll import read_document_at
from ..model import CvItem, CvSection, Source
from .common import plain
from .demo import is_demo_cv_name

if TYPE_CHECKING:
    from .common import Reading

_YAML, _JSON = "_data/cv.yml", "assets/json/resume.json"
#: JSON Resume's sections, by their keys: (title, kind).
_RESUME = {
    "education": ("Education", "education"), "work": ("Experience", "experience"),
    "awards": ("Awards", "honors"),
}  # fmt: skip
_TITLE_KEYS = ("position", "title", "name", "label", "bullet", "degree", "network")
_ORG_KEYS = ("institution", "company", "awarder", "issuer", "publisher", "organization")
_USED = {*_TITLE_KEYS, *_ORG_KEYS, "studyType", "area", "location", "url", "summary",
         "highlights", "start_date", "startDate", "end_date", "endDate", "date",
         "releaseDate", "year", "description", "items", "value", "icon"}  # fmt: skip


def _kind(title: str) -> str:
    words = title.lower()
    if "education" in words:
        return "education"
    if any(
        word in words for word in ("experience", "employment", "work", "position", "appointment")
    ):
        return "experience"
    if any(word in words for word in ("award", "honor", "honour", "prize")):
        return "honors"
    return "other"


def read_cv(reading: Reading) -> None:
    """The CV the old site showed into ``site.cv``; the other file, if any, is reported."""
    root, report = reading.root, reading.report
    there = [
        path
        for path in (_YAML, "_data/cv.yaml", _JSON, "_data/resume.json")
        if (root / path).is_file()
    ]
    if not there:
        return
    chosen = there[0]
    page = root / "_pages" / "cv.md"
    fmt = ""
    if page.is_file():
        doc = read_document_at(root, "_pages/cv.md", report)
        fmt = str((doc.fields if doc else {}).get("cv_format") or "")
    if fmt == "jsonresume":
        chosen = next((path for path in there if path.endswith(".json")), chosen)
    for other in there:
        if other != chosen:
            report.left(
                Source(other),
                f"a second CV, not the one the CV page showed ({chosen}): not converted",
            )
    text = (root / chosen).read_text(encoding="utf-8", errors="replace")
    try:
        if chosen.endswith(".json"):
            sections, name = _resume(json.loads(text), chosen)
        else:
            data, node = load_yaml(text)
            sections, name = _yaml(data, node, chosen)
    except (ValueError, yaml.YAMLError) as error:
        report.left(Source(chosen), f"a CV that cannot be read: {' '.join(str(error).split())}")
        return
    demo = is_demo_cv_name(name)
    kept = 0
    for section in sections:
        if demo and not reading.keep_demo(
            section.source or Source(chosen), f"the CV section {section.title} (Albert Einstein)"
        ):
            continue
        reading.site.cv.append(section)
        kept += 1
    reading.report.count("cv sections", len(sections), kept)


def _yaml(data: Any, node: Any, path: str) -> tuple[list[CvSection], str]:
    if isinstance(data, dict) and isinstance(data.get("cv"), dict):
        cv = data["cv"]
        lines = _lines(node, ("cv", "sections"))
        sections = [
            _section(str(title), items, Source(path, lines.get(str(title))))
            for title, items in (cv.get("sections") or {}).items()
        ]
        return sections, str(cv.get("name") or "")
    if isinstance(data, list):
        lines = [item.start_mark.line + 1 for item in node.value] if node is not None else []
        sections, name = [], ""
        for index, block in enumerate(data):
            if not isinstance(block, dict):
                continue
            title = str(block.get("title") or "")
            source = Source(path, lines[index] if index < len(lines) else None)
            contents = block.get("contents") or []
            for item in contents if isinstance(contents, list) else []:
                if isinstance(item, dict) and item.get("name") == "Full Name":
                    name = str(item.get("value"))
            sections.append(_section(title, contents, source))
        return sections, name
    return [], ""


def _lines(node: Any, path: tuple[str, ...]) -> dict[str, int]:
    for part in path:
        if not isinstance(node, yaml.MappingNode):
            return {}
        node = next((value for key, value in node.value if key.value == part), None)
    if not isinstance(node, yaml.MappingNode):
        return {}
    return {key.value: key.start_mark.line + 1 for key, _ in node.value}


def _resume(data: Any, path: str) -> tuple[list[CvSection], str]:
    if not isinstance(data, dict):
        return [], ""
    sections = []
    for key, items in data.items():
        if key in ("basics", "meta", "$schema") or not isinstance(items, list):
            continue
        title, kind = _RESUME.get(key, (key.replace("_", " ").title(), "other"))
        section = _section(title, items, Source(path))
        section.kind = kind  # type: ignore[assignment]
        sections.append(section)
    return sections, str((data.get("basics") or {}).get("name") or "")


def _section(title: str, items: Any, source: Source) -> CvSection:
    section = CvSection(_kind(title), title, source=source)  # type: ignore[arg-type]
    for item in items if isinstance(items, list) else [items]:
        section.items.extend(_items(item, source))
    return section


def _items(item: Any, source: Source) -> list[CvItem]:
    if not isinstance(item, dict):
        return [CvItem(plain(item), source=source)] if plain(item) else []
    if isinstance(item.get("items"), list) and not item.get("title"):
        # Old format honors: a year and what came in it.
        year = _when(item.get("year"))[0]
        return [CvItem(plain(entry), start=year, source=source) for entry in item["items"]]
    title = next((plain(item[key]) for key in _TITLE_KEYS if item.get(key)), "")
    degree = " ".join(plain(item[key]) for key in ("studyType", "area") if item.get(key))
    if degree:
        title = degree if not item.get("position") else title
    start, end = _when(item.get("year"))
    start = _date(item, "start_date", "startDate", "date", "releaseDate") or start
    end = _date(item, "end_date", "endDate") or end
    text = [plain(item.get("summary")), plain(item.get("value"))]
    text += [_bullets(item.get(key)) for key in ("highlights", "description", "items")]
    text += [
        f"{key}: {_flat(value)}" for key, value in item.items() if key not in _USED and _flat(value)
    ]
    organisation = next((plain(item[key]) for key in _ORG_KEYS if item.get(key)), "")
    return [
        CvItem(
            title=title, organisation=organisation,
            place=plain(item.get("location")), start=start, end=end,
            text="\n\n".join(part for part in text if part), url=str(item.get("url") or ""),
            source=source,
        )
    ]  # fmt: skip


def _date(item: dict[str, Any], *keys: str) -> str:
    for key in keys:
        if item.get(key) not in (None, ""):
            value = item[key]
            if str(value).strip().lower() == "present":
                return "present"
            return iso_date(value) or plain(value)
    return ""


def _when(year: Any) -> tuple[str, str]:
    """An old-format ``year``: ``2012``, ``2012 - 2016`` or ``2016 - present``."""
    text = plain(year)
    parts = [part.strip() for part in text.replace("–", "-").split(" - ")]
    if len(parts) == 2:
        return iso_date(parts[0]) or parts[0], iso_date(parts[1]) or parts[1].lower()
    return iso_date(text) or text, ""


def _bullets(value: Any) -> str:
    if not isinstance(value, list):
        return plain(value)
    lines = []
    for entry in value:
        if isinstance(entry, dict):
            lines.append(f"- {plain(entry.get('title'))}")
            lines += [f"  - {plain(sub)}" for sub in entry.get("contents") or []]
        elif plain(entry):
            lines.append(f"- {plain(entry)}")
    return "\n".join(lines)


def _flat(value: Any) -> str:
    if isinstance(value, list):
        return ", ".join(_flat(part) for part in value if _flat(part))
    if isinstance(value, dict):
        return ", ".join(f"{key} {_flat(part)}" for key, part in value.items() if _flat(part))
    return plain(value)
