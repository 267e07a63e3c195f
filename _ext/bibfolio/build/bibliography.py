"""The bibliography of one build: read once per change, kept in the environment.

``builder-inited`` compares the files' mtimes and sizes (and the settings) with what
the environment holds.  Only when they differ are the files read again; the keys whose
content changed drive the incremental rebuild (paper pages to re-read, citing pages to
re-write).  Publications themselves are built lazily, so a no-change rebuild never
decodes an entry.

The parsed entries themselves are not kept: unpickling them on every build would cost a
no-change rebuild more than the rest of bibfolio's work.  When a later build does render
a page again with the files unchanged, they are read again from the files (which the
signature says are unchanged), on first use.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sphinx.domains import Domain
from sphinx.errors import ExtensionError

from .._version import __version__, code_signature
from ..model.assemble import build_publications
from ..model.lint import check_publications
from ..model.names import NamePattern
from ..model.publication import Annotation, Settings
from ..reading.bibtex import read_bib_files
from . import citebridge
from .gcpolicy import relaxed
from .warnings_ import report, reported_in_every_project, warn

if TYPE_CHECKING:
    from collections.abc import Iterable, Set

    from sphinx.application import Sphinx
    from sphinx.environment import BuildEnvironment

    from ..model.publication import Publication
    from ..reading.diagnostics import Diagnostic
    from ..reading.entry import BibEntry
    from .fragments import FragmentCache


#: sphinxcontrib-bibtex's default ``bibtex_encoding``.
STOCK_ENCODING = "utf-8-sig"


@dataclass
class BibState:
    """What the environment remembers about the bibliography between builds."""

    signature: tuple[Any, ...]
    keys: list[str]  #: All keys of all files, in file order.
    diagnostics: list[Diagnostic]
    hashes: dict[str, str]  #: Key → content hash.
    owner_keys: frozenset[str]  #: Entries in which the owner was matched.
    local_links: bool = False  #: Whether any entry links a local file.
    selected: bool = False  #: Whether any entry is ``selected`` (a one-page CV is written).


@dataclass(frozen=True)
class Listing:
    """One ``{publications}`` directive, as recorded when its page was read."""

    docname: str
    listing_id: str
    line: int
    keys: tuple[str, ...]  #: Keys in display order.
    anchors: tuple[str, ...]  #: Anchor id of each key on that page.
    citable: bool  #: Whether ``{cite}`` links may land here.
    download: bool = False  #: Whether it offers whole-list downloads.


class BibfolioDomain(Domain):
    """Holds bibfolio's per-document records; no roles or directives of its own."""

    name = "bibfolio"
    label = "Publications"
    #: Bump whenever the shape of ``data`` (or of what it holds) changes: Sphinx then
    #: starts from a fresh environment instead of loading an incompatible one.
    data_version = 5  # 5: modules moved into packages (pickled classes changed import path)
    initial_data: dict[str, Any] = {  # noqa: RUF012 - Sphinx's API shape
        "state": None,
        "listings": {},  # docname -> [Listing]
        "papers": {},  # docname -> key
        "targets": {},  # key -> (docname, anchor): where cite links and "back" links land
        "copied": set(),  # output paths of linked local files copied by the last build
        "list_files": set(),  # output paths of the lists' citation files (assets.py)
        "styled": set(),  # docnames that show something of bibfolio's (assets.note_styled)
    }

    #: Runtime only (domains are not pickled): this build's publications and app.
    library: Library | None = None
    app: Sphinx | None = None
    fragments: FragmentCache | None = None
    #: Whether this build said that a ``:selected:`` list shows the newest entries instead.
    recent_said: bool = False

    @property
    def listings(self) -> dict[str, list[Listing]]:
        """``{publications}`` lists per document."""
        return self.data["listings"]

    @property
    def papers(self) -> dict[str, str]:
        """Paper page docname → entry key."""
        return self.data["papers"]

    @property
    def targets(self) -> dict[str, tuple[str, str]]:
        """Entry key → (docname, anchor) of its main list entry."""
        return self.data["targets"]

    @property
    def styled(self) -> set[str]:
        """Documents that show something of bibfolio's (they link bibfolio.css)."""
        return self.data["styled"]

    def clear_doc(self, docname: str) -> None:
        self.listings.pop(docname, None)
        self.papers.pop(docname, None)
        self.styled.discard(docname)

    def merge_domaindata(self, docnames: Set[str], otherdata: dict[str, Any]) -> None:
        for docname in docnames:
            if docname in otherdata["listings"]:
                self.listings[docname] = otherdata["listings"][docname]
            if docname in otherdata["papers"]:
                self.papers[docname] = otherdata["papers"][docname]
            if docname in otherdata["styled"]:
                self.styled.add(docname)

    def resolve_any_xref(self, *args: Any, **kwargs: Any) -> list[Any]:
        return []


