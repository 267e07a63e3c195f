"""al-folio's collections: ``_news``, ``_projects``, ``_posts`` and ``_teachings``."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from ..dates import is_placeholder, iso_date
from ..jekyll import addresses, collection, post_name
from ..model import Course, NewsItem, Post, Project
from .common import plain, words
from .demo import is_demo_course, is_demo_news, is_demo_post, is_demo_project

if TYPE_CHECKING:
    from ..jekyll import Item
    from .common import Reading

_CITE = re.compile(r"\{%-?\s*cite\s+([^%]*?)\s*-?%\}")
_NOTEBOOK = re.compile(r"assets/jupyter/[\w./-]+\.ipynb")


def _addresses(reading: Reading, item: Item) -> list[str]:
    return addresses(reading.config, item.collection, item.doc, item.path)


def _date(reading: Reading, item: Item, what: str) -> str:
    """The item's date; from its file name (checked) when it has only a placeholder."""
    value = item.doc.fields.get("date")
    found = iso_date(value)
    if found:
        return found
    from_name, _ = post_name(item.path)
    said = f"the placeholder date {value}" if is_placeholder(str(value)) else "no date"
    if from_name:
        reading.report.check(
            item.at("date"), f"{what} has {said}: dated {from_name} from its file name"
        )
        return from_name
    reading.report.check(item.at("date"), f"{what} has {said}: kept without a date, give it one")
    return ""


def read_news(reading: Reading) -> None:
    """``_news/*.md`` → news items (an inline item is its text; others keep a title)."""
    items = collection(reading.root, "news", reading.report)
    kept = 0
    for item in items:
        fields = item.doc.fields
        if is_demo_news(fields, item.doc.body) and not reading.keep_demo(item.at(), "a news item"):
            continue
        title = "" if fields.get("inline") else plain(fields.get("title"))
        reading.site.news.append(
            NewsItem(
                date=_date(reading, item, "the news item"), text=reading.body(item), title=title,
                id=item.stem, source=item.at(), addresses=_addresses(reading, item),
            )
        )  # fmt: skip
        kept += 1
    reading.report.count("news", len(items), kept)


def read_projects(reading: Reading) -> None:
    """``_projects/*.md`` → project pages, in al-folio's order (``importance``, then name)."""
    items = collection(reading.root, "projects", reading.report)
    projects = []
    for item in items:
        fields = item.doc.fields
        if is_demo_project(fields, item.doc.body) and not reading.keep_demo(
            item.at(), f"the project {fields.get('title')}"
        ):
            continue
        body = reading.body(item)
        image = str(fields.get("img") or "").lstrip("/")
        if image and not reading.file(image, item.at("img"), f"the project {item.stem}'s image"):
            image = ""
        tags = words(fields.get("category")) + words(fields.get("tags"))
        project = Project(
            id=item.stem, title=plain(fields.get("title")) or item.stem,
            summary=plain(fields.get("description")), body=body, image=image,
            tags=list(dict.fromkeys(tags)), source=item.at(),
            addresses=_addresses(reading, item),
        )  # fmt: skip
        if fields.get("related_publications"):
            keys = [key for found in _CITE.findall(item.doc.body) for key in found.split()]
            project.publications = list(dict.fromkeys(keys))
        if fields.get("github"):
            github = str(fields["github"])
            project.code = github if "://" in github else f"https://github.com/{github}"
        if fields.get("redirect"):
            url = str(fields["redirect"])
            project.body = (f"This project's page is [{url}]({url}).\n\n" + body).strip("\n")
            reading.report.note(item.at("redirect"), "the project led to another address: "
                                "its page now links there")  # fmt: skip
        order = fields.get("importance")
        projects.append((order if isinstance(order, (int, float)) else 1e9, item.stem, project))
    projects.sort(key=lambda found: (found[0], found[1]))
    reading.site.projects.extend(project for _, _, project in projects)
    if projects:
        reading.report.note(
            projects[0][2].source or items[0].at(),
            "projects are listed in al-folio's order (importance, then file name); each "
            "keeps its file name as its id",
        )
    reading.report.count("projects", len(items), len(projects))


