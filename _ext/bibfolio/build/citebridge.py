"""The only module that touches sphinxcontrib-bibtex internals (written against 2.7.0).

sphinxcontrib-bibtex has no public hook for two things bibfolio needs:

* **Supplying the parsed data.**  Its own pybtex parse aborts the build on malformed
  input and drops entries after a duplicate.  bibfolio reads the files itself and hands
  the result over as the cite domain's ``bibdata`` with the files' current mtimes, so
  ``process_bibdata`` finds it up to date and never parses.  Entries are built lazily:
  unpickling thousands of pybtex ``Person`` objects on every build costs more than a
  no-change rebuild is allowed to take.  In the pickled environment each entry is only
  its key, type and position; the fields come from bibfolio's entries when first used.
* **Citation targets.**  ``{cite:p}`key``` must land on the entry in the publication
  list.  For every list that is a key's citation target, a ``BibliographyValue`` naming
  only the cited keys is registered, with bibfolio's anchor as the citation id.

pyproject.toml pins ``sphinxcontrib-bibtex>=2.7,<2.8``; tests/test_citations.py covers
both paths.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING, Any

import sphinxcontrib.bibtex
from docutils import nodes
from pybtex.database import BibliographyData, Entry, Person
from pybtex.utils import OrderedCaseInsensitiveDict
from sphinx.util import logging
from sphinxcontrib.bibtex.bibfile import BibData, BibFile, get_mtime
from sphinxcontrib.bibtex.bibfile import process_bibdata as _stock_process_bibdata
from sphinxcontrib.bibtex.directives import BibliographyKey, BibliographyValue

from ..model.dates import MONTH_NAMES, parse_date
from ..model.links import unlinkable_fields
from ..model.pairing import PAIR_FIELDS
from ..model.privacy import private_fields
from ..reading.entrytypes import FIELD_ALIASES, NOT_PUBLICATIONS, REQUIRED_FIELDS, TYPE_ALIASES

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Mapping, Sequence
    from pathlib import Path

    from sphinx.environment import BuildEnvironment

    from ..reading.entry import BibEntry

logger = logging.getLogger("sphinxcontrib.bibtex.bibfile")  # stock's logger, stock's lines
#: Prefix of the bibliography ids bibfolio registers, so it can find its own again.
_OWN_ID = "bibfolio-"
#: Types pybtex's styles cannot format, and what to format them as (biblatex's own
#: types; pybtex 0.26 knows BibTeX's plus online, patent, dataset and software).
_PYBTEX_TYPE = {
    "thesis": "phdthesis",
    "report": "techreport",
    "collection": "book",
    "mvbook": "book",
    "mvcollection": "book",
    "bookinbook": "book",
    "reference": "book",
    "mvreference": "book",
    "periodical": "book",
    "mvproceedings": "proceedings",
    "inreference": "incollection",
    "suppbook": "incollection",
    "suppcollection": "incollection",
}
#: Types pybtex 0.26's styles have templates for.
_PYBTEX_KNOWN = frozenset(
    {
        "article", "book", "booklet", "dataset", "inbook", "incollection", "inproceedings",
        "manual", "mastersthesis", "misc", "online", "patent", "phdthesis", "proceedings",
        "software", "techreport", "unpublished",
    }
)  # fmt: skip
#: The style whose formatting tolerates missing fields (``pybtexstyle.Style``).
_TOLERANT_STYLE = "bibfolio"
_PERSON_ROLES = ("author", "editor")

__all__ = [
    "file_mtime",
    "install_bibdata",
    "register_cite_targets",
    "resolve_entries_with",
    "stock_citation_keys",
]

#: Gives this build's bibfolio entries, in file order (set by ``resolve_entries_with``).
_entries: Callable[[], Sequence[BibEntry]] | None = None


def resolve_entries_with(entries: Callable[[], Sequence[BibEntry]]) -> None:
    """Say where pickled :class:`LazyEntry` objects find their fields in this build."""
    global _entries  # noqa: PLW0603 - one bibliography per process, set at builder-inited
    _entries = entries


def file_mtime(path: Path) -> float:
    """The mtime exactly as sphinxcontrib-bibtex compares it."""
    return get_mtime(path)


class LazyEntry(Entry):
    """A pybtex ``Entry`` whose fields and people are built on first use.

    It pickles as its key, type and position among bibfolio's entries, which the
    environment does not keep; the position finds the entry again on first use.
    """

    def __init__(
        self,
        key: str,
        type_: str,
        index: int,
        source: BibEntry | None = None,
        published: str = "",
    ) -> None:
        self._found = source
        self._index = index
        #: For a preprint paired with its published version: the published key.
        self.published = published
        self._fields: OrderedCaseInsensitiveDict | None = None
        self._persons: OrderedCaseInsensitiveDict | None = None
        self.key = key
        self.type = type_
        self.original_type = type_

    def __reduce__(self) -> tuple[Any, ...]:
        return (LazyEntry, (self.key, self.type, self._index, None, self.published))

    @property
    def _source(self) -> BibEntry:
        if self._found is None:
            if _entries is None:
                msg = f"bibfolio: entry {self.key!r} used before the bibliography was loaded"
                raise RuntimeError(msg)
            self._found = _entries()[self._index]
        return self._found

    @property  # type: ignore[override]
    def fields(self) -> OrderedCaseInsensitiveDict:
        if self._fields is None:
            fields = bibtex_fields(self._source)
            # Private fields and unsafe links never reach a style: pybtex's would print
            # a file: or javascript: url as a link.
            hidden = {*_PERSON_ROLES, *private_fields(fields), *unlinkable_fields(fields)}
            self._fields = OrderedCaseInsensitiveDict(
                # pybtex's LaTeX decoder reads '%' as a comment and drops the rest.
                (name, _escape_percent(value))
                for name, value in fields.items()
                if name not in hidden
            )
        return self._fields

    @fields.setter
    def fields(self, value: OrderedCaseInsensitiveDict) -> None:
        self._fields = value

    @property  # type: ignore[override]
    def persons(self) -> OrderedCaseInsensitiveDict:
        if self._persons is None:
            from ..model.names import (  # noqa: PLC0415
                NameError_,
                parse_name,
                split_name_list,
                without_truncation,
            )

            people = OrderedCaseInsensitiveDict()
            for role in _PERSON_ROLES:
                if role not in self._source.fields:
                    continue
                listed = []
                # A typed "et al." is BibTeX's "others", which pybtex's styles know.
                names, ending = without_truncation(split_name_list(self._source.fields[role].value))
                for text in names:
                    if not text:
                        continue
                    try:
                        listed.append(Person(parse_name(text).bibtex))
                    except (NameError_, ValueError):
                        listed.append(Person(last=text.replace(",", " ")))
                if ending:
                    listed.append(Person("others"))
                people[role] = listed
            self._persons = people
        return self._persons

    @persons.setter
    def persons(self, value: OrderedCaseInsensitiveDict) -> None:
        self._persons = value


def _escape_percent(value: str) -> str:
    out = []
    for index, char in enumerate(value):
        if char == "%" and (index == 0 or value[index - 1] != "\\"):
            out.append("\\%")
        else:
            out.append(char)
    return "".join(out)


def bibtex_fields(entry: BibEntry) -> dict[str, str]:
    """*entry*'s fields with the BibTeX names pybtex's styles read filled in from biblatex's.

    ``journaltitle`` → ``journal``, ``location`` → ``address``, ``date`` → ``year`` and
    ``month``: what :class:`~bibfolio.model.publication.Publication` reads as well.
    """
    fields = {name: found.value for name, found in entry.fields.items()}
    for biblatex, bibtex in FIELD_ALIASES:
        if biblatex in fields and bibtex not in fields:
            fields[bibtex] = fields[biblatex]
    if "date" in fields and (date := parse_date(fields["date"])) is not None:
        fields["year"] = str(date.year)
        if date.month:
            fields["month"] = MONTH_NAMES[date.month - 1]
        else:
            fields.pop("month", None)
    return fields


def _pybtex_type(entry: BibEntry, style: str) -> str:
    """The entry's type as pybtex formats it: the type as written whenever pybtex has it.

    Filters of ``{bibliography}`` directives read the type, so it is kept even when a
    field is missing: bibfolio's style (:mod:`bibfolio.pybtexstyle`) leaves the missing
    field out, other styles warn as they would without bibfolio.  biblatex types pybtex
    lacks are formatted as their closest BibTeX type, or as misc when that type's
    fields are missing (pybtex would raise) and the style is not bibfolio's.
    """
    written = TYPE_ALIASES.get(entry.type, entry.type)
    required = REQUIRED_FIELDS.get(written)
    if required is None:
        return "misc"
    if written in _PYBTEX_KNOWN:
        return written
    if written not in _PYBTEX_TYPE:
        return "misc"
    pybtex_type = _PYBTEX_TYPE[written]
    if style == _TOLERANT_STYLE:
        return pybtex_type
    fields = bibtex_fields(entry)
    for needed in REQUIRED_FIELDS[pybtex_type]:
        if not any(fields.get(name, "").strip() for name in needed.split("|")):
            return "misc"
    return pybtex_type


def paired_preprints(entries: Sequence[tuple[int, BibEntry]]) -> dict[str, str]:
    """Preprint key → published key, from the raw ``preprint``/``published`` fields.

    The same pairs as :func:`bibfolio.model.pairing.pair_versions` for every consistent
    pair (that one also reports the inconsistent ones); read here from the entries so
    that citation targets need no publications built.
    """
    keys = {entry.key for _, entry in entries}
    found: dict[str, str] = {}
    for _, entry in entries:
        for name in PAIR_FIELDS:
            other = entry.get(name).strip()
            if not other or other == entry.key or other not in keys:
                continue
            published, preprint = (entry.key, other) if name == "preprint" else (other, entry.key)
            taken = set(found) | set(found.values())
            if found.get(preprint) != published and (preprint in taken or published in taken):
                continue  # already paired otherwise: pair_versions reports it
            found[preprint] = published
    return found


def paired_aliases(env: BuildEnvironment) -> dict[str, str]:
    """Preprint key → published key for every paired preprint in the cite domain's data."""
    bibdata = env.get_domain("cite").data.get("bibdata")
    if bibdata is None:
        return {}
    return {
        key: entry.published
        for key, entry in bibdata.data.entries.items()
        if getattr(entry, "published", "")
    }


