"""``_bibliography/*.bib``: the entries kept as their text, with al-folio's fields mapped."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ...reading.bibtex import read_bib_text
from ..model import Entry, Source
from .bibedit import add_field, field_span, remove_field, set_value
from .demo import is_demo_entry
from .marks import read_marks

if TYPE_CHECKING:
    from ...reading.entry import BibEntry
    from .common import Reading

_FRONT_MATTER = re.compile(r"\A\ufeff?---[ \t]*\r?\n(.*?)^---[ \t]*\r?\n", re.DOTALL | re.M)
_AT = re.compile(r"(?m)^[ \t]*@[ \t]*([A-Za-z]+)[ \t]*[{(][ \t\r\n]*([^,\s]*)")
#: al-folio's link fields that name a file in ``assets/pdf/`` unless they are URLs.
_PDF_FIELDS = ("pdf", "supp", "poster", "slides")
#: Link fields al-folio uses as they are: a value that is no URL is a file of the site.
_LINK_FIELDS = ("html", "code", "website", "blog", "video")
_BADGES = ("altmetric", "dimensions", "google_scholar_id", "inspirehep_id")
_URL = re.compile(r"^[a-z][a-z0-9+.-]*:", re.I)


def read_bibliography(reading: Reading) -> list[Entry]:
    """The entries of the site's bibliography (``scholar.bibliography`` in ``_bibliography``).

    Other ``.bib`` files there are named in the report, not published as the owner's.
    """
    folder = str(reading.config.get("scholar.source", "/_bibliography/")).strip("/")
    main = str(reading.config.get("scholar.bibliography", "papers.bib"))
    path = reading.root / folder / main
    if not path.is_file():
        found = sorted((reading.root / folder).glob("*.bib")) if folder else []
        if not found:
            return []
        path = found[0]
    for other in sorted(path.parent.glob("*.bib")):
        if other != path:
            rel = other.relative_to(reading.root).as_posix()
            reading.report.left(Source(rel), "a .bib file the publications page does not list "
                                "(scholar.bibliography names another): not converted")  # fmt: skip
    return _read_file(reading, path.relative_to(reading.root).as_posix())


def _read_file(reading: Reading, rel: str) -> list[Entry]:
    text = (reading.root / rel).read_text(encoding="utf-8", errors="replace")
    front = _FRONT_MATTER.match(text)
    if front:
        reading.report.note(Source(rel, 1), "the Jekyll front matter at the top: left out")
        # Blank lines in its place keep every entry on its line for the report.
        text = "\n" * front.group(0).count("\n") + text[front.end() :]
    parsed = {entry.key: entry for entry in read_bib_text(text, rel).entries}
    starts = list(_AT.finditer(text))
    head = text[: starts[0].start()] if starts else text
    bibliography = reading.site.bibliography
    if head.strip():
        bibliography.preamble.append(head.strip("\n"))
    entries, seen = [], 0
    for index, start in enumerate(starts):
        end = starts[index + 1].start() if index + 1 < len(starts) else len(text)
        chunk = text[start.start() : end].rstrip() + "\n"
        kind, key = start.group(1).lower(), start.group(2)
        if kind in ("string", "preamble", "comment"):
            bibliography.preamble.append(chunk.rstrip("\n"))
            continue
        seen += 1
        source = Source(rel, text.count("\n", 0, start.start()) + 1)
        bib = parsed.get(key)
        entry = _entry(reading, source, kind, chunk, bib) if bib else None
        if bib is None:
            reading.report.check(source, f"{key}: an entry BibTeX cannot read; kept as it was")
            entry = Entry(key, kind, {}, chunk, source)
        if entry is not None:
            entries.append(entry)
    reading.report.count("publications", seen, len(entries))
    bibliography.entries.extend(entries)
    return entries


def _entry(
    reading: Reading, source: Source, kind: str, raw: str, bib: BibEntry | None
) -> Entry | None:
    rel, key = source.path, bib.key if bib is not None else ""
    if bib is None:
        return None
    fields = {name: value.value for name, value in bib.fields.items()}
    title = fields.get("title", "")
    if is_demo_entry(key, title, fields.get("author", "")) and not reading.keep_demo(
        source, f"the entry {key} ({title[:50]})"
    ):
        return None

    def at(name: str) -> Source:
        return Source(rel, bib.line_of(name))

    for name in (*_PDF_FIELDS, *_LINK_FIELDS, "preview"):
        if name in fields:
            raw = _local_file(reading, raw, fields, name, at(name), key)
    raw = _marks(reading, raw, fields, at("author"), key)
    for name in _BADGES:
        if name in fields:
            why = f"{key}: the {name} badge is not shown by bibfolio (no third-party scripts)"
            reading.report.left(at(name), why + "; the field stays in refs.bib")
    return Entry(key, kind, fields, raw, source)


def _local_file(  # noqa: PLR0917 - one entry's text, fields, and the field to move
    reading: Reading, raw: str, fields: dict[str, str], name: str, source: Source, key: str
) -> str:
    """A field naming a file of the old site: copied under ``papers/`` and renamed.

    al-folio keeps ``pdf`` (``supp``, ``poster``, ``slides``) files in ``assets/pdf/`` and
    previews in ``assets/img/publication_preview/``.
    """
    old_dir, new_dir = "", "papers/"
    if name == "preview":
        old_dir, new_dir = "assets/img/publication_preview/", "papers/previews/"
    elif name in _PDF_FIELDS:
        old_dir = "assets/pdf/"
    value = fields.get(name, "").strip()
    if not value or _URL.match(value) or field_span(raw, name) is None:
        return raw
    old = value.lstrip("/") if value.startswith("/") else old_dir + value
    new = new_dir + value.rsplit("/", 1)[-1]
    if not reading.file(old, source, f"{key}: {name} = {{{value}}}"):
        fields.pop(name)
        return remove_field(raw, name)
    reading.site.files[new] = old
    fields[name] = new
    return set_value(raw, name, new)


def _marks(reading: Reading, raw: str, fields: dict[str, str], source: Source, key: str) -> str:
    """``*``/``†`` in names → ``author+an`` when the annotation says what they mean."""
    author = fields.get("author", "")
    if not author or "author+an" in fields:
        return raw
    marks = read_marks(author, fields.get("annotation", ""))
    if not marks.found:
        return raw
    shown = " ".join(marks.found)
    if not marks.annotation:
        reading.report.check(source, f"{key}: the marks {shown} in the author list are "
                             "kept as typed (bibfolio shows them); their meaning is not "
                             "equal contribution or corresponding author, so the legend in "
                             "annotation stays too")  # fmt: skip
        return raw
    raw = set_value(raw, "author", marks.author)
    raw = add_field(raw, "author", "author+an", marks.annotation)
    fields["author"], fields["author+an"] = marks.author, marks.annotation
    if marks.legend_left == "":
        raw = remove_field(raw, "annotation")
        fields.pop("annotation", None)
    elif marks.legend_left is not None:
        raw = set_value(raw, "annotation", marks.legend_left)
        fields["annotation"] = marks.legend_left
    done = f"{key}: the marks {shown} in the author list are now author+an"
    reading.report.note(source, f"{done} = {{{marks.annotation}}} (bibfolio writes the legend)")
    return raw
