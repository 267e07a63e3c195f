"""Lighter pages: what a page does not need for its first paint is not in its way.

* Scripts that only act on the parsed page are loaded with ``defer``: Sphinx's
  search-word highlighter and sphinx-copybutton's two scripts (bibfolio sets that
  extension up itself); also Sphinx's ``documentation_options.js`` and ``doctools.js``
  wherever the search scripts, which need them at once, are not loaded.
* pydata-sphinx-theme links ``searchtools.js``, ``language_data.js`` and
  ``searchindex.js`` (the whole site's index) from every page's ``<head>``, for its
  search-as-you-type.  With that theme option off (the default) the search box opens
  ``search.html``, which loads them itself, so other pages leave them out.  This is done
  by ``templates/layout.html``, which wraps the theme's ``extrahead`` block; a project's
  own ``layout.html`` takes precedence and then nothing is removed.
* When one of the theme's stylesheets ``@import``s Sphinx's ``basic.css`` (pydata's
  ``styles/theme.css`` does), the browser discovers it one round trip late; the head
  then preloads it.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from sphinx.application import Sphinx
    from sphinx.config import Config

TEMPLATES = Path(__file__).parent / "templates"
#: Scripts (by file name) that act only once the page is parsed.
DEFERRED_SCRIPTS = ("sphinx_highlight.js", "clipboard.min.js", "copybutton.js")
#: Scripts the search scripts need before they run; deferred where those are not loaded.
SEARCH_SUPPORT_SCRIPTS = ("documentation_options.js", "doctools.js")
_SEARCH_SCRIPTS = re.compile(
    r'\s*<script src="[^"]*\b(?:searchtools\.js|language_data\.js|searchindex\.js)"></script>'
)
_IMPORTS_BASIC_CSS = re.compile(r"""@import\s+(?:url\()?["']?(?:\.\./)?basic\.css""")


def add_templates(app: Sphinx, config: Config) -> None:
    """``config-inited``: put bibfolio's ``layout.html`` after the project's templates."""
    if str(TEMPLATES) not in config.templates_path:
        config.templates_path = [*config.templates_path, str(TEMPLATES)]


def lighten(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    """``html-page-context``: defer scripts; give the template its ``<head>`` filter."""
    search_as_you_type = _true(context.get("theme_search_as_you_type", False))
    deferred = DEFERRED_SCRIPTS
    if pagename != "search" and not search_as_you_type:
        deferred += SEARCH_SUPPORT_SCRIPTS
    context["script_files"] = [
        _deferred(script, deferred) for script in context.get("script_files", [])
    ]
    preload = ""
    if _stylesheet_imports_basic_css(app):
        href = context["pathto"]("_static/basic.css", 1)
        preload = f'\n<link rel="preload" href="{href}" as="style" />'

    def head(html: str) -> str:
        if not search_as_you_type:
            html = _SEARCH_SCRIPTS.sub("", html)
        return html + preload

    context["bibfolio_head"] = head


def _true(value: Any) -> bool:
    """A theme option's value as a bool (theme.conf options arrive as strings)."""
    return (
        value.strip().lower() in {"true", "1", "yes", "on"}
        if isinstance(value, str)
        else bool(value)
    )


def _deferred(script: Any, names: tuple[str, ...]) -> Any:
    filename = str(getattr(script, "filename", ""))
    if not filename.endswith(names) or getattr(script, "attributes", None):
        return script
    return type(script)(filename, priority=script.priority, defer="defer")


def _stylesheet_imports_basic_css(app: Sphinx) -> bool:
    theme = getattr(app.builder, "theme", None)
    if theme is None:
        return False
    return _imports_basic_css(tuple(map(str, theme.get_theme_dirs())))


@cache
def _imports_basic_css(theme_dirs: tuple[str, ...]) -> bool:
    """Whether a stylesheet in the theme's ``static`` folders imports basic.css."""
    return any(
        _IMPORTS_BASIC_CSS.search(path.read_text("utf-8", "replace"))
        for directory in theme_dirs
        for path in Path(directory, "static").rglob("*.css")
        if "vendor" not in path.parts
    )
