"""The news and talks files, read once a build, and what each page shows of them.

The files are read in ``env-before-read-docs`` and their problems reported there, once
a build however many pages show the items.  The pages record (in :class:`NewsDomain`)
which items they show, so the feed is written from the pages without reading the file.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sphinx.domains import Domain

from ..build.bibliography import get_domain
from ..build.warnings_ import report
from ..reading.diagnostics import Diagnostic
from .data import is_web_address, read_items

if TYPE_CHECKING:
    from collections.abc import Set

    from sphinx.application import Sphinx
    from sphinx.environment import BuildEnvironment

    from .data import ItemFile

#: A talk's fields that may name a file of the project.
LINK_FIELDS = ("slides", "video", "poster")
#: The kinds of file, with the setting that names each.
FILE_SETTINGS = {"news": "bibfolio_news_file", "talk": "bibfolio_talks_file"}


@dataclass(frozen=True, slots=True)
class Shown:
    """One news item as a page shows it: enough for its feed entry."""

    key: str
    anchor: str
    timestamp: str  #: Atom ``updated``; "" for an undated item (never in a feed)
    title: str  #: the item's ``title``; "": the feed takes its text's first words


class NewsDomain(Domain):
    """Per page: the news items shown and whether it is the archive (all items)."""

    name = "bibfolio-news"
    label = "News and talks"
    data_version = 1
    initial_data: dict[str, Any] = {  # noqa: RUF012 - Sphinx's API shape
        "news": {},  # docname -> [Shown], in page order
        "archives": {},  # docname -> {"news", "talk"}: shows every item of that kind
        "lists": {},  # docname -> {"news", "talk"}: shows a list of that kind
    }

    #: Runtime only: this build's files, read in ``env-before-read-docs``.
    files: dict[str, ItemFile] | None = None

    @property
    def news(self) -> dict[str, list[Shown]]:
        """News items shown per page."""
        return self.data["news"]

    @property
    def archives(self) -> dict[str, set[str]]:
        """Pages that show every item of a kind."""
        return self.data["archives"]

    @property
    def lists(self) -> dict[str, set[str]]:
        """Pages that show a list (of some or all items) of a kind."""
        return self.data["lists"]

    def archive_of(self, kind: str) -> str | None:
        """The first page (by name) showing every item of *kind*, or None."""
        return next((doc for doc in sorted(self.archives) if kind in self.archives[doc]), None)

    def clear_doc(self, docname: str) -> None:
        self.news.pop(docname, None)
        self.archives.pop(docname, None)
        self.lists.pop(docname, None)

    def merge_domaindata(self, docnames: Set[str], otherdata: dict[str, Any]) -> None:
        for docname in docnames:
            if docname in otherdata["news"]:
                self.news[docname] = otherdata["news"][docname]
            if docname in otherdata["archives"]:
                self.archives[docname] = otherdata["archives"][docname]
            if docname in otherdata["lists"]:
                self.lists[docname] = otherdata["lists"][docname]

    def resolve_any_xref(self, *args: Any, **kwargs: Any) -> list[Any]:
        return []


def news_pages(env: BuildEnvironment) -> set[str]:
    """The pages that list every news item (archives)."""
    return {doc for doc, kinds in get_news_domain(env).archives.items() if "news" in kinds}


def get_news_domain(env: BuildEnvironment) -> NewsDomain:
    """The news domain of *env*."""
    return env.get_domain(NewsDomain.name)  # type: ignore[return-value]


def file_path(env: BuildEnvironment, kind: str) -> Path:
    """The file of *kind* ("news" or "talk"), inside the source folder."""
    return Path(env.srcdir, getattr(env.config, FILE_SETTINGS[kind]))


def read_files(env: BuildEnvironment, *, quiet: bool = False) -> dict[str, ItemFile]:
    """Both files, read; their problems reported unless *quiet*."""
    files = {}
    for kind, setting in FILE_SETTINGS.items():
        path = file_path(env, kind)
        shown = getattr(env.config, setting)
        files[kind] = read_items(path, kind, shown_path=str(path) if path.is_file() else shown)
        files[kind].problems.extend(locate_files(env, files[kind]))
        files[kind].problems.sort(key=lambda problem: problem.line)
        if not quiet:
            for problem in files[kind].problems:
                report(problem, env.config.suppress_warnings)
    return files


def locate_files(env: BuildEnvironment, data: ItemFile) -> list[Diagnostic]:
    """Fill each item's :attr:`~.data.Item.files`; a file the site does not ship is a problem.

    A talk's slides, video or poster may name a file of the project inside a folder of
    ``html_static_path`` (``_static/talks/slides.pdf``): the site has it under
    ``_static/``.  Anything else has no address on the site, so no link is made.
    """
    app = get_domain(env).app
    confdir = Path(app.confdir) if app is not None else Path(env.srcdir)
    folders = [(confdir / folder).resolve() for folder in env.config.html_static_path]
    problems = []
    for item in data.items:
        for name in LINK_FIELDS:
            value = item.get(name)
            if not value or is_web_address(value):
                continue
            source = (Path(env.srcdir) / value).resolve()
            target = next(
                (
                    "_static/" + source.relative_to(folder).as_posix()
                    for folder in folders
                    if source.is_file() and source.is_relative_to(folder)
                ),
                None,
            )
            if target is None:
                problems.append(
                    Diagnostic(data.path, item.lines.get(name, item.line), "talks",
                               f"the talk's {name} {value!r} is not a file inside a folder of "
                               "html_static_path (e.g. _static/): no link made")
                )  # fmt: skip
                del item.fields[name]
            else:
                item.files[name] = target
    return problems


def load(app: Sphinx, env: BuildEnvironment, docnames: list[str]) -> None:
    """``env-before-read-docs``: read the files, report their problems once."""
    get_news_domain(env).files = read_files(env)


def item_file(env: BuildEnvironment, kind: str) -> ItemFile:
    """The file of *kind* in this build (read quietly if ``env-before-read-docs`` did not run)."""
    domain = get_news_domain(env)
    if domain.files is None:
        domain.files = read_files(env, quiet=True)
    return domain.files[kind]
