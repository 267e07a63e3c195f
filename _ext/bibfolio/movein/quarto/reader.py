"""A Quarto website read into a :class:`~..model.Site`: which document is what, in order."""

from __future__ import annotations

import re
from pathlib import PurePosixPath
from typing import TYPE_CHECKING, Any

from ..model import Page, Site, Source, Talk
from . import listings, posts, profile
from .bibfiles import add_cited, read_bib
from .leftovers import account, owner_names, website_settings
from .markdown import Converter
from .project import (
    addresses,
    content_files,
    is_document,
    is_repository_file,
    read_doc,
    variables,
)
from .publications import merge_into, pair, publication

if TYPE_CHECKING:
    from pathlib import Path

    from .bibfiles import BibFile
    from .project import QDoc

#: A folder's or listing page's name → the kind of the documents in it.
_FOLDERS = (
    ("publication", "publications"), ("paper", "publications"), ("pubs", "publications"),
    ("research", "publications"), ("post", "posts"), ("blog", "posts"),
    ("talk", "talks"), ("presentation", "talks"), ("teach", "teaching"),
    ("course", "teaching"), ("project", "projects"),
)  # fmt: skip
#: Where each kind's listing page goes in the new site.
_PAGES = {"publications": "publications", "posts": "posts", "talks": "talks",
          "teaching": "teaching", "projects": "projects"}  # fmt: skip
#: About pages' titles that are no person's name.
_NOT_NAMES = {"about", "about me", "home", "bio", "biography", "welcome", "hi", "hello"}
_OWN_BIB = re.compile(r"pub|paper|my|cv|own|selected", re.I)


def kind_of_folder(name: str) -> str:
    """The kind of a folder's documents from its name, "" when it says nothing."""
    lowered = name.lower()
    return next((kind for word, kind in _FOLDERS if word in lowered), "")


def read_site(root: Path, config: dict[str, Any], template: str, include_demo: bool) -> Site:
    """Everything of the project at *root*, as the model holds it."""
    site = Site(template)
    report = site.report
    report.template = template
    website = config.get("website") if isinstance(config.get("website"), dict) else {}
    site.title = str(website.get("title", "")).strip()
    files = content_files(root, config)
    used: set[str] = {name for name in files if PurePosixPath(name).name in _CONFIG_FILES}
    docs = {}
    for name in files:
        if is_document(name) and not PurePosixPath(name).name.startswith("_"):
            if is_repository_file(name):
                report.note(Source(name), "about the repository, not a page: not carried")
                used.add(name)
                continue
            doc = read_doc(root, name, report)
            if doc is not None:
                docs[name] = doc
            else:
                used.add(name)
    website_settings(website, site)
    kinds = _listings(docs, root, site, used)
    bibs = [read_bib(root, name) for name in files if name.lower().endswith(".bib")]
    used.update(bib.path for bib in bibs)
    convert = Converter(root, report, {e.key for b in bibs for e in b.entries})
    convert.variables = variables(root)
    _profile(docs, root, site, convert, config=config, include_demo=include_demo)
    owned = _own_bibs(docs, bibs, site)
    _publications(docs, kinds, bibs, root, site, convert=convert, owned=owned)
    _posts_and_pages(docs, kinds, site, convert, include_demo)
    add_cited(bibs, site, convert.cited, own=owned)
    used.update(convert.included)
    account(root, files, used, site, docs)
    site.owner = owner_names(site)
    return site


_CONFIG_FILES = {"_quarto.yml", "_quarto.yaml", "_metadata.yml", "_variables.yml"}


