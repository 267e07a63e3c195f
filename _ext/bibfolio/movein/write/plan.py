"""Where each item of a moved site lands: its docname (and anchor), before anything is written.

Links in every body and the redirects need all the new addresses at once, so they are
planned first: unique file names for posts, projects, pages and members, a fixed ``id``
for news items and talks that had an address of their own (their anchor then never
changes), and the old address → new page pairs.
"""

from __future__ import annotations

import posixpath
import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..links import address_key
from .data import item_key
from .text import slug

if TYPE_CHECKING:
    from collections.abc import Collection

    from ..model import Site

_PAPER_UNSAFE = re.compile(r"[^a-z0-9._-]+")

#: Pages a new site has (or its generated pages): an old page never takes their names.
TEMPLATE_PAGES = frozenset({
    "index", "publications", "news", "talks", "teaching", "education-experience",
    "honors", "posts", "people", "projects", "cv", "genindex", "search", "404", "blog",
})  # fmt: skip


@dataclass
class Plan:
    """Docnames per item list (in the site's order), the ids given, and the addresses."""

    news_ids: list[str] = field(default_factory=list)
    talk_ids: list[str] = field(default_factory=list)
    projects: list[str] = field(default_factory=list)
    posts: list[str] = field(default_factory=list)
    pages: list[str] = field(default_factory=list)
    members: list[str] = field(default_factory=list)
    #: (old address, docname[#anchor]) in the order found.
    redirects: list[tuple[str, str]] = field(default_factory=list)
    #: :func:`~..links.address_key` → docname[#anchor], for links in bodies.
    addresses: dict[str, str] = field(default_factory=dict)
    #: A file of OLD that became a page → its docname.
    sources: dict[str, str] = field(default_factory=dict)

    @property
    def docnames(self) -> set[str]:
        """Every page of the new site the plan knows: the template's and the items'."""
        return set(TEMPLATE_PAGES) | {
            *self.projects, *self.pages, *self.members, *self.papers.values(),
            *(set(self.posts) - self.drafts),
        }  # fmt: skip

    #: Posts kept out of docs/ (no date): ``drafts/<slug>.md``.
    drafts: set[str] = field(default_factory=set)
    #: Paper pages bibfolio will write (``publications/<slug>``), for the owner's entries.
    papers: dict[str, str] = field(default_factory=dict)

    @classmethod
    def of(cls, site: Site, owned: Collection[str] = ()) -> Plan:
        """The plan of *site*; *owned*: keys of the owner's entries (they get paper pages)."""
        plan = cls()
        taken = set(TEMPLATE_PAGES)
        ids: set[str] = set()
        for item in site.news:
            key = _unique(item.id or _address_id(item.addresses), ids)
            plan.news_ids.append(key)
            plan.add(
                item.addresses, f"news#news-{item_key(item.date, item.title or item.text, key)}"
            )
        ids = set()
        for talk in site.talks:
            key = _unique(talk.id or _address_id(talk.addresses), ids)
            plan.talk_ids.append(key)
            plan.add(talk.addresses, f"talks#talk-{item_key(talk.date, talk.title, key)}")
        for course in site.teaching:
            plan.add(course.addresses, "teaching", course.source and course.source.path)
        folders: dict[str, set[str]] = {"projects": set(), "posts": set(), "people": set()}
        for project in site.projects:
            name = slug(project.id or project.title, "project")
            docname = "projects/" + _unique(name, folders["projects"])
            plan.projects.append(docname)
            plan.add(project.addresses, docname, project.source and project.source.path)
        for post in site.posts:
            docname = "posts/" + _unique(slug(post.slug or post.title, "post"), folders["posts"])
            plan.posts.append(docname)
            # An undated post is kept out of docs/ (a draft): its addresses lead to the posts.
            shown = docname if post.date or post.notebook else "posts"
            if shown != docname:
                plan.drafts.add(docname)
            plan.add(post.addresses, shown, post.source and post.source.path)
        for page in site.pages:
            docname = _unique(slug(page.name or page.title), taken)
            plan.pages.append(docname)
            plan.add(page.addresses, docname, page.source and page.source.path)
        for member in site.members:
            name = slug(member.id or member.name, "member")
            docname = "people/" + _unique(name, folders["people"])
            plan.members.append(docname)
            plan.add(member.addresses, docname, member.source and member.source.path)
        for entry in site.bibliography.entries:
            if entry.key in owned:
                plan.papers[entry.key] = f"publications/{paper_slug(entry.key)}"
            plan.add(entry.addresses, plan.papers.get(entry.key, "publications"))
        for address, docname in site.addresses.items():
            plan.add([address], docname)
        return plan

    def add(self, addresses: list[str], docname: str, source: str | None = None) -> None:
        """*addresses* lead to *docname*; so does a link to the file *source* of OLD."""
        for address in addresses:
            self.redirects.append((address, docname))
            self.addresses.setdefault(address_key(address), docname)
        if source:
            self.sources.setdefault(source, docname)


def paper_slug(key: str) -> str:
    """The name of an entry's paper page, as bibfolio makes it (``build/slugs.py``)."""
    return _PAPER_UNSAFE.sub("-", key.lower()).strip("-.") or "paper"


def _address_id(addresses: list[str]) -> str:
    """An item's id from its old address's last part (``news/announcement_1/``)."""
    for address in addresses:
        name = posixpath.basename(address.rstrip("/"))
        name = posixpath.splitext(name)[0] if name.endswith((".html", ".htm")) else name
        if name and name != "index":
            return name
    return ""


def _unique(name: str, taken: set[str]) -> str:
    """*name*, or *name*-2, -3 ... when taken (an empty *name* stays empty and untaken)."""
    if not name:
        return ""
    found, number = name, 2
    while found in taken:
        found, number = f"{name}-{number}", number + 1
    taken.add(found)
    return found
