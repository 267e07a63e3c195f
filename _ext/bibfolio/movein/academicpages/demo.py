"""academicpages' own demo content, recognised by what it says (never by file name alone).

A real site made from the template often still holds some of it: the example talks
beside the owner's, the demo ``cv.json``, the boilerplate text under each publication.
"""

from __future__ import annotations

import re

_TITLES = re.compile(
    r"^(?:Paper Title Number \d+\b.*"
    r"|(?:Talk \d+|Tutorial \d+|Conference Proceeding talk \d+) on Relevant Topic in Your Field"
    r"|Teaching experience \d+"
    r"|Portfolio item number \d+"
    r"|Blog Post number \d+|Future Blog Post)$",
    re.IGNORECASE,
)
#: Text the template ships in bodies: a publication's, the home page's, the guide's.
_BODIES = (
    "The contents above will be part of a list of publications",
    "This is the front page of a website that is powered by the [Academic Pages template]",
    "This is a description of your talk, which is a markdown file",
    "This is a description of your tutorial, note the different field in type",
    "This is a description of your conference proceedings talk",
    "This is a description of a teaching experience. You can use markdown like any other",
    "This is an item in your portfolio. It can be have images or nice text.",
    "This is a sample blog post. Lorem ipsum I can't remember the rest of lorem ipsum",
    "This post will show up by default. To disable scheduling of future posts",
    "This is a page not in the menu. You can use markdown in this page.",
    "A variety of common markup showing how the theme styles them.",
    "The privacy of my visitors is extremely important.",
    "## Locations of key files/directories",
)
#: ``_config.yml`` ``author:`` values of the demo, field by field.
PROFILE = {
    "name": "Your Sidebar Name",
    "bio": "Short biography for the left-hand sidebar",
    "location": "Earth",
    "employer": "Red Brick University",
    "email": "none@example.org",
    "googlescholar": "https://scholar.google.com/citations?user=PS_CX0AAAAAJ",
    "orcid": "https://orcid.org/yourorcidurl",
    "pubmed": "https://www.ncbi.nlm.nih.gov/pubmed/?term=john+snow",
    "github": "academicpages",
    "bluesky": "bsky.app",
    "avatar": "profile.png",
}
#: The demo's site titles.
SITE_TITLES = frozenset({"Your Name / Site Title", "Your Name"})
#: The demo CV's text (``_pages/cv.md``) and ``_data/cv.json``'s demo values.
_CV = ("Ph.D in Version Control Theory", "M.S. in Jekyll", "Currently signed in to 43 different")
_CV_JSON = ("Your Sidebar Name", "GitHub University", "Paper Title Number 1")
#: ``files/bibtex1.bib``'s demo entry.
BIB_KEYS = frozenset({"Alice2023example"})
BIB_TITLES = frozenset({"an example article"})


def is_demo_title(title: str) -> bool:
    """A title of the template's example publications, talks, teaching, portfolio, posts."""
    return bool(_TITLES.match(" ".join(str(title).split())))


def demo_body(text: str) -> bool:
    """A body that is (or starts as) the template's stock text."""
    flat = " ".join(text.split())
    return any(" ".join(stock.split()) in flat for stock in _BODIES)


def is_demo_citation(citation: str) -> bool:
    """The demo's citation string (its author is "Your Name, You")."""
    return "Your Name, You" in citation


def is_demo_cv(text: str) -> bool:
    """The demo's ``_pages/cv.md`` body."""
    return sum(stock in text for stock in _CV) >= 2


def is_demo_cv_json(text: str) -> bool:
    """The demo's ``_data/cv.json``."""
    return sum(stock in text for stock in _CV_JSON) >= 2
