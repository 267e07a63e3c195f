"""The lab template's ``_members/*.md`` → a group site's members."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..jekyll import addresses, collection, liquid_to_myst, slugify
from ..model import Member
from .demo import demo_member

if TYPE_CHECKING:
    from pathlib import Path

    from ..jekyll import Config, Item
    from ..model import Site

#: The template's roles (``_data/types.yaml``) → ``bibfolio_group_roles`` ids.
ROLES = {
    "principal-investigator": "pi",
    "pi": "pi",
    "postdoc": "postdoc",
    "postdoctoral-researcher": "postdoc",
    "phd": "phd",
    "phd-student": "phd",
    "grad": "phd",
    "graduate-student": "phd",
    "masters": "masters",
    "ms": "masters",
    "masters-student": "masters",
    "undergrad": "undergrad",
    "undergraduate": "undergrad",
    "programmer": "staff",
    "staff": "staff",
    "technician": "staff",
    "research-assistant": "staff",
    "lab-manager": "staff",
    "research-scientist": "staff",
}
#: ``links:`` keys → the member page's fields (GUIDE "Lab and group sites").
LINKS = {
    "email": "email",
    "orcid": "orcid",
    "google-scholar": "scholar",
    "github": "github",
    "twitter": "x",
    "x": "x",
    "bluesky": "bluesky",
    "linkedin": "linkedin",
    "mastodon": "mastodon",
    "home-page": "homepage",
    "website": "homepage",
}
#: Front matter the template reads and bibfolio has no field for, or needs none.
_THEME = frozenset({"layout", "permalink", "redirect_from", "published"})
_ALUMNI = frozenset({"alum", "alumni", "alumnus", "alumna", "former"})


def _text(value: Any) -> str:
    return "" if value is None or isinstance(value, (dict, list)) else str(value).strip()


def read_members(root: Path, config: Config, site: Site, *, include_demo: bool) -> None:
    """``site.members``: the principal investigators first, former members last.

    The others as listed (the people page orders them itself; the first member is the
    name ``bibfolio new`` is given).
    """
    report = site.report
    items = collection(root, "members", report)
    members: list[Member] = []
    for item in items:
        name = _text(item.doc.fields.get("name"))
        if demo_member(name, item.doc.body) and not include_demo:
            report.demo(item.at("name"), f"the template's example member {name!r}")
            continue
        if not name:
            report.left(item.at(), "a member without a name")
            continue
        members.append(_member(item, name, root, config, site))
    members.sort(key=lambda m: (m.alumni, m.role != "pi"))
    site.members.extend(members)
    report.count("members", len(items), len(members))


def _member(item: Item, name: str, root: Path, config: Config, site: Site) -> Member:
    report = site.report
    fields = item.doc.fields
    member = Member(id=slugify(item.stem), name=name, source=item.at("name"))
    role = _text(fields.get("role"))
    group = _text(fields.get("group")).lower()
    member.alumni = group in _ALUMNI or role.lower() in _ALUMNI
    if role and role.lower() not in _ALUMNI:
        member.role = ROLES.get(slugify(role), "")
        if not member.role:
            report.check(item.at("role"), f"role {role!r}: no bibfolio role; listed under "
                         "Other Members (set role: to one of pi, postdoc, phd, masters, "
                         "undergrad, staff)")  # fmt: skip
    if group and group not in _ALUMNI:
        report.left(item.at("group"), f"group {group!r}: bibfolio groups members by role")
    aliases = fields.get("aliases") or []
    aliases = [aliases] if isinstance(aliases, str) else aliases
    member.aliases = [str(alias).strip() for alias in aliases if str(alias).strip()]
    image = _text(fields.get("image"))
    if image and not image.startswith(("http:", "https:")) and (root / image).is_file():
        member.image = image
    elif image:
        report.left(item.at("image"), f"{name}'s photo {image}: not in the old site")
    links = fields.get("links") or {}
    if not isinstance(links, dict):
        report.left(item.at("links"), f"{name}'s links: not a mapping of kind to value")
    for key, value in links.items() if isinstance(links, dict) else []:
        text = _text(value)
        if key in LINKS and text:
            member.links[LINKS[key]] = text
        elif text:
            report.left(item.at("links"), f"{name}'s {key} link {text!r}: no field for it")
    # The card's line under the name: "Lead Programmer", "Lead Programmer, Example Institute".
    member.position = ", ".join(
        text for key in ("description", "affiliation") if (text := _text(fields.get(key)))
    )
    for key in fields:
        if key not in {"name", "role", "group", "aliases", "image", "links", "description",
                       "affiliation"} | _THEME:  # fmt: skip
            report.left(item.at(key), f"{name}'s field {key}: no place on a member page")
    member.body = liquid_to_myst(item.doc.body, item.body_at, report).strip()
    member.addresses = addresses(config, "members", item.doc, item.path)
    return member
