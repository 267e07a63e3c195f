"""The old address of a Jekyll document: its permalink and its ``redirect_from``."""

from __future__ import annotations

import datetime as dt
import re
from pathlib import PurePosixPath
from typing import TYPE_CHECKING, Any

from ..dates import iso_date
from ..model import old_address

if TYPE_CHECKING:
    from ..frontmatter import Document
    from .site import Config

#: Jekyll's built-in permalink styles.
_STYLES = {
    "date": "/:categories/:year/:month/:day/:title:output_ext",
    "pretty": "/:categories/:year/:month/:day/:title/",
    "ordinal": "/:categories/:year/:y_day/:title:output_ext",
    "weekdate": "/:categories/:year/W:week/:short_day/:title:output_ext",
    "none": "/:categories/:title:output_ext",
}
_POST_NAME = re.compile(r"^(\d{4})-(\d{1,2})-(\d{1,2})-(.*)$")


def post_name(path: str) -> tuple[str, str]:
    """A post's date and slug from its file name (``2024-01-26-maps.md``).

    ("", the stem) when the name has no date.
    """
    stem = PurePosixPath(path).stem
    found = _POST_NAME.match(stem)
    if not found:
        return "", stem
    year, month, day, slug = found.groups()
    return iso_date(f"{year}-{int(month):02d}-{int(day):02d}"), slug


def permalink(config: Config, collection: str, doc: Document, path: str) -> str:
    """The old address of the document at *path* (relative to the site's root).

    Jekyll's rules: ``permalink:`` in its front matter, else the collection's pattern in
    ``_config.yml`` (``collections: name: permalink:``), else Jekyll's default
    (``/:collection/:path`` for collections, the site's ``permalink:`` style for posts,
    the file's path for pages), with the suffix the site's style asks for.

    *collection* is "posts", a collection's name, or "" for a page.
    """
    style = str(config.get("permalink", "date"))
    style_pattern = _STYLES.get(style, style)
    pattern = doc.fields.get("permalink")
    if not isinstance(pattern, str) or not pattern.strip():
        pattern = config.get(f"collections.{collection}.permalink") if collection else None
    if not isinstance(pattern, str) or not pattern.strip():
        if collection == "posts":
            pattern = style_pattern
        elif collection:
            pattern = "/:collection/:path" + _suffix(style)
        elif PurePosixPath(path).stem == "index":
            pattern = "/:path/"
        else:
            pattern = "/:path/:basename" + _suffix(style)
    url = _expand(pattern.strip(), _values(collection, doc, path))
    url = re.sub(r"/{2,}", "/", "/" + url)
    url = re.sub(r"/index\.html?$", "/", url)
    return old_address(url) or ""


def addresses(config: Config, collection: str, doc: Document, path: str) -> list[str]:
    """The document's permalink, then each ``redirect_from:`` address (string or list)."""
    found = [permalink(config, collection, doc, path)]
    extra = doc.fields.get("redirect_from") or []
    urls = [extra] if isinstance(extra, str) else extra
    found += [old_address(url) for url in urls if isinstance(url, str) and url.strip()]
    return list(dict.fromkeys(found))


def _suffix(style: str) -> str:
    if style == "pretty" or (style not in _STYLES and style.endswith("/")):
        return "/"
    if style in _STYLES or style.endswith(":output_ext"):
        return ":output_ext"
    return ""


def _values(collection: str, doc: Document, path: str) -> dict[str, str]:
    file = PurePosixPath(path)
    inner = PurePosixPath(*file.parts[1:]) if file.parts[0] == f"_{collection}" else file
    file_date, title = post_name(path) if collection == "posts" else ("", file.stem)
    date = _date(doc.fields.get("date")) or (
        dt.date.fromisoformat(file_date) if len(file_date) == 10 else None
    )
    slug = str(doc.fields.get("slug") or title)
    categories = _categories(doc.fields)
    values = {
        "collection": collection,
        "path": str(inner.with_suffix("")) if collection else str(file.parent),
        "basename": "" if file.stem == "index" else file.stem,
        "name": slugify(file.stem),
        "title": slugify(slug, pretty=True, cased=True),
        "slug": slugify(slug),
        "categories": "/".join(c.lower() for c in categories),
        "slugified_categories": "/".join(slugify(c) for c in categories),
        "output_ext": ".html",
    }
    if date:
        values |= {
            "year": f"{date.year:04d}", "short_year": f"{date.year % 100:02d}",
            "month": f"{date.month:02d}", "i_month": str(date.month),
            "day": f"{date.day:02d}", "i_day": str(date.day),
            "y_day": f"{date.timetuple().tm_yday:03d}",
            "week": f"{date.isocalendar()[1]:02d}", "short_day": f"{date:%a}",
        }  # fmt: skip
        if isinstance(date, dt.datetime):
            values |= {
                "hour": f"{date.hour:02d}",
                "minute": f"{date.minute:02d}",
                "second": f"{date.second:02d}",
            }
    return values


def _date(value: object) -> dt.date | None:
    if isinstance(value, dt.date):
        return value
    text = iso_date(value)
    return dt.date.fromisoformat(text) if len(text) == 10 else None


def _categories(fields: dict[str, Any]) -> list[str]:
    found: list[str] = []
    for name in ("category", "categories"):
        value = fields.get(name)
        if isinstance(value, str):
            found += value.split() if name == "categories" else [value]
        elif isinstance(value, list):
            found += [str(item) for item in value if item is not None]
    return list(dict.fromkeys(found))


def _expand(pattern: str, values: dict[str, str]) -> str:
    # Longest names first, so ":short_year" is never read as ":short" + "_year".
    names = "|".join(sorted(values, key=len, reverse=True))
    return re.sub(rf":({names})", lambda m: values[m.group(1)], pattern)


def slugify(text: str, *, pretty: bool = False, cased: bool = False) -> str:
    """Jekyll's ``slugify`` (modes "default" and "pretty")."""
    # Pretty mode keeps the characters a URL path may hold; the default keeps letters
    # and digits only.
    pattern = r"[^\w._~!$&'()+,;=@]+" if pretty else r"[\W_]+"
    slug = re.sub(pattern, "-", text).strip("-")
    return slug if cased else slug.lower()
