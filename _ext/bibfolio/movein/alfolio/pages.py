"""``_pages`` (al-folio's own pages become bibfolio's), other collections and ``_data``."""

from __future__ import annotations

from typing import TYPE_CHECKING

import yaml

from ...reading.frontmatter import load_yaml
from ..jekyll import addresses, collection
from ..model import Page, Source
from .common import plain
from .demo import DEMO_REPOSITORIES, is_demo_book, is_demo_text

if TYPE_CHECKING:
    from ..jekyll import Item
    from .common import Reading

#: al-folio's pages that bibfolio's own replace: file stem → the new page ("" for none).
MACHINERY = {
    "publications": "publications", "cv": "cv", "news": "news", "blog": "posts",
    "projects": "projects", "teaching": "teaching", "404": "", "dropdown": "",
    "repositories": "repositories",
}  # fmt: skip
#: Collections read elsewhere, or al-folio's machinery.
_KNOWN = {"news", "projects", "posts", "teachings", "pages", "bibliography", "data"}
#: Front matter of a collection's item shown at the top of its page.
_SHOWN = ("author", "date", "categories", "tags", "stars", "status")
#: ``_data`` files and what becomes of them.
_DATA = {
    "coauthors.yml": "co-authors' links: not supported by bibfolio (its lists link no co-authors)",
    "venues.yml": "venue colours and links: not supported by bibfolio (badges share one style)",
    "citations.yml": 'al-folio\'s citation counts: bibfolio has its own (GUIDE "Citation counts")',
    "featured_plugins.yml": "al-folio's plugin catalogue: nothing to carry",
}


def read_pages(reading: Reading) -> None:
    """Every ``_pages/*`` but the about page: replaced by bibfolio's, or kept as a page."""
    report = reading.report
    excluded = {str(path).strip("/") for path in reading.config.get("exclude", []) or []}
    pages = [item for item in collection(reading.root, "pages", report)
             if item.doc.fields.get("permalink") != "/" and item.stem != "about"]  # fmt: skip
    kept = 0
    for item in pages:
        fields = item.doc.fields
        if item.path in excluded:
            report.left(
                item.at(), "excluded from the old site's build (_config.yml exclude): not converted"
            )
            continue
        found = addresses(reading.config, "", item.doc, item.path)
        if item.stem in MACHINERY:
            target = MACHINERY[item.stem]
            if item.stem == "repositories":
                target = "repositories" if _repositories(reading, item) else ""
                kept += bool(target)
            for address in found:
                if target and address:
                    reading.site.addresses[address] = target
            new = f"bibfolio's {target} page" if target else "nothing (bibfolio makes its own)"
            report.note(item.at(), f"al-folio's {item.stem} page: replaced by {new}")
            continue
        layout = str(fields.get("layout") or "")
        demo = layout == "profiles" or item.stem == "plugins" or is_demo_text(item.doc.body)
        if demo and not reading.keep_demo(item.at(), f"the page {item.stem} ({layout})"):
            continue
        reading.site.pages.append(_page(reading, item, item.stem, found))
        kept += 1
    report.count("pages", len(pages), kept)
    _collections(reading)
    _data(reading)


def _page(reading: Reading, item: Item, name: str, found: list[str]) -> Page:
    fields = item.doc.fields
    body = reading.body(item)
    description = plain(fields.get("description"))
    if description and not body.startswith(description):
        body = f"{description}\n\n{body}".strip("\n")
    title = plain(fields.get("title")) or item.stem
    return Page(name, title, body, item.at(), found)


def _collections(reading: Reading) -> None:
    """Collections al-folio has no page type for (``_books`` ...): a page per document."""
    declared = reading.config.get("collections") or {}
    names = sorted(declared)
    for name in names:
        if name in _KNOWN:
            continue
        items = collection(reading.root, name, reading.report)
        kept = 0
        for item in items:
            if is_demo_book(item.doc.fields) and not reading.keep_demo(
                item.at(), f"the {name} item {item.stem}"
            ):
                continue
            found = addresses(reading.config, name, item.doc, item.path)
            page = _page(reading, item, f"{name}-{item.stem}", found)
            extra = [
                f"{key}: {plain(value)}"
                for key, value in item.doc.fields.items()
                if key in _SHOWN and plain(value)
            ]
            if extra:
                page.body = "\n".join(f"- {line}" for line in extra) + "\n\n" + page.body
            reading.site.pages.append(page)
            kept += 1
        if items:
            reading.report.note(
                Source(f"_{name}"), f"the collection {name}: a page per item ({name}-<file>)"
            )
        reading.report.count("pages", len(items), kept)


def _repositories(reading: Reading, item: Item) -> bool:
    """``_data/repositories.yml`` → a page of GitHub links; True when one was made."""
    path = reading.root / "_data" / "repositories.yml"
    if not path.is_file():
        return False
    source = Source("_data/repositories.yml")
    try:
        data, _ = load_yaml(path.read_text(encoding="utf-8", errors="replace"))
    except yaml.YAMLError:
        reading.report.left(source, "repositories that cannot be read: not converted")
        return False
    data = data if isinstance(data, dict) else {}
    users = [str(user) for user in data.get("github_users") or []]
    repos = [str(repo) for repo in data.get("github_repos") or []]
    if set(repos) & DEMO_REPOSITORIES and not reading.keep_demo(
        source, "the GitHub users and repositories"
    ):
        return False
    if not users and not repos:
        return False
    lines = []
    if users:
        lines += (
            ["## GitHub users", ""]
            + [f"- [{user}](https://github.com/{user})" for user in users]
            + [""]
        )
    if repos:
        lines += ["## Repositories", ""] + [
            f"- [{repo}](https://github.com/{repo})" for repo in repos
        ]
    title = plain(item.doc.fields.get("title")) or "repositories"
    reading.site.pages.append(Page("repositories", title, "\n".join(lines), source, []))
    reading.report.note(source, "GitHub users and repositories: a page of links (no live cards)")
    return True


def _data(reading: Reading) -> None:
    folder = reading.root / "_data"
    if not folder.is_dir():
        return
    for path in sorted(folder.iterdir()):
        rel = f"_data/{path.name}"
        if path.name in ("socials.yml", "cv.yml", "cv.yaml", "repositories.yml", "resume.json"):
            continue
        why = _DATA.get(path.name, "a data file of the old site: not converted")
        if path.name in ("featured_plugins.yml",):
            reading.report.note(Source(rel), why)
        else:
            reading.report.left(Source(rel), why)
