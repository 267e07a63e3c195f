"""The lab template's projects (``_data/projects.yaml``), posts and pages."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from ..frontmatter import read_file
from ..jekyll import addresses, collection, liquid_to_myst, post_name, slugify
from ..model import Page, Post, Project, Source
from .citations import load_list
from .demo import demo_post, demo_project, lorem

if TYPE_CHECKING:
    from pathlib import Path

    from ..jekyll import Config
    from ..model import Site

#: A page of the template → the group site's page that shows the same.
PAGES = {"research": "publications", "team": "people", "projects": "projects", "blog": "posts"}
_PROJECT_FIELDS = frozenset({"title", "subtitle", "group", "image", "link", "description",
                             "repo", "tags"})  # fmt: skip


def _text(value: Any) -> str:
    return "" if value is None or isinstance(value, (dict, list)) else " ".join(str(value).split())


def read_projects(root: Path, site: Site, *, include_demo: bool) -> None:
    """``_data/projects.yaml`` (or ``tools.yaml``, older versions) → project pages."""
    before = len(site.projects)
    found = 0
    for file in ("projects.yaml", "tools.yaml"):
        name = f"_data/{file}"
        items = load_list(root / name, name, site)
        text = (root / name).read_text(encoding="utf-8", errors="replace") if items else ""
        found += len(items)
        for index, item in enumerate(items):
            title = _text(item.get("title"))
            at = Source(name, _line(text, title))
            description = _text(item.get("description"))
            if demo_project(title, description) and not include_demo:
                site.report.demo(at, f"the template's example project {title!r}")
                continue
            if not title:
                site.report.left(at, f"project {index + 1}: no title")
                continue
            project = Project(
                id=slugify(title), title=title, summary=_text(item.get("subtitle")),
                body=description, tags=[str(t) for t in item.get("tags") or []], source=at,
            )  # fmt: skip
            link, repo = _text(item.get("link")), _text(item.get("repo"))
            if repo:
                project.code = repo if "://" in repo else f"https://github.com/{repo}"
            if link and link != project.code:
                project.demo = link
            image = _text(item.get("image"))
            if image and (root / image).is_file():
                project.image = image
            elif image:
                site.report.left(at, f"{title}: image {image} is not in the old site")
            if _text(item.get("group")) == "featured":
                project.tags.append("featured")
            for key in item:
                if key not in _PROJECT_FIELDS:
                    site.report.left(at, f"{title}: field {key} has no place on a project page")
            site.projects.append(project)
    site.report.count("projects", found, len(site.projects) - before)


def _line(text: str, title: str) -> int | None:
    found = re.search(rf"^\s*-\s*title:\s*['\"]?{re.escape(title)}", text, re.M) if title else None
    return text.count("\n", 0, found.start()) + 1 if found else None


def read_posts(root: Path, config: Config, site: Site, *, include_demo: bool) -> None:
    """``_posts/`` → posts (the author, a member's id, is named in the report)."""
    items = collection(root, "posts", site.report)
    before = len(site.posts)
    for item in items:
        fields = item.doc.fields
        title = _text(fields.get("title"))
        if demo_post(title, item.doc.body) and not include_demo:
            site.report.demo(item.at("title"), f"the template's example post {title!r}")
            continue
        date, slug = post_name(item.path)
        tags = fields.get("tags") or []
        tags = [t.strip() for t in tags.split(",")] if isinstance(tags, str) else tags
        post = Post(
            slug=slugify(slug), title=title or slug, date=_text(fields.get("date"))[:10] or date,
            body=liquid_to_myst(item.doc.body, item.body_at, site.report).strip(),
            tags=[str(t) for t in tags if t], source=item.at("title"),
            addresses=addresses(config, "posts", item.doc, item.path),
        )  # fmt: skip
        if fields.get("author"):
            site.report.left(item.at("author"), f"author {fields['author']}: ABlog posts name no "
                             "author field from the old site")  # fmt: skip
        if fields.get("image"):
            site.report.left(item.at("image"), f"the post's image {fields['image']}: no place")
        site.posts.append(post)
    site.report.count("posts", len(items), len(site.posts) - before)


def read_pages(root: Path, config: Config, site: Site, *, include_demo: bool) -> None:
    """The pages: ``index.md`` is the home page's text; the rest addresses or pages.

    ``research/``, ``team/``, ``projects/`` and ``blog/`` become addresses of the new
    pages that list the same; other pages are kept.
    """
    report = site.report
    skip = {"_", "."}
    paths = [
        p for p in sorted(root.rglob("*.md"))
        if not any(part[:1] in skip for part in p.relative_to(root).parts)
        and p.name not in {"README.md", "LICENSE.md", "CHANGELOG.md", "MANIFEST.md", "CITATION.md"}
    ]  # fmt: skip
    found = converted = 0
    for path in paths:
        name = path.relative_to(root).as_posix()
        found += 1
        doc = read_file(root, name, report)
        if doc is None:
            continue
        at = Source(name, doc.body_line)
        olds = [a for a in addresses(config, "", doc, name) if a]
        folder = name.rsplit("/", 1)[0] if "/" in name else ""
        if name == "index.md":
            if "Lab Website Template" in doc.body and not include_demo:
                report.demo(at, "the template's home page")
            else:
                body = liquid_to_myst(doc.body, at, report).strip()
                # The new home page has the group's name as its title already.
                site.profile.bio = re.sub(rf"\A#\s+{re.escape(site.group)}\s*\n", "", body).strip()
                converted += 1
            continue
        if folder in PAGES:
            site.addresses.update(dict.fromkeys(olds, PAGES[folder]))
            if lorem(doc.body) and not include_demo:
                report.demo(at, f"the template's text on {folder}/ (its address leads to "
                            f"{PAGES[folder]})")  # fmt: skip
            else:
                report.left(at, f"the text of {folder}/: the new {PAGES[folder]} page is "
                            "made by bibfolio; copy what you want there")  # fmt: skip
            converted += 1
            continue
        title = _text(doc.fields.get("title")) or path.stem
        if lorem(doc.body) and not include_demo:
            report.demo(at, f"the template's page {title!r}")
            continue
        body = liquid_to_myst(doc.body, at, report).strip()
        site.pages.append(Page(slugify(folder or path.stem), title, body, at, olds))
        converted += 1
    report.count("pages", found, converted)
