"""Renamed and removed names: the old name keeps working for a while, and says what to do.

Each row of :data:`RENAMED` is a ``conf.py`` value renamed in a release; of
:data:`REMOVED`, one removed (ignored, with what to do instead); of
:data:`RENAMED_OPTIONS`, :data:`RENAMED_DIRECTIVES` and :data:`RENAMED_ROLES`, an option
of a directive, a directive or a role (reported at the page's line); of
:data:`REMOVED_DIRECTIVES` and :data:`REMOVED_ROLES`, a directive or role that goes in a
later release (still registered until then, with what to use instead); renamed ``.bib``
fields are in ``reading/renamedfields.py``.  From ``renamed_in`` (``removed_in``) on, a
project that still uses the old name builds as before (the value goes to the new name,
the old directive or role does what the new one does, a removed one what it did) and the
build reports it once per use, at its line, as a message that does not fail ``-W``
(``bibfolio.deprecated``, logged as information).  From ``warn_from`` (at least one
minor release later) the same message is a warning, so ``-W`` fails until the name is
changed; the old name still works.  Rows are removed, and the old name with them, in a
later release named in CHANGELOG.md.
GUIDE.md's "Deprecations" tables list every row; tests/test_deprecations.py tests each.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from docutils.parsers.rst import directives, roles
from sphinx.util import logging

from .._version import __version__, version_key
from .config import user_set
from .warnings_ import WARNING_TYPE, warn

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator, Sequence

    from sphinx.application import Sphinx
    from sphinx.config import Config

logger = logging.getLogger("bibfolio")
#: The subtype of the message (GUIDE.md, "Warnings"): ``suppress_warnings`` silences it.
SUBTYPE = "deprecated"


@dataclass(frozen=True)
class Renamed:
    """A ``conf.py`` value renamed in release ``renamed_in``; a warning from ``warn_from``."""

    old: str
    new: str
    renamed_in: str
    warn_from: str


#: Every renamed setting, oldest first (GUIDE.md, "Deprecations").
RENAMED: tuple[Renamed, ...] = ()
#: Every renamed directive (``{old}`` does what ``{new}`` does), oldest first.
RENAMED_DIRECTIVES: tuple[Renamed, ...] = ()
#: Every renamed role, oldest first.
RENAMED_ROLES: tuple[Renamed, ...] = ()


@dataclass(frozen=True)
class Removed:
    """A name removed in ``removed_in``; *instead* says what to do.

    A setting (:data:`REMOVED`) is ignored from then on; a directive or role
    (:data:`REMOVED_DIRECTIVES`, :data:`REMOVED_ROLES`) still does what it did until its
    row goes, in a later release.
    """

    name: str
    instead: str
    removed_in: str
    warn_from: str

    def message(self) -> str:
        """What the build says about a removed setting, as a note and as a warning."""
        return (
            f"{self.name} is removed in bibfolio {self.removed_in} and has no effect: "
            f"{self.instead} (from bibfolio {self.warn_from} this is a warning)"
        )


#: Every removed setting, oldest first (GUIDE.md, "Deprecations").
REMOVED: tuple[Removed, ...] = ()
#: Every removed directive (still registered, reported at each use), oldest first.
REMOVED_DIRECTIVES: tuple[Removed, ...] = ()
#: Every removed role, oldest first.
REMOVED_ROLES: tuple[Removed, ...] = ()


@dataclass(frozen=True)
class RenamedOption:
    """An option of a directive (``publications``) renamed in ``renamed_in``."""

    directive: str
    old: str
    new: str
    renamed_in: str
    warn_from: str


#: Every renamed directive option, oldest first (GUIDE.md, "Deprecations").
RENAMED_OPTIONS: tuple[RenamedOption, ...] = ()


def with_old_options(directive: str, spec: dict[str, object]) -> dict[str, object]:
    """*spec* and each renamed option's old name, read as its new one is."""
    renamed = [row for row in RENAMED_OPTIONS if row.directive == directive]
    return {**spec, **{row.old: spec[row.new] for row in renamed}}


def rename_options(
    directive: str,
    options: dict[str, object],
    where: str,
    suppressed: Sequence[str] = (),
    version: str = __version__,
) -> None:
    """Move each old option of *options* to its new name; report it at *where* (file:line).

    The new name, when the page gives both, wins.
    """
    for row in RENAMED_OPTIONS:
        if row.directive != directive or row.old not in options:
            continue
        options.setdefault(row.new, options.pop(row.old))
        text = (
            f":{row.old}: of {{{row.directive}}} is renamed :{row.new}: in bibfolio "
            f"{row.renamed_in}: write :{row.new}: instead (the old name works until then; "
            f"from bibfolio {row.warn_from} it is a warning)"
        )
        _report(text, where, row.warn_from, suppressed, version)


def location(confdir: Path | str, name: str) -> str:
    """``conf.py:LINE`` of the first line that assigns *name* (``conf.py`` without one)."""
    conf = Path(confdir) / "conf.py"
    try:
        lines = conf.read_text(encoding="utf-8").splitlines()
    except OSError:
        return str(conf)
    assigns = re.compile(rf"^\s*{re.escape(name)}\s*(?::[^=]*)?=")
    for number, line in enumerate(lines, start=1):
        if assigns.match(line):
            return f"{conf}:{number}"
    return str(conf)


