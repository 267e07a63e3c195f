"""greenelab's lab-website-template (v1.x, Jekyll) → a group site (``bibfolio new --group``).

``_config.yaml``'s title is the group's name; ``_members/*.md`` are the members (role,
alumni, aliases, links, biography); ``_data/citations.yaml`` (Manubot's output) is the
group's ``.bib``; ``_data/projects.yaml`` the projects; ``_posts`` the posts; the pages
become addresses of the new ones or pages of their own.  The template's demo (Jane
Smith's team, "Cool ..." projects, example posts, its citations) is left out unless asked
for.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..jekyll import read_config
from ..model import Site, Source
from .citations import read_citations
from .content import read_pages, read_posts, read_projects
from .demo import SITE_TITLES
from .members import read_members

if TYPE_CHECKING:
    from pathlib import Path

    from ..jekyll import Config

TEMPLATE = "lab-website-template"
LOOKS_FOR = (
    "_config.yaml with a _members/ folder or _data/citations.yaml (greenelab's lab template)"
)


def recognise(root: Path) -> bool:
    """A Jekyll site with the lab template's members or Manubot citations."""
    if not any((root / name).is_file() for name in ("_config.yaml", "_config.yml")):
        return False
    return (root / "_members").is_dir() or (
        (root / "_data/citations.yaml").is_file() and (root / "_data/sources.yaml").is_file()
    )


def read(root: Path, *, include_demo: bool = False) -> Site:
    """The lab's site in *root*, never written to.

    The template's demo is left out unless *include_demo*.
    """
    site = Site(TEMPLATE)
    site.report.template = TEMPLATE
    config = read_config(root, site.report)
    _group(config, site, include_demo=include_demo)
    read_members(root, config, site, include_demo=include_demo)
    read_citations(root, site, include_demo=include_demo)
    read_projects(root, site, include_demo=include_demo)
    read_posts(root, config, site, include_demo=include_demo)
    read_pages(root, config, site, include_demo=include_demo)
    for member in site.members:
        # The template's member pages: /members/<id>.html; the new site has people/<id>.
        member.addresses = [a for a in member.addresses if a]
    items = [*site.bibliography.entries, *site.projects, *site.posts, *site.pages, *site.members]
    site.report.count("addresses", sum(len(i.addresses) for i in items) + len(site.addresses))
    site.report.count("files", sum(bool(m.image) for m in site.members)
                      + sum(bool(p.image) for p in site.projects))  # fmt: skip
    if not site.members:
        site.report.check(Source("_members"), "no members: the new site needs one (bibfolio new "
                          "--group names the first)")  # fmt: skip
    return site


def _group(config: Config, site: Site, *, include_demo: bool) -> None:
    """The group's name (``title``), and its links (which a group site has no card for)."""
    title = " ".join(str(config.get("title") or "").split())
    if title in SITE_TITLES and not include_demo:
        site.report.demo(config.at("title"), f"the template's site title {title!r}")
        site.report.check(config.at("title"), "give the group's name (bibfolio_group in conf.py)")
        site.group = "Our Lab"
    else:
        site.group = title or "Our Lab"
    site.title = site.group
    site.report.count("profile", 1, 0 if title in SITE_TITLES and not include_demo else 1)
    subtitle = " ".join(str(config.get("subtitle") or "").split())
    if subtitle:
        site.report.left(config.at("subtitle"), f"the subtitle {subtitle!r}: no place")
    description = " ".join(str(config.get("description") or "").split())
    if description:
        site.report.left(config.at("description"), "the site's description: put it in "
                         "bibfolio_group's description (conf.py)")  # fmt: skip
    links = config.get("links") or {}
    for key, value in links.items() if isinstance(links, dict) else []:
        if value:
            site.report.left(config.at(f"links.{key}"), f"the lab's {key} link {value!r}: a "
                             "group site has no card for it (add it to the home page)")  # fmt: skip
