"""A portfolio's configuration as Sphinx compares it: the same values on every run.

Sphinx pickles the configuration at the end of a build and compares it, before the
builder starts, with the next run's (``BuildEnvironment._config_status``).  Extensions
that a portfolio loads (``portfolio.EXTENSIONS`` and pydata-sphinx-theme) change some
values later, at ``builder-inited`` or when the theme is loaded: the stored
configuration then always differs from the new one, and every no-change rebuild said
"The configuration has changed" and wrote its paper pages again (issue 23).

So, in a portfolio only:

* on ``config-inited`` the values those extensions will set are set first
  (:func:`preset`): pydata-sphinx-theme's permalink icon ``#`` (unless conf.py sets
  one), its ``logo`` theme option, its ``components`` template folder and
  sphinx-copybutton's static folder;
* on ``builder-inited``, after them, the folders they append a second time are removed
  again (:func:`drop_repeats`; the first occurrence keeps its place).

Written against pydata-sphinx-theme 0.24 and sphinx-copybutton 0.5; a value one of them
sets differently later is reported by Sphinx as a configuration change again, and
``test_incremental.py::test_no_change_rebuild_of_the_portfolio`` fails.
"""

from __future__ import annotations

from importlib.util import find_spec
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from sphinx.application import Sphinx
    from sphinx.config import Config

#: After every other ``builder-inited`` handler (they use the default, 500).
LAST = 990


def _package_dir(module: str) -> Path | None:
    spec = find_spec(module)
    if spec is None or spec.origin is None:
        return None
    return Path(spec.origin).parent


def _pydata_components() -> str | None:
    root = _package_dir("pydata_sphinx_theme")
    return None if root is None else str(root / "theme" / "pydata_sphinx_theme" / "components")


def _copybutton_static() -> str | None:
    root = _package_dir("sphinx_copybutton")
    return None if root is None else str((root / "_static").absolute())


def _provided(config: Config, name: str) -> bool:
    return name in config.overrides or name in getattr(config, "_raw_config", {})


def preset(app: Sphinx, config: Config) -> None:
    """``config-inited``, after ``portfolio.apply_defaults``: what the extensions will set."""
    if config.bibfolio_portfolio is not True:
        return
    if "sphinx_copybutton" in app.extensions and (static := _copybutton_static()):
        config.html_static_path = _appended(config.html_static_path, static)
    if config.html_theme != "pydata_sphinx_theme":
        return
    if not _provided(config, "html_permalinks_icon"):
        config.html_permalinks_icon = "#"
    options = dict(config.html_theme_options or {})
    if not options.get("logo"):
        options["logo"] = {}
    config.html_theme_options = options
    if components := _pydata_components():
        config.templates_path = _appended(config.templates_path, components)


def drop_repeats(app: Sphinx) -> None:
    """``builder-inited`` (last): drop the folders that were appended a second time."""
    if app.config.bibfolio_portfolio is not True:
        return
    for name in ("templates_path", "html_static_path"):
        values = getattr(app.config, name)
        if isinstance(values, list) and len(set(values)) != len(values):
            values[:] = list(dict.fromkeys(values))


def _appended(values: list[str] | tuple[str, ...] | None, value: str) -> list[str]:
    values = list(values or ())
    return values if value in values else [*values, value]
