"""al-folio's own demo content, recognised by what it says (never by a file name alone)."""

from __future__ import annotations

import re
from typing import Any

#: The demo's entries in ``papers.bib``: key → the start of the title.
DEMO_ENTRIES = {
    "einstein1920relativity": "Relativity: the Special",
    "einstein1956investigations": "Investigations on the Theory of the Brownian",
    "einstein1950meaning": "The meaning of relativity",
    "PhysRev.47.777": "Can Quantum-Mechanical Description",
    "einstein1905molekularkinetischen": '{\\"U}ber die von der molekularkinetischen',
    "einstein1905movement": "Un the movement of small particles",
    "einstein1905electrodynamics": "On the electrodynamics of moving bodies",
    "einstein1905photoelectriceffect": '{{\\"U}ber einen die Erzeugung',
    "przibram1967letters": "Letters on wave mechanics",
}
#: What the demo's news items say (inline ones) or are called (the others).
DEMO_NEWS = (
    "A simple inline announcement",
    "A long announcement with details",
    "We're excited to announce",
)
#: The demo's placeholder texts: biography, address lines, site description, name.
DEMO_TEXTS = (
    "Write your biography here",
    "555 your office number",
    "123 your address street",
    "A simple, whitespace theme for academics",
    "What an astonishing thing a book is",
    "Every project has a beautiful feature showcase page",
)
DEMO_NAMES = {("You", "Name"), ("You", "R. Name")}
#: Social ids and addresses of the demo (Einstein's Scholar and INSPIRE ids ...).
DEMO_SOCIALS = {
    "you@example.com", "qc6CJjYAAAAJ", "1010907", "0000-0002-1825-0097",
    "https://www.alberteinstein.com/", "alshedivat", "albert-einstein",
}  # fmt: skip
DEMO_INSTRUCTORS = {"Prof. Example", "Prof. Data"}
DEMO_BOOKS = {("The Godfather", "Mario Puzo")}
DEMO_REPOSITORIES = {"alshedivat/al-folio", "jekyll/jekyll", "twbs/bootstrap"}
_DEMO_POST = re.compile(r"^a (post|distill-style blog post)\b|^displaying external posts")
_DEMO_PROJECT = re.compile(r"^project \d+( with very long name)?$")
_SPACE = re.compile(r"\s+")


def is_demo_text(text: Any) -> bool:
    """True when *text* holds one of the demo's placeholder sentences."""
    flat = _SPACE.sub(" ", str(text or ""))
    return any(phrase in flat for phrase in DEMO_TEXTS)


def is_demo_entry(key: str, title: str, author: str) -> bool:
    """A demo entry: its key, the start of its title and Einstein among the authors."""
    start = DEMO_ENTRIES.get(key)
    return start is not None and title.lstrip().startswith(start) and "Einstein" in author


def is_demo_news(fields: dict[str, Any], body: str) -> bool:
    """A demo news item: its title, or its text, is one of the demo's."""
    title, text = str(fields.get("title") or "").strip(), body.strip()
    return any(title.startswith(phrase) or text.startswith(phrase) for phrase in DEMO_NEWS)


def is_demo_post(fields: dict[str, Any]) -> bool:
    """A demo post: in the demo's ``sample-posts`` category, titled as the demo's are."""
    title = str(fields.get("title") or "")
    categories = fields.get("categories") or ""
    sample = "sample-posts" in (categories if isinstance(categories, list) else str(categories))
    return bool(_DEMO_POST.match(title)) and (sample or "al-folio" in str(fields))


def is_demo_project(fields: dict[str, Any], body: str) -> bool:
    """A demo project: "project 3" and the demo's text (or the demo's description)."""
    title = str(fields.get("title") or "")
    return bool(_DEMO_PROJECT.match(title)) and (
        is_demo_text(body) or "redirects to another website" in str(fields.get("description"))
    )


def is_demo_course(fields: dict[str, Any]) -> bool:
    """A demo course: taught by one of the demo's instructors."""
    return str(fields.get("instructor") or "") in DEMO_INSTRUCTORS


def is_demo_book(fields: dict[str, Any]) -> bool:
    """The demo's book review."""
    return (str(fields.get("title")), str(fields.get("author"))) in DEMO_BOOKS


def is_demo_cv_name(name: Any) -> bool:
    """A CV whose owner is the demo's Albert Einstein."""
    return " ".join(str(name or "").split()) == "Albert Einstein"