def get_domain(env: BuildEnvironment) -> BibfolioDomain:
    """Bibfolio's domain in *env*."""
    return env.get_domain("bibfolio")  # type: ignore[return-value]


def get_library(env: BuildEnvironment) -> Library:
    """The publications of the current build (none without ``bibtex_bibfiles``)."""
    library = get_domain(env).library
    if library is None:
        library = Library(BibState((), [], [], {}, frozenset()), Settings(), None, entries=[])
    return library


class Library:
    """The publications of one build, built on first use."""

    def __init__(
        self,
        state: BibState,
        settings: Settings,
        changed: frozenset[str] | None,
        publications: dict[str, Publication] | None = None,
        paths: list[Path] | None = None,
        *,
        entries: list[BibEntry] | None = None,
        encoding: str = "utf-8-sig",
    ) -> None:
        self.state = state
        self.settings = settings
        #: The bib files, resolved (dependencies of every page that lists entries).
        self.paths = paths or []
        #: The files' encoding, for reading the entries again (see :attr:`entries`).
        self.encoding = encoding
        #: Values derived from the whole library once per build (paper slugs, ...).
        self.memo: dict[str, Any] = {}
        #: Keys added, removed or edited since the previous build (None: everything).
        self.changed = changed
        if publications is not None:
            self.__dict__["publications"] = publications
        if entries is not None:
            self.__dict__["entries"] = entries

    @cached_property
    def entries(self) -> list[BibEntry]:
        """All entries of all files, in file order (read again if this build did not)."""
        return read_bib_files(_sources(self.paths), self.encoding)[0]

    @cached_property
    def publications(self) -> dict[str, Publication]:
        """All publications by key, in file order."""
        return build_publications(self.entries, self.settings)[0]

    def get(self, key: str) -> Publication | None:
        """The publication with *key*, or None."""
        return self.publications.get(key)

    @property
    def keys(self) -> list[str]:
        """All keys, in file order."""
        return self.state.keys


def settings_from_config(app: Sphinx) -> Settings:
    """The reading settings in *app*'s configuration."""
    return Settings(
        owner=tuple(NamePattern.from_config(name) for name in app.config.bibfolio_owner),
        annotations={
            name: Annotation(mark, legend)
            for name, (mark, legend) in app.config.bibfolio_annotations.items()
        },
    )


def bib_paths(app: Sphinx) -> list[Path]:
    """``bibtex_bibfiles`` resolved the way sphinxcontrib-bibtex resolves them."""
    return [(Path(app.confdir) / name).resolve() for name in app.config.bibtex_bibfiles or ()]


def _sources(paths: list[Path]) -> list[tuple[str, bytes | None]]:
    sources: list[tuple[str, bytes | None]] = []
    for path in paths:
        try:
            sources.append((str(path), path.read_bytes()))
        except OSError:
            sources.append((str(path), None))
    return sources


def _check_declared_encoding(sources: list[tuple[str, bytes | None]], encoding: str) -> None:
    """Stop, as stock does, when a file is not in the ``bibtex_encoding`` set in conf.py.

    With the default (UTF-8) bibfolio reads on and warns at each bad byte
    (``bibfolio.encoding``); an encoding the user chose is a statement about the files,
    so bytes that contradict it stop the build with the file, line and byte.  An unknown
    encoding name stops the build too, as stock's ``LookupError`` does.
    """
    for path, data in sources:
        if data is None:
            continue
        try:
            data.decode(encoding)
        except LookupError as err:
            msg = f"bibtex_encoding = {encoding!r} in conf.py: unknown encoding"
            raise ExtensionError(msg, modname="bibfolio") from err
        except UnicodeDecodeError as err:
            line = data.count(b"\n", 0, err.start) + 1
            msg = (
                f"{path}:{line}: the bibliography is not in bibtex_encoding = "
                f"{encoding!r}: {err}; convert the file or set bibtex_encoding in conf.py"
            )
            raise ExtensionError(msg, modname="bibfolio") from err


def _read(
    paths: list[Path], encoding: str, settings: Settings, signature: tuple[Any, ...]
) -> tuple[BibState, Library]:
    sources = _sources(paths)
    if encoding != STOCK_ENCODING:
        _check_declared_encoding(sources, encoding)
    entries, diagnostics = read_bib_files(sources, encoding)
    order = {path: index for index, (path, _) in enumerate(sources)}
    publications, problems = check_publications(entries, settings)
    state = BibState(
        signature=signature,
        keys=list(publications),  # paired preprints are no publications of their own
        diagnostics=sorted(
            diagnostics + problems, key=lambda d: (order.get(d.path, len(order)), d.line)
        ),
        hashes={
            key: p.content_hash
            for p in publications.values()
            # A paired preprint changes with its published entry (its hash includes it).
            for key in ((p.key, p.paired_with) if p.preprint else (p.key,))
        },
        owner_keys=frozenset(key for key, p in publications.items() if p.owner_matched),
        local_links=any(link.local for p in publications.values() for link in p.links),
        selected=any(p.selected for p in publications.values()),
    )
    library = Library(
        state, settings, None, publications, paths, entries=entries, encoding=encoding
    )
    return state, library


