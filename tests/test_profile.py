"""The ``{profile}`` card: what a visitor, a screen reader, a search engine and a link preview see."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from bibfolio.model.profile import Profile, read_profile

from .helpers import page, warnings_of

#: (accessible name, href) of every card link, in card order, as the root's conf.py gives them.
LINKS = [
    ("Email", "mailto:ada@example.org"),
    ("Google Scholar", "https://scholar.google.com/citations?user=AbCdEfGhIjK"),
    ("ORCID", "https://orcid.org/0000-0002-1825-0097"),
    ("GitHub", "https://github.com/ada"),
    ("LinkedIn", "https://www.linkedin.com/in/ada-lovelace"),
    ("X", "https://x.com/ada"),
    ("Bluesky", "https://bsky.app/profile/ada.bsky.social"),
    ("Mastodon", "https://fediscience.org/@ada"),
    ("Notes on the Engine", "https://example.org/notes"),
]
SITE = "https://ada.example.org/"
NO_PHOTO = {"name": "Ada Lovelace", "position": "Analyst", "email": "ada@example.org"}


def card(app):
    return page(app).select_one("article div.bibfolio-profile")


@pytest.mark.sphinx("html", testroot="profile", freshenv=True)
def test_card_shows_photo_facts_and_icon_links(app):
    app.build()
    assert warnings_of(app) == ""
    profile = card(app)
    photo = profile.select_one("img.bibfolio-profile-photo")
    assert photo["alt"] == "Ada Lovelace, seated, in a white dress"
    # The photo is copied into the output, where the page points.
    assert (Path(app.outdir) / photo["src"]).read_bytes() == (
        Path(app.srcdir) / "_static" / "ada.png"
    ).read_bytes()
    facts = [p.get_text() for p in profile.select(".bibfolio-profile-body > p")[:3]]
    assert facts == ["Analyst", "Analytical Society", "Poetical science and the Analytical Engine"]
    # The address once: as text after its envelope, named "Email" for a screen reader.
    (mail,) = profile.select('a[href^="mailto:"]')
    assert mail["href"].replace("%40", "@") == LINKS[0][1]
    assert " ".join(mail.get_text().split()) == "Email ada@example.org"
    assert mail.select_one(".bibfolio-visually-hidden").get_text() == "Email"
    assert mail.find("svg")["aria-hidden"] == "true"
    # Every other link is an icon with its name hidden from the eye.
    links = profile.select("a.bibfolio-profile-link")
    names = [a.select_one(".bibfolio-visually-hidden").get_text() for a in links]
    hrefs = [a["href"] for a in links]
    assert list(zip(names, hrefs, strict=True)) == LINKS[1:]
    for link in links:
        assert link["title"] == link.get_text(strip=True)  # a tooltip for sighted users
        svg = link.find("svg")
        assert svg["aria-hidden"] == "true" and svg["focusable"] == "false"
        ET.fromstring(str(svg))  # well-formed markup
        assert svg.find("path")["d"]
    assert not page(app).find("link", href=lambda h: h and "fontawesome" in h.lower())


@pytest.mark.sphinx("html", testroot="profile", freshenv=True, confoverrides={"html_baseurl": SITE})
def test_same_data_feeds_json_ld_and_opengraph(app):
    app.build()
    assert warnings_of(app) == ""
    soup = page(app)
    (script,) = soup.find_all("script", type="application/ld+json")
    person = json.loads(script.string)["mainEntity"]
    assert person["name"] == "Ada Lovelace"
    assert person["jobTitle"] == "Analyst"
    assert person["affiliation"] == {"@type": "Organization", "name": "Analytical Society"}
    assert person["email"] == "mailto:ada@example.org"
    assert person["knowsAbout"] == "Poetical science and the Analytical Engine"
    assert person["sameAs"] == [href for _, href in LINKS[1:]]
    assert person["image"].startswith(SITE + "_images/ada")
    properties = {m["property"]: m["content"] for m in soup.find_all("meta", property=True)}
    assert properties["og:type"] == "profile"
    assert properties["og:image"] == person["image"]
    assert properties["og:image:alt"] == "Ada Lovelace, seated, in a white dress"
    # The description is the page's first paragraph: not the photo's alt text, not the card.
    assert properties["og:description"] == (
        "Ada Lovelace wrote the first published program for the Analytical Engine."
    )
    assert properties["og:site_name"] == "Ada Lovelace"
    assert soup.title.get_text() == "Ada Lovelace"  # not "Ada Lovelace — Ada Lovelace"
    # Other pages keep the suffix and the site's type.
    publications = page(app, "publications")
    assert publications.title.get_text() == "Publications — Ada Lovelace"
    assert publications.find("meta", property="og:type")["content"] == "website"


@pytest.mark.sphinx("text", testroot="profile", freshenv=True)
def test_text_builder_writes_the_card_as_text(app):
    app.build()
    text = (Path(app.outdir) / "index.txt").read_text(encoding="utf-8")
    for fact in ("Analyst", "Analytical Society", "Poetical science", "GitHub", "ORCID"):
        assert fact in text
    assert "[image: Ada Lovelace, seated, in a white dress]" in text


@pytest.mark.sphinx(
    "text", testroot="profile", freshenv=True, confoverrides={"bibfolio_profile": NO_PHOTO}
)
def test_initials_only_in_html(app):
    app.build()
    text = (Path(app.outdir) / "index.txt").read_text(encoding="utf-8")
    assert "Analyst" in text
    assert "AL" not in text.split()


@pytest.mark.sphinx(
    "html", testroot="profile", freshenv=True, confoverrides={"bibfolio_profile": NO_PHOTO}
)
def test_a_card_without_photo_shows_initials(app):
    app.build()
    assert warnings_of(app) == ""
    profile = card(app)
    assert profile.find("img") is None
    assert profile.select_one(".bibfolio-profile-initials").get_text() == "AL"


@pytest.mark.sphinx(
    "html",
    testroot="profile",
    freshenv=True,
    confoverrides={
        "bibfolio_profile": {
            "name": "Ada Lovelace",
            "orcid": "0000-0002-1825",
            "mastodon": "ada",
            "photo": "_static/ada.png",
            "links": [{"label": "Lab", "url": "lab.example.org"}],
        }
    },
)
def test_bad_profile_values_warn_in_conf_py_and_are_left_out(app):
    app.build()
    warnings = warnings_of(app)
    # Each warning points at the key's line in conf.py (these values come from -D).
    conf = Path(app.confdir, "conf.py")
    expected = [
        (15, "bibfolio_profile['orcid']: cannot make a link of '0000-0002-1825'"),
        (20, "bibfolio_profile['mastodon']: cannot make a link of 'ada'"),
        (21, "bibfolio_profile['links']: each link is {'label': ..., 'url': ...}"),
        (11, "bibfolio_profile['photo'] has no 'photo_alt'"),
    ]
    for line, message in expected:
        assert f"{conf}:{line}: WARNING: {message}" in warnings
    assert warnings.count("[bibfolio.config]") == 4
    profile = card(app)
    assert profile.select("a.bibfolio-profile-link") == []
    assert profile.select_one("img")["alt"] == "Ada Lovelace"  # the name meanwhile


@pytest.mark.sphinx(
    "html",
    testroot="profile",
    freshenv=True,
    confoverrides={"bibfolio_profile": {"name": "Ada"}, "bibfolio_cv": False},
)
def test_an_empty_card_warns_at_the_directive(app):
    # A name alone and no CV to link: the card would be the initials and nothing else.
    app.build()
    assert "index.md:3: WARNING: the {profile} card has nothing to show" in warnings_of(app)
    assert card(app) is None


@pytest.mark.sphinx(
    "html", testroot="profile", freshenv=True, confoverrides={"bibfolio_profile": {"name": "Ada"}}
)
def test_a_name_alone_gets_initials_and_the_cv_link(app):
    app.build()
    assert "nothing to show" not in warnings_of(app)
    profile = card(app)
    assert profile.select_one(".bibfolio-profile-initials").get_text() == "A"
    assert [a.get_text() for a in profile.select("a")] == ["CV"]


def test_initials_and_links_without_sphinx():
    profile, problems = read_profile(
        {"name": "Mary Ann Evans", "github": "https://github.com/mae", "x": "bad handle!"}
    )
    assert profile.initials == "ME"
    assert Profile(name="Mingyu Liang").initials == "ML"
    assert [link.url for link in profile.links] == ["https://github.com/mae"]
    assert problems == ["bibfolio_profile['x']: cannot make a link of 'bad handle!'"]


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        # The given name's and the FIRST family name's initial (issue 45: "AO" before).
        ("Ana Núñez-Ortega", "AN"),
        ("Kasimir Vandeleur-Tosh", "KV"),
        ("Jean-Luc Picard", "JP"),
        # BibTeX's reading: in "First Last" order the family name is the last word; the
        # comma form names two family names, and the first one counts.
        ("María José García López", "ML"),
        ("García López, María José", "MG"),
        # Particles are no family name's initial.
        ("Anna van der Berg", "AB"),
        ("van der Berg, Anna", "AB"),
        ("Ludwig van Beethoven", "LB"),
        # Chinese, Japanese and Korean write the family name first: its character.
        ("王小明", "王"),
        ("山田太郎", "山"),
        ("김민준", "김"),
        ("Liang Luo", "LL"),
        # One name, initials, LaTeX, nothing to take.
        ("Madonna", "M"),
        ("J. R. R. Tolkien", "JT"),
        ('{\\"O}zlem T{\\"u}rk', "ÖT"),
        ("  42 ", ""),
    ],
)
def test_initials_are_the_given_and_first_family_names(name: str, expected: str) -> None:
    assert Profile(name=name).initials == expected
