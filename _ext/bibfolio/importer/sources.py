"""Each SOURCE (DOI, arXiv, ORCID, DBLP, a .bib file) → :class:`~.records.Record` objects.

A DOI's CSL-JSON item is mapped to a record by :mod:`.cslitems`.
"""

from __future__ import annotations

import json
import os
import re
import urllib.parse
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import TYPE_CHECKING

from ..model.names import NameError_, parse_name
from ..model.privacy import private_fields
from ..reading.bibfields import PRESENTATION_FIELDS
from ..reading.bibtex import read_bib_text
from ..reading.crossref import resolve_references
from ..reading.encoding import decode_bib_bytes
from ..reading.texescape import escape
from .abstracts import abstract_value
from .cslitems import MONTHS, csl_record
from .http import FetchError
from .progress import Progress
from .records import Record, arxiv_id, bare_doi
from .texout import title_value

if TYPE_CHECKING:
    from .http import Client

#: Default service URLs; each is overridable by its environment variable.
SERVICES = {
    "doi": ("BIBFOLIO_DOI_URL", "https://doi.org"),
    "arxiv": ("BIBFOLIO_ARXIV_URL", "https://export.arxiv.org/api/query"),
    "orcid": ("BIBFOLIO_ORCID_URL", "https://pub.orcid.org/v3.0"),
    "dblp": ("BIBFOLIO_DBLP_URL", "https://dblp.org"),
}
CSL_JSON = "application/vnd.citationstyles.csl+json"
#: Fields a publisher or an index adds that a portfolio's refs.bib does not want.
JUNK_FIELDS = frozenset(
    {"biburl", "bibsource", "timestamp", "urldate", "copyright", "keywords", "language",
     "langid", "issn", "eprintclass", "primaryclass", "shorttitle", "month_numeric"}
)  # fmt: skip
_DOI = re.compile(r"^(?:https?://(?:dx\.)?doi\.org/|doi:)?\s*(10\.\d{4,9}/\S+)$", re.IGNORECASE)
_ORCID = re.compile(r"^(?:https?://orcid\.org/)?(\d{4}-\d{4}-\d{4}-\d{3}[\dX])$", re.IGNORECASE)
_DBLP = re.compile(r"^(?:dblp:|https?://dblp\.org/pid/)([\w./-]+?)(?:\.html|\.bib)?$")
_ATOM = "{http://www.w3.org/2005/Atom}"
_ARXIV_NS = "{http://arxiv.org/schemas/atom}"
#: DBLP tells namesakes apart with a four-digit number ("Wei Wang 0001"): not a name part.
_DBLP_HOMONYM = re.compile(r"\s+\d{4}(?=\s+and\s|\s*$)", re.IGNORECASE)


class SourceError(Exception):
    """A SOURCE that cannot be read: unknown kind, unknown id, malformed answer."""


def service_url(service: str) -> str:
    """The base URL of *service*, from its environment variable or the default."""
    variable, default = SERVICES[service]
    return os.environ.get(variable, default).rstrip("/")


def classify(source: str) -> tuple[str, str]:
    """(kind, id) of a SOURCE: ``doi``, ``arxiv``, ``orcid``, ``dblp`` or ``bib``."""
    text = source.strip()
    if text.lower().endswith(".bib") and not text.startswith(("dblp:", "http")):
        return "bib", text
    if match := _ORCID.match(text):
        orcid = match.group(1).upper()
        if not _orcid_checksum_ok(orcid):
            raise SourceError(f"{source!r}: not an ORCID iD (its check digit is wrong: a typo?)")
        return "orcid", orcid
    if match := _DBLP.match(text):
        return "dblp", match.group(1)
    if match := _DOI.match(text):
        # An arXiv DOI too: DataCite serves its CSL-JSON at doi.org like any other.
        return "doi", match.group(1)
    if found := arxiv_id(text):
        return "arxiv", found
    raise SourceError(
        f"{source!r}: not a DOI, arXiv id or URL, ORCID iD, dblp:<person id> or .bib file"
    )


