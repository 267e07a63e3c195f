"""schema.org ``Event`` data for each talk, in the ``<head>`` of the page that lists it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..formats.metadata import json_for_script
from .data import TALK_LINKS
from .feeds import base_url, owner_name

if TYPE_CHECKING:
    from sphinx.application import Sphinx

#: What each link of a talk is, in schema.org's words.
_WORKS = {"slides": "PresentationDigitalDocument", "poster": "CreativeWork"}
#: A ``place`` that means the talk was given online (a schema.org ``VirtualLocation``).
ONLINE = frozenset({"online", "virtual", "remote"})


def talk_event(
    talk: dict[str, Any], page_url: str, performer: str, base: str = ""
) -> dict[str, Any]:
    """One talk (its fields as ``{talks}`` recorded them) as a schema.org ``Event``.

    *page_url* is the talk's place on the site and *base* the site's address (both
    absolute, or "" without an address).
    """
    event: dict[str, Any] = {"@context": "https://schema.org", "@type": "Event"}
    event["name"] = talk.get("title") or talk.get("event", "")
    if talk.get("date"):
        event["startDate"] = talk["date"]
    place = talk.get("place", "")
    if place.strip().lower() in ONLINE:
        event["eventAttendanceMode"] = "https://schema.org/OnlineEventAttendanceMode"
        event["location"] = {"@type": "VirtualLocation", "url": talk.get("url") or page_url}
    elif place:
        event["location"] = {"@type": "Place", "name": place, "address": place}
    if talk.get("event"):
        event["superEvent"] = {"@type": "Event", "name": talk["event"]}
        if talk.get("url"):
            event["superEvent"]["url"] = talk["url"]
    if performer:
        event["performer"] = {"@type": "Person", "name": performer}
    if page_url:
        event["url"] = page_url
    files = talk.get("files") or {}
    # A file of the site has an address only when the site's is known.
    urls = {
        name: (base + files[name] if base else "") if name in files else talk.get(name, "")
        for name, _label in TALK_LINKS
    }
    works = [
        {"@type": _WORKS[name], "name": label, "url": urls[name]}
        for name, label in TALK_LINKS
        if name in _WORKS and urls[name]
    ]
    if works:
        event["workFeatured"] = works
    if urls["video"]:
        event["recordedIn"] = {"@type": "VideoObject", "name": event["name"], "url": urls["video"]}
    return event


def add_events(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    """``html-page-context``: one ``Event`` script per talk on a page of the project."""
    if doctree is None or pagename not in app.env.all_docs:
        return  # the CV page repeats the talks; their events belong to the talks page
    talks = [
        node["bibfolio_event"]
        for node in doctree.findall(lambda n: "bibfolio_event" in getattr(n, "attributes", {}))
    ]
    if not talks:
        return
    base = base_url(app)
    page = base + app.builder.get_target_uri(pagename) if base else ""
    performer = owner_name(app)
    scripts = []
    for talk in talks:
        event = talk_event(talk, page and f"{page}#{talk['anchor']}", performer, base)
        scripts.append(f'<script type="application/ld+json">{json_for_script(event)}</script>')
    context["metatags"] = context.get("metatags", "") + "\n" + "\n".join(scripts)