def load(app: Sphinx) -> None:
    """``builder-inited``: bring the bibliography up to date and report its problems."""
    if app.config.bibtex_bibfiles is None:
        return  # sphinxcontrib-bibtex reports the missing setting itself
    # Parsing makes an object per field of every entry, kept to the build's end: the
    # oldest generation is collected rarely meanwhile, as for the rest of the build.
    with relaxed():
        _load(app)


def _load(app: Sphinx) -> None:
    env = app.env
    domain = get_domain(env)
    paths = bib_paths(app)
    settings = settings_from_config(app)
    files = tuple(
        (str(path), citebridge.file_mtime(path), path.stat().st_size if path.exists() else -1)
        for path in paths
    )
    signature = (
        (__version__, code_signature()),
        app.config.bibtex_encoding,
        files,
        repr(settings.owner),
        repr(sorted(settings.annotations.items())),
    )
    previous: BibState | None = domain.data["state"]
    domain.app = app
    encoding = app.config.bibtex_encoding
    if previous is not None and previous.signature == signature:
        library = Library(previous, settings, frozenset(), paths=paths, encoding=encoding)
    else:
        state, library = _read(paths, encoding, settings, signature)
        # Only the files changed: compare entries.  Otherwise (bibfolio, its settings or
        # the encoding changed) every entry counts as changed.
        if previous is None or previous.signature[:2] + previous.signature[3:] != (
            signature[:2] + signature[3:]
        ):
            changed = None
        else:
            changed = frozenset(
                key
                for key in set(previous.hashes) | set(state.hashes)
                if previous.hashes.get(key) != state.hashes.get(key)
            )
        library.changed = changed
        domain.data["state"] = state
        by_path: dict[str, list[tuple[int, BibEntry]]] = {}
        for index, entry in enumerate(library.entries):
            by_path.setdefault(entry.path, []).append((index, entry))
        citebridge.install_bibdata(
            env,
            [
                (path, mtime, by_path.get(str(path), []))
                for path, (_, mtime, _) in zip(paths, files, strict=True)
            ],
            encoding,
        )
    domain.library = library
    citebridge.resolve_entries_with(lambda: library.entries)
    # What stock reports or stops on is reported now, in every project; the rest waits
    # until the documents are read (report_list_checks), for projects that show lists.
    for diagnostic in domain.data["state"].diagnostics:
        if reported_in_every_project(diagnostic.subtype):
            report(diagnostic, app.config.suppress_warnings)


def report_list_checks(app: Sphinx, env: BuildEnvironment) -> None:
    """``env-updated``: the portfolio checks, only where a ``{publications}`` list shows.

    A project that adds bibfolio for ``{cite}`` and ``{bibliography}`` alone must build
    as it did with stock, ``-W`` included: lint (``similar_title``, ``missing_field``,
    ``empty_file`` ...) and the owner checks concern the lists bibfolio renders.  An
    unset ``bibfolio_owner`` is then most likely forgotten: it is named once, at the
    first list.
    """
    domain = get_domain(env)
    listings = [
        listing for docname in sorted(domain.listings) for listing in domain.listings[docname]
    ]
    state: BibState | None = domain.data["state"]
    if not listings or state is None:
        return
    for diagnostic in state.diagnostics:
        if not reported_in_every_project(diagnostic.subtype):
            report(diagnostic, app.config.suppress_warnings)
    if app.config.bibfolio_owner:
        return
    first = listings[0]
    more = len(listings) - 1
    warn(
        "bibfolio_owner is not set, so no author is highlighted; add "
        "bibfolio_owner = ['Your Name'] to conf.py"
        + (f" ({more} more publication list{'s' if more > 1 else ''})" if more else ""),
        "owner_unset",
        location=(first.docname, first.line),
    )


def changed_keys(env: BuildEnvironment) -> frozenset[str] | None:
    """Keys whose entries changed in this build (None: treat every key as changed)."""
    library = get_domain(env).library
    return None if library is None else library.changed


def documents_citing(env: BuildEnvironment, keys: Iterable[str] | None) -> set[str]:
    """Documents with a ``{cite}`` of one of *keys* (every citing document for None)."""
    wanted = None if keys is None else set(keys)
    found = set()
    for ref in env.get_domain("cite").data["citation_refs"]:
        if wanted is None or any(target.key in wanted for target in ref.targets):
            found.add(ref.docname)
    return found
