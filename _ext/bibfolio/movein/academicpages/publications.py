"""academicpages' ``_publications/*.md`` (and any ``.bib`` beside them) → the entries."""

from __future__ import annotations

import re
from pathlib import PurePosixPath
from typing import TYPE_CHECKING, Any
from urllib.parse import unquote

from ..dates import is_placeholder
from ..jekyll import addresses, collection
from .bibentry import abstract_field, entry_from
from .citation import parse_citation, plain
from .demo import BIB_KEYS, BIB_TITLES, demo_body, is_demo_citation, is_demo_title
from .pairing import add_fields, find_bibs, identity, partner

if TYPE_CHECKING:
    from pathlib import Path

    from ..jekyll import Config, Item
    from ..model import Entry, Site

#: Front matter read here (or Jekyll's own, which needs no place in bibfolio).
_READ = frozenset(
    {"title", "collection", "category", "permalink", "excerpt", "date", "venue",
     "slidesurl", "paperurl", "bibtexurl", "citation", "redirect_from", "layout",
     "author_profile", "share", "comments", "comment", "read_time", "related"}
)  # fmt: skip


def read_publications(root: Path, config: Config, site: Site, *, include_demo: bool) -> None:
    """Fill ``site.bibliography`` (and ``site.files``) from the publications and ``.bib``s."""
    report = site.report
    bibs = find_bibs(root, report)
    bib_entries = [entry for bib in bibs for entry in bib.entries]
    for bib in bibs:
        site.bibliography.preamble.extend(bib.preamble)
    taken = {entry.key.lower() for entry in bib_entries}
    claimed: dict[str, str] = {}
    paired: list[Entry] = []
    items = collection(root, "publications", report)
    found = converted = 0
    for item in items:
        found += 1
        entry = _entry(item, root, config, site, taken, include_demo=include_demo)
        if entry is None:
            continue
        converted += 1
        for address in list(entry.addresses):
            if address in claimed:
                report.check(
                    item.at("permalink"),
                    f"permalink /{address} is also {claimed[address]}'s: it leads there",
                )
                entry.addresses.remove(address)
            else:
                claimed[address] = entry.key
        twin = partner(entry, [e for e in bib_entries if e not in paired])
        if twin is None:
            site.bibliography.entries.append(entry)
            continue
        paired.append(twin)
        added = add_fields(twin, entry.fields)
        twin.addresses.extend(entry.addresses)
        with_links = f", with {', '.join(added)} from the Markdown" if added else ""
        report.note(
            item.at(),
            f"the same paper as {twin.source}: its BibTeX entry {twin.key} kept{with_links}",
        )
        site.bibliography.entries.append(twin)
    for entry in bib_entries:
        if entry in paired:
            continue
        found += 1
        title, _ = identity(entry)
        if (entry.key in BIB_KEYS or title in BIB_TITLES) and not include_demo:
            report.demo(entry.source, f"the template's example BibTeX entry {entry.key}")
            continue
        converted += 1
        report.check(entry.source, f"{entry.key}: in a .bib of the site, with no Markdown page")
        site.bibliography.entries.append(entry)
    report.count("publications", found, converted)


def _entry(
    item: Item, root: Path, config: Config, site: Site, taken: set[str], *, include_demo: bool
) -> Entry | None:
    report = site.report
    fields = item.doc.fields
    title = plain(str(fields.get("title") or ""))
    text = str(fields.get("citation") or "")
    if (is_demo_title(title) or is_demo_citation(text)) and not include_demo:
        if is_demo_title(title):
            report.demo(item.at("title"), f"the template's example publication {title!r}")
        else:  # a title of the owner's over the example's authors ("Your Name, You")
            report.demo(
                item.at("citation"),
                f"{title!r}: its title was changed, but its citation (the authors) is still the "
                "template's example ('Your Name, You'): left out; if it is your paper, add it "
                "to refs.bib with its authors",
            )
        return None
    if not title and not text:
        report.left(item.at(), "a publication with neither title nor citation")
        return None
    citation = parse_citation(text, title)
    entry, checks = entry_from(fields, citation, taken)
    entry.source = item.at()
    for check in checks:
        report.check(item.at("citation"), check)
    if not text:
        report.check(item.at(), "no citation string: no authors (add them in refs.bib)")
    elif not citation.authors:
        report.check(item.at("citation"), "no authors found in the citation string")
    if is_placeholder(fields.get("date")):
        report.check(item.at("date"), f"placeholder date {fields.get('date')!r}: no date")
    if citation.bold:
        names = ", ".join(citation.bold)
        report.note(item.at("citation"), f"bold in the citation: {names} (the owner is bold)")
    _links(entry, item, root, config, site)
    body = item.doc.body
    if body.strip() and demo_body(body):
        report.demo(item.body_at, "the template's stock text under a publication")
        body = ""
    abstract = abstract_field(str(fields.get("excerpt") or ""), body)
    if abstract:
        entry.fields["abstract"] = abstract
    entry.addresses = addresses(config, "publications", item.doc, item.path)
    for name in fields:
        if name not in _READ:
            value = fields[name]
            report.left(item.at(name), f"field {name}: {value!r} has no place in a .bib entry")
    return entry


def _links(entry: Entry, item: Item, root: Path, config: Config, site: Site) -> None:
    """``paperurl`` → ``pdf`` (a file of the site, copied) or ``url``; ``slidesurl``.

    ``slidesurl`` → ``slides``; a ``bibtexurl`` that is no file of the site's is
    reported (not fetched).
    """
    fields = item.doc.fields
    for name, local_field, web_field in (
        ("paperurl", "pdf", "url"),
        ("slidesurl", "slides", "slides"),
    ):
        value = _text(fields.get(name))
        if not value:
            continue
        path = local_path(value, config)
        if path is None:
            if web_field not in entry.fields:
                entry.fields[web_field] = value
            continue
        if not (root / path).is_file():
            site.report.left(item.at(name), f"{name}: {path} is not in the old site's files")
            continue
        target = f"papers/{PurePosixPath(path).name}"
        site.files[target] = path
        entry.fields[local_field] = target
    bibtex = _text(fields.get("bibtexurl"))
    if bibtex and local_path(bibtex, config) is None:
        site.report.left(item.at("bibtexurl"), f"bibtexurl {bibtex}: not fetched (no network)")


def _text(value: Any) -> str:
    return str(value).strip() if value not in (None, "") else ""


def local_path(url: str, config: Config) -> str | None:
    """*url*'s file in OLD when it is one of the site's own, else None.

    The site's own: ``/files/a.pdf``, ``https://me.github.io/files/a.pdf``,
    ``{{ base_path }}/files/a.pdf``.
    """
    text = re.sub(r"\{\{\s*(?:site\.)?(?:base_?path|baseurl|url)\s*\}\}", "", url.strip())
    site = re.sub(r"^https?:", "", str(config.get("url") or "").rstrip("/"))
    bare = re.sub(r"^https?:", "", text)
    if site and (bare == site or bare.startswith(site + "/")):
        text = bare[len(site) :]
    elif re.match(r"^[A-Za-z][\w+.-]*:|^//", text):
        return None
    path = unquote(text.split("#", 1)[0].split("?", 1)[0]).lstrip("/")
    base = str(config.get("baseurl") or "").strip("/")
    if base and path.startswith(base + "/"):
        path = path[len(base) + 1 :]
    return path or None
