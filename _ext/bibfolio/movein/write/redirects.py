"""Old addresses → new pages: the map links use, and sphinx-reredirects' ``redirects``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..links import address_key
from ..model import Source

if TYPE_CHECKING:
    from collections.abc import Iterable

    from ..model import Report


def redirect_key(address: str) -> str:
    """sphinx-reredirects' key (a docname: it writes ``<key>.html``) for an old address.

    ``news/a/`` is served as ``news/a/index.html``, so the key is ``news/a/index``;
    ``404.html`` → ``404``; ``publication/x`` (an address Jekyll serves as
    ``publication/x.html``) → ``publication/x``; the home page is never redirected.
    """
    text = address.split("#", 1)[0].split("?", 1)[0].strip().lstrip("/")
    if not text:
        return ""
    if text.endswith("/"):
        return text + "index"
    for ending in (".html", ".htm"):
        if text.endswith(ending):
            return text[: -len(ending)]
    return text


def redirects(
    pairs: Iterable[tuple[str, str]],
    docnames: set[str],
    report: Report,
    targets: set[str] | None = None,
) -> dict[str, str]:
    """``redirects`` for conf.py from (old address, new docname[#anchor]) pairs.

    The target is the page's root-relative address (sphinx-reredirects makes it relative
    to the redirect page).  A key that is a document of the new site would overwrite that
    page: left out (reported when it meant another page).  Two old addresses on one key
    keep the first (reported).  A target that is no page of the new site leads to the home
    page (reported); *targets* are the pages there are (default: *docnames*).
    """
    found: dict[str, str] = {}
    for address, target in pairs:
        key = redirect_key(address)
        if not key:
            continue
        docname, _, anchor = target.partition("#")
        if docname not in (docnames if targets is None else targets):
            # Its page is not in the new site (the old blog held only the template's
            # demo posts): the old address leads home rather than nowhere.
            report.check(
                Source(address),
                f"the old address {address} led to what is now {docname}, which the new "
                "site has not: it leads to the home page",
            )
            docname, anchor = "index", ""
        url = f"/{docname}.html" + (f"#{anchor}" if anchor else "")
        if key in docnames or key == docname:
            if key == docname:
                report.note(Source(address), f"the old address {address} is the new page's own")
            else:
                report.check(Source(address), f"the old address {address} is now the page "
                             f"{key}; its redirect to {docname} was left out")  # fmt: skip
            continue
        if key in found and found[key] != url:
            report.check(Source(address), f"two old items had the address {address}: it "
                         f"leads to {found[key]}, not {url}")  # fmt: skip
            continue
        found[key] = url
    return found


def address_map(pairs: Iterable[tuple[str, str]]) -> dict[str, str]:
    """:func:`~..links.address_key` → new docname[#anchor], the first item per address."""
    found: dict[str, str] = {}
    for address, target in pairs:
        found.setdefault(address_key(address), target)
    return found