def _orcid_checksum_ok(orcid: str) -> bool:
    """ISO 7064 MOD 11-2, the check digit ORCID documents for its iDs."""
    digits = orcid.replace("-", "")
    total = 0
    for digit in digits[:-1]:
        total = (total + int(digit)) * 2
    result = (12 - total % 11) % 11
    return digits[-1] == ("X" if result == 10 else str(result))


def fetch_records(source: str, client: Client, progress: Progress | None = None) -> list[Record]:
    """Every record *source* yields; raises :class:`SourceError` when it yields none.

    *progress* counts an ORCID record's works as it fetches them.
    """
    kind, ident = classify(source)
    try:
        if kind == "bib":
            return bib_records(ident)
        if kind == "doi":
            return [doi_record(ident, client)]
        if kind == "arxiv":
            return [arxiv_record(ident, client)]
        if kind == "orcid":
            return orcid_records(ident, client, progress)
        return dblp_records(ident, client)
    except FetchError as error:
        raise SourceError(str(error)) from None


# -- DOI: CSL-JSON by content negotiation --------------------------------------------------
def doi_record(doi: str, client: Client) -> Record:
    """A DOI's CSL-JSON (Crossref, DataCite, mEDRA all serve it at doi.org)."""
    url = f"{service_url('doi')}/{urllib.parse.quote(doi, safe='/:;()._-')}"
    body = client.get("doi", url, CSL_JSON)
    try:
        item = json.loads(body)
    except (json.JSONDecodeError, UnicodeDecodeError):
        raise SourceError(f"doi:{doi}: the answer is not CSL-JSON") from None
    if not isinstance(item, dict) or not item.get("title"):
        raise SourceError(f"doi:{doi}: the answer is not CSL-JSON (no title)")
    return csl_record(item, f"doi:{doi}")


# -- arXiv: the API's Atom feed ----------------------------------------------------------
def arxiv_record(ident: str, client: Client) -> Record:
    """The newest version of an arXiv paper (the API answers an id without version so)."""
    url = f"{service_url('arxiv')}?{urllib.parse.urlencode({'id_list': ident})}"
    body = client.get("arxiv", url, "application/atom+xml")
    if body.strip().startswith(b"Rate exceeded"):
        # arXiv's throttle answers with this line of plain text instead of a feed.
        raise SourceError(f"arXiv:{ident}: arXiv says 'Rate exceeded'; try again later")
    try:
        feed = ET.fromstring(body)
    except ET.ParseError:
        raise SourceError(f"arXiv:{ident}: the answer is not an Atom feed") from None
    entry = feed.find(f"{_ATOM}entry")
    entry_id = _el(entry, "id") if entry is not None else ""
    if entry is None or "/api/errors" in entry_id or not _el(entry, "title"):
        raise SourceError(f"arXiv:{ident}: unknown arXiv id")
    version = re.search(r"v(\d+)$", entry_id)
    authors = [_arxiv_name(_el(author, "name")) for author in entry.findall(f"{_ATOM}author")]
    fields = {
        "author": " and ".join(authors),
        "title": title_value(_el(entry, "title")),
        "year": _el(entry, "published")[:4],
        "eprint": ident,
        "archiveprefix": "arXiv",
    }
    summary = entry.find(f"{_ATOM}summary")
    if summary is not None and (
        abstract := abstract_value(summary.text or "", markup=False, math=True)
    ):
        fields["abstract"] = abstract
    record = Record("misc", fields, f"arXiv:{ident}")
    if version:
        record.notes.append(f"version {version.group(1)}")
    # The published version's DOI and reference: another entry (paired), not this one's.
    if doi := _el(entry, "doi", _ARXIV_NS):
        record.notes.append(f"arXiv names the published version doi:{doi}; import it to pair")
    elif journal := _el(entry, "journal_ref", _ARXIV_NS):
        record.notes.append(f"arXiv's journal reference: {journal!r}; import its DOI to pair")
    return record


def _el(parent: ET.Element, name: str, namespace: str = _ATOM) -> str:
    found = parent.find(f"{namespace}{name}")
    return " ".join((found.text or "").split()) if found is not None else ""


