"""Paper pages from one render of their template: the page around each body is the same.

Sphinx renders a page's template once per page (``builder.handle_page``); for 3,000 paper
pages that was a tenth of a cold build, most of it the same work 3,000 times (the header,
the stylesheet links with their checksums).  Paper pages sit side by side in one folder
and bibfolio's own ``bibfolio-paper.html`` puts only a few things of a page into it: its
``title``, ``metatags``, ``body`` and ``pageurl``, and pydata-sphinx-theme's inline script
naming the page.  :class:`SkeletonTemplates` stands in for the builder's template bridge
while paper pages are written: everything else of ``handle_page`` happens as before (the
context, ``html-page-context`` and its handlers, the file), and only the render is made
from a *skeleton*, the template rendered once with a marker for each of those parts,
filled in for each page.

A skeleton serves the pages whose context agrees on everything else the template reads
(the key: the values of its other variables, and the page's folder and depth, from which
its relative links start; the template links nothing inside a page's own folder).  Each
skeleton is checked when it is made: the page it was made for is also rendered in full,
and a skeleton whose filled-in page differs is not used (nor is one whose markers do not
each come out once).  A project's own ``bibfolio-paper.html``, or a template that
includes or extends another, is always rendered in full.
"""

from __future__ import annotations

import secrets
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from jinja2 import meta
from jinja2.filters import do_striptags
from markupsafe import escape

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator

    from sphinx.builders import Builder

#: How the template writes each part that differs from page to page (bibfolio-paper.html).
_PARTS: dict[str, Callable[[Any], str]] = {
    "title": lambda value: str(escape(do_striptags(value))),  # {{ title|striptags|e }}
    "metatags": str,  # {{- metatags }}
    "body": str,  # {{ body }}
    "pageurl": lambda value: str(escape(value)),  # {% if pageurl %} ... {{ pageurl|e }}
    # pydata-sphinx-theme's inline script "DOCUMENTATION_OPTIONS.pagename = '<page>';"
    # (js_tag writes an inline script's body as it is).
    "pagename": str,
}
#: Functions of the page context whose results depend on the page's folder only (Sphinx's
#: ``handle_page``): relative links, and the asset tags built on them.
_FOLDER_FUNCTIONS = frozenset({"pathto", "css_tag", "js_tag", "hasdoc"})
#: More kinds of page than this (a context value that differs on every page) and new
#: kinds are rendered in full: a skeleton costs two renders.
_MAX_SKELETONS = 16
_MISSING = object()


class _UnkeyableError(Exception):
    """A context value the skeleton cannot tell apart from page to page."""


def _inline_scripts(scripts: Any, pagename: str, replacement: str) -> Any:
    """*scripts* with *pagename* in inline scripts' bodies replaced by *replacement*."""
    if not pagename or not isinstance(scripts, list):
        return scripts
    out = []
    for script in scripts:
        attributes = getattr(script, "attributes", None) or {}
        body = attributes.get("body")
        if not getattr(script, "filename", "x") and isinstance(body, str) and pagename in body:
            attributes = {**attributes, "body": body.replace(pagename, replacement)}
            out.append(type(script)("", priority=script.priority, **attributes))
        else:
            out.append(script)
    return out


def _canonical(value: Any) -> Any:
    """*value* as a hashable key that compares equal exactly when the values do."""
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    if isinstance(value, (list, tuple)):
        return (type(value).__name__, *map(_canonical, value))
    if isinstance(value, dict):
        return ("dict", *sorted((repr(k), _canonical(v)) for k, v in value.items()))
    kind = type(value)
    if kind.__eq__ is not object.__eq__ and kind.__hash__ is not None:
        return value  # Sphinx's stylesheets and scripts compare by file and attributes
    # A module's function (bibfolio_theme_styles): the same for every page.
    if (
        callable(value)
        and getattr(value, "__closure__", None) is None
        and getattr(value, "__self__", None) is None
        and hasattr(value, "__qualname__")
    ):
        return ("function", value.__module__, value.__qualname__)
    raise _UnkeyableError


