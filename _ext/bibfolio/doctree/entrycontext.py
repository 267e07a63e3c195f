"""What an entry's rendering depends on besides the publication: where it is, links, settings."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class EntryContext:
    """Everything an entry's rendering depends on besides the publication itself.

    It is part of the HTML fragment cache key, so it must hold all of it.
    """

    variant: str  #: "list", "selected" or "paper".
    anchor: str = ""
    listing: str = ""  #: Id of the list the entry is in (the filter finds entries by it).
    title_href: str = ""  #: Relative URI of the paper page, "" for none.
    back_href: str = ""  #: Paper pages: relative URI of the main list entry.
    file_hrefs: tuple[tuple[str, str], ...] = ()  #: (field, relative URI) of local files.
    max_authors: int = 10
    separators: tuple[str, str] = (", ", ", and ")
    page_url: str = ""  #: Absolute URL of the paper page, for COinS (may be "").
    drop_fields: tuple[str, ...] = field(default=())
    legends: tuple[tuple[str, str], ...] = (("*", "equal contribution"),)  #: mark → legend
    cite_styles: tuple[str, ...] = ()  #: Formatted references shown, e.g. ("apa",).
    #: Lists: relative URI of the file the formats reveal loads ("" keeps them inline).
    formats_data: str = ""
    #: Lists: (label, relative URI) of the whole-list downloads, the reveal's fallback.
    formats_files: tuple[tuple[str, str], ...] = ()
    #: ("Cited by N", the source's page for the work, source and date), or () (citedby.py).
    cited_by: tuple[str, ...] = ()
