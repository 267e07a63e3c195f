"""academicpages' CV, ``_pages/cv.md`` or ``_data/cv.json``, → CV sections.

``cv.md`` is Markdown under headings; ``cv.json`` is JSON Resume (shown by
``_pages/cv-json.md``).  The one the site's menu links is read.
"""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING, Any

from ..dates import iso_date
from ..frontmatter import read_document, read_file
from ..jekyll import addresses, liquid_to_myst
from ..model import CvItem, CvSection, Source
from .demo import is_demo_cv, is_demo_cv_json

if TYPE_CHECKING:
    from pathlib import Path

    from ..jekyll import Config
    from ..model import CvKind, Site

_HEADING = re.compile(r"^(?:(#{1,3})\s+(.+?)\s*#*\s*|(\S.*?)\s*\n(?:=+|-+))\s*$", re.M)
_BULLET = re.compile(r"^([*+-])\s+(.*)$")
_YEAR_END = re.compile(r",?\s*\(?((?:19|20)\d\d)\)?(?:\s*\(([^)]*)\))?\s*$")
_TERM = re.compile(
    r"^((?:Spring|Summer|Fall|Autumn|Winter)?\s*(?:19|20)\d\d(?:\s*[-–]\s*"
    r"(?:(?:19|20)\d\d|present|now))?)\s*:\s*(.+)$",
    re.I,
)
#: JSON Resume sections of the CV pages; the rest are the site's own lists.
_JSON_SECTIONS = {
    "education": "education", "work": "experience", "volunteer": "experience",
    "awards": "honors", "certificates": "honors", "skills": "other",
    "languages": "other", "interests": "other", "references": "other", "projects": "other",
}  # fmt: skip
#: Parts of the JSON CV that repeat a collection the new site lists itself.
_JSON_LISTS = {"publications", "presentations", "teaching", "portfolio"}


def section_kind(title: str) -> CvKind:
    """Where a section of a given heading goes."""
    words = title.lower()
    if "educat" in words or "degree" in words:
        return "education"
    if any(word in words for word in ("work", "experience", "employment", "position", "appoint")):
        return "experience"
    if any(word in words for word in ("award", "honor", "honour", "grant", "fellowship", "prize")):
        return "honors"
    return "other"


def read_cv(root: Path, config: Config, site: Site, *, include_demo: bool) -> None:
    """The CV the site's menu links (``/cv-json/``: the JSON one; else ``cv.md``)."""
    markdown, data = root / "_pages/cv.md", root / "_data/cv.json"
    navigation = root / "_data/navigation.yml"
    nav = navigation.read_text(encoding="utf-8", errors="replace") if navigation.is_file() else ""
    json_linked = bool(re.search(r"^\s*url:\s*['\"]?/cv-json/?", nav, re.M))
    use_json = data.is_file() and (json_linked or not markdown.is_file())
    if markdown.is_file():
        if use_json:
            site.report.left(Source("_pages/cv.md"), "the Markdown CV: the menu links the JSON one")
        else:
            _markdown_cv(root, config, site, include_demo=include_demo)
    if data.is_file():
        if use_json:
            _json_cv(data, site, include_demo=include_demo)
        else:
            text = data.read_text(encoding="utf-8", errors="replace")
            if is_demo_cv_json(text):
                site.report.demo(Source("_data/cv.json"), "the template's example JSON CV")
            else:
                site.report.left(Source("_data/cv.json"), "a JSON CV the menu does not link")
    for page in ("_pages/cv-json.md", "_pages/cv.md"):
        if (root / page).is_file():
            site.addresses.update(dict.fromkeys(_page_addresses(root, config, page, site), "cv"))


def _page_addresses(root: Path, config: Config, name: str, site: Site) -> list[str]:
    text = (root / name).read_text(encoding="utf-8", errors="replace")
    doc = read_document(text, Source(name), site.report)
    return [a for a in addresses(config, "", doc, name) if a] if doc else []


