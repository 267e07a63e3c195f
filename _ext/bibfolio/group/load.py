"""Read the group's members when the configuration is read, and check them.

A group site is one whose ``conf.py`` sets ``bibfolio_group`` (at least a ``name``).
The members are read before anything else (``config-inited``), because every page
that lists them, and the owner matching itself, needs all of them: their names and
aliases join ``bibfolio_owner``, so the bibliography checks (``owner_missing``) name
the entries no member wrote.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..build.bibliography import get_domain, get_library
from ..build.config import Option, user_set
from ..build.warnings_ import report, warn
from ..model.highlight import shown
from ..model.messages import N_
from ..pages.papers import PAPER_SIGNATURE_EVENT, PAPER_VIEW_EVENT
from ..reading.diagnostics import Diagnostic
from .matching import match_members, unmatched
from .members import read_page, read_table

if TYPE_CHECKING:
    from sphinx.application import Sphinx
    from sphinx.config import Config
    from sphinx.environment import BuildEnvironment

    from ..build.bibliography import Library
    from ..model.publication import Publication
    from .matching import GroupMatches
    from .members import Member

DEFAULT_ROLES = (
    ("pi", N_("Principal Investigator"), N_("Principal Investigator")),
    ("postdoc", N_("Postdoctoral Researchers"), N_("Postdoctoral Researcher")),
    ("phd", N_("PhD Students"), N_("PhD Student")),
    ("masters", N_("Master's Students"), N_("Master's Student")),
    ("undergrad", N_("Undergraduate Researchers"), N_("Undergraduate Researcher")),
    ("staff", N_("Staff"), N_("Staff")),
)
#: The section for members whose role is missing or unknown (they are never dropped).
OTHER_ROLE = ("", N_("Other Members"), "")
TABLE_SUFFIXES = frozenset({".yaml", ".yml", ".csv"})


def _roles(value: Any) -> list[tuple[str, str, str]]:
    cleaned = []
    for item in value:
        if (
            not isinstance(item, (list, tuple))
            or len(item) not in (2, 3)
            or not all(isinstance(part, str) and part.strip() for part in item)
        ):
            raise ValueError(f"each role is (id, heading) or (id, heading, label), got {item!r}")
        cleaned.append((item[0], item[1], item[2] if len(item) == 3 else item[1]))
    return cleaned


def _sources(value: Any) -> list[str]:
    if isinstance(value, str):
        value = [value]
    if not all(isinstance(item, str) and item.strip() for item in value):
        raise ValueError("expected folders or .yaml/.csv files, relative to the source folder")
    return [item.strip().strip("/") for item in value]


def _mark(value: Any) -> str:
    if value not in ("bold", "underline"):
        raise ValueError(f"expected 'bold' or 'underline', got {value!r}")
    return value


def _count(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ValueError(f"expected a positive integer, got {value!r}")
    return value


def _group(value: Any) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise ValueError(f"expected a dict, got {type(value).__name__}")
    if value and not (isinstance(value.get("name"), str) and value["name"].strip()):
        raise ValueError("a group needs a 'name'")
    return dict(value)


OPTIONS: dict[str, Option] = {
    "bibfolio_group": Option(
        {}, "env", (dict,), _group,
        "This site is a group's: its name and schema.org Organization properties (url, "
        "logo, description, email ...); {} for a personal site.",
    ),
    "bibfolio_group_members": Option(
        ["people"], "env", (list, tuple, str), _sources,
        "Where the members are: folders of member pages and/or .yaml/.csv tables, "
        "relative to the source folder.",
    ),
    "bibfolio_group_roles": Option(
        list(DEFAULT_ROLES), "env", (list, tuple), _roles,
        "Roles in people-page order, as (id, heading) or (id, heading, label) tuples.",
    ),
    "bibfolio_group_alumni_title": Option(
        N_("Alumni"), "env", (str,), str, "The people page's heading of former members."
    ),
    "bibfolio_group_mark": Option(
        "bold", "env", (str,), _mark,
        "How the group list marks members' names: 'bold' or 'underline'.",
    ),
    "bibfolio_group_table_pages": Option(
        True, "env", (bool,), bool,
        "Members listed in a .yaml/.csv table get a generated page each (HTML builders "
        "that write one file per page); False: their card links their homepage.",
    ),
    "bibfolio_group_filter_min_entries": Option(
        20, "env", (int,), _count,
        "The group list shows its member filter from this many entries on.",
    ),
}  # fmt: skip


@dataclass
class Group:
    """The group of one build: members in source order, their roles, their problems."""

    raw: dict[str, Any]
    members: list[Member]
    roles: list[tuple[str, str, str]]
    sources: list[Path] = field(default_factory=list)  #: Files the members come from.
    problems: list[Diagnostic] = field(default_factory=list)
    #: Folders of member pages, relative to the source folder, in configuration order.
    folders: list[str] = field(default_factory=list)
    #: Page name → table member, for this build's generated member pages (generated.py).
    generated: dict[str, Member] = field(default_factory=dict)

    @property
    def name(self) -> str:
        """The group's name."""
        return str(self.raw.get("name", ""))

    @property
    def by_id(self) -> dict[str, Member]:
        """Member id → member."""
        return {member.id: member for member in self.members}

    @property
    def pages(self) -> dict[str, Member]:
        """Member page docname → member."""
        return {member.docname: member for member in self.members if member.docname}

    def page_of(self, member: Member) -> str:
        """The member's page in this build: their document, a generated page, or ""."""
        if member.docname:
            return member.docname
        return next((page for page, m in self.generated.items() if m is member), "")

    def role_label(self, member: Member) -> str:
        """The singular name of *member*'s role ("PhD Student"), "" if none."""
        return next((label for ident, _h, label in self.roles if ident == member.role), "")

    def matches(self, library: Library) -> GroupMatches:
        """Who wrote what, once per build (kept in the library's memo)."""
        found = library.memo.get("group-matches")
        if found is None:
            publications = list(library.publications.values())
            found = match_members(self.members, publications)
            found.problems.extend(unmatched(self.members, found, publications))
            library.memo["group-matches"] = found
        return found


