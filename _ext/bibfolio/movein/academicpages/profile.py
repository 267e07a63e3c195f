"""academicpages' sidebar (``_config.yml`` ``author:``) and home page → the profile card."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..frontmatter import read_file
from ..jekyll import addresses, liquid_to_myst
from ..model import Source
from .demo import PROFILE, demo_body

if TYPE_CHECKING:
    from pathlib import Path

    from ..jekyll import Config
    from ..model import Site

#: ``author:`` keys → ``bibfolio_profile`` link keys.
LINKS = {
    "googlescholar": "scholar",
    "google_scholar": "scholar",
    "orcid": "orcid",
    "github": "github",
    "linkedin": "linkedin",
    "twitter": "x",
    "x": "x",
    "bluesky": "bluesky",
    "mastodon": "mastodon",
}
#: ``author:`` keys the card has a field for (read below, not links).
_CARD = frozenset({"name", "avatar", "bio", "employer", "uri"})


def _value(value: Any) -> str:
    return "" if value is None or isinstance(value, (dict, list)) else str(value).strip()


def read_profile(root: Path, config: Config, site: Site, *, include_demo: bool) -> None:
    """``site.profile`` and ``site.title`` from the sidebar and ``_pages/about.md``.

    The sidebar is ``_config.yml``'s ``author:``; fields with no place on the card are
    reported.
    """
    report = site.report
    author = config.get("author", {})
    if not isinstance(author, dict):
        author = {}
    profile = site.profile
    profile.source = config.at("author")
    demo_fields: list[str] = []
    for key, raw in author.items():
        value = _value(raw)
        where = config.at(f"author.{key}")
        if not value:
            continue
        if PROFILE.get(key) == value and not include_demo:
            demo_fields.append(key)
            continue
        if key == "name":
            profile.name = value
        elif key == "bio":
            profile.position = value
        elif key == "employer":
            profile.affiliation = value
        elif key == "uri":
            profile.links["website"] = value
        elif key == "avatar":
            _photo(root, value, where, site)
        elif key == "email":
            profile.email = value
        elif key in LINKS:
            profile.links[LINKS[key]] = value
        else:
            report.left(
                where,
                f"author.{key}: {value!r} has no place on the card (add it to "
                "bibfolio_profile's links, with a label, if you want it)",
            )
    if demo_fields:
        report.demo(
            config.at("author"), "the template's example sidebar: " + ", ".join(demo_fields)
        )
    title = _value(config.get("title"))
    if title and title not in {"Your Name / Site Title", "Your Name"}:
        site.title = title
    elif title:
        report.demo(config.at("title"), f"the template's site title {title!r}")
    site.report.count("profile", 1, 1 if profile.name else 0)
    if not profile.name:
        report.check(config.at("author.name"), "no owner's name in author.name: give it")
    _about(root, config, site, include_demo=include_demo)


def _photo(root: Path, value: str, where: Source, site: Site) -> None:
    if value.startswith(("http:", "https:", "//")):
        site.report.left(where, f"avatar {value}: a web address, not copied (no network)")
        return
    path = value.lstrip("/") if "/" in value else f"images/{value}"
    if (root / path).is_file():
        site.profile.photo = path
        site.profile.photo_alt = site.profile.name or ""
    else:
        site.report.left(where, f"avatar: {path} is not in the old site")


def _about(root: Path, config: Config, site: Site, *, include_demo: bool) -> None:
    """The home page's text is the biography beside the card."""
    for name in ("_pages/about.md", "_pages/about.markdown", "_pages/about.html"):
        path = root / name
        if path.is_file():
            break
    else:
        return
    report = site.report
    doc = read_file(root, name, report)
    if doc is None:
        return
    for address in addresses(config, "", doc, name):
        if address:
            site.addresses[address] = "index"
    if demo_body(doc.body) and not include_demo:
        report.demo(Source(name, doc.body_line), "the template's home page text")
        return
    bio = liquid_to_myst(doc.body, Source(name, doc.body_line), report).strip()
    site.profile.bio = bio
    if not bio:
        report.check(Source(name), "the home page has no text of its own: no biography")