def _markdown_cv(root: Path, config: Config, site: Site, *, include_demo: bool) -> None:
    name = "_pages/cv.md"
    report = site.report
    doc = read_file(root, name, report)
    if doc is None:
        return
    if is_demo_cv(doc.body) and not include_demo:
        report.demo(Source(name, doc.body_line), "the template's example CV")
        report.count("cv sections", len(list(_HEADING.finditer(doc.body))), 0)
        return
    body = doc.body
    heads = list(_HEADING.finditer(body))
    for index, head in enumerate(heads):
        title = (head.group(2) or head.group(3)).strip()
        end = heads[index + 1].start() if index + 1 < len(heads) else len(body)
        text = body[head.end() : end]
        line = doc.body_line + body.count("\n", 0, head.start())
        at = Source(name, line)
        if "{%" in text and "for " in text and not _BULLET.search(text.strip()):
            report.note(at, f"CV section {title!r}: a list of the site's {title.lower()}, "
                        "which the new site lists itself")  # fmt: skip
            report.count("cv sections", 1, 0)
            continue
        text = liquid_to_myst(text, Source(name, line + 2), report)
        items = _bullets(text, at)
        if not items:
            report.left(at, f"CV section {title!r} without items")
            report.count("cv sections", 1, 0)
            continue
        site.cv.append(CvSection(section_kind(title), title, items, at))
        report.count("cv sections", 1, 1)
        report.check(at, f"CV section {title!r}: {len(items)} items read from Markdown bullets")


def _bullets(text: str, at: Source) -> list[CvItem]:
    """Top-level bullets are items; what is indented under one is its text."""
    items: list[CvItem] = []
    for line in text.splitlines():
        if not line.strip():
            continue
        top = _BULLET.match(line)
        if top:
            items.append(_item(top.group(2).strip(), at))
        elif items:
            items[-1].text = (items[-1].text + "\n" + line.strip()).strip()
        elif line.strip() and not line.lstrip().startswith("<"):
            items.append(_item(line.strip(), at))
    return items


def _item(text: str, at: Source) -> CvItem:
    """One bullet: "Ph.D in X, University, 2018 (expected)", "Fall 2015: Research Assistant"."""
    item = CvItem(title=text, source=at)
    term = _TERM.match(text)
    if term:
        item.title = term.group(2).strip()
        years = re.findall(r"(?:19|20)\d\d|present|now", term.group(1), re.I)
        item.start = years[0] if years else ""
        item.end = years[1].lower().replace("now", "present") if len(years) > 1 else ""
        item.text = term.group(1).strip()
        return item
    year = _YEAR_END.search(text)
    if year and year.start() > 0:
        head = text[: year.start()].strip(" ,")
        parts = [part.strip() for part in head.split(",")]
        item.title = parts[0]
        item.organisation = ", ".join(parts[1:])
        item.end = year.group(1)
        item.text = year.group(2) or ""
    return item


def _json_cv(path: Path, site: Site, *, include_demo: bool) -> None:
    name = "_data/cv.json"
    report = site.report
    text = path.read_text(encoding="utf-8", errors="replace")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        report.left(Source(name, error.lineno), f"JSON that cannot be read: {error.msg}")
        return
    if not isinstance(data, dict):
        report.left(Source(name), "a JSON CV that is not an object")
        return
    parts = {k: v for k, v in data.items() if k != "basics" and isinstance(v, list) and v}
    if is_demo_cv_json(text) and not include_demo:
        report.demo(Source(name), "the template's example JSON CV")
        report.count("cv sections", len(parts), 0)
        return
    if data.get("basics"):
        report.note(
            Source(name, _line(text, "basics")), "basics: the profile comes from _config.yml"
        )
    for key, entries in parts.items():
        at = Source(name, _line(text, key))
        if key in _JSON_LISTS:
            report.note(at, f"{key}: the site's own list (from its collection), not a CV section")
            report.count("cv sections", 1, 0)
            continue
        kind = _JSON_SECTIONS.get(key, "other")
        items = [_json_item(entry, at) for entry in entries if isinstance(entry, dict)]
        site.cv.append(CvSection(kind, key.capitalize(), items, at))  # type: ignore[arg-type]
        report.count("cv sections", 1, 1)


def _line(text: str, key: str) -> int | None:
    found = re.search(rf'^\s*"{re.escape(key)}"\s*:', text, re.M)
    return text.count("\n", 0, found.start()) + 1 if found else None


def _json_item(entry: dict[str, Any], at: Source) -> CvItem:
    def get(*names: str) -> str:
        return next((str(entry[n]).strip() for n in names if entry.get(n)), "")

    title = " ".join(p for p in (get("studyType"), get("area")) if p) or get(
        "position", "title", "name", "language", "course"
    )
    notes = [get("summary", "description", "fluency", "reference")]
    notes += [f"- {h}" for h in entry.get("highlights") or entry.get("keywords") or []]
    return CvItem(
        title=title,
        organisation=get(
            "institution",
            "name" if get("position") else "",
            "company",
            "organization",
            "awarder",
            "issuer",
        ),
        place=get("location"),
        start=iso_date(get("startDate")),
        end=iso_date(get("endDate", "date", "releaseDate")) or get("endDate").lower(),
        text="\n".join(n for n in notes if n),
        url=get("url", "website"),
        source=at,
    )
