"""The lab-website-template's own demo, recognised by what it says.

The template ships a fictional team (Jane Smith, John Doe, Sarah Johnson with "Lorem
ipsum" biographies), five "Cool ..." projects, three example posts and pages of Lorem
ipsum; its ``_data/citations.yaml`` is what ``_cite/cite.py`` made of the template's own
``orcid.yaml`` and ``sources.yaml``.  A citation counts as demo only while the input that
made it is still the template's (a lab that put its own ORCID iDs there made its own list).
"""

from __future__ import annotations

import re

#: The template's example data, field by field.
MEMBERS = frozenset({"Jane Smith", "John Doe", "Sarah Johnson"})
PROJECTS = frozenset(
    {"Cool Dataset", "Cool Package", "Cool Tutorial", "Cool Web App", "Cool Web Server"}
)
_POST = re.compile(r"^Example post \d+$")
SITE_TITLES = frozenset({"Lab Website Template"})
#: ``_data/orcid.yaml``'s demo iD, and the ids ``_data/sources.yaml`` ships.
ORCID = "0000-0002-4655-3773"
SOURCES = frozenset(
    {
        "doi:10.1371/journal.pcbi.1007128",
        "doi:10.1016/j.csbj.2020.05.017",
        "doi:10.7554/eLife.32822",
    }
)
_LOREM = "Lorem ipsum dolor sit amet"


def lorem(text: str) -> bool:
    """Text that starts with (or is mostly) the template's Lorem ipsum."""
    return _LOREM in " ".join(text.split())[:200] or " ".join(text.split()).startswith("Lorem")


def demo_member(name: str, body: str) -> bool:
    """One of the template's example members (name and Lorem ipsum biography)."""
    return name in MEMBERS and (lorem(body) or not body.strip())


def demo_project(title: str, description: str) -> bool:
    """One of the template's example projects."""
    return title in PROJECTS and lorem(description)


def demo_post(title: str, body: str) -> bool:
    """One of the template's example posts."""
    return bool(_POST.match(title)) and lorem(body)


def demo_inputs(orcids: list[str], sources: list[str]) -> tuple[bool, bool]:
    """(the ORCID list is the template's, the sources list is the template's)."""
    return orcids == [ORCID], bool(sources) and set(sources) <= SOURCES
