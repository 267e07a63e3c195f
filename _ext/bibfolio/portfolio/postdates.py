"""A post's date as the news items' are: in the site's language, by Babel (issue 45).

ABlog writes dates with ``strftime`` and its own formats (``post_date_format``,
``"%d %B %Y"``; ``post_date_format_short``, ``"%d %B"``, in a ``{postlist}``): English
month names (or those of the building machine's locale) and another order than the
news beside them on a home page ("01 October" under "September 1, 2026").  On a
portfolio bibfolio writes them itself, with the function the news use
(:func:`bibfolio.news.directives.date_text`): "October 1, 2026", "1. Oktober 2026",
"2026年10月1日".

A ``{postlist}`` without a ``:date:`` of its own (and a site that leaves
``post_date_format_short`` to ABlog) gets a marker as its format before ABlog writes the
list (``doctree-resolved``, :func:`mark_post_lists`) and each marked date is written
after it (:func:`write_post_dates`).  The post page's card and its line for narrow
screens (posts.py) take :func:`post_date_text`.  Nothing here imports ABlog: its
``PostList`` node is read by name.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from docutils import nodes

from ..build.config import user_set
from ..news.data import ItemDate
from ..news.directives import date_text

if TYPE_CHECKING:
    import datetime

    from sphinx.application import Sphinx

#: ABlog's node for a ``{postlist}`` before it is resolved (read by name, as cv/source.py).
ABLOG_POST_LIST = "PostList"
#: The ``strftime`` format ABlog writes a marked list's dates with; then replaced.
_MARK = "\x1fbibfolio-post-date:%Y-%m-%d\x1f"
_MARKED = re.compile("\x1fbibfolio-post-date:(\\d{4})-(\\d{2})-(\\d{2})\x1f")


def post_date_text(date: datetime.date) -> str:
    """*date* (a post's) as the news items' dates are written in the build's language."""
    return date_text(ItemDate(date.year, date.month, date.day))


def writes_post_dates(app: Sphinx) -> bool:
    """Whether bibfolio writes ABlog's dates: a portfolio with ABlog, formats left to it."""
    return (
        app.config.bibfolio_portfolio is True
        and "ablog" in app.extensions
        and not user_set(app.config, "post_date_format_short")
    )


def mark_post_lists(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """``doctree-resolved``, before ABlog: lists without a ``:date:`` get the marker."""
    if not writes_post_dates(app):
        return
    for node in doctree.findall(nodes.Element):
        if type(node).__name__ == ABLOG_POST_LIST and not node.get("date"):
            node["date"] = _MARK


def write_post_dates(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """``doctree-resolved``, after ABlog: each marked date written in the language.

    A list item's date and ABlog's " - " before its title become inlines of their own
    (``bibfolio-post-date``, ``bibfolio-post-dash``): bibfolio.css sets the date in a
    column as the news items' dates are, the dash left out there.
    """
    if not writes_post_dates(app):
        return

    def written(match: re.Match[str]) -> str:
        year, month, day = (int(part) for part in match.group(1, 2, 3))
        return date_text(ItemDate(year, month, day))

    for text in list(doctree.findall(nodes.Text)):
        if "\x1f" not in text:
            continue
        parent = text.parent
        found = _MARKED.fullmatch(str(text))
        if found and parent.index(text) == 0 and "ablog-post-title" in parent.get("classes", []):
            dash = parent.children[1] if len(parent.children) > 1 else None
            if isinstance(dash, nodes.Text) and str(dash) == " - ":
                parent.replace(dash, nodes.inline("", " - ", classes=["bibfolio-post-dash"]))
            parent.replace(text, nodes.inline("", written(found), classes=["bibfolio-post-date"]))
            continue
        parent.replace(text, nodes.Text(_MARKED.sub(written, str(text))))


def register(app: Sphinx) -> None:
    """Around ABlog's ``process_postlist`` (priority 500)."""
    app.connect("doctree-resolved", mark_post_lists, priority=400)
    app.connect("doctree-resolved", write_post_dates, priority=600)
