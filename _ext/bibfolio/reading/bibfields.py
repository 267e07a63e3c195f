"""Which ``.bib`` fields are data a citer wants, and which only shape the portfolio.

Every field bibfolio reads is in one of two sets: :data:`BIBLIOGRAPHIC_FIELDS`, written
into every BibTeX a visitor copies, or :data:`PRESENTATION_FIELDS`, read to shape the site
(a badge, a group, a link button, a project page) and left out of every export
(``formats/cleanbib.py`` for the BibTeX, ``formats/citeformats.py`` for RIS and
CSL-JSON) and of what a ``crossref`` child inherits (``crossref.py``: it shapes how the
parent is shown).  Plain data about the ``.bib`` format, here below ``model/`` so that
the reader's ``crossref`` resolution and the exports use the one list.  Fields bibfolio
does not read (``keywords``, DBLP's ``biburl`` ...) are kept as written; private fields
(:mod:`bibfolio.model.privacy`) never go out.

``tests/test_clean_bibtex.py`` finds the fields the code reads (by scanning it, and by
recording what a build asks of each entry) and fails on one in neither set, so a new
field read to shape the site cannot reach visitors unnoticed; GUIDE.md's ".bib fields"
lists :data:`PRESENTATION_FIELDS`, and ``tests/test_guide.py`` checks it.
"""

from __future__ import annotations

#: Each field that only shapes how a portfolio shows an entry (bibfolio's and al-folio's),
#: with what reads it.
READ_BY: dict[str, str] = {
    "abbr": "model/publication.py: the venue badge",
    "additional_info": "model/publication.py: al-folio's note under the entry",
    "altmetric": "al-folio's badge; not shown",
    "annotation": "model/publication.py: al-folio's note under the entry (biblatex's "
    "annotation field is a reader's comment, not bibliographic data either)",
    "arxiv": "model/links.py: al-folio's arXiv link (eprint carries it for citers)",
    "author+an": "model/publication.py: marks on authors (equal contribution ...)",
    "award": "model/publication.py: the award note",
    "award_name": "model/publication.py: the award note when award is unset",
    "bibtex_show": "al-folio's BibTeX button; not shown",
    "blog": "model/links.py: a link button",
    "code": "model/links.py: a link button",
    "dimensions": "al-folio's badge; not shown",
    "display_title": "model/publication.py: the title shown in lists",
    "editor+an": "model/publication.py: marks on editors",
    "google_scholar_id": "al-folio's citation badge; not shown",
    "hal": "al-folio's badge; not shown",
    "html": "model/links.py: a link button",
    "impact": "doctree/render.py, doctree/entryhtml.py: the impact note under the entry",
    "inspirehep_id": "al-folio's citation badge; not shown",
    "pdf": "model/links.py: a link button (biblatex's alias of file, a local path)",
    "poster": "model/links.py: a link button",
    "preprint": "model/pairing.py: the key of the entry's preprint",
    "preview": "doctree/previews.py: the thumbnail beside the entry",
    "project": "projects/load.py: the project pages the entry is listed on",
    "published": "model/pairing.py: the key of the preprint's published version",
    "pubtype": "model/publication.py: the group the entry is listed in",
    "selected": "model/publication.py: :selected: lists",
    "slides": "model/links.py: a link button",
    "supp": "model/links.py: a link button",
    "video": "model/links.py: a link button",
    "website": "model/links.py: a link button",
}
#: The presentation fields, left out of every export.  Annotation fields (``author+an``
#: and any other ``<name>+an``) are presentation fields too (:func:`is_presentation`).
PRESENTATION_FIELDS = frozenset(READ_BY)

#: The data fields of BibTeX (btxdoc, "Fields") and biblatex (its manual, sections
#: 2.2.2 "Data Fields", 2.2.3 "Special Fields" and 2.2.5 "Field Aliases"), and the
#: identifiers reference managers and PubMed add (``pmid``, ``pmcid``).  Two biblatex
#: fields al-folio gives another meaning are presentation fields here (``annotation``,
#: ``pdf``); ``file`` and ``annote`` are private (:mod:`bibfolio.model.privacy`).
BIBLIOGRAPHIC_FIELDS = frozenset(
    {
        # BibTeX's standard fields, and those its styles and tools commonly read.
        "address", "author", "booktitle", "chapter", "crossref", "edition", "editor",
        "howpublished", "institution", "journal", "key", "month", "note", "number",
        "organization", "pages", "publisher", "school", "series", "title", "type",
        "volume", "year", "abstract", "doi", "eprint", "archiveprefix", "primaryclass",
        "isbn", "issn", "url", "urldate", "keywords", "language", "pmid", "pmcid",
        # biblatex's data fields.
        "addendum", "afterword", "annotator", "authortype", "bookauthor",
        "bookpagination", "booksubtitle", "booktitleaddon", "commentator", "date",
        "editora", "editorb", "editorc", "editortype", "editoratype", "editorbtype",
        "editorctype", "eid", "entrysubtype", "eprintclass", "eprinttype", "eventdate",
        "eventtitle", "eventtitleaddon", "foreword", "holder", "indextitle",
        "introduction", "isan", "ismn", "isrn", "issue", "issuesubtitle", "issuetitle",
        "issuetitleaddon", "iswc", "journalsubtitle", "journaltitle", "journaltitleaddon",
        "label", "library", "location", "mainsubtitle", "maintitle", "maintitleaddon",
        "nameaddon", "origdate", "origlanguage", "origlocation", "origpublisher",
        "origtitle", "pagetotal", "pagination", "part", "pubstate", "reprinttitle",
        "shortauthor", "shorteditor", "shorthand", "shorthandintro", "shortjournal",
        "shortseries", "shorttitle", "subtitle", "titleaddon", "translator", "venue",
        "version", "volumes",
        # biblatex's special fields.
        "entryset", "execute", "gender", "langid", "langidopts", "ids", "indexsorttitle",
        "options", "presort", "related", "relatedoptions", "relatedtype",
        "relatedstring", "sortkey", "sortname", "sortshorthand", "sorttitle", "sortyear",
        "xdata", "xref",
    }
)  # fmt: skip


def is_presentation(name: str) -> bool:
    """Whether the field *name* (lower case) only shapes the site: never exported."""
    return name in PRESENTATION_FIELDS or name.endswith("+an")
