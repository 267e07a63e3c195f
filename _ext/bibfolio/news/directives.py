"""``{news}`` and ``{talks}``: the items of the data files as standard docutils nodes.

A news item is a list item holding its date and its text, parsed as the page's own
markup (MyST on a Markdown page); a talk is a list item with its title, event, place
and date, and a line of links.  Both lists are bullet lists with bibfolio classes, so
every builder writes them, and the CV (which is made of the pages) shows the talks as it
shows publications.  With ``:limit:``, the newest items and a link to the page that
shows them all (resolved after reading, by :class:`MoreLinks`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from docutils.statemachine import StringList
from sphinx.transforms.post_transforms import SphinxPostTransform
from sphinx.util.docutils import SphinxDirective
from sphinx.util.osutil import relative_uri

from ..build.bibliography import get_domain
from ..build.emptypages import no_items
from ..build.translation import current_language, translated
from ..build.warnings_ import warn
from ..model.dates import PubDate
from ..model.localized import babel_locale, format_pub_date
from ..model.messages import N_
from .data import TALK_LINKS
from .store import FILE_SETTINGS, Shown, file_path, get_news_domain, item_file

if TYPE_CHECKING:
    from typing import Any

    from .data import Item, ItemDate

#: Words of a news item's text in its feed title, when it has no ``title``.
TITLE_WORDS = 12


class more_items(nodes.Element):  # noqa: N801 - docutils node naming
    """Where "All news"/"All talks" goes; replaced by :class:`MoreLinks` in every builder."""


class ItemsDirective(SphinxDirective):
    """The shared part: read the file, keep the newest ``:limit:``, record the page."""

    kind: ClassVar[str]
    more_text: ClassVar[str]
    has_content = False
    option_spec: ClassVar[dict[str, Any]] = {"limit": directives.positive_int}

    def run(self) -> list[nodes.Node]:
        path = file_path(self.env, self.kind)
        self.env.note_dependency(str(path))
        data = item_file(self.env, self.kind)
        if not path.is_file():
            setting = FILE_SETTINGS[self.kind]
            warn(
                f"{{{self.name}}}: no file {getattr(self.config, setting)!r} in the source "
                f"folder (set {setting}, or create it: bibfolio new writes an example)",
                "news" if self.kind == "news" else "talks",
                location=self.get_location(),
            )
            return [no_items(self.kind)]
        items = data.newest_first()
        limit = self.options.get("limit")
        shown = items[:limit] if limit else items
        domain = get_news_domain(self.env)
        domain.lists.setdefault(self.env.docname, set()).add(self.kind)
        if not limit:
            domain.archives.setdefault(self.env.docname, set()).add(self.kind)
        if not shown:
            # No empty list: its place, so that a section holding only it is left out
            # (build/emptypages.py), as is a page (nor a "Talks" heading alone in the CV).
            return [no_items(self.kind)]
        result: list[nodes.Node] = [self.item_list(shown)]
        if limit and len(items) > limit:
            result.append(more_items(kind=self.kind, text=translated(self.more_text)))
        return result

    def item_list(self, shown: list[tuple[str, Item]]) -> nodes.bullet_list:
        raise NotImplementedError


class NewsDirective(ItemsDirective):
    """``{news}``: every news item, newest first; ``:limit: N``: the newest N."""

    kind = "news"
    more_text = N_("All news")

    def item_list(self, shown: list[tuple[str, Item]]) -> nodes.bullet_list:
        listing = nodes.bullet_list(classes=["bibfolio-news"])
        records = get_news_domain(self.env).news.setdefault(self.env.docname, [])
        for key, item in shown:
            anchor = f"news-{key}"
            entry = nodes.list_item(ids=[anchor], classes=["bibfolio-news-item"])
            if item.date is not None:
                entry += nodes.paragraph("", date_text(item.date), classes=["bibfolio-news-date"])
            body = nodes.container(classes=["bibfolio-news-text"])
            if item.get("title"):
                body += nodes.paragraph(
                    "", "", nodes.strong("", item.get("title")), classes=["bibfolio-news-title"]
                )
            if item.get("text"):
                lines = StringList(
                    item.get("text").splitlines(), source=str(self.get_source_info()[0])
                )
                self.state.nested_parse(lines, self.content_offset, body)
            entry += body
            listing += entry
            timestamp = item.date.timestamp if item.date else ""
            records.append(Shown(key, anchor, timestamp, item.get("title")))
        return listing


class TalksDirective(ItemsDirective):
    """``{talks}``: every talk, newest first; ``:limit: N``: the newest N."""

    kind = "talk"
    more_text = N_("All talks")

    def item_list(self, shown: list[tuple[str, Item]]) -> nodes.bullet_list:
        listing = nodes.bullet_list(classes=["bibfolio-list", "bibfolio-talks"])
        for key, item in shown:
            entry = nodes.list_item(
                ids=[f"talk-{key}"], classes=["bibfolio-entry", "bibfolio-talk"]
            )
            # For the page's schema.org Event (events.py); no writer prints attributes.
            entry["bibfolio_event"] = {
                **item.fields, "date": item.date.iso if item.date else "",
                "anchor": f"talk-{key}", "files": dict(item.files),
            }  # fmt: skip
            entry += talk_line(item)
            links = [
                # A file of the site: its page-relative address is set by SiteFileLinks.
                nodes.reference("", translated(label), refuri="", bibfolio_file=item.files[name])
                if name in item.files
                else nodes.reference("", translated(label), refuri=item.get(name))
                for name, label in TALK_LINKS
                if item.get(name)
            ]
            if links:
                line = nodes.paragraph(classes=["bibfolio-links"])
                for index, link in enumerate(links):
                    if index:
                        line += nodes.Text(" ")
                    line += link
                entry += line
            listing += entry
        return listing


def talk_line(item: Item) -> nodes.paragraph:
    """A talk's line: "**Title**. *Event*, Place, March 2026." (the event linked to its url)."""
    line = nodes.paragraph(classes=["bibfolio-talk-line"])
    if item.get("title"):
        line += nodes.strong("", item.get("title"), classes=["bibfolio-talk-title"])
        line += nodes.Text(". ")
    where = []
    if item.get("event"):
        event: nodes.Node = nodes.emphasis("", item.get("event"))
        if item.get("url"):
            event = nodes.reference("", "", event, refuri=item.get("url"))
        where.append(event)
    if item.get("place"):
        where.append(nodes.inline("", item.get("place"), classes=["bibfolio-talk-place"]))
    if item.date is not None:
        where.append(nodes.inline("", date_text(item.date), classes=["bibfolio-talk-date"]))
    for index, part in enumerate(where):
        if index:
            line += nodes.Text(", ")
        line += part
    if where:
        line += nodes.Text(".")
    return line


