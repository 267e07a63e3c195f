"""The ``url_*`` fields and the ``links:`` list of a Hugo page, as bibfolio's link fields."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .content import link

if TYPE_CHECKING:
    from ..model import Site
    from .content import Item

#: ``url_<x>`` front matter fields → the entry's link field.
LINK_FIELDS = {
    "url_pdf": "pdf",
    "url_code": "code",
    "url_dataset": "supp",
    "url_poster": "poster",
    "url_project": "website",
    "url_slides": "slides",
    "url_source": "html",
    "url_video": "video",
}
#: ``links:`` types (2024 on) and names (v4/v5) → link field.
_LINK_TYPES = {
    "pdf": "pdf",
    "code": "code",
    "dataset": "supp",
    "data": "supp",
    "poster": "poster",
    "project": "website",
    "site": "website",
    "website": "website",
    "slides": "slides",
    "source": "html",
    "video": "video",
    "blog": "blog",
    "supplementary": "supp",
    "supplement": "supp",
}


def page_links(item: Item) -> list[tuple[str, str, str]]:
    """(field, url, label) of every link the page gives; field "" when none fits."""
    found = []
    for name, target in LINK_FIELDS.items():
        url = link(item.get(name))
        if url:
            found.append((target, url, name))
    links = item.get("links") or []
    for entry in links if isinstance(links, list) else ():
        if not isinstance(entry, dict):
            continue
        kind = str(entry.get("type") or entry.get("name") or "").strip().lower()
        label = str(entry.get("label") or entry.get("name") or kind)
        url = link(entry.get("url"))
        provider, ident = str(entry.get("provider") or ""), str(entry.get("id") or "")
        if not url and provider == "arxiv" and ident:
            found.append(("arxiv", ident, label))
        elif not url and provider == "doi" and ident:
            found.append(("doi", ident, label))
        elif url:
            found.append((_LINK_TYPES.get(kind, ""), url, label))
    return found


def entry_links(item: Item, key: str, site: Site) -> dict[str, str]:
    """The publication's link fields; local files go into ``site.files`` under papers/."""
    fields: dict[str, str] = {}
    for kind, address, label in page_links(item):
        field = kind or ("url" if "url" not in fields else "")
        url = address
        if not field or field in fields:
            site.report.left(
                item.source("links"), f"the link {label!r} ({url}): its field is taken"
            )
            continue
        if "://" not in url and not url.startswith("mailto:") and field not in ("arxiv", "doi"):
            local = local_file(item, url)
            if not local:
                site.report.left(
                    item.source(label), f"{label} {url!r}: the file is not in the site"
                )
                continue
            target = (
                f"papers/{key}{'' if field == 'pdf' else '-' + field}{local[local.rfind('.') :]}"
            )
            site.files[target] = local
            url = target
        fields[field] = url
    return fields


def local_file(item: Item, url: str) -> str:
    """A site-relative or bundle-relative file a link names, relative to OLD ("" if absent)."""
    path = url.split("#", 1)[0].split("?", 1)[0]
    candidates = [item.path.parent / path.lstrip("./")]
    candidates += [
        item.root / "static" / path.lstrip("/"),
        item.root / "content" / path.lstrip("/"),
    ]
    for candidate in candidates:
        if candidate.is_file():
            return candidate.relative_to(item.root).as_posix()
    return ""


def first(found: list[tuple[str, str, str]], *fields: str) -> str:
    """The first url of *fields* among *found*."""
    return next((url for field, url, _ in found if field in fields), "")


def rest(found: list[tuple[str, str, str]], used: set[str]) -> list[tuple[str, str, str]]:
    """The links not taken by *used* fields (kept as a list in the item's text)."""
    return [entry for entry in found if entry[0] not in used]


def as_list(found: list[tuple[str, str, str]]) -> str:
    """Links as a Markdown list."""
    return "\n".join(f"- [{label}]({url})" for _, url, label in found)
