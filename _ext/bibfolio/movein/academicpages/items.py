"""academicpages' ``_talks``, ``_teaching``, ``_portfolio`` and ``_posts``.

They become talks, courses, projects and posts; the template's examples are left out.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..dates import is_placeholder, iso_date
from ..jekyll import addresses, collection, liquid_to_myst, post_name, slugify
from ..model import Course, Post, Project, Talk
from .citation import plain
from .demo import demo_body, is_demo_title

if TYPE_CHECKING:
    from pathlib import Path

    from ..jekyll import Config, Item
    from ..model import Site

#: Jekyll's and the theme's own fields: they shaped the old page, and need no place.
_THEME = frozenset(
    {"collection", "permalink", "redirect_from", "layout", "author_profile", "share",
     "comments", "comment", "read_time", "related", "header", "sidebar", "toc",
     "toc_label", "classes", "published"}
)  # fmt: skip


def _text(value: Any) -> str:
    return "" if value is None or isinstance(value, (dict, list)) else str(value).strip()


def _kept(item: Item, site: Site, kind: str, *, include_demo: bool) -> bool:
    """False (and a report line) for an item of the template's demo."""
    title = _text(item.doc.fields.get("title"))
    if (is_demo_title(title) or demo_body(item.doc.body)) and not include_demo:
        site.report.demo(item.at("title"), f"the template's example {kind} {title!r}")
        return False
    return True


def _date(item: Item, site: Site, name: str = "date") -> str:
    value = item.doc.fields.get(name)
    if is_placeholder(value):
        site.report.check(item.at(name), f"placeholder date {value!r}: kept undated")
        return ""
    date = iso_date(value)
    if value not in (None, "") and not date:
        site.report.check(item.at(name), f"date {value!r} is no date: kept undated")
    return date


def _left(item: Item, site: Site, read: set[str]) -> None:
    for name, value in item.doc.fields.items():
        if name not in read and name not in _THEME and value not in (None, "", []):
            site.report.left(item.at(name), f"field {name}: {value!r} has no place")


def _body(item: Item, site: Site) -> str:
    return liquid_to_myst(item.doc.body, item.body_at, site.report).strip()


def read_talks(root: Path, config: Config, site: Site, *, include_demo: bool) -> None:
    """``_talks/*.md`` → ``site.talks`` (the talk's ``type`` heads its text)."""
    items = collection(root, "talks", site.report)
    before = len(site.talks)
    for item in items:
        if not _kept(item, site, "talk", include_demo=include_demo):
            continue
        fields = item.doc.fields
        title = plain(_text(fields.get("title")))
        if not title:
            site.report.check(item.at(), "a talk without a title: named after its file")
            title = item.stem
        text = _body(item, site)
        kind = _text(fields.get("type"))
        if kind and kind.lower() != "talk":
            text = f"*{kind}*\n\n{text}".strip()
        site.talks.append(
            Talk(
                title=title,
                date=_date(item, site),
                event=plain(_text(fields.get("venue"))),
                place=plain(_text(fields.get("location"))),
                url=_text(fields.get("talkurl") or fields.get("talk_url")),
                slides=_text(fields.get("slidesurl")),
                video=_text(fields.get("videourl") or fields.get("video")),
                text=text,
                id=slugify(item.stem),
                source=item.at("title"),
                addresses=addresses(config, "talks", item.doc, item.path),
            )
        )
        _left(item, site, {"title", "type", "venue", "location", "date", "talkurl",
                           "talk_url", "slidesurl", "videourl", "video"})  # fmt: skip
    site.report.count("talks", len(items), len(site.talks) - before)


def read_teaching(root: Path, config: Config, site: Site, *, include_demo: bool) -> None:
    """``_teaching/*.md`` → ``site.teaching`` (``type``, "Undergraduate course", is the term)."""
    items = collection(root, "teaching", site.report)
    before = len(site.teaching)
    for item in items:
        if not _kept(item, site, "course", include_demo=include_demo):
            continue
        fields = item.doc.fields
        site.teaching.append(
            Course(
                title=plain(_text(fields.get("title"))) or item.stem,
                term=_text(fields.get("type")),
                place=", ".join(
                    part
                    for part in (_text(fields.get("venue")), _text(fields.get("location")))
                    if part
                ),
                date=_date(item, site),
                url=_text(fields.get("courseurl") or fields.get("url")),
                text=_body(item, site),
                source=item.at("title"),
                addresses=addresses(config, "teaching", item.doc, item.path),
            )
        )
        _left(item, site, {"title", "type", "venue", "location", "date", "courseurl", "url"})
    site.report.count("teaching", len(items), len(site.teaching) - before)


def read_portfolio(root: Path, config: Config, site: Site, *, include_demo: bool) -> None:
    """``_portfolio/*`` → ``site.projects`` (the ``excerpt`` is the summary)."""
    items = collection(root, "portfolio", site.report)
    before = len(site.projects)
    for item in items:
        if not _kept(item, site, "portfolio item", include_demo=include_demo):
            continue
        fields = item.doc.fields
        summary = liquid_to_myst(_text(fields.get("excerpt")), item.at("excerpt"), site.report)
        site.projects.append(
            Project(
                id=slugify(item.stem),
                title=plain(_text(fields.get("title"))) or item.stem,
                summary=plain(summary),
                body=_body(item, site),
                start=_date(item, site),
                source=item.at("title"),
                addresses=addresses(config, "portfolio", item.doc, item.path),
            )
        )
        if "<img" in summary:
            site.report.left(item.at("excerpt"), "an image in the excerpt: not in the summary")
        _left(item, site, {"title", "excerpt", "date"})
    site.report.count("projects", len(items), len(site.projects) - before)


def read_posts(root: Path, config: Config, site: Site, *, include_demo: bool) -> None:
    """``_posts/*`` → ``site.posts`` (date from the front matter, else the file name)."""
    items = collection(root, "posts", site.report)
    before = len(site.posts)
    for item in items:
        if not _kept(item, site, "post", include_demo=include_demo):
            continue
        fields = item.doc.fields
        file_date, slug = post_name(item.path)
        tags: list[Any] = []
        for name in ("tags", "categories"):
            value = fields.get(name) or []
            tags += [t.strip() for t in value.split(",")] if isinstance(value, str) else value
        site.posts.append(
            Post(
                slug=slugify(slug),
                title=plain(_text(fields.get("title"))) or slug,
                date=_date(item, site) or file_date,
                body=_body(item, site),
                tags=list(dict.fromkeys(str(tag) for tag in tags if tag)),
                source=item.at("title"),
                addresses=addresses(config, "posts", item.doc, item.path),
            )
        )
        _left(item, site, {"title", "date", "tags", "categories", "excerpt"})
    site.report.count("posts", len(items), len(site.posts) - before)
