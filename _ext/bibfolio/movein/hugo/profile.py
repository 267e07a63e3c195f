"""The owner, as the profile card, the biography and CV sections.

Read from ``content/authors/admin/_index.md`` (v4, v5, 2024-2025) or
``data/authors/me.yaml`` (2026).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import yaml

from ..model import Profile, Source
from .content import link, names, read_page
from .cv import cv_sections

if TYPE_CHECKING:
    from pathlib import Path

    from ..model import CvSection, Report
    from .content import Item

#: Icon names (without their pack) → ``bibfolio_profile`` keys.
_ICONS = {
    "google-scholar": "scholar",
    "x": "x",
    "twitter": "x",
    "x-twitter": "x",
    "github": "github",
    "orcid": "orcid",
    "linkedin": "linkedin",
    "linkedin-in": "linkedin",
    "bluesky": "bluesky",
    "mastodon": "mastodon",
}
#: Addresses → keys, for icons a site chose freely (``graduation-cap`` for Scholar).
_HOSTS = (
    ("scholar.google.", "scholar"),
    ("orcid.org", "orcid"),
    ("github.com", "github"),
    ("linkedin.com", "linkedin"),
    ("twitter.com", "x"),
    ("//x.com", "x"),
    ("bsky.app", "bluesky"),
)
_AVATARS = ("avatar", "me")
_PHOTO_TYPES = (".jpg", ".jpeg", ".png", ".webp", ".gif")


@dataclass
class Owner:
    """What the site says of its owner, and of the other authors it has pages for."""

    profile: Profile = field(default_factory=Profile)
    cv: list[CvSection] = field(default_factory=list)
    #: The owner's name as BibTeX takes it ("Family, Given" when the parts are known).
    bib_name: str = ""
    #: Other spellings the site gives (full name beside the display name).
    spellings: list[str] = field(default_factory=list)
    #: Author ids (``admin``, ``me``, a folder of ``content/authors/``) → names.
    authors: dict[str, str] = field(default_factory=dict)
    #: The file it was read from (for the demo check's report line).
    source: Source | None = None


def read_owner(root: Path, report: Report) -> Owner:
    """The owner, from whichever place this generation keeps it (empty when none)."""
    owner = Owner()
    authors = root / "content" / "authors"
    admin = None
    for folder in sorted(authors.iterdir()) if authors.is_dir() else ():
        page = (
            read_page(root, folder / "_index.md", "authors", report)
            if (folder / "_index.md").is_file()
            else None
        )
        if page is None:
            continue
        owner.authors[folder.name] = page.text("title") or page.text("name") or folder.name
        if folder.name == "admin" or (admin is None and page.get("superuser")):
            admin = page
    me = root / "data" / "authors" / "me.yaml"
    if me.is_file():
        _read_data_profile(root, me, owner, report)
    elif admin is not None:
        _read_author_page(admin, owner, report)
    if owner.profile.name:
        owner.authors.setdefault("admin", owner.profile.name)
        owner.authors.setdefault("me", owner.profile.name)
    return owner


def _read_author_page(page: Item, owner: Owner, report: Report) -> None:
    profile = owner.profile
    profile.name = page.text("title") or page.text("name")
    given, family = page.text("first_name"), page.text("last_name")
    _names(owner, given, family)
    profile.position = page.text("role")
    profile.affiliation = _affiliation(page.get("organizations"))
    profile.interests = names(page.get("interests"))
    profile.email = page.text("email")
    body = page.body(report).strip()
    short = page.text("bio")
    profile.bio = body or short
    if body and short and short not in body:
        report.left(
            page.source("bio"),
            "the short bio (shown under posts): the page's text is the biography",
        )
    for key in ("social", "profiles"):
        _links(page.get(key) or [], profile, page.source(key), report)
    profile.photo = _photo(page.path.parent, page.root)
    profile.source = owner.source = page.source()
    owner.cv = cv_sections(page.doc.fields, page.source, report)
    if not profile.photo:
        report.check(page.source(), "no avatar image beside the profile: add a photo to the card")


def _read_data_profile(root: Path, path: Path, owner: Owner, report: Report) -> None:
    rel = path.relative_to(root).as_posix()
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError) as error:
        report.left(Source(rel), f"the profile cannot be read: {error}")
        return
    if not isinstance(data, dict):
        report.left(Source(rel), "the profile is not a mapping of fields")
        return
    lines = _top_lines(path)

    def at(name: str | None = None) -> Source:
        return Source(rel, lines.get(name, 1) if name else 1)

    profile = owner.profile
    name = data.get("name")
    if isinstance(name, dict):
        profile.name = str(name.get("display") or "").strip()
        _names(owner, str(name.get("given") or ""), str(name.get("family") or ""))
        if name.get("alternate"):
            owner.spellings.append(str(name["alternate"]))
    elif isinstance(name, str):
        profile.name = name.strip()
    profile.position = str(data.get("role") or "").strip()
    profile.affiliation = _affiliation(data.get("affiliations") or data.get("organizations"))
    profile.interests = names(data.get("interests"))
    profile.bio = str(data.get("bio") or "").strip()
    _links(data.get("links") or [], profile, at("links"), report)
    profile.photo = _photo(root / "assets" / "media" / "authors", root, stems=(path.stem,))
    profile.source = owner.source = at()
    owner.cv = cv_sections(data, at, report)
    if not profile.photo:
        report.check(at(), f"no assets/media/authors/{path.stem}.* image: add a photo to the card")


def _names(owner: Owner, given: str, family: str) -> None:
    given, family = given.strip(), family.strip()
    if family:
        owner.bib_name = f"{family}, {given}" if given else family
        full = f"{given} {family}".strip()
        if full != owner.profile.name:
            owner.spellings.append(full)
    else:
        owner.bib_name = owner.profile.name


def _affiliation(value: Any) -> str:
    if isinstance(value, str):
        return value.strip()
    found = []
    for item in value if isinstance(value, list) else ():
        name = item.get("name") if isinstance(item, dict) else item
        if isinstance(name, str) and name.strip():
            found.append(name.strip())
    return "; ".join(found)


def _links(items: Any, profile: Profile, source: Source, report: Report) -> None:
    for item in items if isinstance(items, list) else ():
        if not isinstance(item, dict):
            continue
        url = link(item.get("link") or item.get("url"))
        icon = str(item.get("icon") or "").rsplit("/", 1)[-1].lower()
        if not url:
            continue
        if url.startswith("mailto:"):
            profile.email = profile.email or url.removeprefix("mailto:")
            continue
        key = _ICONS.get(icon) or next((k for host, k in _HOSTS if host in url), "")
        if icon in ("envelope", "at-symbol") and not url.startswith("http"):
            report.left(source, f"the e-mail icon's link {url!r} (a contact section, no address)")
        elif key and key not in profile.links:
            profile.links[key] = url
        else:
            label = item.get("label") or icon or "link"
            report.left(
                source, f"the profile link {label!r} ({url}): add it to bibfolio_profile['links']"
            )


def _photo(folder: Path, root: Path, stems: tuple[str, ...] = _AVATARS) -> str:
    for stem in stems:
        for suffix in _PHOTO_TYPES:
            candidate = folder / f"{stem}{suffix}"
            if candidate.is_file():
                return candidate.relative_to(root).as_posix()
    return ""


def _top_lines(path: Path) -> dict[str, int]:
    lines = {}
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        found = re.match(r"([A-Za-z_]\w*):", line)
        if found:
            lines.setdefault(found.group(1), number)
    return lines