def read_posts(reading: Reading) -> None:
    """``_posts/*`` → ABlog posts: date and slug from the file name, tags and categories."""
    items = collection(reading.root, "posts", reading.report)
    kept = 0
    for item in items:
        fields = item.doc.fields
        if is_demo_post(fields) and not reading.keep_demo(
            item.at(), f"the post {fields.get('title')}"
        ):
            continue
        date, slug = post_name(item.path)
        date = iso_date(fields.get("date")) or date or _date(reading, item, "the post")
        tags = list(dict.fromkeys(words(fields.get("tags")) + words(fields.get("categories"))))
        post = Post(
            slug=slug, title=plain(fields.get("title")) or slug, date=date, tags=tags,
            source=item.at(), addresses=_addresses(reading, item),
        )  # fmt: skip
        if item.path.endswith(".ipynb"):
            post.notebook = item.path
        else:
            notebook = _NOTEBOOK.search(item.doc.body)
            if (
                notebook
                and "jupyter_notebook" in item.doc.body
                and (reading.root / notebook.group(0)).is_file()
            ):
                post.notebook = notebook.group(0)
                reading.report.note(
                    item.at(), f"the post shows {post.notebook}: kept as a notebook post"
                )
            else:
                post.body = reading.body(item)
        if fields.get("redirect"):
            url = str(fields["redirect"])
            post.body = (f"This post is at [{url}]({url}).\n\n" + post.body).strip("\n")
            reading.report.note(
                item.at("redirect"), "the post led to another address: it now links there"
            )
        reading.site.posts.append(post)
        kept += 1
    reading.report.count("posts", len(items), kept)


def read_teachings(reading: Reading) -> None:
    """``_teachings/*.md`` → courses: title, term and year, place, the text and schedule."""
    items = collection(reading.root, "teachings", reading.report)
    kept = 0
    for item in items:
        fields = item.doc.fields
        if is_demo_course(fields) and not reading.keep_demo(
            item.at(), f"the course {fields.get('title')}"
        ):
            continue
        year = str(fields.get("year") or "")
        parts = [plain(fields.get("description"))]
        parts += [f"{label}: {plain(fields[key])}" for key, label in
                  (("instructor", "Instructor"), ("time", "Time")) if fields.get(key)]  # fmt: skip
        parts += [reading.body(item), _schedule(fields.get("schedule"))]
        reading.site.teaching.append(
            Course(
                title=plain(fields.get("title")) or item.stem,
                term=" ".join(part for part in (plain(fields.get("term")), year) if part),
                place=plain(fields.get("location")), date=iso_date(year),
                text="\n\n".join(part for part in parts if part), source=item.at(),
                addresses=_addresses(reading, item),
            )
        )  # fmt: skip
        kept += 1
    reading.report.count("teaching", len(items), kept)


def _schedule(weeks: Any) -> str:
    """al-folio's course schedule as a MyST list: week, date, topic, materials."""
    if not isinstance(weeks, list) or not weeks:
        return ""
    lines = ["Schedule:", ""]
    for week in weeks:
        if not isinstance(week, dict):
            continue
        head = " ".join(plain(week.get(key)) for key in ("week", "date") if week.get(key))
        topic = plain(week.get("topic"))
        text = f"- **{head}**: {topic}" if head else f"- {topic}"
        if week.get("description"):
            text += f". {plain(week['description'])}"
        links = [
            f"[{plain(material.get('name'))}]({material.get('url')})"
            for material in week.get("materials") or []
            if isinstance(material, dict) and material.get("url")
        ]
        lines.append(text + (f" ({', '.join(links)})" if links else ""))
    return "\n".join(lines)
