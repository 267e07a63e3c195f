"""Paper pages in the theme's own ``page.html``, rendered once per kind of page and filled in.

With pydata-sphinx-theme, a paper page wears the site: the theme's header (navigation,
search, colour-mode switch, icon links, language switcher, phone menu) and footer, as
every other page.  One render of the theme's ``page.html`` costs about 3 ms (performance
baselines §10), thousands of them several times the rest of the build; yet paper pages sit
side by side in one folder, so everything the theme writes around a page is the same for
all of them but for a few parts: the ``title`` (the ``<title>``, the breadcrumbs), the
``body``, the head's ``metatags`` (Scholar's tags, Open Graph, alternates) and the page's
name (the canonical link, pydata-sphinx-theme's inline script naming the page, the
language switcher's links).

:class:`ThemePageSkeletons` stands in for the builder's template bridge while paper pages
are written.  Everything else of ``builder.handle_page`` happens for each page as before
(its context, ``html-page-context`` and every handler of it: sphinxext-opengraph,
sphinx-sitemap, the theme's own; the file); only the render is made from a *skeleton*: the
first page of a kind rendered with a marker for each of those parts, filled in for each
page.  A kind of page is what the page's context holds apart from those parts, with the
page's name masked and what is the build's own (the same object as in the builder's
global context) or a function of the page (pydata-sphinx-theme's navigation helpers, bound
to the page's name) left out.  Working it out again for each page is kept short: the
values that are the build's own are checked together by identity, and a value equal to
the last page's that names neither page keeps the key it had (``_Seen``).

Each skeleton is checked twice: the page it is made from is rendered in full too and must
come out the same filled in; and so must the next page of its kind (another name, title
and body), rendered in full as well.  A skeleton that fails either check, or whose markers
do not come out as expected, is not used: its kind of page is rendered in full.  The
comparison with pages written by the theme alone is tests/test_paper_theme.py.
"""

from __future__ import annotations

import operator
import re
import secrets
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, NamedTuple

from jinja2.filters import do_striptags
from markupsafe import escape

if TYPE_CHECKING:
    from collections.abc import Iterator

    from sphinx.builders import Builder

#: The theme's template a paper page is written with.
THEME_TEMPLATE = "page.html"
#: Page fields that only html-page-context handlers read (sphinxext-opengraph: they end up
#: in ``metatags``, a part of its own); the template never sees them.
_HANDLER_FIELDS = ("og:", "ogp_")
#: What only pydata-sphinx-theme's html-page-context handlers read, not the template.
_HANDLER_VALUES = frozenset({"theme_templates_skip_empty_check", "theme_secondary_sidebar_items"})
#: The theme's template lists its handler renders one by one (dropping those that come
#: out empty) on every page: a sizeable part of a paper page's cost (profiled).
SECTIONS = (
    "theme_navbar_start", "theme_navbar_center", "theme_navbar_persistent",
    "theme_navbar_end", "theme_article_header_start", "theme_article_header_end",
    "theme_article_footer_items", "theme_content_footer_items", "theme_footer_start",
    "theme_footer_center", "theme_footer_end", "theme_primary_sidebar_end", "sidebars",
    "secondary_sidebar_items",
)  # fmt: skip
#: Context values that are the page's parts or name, filled in or masked.
_PARTS = frozenset({"title", "body", "metatags", "pagename", "current_page_name", "pageurl"})
#: More kinds of page than this and new kinds are rendered in full: each costs three renders.
_MAX_SKELETONS = 16
_UNCHECKED = object()


class _UnkeyableError(Exception):
    """A context value the skeleton cannot tell apart from page to page."""


def _canonical(
    value: Any,
    page: str,
    memo: dict[int, tuple[Any, Any, tuple[str, ...]]] | None = None,
    texts: list[str] | None = None,
) -> Any:
    """*value* as a hashable key, the page's name masked in its strings.

    *memo* keeps the keys of objects other than strings and containers (the stylesheets
    and scripts every page links, the same objects on every page) by identity, with the
    strings they mask.  Each string the key masks is added to *texts*, when given.
    """
    if value is None or isinstance(value, (int, float, bool)):
        return value
    if isinstance(value, str):
        if texts is not None:
            texts.append(value)
        return value.replace(page, "\0") if page else value
    if isinstance(value, (list, tuple)):
        # Inline for the lists every page has (its scripts, stylesheets and the theme's
        # template names, new lists on each page): strings and known objects without a call.
        items: list[Any] = [type(value).__name__]
        for item in value:
            known = memo.get(id(item)) if memo is not None else None
            if type(item) is str:
                if texts is not None:
                    texts.append(item)
                items.append(item.replace(page, "\0") if page else item)
            elif known is not None and known[0] is item:
                items.append(known[1])
                if texts is not None:
                    texts.extend(known[2])
            else:
                items.append(_canonical(item, page, memo, texts))
        return tuple(items)
    if isinstance(value, dict):
        return (
            "dict",
            *sorted(
                (repr(key), _canonical(item, page, memo, texts)) for key, item in value.items()
            ),
        )
    if memo is not None:
        known = memo.get(id(value))
        if known is not None and known[0] is value:
            if texts is not None:
                texts.extend(known[2])
            return known[1]
        own: list[str] = []
        key = _canonical(value, page, None, own)
        # Only what names no page: the page's own inline script is new on every page.
        if not page or not any(page in text for text in own):
            memo[id(value)] = (value, key, tuple(own))
        if texts is not None:
            texts.extend(own)
        return key
    kind = type(value)
    if kind.__eq__ is not object.__eq__ and kind.__hash__ is not None:
        # Sphinx's stylesheets and scripts compare by file and attributes; an inline
        # script's body may name the page (pydata-sphinx-theme's).
        attributes = getattr(value, "attributes", None)
        if isinstance(attributes, dict):
            return (
                kind.__name__,
                _canonical(str(value), page, None, texts),
                _canonical(attributes, page, None, texts),
            )
        return value
    raise _UnkeyableError


