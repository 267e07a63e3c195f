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

from docutils import nodes
from pybtex.database import BibliographyData, Entry, Person
from pybtex.utils import OrderedCaseInsensitiveDict
from sphinxcontrib.bibtex.bibfile import BibData, BibFile, get_mtime
from sphinxcontrib.bibtex.directives import BibliographyKey, BibliographyValue

from .model.publication import REQUIRED_FIELDS, TYPE_ALIASES

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Mapping, Sequence
    from pathlib import Path

    from sphinx.environment import BuildEnvironment

    from .model.bibtex import BibEntry

#: Prefix of the bibliography ids bibfolio registers, so it can find its own again.
_OWN_ID = "bibfolio-"
#: Types pybtex's styles cannot format, and what to format them as.
_PYBTEX_TYPE = {"thesis": "phdthesis", "report": "techreport"}
_PERSON_ROLES = ("author", "editor")

__all__ = ["file_mtime", "install_bibdata", "register_cite_targets", "resolve_entries_with"]

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

    def __init__(self, key: str, type_: str, index: int, source: BibEntry | None = None) -> None:
        self._found = source
        self._index = index
        self._fields: OrderedCaseInsensitiveDict | None = None
        self._persons: OrderedCaseInsensitiveDict | None = None
        self.key = key
        self.type = type_
        self.original_type = type_

    def __reduce__(self) -> tuple[Any, ...]:
        return (LazyEntry, (self.key, self.type, self._index))

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
            self._fields = OrderedCaseInsensitiveDict(
                # pybtex's LaTeX decoder reads '%' as a comment and drops the rest.
                (name, _escape_percent(found.value))
                for name, found in self._source.fields.items()
                if name not in _PERSON_ROLES
            )
        return self._fields

    @fields.setter
    def fields(self, value: OrderedCaseInsensitiveDict) -> None:
        self._fields = value

    @property  # type: ignore[override]
    def persons(self) -> OrderedCaseInsensitiveDict:
        if self._persons is None:
            from .model.names import NameError_, parse_name, split_name_list  # noqa: PLC0415

            people = OrderedCaseInsensitiveDict()
            for role in _PERSON_ROLES:
                if role not in self._source.fields:
                    continue
                listed = []
                for text in split_name_list(self._source.fields[role].value):
                    if not text:
                        continue
                    try:
                        listed.append(Person(parse_name(text).bibtex))
                    except (NameError_, ValueError):
                        listed.append(Person(last=text.replace(",", " ")))
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


def _pybtex_type(entry: BibEntry) -> str:
    """A type pybtex can format without raising: unknown or incomplete entries are misc."""
    written = TYPE_ALIASES.get(entry.type, entry.type)
    required = REQUIRED_FIELDS.get(written)
    if required is None:
        return "misc"
    for needed in required:
        if not any(entry.get(name).strip() for name in needed.split("|")):
            return "misc"
    return _PYBTEX_TYPE.get(written, written)


def install_bibdata(
    env: BuildEnvironment,
    files: Sequence[tuple[Path, float, Sequence[tuple[int, BibEntry]]]],
    encoding: str,
) -> None:
    """Give the cite domain bibfolio's reading of the files, marked up to date."""
    data = BibliographyData()
    entries = OrderedCaseInsensitiveDict()
    bibfiles: dict[Path, BibFile] = {}
    for path, mtime, file_entries in files:
        keys: dict[str, None] = {}
        for index, entry in file_entries:
            entries[entry.key] = LazyEntry(entry.key, _pybtex_type(entry), index, entry)
            keys[entry.key] = None
        bibfiles[path] = BibFile(mtime=mtime, keys=keys)
    data.entries = entries
    env.get_domain("cite").data["bibdata"] = BibData(
        encoding=encoding, bibfiles=bibfiles, data=data
    )


def cited_keys(env: BuildEnvironment) -> set[str]:
    """Every key some ``{cite}`` role in the project refers to."""
    domain = env.get_domain("cite")
    return {target.key for ref in domain.data["citation_refs"] for target in ref.targets}


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
