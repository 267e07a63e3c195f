"""Ordinals ("2nd", "2.") from the terms of the reference's language, as citeproc-js finds them.

citeproc-py looks for an ordinal term first in the locales of the style's own language,
but compares language tags whole: APA's in-style ``<locale xml:lang="de">`` then shuts out
``locales-de-DE.xml`` and its ``ordinal`` term ("."), and the search falls back to en-US's
"nd" ("2nd Aufl.").  Here the locales of the same *language* (``de``, ``de-DE``) come
first, then every locale, as in CSL 1.0.2's term fallback.
"""

from __future__ import annotations

from typing import Any

_LANG = "{http://www.w3.org/XML/1998/namespace}lang"


def _language(locale: Any) -> str:
    return str(locale.attrib.get(_LANG) or "").split("-")[0]


def to_ordinal(original: Any, number: int, context: Any) -> str:
    """*number* with its ordinal suffix from the first locale, in that order, that has one."""
    root = context.get_root()
    locales = getattr(root, "locales", None)
    if not locales:
        return original(number, context)
    own = [locale for locale in locales if _language(locale) == _language(locales[0])]
    exact = f"ordinal-{number:02}" if len(str(number)) == 1 else f"ordinal-{number}"
    names = ((exact, False), (f"ordinal-{int(str(number)[-1]):02}", True), ("ordinal", False))
    for group in (own, locales):
        for name, zero_padded in names:
            for locale in group:
                try:
                    term = locale.get_term(name, None, zero_padded=zero_padded)
                except IndexError:
                    continue
                return str(number) + term.single
    return str(number)
