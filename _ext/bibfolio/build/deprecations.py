"""Renamed settings: the old name keeps working for a while, and says what to write instead.

Each row of :data:`RENAMED` is a ``conf.py`` value renamed in a release (and each of
:data:`RENAMED_OPTIONS` an option of a directive, reported at the page's line).  From
``renamed_in`` on, a project that still sets the old name builds as before (the value
goes to the new name) and the build reports it once, at the line of ``conf.py`` that sets
it, as a message that does not fail ``-W`` (``bibfolio.deprecated``, logged as
information).  From ``warn_from`` (at least one minor release later) the same message is
a warning, so ``-W`` fails until the name is changed; the old name still works.  Rows are
removed, and the old name with them, in a later release named in CHANGELOG.md.
GUIDE.md's "Deprecations" table lists every row; tests/test_deprecations.py tests each.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from sphinx.util import logging

from .._version import __version__
from .config import user_set
from .warnings_ import WARNING_TYPE, warn

if TYPE_CHECKING:
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
    directive: str, options: dict[str, object], where: str, version: str = __version__
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
        _report(text, where, version_key(version) >= version_key(row.warn_from))


def version_key(version: str) -> tuple[int, ...]:
    """A release's numbers, for comparing (``"0.10.1"`` → ``(0, 10, 1)``)."""
    return tuple(int(part) for part in re.findall(r"\d+", version.split("+", maxsplit=1)[0])[:3])


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
    """
    raw = getattr(config, "_raw_config", {})
    for row in RENAMED:
        if row.old not in raw and row.old not in config.overrides:
            continue
        value = config.overrides.get(row.old, raw.get(row.old))
        if not user_set(config, row.new):
            setattr(config, row.new, value)
            raw[row.new] = value  # set by the project, as portfolio defaults ask
        where = location(app.confdir, row.old)
        _report(message(row), where, version_key(version) >= version_key(row.warn_from))


def _report(text: str, where: str, warning: bool) -> None:
    """A warning (fails -W), or before ``warn_from`` a note with the same words (does not)."""
    if warning:
        warn(text, SUBTYPE, location=where)
    else:
        logger.info(
            f"{text} [{WARNING_TYPE}.{SUBTYPE}]", location=where, type=WARNING_TYPE, subtype=SUBTYPE
        )


def register(app: Sphinx) -> None:
    """Run before everything else that reads the configuration."""
    app.connect("config-inited", apply_renames, priority=300)
