"""Pandoc citations (``[@key]``, ``@key``) → sphinxcontrib-bibtex roles.

Cross-references (``@fig-x``) are found and reported, left as written.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Callable

#: Quarto's cross-reference prefixes: ``@fig-map`` is a figure, never a citation.
CROSSREF = re.compile(r"^(fig|tbl|sec|eq|lst|thm|lem|cor|prp|cnj|def|exm|exr|sol|rem|apx)-")
_KEY = r"[\w][\w:.#$%&+?<>~/-]*?"
#: ``[see @a, p. 3; @b]``: a bracket holding at least one ``@key``, not a link's text.
_BRACKET = re.compile(r"\[([^\[\]]*?-?@" + _KEY + r"[^\[\]]*?)\](?![(\[{])")
_ITEM = re.compile(r"^(.*?)(-?)@(" + _KEY + r")(?=$|[\s,;.:!?)])(.*)$", re.S)
#: A narrative ``@key``: not in a word, an address (``a@b.org``, ``/@handle``) or a bracket.
_NARRATIVE = re.compile(r"(?<![\w@./\[:-])@(" + _KEY + r")(?=$|[\s,;.:!?)\]])")
_CODE = re.compile(r"(`+)(?:.+?)\1")


def citations(line: str, keys: set[str], cited: set[str], tell: Callable[[str, str], None]) -> str:
    """*line* with every citation of a known key as a role.

    *tell(kind, message)* hears of cross-references and of citations of keys no ``.bib``
    holds (both left as written).
    """
    parts: list[str] = []
    last = 0
    for code in _CODE.finditer(line):
        parts.append(_convert(line[last : code.start()], keys, cited, tell))
        parts.append(code.group())
        last = code.end()
    parts.append(_convert(line[last:], keys, cited, tell))
    return "".join(parts)


def _convert(text: str, keys: set[str], cited: set[str], tell: Callable[[str, str], None]) -> str:
    def bracket(match: re.Match[str]) -> str:
        items = [_ITEM.match(item.strip()) for item in match.group(1).split(";")]
        if any(item is None for item in items):
            return match.group()
        found = [item for item in items if item is not None]
        names = [item.group(3) for item in found]
        refs = [name for name in names if CROSSREF.match(name)]
        if refs:
            tell("left", f"cross-reference {', '.join('@' + n for n in refs)}: left as text")
            return match.group()
        unknown = [name for name in names if name not in keys]
        if unknown:
            tell("left", f"citation of {', '.join(unknown)}: no .bib of the site holds it")
            return match.group()
        cited.update(names)
        return "{cite:p}`" + ",".join(_with_notes(item) for item in found) + "`"

    text = _BRACKET.sub(bracket, text)

    def narrative(match: re.Match[str]) -> str:
        name = match.group(1).rstrip(".:")
        rest = match.group(1)[len(name) :]
        if CROSSREF.match(name):
            tell("left", f"cross-reference @{name}: left as text")
            return match.group()
        if name not in keys:
            return match.group()
        cited.add(name)
        return "{cite:t}`" + name + "`" + rest

    return _NARRATIVE.sub(narrative, text)


def _with_notes(item: re.Match[str]) -> str:
    # sphinxcontrib-bibtex's {pre}key{post}: "see" and ", p. 3" kept with the key.
    prefix = item.group(1).strip()
    suffix = item.group(4).strip().lstrip(",").strip()
    key = item.group(3)
    if not prefix and not suffix:
        return key
    return "{" + prefix + "}" + key + "{" + suffix + "}"
