"""academicpages' other ``_pages``: addresses of the new lists, or pages of their own.

The lists the new site makes itself (publications, talks ...) become addresses of its
pages; pages of the owner's own are kept; the template's archives and guide are not.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ..frontmatter import read_file
from ..jekyll import addresses, liquid_to_myst, slugify
from ..model import Page, Source
from .citation import plain
from .demo import demo_body

if TYPE_CHECKING:
    from pathlib import Path

    from ..jekyll import Config
    from ..model import Site

#: Read elsewhere: the home page (profile) and the CVs (cv.py).
OWN = frozenset({"_pages/about.md", "_pages/cv.md", "_pages/cv-json.md"})
#: A list page of the old site → the new site's page listing the same (by what it loops
#: over: ``site.publications`` ...).
LISTS = {
    "publications": "publications",
    "talks": "talks",
    "teaching": "teaching",
    "portfolio": "projects",
    "posts": "posts",
}
#: Pages the theme generates from the site's data, which the new site has no page for.
_GENERATED = {
    "404": "the old 404 page: bibfolio writes its own",
    "sitemap": "the sitemap page: the new site has sitemap.xml and search",
    "page-archive": "an archive of all pages: the new site's navigation lists them",
    "collection-archive": "an archive of the collections: the new site's pages list them",
    "talkmap": "the map of talk places (made by talkmap.py): bibfolio has no map",
}
_LOOP = re.compile(r"\{%-?\s*for\s+\w+\s+in\s+site\.(\w+)")
_TAXONOMY = re.compile(r"collection=site\.posts\s+field=\"(?:tags|categories)\"")


def read_pages(root: Path, config: Config, site: Site, *, include_demo: bool) -> None:
    """Every ``_pages`` file but the home page and CVs: an address, a Page or a report line."""
    report = site.report
    folder = root / "_pages"
    paths = sorted(p for p in folder.rglob("*") if p.is_file()) if folder.is_dir() else []
    found = converted = 0
    for path in paths:
        name = path.relative_to(root).as_posix()
        if name in OWN or path.suffix.lower() not in (".md", ".markdown", ".html"):
            continue
        found += 1
        doc = read_file(root, name, report)
        if doc is None:
            continue
        at = Source(name, doc.body_line)
        olds = [a for a in addresses(config, "", doc, name) if a]
        stem = path.stem
        listed = next((c for c in _LOOP.findall(doc.body) if c in LISTS), "")
        if stem in _GENERATED or "404" in stem:
            report.left(at, _GENERATED.get(stem, _GENERATED["404"]))
        elif listed:
            site.addresses.update(dict.fromkeys(olds, LISTS[listed]))
            report.note(at, f"the list of {listed}: the new site's {LISTS[listed]} page lists them")
            converted += 1
        elif _TAXONOMY.search(doc.body):
            site.addresses.update(dict.fromkeys(olds, "posts"))
            report.note(at, "posts by tag or category: the new blog's archive has them")
            converted += 1
        elif demo_body(doc.body) and not include_demo:
            title = plain(str(doc.fields.get("title") or stem))
            report.demo(at, f"the template's page {title!r}")
        else:
            title = plain(str(doc.fields.get("title") or stem))
            body = liquid_to_myst(doc.body, at, report).strip()
            page_name = (
                slugify(olds[0].strip("/").rsplit("/", 1)[-1].removesuffix(".html")) if olds else ""
            )
            site.pages.append(Page(page_name or slugify(stem), title, body, at, olds))
            converted += 1
            if "publication" in f"{stem} {page_name}".lower():
                report.check(
                    at,
                    "a publications page written by hand: kept as a page, its papers are not "
                    "entries of refs.bib (no paper pages, your name not bold); add them to "
                    "refs.bib (bibfolio import takes DOIs and arXiv ids) and the publications "
                    "page lists them",
                )
    report.count("pages", found, converted)
