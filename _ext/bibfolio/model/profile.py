"""The owner's profile, read from ``bibfolio_profile``: card fields, links, schema.org Person.

One dict feeds the home page's card, its JSON-LD ``Person`` (``sameAs`` lists the
links) and its OpenGraph ``profile`` tags::

    bibfolio_profile = {
        "name": "Priya Raman",
        "position": "PhD student",            # schema.org jobTitle ("jobTitle" works too)
        "affiliation": "University of X",
        "interests": "Causal inference, survey methods",
        "photo": "_static/priya.jpg",         # a file in the project
        "photo_alt": "Priya Raman in front of the library",
        "email": "priya@x.edu",
        "scholar": "AbCdEfGhIjK",             # user id, or the profile's URL
        "orcid": "0000-0002-1825-0097",
        "github": "priyaraman",
        "linkedin": "priyaraman",
        "x": "priyaraman",
        "bluesky": "priya.bsky.social",
        "mastodon": "@priya@fediscience.org",
        "links": [{"label": "Lab", "url": "https://lab.example.org"}],
    }

Other keys are schema.org ``Person`` properties and go to the JSON-LD as they are
(``alumniOf``, ``url`` ...).  Plain Python: no Sphinx imports.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote

from .messages import N_
from .names import NameError_, decode_words, parse_name

#: Link kinds in card order: (accessible name, URL for a bare id or handle).
LINK_KINDS: dict[str, tuple[str, str]] = {
    "email": (N_("Email"), "mailto:{}"),
    "scholar": ("Google Scholar", "https://scholar.google.com/citations?user={}"),
    "orcid": ("ORCID", "https://orcid.org/{}"),
    "github": ("GitHub", "https://github.com/{}"),
    "linkedin": ("LinkedIn", "https://www.linkedin.com/in/{}"),
    "x": ("X", "https://x.com/{}"),
    "bluesky": ("Bluesky", "https://bsky.app/profile/{}"),
    "mastodon": ("Mastodon", ""),  # @user@host → https://host/@user
}
#: Keys the card reads; the rest are passed to the JSON-LD Person unchanged.
CARD_KEYS = frozenset(
    {"name", "position", "jobTitle", "affiliation", "interests", "photo", "photo_alt", "links"}
) | frozenset(LINK_KINDS)
_ORCID = re.compile(r"\d{4}-\d{4}-\d{4}-\d{3}[\dX]")
_HANDLE = re.compile(r"@?[\w.-]+")
_MASTODON = re.compile(r"@?(?P<user>[\w.]+)@(?P<host>[\w-]+(?:\.[\w-]+)+)")
_EMAIL = re.compile(r"[^@\s]+@[^@\s]+\.[^@\s]+")
#: Hangul, CJK (Han, kana) and their compatibility blocks: scripts that write the family
#: name first, without spaces.
_FAMILY_FIRST = re.compile(
    "[\u1100-\u11ff\u2e80-\u9fff\ua960-\ua97f\uac00-\ud7ff\uf900-\ufaff\U00020000-\U0003134f]"
)


@dataclass(frozen=True, slots=True)
class ProfileLink:
    """One icon link of the card: ``kind`` (a :data:`LINK_KINDS` key or "link")."""

    kind: str
    url: str
    label: str


@dataclass(frozen=True, slots=True)
class Profile:
    """What the card shows.  Empty strings for what the project did not give."""

    name: str = ""
    position: str = ""
    affiliation: str = ""
    interests: str = ""
    photo: str = ""
    photo_alt: str = ""
    links: tuple[ProfileLink, ...] = ()

    @property
    def initials(self) -> str:
        """The name's initials (:func:`person_initials`), for a card without photo."""
        return person_initials(self.name)

    @property
    def same_as(self) -> list[str]:
        """The profile's pages elsewhere (schema.org ``sameAs``): every web link."""
        return [link.url for link in self.links if link.url.startswith(("https:", "http:"))]


def person_initials(name: str) -> str:
    """Up to two capitals: the given name's and the first family name's.

    "Ana Núñez-Ortega" → "AN" (the first part of a double-barrelled family name),
    "Anna van der Berg" → "AB" (particles left out), "Madonna" → "M".  The name is read
    as BibTeX reads it (model/names.py): in "First Last" order the last word is the
    family name ("María José García López" → "ML"); "García López, María José" names
    the family names and gives "MG".  A name in Chinese, Japanese or Korean script gives
    its first character, the family name's ("王小明" → "王").  "" without a letter.
    """
    text = name.strip()
    first = next((char for char in text if char.isalpha()), "")
    if not first:
        return ""
    if _FAMILY_FIRST.match(first):
        return first
    try:
        person = parse_name(text)
    except NameError_:  # three commas: not a name BibTeX reads; its first word, then
        return first.upper()
    given = _initial(person.first[0]) if person.first else ""
    family = _initial(person.last[0].split("-")[0]) if person.last else ""
    return (given + family).upper() or first.upper()


