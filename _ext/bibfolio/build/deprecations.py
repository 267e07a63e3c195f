"""Renamed and removed names: the old name keeps working for a while, and says what to do.

Each row of :data:`RENAMED` is a ``conf.py`` value renamed in a release; of
:data:`REMOVED`, one removed (ignored, with what to do instead); of
:data:`RENAMED_OPTIONS`, :data:`RENAMED_DIRECTIVES` and :data:`RENAMED_ROLES`, an option
of a directive, a directive or a role (reported at the page's line); renamed ``.bib``
fields are in ``reading/renamedfields.py``.  From ``renamed_in`` on, a project that
still uses the old name builds as before (the value goes to the new name, the old
directive or role does what the new one does) and the build reports it once per use, at
its line, as a message that does not fail ``-W`` (``bibfolio.deprecated``, logged as
information).  From ``warn_from`` (at least one minor release later) the same message is
a warning, so ``-W`` fails until the name is changed; the old name still works.  Rows are
removed, and the old name with them, in a later release named in CHANGELOG.md.
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
    from collections.abc import Callable, Sequence

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
    """A ``conf.py`` value removed in ``removed_in``: ignored; *instead* says what to do."""

    name: str
    instead: str
    removed_in: str
    warn_from: str

    def message(self) -> str:
        """What the build says, as a note and as a warning."""
        return (
            f"{self.name} is removed in bibfolio {self.removed_in} and has no effect: "
            f"{self.instead} (from bibfolio {self.warn_from} this is a warning)"
        )


#: Every removed setting, oldest first (GUIDE.md, "Deprecations").
REMOVED: tuple[Removed, ...] = ()


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


def register_renamed_markup(app: Sphinx) -> None:
    """Register each renamed directive and role under its old name, as the new one.

    Called at the end of ``setup()``, once every directive and role is registered: the
    old name gets the new one's class (or function), reporting each use at its line.
    """
    for row in RENAMED_DIRECTIVES:
        new, _ = directives.directive(row.new, None, None)
        app.add_directive(row.old, _directive_alias(new, row), override=True)
    for row in RENAMED_ROLES:
        new, _ = roles.role(row.new, None, 0, None)
        app.add_role(row.old, _role_alias(new, row), override=True)


def _directive_alias(new: type[Any], row: Renamed) -> type[Any]:
    def run(self: Any) -> Any:
        source, line = self.state_machine.get_source_and_line(self.lineno)
        config = self.state.document.settings.env.config
        text = markup_message(row, "directive")
        _report(text, f"{source}:{line}", row.warn_from, config.suppress_warnings)
        return new.run(self)

    return type(new.__name__, (new,), {"run": run, "__doc__": f"``{row.old}``: {row.new}."})


def _role_alias(new: Callable[..., Any], row: Renamed) -> Callable[..., Any]:
    def alias(name: str, rawtext: str, text: str, lineno: int, inliner: Any, *args: Any) -> Any:
        source, line = inliner.reporter.get_source_and_line(lineno)
        config = inliner.document.settings.env.config
        where = f"{source}:{line}"
        _report(markup_message(row, "role"), where, row.warn_from, config.suppress_warnings)
        return new(row.new, rawtext, text, lineno, inliner, *args)

    return alias


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
