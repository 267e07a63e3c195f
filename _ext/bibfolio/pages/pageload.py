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
* Sphinx compiles every HTML template it renders (the theme's layout, ``genindex.html``,
  ``search.html`` ...) again in each build, about a fifth of a no-change rebuild's CPU
  time.  ``cache_templates`` gives its Jinja environment Jinja's own bytecode cache, kept
  with the doctrees (see there).
* ``bibfolio-icons.css`` draws pydata-sphinx-theme's header icons without its icon font.
* A page without a highlighted block (``div.highlight``: code, BibTeX) loads neither
  sphinx-copybutton's scripts and stylesheet (its buttons go on ``div.highlight pre``)
  nor Sphinx's ``pygments.css`` (it styles ``.highlight`` only): 8.7 KB (gzip) less on
  such pages of ``docs/`` (issue 24).
"""

from __future__ import annotations

import hashlib
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
#: An element sphinx-copybutton and pygments.css act on (``.highlight``).
_HIGHLIGHT = re.compile(r'\bclass="(?:[^"]*\s)?highlight[\s"]')
#: What only pages with a highlighted block use.
_CODE_SCRIPTS = ("clipboard.min.js", "copybutton.js")
_CODE_STYLES = ("copybutton.css", "pygments.css")


def add_templates(app: Sphinx, config: Config) -> None:
    """``config-inited``: with light pages, put bibfolio's ``layout.html`` after the project's."""
    if config.bibfolio_light_pages and str(TEMPLATES) not in config.templates_path:
        config.templates_path = [*config.templates_path, str(TEMPLATES)]


def cache_templates(app: Sphinx) -> None:
    """``builder-inited`` (early): load the HTML templates compiled by an earlier build.

    Jinja's ``FileSystemBytecodeCache`` keeps each compiled template in a folder of the
    doctrees, keyed on its name and file and checked against its source's checksum (an
    edited template is compiled again) and Python's version.  The folder's name adds
    what else decides the compiled code: Jinja's version, the environment's class and
    its extensions.  Sphinx offers no setting for it; a project's own template bridge
    without a Jinja environment is left alone.
    """
    from jinja2 import Environment, FileSystemBytecodeCache  # noqa: PLC0415

    jinja = getattr(getattr(app.builder, "templates", None), "environment", None)
    if not isinstance(jinja, Environment) or jinja.bytecode_cache is not None:
        return
    import jinja2  # noqa: PLC0415

    key = repr((jinja2.__version__, type(jinja).__qualname__, sorted(jinja.extensions)))
    folder = Path(app.doctreedir, "bibfolio-templates", _digest(key))
    folder.mkdir(parents=True, exist_ok=True)
    jinja.bytecode_cache = FileSystemBytecodeCache(str(folder))


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:16]


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
    code = _HIGHLIGHT.search(context.get("body") or "") is not None
    if isinstance(scripts, list):
        # In place: the builder hands this same list to the template (and restores it
        # for the next page).
        scripts[:] = [
            _deferred(script, deferred)
            for script in scripts
            if code or not _named(script, _CODE_SCRIPTS)
        ]
    styles = context.get("css_files")
    if isinstance(styles, list) and not code:
        styles[:] = [style for style in styles if not _named(style, _CODE_STYLES)]
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


def _named(asset: Any, names: tuple[str, ...]) -> bool:
    """Whether *asset* (a script or stylesheet) is one of the ``_static`` files *names*."""
    filename = str(getattr(asset, "filename", asset))
    return filename.rsplit("/", 1)[-1] in names and "://" not in filename


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
