"""Mistakes in ``conf.py`` that Sphinx passes over in silence or words for someone else.

Sphinx keeps any name ``conf.py`` sets and ignores the ones no extension registered, so
``bibfolio_profil = {...}`` builds green and the profile card loses what it held; and a
portfolio whose ``bibfolio_portfolio`` is missing (or misspelt) loads no Markdown reader,
so Sphinx says it cannot find ``index.rst``.  Both are named here, at ``conf.py``.
"""

from __future__ import annotations

import difflib
from pathlib import Path
from typing import TYPE_CHECKING

from sphinx.errors import ConfigError

from . import deprecations
from .warnings_ import warn

if TYPE_CHECKING:
    from sphinx.application import Sphinx
    from sphinx.config import Config

PREFIX = "bibfolio_"


def unknown_settings(app: Sphinx, config: Config) -> None:
    """``config-inited``: warn for each ``bibfolio_*`` name ``conf.py`` sets that no setting has.

    The warning names the closest setting.  Renamed and removed names are reported by
    ``deprecations.py`` with what to write instead, not here.  Names given with ``-D``
    Sphinx reports itself ("unknown config value ... in override").
    """
    raw = getattr(config, "_raw_config", {})
    deprecated = {row.old for row in deprecations.RENAMED}
    deprecated |= {gone.name for gone in deprecations.REMOVED}
    known = sorted(name for name in config.values if name.startswith(PREFIX))
    for name in raw:
        if not name.startswith(PREFIX) or name in config or name in deprecated:
            continue
        warn(
            unknown_message(name, known),
            "config",
            location=deprecations.location(app.confdir, name),
        )


def unknown_message(name: str, known: list[str]) -> str:
    """What the build says about *name*, a ``bibfolio_*`` name that is no setting."""
    # Compared without the prefix every name shares, which would make any two look close.
    by_rest = {setting.removeprefix(PREFIX): setting for setting in known}
    close = difflib.get_close_matches(name.removeprefix(PREFIX), by_rest, n=1, cutoff=0.6)
    if close:
        setting = by_rest[close[0]]
        return f"{name} is not a bibfolio setting and has no effect: did you mean {setting}?"
    return (
        f"{name} is not a bibfolio setting and has no effect (GUIDE.md, "
        f'"Configuration values", lists them)'
    )


def markdown_root(app: Sphinx) -> None:
    """``builder-inited``: stop with a message saying why a Markdown home page is not read.

    Without a Markdown reader (``bibfolio_portfolio = True`` loads MyST-Parser) Sphinx
    reads no ``index.md`` and, after reading everything else, reports only that it cannot
    load ``index.rst``.  Raised before any page is read, so the build stops at once.
    """
    config = app.config
    root = Path(app.srcdir, config.root_doc)
    if any(Path(f"{root}{suffix}").is_file() for suffix in config.source_suffix):
        return
    markdown = Path(f"{root}.md")
    if not markdown.is_file():
        return  # no home page at all: Sphinx's own message says so
    raise ConfigError(
        f"{markdown} is Markdown, but this project reads no Markdown: set "
        f"bibfolio_portfolio = True in conf.py for a portfolio (or add myst_parser to "
        f"extensions)"
    )


def register(app: Sphinx) -> None:
    """After the renames (300) and before validation (400); the home page before reading."""
    app.connect("config-inited", unknown_settings, priority=310)
    app.connect("builder-inited", markdown_root, priority=100)
