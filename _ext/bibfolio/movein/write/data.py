"""``news.yml`` and ``talks.yml``: the template's comment header, then the old items."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from ..model import Source
from .text import dump_yaml

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from ..model import NewsItem, Report, Talk

_SLUG = re.compile(r"[^a-z0-9]+")
_WEB = re.compile(r"^https?://\S+$")
_TALK_FILES = ("slides", "video", "poster")


def item_key(date: str, words: str, given_id: str = "") -> str:
    """The anchor key bibfolio gives an item (``news/data.py``): its id, else date and words."""
    if given_id:
        return _SLUG.sub("-", given_id.lower()).strip("-")
    first = "-".join(_SLUG.sub("-", words.lower()).strip("-").split("-")[:6])
    return "-".join(part for part in (date or "undated", first) if part)


def with_header(template_text: str, items: list[dict[str, Any]]) -> str:
    """The template file's comment lines, then *items* as YAML (none: the comments alone)."""
    header = "".join(line + "\n" for line in template_text.splitlines() if line.startswith("#"))
    return header + ("\n" + dump_yaml(items) if items else "")


def news_items(news: Sequence[NewsItem], report: Report) -> list[dict[str, Any]]:
    """The news as ``news.yml`` items; an undated one is kept as a draft (the report says)."""
    items = []
    for item in news:
        fields: dict[str, Any] = {"date": item.date} if item.date else {}
        if item.title:
            fields["title"] = item.title
        fields["text"] = (
            item.text.strip() + "\n" if "\n" in item.text.strip() else item.text.strip()
        )
        if item.id:
            fields["id"] = item.id
        if not item.date:
            fields["draft"] = True
            report.check(
                _where(item.source, "docs/news.yml"),
                "a news item without a date: kept as a draft (draft: true) in news.yml; "
                "give it a date to publish it",
            )
        items.append(fields)
    return items


def talk_items(
    talks: Sequence[Talk], report: Report, local: Callable[[str, Source], str]
) -> list[dict[str, Any]]:
    """The talks as ``talks.yml`` items.

    *local* turns a file of the old site named by ``slides``/``video``/``poster`` into its
    path in the new site ("" when it is missing: the field is left out, reported there).
    ``talks.yml`` has no field for a talk's text: it is kept as the item's ``text`` only
    in the report's words, and left out (reported) so the build does not warn.
    """
    items = []
    for talk in talks:
        at = _where(talk.source, "docs/talks.yml")
        fields: dict[str, Any] = {"title": talk.title}
        for name in ("event", "place"):
            if value := getattr(talk, name):
                fields[name] = value
        if talk.date:
            fields["date"] = talk.date
        if talk.url:
            if _WEB.match(talk.url):
                fields["url"] = talk.url
            else:
                report.left(at, f"the talk's url {talk.url}: not a web address")
        for name in _TALK_FILES:
            value = getattr(talk, name)
            if not value:
                continue
            fields[name] = value if _WEB.match(value) else local(value, at)
            if not fields[name]:
                del fields[name]
        if talk.id:
            fields["id"] = talk.id
        if talk.text.strip():
            report.left(at, "the talk's text: talks.yml has no field for it (add what "
                        "matters to the event or a link)")  # fmt: skip
        if not talk.date:
            fields["draft"] = True
            report.check(at, "a talk without a date: kept as a draft (draft: true) in "
                         "talks.yml; give it a date to publish it")  # fmt: skip
        items.append(fields)
    return items


def _where(source: Source | None, written: str) -> Source:
    """Where an item was read; the file it was written to when the converter did not say."""
    return source or Source(written)
