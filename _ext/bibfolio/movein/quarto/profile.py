"""The about page and the navbar's icons → the profile card and biography.

Quarto's about page: ``about: template: ...`` (or a mapping with ``links``), ``image``.
"""

from __future__ import annotations

import re
from pathlib import PurePosixPath
from typing import TYPE_CHECKING, Any
from urllib.parse import urlparse

from ..model import Profile, Source

if TYPE_CHECKING:
    from pathlib import Path

    from ..model import Report
    from .project import QDoc

#: A link's host (or icon, when the host says nothing) → ``bibfolio_profile`` key.
_HOSTS = (
    ("scholar.google.", "scholar"), ("orcid.org", "orcid"), ("github.com", "github"),
    ("linkedin.com", "linkedin"), ("twitter.com", "x"), ("x.com", "x"),
    ("bsky.app", "bluesky"),
)  # fmt: skip
_ICONS = {"github": "github", "linkedin": "linkedin", "twitter": "x", "twitter-x": "x",
          "mastodon": "mastodon", "orcid": "orcid", "google-scholar": "scholar",
          "bluesky": "bluesky", "butterfly": "bluesky"}  # fmt: skip
#: The about page ``quarto create project blog`` writes: its text, and links to bare hosts.
DEMO_BIO = {"About this blog", "About this site"}


def is_about(doc: QDoc) -> bool:
    """True for a page with Quarto's ``about:`` (a template name, or a mapping)."""
    return bool(doc.own.get("about"))


def read_profile(doc: QDoc, root: Path, report: Report, include_demo: bool) -> Profile:
    """The card: name (title), position (subtitle), photo (``image``), links; not the bio."""
    about = doc.own.get("about") if isinstance(doc.own.get("about"), dict) else {}
    profile = Profile(source=doc.at())
    profile.name = str(doc.own.get("title", "")).strip()
    profile.position = str(doc.own.get("subtitle", "")).strip()
    for name in ("affiliation", "institute", "organization"):
        value = doc.own.get(name)
        if isinstance(value, str) and value.strip():
            profile.affiliation = value.strip()
    image = about.get("image", doc.own.get("image"))
    if isinstance(image, str) and image.strip():
        old = str(PurePosixPath(doc.folder, image.strip().lstrip("/")))
        if (root / old).is_file():
            profile.photo = old
            profile.photo_alt = str(doc.own.get("image-alt", about.get("image-alt", "")))
            report.count("files")
        else:
            report.left(doc.at("image"), f"the photo {old} is not in the site: left out")
            report.count("files", 1, 0)
    links = about.get("links")
    for index, link in enumerate(links if isinstance(links, list) else []):
        where = Source(doc.path, doc.lines.get(f"about[{index}]", doc.lines.get("about", 1)))
        add_link(profile, link, where, report, include_demo)
    return profile


def add_link(
    profile: Profile, link: Any, where: Source, report: Report, include_demo: bool
) -> None:
    """One ``icon``/``text``/``href`` link (about page or navbar) into the card's links."""
    if not isinstance(link, dict) or not isinstance(link.get("href"), str):
        return
    href = link["href"].strip()
    icon = str(link.get("icon", "")).strip()
    text = re.sub(r"\{\{<.*?>\}\}", "", str(link.get("text", ""))).strip()
    if href.startswith("mailto:"):
        profile.email = profile.email or href[7:].split("?", 1)[0]
        return
    parsed = urlparse(href)
    if not parsed.scheme:
        report.note(where, f"link {href}: a page of the site, not a profile link")
        return
    if parsed.path.strip("/") == "" and not include_demo:
        report.demo(where, f"link {href} names no profile (the blog template's example)")
        return
    key = next((key for host, key in _HOSTS if host in parsed.netloc), "")
    if not key and (icon in _ICONS or "orcid" in text.lower()):
        key = _ICONS.get(icon, "orcid" if "orcid" in text.lower() else "")
    if not key and "/@" in href:
        key = "mastodon"
    if not key:
        key = text or icon or parsed.netloc
        report.check(where, f"link {href} kept as an other link labelled {key!r}")
    profile.links.setdefault(key, href)


def split_interests(bio: str) -> tuple[str, list[str]]:
    """A ``## Interests`` section's list out of the biography (it is the card's line)."""
    found = re.search(
        r"^(#{2,3})\s+(?:Research\s+)?Interests\s*\n+((?:[-*]\s+.*\n?)+)", bio, re.M | re.I
    )
    if not found:
        return bio, []
    items = [re.sub(r"^[-*]\s+", "", line).strip() for line in found.group(2).splitlines()]
    rest = (bio[: found.start()] + bio[found.end() :]).strip("\n") + "\n"
    return rest, [item for item in items if item]


def card_text(bio: str) -> tuple[str, bool]:
    """*bio* with callouts and headings as bold lines; True when anything changed.

    The ``{profile}`` biography also feeds the CV, which keeps text only: an admonition
    or a heading there would be left out of the CV with a warning.
    """
    lines: list[str] = []
    for line in bio.split("\n"):
        titled = re.match(r"^:{3,}\{admonition\}\s+(.*)$", line)
        heading = re.match(r"^#{1,6}\s+(.*)$", line)
        if titled or heading:
            lines.append(f"**{(titled or heading).group(1).strip()}**\n")  # type: ignore[union-attr]
        elif not re.match(r"^(:{3,}(\{\w+\})?|:class: .*|\(.*\)=)\s*$", line):
            lines.append(line)
    text = re.sub(r"\n{3,}", "\n\n", "\n".join(lines))
    return text, text != bio
