"""Whether a CSL number variable is numeric and plural, as citeproc-js reads it.

A port of the parts of citeproc-js's ``processNumber`` (``parseString``,
``setPluralsAndNumerics``) that decide ``is-numeric`` and a label's plural: the value is
split at "-", ",", ";", "&" and "and"; each piece may start with a short label ("vol.",
"p."); a run of pieces under one label is plural when they can be collapsed (each starts
with a number or a roman numeral), and numeric when the first is a plain number.  So
"269, 270, 305" and "62, Part I" are several volumes ("Vols."), "99-02" several numbers
("Nos."), and "37:1-37:13" one page ("p."), as Zotero writes them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

#: citeproc-js's CSL.STATUTE_SUBDIV_STRINGS: a short label → the term it stands for.
LABELS = {
    "vrs.": "verse", "sv.": "sub-verbo", "subpara.": "subparagraph", "op.": "opus",
    "subch.": "subchapter", "add.": "addendum", "amend.": "amendment",
    "annot.": "annotation", "app.": "appendix", "art.": "article",
    "bibliog.": "bibliography", "bk.": "book", "ch.": "chapter", "cl.": "clause",
    "col.": "column", "cmt.": "comment", "dec.": "decision", "dept.": "department",
    "ex.": "example", "fig.": "figure", "fld.": "field", "fol.": "folio", "n.": "note",
    "hypo.": "hypothetical", "illus.": "illustration", "intro.": "introduction",
    "l.": "line", "no.": "issue", "p.": "page", "pp.": "page", "para.": "paragraph",
    "pt.": "part", "pmbl.": "preamble", "princ.": "principle", "pub.": "publication",
    "r.": "rule", "rn.": "randnummer", "sched.": "schedule", "sec.": "section",
    "ser.": "series,", "subdiv.": "subdivision", "subsec.": "subsection",
    "supp.": "supplement", "tbl.": "table", "tit.": "title", "vol.": "volume",
}  # fmt: skip
#: citeproc-js's CSL.STATUTE_SUBDIV_STRINGS_REVERSE (one label per term).
DEFAULT_LABELS = {term: label for label, term in LABELS.items() if label != "pp."}
#: citeproc-js's CSL.NUMERIC_VARIABLES.
NUMERIC_VARIABLES = frozenset(
    [
        "call-number",
        "chapter-number",
        "collection-number",
        "division",
        "edition",
        "page",
        "issue",
        "locator",
        "locator-extra",
        "number",
        "number-of-pages",
        "number-of-volumes",
        "part-number",
        "printing-number",
        "section",
        "supplement-number",
        "version",
        "volume",
        "supplement",
        "citation-number",
    ]
)
_JOINERS = re.compile(r"(\s*&\s*|,\s+and\s+|\s+and\s+|;\s+|,\s+|\s*\\*[\-\u2013]+\s*)")
_WORD_LABELS = (
    r"(?:[a-z]|[a-z][a-z]|[a-z][a-z][a-z]|[a-z][a-z][a-z][a-z]|subpara|subch|amend|"
    r"bibliog|annot|illus|princ|intro|sched|subdiv|subsec)"
)
_LABEL = re.compile(rf"((?:^| ){_WORD_LABELS}(?:\.| ) *)")
_LABEL_SPLIT = re.compile(rf"(?:(?:^| ){_WORD_LABELS}(?:\.| ) *)")
_SUBSECTION = re.compile(
    r"^(?:(?:[a-z]|[a-z][a-z]|[a-z][a-z][a-z]|[a-z][a-z][a-z][a-z])\.  *)*[0-9]+[,a-zA-Z]+$"
)
_VALUE = re.compile(r"^([0-9]*[a-zA-Z]+0*)?([0-9]+(?:[a-zA-Z]*|[-,a-zA-Z]+))$")
_LABELLED_NUMBER = re.compile(r"^[0-9]+([-;,:a-zA-Z]*)$")


@dataclass
class _Piece:
    label: str
    value: str
    numeric: bool = False
    plural: bool = False
    collapsible: bool | None = None


def reading(value: str, variable: str) -> tuple[bool, bool]:
    """(numeric, plural) of *variable*'s *value*, as citeproc-js's ``processNumber``."""
    pieces = _pieces(value, variable)
    if not pieces:
        return False, False
    _plurals_and_numerics(pieces, variable, value)
    first = pieces[0]
    numeric, plural = first.numeric, first.plural and first.numeric
    if variable == "number" and len(pieces) == 1 and "|" in first.value:
        return True, True
    if len(pieces) == 1 and re.fullmatch(r"[0-9]+(?:/[0-9]+)+", first.value):
        return True, False
    return numeric, plural


def without_own_label(value: str, variable: str) -> str:
    """*value* without a leading label citeproc-js would not print ("no. 99" → "99").

    A label is hidden when it names the variable's own term, or starts a locator, page
    or number (citeproc-js's ``fixLabelVisibility`` with the en-US terms).
    """
    match = re.match(r"\s*(\S+)\s+(\S.*)$", value)
    if not match or match.group(1) not in LABELS:
        return value
    term = LABELS[match.group(1)]
    if variable in ("locator", "locator-extra", "number", "page") or term == variable:
        return match.group(2)
    return value


def _pieces(value: str, variable: str) -> list[_Piece]:
    text = value.strip()
    first = re.match(r"^([^ ]+)", text)
    default = DEFAULT_LABELS.get(variable, "")
    if first and first.group(1) not in LABELS:
        embedded = "p." if variable in ("locator", "locator-extra", "page") else default
        if embedded:
            text = f"{embedded} {text}"
    if variable == "page":
        text = text.replace("\u2013", "-")
    joiners = _JOINERS.findall(text)
    if joiners:
        parts = _JOINERS.split(text)[0::2]
        elems: list[str] = []
        for part, joiner in zip(parts, joiners, strict=False):
            elems += [part, joiner]
        elems.append(parts[-1])
        elems = _fix_subsections(elems)
    else:
        elems = [text]
    pieces: list[_Piece] = []
    label = default
    for at in range(0, len(elems), 2):
        labels = _LABEL.findall(elems[at])
        if not labels:
            pieces.append(_compose(label, elems[at], variable))
            continue
        rest = _LABEL_SPLIT.split(elems[at])
        for j in range(len(rest) - 1, 0, -1):
            if rest[j - 1] and not (
                _LABELLED_NUMBER.match(rest[j]) and _LABELLED_NUMBER.match(rest[j - 1])
            ):
                rest[j - 1] = rest[j - 1] + labels[j - 1] + rest[j]
                del rest[j]
                del labels[j - 1]
        if labels:
            slug = labels[0].strip()
            not_a_label = slug not in LABELS or (
                variable not in ("locator", "number", "locator-extra", "page")
                and LABELS[slug] != variable
            )
            if not_a_label and at == 0:
                labels = labels[1:]
                rest[0:2] = [f"{rest[0]} {slug} {rest[1]}"]
        for j, part in enumerate(rest):
            if part or j == len(rest) - 1:
                label = labels[j - 1] if j > 0 and labels[j - 1 : j] else label
                pieces.append(_compose(label, part.strip(), variable))
    return pieces


def _fix_subsections(elems: list[str]) -> list[str]:
    for at in range(len(elems) - 2, 0, -2):
        if (
            elems[at] == "-"
            and _SUBSECTION.match(elems[at - 1])
            and re.fullmatch(r"[,a-zA-Z]+", elems[at + 1])
        ):
            elems[at - 1 : at + 2] = ["".join(elems[at - 1 : at + 2])]
    return elems


def _compose(label: str, value: str, variable: str) -> _Piece:
    if not label and variable not in DEFAULT_LABELS:
        label = f"var:{variable}"
    token = re.search(r"[^\s]+", label)
    matched = _VALUE.match(value)
    label = token.group() if token else ""
    return _Piece(label=label, value=matched.group(2) if matched else value)


def _plurals_and_numerics(pieces: list[_Piece], variable: str, value: str) -> None:
    start, count = 0, 1
    for at in range(1, len(pieces)):
        if pieces[at - 1].label == pieces[at].label:
            count += 1
        else:
            _numeric_and_count(pieces, start, count)
            start, count = at, 1
    _numeric_and_count(pieces, start, count)
    if pieces[0].numeric and variable.startswith("number-of-"):
        match = re.match(r"\s*(\d+)", value)
        if match and int(match.group(1)) > 1:
            pieces[0].plural = True


def _numeric_and_count(pieces: list[_Piece], start: int, count: int) -> None:
    master = pieces[start]
    numeric = bool(master.value) and bool(
        re.match(r"^(?:[0-9]+|[ixv]+)([-,:a-zA-Z]*|-[\-0-9]+)$", master.value)
    )
    if pieces[start].collapsible is None:
        for piece in pieces[start : start + count]:
            piece.collapsible = bool(re.match(r"\s*[+-]?\d", piece.value)) or bool(
                re.fullmatch(r"[ivxlcmIVXLCM]+", piece.value)
            )
    collapsible = pieces[start].collapsible
    for piece in pieces[start : start + count]:
        piece.plural = count > 1 and bool(collapsible)
        piece.numeric = numeric
        piece.collapsible = collapsible