def _listings(docs: dict[str, QDoc], root: Path, site: Site, used: set[str]) -> dict[str, str]:
    # Listing pages tell what their folders hold; their YAML files are talks or teaching.
    kinds: dict[str, str] = {}
    for doc in docs.values():
        contents = listings.listing_contents(doc)
        if not contents:
            continue
        page_kind = kind_of_folder(doc.slug) or listings.kind_of(doc.slug)
        for target in contents:
            if target.endswith((".yml", ".yaml")) and (root / target).is_file():
                kind = listings.kind_of(target) or page_kind
                listings.read_list(root, target, kind, site)
                used.add(target)
                page_kind = page_kind or kind
            else:
                folder = target.split("*")[0].rstrip("/") or "."
                kind = kind_of_folder(folder) or page_kind
                if kind and folder != ".":
                    kinds[folder] = kind
                page_kind = page_kind or kind
        if not page_kind:
            site.report.note(doc.at(), "a listing of no kind bibfolio lists: kept as a page")
            continue
        doc.used = True
        name = _PAGES[page_kind]
        if doc.path != "index.qmd":  # the old home's address is the new home's
            for address in addresses(doc):
                site.addresses[address] = name
        site.report.note(doc.at(), f"a listing page: the new site's {name} page lists its items")
        if doc.body.strip() and doc.path != "index.qmd":
            site.report.left(doc.at(), f"the listing page's text: {_first(doc.body)!r}")
    for name in {PurePosixPath(path).parts[0] for path in docs if "/" in path}:
        if name not in kinds and kind_of_folder(name):
            kinds[name] = kind_of_folder(name)
    return kinds


def _first(text: str) -> str:
    line = next((line for line in text.strip().splitlines() if line.strip()), "")
    return line[:60] + ("…" if len(line) > 60 else "")


def _profile(
    docs: dict[str, QDoc], root: Path, site: Site, convert: Converter, *, config: dict[str, Any],
    include_demo: bool,
) -> None:  # fmt: skip
    about = next((d for d in docs.values() if profile.is_about(d) and d.path == "index.qmd"), None)
    about = about or next((d for d in docs.values() if profile.is_about(d)), None)
    home = docs.get("index.qmd")
    source = about or (home if home is not None and not home.used else None)
    if source is None:
        site.report.count("profile", 1, 0)
        site.report.check(Source("_quarto.yml"), "no about page: the profile card is empty")
        return
    source.used = True
    card = profile.read_profile(source, root, site.report, include_demo)
    bio = convert.myst(source.body, source.path, source.body_line, source.fields)
    if bio.strip() in profile.DEMO_BIO and not include_demo:
        site.report.demo(source.at(), f"the starter about page's text {bio.strip()!r}: left out")
        bio = ""
    bio, interests = profile.split_interests(bio)
    card.bio, changed = profile.card_text(bio)
    if changed:
        site.report.note(source.at(), "the biography's callouts and headings: bold lines")
    card.interests = card.interests or interests
    website = config.get("website") if isinstance(config.get("website"), dict) else {}
    navbar = website.get("navbar") if isinstance(website.get("navbar"), dict) else {}
    for side in ("left", "right"):
        for link in navbar.get(side) or []:
            if isinstance(link, dict) and link.get("icon"):
                profile.add_link(card, link, Source("_quarto.yml"), site.report, include_demo)
    if card.name.lower() in _NOT_NAMES or not card.name:
        title = str(website.get("title", "") or config.get("author", "")).strip()
        site.report.check(
            source.at("title"),
            f"the about page's title {card.name!r} is no name: the "
            f"owner is taken as {title!r} (the website's title)",
        )
        card.name = title
    site.profile = card
    site.report.count("profile")
    for address in addresses(source) if source.path != "index.qmd" else []:
        site.addresses.setdefault(address, "index")