class SkeletonTemplates:
    """The builder's template bridge, rendering *template* once per kind of page."""

    def __init__(self, templates: Any, builder: Builder, template: str) -> None:
        self._templates = templates
        self._builder = builder
        self._template = template
        self._skeletons: dict[Any, list[str] | None] = {}
        self._names = self._variables()
        self._markers = {name: f"bibfolio{secrets.token_hex(8)}{name}" for name in _PARTS}
        #: Pages rendered from a skeleton, and in full (for the tests and the log).
        self.filled = self.rendered = 0

    def __getattr__(self, name: str) -> Any:
        return getattr(self._templates, name)

    def _variables(self) -> frozenset[str] | None:
        """What the template reads from the page context, or None (render in full)."""
        environment = getattr(self._templates, "environment", None)
        if environment is None or environment.loader is None:
            return None
        source = environment.loader.get_source(environment, self._template)[0]
        parsed = environment.parse(source)
        if any(True for _name in meta.find_referenced_templates(parsed)):
            return None  # what a parent or included template reads is not seen here
        return frozenset(meta.find_undeclared_variables(parsed))

    def _key(self, context: dict[str, Any]) -> Any:
        """What decides the page around the body: everything read, but the four parts."""
        if self._names is None:
            return None
        # Links from a page to pages and files outside its own folder (every link of the
        # template's) depend on its folder and on its address's depth: dirhtml writes
        # <folder>/<page>/index.html, linked as <folder>/<page>/.
        page = context.get("pagename", "")
        uri = self._builder.get_target_uri(page).rsplit("#", 1)[0]
        key: list[Any] = [page.rpartition("/")[0], uri.count("/")]
        try:
            for name in sorted(self._names):
                value = context.get(name, _MISSING)
                if name == "script_files":
                    value = _inline_scripts(value, context.get("pagename", ""), "\0")
                if name in _PARTS:  # the markers go where a value is given
                    key.append((name, value is _MISSING, bool(value)))
                elif value is _MISSING:
                    key.append((name, "missing"))
                elif name in _FOLDER_FUNCTIONS:
                    key.append((name, "folder"))
                else:
                    key.append((name, _canonical(value)))
        except _UnkeyableError:
            return None
        return tuple(key)

    def _fill(self, parts: list[str], context: dict[str, Any]) -> str:
        out = [parts[0]]
        for index in range(1, len(parts), 2):
            name = parts[index]
            out.append(_PARTS[name](context.get(name)))
            out.append(parts[index + 1])
        return "".join(out)

    def _make(self, template: str, context: dict[str, Any]) -> tuple[list[str] | None, str]:
        """The skeleton made from *context*'s page, and that page rendered in full."""
        present = {name: marker for name, marker in self._markers.items() if context.get(name)}
        page = present.pop("pagename", "")
        marked_context = {**context, **present}
        if page and "script_files" in self._names:
            scripts = _inline_scripts(context.get("script_files"), context["pagename"], page)
            marked_context["script_files"] = scripts
            if scripts != context.get("script_files"):
                present["pagename"] = page
        marked = self._templates.render(template, marked_context)
        full = self._templates.render(template, context)
        if any(marked.count(marker) != 1 for marker in present.values()):
            return None, full
        # Split at the markers, in the order they come: text, name, text, name, ..., text.
        parts = [marked]
        for name, marker in sorted(present.items(), key=lambda item: marked.index(item[1])):
            head, tail = parts.pop().split(marker)
            parts.extend([head, name, tail])
        if self._fill(parts, context) != full:
            return None, full
        return parts, full

    def render(self, template: str, context: dict[str, Any]) -> str:
        """*template* with *context*: filled into its skeleton where there is one."""
        key = self._key(context) if template == self._template else None
        if key is None:
            self.rendered += 1
            return self._templates.render(template, context)
        if key in self._skeletons:
            parts = self._skeletons[key]
            if parts is not None:
                self.filled += 1
                return self._fill(parts, context)
            self.rendered += 1
            return self._templates.render(template, context)
        self.rendered += 1
        if len(self._skeletons) >= _MAX_SKELETONS:
            return self._templates.render(template, context)
        parts, full = self._make(template, context)
        self._skeletons[key] = parts
        return full


@contextmanager
def templates_for_pages(builder: Builder, template: str, *, skeleton: bool) -> Iterator[None]:
    """While pages of *template* are written: templates stay as they are, skeletons if asked.

    Templates cannot change while pages are written; without this, Jinja checks the mtime
    of each of the theme's ~40 templates for every page.  *skeleton* (bibfolio's own
    template) puts a :class:`SkeletonTemplates` in front of the builder's bridge.
    """
    templates = getattr(builder, "templates", None)
    jinja = getattr(templates, "environment", None)
    auto_reload = getattr(jinja, "auto_reload", False)
    if jinja is not None:
        jinja.auto_reload = False
    if skeleton and templates is not None:
        builder.templates = SkeletonTemplates(templates, builder, template)  # type: ignore[attr-defined]
    try:
        yield
    finally:
        if templates is not None:
            builder.templates = templates  # type: ignore[attr-defined]
        if jinja is not None:
            jinja.auto_reload = auto_reload
