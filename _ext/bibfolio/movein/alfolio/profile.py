"""The owner's card and biography: ``_config.yml``, socials, ``_pages/about.md``.

Socials are ``_data/socials.yml`` in 1.x and settings of ``_config.yml`` in 0.x; the
about page gives the subtitle, photo, address lines and the biography.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from ...reading.frontmatter import load_yaml
from ..jekyll import collection
from ..model import Source
from .common import plain
from .demo import DEMO_NAMES, DEMO_SOCIALS, is_demo_text

if TYPE_CHECKING:
    from .common import Reading

#: al-folio's social keys → ``bibfolio_profile`` link keys.
SOCIALS = {
    "email": "email", "scholar_userid": "scholar", "orcid_id": "orcid",
    "github_username": "github", "linkedin_username": "linkedin", "x_username": "x",
    "twitter_username": "x", "bluesky_url": "bluesky", "mastodon_username": "mastodon",
}  # fmt: skip
#: al-folio's socials with a profile page bibfolio has no icon for: a link of the card
#: (label → address pattern).
LINKED = {
    "research_gate_profile": ("ResearchGate", "https://www.researchgate.net/profile/{}"),
    "semanticscholar_id": ("Semantic Scholar", "https://www.semanticscholar.org/author/{}"),
    "inspirehep_id": ("INSPIRE", "https://inspirehep.net/authors/{}"),
    "dblp_url": ("DBLP", "{}"), "work_url": ("Work", "{}"), "blogger_url": ("Blog", "{}"),
    "gitlab_username": ("GitLab", "https://gitlab.com/{}"),
    "scopus_id": ("Scopus", "https://www.scopus.com/authid/detail.uri?authorId={}"),
    "acm_id": ("ACM", "https://dl.acm.org/profile/{}"),
    "ieee_id": ("IEEE", "https://ieeexplore.ieee.org/author/{}"),
    "wikidata_id": ("Wikidata", "https://www.wikidata.org/wiki/{}"),
    "osf_id": ("OSF", "https://osf.io/{}/"),
    "kaggle_id": ("Kaggle", "https://www.kaggle.com/{}"),
    "medium_username": ("Medium", "https://medium.com/@{}"),
    "youtube_id": ("YouTube", "https://youtube.com/@{}"),
    "zotero_username": ("Zotero", "https://www.zotero.org/{}"),
    "stackoverflow_id": ("Stack Overflow", "https://stackoverflow.com/users/{}"),
}  # fmt: skip
#: al-folio's other social keys (0.x kept them in ``_config.yml`` among the settings).
OTHER_SOCIALS = {
    "acm_id", "blogger_url", "bluesky_url", "cv_pdf", "dblp_url", "discord_id", "facebook_id",
    "flickr_id", "gitlab_username", "ieee_id", "inspirehep_id", "instagram_id", "kaggle_id",
    "keybase_username", "lastfm_id", "lattes_id", "leetcode_id", "medium_username",
    "osf_id", "pinterest_id", "publons_id", "quora_username", "research_gate_profile",
    "rss_icon", "scopus_id", "semanticscholar_id", "spotify_id", "stackoverflow_id",
    "strava_userid", "telegram_username", "unsplash_id", "wechat_qr", "whatsapp_number",
    "wikidata_id", "wikipedia_id", "work_url", "youtube_id", "zotero_username", "custom_social",
}  # fmt: skip
_ONE_INCLUDE = re.compile(r"^\s*\{%-?\s*include\b[^%]*%\}\s*$")
_LINES = re.compile(r"</p>\s*<p>|<br\s*/?>|\n")


def read_profile(reading: Reading) -> None:
    """The name, title, socials and the about page into ``site.profile``."""
    config, profile, report = reading.config, reading.site.profile, reading.report
    parts = [
        str(config.get(name, "")).strip() for name in ("first_name", "middle_name", "last_name")
    ]
    name = " ".join(part for part in parts if part)
    first_last = (parts[0], " ".join(part for part in parts[1:] if part))
    demo = first_last in DEMO_NAMES or (parts[0], parts[2]) in DEMO_NAMES
    if demo and not reading.keep_demo(config.at("first_name"), f'the name "{name}"'):
        name = ""
    profile.name = name
    profile.source = config.at("first_name")
    title = str(config.get("title", "")).strip()
    reading.site.title = name if title in ("", "blank") else title
    description = config.get("description")
    if description and is_demo_text(description):
        reading.keep_demo(config.at("description"), "the site's description")
    elif description:
        report.left(config.at("description"), "the site's description (for search engines): "
                    "bibfolio describes the site from the home page; not carried")  # fmt: skip
    _socials(reading)
    _about(reading)
    report.count("profile", 1, 1 if profile.name or profile.bio else 0)


def _socials(reading: Reading) -> None:
    path = reading.root / "_data" / "socials.yml"
    if path.is_file():
        rel = "_data/socials.yml"
        data, node = load_yaml(path.read_text(encoding="utf-8", errors="replace"))
        lines = {key.value: key.start_mark.line + 1 for key, _ in getattr(node, "value", [])}
        for key, value in (data or {}).items():
            _social(reading, str(key), value, Source(rel, lines.get(key)), known=True)
    for key in [*SOCIALS, *sorted(OTHER_SOCIALS)]:
        value = reading.config.data.get(key)
        if value not in (None, "", False):
            _social(reading, key, value, reading.config.at(key), known=False)


def _social(reading: Reading, key: str, value: Any, source: Source, *, known: bool) -> None:
    links, report = reading.site.profile.links, reading.report
    text = str(value.get("url", "")) if isinstance(value, dict) else str(value).strip()
    if text in DEMO_SOCIALS and not reading.keep_demo(source, f"the social link {key}: {text}"):
        return
    kind = SOCIALS.get(key)
    if kind == "email":
        reading.site.profile.email = text
    elif kind:
        links[kind] = _value(kind, text)
    elif key in LINKED or (key == "custom_social" and isinstance(value, dict) and text):
        label, pattern = LINKED.get(
            key, (plain(value.get("title")) if isinstance(value, dict) else key, "{}")
        )
        links[label or key] = pattern.format(text)
        report.check(source, f"the social link {key}: a link of the card labelled {label}")
    elif key == "cv_pdf":
        report.left(source, f"cv_pdf: {text}: bibfolio builds the CV PDF (cv.pdf) from the "
                    "CV pages; the old file is not linked")  # fmt: skip
    elif key == "rss_icon":
        report.note(source, "rss_icon: ABlog writes the posts' feed")
    elif known or key in OTHER_SOCIALS:
        report.left(source, f"the social link {key}: {text}: no icon in bibfolio_profile; "
                    "add it to its links by hand")  # fmt: skip


def _value(kind: str, text: str) -> str:
    if kind == "bluesky":
        return text.rstrip("/").rsplit("/", 1)[-1]
    if kind == "mastodon" and "/@" in text:
        host, user = text.rsplit("://", maxsplit=1)[-1].split("/@", 1)
        return f"@{user.strip('/')}@{host}"
    return text


def _about(reading: Reading) -> None:
    """``_pages/about.md`` (the page at ``/``): subtitle, photo, address, biography."""
    report, profile = reading.report, reading.site.profile
    pages = collection(reading.root, "pages", report)
    about = next((page for page in pages if page.doc.fields.get("permalink") == "/"), None)
    about = about or next((page for page in pages if page.stem == "about"), None)
    if about is None:
        return
    fields = about.doc.fields
    subtitle = plain(fields.get("subtitle"))
    if subtitle and (
        (not is_demo_text(subtitle) and "Motto. Etc." not in subtitle)
        or reading.keep_demo(about.at("subtitle"), "the about page's subtitle")
    ):
        profile.affiliation = subtitle
        report.check(
            about.at("subtitle"),
            "the about page's subtitle is the card's "
            "affiliation now: split it into position and affiliation if it holds both",
        )
    card = fields.get("profile") if isinstance(fields.get("profile"), dict) else {}
    demo_name = not profile.name and bool(reading.config.get("first_name"))
    if card.get("image"):
        photo = "assets/img/" + str(card["image"]).lstrip("/")
        if demo_name and not reading.include_demo:
            report.demo(
                about.at("profile"), f"the photo {photo} beside the template's name: left out"
            )
        elif reading.file(photo, about.at("profile"), "the about page's photo"):
            profile.photo = photo
            profile.photo_alt = profile.name
    body = about.doc.body
    more = card.get("more_info")
    if _ONE_INCLUDE.match(body):
        report.left(about.body_at, f"the about page is one Liquid include "
                    f"({body.strip()}): its text is in the theme's _includes, not in "
                    "this site; the biography is empty, write it in docs/index.md")  # fmt: skip
        body = ""
    if is_demo_text(body) and not reading.keep_demo(about.body_at, "the biography"):
        body = ""
    bio = reading.body(about, body) if body.strip() else ""
    if more and (
        not is_demo_text(more) or reading.keep_demo(about.at("profile"), "the address lines")
    ):
        lines = [plain(line) for line in _LINES.split(str(more)) if plain(line)]
        bio += ("\n\n" if bio else "") + ", ".join(lines)
        report.note(
            about.at("profile"),
            "the address lines (profile.more_info): at the end of the biography",
        )
    profile.bio = bio
    for key in ("selected_papers", "announcements", "latest_posts", "social"):
        if fields.get(key):
            report.note(about.at(key), f"{key}: bibfolio's home page has its own sections")
