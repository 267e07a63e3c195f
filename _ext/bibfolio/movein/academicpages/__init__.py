"""academicpages (the Jekyll template of ``academicpages/academicpages.github.io``) → a Site.

The sidebar (``_config.yml`` ``author:``) and ``_pages/about.md`` are the profile;
``_publications/*.md`` (title, venue, date, links and a formatted ``citation:`` string,
the only place the authors are) become BibTeX entries, paired with the site's own
``.bib`` where it keeps one; ``_talks``, ``_teaching``, ``_portfolio``, ``_posts``; the
CV from ``_pages/cv.md`` or ``_data/cv.json``; other pages and the old addresses.
The template's demo is recognised by its content and left out unless asked for.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..jekyll import read_config
from ..model import Site, Source
from ..owner import owner_spellings
from .cv import read_cv
from .items import read_portfolio, read_posts, read_talks, read_teaching
from .pages import read_pages
from .profile import read_profile
from .publications import read_publications

if TYPE_CHECKING:
    from pathlib import Path

TEMPLATE = "academicpages"
LOOKS_FOR = "_config.yml with a _publications/, _talks/ or _portfolio/ folder"
#: Folders only academicpages (of the Jekyll templates bibfolio knows) has.
_MARKERS = ("_publications", "_talks", "_portfolio")


def recognise(root: Path) -> bool:
    """A Jekyll site (``_config.yml``) with academicpages' collections."""
    if not (root / "_config.yml").is_file() and not (root / "_config.yaml").is_file():
        return False
    return any((root / name).is_dir() for name in _MARKERS)


def read(root: Path, *, include_demo: bool = False) -> Site:
    """The site in *root*, never written to.

    The template's demo is left out unless *include_demo*.
    """
    site = Site(TEMPLATE)
    site.report.template = TEMPLATE
    config = read_config(root, site.report)
    read_profile(root, config, site, include_demo=include_demo)
    read_publications(root, config, site, include_demo=include_demo)
    read_talks(root, config, site, include_demo=include_demo)
    read_teaching(root, config, site, include_demo=include_demo)
    read_portfolio(root, config, site, include_demo=include_demo)
    read_posts(root, config, site, include_demo=include_demo)
    read_cv(root, config, site, include_demo=include_demo)
    read_pages(root, config, site, include_demo=include_demo)
    _generator_inputs(root, site)
    _authors(root, site, include_demo=include_demo)
    _one_address_each(site)
    if site.profile.name:
        site.owner = owner_spellings(site.profile.name, site.bibliography.entries)
    items = [
        *site.bibliography.entries, *site.talks, *site.teaching, *site.projects,
        *site.posts, *site.pages,
    ]  # fmt: skip
    site.report.count("addresses", sum(len(i.addresses) for i in items) + len(site.addresses))
    site.report.count("files", len(site.files) + bool(site.profile.photo))
    return site


def _generator_inputs(root: Path, site: Site) -> None:
    """``markdown_generator/``'s tables made the Markdown files: a second copy, not read."""
    folder = root / "markdown_generator"
    if not folder.is_dir():
        return
    for path in sorted(folder.iterdir()):
        if path.suffix.lower() in (".csv", ".tsv"):
            name = path.relative_to(root).as_posix()
            site.report.note(
                Source(name),
                "the Markdown generator's input: the same items as the Markdown files, "
                "which were read instead",
            )


def _authors(root: Path, site: Site, *, include_demo: bool) -> None:
    """``_data/authors.yml``: guest authors of posts, which a bibfolio post names in text."""
    path = root / "_data/authors.yml"
    if not path.is_file():
        return
    text = path.read_text(encoding="utf-8", errors="replace")
    if "Name Name" in text and "Name2 Name2" in text and not include_demo:
        site.report.demo(Source("_data/authors.yml"), "the template's example post authors")
    else:
        site.report.left(
            Source("_data/authors.yml"), "post authors: no place (name them in the post)"
        )


def _one_address_each(site: Site) -> None:
    """Two items on one old address (a copied front matter's permalink): the first keeps it."""
    seen: dict[str, str] = {}
    groups = (site.talks, site.teaching, site.projects, site.posts, site.pages)
    for entry in site.bibliography.entries:
        for address in entry.addresses:
            seen.setdefault(address, entry.key)
    for items in groups:
        for item in items:
            name = getattr(item, "title", "")
            for address in list(item.addresses):
                if address in seen:
                    item.addresses.remove(address)
                    where = item.source or Source("")
                    site.report.check(where, f"/{address} is also {seen[address]!r}'s address: "
                                      "it leads there, not here")  # fmt: skip
                else:
                    seen[address] = name
    for address in [a for a in site.addresses if a in seen]:
        del site.addresses[address]
