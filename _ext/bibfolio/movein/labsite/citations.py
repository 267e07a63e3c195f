"""The lab template's ``_data/citations.yaml`` (Manubot's output) → the group's entries.

The lab writes ids (``_data/sources.yaml``, ``orcid.yaml``, ``pubmed.yaml``...) and
``_cite/cite.py`` looks them up online and writes ``citations.yaml``: title, authors,
publisher, date, link, plus what the lab added to a source (type, description, image,
buttons, tags, repo).  No network here, so ``citations.yaml`` is what is read; a source id
it does not hold is reported (run ``_cite/cite.py`` on the old site first).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import yaml

from ...importer.merge import make_key
from ...importer.records import Record
from ...reading.texescape import escape
from ..academicpages.bibentry import title_tex
from ..dates import iso_date
from ..model import Entry, Source
from .demo import ORCID, SOURCES, demo_inputs, lorem

if TYPE_CHECKING:
    from pathlib import Path

    from ..model import Site

#: ``buttons:`` types → .bib link fields.
BUTTONS = {
    "source": "code",
    "github": "code",
    "website": "website",
    "docs": "website",
    "app": "website",
    "server": "website",
    "manubot": "html",
    "data": "supp",
    "package": "code",
    "preprint": "html",
    "video": "video",
    "slides": "slides",
    "poster": "poster",
    "pdf": "pdf",
}
#: The lists of ids the lab writes (each a YAML list of mappings).
INPUTS = ("sources.yaml", "orcid.yaml", "pubmed.yaml", "google-scholar.yaml")
#: Fields of a citation that say where it came from, nothing about the paper.
_PROVENANCE = frozenset({"id", "plugin", "file", "orcid", "pubmed", "google-scholar"})
_READ = frozenset({"title", "authors", "publisher", "date", "link", "type", "description",
                   "image", "buttons", "tags", "repo"}) | _PROVENANCE  # fmt: skip


def load_list(path: Path, name: str, site: Site) -> list[dict[str, Any]]:
    """A YAML list of mappings in *path* (nothing when missing; the report says why)."""
    if not path.is_file():
        return []
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8", errors="replace"))
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        line = mark.line + 1 if mark is not None else None
        site.report.left(
            Source(name, line), "YAML that cannot be read: " + " ".join(str(error).split())
        )
        return []
    return [item for item in data or [] if isinstance(item, dict)]


def _line(text: str, ident: str) -> int | None:
    found = re.search(rf"^\s*-\s*id:\s*['\"]?{re.escape(ident)}", text, re.M)
    return text.count("\n", 0, found.start()) + 1 if found else None


def read_citations(root: Path, site: Site, *, include_demo: bool) -> None:
    """``site.bibliography`` from ``_data/citations.yaml``; ids only in the inputs reported."""
    report = site.report
    name = "_data/citations.yaml"
    path = root / name
    citations = load_list(path, name, site)
    text = path.read_text(encoding="utf-8", errors="replace") if path.is_file() else ""
    inputs = {n: load_list(root / "_data" / n, f"_data/{n}", site) for n in INPUTS}
    orcids = [str(i.get("orcid", "")) for i in inputs["orcid.yaml"]]
    sources = [str(i.get("id", "")) for i in inputs["sources.yaml"]]
    demo_orcid, demo_sources = demo_inputs(orcids, sources)
    if citations:
        report.note(Source(name), "the publications come from citations.yaml (Manubot's "
                    "output of the ids in _data/): no lookups were made")  # fmt: skip
    taken: set[str] = set()
    converted = 0
    for citation in citations:
        ident = str(citation.get("id") or "")
        at = Source(name, _line(text, ident) if ident else None)
        from_orcid = str(citation.get("orcid") or "") == ORCID and demo_orcid
        from_sources = ident in SOURCES and demo_sources
        if (from_orcid or from_sources) and not include_demo:
            report.demo(at, f"the template's example citation {ident}")
            continue
        entry = citation_entry(citation, taken, at, site)
        if entry is not None:
            site.bibliography.entries.append(entry)
            converted += 1
    report.count("publications", len(citations), converted)
    held = {str(c.get("id") or "") for c in citations}
    for file, items in inputs.items():
        for item in items:
            ident = str(item.get("id") or "")
            if ident and ident not in held:
                report.left(
                    Source(f"_data/{file}"),
                    f"{ident}: an id only, not in citations.yaml "
                    "(run _cite/cite.py on the old site, or add it to refs.bib)",
                )


def citation_entry(
    citation: dict[str, Any], taken: set[str], at: Source, site: Site
) -> Entry | None:
    """One citation as an entry written from fields (LaTeX escaped)."""
    report = site.report
    title = " ".join(str(citation.get("title") or "").split())
    if not title:
        report.left(at, "a citation without a title")
        return None
    ident = str(citation.get("id") or "")
    scheme, _, value = ident.partition(":")
    fields: dict[str, str] = {}
    authors = [
        " ".join(str(a).replace("\u00a0", " ").split()) for a in citation.get("authors") or []
    ]
    if authors:
        fields["author"] = " and ".join(escape(a) for a in authors if a)
    fields["title"] = title_tex(title)
    publisher = " ".join(str(citation.get("publisher") or "").split())
    kind = "article"
    if scheme.lower() == "doi" and value.startswith("10.1101/"):
        kind = "misc"  # bioRxiv/medRxiv: Manubot names Cold Spring Harbor as publisher
        fields["publisher"] = escape(publisher)
    elif scheme.lower() == "arxiv":
        kind = "misc"
        fields |= {"eprint": value, "archiveprefix": "arXiv"}
    elif publisher:
        fields["journal"] = escape(publisher)
    date = iso_date(citation.get("date"))
    if date:
        fields["year"] = date[:4]
        if len(date) >= 7:
            fields["month"] = str(int(date[5:7]))
    if scheme.lower() == "doi":
        fields["doi"] = escape(value, ligatures=False)
    elif scheme.lower() == "pubmed":
        fields["pmid"] = value
    elif scheme.lower() == "url":
        fields["url"] = value
    link = str(citation.get("link") or "")
    if link and "doi.org/" not in link:
        fields.setdefault("url", link)
    _extras(citation, fields, at, site)
    key = make_key(Record(kind, fields, ident), taken)
    taken.add(key.lower())
    return Entry(key, kind, fields, source=at)


def _extras(citation: dict[str, Any], fields: dict[str, str], at: Source, site: Site) -> None:
    """What the lab added by hand: description, image, buttons, tags, repo."""
    report = site.report
    description = " ".join(str(citation.get("description") or "").split())
    if description:
        fields["annotation"] = escape(description)
        if lorem(description):
            report.check(at, "its description is the template's Lorem ipsum")
    image = str(citation.get("image") or "")
    if image:
        report.left(at, f"image {image}: a web address, not copied (no preview)")
    for button in citation.get("buttons") or []:
        if not isinstance(button, dict):
            continue
        kind, link = str(button.get("type") or ""), str(button.get("link") or "")
        target = BUTTONS.get(kind)
        if target and link and target not in fields:
            fields[target] = link
        elif link:
            report.left(at, f"button {kind or button.get('text')!r} ({link}): no field left for it")
    repo = str(citation.get("repo") or "")
    if repo and "code" not in fields:
        fields["code"] = repo if "://" in repo else f"https://github.com/{repo}"
    tags = citation.get("tags") or []
    if tags:
        fields["keywords"] = escape(", ".join(str(t) for t in tags))
    if str(citation.get("type") or "") not in ("", "paper"):
        fields["note"] = escape(str(citation["type"]).capitalize())
    for key in citation:
        if key not in _READ:
            report.left(at, f"field {key}: no place in a .bib entry")