def _arxiv_name(name: str) -> str:
    """The API gives "Given von Family"; BibTeX's own rules split it (lower-case particles)."""
    try:
        return parse_name(escape(name)).bibtex
    except NameError_:
        return "{" + escape(name) + "}"


# -- ORCID: the public API's works ------------------------------------------------------
def orcid_records(orcid: str, client: Client, progress: Progress | None = None) -> list[Record]:
    """Each work of an ORCID record, resolved through its DOI or arXiv id.

    ORCID's own work summaries carry no author list, so a work with neither identifier
    is reported and skipped rather than imported without authors.  Each work is one more
    item of *progress*, shown as it is fetched.
    """
    body = client.get("orcid", f"{service_url('orcid')}/{orcid}/works", "application/json")
    try:
        groups = json.loads(body)["group"]
        groups = [group for group in groups if isinstance(group, dict)]
    except (json.JSONDecodeError, UnicodeDecodeError, KeyError, TypeError):
        raise SourceError(f"orcid:{orcid}: the answer is not an ORCID works list") from None
    if not groups:
        raise SourceError(f"orcid:{orcid}: the record lists no public works")
    records: list[Record] = []
    skipped: list[str] = []
    progress = progress or Progress(0, None)
    progress.add(len(groups))
    for index, group in enumerate(groups, 1):
        records.extend(
            _orcid_work(orcid, group, index, client=client, skipped=skipped, progress=progress)
        )
        progress.advance()
    if records:
        records[0].notes.extend(f"orcid:{orcid}: skipped {why}" for why in skipped)
    elif skipped:
        raise SourceError(f"orcid:{orcid}: no work could be imported; " + "; ".join(skipped))
    return records


def _orcid_work(
    orcid: str,
    group: dict,
    index: int,
    *,
    client: Client,
    skipped: list[str],
    progress: Progress,
) -> list[Record]:
    """The record of one work group (none, with the reason in *skipped*)."""
    try:
        ids = _work_ids(group)
        summary = (group.get("work-summary") or [{}])[0]
        title = (((summary.get("title") or {}).get("title") or {}).get("value")) or "?"
    except (AttributeError, TypeError, IndexError):
        skipped.append("a group that is not a work summary")
        return []
    doi, arxiv = ids.get("doi", ""), ids.get("arxiv", "")
    shown = f"doi:{doi}" if doi else f"arXiv:{arxiv_id(arxiv) or arxiv}" if arxiv else repr(title)
    progress.show(f"orcid:{orcid} work {index}: {shown}")
    try:
        if doi:
            return [_tag(doi_record(doi, client), orcid)]
        if arxiv:
            return [_tag(arxiv_record(arxiv_id(arxiv), client), orcid)]
        skipped.append(f"{title!r}: no DOI or arXiv id (ORCID lists no authors)")
    except (SourceError, FetchError) as error:
        skipped.append(f"{title!r}: {error}")
    return []


def _work_ids(group: dict) -> dict[str, str]:
    """A work group's own identifiers, type → value (the first of each type).

    Only ``self`` relationships name the work itself (``part-of`` is its journal's ISSN,
    ``version-of`` another version); API 2.x wrote them ``SELF``.  A DOI may be entered as
    ``https://doi.org/…`` or ``doi:…``; ORCID's normalised value is bare, when it has one.
    """
    items = list((group.get("external-ids") or {}).get("external-id") or [])
    for summary in group.get("work-summary") or []:  # a group's ids, else each summary's
        items += (summary.get("external-ids") or {}).get("external-id") or []
    ids: dict[str, str] = {}
    for item in items:
        kind = str(item.get("external-id-type") or "").lower()
        relationship = str(item.get("external-id-relationship") or "self").lower()
        if relationship != "self" or kind in ids:
            continue
        normalized = (item.get("external-id-normalized") or {}).get("value")
        value = str(normalized or item.get("external-id-value") or "").strip()
        if kind == "doi":
            match = _DOI.match(value)
            value = match.group(1) if match else ""
        if value:
            ids[kind] = value
    return ids