def message(row: Renamed) -> str:
    """What the build says about *row*, the same as a note and as a warning."""
    return (
        f"{row.old} is renamed {row.new} in bibfolio {row.renamed_in}: write "
        f"{row.new} = ... instead (the old name works until then; from bibfolio "
        f"{row.warn_from} it is a warning)"
    )


def apply_renames(app: Sphinx, config: Config, version: str = __version__) -> None:
    """``config-inited``, first: move each old name's value to its new name, and report it.

    A project that sets both names keeps the new one's value; the old one is reported.
    A removed name set in ``conf.py`` is reported with what to do instead.
    """
    raw = getattr(config, "_raw_config", {})
    suppressed = config.suppress_warnings
    for row in RENAMED:
        if row.old not in raw and row.old not in config.overrides:
            continue
        value = config.overrides.get(row.old, raw.get(row.old))
        if not user_set(config, row.new):
            setattr(config, row.new, value)
            raw[row.new] = value  # set by the project, as portfolio defaults ask
        where = location(app.confdir, row.old)
        _report(message(row), where, row.warn_from, suppressed, version)
    for gone in REMOVED:
        if gone.name in raw or gone.name in config.overrides:
            where = location(app.confdir, gone.name)
            _report(gone.message(), where, gone.warn_from, suppressed, version)


def markup_message(row: Renamed, kind: str) -> str:
    """What the build says about a renamed *kind* (``directive`` or ``role``)."""
    return (
        f"the {kind} {row.old} is renamed {row.new} in bibfolio {row.renamed_in}: write "
        f"{{{row.new}}} instead (the old name works until then; from bibfolio "
        f"{row.warn_from} it is a warning)"
    )


def removed_markup_message(gone: Removed, kind: str) -> str:
    """What the build says about a removed *kind* (``directive`` or ``role``)."""
    return (
        f"the {kind} {gone.name} is removed in bibfolio {gone.removed_in}: {gone.instead} "
        f"(it works until then; from bibfolio {gone.warn_from} it is a warning)"
    )


def register_deprecated_markup(app: Sphinx) -> None:
    """Register each renamed directive and role under its old name, and wrap each removed one.

    Called at the end of ``setup()``, once every directive and role is registered: the
    old name gets the new one's class (or function), a removed name keeps its own; each
    reports every use at its line.
    """
    for old, name, text, warn_from in _markup("directive"):
        does, _ = directives.directive(name, None, None)
        app.add_directive(old, _reporting_directive(does, text, warn_from), override=True)
    for old, name, text, warn_from in _markup("role"):
        does, _ = roles.role(name, None, 0, None)
        app.add_role(old, _reporting_role(does, name, text, warn_from), override=True)


def _markup(kind: str) -> Iterator[tuple[str, str, str, str]]:
    """(name used, name of what it does, message, warn_from) for each row of *kind*.

    Removed names first: an old name of a removed one then says both what to write and
    that it is going.
    """
    renamed, removed = {
        "directive": (RENAMED_DIRECTIVES, REMOVED_DIRECTIVES),
        "role": (RENAMED_ROLES, REMOVED_ROLES),
    }[kind]
    for gone in removed:
        yield gone.name, gone.name, removed_markup_message(gone, kind), gone.warn_from
    for row in renamed:
        yield row.old, row.new, markup_message(row, kind), row.warn_from


def _reporting_directive(does: type[Any], report: str, warn_from: str) -> type[Any]:
    def run(self: Any) -> Any:
        source, line = self.state_machine.get_source_and_line(self.lineno)
        config = self.state.document.settings.env.config
        _report(report, f"{source}:{line}", warn_from, config.suppress_warnings)
        return does.run(self)

    return type(does.__name__, (does,), {"run": run, "__doc__": report})


def _reporting_role(
    does: Callable[..., Any], name: str, report: str, warn_from: str
) -> Callable[..., Any]:
    def reporting(_: str, rawtext: str, text: str, lineno: int, inliner: Any, *args: Any) -> Any:
        source, line = inliner.reporter.get_source_and_line(lineno)
        config = inliner.document.settings.env.config
        _report(report, f"{source}:{line}", warn_from, config.suppress_warnings)
        return does(name, rawtext, text, lineno, inliner, *args)

    reporting.__doc__ = report
    reporting.__wrapped__ = does  # type: ignore[attr-defined]
    return reporting


def _report(
    text: str, where: str, warn_from: str, suppressed: Sequence[str], version: str = __version__
) -> None:
    """A warning (fails -W), or before *warn_from* a note with the same words (does not).

    Sphinx filters only warnings through ``suppress_warnings``; the note is filtered here.
    """
    if version_key(version) >= version_key(warn_from):
        warn(text, SUBTYPE, location=where)
    elif not logging.is_suppressed_warning(WARNING_TYPE, SUBTYPE, suppressed):
        logger.info(
            f"{text} [{WARNING_TYPE}.{SUBTYPE}]", location=where, type=WARNING_TYPE, subtype=SUBTYPE
        )


def register(app: Sphinx) -> None:
    """Run before everything else that reads the configuration."""
    app.connect("config-inited", apply_renames, priority=300)
