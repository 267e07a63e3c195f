"""Link fields (pdf, doi, eprint, ...) → safe links; invalid identifiers and unsafe URLs give none.

Identifier fields (``doi``, ``arxiv``, ``eprint`` with its ``eprinttype``, ``pmid``,
``pmcid``) are validated before a link is made: a value that is not an identifier of its
kind gives no link, and :func:`invalid_identifiers` says why (the ``invalid_identifier``
warning).  URL fields are checked by :func:`classify_url` (the ``unsafe_url`` warning).

The validators are our own, not idutils' (Invenio's identifier library, measured on the
cases in ``tests/test_identifiers.py``): idutils takes ``10.1000/x" onmouseover="…`` and
``10.1/x`` for DOIs, ``2013.12345`` (month 13) and ``1501.0001`` for arXiv ids, and
misses arXiv's ``/pdf/`` URLs; importing it costs ~200 ms, while these checks cost ~2 µs
per field.  Its ISBN answers agree with :func:`is_isbn`.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import PurePosixPath
from urllib.parse import quote, unquote

from ..reading.latex import url_from_latex
from .messages import N_

#: (field, label, kind) in the order links are shown.  ``kind`` picks how a value
#: becomes a URL: "url" (as written), "eprint" (by its ``eprinttype``), or an
#: identifier kind of :data:`IDENTIFIERS`.
LINK_FIELDS: tuple[tuple[str, str, str], ...] = (
    ("pdf", "PDF", "url"),
    ("arxiv", "arXiv", "arxiv"),
    ("eprint", "", "eprint"),
    ("doi", "DOI", "doi"),
    ("pmid", "PubMed", "pubmed"),
    ("pmcid", "PMC", "pmc"),
    ("html", "HTML", "url"),
    ("url", "URL", "url"),
    ("code", N_("Code"), "url"),
    ("slides", N_("Slides"), "url"),
    ("poster", N_("Poster"), "url"),
    ("video", N_("Video"), "url"),
    ("supp", N_("Supp"), "url"),
    ("website", N_("Website"), "url"),
    ("blog", N_("Blog"), "url"),
)
SAFE_SCHEMES = frozenset({"http", "https", "mailto"})
_SCHEME = re.compile(r"^([A-Za-z][A-Za-z0-9+.\-]*):")
_CONTROL = re.compile(r"[\x00-\x20\x7f-\x9f]+")

# -- identifiers ----------------------------------------------------------------------------

#: DOI syntax (ISO 26324): "10." + registrant code, "/", then any printable suffix.
#: Crossref's recommended pattern is stricter (``[-._;()/:A-Z0-9]+``) but old Wiley
#: DOIs hold ``<`` and ``>``; only whitespace and ``"`` are refused here (a ``"`` is the
#: mark of pasted HTML, never of a registered DOI).
_DOI = re.compile(r"10\.\d{4,9}(?:\.\d+)*/[^\s\"]+")
_DOI_PREFIX = re.compile(r"^(?:https?://(?:dx\.|www\.)?doi\.org/|doi:?(?=10\.))", re.IGNORECASE)
#: arXiv identifiers (https://info.arxiv.org/help/arxiv_identifier.html): YYMM.NNNN
#: (2007-2014) or YYMM.NNNNN (since 2015), and the old archive[.SC]/YYMMNNN; versions vN.
_ARXIV_NEW = re.compile(r"(\d{2})(0[1-9]|1[0-2])\.(\d{4,5})(?:v\d+)?")
_ARXIV_OLD = re.compile(
    r"[a-z]+(?:-[a-z]+)*(?:\.[A-Za-z]{2})?/\d{2}(?:0[1-9]|1[0-2])\d{3}(?:v\d+)?"
)
_ARXIV_PREFIX = re.compile(
    r"^(?:https?://(?:www\.|export\.)?arxiv\.org/(?:abs|pdf|html)/|arxiv:?\s*)", re.IGNORECASE
)
_PMC = re.compile(r"(?:PMC)?(\d{1,9})", re.IGNORECASE)
_HANDLE = re.compile(r"\d+(?:\.\d+)*/\S+")


@dataclass(frozen=True, slots=True)
class Identifier:
    """One kind of identifier: its link label, URL template and validator."""

    label: str
    url: str  #: ``{}`` is replaced by the normalised identifier.
    describe: str  #: What a valid value looks like, for the warning.


#: The identifier kinds bibfolio links; keys are the (normalised) biblatex eprint types.
IDENTIFIERS: dict[str, Identifier] = {
    "arxiv": Identifier("arXiv", "https://arxiv.org/abs/{}", "an arXiv identifier"),
    "doi": Identifier("DOI", "https://doi.org/{}", "a DOI (10.NNNN/suffix)"),
    "jstor": Identifier("JSTOR", "https://www.jstor.org/stable/{}", "a JSTOR stable number"),
    "hdl": Identifier("HDL", "https://hdl.handle.net/{}", "a Handle (prefix/suffix)"),
    "pubmed": Identifier("PubMed", "https://pubmed.ncbi.nlm.nih.gov/{}/", "a PubMed id (PMID)"),
    "pmc": Identifier(
        "PMC", "https://pmc.ncbi.nlm.nih.gov/articles/{}/", "a PubMed Central id (PMCnnnn)"
    ),
    "googlebooks": Identifier(
        "Google Books", "https://books.google.com/books?id={}", "a Google Books id"
    ),
}
#: Spellings of eprint types seen in real files, read as the kinds above.
EPRINT_TYPE_ALIASES = {
    "handle": "hdl",
    "pmid": "pubmed",
    "pmcid": "pmc",
    "pubmedcentral": "pmc",
    "google": "googlebooks",
}
#: Hosts whose URLs in an ``eprint`` field are read as that kind's identifier.
_URL_FORMS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("arxiv", _ARXIV_PREFIX),
    ("doi", re.compile(r"^https?://(?:dx\.|www\.)?doi\.org/", re.IGNORECASE)),
    ("jstor", re.compile(r"^https?://(?:www\.)?jstor\.org/stable/", re.IGNORECASE)),
    ("hdl", re.compile(r"^https?://hdl\.handle\.net/", re.IGNORECASE)),
    ("pubmed", re.compile(r"^https?://pubmed\.ncbi\.nlm\.nih\.gov/", re.IGNORECASE)),
)
#: What a DOI keeps as written in its doi.org URL; ``# ? % " < >`` and the like are
#: percent-encoded, as doi.org advises, so they cannot end or change the URL.
_DOI_KEEP = "/:;()[]@!$&'*+,=~"


def normalize_doi(value: str) -> str | None:
    """The bare DOI in *value* (``doi:`` and ``https://doi.org/`` forms too), or None."""
    text = url_from_latex(value)
    if prefix := _DOI_PREFIX.match(text):
        text = text[prefix.end() :]
        if prefix.group().lower().startswith("http"):
            text = unquote(text)
    return text if _DOI.fullmatch(text) else None


def normalize_arxiv(value: str) -> str | None:
    """The arXiv id in *value* (``arXiv:`` and abs/pdf URL forms too), or None."""
    text = _ARXIV_PREFIX.sub("", url_from_latex(value)).rstrip("/")
    text = text.removesuffix(".pdf")
    new = _ARXIV_NEW.fullmatch(text)
    if new:
        # Four-digit numbers until 1412, five since 1501: anything else was never issued.
        five = int(new.group(1) + new.group(2)) >= 1501
        return text if (len(new.group(3)) == 5) == five else None
    return text if _ARXIV_OLD.fullmatch(text) else None


@lru_cache(maxsize=8192)
def normalize(kind: str, value: str) -> str | None:
    """The identifier of *kind* in *value*, normalised for its URL, or None when invalid.

    Memoised: the links and the lint's :func:`invalid_identifiers` ask for each value.
    """
    if kind == "arxiv":
        return normalize_arxiv(value)
    if kind == "doi":
        return normalize_doi(value)
    text = url_from_latex(value)
    for url_kind, form in _URL_FORMS:
        if url_kind == kind and form.match(text):
            text = unquote(form.sub("", text)).rstrip("/")
    if kind == "jstor":
        return text if text.isdigit() else None
    if kind == "hdl":
        return text if _HANDLE.fullmatch(text) else None
    if kind == "pubmed":
        return text if text.isdigit() and len(text) <= 9 else None
    if kind == "pmc":
        match = _PMC.fullmatch(text)
        return f"PMC{match.group(1)}" if match else None
    if kind == "googlebooks":
        return text if re.fullmatch(r"[A-Za-z0-9_-]{12}", text) else None
    return None


def eprint_kind(fields: dict[str, str]) -> str:
    """The identifier kind of the ``eprint`` field: its type, its URL's host, or arXiv.

    ``eprinttype`` (biblatex) or ``archiveprefix`` (BibTeX) names the type; without one,
    an eprint is arXiv's (as natbib and biblatex's own examples write them).  Returns
    "url" for an eprint written as a URL of another site, and "" for a type bibfolio does
    not link.
    """
    written = (fields.get("eprinttype") or fields.get("archiveprefix") or "").strip()
    text = url_from_latex(fields.get("eprint", ""))
    for kind, form in _URL_FORMS:
        if form.match(text):
            return kind
    if re.match(r"^https?://", text, re.IGNORECASE):
        return "url"  # a repository's page given as a URL: linked as written
    if not written:
        return "arxiv"
    name = re.sub(r"[\s_\-]+", "", written.lower())
    name = EPRINT_TYPE_ALIASES.get(name, name)
    return name if name in IDENTIFIERS else ""


_ISBN_PART = re.compile(r"[,;/]|\s+and\s+")
_ISBN_NOISE = re.compile(r"^isbn(?:-1[03])?:?|\([^)]*\)|[\s\-‐‑–]", re.IGNORECASE)


def isbn_problem(value: str) -> str:
    """Why *value* is not a list of valid ISBN-10/ISBN-13s (checksums), or "" when it is."""
    for part in _ISBN_PART.split(value.replace("{", "").replace("}", "")):
        digits = _ISBN_NOISE.sub("", part.strip()).upper()
        if not digits:
            continue
        if not is_isbn(digits):
            return f"'{part.strip()}' is not a valid ISBN-10 or ISBN-13 (wrong length or checksum)"
    return ""


def is_isbn(digits: str) -> bool:
    """True for an ISBN-10 or ISBN-13 (no hyphens) whose check digit is right."""
    if re.fullmatch(r"\d{9}[\dX]", digits):
        total = sum((10 - i) * (10 if c == "X" else int(c)) for i, c in enumerate(digits))
        return total % 11 == 0
    if re.fullmatch(r"97[89]\d{10}", digits):
        return sum(int(c) * (3 if i % 2 else 1) for i, c in enumerate(digits)) % 10 == 0
    return False


# -- links ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Link:
    """One link of an entry.  ``local`` is a project-relative file to copy into the site."""

    field: str
    label: str
    url: str  #: Absolute URL, or "" for a local file.
    local: str = ""  #: Path relative to the .bib file's directory.
    kind: str = "url"  #: "url", or the identifier kind (``"doi"``, ``"arxiv"``, ...).
    identifier: str = ""  #: The normalised identifier, for identifier kinds.


@dataclass(frozen=True, slots=True)
class UnsafeLink:
    """A link field whose value was refused."""

    field: str
    value: str
    reason: str


def classify_url(value: str) -> tuple[str, str]:
    """Return ``("url", href)``, ``("local", path)`` or ``("unsafe", reason)`` for *value*.

    The check runs on the value as a browser would read it: HTML entities decoded and
    whitespace and control characters removed, so ``java&#x73;cript:`` and
    ``java\\tscript:`` are caught.
    """
    decoded = _CONTROL.sub("", html.unescape(html.unescape(value)))
    if not decoded:
        return "unsafe", "the value is empty"
    scheme = _SCHEME.match(decoded)
    if scheme:
        name = scheme.group(1).lower()
        if name in SAFE_SCHEMES:
            if name != "mailto" and not decoded.lower().startswith(f"{name}://"):
                return "unsafe", f"a {name}: URL must start with {name}://"
            return "url", value.strip()
        return "unsafe", f"the URL scheme '{name}:' is not allowed (only http, https, mailto)"
    if decoded.startswith(("//", "\\\\")) or "\\" in decoded:
        return "unsafe", "a network path or backslash is not a path inside the site"
    path = PurePosixPath(decoded)
    if path.is_absolute() or ".." in path.parts:
        return "unsafe", "a local path must stay inside the project (no '..' or leading '/')"
    return "local", str(path)


_EMBEDDED = re.compile(r"\\(?:url|href)\s*\{([^}]*)\}|\]\(([^)\s]*)\)")


def embedded_unsafe_links(fields: dict[str, str]) -> list[UnsafeLink]:
    """Unsafe ``\\url{}``/``\\href{}`` or Markdown ``[text](url)`` targets inside any field.

    They are shown as text, never as links; this reports them.
    """
    refused = []
    for name, value in fields.items():
        if "\\url" not in value and "\\href" not in value and "](" not in value:
            continue
        for match in _EMBEDDED.finditer(value):
            target = url_from_latex(match.group(1) or match.group(2) or "")
            verdict, reason = classify_url(target)
            if verdict == "unsafe":
                refused.append(UnsafeLink(name, target, reason))
    return refused


def identifier_link(name: str, kind: str, raw: str) -> Link | None:
    """The link for identifier field *name* of *kind*, or None when *raw* is not valid."""
    found = normalize(kind, raw)
    if found is None:
        return None
    spec = IDENTIFIERS[kind]
    value = quote(found, safe=_DOI_KEEP) if kind == "doi" else found
    return Link(name, spec.label, spec.url.format(value), kind=kind, identifier=found)


def collect_links(fields: dict[str, str]) -> tuple[list[Link], list[UnsafeLink]]:
    """Build an entry's links from its raw field values, refusing unsafe URLs.

    Identifier fields that do not hold a valid identifier give no link and are not in
    the refused list: :func:`invalid_identifiers` reports them.
    """
    links: list[Link] = []
    refused: list[UnsafeLink] = []
    seen: set[str] = set()
    for name, field_label, field_kind in LINK_FIELDS:
        raw = fields.get(name)
        if raw is None or not raw.strip():
            continue
        kind = eprint_kind(fields) if field_kind == "eprint" else field_kind
        label = "Eprint" if field_kind == "eprint" else field_label
        if kind in IDENTIFIERS:
            link = identifier_link(name, kind, raw)
            # One link per identifier kind: al-folio's arxiv and BibTeX's eprint often
            # both name the preprint.
            if link is None or link.url in seen or "kind:" + kind in seen:
                continue
            seen.update((link.url, "kind:" + kind))
            links.append(link)
            continue
        if kind == "":
            # An eprint of a type bibfolio does not know: no link, and nothing to warn.
            continue
        value = url_from_latex(raw)
        verdict, detail = classify_url(value)
        if verdict == "unsafe":
            refused.append(UnsafeLink(name, raw, detail))
            continue
        key = detail if verdict == "url" else "local:" + detail
        if key in seen:
            continue
        seen.add(key)
        if verdict == "url":
            links.append(Link(name, label, detail))
        else:
            links.append(Link(name, label, "", detail))
    return links, refused


@dataclass(frozen=True, slots=True)
class InvalidIdentifier:
    """An identifier field whose value is not an identifier of its kind."""

    field: str
    value: str
    reason: str


def invalid_identifiers(fields: dict[str, str]) -> list[InvalidIdentifier]:
    """The identifier fields of an entry (DOI, arXiv, eprint, PMID, PMCID, ISBN) not valid."""
    found = []
    for name, _, field_kind in LINK_FIELDS:
        raw = fields.get(name, "")
        if not raw.strip():
            continue
        kind = eprint_kind(fields) if field_kind == "eprint" else field_kind
        if kind not in IDENTIFIERS or normalize(kind, raw) is not None:
            continue
        spec = IDENTIFIERS[kind]
        if name == "eprint" and not (fields.get("eprinttype") or fields.get("archiveprefix")):
            reason = "it is not an arXiv identifier; set eprinttype if it is another kind"
        else:
            reason = f"it is not {spec.describe}"
        found.append(InvalidIdentifier(name, raw, reason))
    if (isbn := fields.get("isbn", "")).strip() and (reason := isbn_problem(isbn)):
        found.append(InvalidIdentifier("isbn", isbn, reason))
    return found


def valid_isbn(value: str) -> str:
    """*value* when it holds only valid ISBNs, else "" (metadata never carries a bad one)."""
    return value.strip() if value.strip() and not isbn_problem(value) else ""


def unlinkable_fields(fields: dict[str, str]) -> list[str]:
    """``url`` and ``doi`` fields that must not reach a citation style (pybtex's prints both).

    A ``url`` whose scheme is not allowed (``javascript:``) and a ``doi`` that is no DOI
    would otherwise become links in a ``{bibliography}``.
    """
    hidden = []
    if fields.get("url", "").strip() and classify_url(url_from_latex(fields["url"]))[0] == "unsafe":
        hidden.append("url")
    if fields.get("doi", "").strip() and normalize_doi(fields["doi"]) is None:
        hidden.append("doi")
    return hidden
