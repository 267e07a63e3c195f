"""What bibfolio adds to a page's ``<head>``: its assets where it renders, lighter pages on request.

A project that only adds ``"bibfolio"`` to ``extensions`` keeps its pages as they were:

* ``bibfolio.css`` and ``bibfolio.js`` are linked only from pages that show a bibfolio
  element (a list, a chart, a paper page), added per page in ``html-page-context``.

Portfolios that want every page light turn on ``bibfolio_light_pages`` (both example
portfolios do).  Then:

* Scripts that only act on the parsed page are loaded with ``defer``: Sphinx's
  search-word highlighter and sphinx-copybutton's two scripts; also Sphinx's
  ``documentation_options.js`` and ``doctools.js`` wherever the search scripts, which
  need them at once, are not loaded.  This runs last in ``html-page-context`` and edits
  the page's script list in place, so what a theme or another extension adds in that
  event stays.  An inline script that sets ``DOCUMENTATION_OPTIONS.*`` (pydata-sphinx-theme
  writes several on every page) runs at once and needs ``documentation_options.js``
  before it: on such a page that file is not deferred.
* pydata-sphinx-theme links ``searchtools.js``, ``language_data.js`` and
  ``searchindex.js`` (the whole site's index) from every page's ``<head>``, for its
  search-as-you-type.  With that theme option off (the default) the search box opens
  ``search.html``, which loads them itself, so other pages leave them out.  This is done
  by ``templates/layout.html``, which wraps the theme's ``extrahead`` block; a project's
  own ``layout.html`` takes precedence and then nothing is removed.
* When one of the theme's stylesheets ``@import``s Sphinx's ``basic.css`` (pydata's
  ``styles/theme.css`` does), the browser discovers it one round trip late; the head
  then preloads it.
* ``bibfolio-icons.css`` draws pydata-sphinx-theme's header icons without its icon font.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from sphinx.application import Sphinx
    from sphinx.config import Config

TEMPLATES = Path(__file__).parent.parent / "templates"
#: Scripts (by file name) that act only once the page is parsed.
DEFERRED_SCRIPTS = ("sphinx_highlight.js", "clipboard.min.js", "copybutton.js")
#: After every other handler of ``html-page-context`` (themes use the default, 500).
LATE = 900
_SEARCH_SCRIPTS = re.compile(
    r'\s*<script src="[^"]*\b(?:searchtools\.js|language_data\.js|searchindex\.js)"></script>'
)
_IMPORTS_BASIC_CSS = re.compile(r"""@import\s+(?:url\()?["']?(?:\.\./)?basic\.css""")
#: An element bibfolio wrote: every one carries a ``bibfolio-*`` class.
_BIBFOLIO_ELEMENT = re.compile(r'\bclass="(?:[^"]* )?bibfolio-')


def add_templates(app: Sphinx, config: Config) -> None:
    """``config-inited``: with light pages, put bibfolio's ``layout.html`` after the project's."""
    if config.bibfolio_light_pages and str(TEMPLATES) not in config.templates_path:
        config.templates_path = [*config.templates_path, str(TEMPLATES)]


def add_icon_css(app: Sphinx) -> None:
    """``builder-inited``: with light pages, link the header icons' CSS from every page."""
    # Not in an epub: its theme has no header icons, and epubcheck rejects nested CSS.
    epub = app.builder.name.startswith("epub")
    if app.config.bibfolio_light_pages and app.builder.format == "html" and not epub:
        app.add_css_file("bibfolio-icons.css")


def add_page_assets(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    """``html-page-context``: link bibfolio.css and bibfolio.js from a page that shows bibfolio."""
    if _BIBFOLIO_ELEMENT.search(context.get("body") or ""):
        app.add_css_file("bibfolio.css")
        app.add_js_file("bibfolio.js", loading_method="defer")


def lighten(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    """``html-page-context`` (last): defer scripts; give the template its ``<head>`` filter."""
    if not app.config.bibfolio_light_pages:
        return
    search_as_you_type = _true(context.get("theme_search_as_you_type", False))
    deferred = DEFERRED_SCRIPTS
    scripts = context.get("script_files")
    if pagename != "search" and not search_as_you_type:
        deferred += ("doctools.js",)
        if not _inline_uses_options(scripts):
            deferred += ("documentation_options.js",)
    if isinstance(scripts, list):
        # In place: the builder hands this same list to the template.
        scripts[:] = [_deferred(script, deferred) for script in scripts]
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


def _inline_uses_options(scripts: Any) -> bool:
    """Whether an inline script of the page reads or sets ``DOCUMENTATION_OPTIONS``."""
    return any(
        "DOCUMENTATION_OPTIONS" in str((getattr(script, "attributes", None) or {}).get("body", ""))
        for script in scripts or ()
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