#: Values seen again as the same object may have changed meanwhile, but for these.
_IMMUTABLE = (str, int, float, bool, type(None))


class _Seen(NamedTuple):
    """A context value as the last page had it, with its key."""

    #: The value (the same object as the page's, never changed by the skeletons).
    value: Any
    key: Any
    #: Every string the key masks, joined by NUL (no page's name holds one).
    texts: str

    def same(self, value: Any, page: str) -> bool:
        """Whether *value* has this key on *page*: equal, and naming neither page."""
        last = self.value
        if value is last:
            if not isinstance(value, _IMMUTABLE):
                return False
        elif type(value) is not type(last):
            return False
        else:
            try:
                if value != last:
                    return False
            except Exception:  # a value that cannot be compared is keyed anew
                return False
        return not page or page not in self.texts


class _Skeleton:
    """A page split at its parts: ``[text, part, text, part, ..., text]``."""

    def __init__(self, pieces: list[str]) -> None:
        self.pieces = pieces
        #: Whether the next page of its kind came out the same filled in as in full.
        self.checked = False

    def fill(self, context: dict[str, Any]) -> str:
        title = str(context.get("title") or "")
        values = {
            "title": title,
            "title-text": str(escape(do_striptags(title))),
            "body": str(context.get("body") or ""),
            "metatags": str(context.get("metatags") or ""),
            "pagename": str(context.get("pagename") or ""),
        }
        out = [self.pieces[0]]
        for index in range(1, len(self.pieces), 2):
            out.append(values[self.pieces[index]])
            out.append(self.pieces[index + 1])
        return "".join(out)