def date_text(date: ItemDate) -> str:
    """*date* as the build's language writes it (``1. März 2026``, ``2026年3月1日``)."""
    language = current_language()
    if babel_locale(language).language == "en":
        return date.text
    return format_pub_date(PubDate(date.year, date.month or None, date.day or None), language)


def first_words(text: str, count: int = TITLE_WORDS) -> str:
    """*text*'s first *count* words, with "…" when there were more."""
    words = text.split()
    return " ".join(words[:count]) + (" …" if len(words) > count else "")


class MoreLinks(SphinxPostTransform):
    """The "All news" link → the page showing every item (or nothing when there is none)."""

    default_priority = 20

    def run(self, **kwargs: Any) -> None:
        domain = get_news_domain(self.env)
        for node in list(self.document.findall(more_items)):
            archive = domain.archive_of(node["kind"])
            if archive is None or archive == self.env.docname:
                node.parent.remove(node)
                continue
            builder = get_domain(self.env).app.builder  # type: ignore[union-attr]
            uri = builder.get_relative_uri(self.env.docname, archive)
            text = node["text"]
            reference = nodes.reference("", text, internal=True, refuri=uri)
            node.replace_self(nodes.paragraph("", "", reference, classes=["bibfolio-news-more"]))


def drop_news(root: nodes.Element) -> None:
    """Remove the news lists and their "All news" links (a CV lists talks, not news)."""
    for node in list(root.findall(nodes.Element)):
        if node.parent is not None and {"bibfolio-news", "bibfolio-news-more"} & set(
            node.get("classes", ())
        ):
            node.parent.remove(node)


class SiteFileLinks(SphinxPostTransform):
    """A talk's link to a file the site ships (``_static/...``), relative to the page."""

    default_priority = 20

    def run(self, **kwargs: Any) -> None:
        builder = get_domain(self.env).app.builder  # type: ignore[union-attr]
        here = builder.get_target_uri(self.env.docname)
        for node in self.document.findall(nodes.reference):
            if node.get("bibfolio_file"):
                node["refuri"] = relative_uri(here, node["bibfolio_file"])