def install_bibdata(
    env: BuildEnvironment,
    files: Sequence[tuple[Path, float, Sequence[tuple[int, BibEntry]]]],
    encoding: str,
) -> None:
    """Give the cite domain bibfolio's reading of the files, marked up to date."""
    data = BibliographyData()
    entries = OrderedCaseInsensitiveDict()
    bibfiles: dict[Path, BibFile] = {}
    style = env.config.bibtex_default_style
    pairs = paired_preprints([item for _, _, file_entries in files for item in file_entries])
    for path, mtime, file_entries in files:
        keys: dict[str, None] = {}
        for index, entry in file_entries:
            if entry.type in NOT_PUBLICATIONS:
                continue
            entries[entry.key] = LazyEntry(
                entry.key, _pybtex_type(entry, style), index, entry, pairs.get(entry.key, "")
            )
            keys[entry.key] = None
        bibfiles[path] = BibFile(mtime=mtime, keys=keys)
    data.entries = entries
    bibdata = BibData(encoding=encoding, bibfiles=bibfiles, data=data)
    env.get_domain("cite").data["bibdata"] = bibdata
    global _just_read  # noqa: PLW0603 - consumed by the next process_bibdata, same event
    _just_read = (bibdata, [(path, len(bibfile.keys)) for path, bibfile in bibfiles.items()])


