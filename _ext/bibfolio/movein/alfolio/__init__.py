"""al-folio (``alshedivat/al-folio``, 0.x and 1.x layouts) → a Site.

``_config.yml`` and ``_data/socials.yml`` (1.x; socials among the settings in 0.x) and
``_pages/about.md`` are the profile and biography; ``_bibliography/papers.bib`` is kept
as its text, with al-folio's local ``pdf``/``preview`` files copied under ``papers/`` and
typed ``*``/``†`` marks turned into ``author+an`` where the annotation says what they
mean; the owner from ``scholar: last_name/first_name`` and the spellings the entries
use; ``_news``, ``_projects``, ``_posts``, ``_teachings``; the CV from ``_data/cv.yml``
or ``assets/json/resume.json``; other pages and collections as pages; the old addresses.
The template's demo (Einstein) is recognised by its content and left out unless asked.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..jekyll import read_config
from ..model import Report, Site, Source
from .bib import read_bibliography
from .common import Reading
from .cv import read_cv
from .items import read_news, read_posts, read_projects, read_teachings
from .owner import read_owner
from .pages import read_pages
from .profile import read_profile

if TYPE_CHECKING:
    from pathlib import Path

TEMPLATE = "al-folio"
LOOKS_FOR = (
    "_config.yml with scholar: settings and a _bibliography/ folder, or al-folio's "
    "_news/ and _projects/ collections"
)


def recognise(root: Path) -> bool:
    """A Jekyll site with jekyll-scholar's ``_bibliography``, or al-folio's collections."""
    report = Report()
    config = read_config(root, report)
    if not config.path:
        return False
    if (root / "_bibliography").is_dir() and config.get("scholar"):
        return True
    if "al_folio" in config.data or "al_folio_core" in str(config.get("theme", "")):
        return True
    return (root / "_news").is_dir() and (root / "_projects").is_dir()


def read(root: Path, *, include_demo: bool = False) -> Site:
    """The site at *root*; demo content left out unless *include_demo*."""
    site = Site(template=TEMPLATE, report=Report(template=TEMPLATE))
    reading = Reading(root, read_config(root, site.report), site, include_demo)
    read_profile(reading)
    entries = read_bibliography(reading)
    read_owner(reading, entries)
    read_news(reading)
    read_projects(reading)
    read_teachings(reading)
    read_posts(reading)
    read_cv(reading)
    read_pages(reading)
    _one_address_each(site)
    site.report.count("files", len(site.files) + len(reading.missing), len(site.files))
    return site


def _one_address_each(site: Site) -> None:
    """Two items on one old address: the first keeps it, the other is reported.

    (The writer counts the addresses, as it makes their redirects.)
    """
    owners: dict[str, str] = {}
    groups = [site.news, site.projects, site.posts, site.teaching, site.pages]
    for items in groups:
        for item in items:
            kept = []
            for address in item.addresses:
                where = str(item.source) if item.source else "?"
                if address in owners and owners[address] != where:
                    why = f"the old address {address} was also {owners[address]}'s"
                    site.report.left(item.source or Source("?"), why + ": it leads there")
                    continue
                owners.setdefault(address, where)
                kept.append(address)
            item.addresses = kept
    for address in list(site.addresses):
        if address in owners:
            site.report.left(Source(address), f"the old address {address} of al-folio's page "
                             f"is also {owners[address]}'s: it leads there")  # fmt: skip
            del site.addresses[address]
