"""The "Cite as" line of a paper page: a plain citation in the page's language."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..model.messages import N_
from ..reading.richtext import plain

if TYPE_CHECKING:
    from collections.abc import Callable

    from ..model.publication import Publication


def _english(one: str, many: str, count: int) -> str:
    return one if count == 1 else many


def cite_as(
    publication: Publication,
    separators: tuple[str, str] = (", ", ", and "),
    translate: Callable[[str], str] = str,
    ngettext: Callable[[str, str, int], str] = _english,
) -> str:
    """A plain citation: authors, year, official title, venue, pages, DOI or URL.

    Its words ("et al.", "pages") go through *translate* and *ngettext* (a catalog's).
    """
    et_al = translate(N_("et al."))
    names = [author.name for author in publication.people]
    if publication.people_et_al:  # "and others": "A, B, et al."
        people = separators[0].join([*names, et_al]) if len(names) > 1 else f"{names[0]} {et_al}"
    elif len(names) == 2 and separators[1].startswith(",") and separators[1][1:].strip():
        people = names[0] + separators[1][1:] + names[1]  # "A and B", as the list shows
    elif len(names) > 1:
        people = separators[0].join(names[:-1]) + separators[1] + names[-1]
    else:
        people = "".join(names)
    if people and publication.people_are_editors:
        people += " " + ngettext("(ed.)", "(eds.)", len(names) + publication.people_et_al)
    parts = [people.rstrip(".") + "." if people else ""]
    if publication.year:
        parts.append(f"{publication.year}.")
    parts.append(plain(publication.title).rstrip(".") + ".")
    venue = plain(publication.venue)
    if venue:
        part_of = publication.type in ("inproceedings", "incollection", "inbook")
        prefix = translate(N_("In")) + " " if part_of else ""
        details = []
        volume = publication.fields.get("volume", "").strip()
        number = publication.fields.get("number", "").strip()
        if volume:
            details.append(volume + (f"({number})" if number else ""))
        first, last = publication.pages
        if first:
            pages = translate(N_("pages %(pages)s") if last else N_("page %(pages)s"))
            details.append(pages % {"pages": f"{first}–{last}" if last else first})
        publisher = plain(publication.rich("publisher"))
        if publisher and publisher not in venue:
            details.append(publisher)
        parts.append(prefix + ", ".join([venue, *details]) + ".")
    if doi := publication.link("doi"):
        parts.append(doi.url)
    else:
        url = publication.link("url") or publication.link("html")
        if url is not None and url.url:
            parts.append(url.url)
    return " ".join(part for part in parts if part)
