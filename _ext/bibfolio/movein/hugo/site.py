"""Reading a whole Hugo Academic / Wowchemy / Hugo Blox site into one ``Site``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..model import Page, Site, Source
from ..owner import owner_spellings
from .config import DEMO_TITLES, TEMPLATE, generation, permalinks, read_config, site_title
from .content import addresses, read_page, section_items
from .courses import teaching
from .demo import is_demo, is_demo_owner
from .home import blocks, widgets
from .items import post, project, talk
from .profile import read_owner
from .publications import publication

if TYPE_CHECKING:
    from collections.abc import Callable
    from pathlib import Path

    from .content import Item

#: Section folders by kind, each generation's names; the new page their list becomes.
SECTIONS = {
    "publications": (("publication", "publications"), "publications"),
    "talks": (("event", "events", "talk", "talks"), "talks"),
    "projects": (("project", "projects"), "projects"),
    "posts": (("post", "posts", "blog"), "posts"),
    "teaching": (("teaching", "courses", "course"), "teaching"),
}
#: Landing pages of 2024-2026 (``content/<name>.md`` with blocks) → the new page.
_LANDING = {"experience": "education-experience", "projects": "projects", "cv": "cv"}
_SKIP = {"home", "authors", *(name for folders, _ in SECTIONS.values() for name in folders)}


def read_site(root: Path, *, include_demo: bool = False) -> Site:
    """See :func:`bibfolio.movein.hugo.read`."""
    site = Site(TEMPLATE)
    report = site.report
    report.template = TEMPLATE
    config = read_config(root)
    where = Source(config.files[0] if config.files else "content")
    report.note(where, f"made with {generation(root)}")
    site.title = site_title(config)
    if site.title in DEMO_TITLES and not include_demo:
        report.demo(where, f"the site title {site.title!r} is the template's")
        site.title = ""
    patterns = permalinks(config)
    owner = read_owner(root, report)
    demo_owner = is_demo_owner(owner.profile.name, owner.profile.position) and not include_demo
    if owner.profile.name:
        report.count("profile", 1, 0 if demo_owner else 1)
    else:
        report.left(
            Source("content/authors"),
            "no owner profile (content/authors/admin or data/authors/me.yaml)",
        )
    if demo_owner:
        report.count("cv sections", len(owner.cv), 0)
        report.demo(
            owner.source or where, f"the profile of {owner.profile.name!r} is the template's demo"
        )
    else:
        site.profile = owner.profile
        site.cv += owner.cv
        report.count("cv sections", len(owner.cv))
    content = root / "content"
    found = {
        kind: _items(root, content, folders, site, list_name)
        for kind, (folders, list_name) in SECTIONS.items()
    }

    def keep(kind: str, item: Item) -> bool:
        return _keep(item, kind, site, include_demo)

    project_ids = {item.name for item in found["projects"]}
    cite_keys: dict[str, str] = {}
    for item in found["publications"]:
        if keep("publications", item):
            entry = publication(item, owner, site, project_ids)
            entry.addresses = addresses(item, patterns)
            cite_keys.update((address, entry.key) for address in entry.addresses)
            site.bibliography.entries.append(entry)
    makers: dict[str, tuple[Callable, list]] = {
        "talks": (talk, site.talks),
        "projects": (project, site.projects),
        "posts": (post, site.posts),
    }
    for kind, (make, into) in makers.items():
        for item in found[kind]:
            if keep(kind, item):
                made = make(item, report, cite_keys)
                made.addresses = addresses(item, patterns)
                into.append(made)
    teaching(
        found["teaching"],
        site,
        root=root,
        patterns=patterns,
        cite_keys=cite_keys,
        include_demo=include_demo,
    )
    home = content / "home"
    if home.is_dir():
        sections = widgets(section_items(root, home, report), site, include_demo)
        site.cv += sections
        report.count("cv sections", len(sections))
    _top_pages(root, content, site, include_demo)
    _other_sections(root, content, site, include_demo)
    for kind in ("publications", "talks", "projects", "posts"):
        got = {"publications": site.bibliography.entries, "talks": site.talks,
               "projects": site.projects, "posts": site.posts}[kind]  # fmt: skip
        report.count(kind, len(found[kind]), len(got))
    items = [
        *site.bibliography.entries,
        *site.talks,
        *site.projects,
        *site.posts,
        *site.teaching,
        *site.pages,
    ]
    report.count("addresses", sum(len(i.addresses) for i in items) + len(site.addresses))
    report.count(
        "files",
        len(site.files) + bool(site.profile.photo) + sum(bool(p.image) for p in site.projects),
    )
    if site.profile.name:
        site.owner = owner_spellings(
            [site.profile.name, *owner.spellings], site.bibliography.entries
        )
    return site


def _items(
    root: Path, content: Path, folders: tuple[str, ...], site: Site, list_name: str
) -> list[Item]:
    found: list[Item] = []
    for name in folders:
        section = content / name
        if section.is_dir():
            found += section_items(root, section, site.report)
            site.addresses[f"{name}/"] = list_name
            index = section / "_index.md"
            page = read_page(root, index, name, site.report) if index.is_file() else None
            if page is not None and page.get("sections"):
                blocks(page, site, include_demo=True)
    return found


def _keep(item: Item, kind: str, site: Site, include_demo: bool) -> bool:
    if item.get("draft") is True:
        site.report.left(item.source("draft"), f"a draft ({kind}): Hugo did not publish it")
        return False
    phrase = is_demo(item.text("title"), item.text("summary"), item.doc.body)
    if not phrase and kind == "publications":
        bib = item.path.parent / "cite.bib"
        phrase = phrase or (is_demo(bib.read_text(encoding="utf-8")) if bib.is_file() else "")
    if phrase and not include_demo:
        site.report.demo(
            item.source(), f"{kind}: {item.text('title')!r} is the template's demo ({phrase!r})"
        )
        return False
    return True


def _top_pages(root: Path, content: Path, site: Site, include_demo: bool) -> None:
    report = site.report
    for path in sorted(content.glob("*.md")):
        item = read_page(root, path, "", report)
        if item is None:
            continue
        if item.get("sections"):
            blocks(item, site, include_demo)
            if path.stem != "_index":
                site.addresses[f"{path.stem}/"] = _LANDING.get(path.stem, path.stem)
            continue
        if path.stem == "_index":
            continue
        if not _keep(item, "pages", site, include_demo):
            report.count("pages", 1, 0)
            continue
        page = Page(path.stem, item.text("title") or path.stem, item.body(report), item.source())
        page.addresses = [f"{path.stem}/"]
        site.pages.append(page)
        report.count("pages")


def _other_sections(root: Path, content: Path, site: Site, include_demo: bool) -> None:
    """Sections no other part knows (``news/``, ``research/``), kept as pages.

    Markdown slides and the CMS's page are named in the report.
    """
    for folder in sorted(p for p in content.iterdir() if p.is_dir() and p.name not in _SKIP):
        for path in sorted(folder.rglob("*.md")):
            rel = path.relative_to(root).as_posix()
            if folder.name in ("slides", "admin"):
                why = (
                    "Markdown slides: no slides in bibfolio"
                    if folder.name == "slides"
                    else "the CMS's own page"
                )
                site.report.left(Source(rel), f"{why}; not carried over")
                continue
            item = read_page(root, path, folder.name, site.report)
            if item is None or not _keep(item, "pages", site, include_demo):
                site.report.count("pages", 1, 0)
                continue
            name = path.relative_to(content).with_suffix("").as_posix().removesuffix("/index")
            page = Page(
                name, item.text("title") or item.name, item.body(site.report), item.source()
            )
            page.addresses = [name.removesuffix("/_index") + "/"]
            site.pages.append(page)
            site.report.count("pages")