#: The bibdata bibfolio has just read, with each file's entry count, until stock checks it.
_just_read: tuple[BibData, list[tuple[Path, int]]] | None = None


def _process_bibdata(bibdata: BibData, bibfilenames: list[Path], encoding: str) -> BibData:
    """Stock's ``process_bibdata``, logging what stock logs when bibfolio did the reading.

    Stock logs "checking bibtex cache... out of date" and "parsing bibtex file ...
    parsed N entries" when the files changed; with bibfolio's reading handed over it
    would log "up to date" instead.  Projects (and tests) that read the log see the
    same lines as with stock.  Any other bibdata goes to stock's function unchanged.
    """
    global _just_read
    just_read, _just_read = _just_read, None
    if just_read is None or just_read[0] is not bibdata:
        return _stock_process_bibdata(bibdata, bibfilenames, encoding)
    logger.info("checking bibtex cache... ", nonl=True)
    logger.info("out of date")
    for path, count in just_read[1]:
        logger.info(f"parsing bibtex file {path}... ", nonl=True)
        logger.info(f"parsed {count} entries")
    return bibdata


def log_as_stock() -> None:
    """Route stock's bibtex cache check through :func:`_process_bibdata` (idempotent)."""
    sphinxcontrib.bibtex.process_bibdata = _process_bibdata


