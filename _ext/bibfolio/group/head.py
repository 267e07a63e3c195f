"""JSON-LD of a group site: an ``Organization`` with its members, a ``ProfilePage`` each.

The home page carries the group as a schema.org ``Organization`` (``bibfolio_group``'s
keys besides ``name`` go in as they are: ``url``, ``logo``, ``description`` ...), its
current members as ``member`` and former ones as ``alumni``, each a ``Person`` whose
``sameAs`` lists their ORCID, Scholar, GitHub and homepage links.  A member page (a
source document or a table member's generated page) is a ``ProfilePage`` about that
``Person``, ``affiliation`` the group.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..formats.metadata import json_for_script, profile_page
from ..model.profile import person, read_profile
from ..pages.head import photo_url
from .load import get_group

if TYPE_CHECKING:
    from sphinx.application import Sphinx

    from .load import Group
    from .members import Member


def member_person(app: Sphinx, group: Group, member: Member) -> dict[str, Any]:
    """schema.org ``Person`` properties of *member*."""
    raw = member.profile_fields(group.role_label(member))
    profile = read_profile(raw)[0]
    fields = person(raw, profile, photo_url(app, profile))
    fields.pop("photo_alt", None)
    baseurl = str(app.config.html_baseurl or "")
    page = group.page_of(member)
    if page and baseurl:
        fields["url"] = baseurl.rstrip("/") + "/" + app.builder.get_target_uri(page)
    return fields


def organization(app: Sphinx, group: Group) -> dict[str, Any]:
    """The group as a schema.org ``Organization`` with ``member`` and ``alumni``."""
    data: dict[str, Any] = {"@context": "https://schema.org", "@type": "Organization"}
    data.update(group.raw)
    current = [m for m in group.members if not m.alumni]
    former = [m for m in group.members if m.alumni]
    if current:
        data["member"] = [{"@type": "Person", **member_person(app, group, m)} for m in current]
    if former:
        data["alumni"] = [{"@type": "Person", **member_person(app, group, m)} for m in former]
    return data


def add_metadata(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    """``html-page-context``: the Organization on the home page, a ProfilePage on members'."""
    group = get_group(app.env)
    if group is None:
        return
    if pagename == app.config.root_doc:
        data = organization(app, group)
    elif (member := group.pages.get(pagename) or group.generated.get(pagename)) is not None:
        fields = member_person(app, group, member)
        data = profile_page({**fields, "affiliation": group.name})
    else:
        return
    script = f'<script type="application/ld+json">{json_for_script(data)}</script>'
    context["metatags"] = context.get("metatags", "") + "\n" + script


def register(app: Sphinx) -> None:
    """The JSON-LD handler."""
    app.connect("html-page-context", add_metadata)