_GROUPS: weakref.WeakKeyDictionary[Any, Group] = weakref.WeakKeyDictionary()


def get_group(env: BuildEnvironment) -> Group | None:
    """The group of *env*'s build, or None on a personal site."""
    app = get_domain(env).app
    return _GROUPS.get(app) if app is not None else None


def read_members(
    srcdir: Path, sources: list[str]
) -> tuple[list[Member], list[Path], list[Diagnostic]]:
    """Members from folders of pages and from tables, in order; duplicate ids renamed."""
    members: list[Member] = []
    files: list[Path] = []
    problems: list[Diagnostic] = []
    for source in sources:
        path = srcdir / source
        if path.is_dir():
            for page in sorted(path.rglob("*.md")):
                if page.name == "index.md" or any(
                    p.startswith(("_", ".")) for p in page.parts[len(srcdir.parts) :]
                ):
                    continue
                docname = page.relative_to(srcdir).with_suffix("").as_posix()
                member, found = read_page(page, page.read_text(encoding="utf-8"), docname)
                files.append(page)
                problems.extend(found)
                if member is not None:
                    members.append(member)
        elif path.is_file() and path.suffix.lower() in TABLE_SUFFIXES:
            files.append(path)
            found_members, found = read_table(path, path.read_text(encoding="utf-8"))
            members.extend(found_members)
            problems.extend(found)
        else:
            problems.append(
                Diagnostic(
                    str(srcdir / "conf.py"), 1, "group_member",
                    f"bibfolio_group_members: {source!r} is neither a folder nor a .yaml, "
                    ".yml or .csv file in the source folder",
                )
            )  # fmt: skip
    seen: dict[str, Member] = {}
    for member in members:
        if member.id in seen:
            first = seen[member.id]
            new_id = member.id
            number = 2
            while new_id in seen:
                new_id = f"{member.id}-{number}"
                number += 1
            problems.append(
                Diagnostic(
                    member.path, member.line, "group_member",
                    f"duplicate member id {member.id!r} (also {first.location()}); "
                    f"this one is {new_id!r}",
                )
            )  # fmt: skip
            member.id = new_id
        seen[member.id] = member
    return members, files, problems