def _initial(word: str) -> str:
    """The first letter of *word* (a BibTeX name word, LaTeX decoded), or ""."""
    return next((char for char in decode_words((word,)) if char.isalpha()), "")


def read_profile(raw: Mapping[str, Any]) -> tuple[Profile, list[str]]:
    """The :class:`Profile` in *raw*, and a message for each value left out."""
    problems: list[str] = []

    def text(key: str) -> str:
        value = raw.get(key, "")
        if isinstance(value, str):
            return value.strip()
        if key == "affiliation" and isinstance(value, (list, tuple)):
            names = [_org_name(item) for item in value]
            if all(names):
                return ", ".join(names)
        if key == "affiliation" and _org_name(value):
            return _org_name(value)
        problems.append(f"bibfolio_profile[{key!r}] should be a string, got {value!r}")
        return ""

    links: list[ProfileLink] = []
    for kind, (label, pattern) in LINK_KINDS.items():
        value = raw.get(kind)
        if value in (None, ""):
            continue
        url = _link_url(kind, str(value).strip(), pattern) if isinstance(value, str) else None
        if url is None:
            problems.append(f"bibfolio_profile[{kind!r}]: cannot make a link of {value!r}")
        else:
            links.append(ProfileLink(kind, url, label))
    for item in raw.get("links") or ():
        link = _custom_link(item)
        if link is None:
            problems.append(
                "bibfolio_profile['links']: each link is {'label': ..., 'url': ...} with an "
                f"http(s) or mailto URL, got {item!r}"
            )
        else:
            links.append(link)
    photo = text("photo")
    if photo and (photo.startswith(("/", "\\")) or ".." in re.split(r"[\\/]", photo)):
        problems.append(f"bibfolio_profile['photo'] must be a path inside the project: {photo!r}")
        photo = ""
    profile = Profile(
        name=text("name"),
        position=text("position") or text("jobTitle"),
        affiliation=text("affiliation"),
        interests=text("interests"),
        photo=photo,
        photo_alt=text("photo_alt"),
        links=tuple(links),
    )
    if profile.photo and not profile.photo_alt:
        problems.append(
            "bibfolio_profile['photo'] has no 'photo_alt': describe the photo for readers "
            "who cannot see it (the name is used meanwhile)"
        )
    return profile, problems


def person(raw: Mapping[str, Any], profile: Profile, image_url: str = "") -> dict[str, Any]:
    """schema.org ``Person`` properties: the card's facts in schema.org names, then the rest."""
    fields: dict[str, Any] = {}
    if profile.name:
        fields["name"] = profile.name
    if profile.position:
        fields["jobTitle"] = profile.position
    for key in ("affiliation",):
        if raw.get(key):
            fields[key] = raw[key]
    email = next((link.url for link in profile.links if link.kind == "email"), "")
    if email:
        fields["email"] = email
    if profile.interests:
        fields["knowsAbout"] = profile.interests
    if image_url:
        fields["image"] = image_url
    if profile.same_as:
        fields["sameAs"] = profile.same_as
    fields.update({k: v for k, v in raw.items() if k not in CARD_KEYS and k not in fields})
    return fields


def _link_url(kind: str, value: str, pattern: str) -> str | None:
    if kind == "email":
        address = value.removeprefix("mailto:")
        return "mailto:" + address if _EMAIL.fullmatch(address) else None
    if value.startswith("https://"):
        return value
    if kind == "orcid":
        return pattern.format(value) if _ORCID.fullmatch(value) else None
    if kind == "mastodon":
        match = _MASTODON.fullmatch(value)
        return f"https://{match['host']}/@{match['user']}" if match else None
    if not _HANDLE.fullmatch(value):
        return None
    return pattern.format(quote(value.lstrip("@") if kind in {"x", "bluesky"} else value))


def _custom_link(item: Any) -> ProfileLink | None:
    if isinstance(item, Mapping):
        label, url = item.get("label"), item.get("url")
    elif isinstance(item, (list, tuple)) and len(item) == 2:
        label, url = item
    else:
        return None
    if not (isinstance(label, str) and label.strip() and isinstance(url, str)):
        return None
    if not url.startswith(("https://", "http://", "mailto:")):
        return None
    return ProfileLink("link", url.strip(), label.strip())


def _org_name(value: Any) -> str:
    if isinstance(value, str):
        return value
    if isinstance(value, Mapping) and isinstance(value.get("name"), str):
        return value["name"]
    return ""
