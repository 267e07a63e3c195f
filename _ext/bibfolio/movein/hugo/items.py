"""Events (talks), projects, posts and courses of a Hugo site."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..dates import iso_date
from ..model import Course, Page, Post, Project, Talk
from .content import link, names, report_unused
from .links import as_list, first, page_links, rest

if TYPE_CHECKING:
    from ..model import Report
    from .content import Item


_LINKS = {"links", "url_pdf", "url_code", "url_dataset", "url_poster", "url_project",
          "url_slides", "url_source", "url_video"}  # fmt: skip
_TALK = {"event", "event_name", "event_url", "location", "address", "abstract", "summary",
         "event_start", "slides", *_LINKS}  # fmt: skip
_PROJECT = {"summary", "external_link", "tags", *_LINKS}


def talk(item: Item, report: Report, cite_keys: dict[str, str]) -> Talk:
    """An event page as a talk of ``talks.yml``."""
    found = page_links(item)
    date = iso_date(item.get("event_start") or item.get("date"))
    if not date:
        report.check(item.source("date"), "a talk without a date")
    address = item.get("address")
    place = [item.text("location")]
    if isinstance(address, dict):
        place += [str(address.get(k) or "") for k in ("city", "region", "country")]
    elif isinstance(address, str):
        place.append(address)
    text = [item.text("abstract") or item.text("summary"), item.body(report, cite_keys)]
    extra = rest(found, {"slides", "video", "poster"})
    if extra:
        text.append(as_list(extra))
    if item.text("abstract") and item.text("summary"):
        report.left(
            item.source("summary"), "the summary (a shorter abstract): the abstract is kept"
        )
    report_unused(item, _TALK, report, "talk")
    if item.text("slides"):
        report.left(
            item.source("slides"),
            f"the Markdown slides {item.text('slides')!r}: no slides in bibfolio",
        )
    return Talk(
        title=item.text("title"),
        date=date,
        event=item.text("event_name") or item.text("event"),
        place=", ".join(p.strip() for p in place if p and p.strip()),
        url=link(item.get("event_url")),
        slides=first(found, "slides"),
        video=first(found, "video"),
        poster=first(found, "poster"),
        text="\n\n".join(t.strip() for t in text if t and t.strip()),
        id=item.name,
        source=item.source(),
    )


def project(item: Item, report: Report, cite_keys: dict[str, str]) -> Project:
    """A project page."""
    found = page_links(item)
    body = item.body(report, cite_keys)
    external = link(item.get("external_link"))
    extra = rest(found, {"code", "supp"})
    if external:
        extra.insert(0, ("website", external, "Project website"))
    if extra:
        body = (body.rstrip() + "\n\n" if body.strip() else "") + as_list(extra) + "\n"
    report_unused(item, _PROJECT, report, "project")
    image = item.image()
    caption = item.get("image") or {}
    return Project(
        id=item.name,
        title=item.text("title"),
        summary=item.text("summary"),
        body=body,
        image=image,
        image_alt=str(caption.get("caption") or "") if isinstance(caption, dict) and image else "",
        start=iso_date(item.get("date")),
        tags=names(item.get("tags")),
        code=first(found, "code"),
        data=first(found, "supp"),
        source=item.source(),
    )


def post(item: Item, report: Report, cite_keys: dict[str, str]) -> Post:
    """A post (``post/``, ``blog/``) for ABlog."""
    date = iso_date(item.get("date"))
    if not date:
        report.check(item.source("date"), "a post without a date: ABlog lists it undated")
    report_unused(item, {"tags", "categories"}, report, "post")
    notebook = ""
    for candidate in (
        sorted(item.path.parent.glob("*.ipynb")) if item.path.name == "index.md" else ()
    ):
        notebook = candidate.relative_to(item.root).as_posix()
        report.note(item.source(), f"the notebook {notebook} beside the post")
        break
    return Post(
        slug=item.name,
        title=item.text("title"),
        date=date,
        body=item.body(report, cite_keys),
        tags=names(item.get("tags")) + names(item.get("categories")),
        notebook=notebook,
        source=item.source(),
    )


def course(item: Item, report: Report, cite_keys: dict[str, str]) -> Course:
    """A course page (a single page of ``teaching/`` or ``courses/``)."""
    summary, body = item.text("summary"), item.body(report, cite_keys)
    return Course(
        title=item.text("title"),
        date=iso_date(item.get("date")),
        text="\n\n".join(t for t in (summary, body) if t.strip()),
        source=item.source(),
    )


def docs_page(item: Item, name: str, report: Report, cite_keys: dict[str, str]) -> Page:
    """A page of a docs-style course (a tree of pages)."""
    return Page(
        name=name,
        title=item.text("title") or item.text("linkTitle") or item.name,
        body=item.body(report, cite_keys),
        source=item.source(),
    )