def _tag(record: Record, orcid: str) -> Record:
    record.origin = f"orcid:{orcid} → {record.origin}"
    return record


# -- DBLP and .bib files --------------------------------------------------------------
def dblp_records(pid: str, client: Client) -> list[Record]:
    """A DBLP person's publications, from the BibTeX export of their page."""
    body = client.get("dblp", f"{service_url('dblp')}/pid/{pid}.bib", "application/x-bibtex")
    text, _ = decode_bib_bytes(body, f"dblp:{pid}")
    records = _bib_text_records(text, f"dblp:{pid}")
    if not records:
        raise SourceError(f"dblp:{pid}: the answer holds no BibTeX entries")
    return records


def bib_records(path: str) -> list[Record]:
    """The entries of another .bib file (a Google Scholar, Zotero or JabRef export)."""
    try:
        data = Path(path).read_bytes()
    except OSError as error:
        raise SourceError(f"{path}: cannot read ({error.strerror})") from None
    text, _ = decode_bib_bytes(data, path)
    records = _bib_text_records(text, path)
    if not records:
        raise SourceError(f"{path}: no BibTeX entries")
    return records


def _bib_text_records(text: str, origin: str) -> list[Record]:
    """BibTeX entries as records: values kept as written, junk and private fields dropped."""
    records = []
    # An entry's crossref/xdata parent fills what it leaves out (a paper's booktitle and
    # year from its proceedings), as BibTeX and biblatex do, before the link is dropped
    # below; @xdata and @set entries are not publications.
    entries, _ = resolve_references(list(read_bib_text(text, origin).entries))
    # DBLP's "with crossref" export appends each proceedings volume its papers crossref:
    # a venue, not a publication of the person.
    venues = {
        entry.fields["crossref"].value.strip().lower()
        for entry in entries
        if "crossref" in entry.fields
    }
    for entry in entries:
        if entry.type == "proceedings" and entry.key.lower() in venues:
            continue
        fields = {name: item.value for name, item in entry.fields.items()}
        # Keys are ours, so a crossref to the source's own key (DBLP's proceedings
        # "DBLP:conf/…") would point nowhere.
        drop = set(private_fields(fields)) | JUNK_FIELDS | PRESENTATION_FIELDS | {"crossref"}
        fields = {name: value for name, value in fields.items() if name not in drop}
        bibtype = entry.type
        if fields.get("eprinttype", "").lower() == "arxiv":
            fields["archiveprefix"] = fields.pop("eprinttype")
        # DBLP files an arXiv preprint as @article in journal "CoRR", volume "abs/<id>".
        if fields.get("journal", "").strip().lower() in {"corr", "arxiv"}:
            found = arxiv_id(fields.get("eprint") or fields.get("volume", ""))
            if found:
                bibtype = "misc"
                fields.pop("journal")
                fields.pop("volume", None)
                fields.update(eprint=found, archiveprefix="arXiv")
        for name in ("author", "editor"):
            if name in fields:
                fields[name] = _without_homonym_numbers(fields[name])
        # DBLP's url is often the DOI's resolver URL in the publisher's spelling, while
        # its doi field is upper-cased (10.1016/J.IS.2023.102273): take the url's.
        url = fields.get("url", "").strip()
        doi = fields.get("doi", "").strip()
        if doi and url.lower().endswith("doi.org/" + doi.lower()):
            doi = url[len(url) - len(doi) :]
            del fields["url"]
        if doi:
            fields["doi"] = bare_doi(doi)
        if "month" in fields and fields["month"][:3].lower() in MONTHS:
            fields["month"] = fields["month"][:3].lower()
        records.append(Record(bibtype, fields, f"{origin}:{entry.line}", key=entry.key))
    return records


def _without_homonym_numbers(names: str) -> str:
    """*names* without DBLP's homonym numbers: "Wei Wang 0001 and …" → "Wei Wang and …"."""
    return _DBLP_HOMONYM.sub("", names)