def _publications(
    docs: dict[str, QDoc], kinds: dict[str, str], bibs: list[BibFile], root: Path, site: Site,
    *, convert: Converter, owned: set[str],
) -> None:  # fmt: skip
    own = [bib for bib in bibs if bib.path in owned]
    kept = [entry for bib in own for entry in bib.entries]
    keys = {entry.key for bib in bibs for entry in bib.entries}
    for bib in own:
        site.bibliography.preamble += bib.preamble
    site.bibliography.entries += kept
    pages = [d for d in docs.values() if _kind(d, kinds) == "publications" and not d.used]
    paired = 0
    for doc in pages:
        doc.used = True
        body = convert.myst(doc.body, doc.path, doc.body_line, doc.fields)
        entry = publication(doc, body, root, site, keys)
        entry.addresses = addresses(doc)
        match = pair(entry, kept)
        if match is not None:
            added = merge_into(match, entry)
            paired += 1
            extra = f", adding {', '.join(added)}" if added else ""
            site.report.note(doc.at(), f"the same paper as {match.key} in {match.source}{extra}")
        else:
            site.bibliography.entries.append(entry)
    site.report.count("publications", len(pages) + len(kept) - paired)


def _own_bibs(docs: dict[str, QDoc], bibs: list[BibFile], site: Site) -> set[str]:
    # The owner's .bib: named so (publications.bib), or one a page lists whole (nocite: @*).
    own = {bib.path for bib in bibs if _OWN_BIB.search(PurePosixPath(bib.path).stem)}
    paths = {bib.path for bib in bibs}
    for doc in docs.values():
        given = doc.own.get("bibliography")
        if "@*" not in str(doc.own.get("nocite", "")).replace(" ", "") or not given:
            continue
        for name in given if isinstance(given, list) else [given]:
            path = str(PurePosixPath(doc.folder, str(name).lstrip("/")))
            own.update({path} & paths)
        if not doc.used:
            doc.used = True
            for address in addresses(doc):
                site.addresses[address] = "publications"
            site.report.note(doc.at(), "lists its whole .bib (nocite: @*): the publications page")
            if doc.body.strip():
                site.report.left(doc.at(), f"the publication page's text: {_first(doc.body)!r}")
    return own


def _kind(doc: QDoc, kinds: dict[str, str]) -> str:
    folder = doc.folder
    while folder:
        if folder in kinds:
            return kinds[folder]
        folder = str(PurePosixPath(folder).parent).strip(".")
    return ""


def _posts_and_pages(
    docs: dict[str, QDoc], kinds: dict[str, str], site: Site, convert: Converter,
    include_demo: bool,
) -> None:  # fmt: skip
    found = 0
    for doc in (d for d in docs.values() if not d.used):
        doc.used = True
        kind = _kind(doc, kinds)
        if kind == "posts":
            found += 1
            if posts.is_demo(doc) and not include_demo:
                site.report.demo(doc.at(), f"Quarto's starter post {doc.own.get('title')!r}")
                continue
            site.posts.append(posts.read_post(doc, convert, site.report))
        elif kind == "projects":
            body = convert.myst(doc.body, doc.path, doc.body_line, doc.fields)
            site.projects.append(posts.read_project(doc, body, site.report))
            site.report.count("projects")
        elif kind == "talks":
            talk = listings.talk(doc.fields, doc.at(), site.report) or Talk(doc.slug)
            talk.text = convert.myst(doc.body, doc.path, doc.body_line, doc.fields)
            talk.addresses = addresses(doc)
            site.talks.append(talk)
            site.report.count("talks")
        else:
            said = kind_of_folder(doc.slug) if "/" not in doc.path else ""
            if kind or said:
                site.report.check(
                    doc.at(),
                    f"a {kind or said} page written by hand: kept as a page of its "
                    "own; its items are not the new site's entries (add them there)",
                )
            body = convert.myst(doc.body, doc.path, doc.body_line, doc.fields)
            name = str(PurePosixPath(doc.path).with_suffix(""))
            name = name.removesuffix("/index") if "/" in name else name
            title = str(doc.fields.get("title", doc.slug))
            site.pages.append(Page(name, title, body, doc.at(), addresses(doc)))
            site.report.count("pages")
    site.report.count("posts", found, len(site.posts))