def cited_keys(env: BuildEnvironment) -> set[str]:
    """Every key some ``{cite}`` role in the project refers to."""
    domain = env.get_domain("cite")
    return {target.key for ref in domain.data["citation_refs"] for target in ref.targets}


def stock_citation_keys(env: BuildEnvironment) -> set[str]:
    """Keys that a project's own ``{bibliography}`` directives show as citations.

    Such a bibliography is where ``{cite}`` links to those keys land, as without
    bibfolio; registering a list as their target too made sphinxcontrib-bibtex warn
    ``duplicate_citation`` (issue 23).  Computed with stock's own filter, quietly: stock
    reports a bad ``:filter:`` itself when it does the same a moment later.
    """
    domain = env.get_domain("cite")
    keys: set[str] = set()
    with logging.suppress_logging():
        for bibliography_key, bibliography in domain.data["bibliographies"].items():
            if bibliography_key.id_.startswith(_OWN_ID) or bibliography.list_ != "citation":
                continue
            keys.update(key for key, _entry in domain.get_filtered_entries(bibliography_key))
    return keys


def register_cite_targets(
    env: BuildEnvironment,
    targets: Mapping[tuple[str, str, int], Iterable[tuple[str, str]]],
    bibfiles: list[Path],
) -> None:
    """Make cited keys resolve to bibfolio entries.

    *targets* maps ``(docname, listing id, line)`` to ``(key, anchor)`` pairs: the cited
    entries whose citation target that list is.
    """
    domain = env.get_domain("cite")
    bibliographies = domain.data["bibliographies"]
    for old in [key for key in bibliographies if key.id_.startswith(_OWN_ID)]:
        del bibliographies[old]
    style = env.config.bibtex_default_style
    for (docname, listing_id, line), cited in targets.items():
        pairs = list(cited)
        if not pairs:
            continue
        bibliographies[BibliographyKey(docname=docname, id_=_OWN_ID + listing_id)] = (
            BibliographyValue(
                line=line,
                bibfiles=bibfiles,
                style=style,
                list_="citation",
                enumtype="arabic",
                start=1,
                labelprefix="",
                keyprefix="",
                filter_=ast.parse("False"),
                citation_nodes={key: nodes.citation(ids=[anchor]) for key, anchor in pairs},
                keys=[key for key, _ in pairs],
            )
        )