def load(app: Sphinx, config: Config) -> None:
    """``config-inited``: validate the group settings, read the members, extend the owner."""
    for name, option in OPTIONS.items():
        try:
            setattr(config, name, option.check(getattr(config, name)))
        except (TypeError, ValueError) as err:
            warn(
                f"{name}: {err}; using the default {option.default!r}",
                "config",
                location=_conf_line(Path(app.confdir, "conf.py"), name),
            )
            setattr(config, name, option.default)
    if not config.bibfolio_group:
        return
    srcdir = Path(app.srcdir)
    members, files, problems = read_members(srcdir, config.bibfolio_group_members)
    roles = config.bibfolio_group_roles
    known = {ident for ident, _h, _l in roles}
    for member in members:
        if member.role and member.role not in known:
            problems.append(
                Diagnostic(
                    member.path, member.lines.get("role", member.line), "group_member",
                    f"unknown role {member.role!r} for {member.name} (known: "
                    f"{', '.join(sorted(known))}; bibfolio_group_roles); listed under "
                    f"{OTHER_ROLE[1]!r}",
                )
            )  # fmt: skip
        if member.photo and not (srcdir / member.photo).is_file():
            problems.append(
                Diagnostic(
                    member.path, member.lines.get("photo", member.line), "group_member",
                    f"photo {member.photo!r} of {member.name} not found in the source "
                    "folder; the card shows the initials",
                )
            )  # fmt: skip
            member.photo = ""
    if not user_set(config, "bibfolio_cv"):
        config.bibfolio_cv = False  # a group has no one CV; a member page is no CV part
    names = [name for member in members for name in member.names]
    config.bibfolio_owner = list(dict.fromkeys([*_owner_list(config.bibfolio_owner), *names]))
    folders = [s for s in config.bibfolio_group_members if (srcdir / s).is_dir()]
    _GROUPS[app] = Group(config.bibfolio_group, members, roles, files, problems, folders)


def _conf_line(conf_py: Path, name: str) -> str | None:
    """``conf.py:LINE`` of the line that sets *name* (None: set elsewhere, e.g. ``-D``)."""
    try:
        lines = conf_py.read_text(encoding="utf-8").splitlines()
    except OSError:
        return None
    number = next((n for n, line in enumerate(lines, 1) if line.startswith(name)), None)
    return f"{conf_py}:{number}" if number else None


def _owner_list(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    return [item for item in value or () if isinstance(item, str)]


def report_problems(app: Sphinx, env: BuildEnvironment) -> None:
    """``env-updated``: the members' problems and the matching's, once per build."""
    group = _GROUPS.get(app)
    if group is None:
        return
    matches = group.matches(get_library(env))
    for problem in [*group.problems, *matches.problems]:
        report(problem, app.config.suppress_warnings)


def paper_view(env: BuildEnvironment, publication: Publication) -> Publication:
    """A paper page's publication: on a group site, every member marked, nobody else.

    Without this the page would mark every name ``bibfolio_owner`` matches, a namesake
    excluded by key included.
    """
    group = get_group(env)
    if group is None:
        return publication
    matches = group.matches(get_library(env))
    return shown(
        publication, tuple(index for index, _id in matches.by_key.get(publication.key, ()))
    )


def group_signature(env: BuildEnvironment) -> str:
    """What a group site's paper pages depend on besides their entry ("" elsewhere).

    The members' names, exclusions and years decide who a paper page marks.
    """
    group = get_group(env)
    if group is None:
        return ""
    return repr([
        (m.id, m.names, sorted(m.exclude), m.start, m.end, m.former, group.page_of(m))
        for m in group.members
    ])  # fmt: skip


def register(app: Sphinx) -> None:
    """Declare the settings; read the members before the owner is validated."""
    for name, option in OPTIONS.items():
        app.add_config_value(
            name, option.default, option.rebuild,
            types=frozenset(option.types), description=option.description,
        )  # fmt: skip
    # Before config.validate (400) cleans bibfolio_owner, after portfolio defaults (390).
    app.connect("config-inited", load, priority=395)
    app.connect("env-updated", report_problems)
    app.connect(PAPER_VIEW_EVENT, _paper_view)
    app.connect(PAPER_SIGNATURE_EVENT, _paper_signature)


def _paper_view(app: Sphinx, publication: Publication) -> Publication:
    """``bibfolio-paper-view`` (``pages/papers.py``): :func:`paper_view`."""
    return paper_view(app.env, publication)


def _paper_signature(app: Sphinx) -> str:
    """``bibfolio-paper-signature`` (``pages/papers.py``): :func:`group_signature`."""
    return group_signature(app.env)