class ThemePageSkeletons:
    """The builder's template bridge, rendering the theme's page once per kind of paper page."""

    def __init__(self, templates: Any, builder: Builder) -> None:
        self._templates = templates
        self._builder = builder
        self._global = getattr(builder, "globalcontext", {})
        self._skeletons: dict[Any, _Skeleton | None] = {}
        self._memo: dict[int, tuple[Any, Any, tuple[str, ...]]] = {}
        #: Each context value's key as the last page had it, where it named no page.
        self._seen: dict[str, _Seen] = {}
        #: The last page's context names; of them, those whose value was the build's own
        #: (the builder's global context), with those values; the others, sorted.
        self._plan: tuple[tuple[str, ...], list[str], list[Any], list[str]] = ((), [], [], [])
        token = secrets.token_hex(8)
        self._markers = {
            name: f"bibfolio{token}{name}" for name in ("title", "body", "meta", "page")
        }
        #: Pages filled in and rendered in full (for the tests and the log).
        self.filled = self.rendered = 0
        #: The theme's template lists as its handler left them on the first page under
        #: each list (:meth:`known_sections`).
        self._sections: dict[str, dict[str, Any]] = {}

    def known_sections(self, list_doc: str) -> dict[str, Any]:
        """Context for a further page under *list_doc*: the theme's lists as already checked.

        pydata-sphinx-theme renders each template of its header, sidebars and footer on
        every page to drop those that come out empty; for pages side by side under one
        list the answer is the first page's.  Given its lists, each marked as not to be
        checked again (the theme's ``templates_skip_empty_check``), the handler keeps
        them as they are.  Empty before the first page under *list_doc* is written.
        """
        known = self._sections.get(list_doc)
        if known is None:
            return {}
        names = sorted({name for value in known.values() for name in value})
        # The secondary sidebar's handler checks its list whatever it is told: given the
        # list the first page's check left, it renders only those again (none if empty).
        secondary = known.get("secondary_sidebar_items", [])
        return {
            **known,
            "theme_templates_skip_empty_check": names,
            "theme_secondary_sidebar_items": secondary,
        }

    def __getattr__(self, name: str) -> Any:
        return getattr(self._templates, name)

    def _key(self, context: dict[str, Any]) -> Any:
        """The kind of page: what the template may read of the context, but the parts.

        A value equal to the last page's, naming neither page, has the key it had then
        (most of a page's context: its scripts and stylesheets, the theme's lists), so
        only what differs is keyed anew.
        """
        page = str(context.get("pagename") or "")
        uri = self._builder.get_target_uri(page).rsplit("#", 1)[0]
        key: list[Any] = [page.rpartition("/")[0], uri.count("/")]
        names = tuple(context)
        _names, shared, values, others = self._plan
        # Most of a page's context is the build's own, the same objects on every page:
        # checked together (as each alone below) while they stay so.
        if names != _names or not all(map(operator.is_, map(context.__getitem__, shared), values)):
            shared = [name for name in names if self._global.get(name, _UNCHECKED) is context[name]]
            values = [context[name] for name in shared]
            others = sorted(set(names).difference(shared))
            self._plan = (names, shared, values, others)
        seen = self._seen
        try:
            for name in others:
                value = context[name]
                if name in _PARTS:
                    key.append((name, bool(value)))
                    continue
                if (
                    self._global.get(name, _UNCHECKED) is value
                    or name in _HANDLER_VALUES
                    or callable(value)
                ):
                    continue
                if name == "meta" and isinstance(value, dict):
                    value = {k: v for k, v in value.items() if not k.startswith(_HANDLER_FIELDS)}
                last = seen.get(name)
                if last is not None and last.same(value, page):
                    key.append((name, last.key))
                    continue
                texts: list[str] = []
                value_key = _canonical(value, page, self._memo, texts)
                joined = "\0".join(texts)
                if not page or page not in joined:
                    seen[name] = _Seen(value, value_key, joined)
                else:
                    seen.pop(name, None)
                key.append((name, value_key))
        except _UnkeyableError:
            return None
        return tuple(key)

    def _make(self, template: str, context: dict[str, Any]) -> tuple[_Skeleton | None, str]:
        """The skeleton made from *context*'s page, and that page rendered in full."""
        markers = self._markers
        marked_context = {
            **context,
            # A title is written as it is (breadcrumbs) and stripped of tags (<title>).
            "title": f"<span>{markers['title']}</span>",
            "body": markers["body"],
            "metatags": markers["meta"],
        }
        marked = self._templates.render(template, marked_context)
        full = self._templates.render(template, context)
        page = str(context.get("pagename") or "")
        if not page or any(marker in page for marker in markers.values()):
            return None, full
        if marked.count(markers["body"]) != 1 or marked.count(markers["meta"]) > 1:
            return None, full
        if f"&lt;span&gt;{markers['title']}" in marked:
            return None, full  # a title written escaped: not a part this knows
        marked = marked.replace(page, markers["page"])
        names = {
            f"<span>{markers['title']}</span>": "title",
            markers["title"]: "title-text",
            markers["body"]: "body",
            markers["meta"]: "metatags",
            markers["page"]: "pagename",
        }
        pattern = "|".join(re.escape(marker) for marker in names)  # the <span> one first
        pieces = re.split(f"({pattern})", marked)
        for index in range(1, len(pieces), 2):
            pieces[index] = names[pieces[index]]
        skeleton = _Skeleton(pieces)
        if skeleton.fill(context) != full:
            return None, full
        return skeleton, full

    def render(self, template: str, context: dict[str, Any]) -> str:
        """*template* with *context*: filled into its skeleton where there is one."""
        key = self._key(context) if template == THEME_TEMPLATE else None
        skeleton = self._skeletons.get(key) if key is not None else None
        if skeleton is not None and skeleton.checked:
            self.filled += 1
            return skeleton.fill(context)
        self.rendered += 1
        if key is None or (key in self._skeletons and skeleton is None):
            return self._templates.render(template, context)
        if skeleton is not None:
            # The second page of its kind: in full, and the skeleton must give the same.
            full = self._templates.render(template, context)
            if skeleton.fill(context) == full:
                skeleton.checked = True
            else:
                self._skeletons[key] = None
            return full
        if len(self._skeletons) >= _MAX_SKELETONS:
            return self._templates.render(template, context)
        self._skeletons[key], full = self._make(template, context)
        if self._skeletons[key] is not None:
            self._sections.setdefault(
                str(context.get("bibfolio_paper_list", "")),
                {
                    name: list(context[name])
                    for name in SECTIONS
                    # Lists the handler left alone (empty ones) stay the build's own.
                    if isinstance(context.get(name), list)
                    and context[name] is not self._global.get(name)
                },
            )
        return full


@contextmanager
def theme_skeletons(builder: Builder) -> Iterator[ThemePageSkeletons | None]:
    """While paper pages are written: the builder's templates behind :class:`ThemePageSkeletons`."""
    templates = getattr(builder, "templates", None)
    if templates is None:
        yield None
        return
    skeletons = ThemePageSkeletons(templates, builder)
    builder.templates = skeletons  # type: ignore[attr-defined]
    try:
        yield skeletons
    finally:
        builder.templates = templates  # type: ignore[attr-defined]
