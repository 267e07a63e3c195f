"""Read the project pages' front matter once per build, and check it against the site.

The projects are read when the configuration is (``config-inited``), before any page:
the ``{projects}`` cards and every project page need all of them.  Their ``.bib`` keys
and member ids are checked once the pages are read (``env-updated``), each problem a
``bibfolio.project`` warning at its line of the front matter.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..build.bibliography import get_domain, get_library
from ..build.warnings_ import report
from ..doctree.previews import image_size
from ..group.load import get_group
from ..reading.diagnostics import Diagnostic
from .data import SUBTYPE, entry_projects, read_page, renumber_duplicates

if TYPE_CHECKING:
    from sphinx.application import Sphinx
    from sphinx.config import Config
    from sphinx.environment import BuildEnvironment

    from .data import Project


@dataclass
class Projects:
    """The projects of one build, in page order, and where they come from."""

    projects: list[Project]
    sources: list[Path] = field(default_factory=list)
    problems: list[Diagnostic] = field(default_factory=list)
    #: Image path (relative to the source folder) → (width, height), for the cards.
    sizes: dict[str, tuple[int, int]] = field(default_factory=dict)

    @property
    def pages(self) -> dict[str, Project]:
        """Project page docname → project."""
        return {project.docname: project for project in self.projects}


_PROJECTS: weakref.WeakKeyDictionary[Any, Projects] = weakref.WeakKeyDictionary()


def get_projects(env: BuildEnvironment) -> Projects | None:
    """The projects of *env*'s build; None on a site without a projects folder."""
    app = get_domain(env).app
    return _PROJECTS.get(app) if app is not None else None


def read_projects(srcdir: Path, folders: list[str]) -> Projects:
    """Every ``<folder>/*.md`` page (but ``index.md``) of each folder that exists."""
    found = Projects([])
    for folder in folders:
        path = srcdir / folder
        if not path.is_dir():
            continue
        for page in sorted(path.glob("*.md")):
            if page.name == "index.md" or page.name.startswith(("_", ".")):
                continue
            docname = page.relative_to(srcdir).with_suffix("").as_posix()
            project, problems = read_page(page, page.read_text(encoding="utf-8"), docname)
            found.sources.append(page)
            found.problems.extend(problems)
            if project is not None:
                found.projects.append(project)
    found.problems.extend(renumber_duplicates(found.projects))
    source = srcdir.resolve()
    for project in found.projects:
        if not project.image:
            continue
        image = (srcdir / project.image).resolve()
        size = image_size(image) if image.is_file() else None
        if not image.is_relative_to(source):
            why = "is outside the source folder"
        elif not image.is_file():
            why = "does not exist"
        elif size is None:
            why = "is not a PNG, JPEG, GIF or WebP file"
        else:
            found.sizes[project.image] = size
            continue
        found.problems.append(
            Diagnostic(
                project.path, project.lines.get("image", 1), SUBTYPE,
                f"image {project.image!r} {why}; the card has no image",
            )
        )  # fmt: skip
        project.image = ""
    return found


def load(app: Sphinx, config: Config) -> None:
    """``config-inited``: read the project pages of ``bibfolio_projects``' folders."""
    found = read_projects(Path(app.srcdir), list(config.bibfolio_projects))
    if found.sources:
        _PROJECTS[app] = found
    else:
        _PROJECTS.pop(app, None)


def report_problems(app: Sphinx, env: BuildEnvironment) -> None:
    """``env-updated``: the pages' problems, unknown keys, members and project names."""
    found = _PROJECTS.get(app)
    if found is None:
        return
    problems = list(found.problems)
    library = get_library(env) if app.config.bibtex_bibfiles else None
    known = set(library.publications) if library is not None else set()
    group = get_group(env)
    members = group.by_id if group is not None else {}
    ids = {project.id for project in found.projects}
    for project in found.projects:
        for index, key in enumerate(project.publications):
            if key not in known:
                problems.append(
                    Diagnostic(
                        project.path, project.lines.get(f"publications[{index}]", 1), SUBTYPE,
                        f"project {project.id!r}: no entry {key!r} in the bibliography; "
                        "left out of its publications",
                    )
                )  # fmt: skip
        for index, member in enumerate(project.members):
            if group is None or member not in members:
                where = "no group site" if group is None else f"no member {member!r}"
                problems.append(
                    Diagnostic(
                        project.path, project.lines.get(f"members[{index}]", 1), SUBTYPE,
                        f"project {project.id!r}: {where}; {member!r} is not shown",
                    )
                )  # fmt: skip
    if library is not None:
        problems.extend(
            Diagnostic(
                publication.entry.path,
                publication.entry.line_of("project"),
                SUBTYPE,
                f"'{publication.key}': project = {{{ident}}} names no project page",
            )
            for publication in library.publications.values()
            for ident in entry_projects(publication.fields.get("project", ""))
            if ident not in ids
        )
    for problem in problems:
        report(problem, app.config.suppress_warnings)


def keys_of(env: BuildEnvironment, project: Project) -> list[str]:
    """The project's entries that exist: listed keys, then ``project = {id}`` entries."""
    library = get_library(env)
    by_entry = {
        key: entry_projects(publication.fields.get("project", ""))
        for key, publication in library.publications.items()
        if publication.fields.get("project")
    }
    return [key for key in project.keys_from(by_entry) if key in library.publications]
