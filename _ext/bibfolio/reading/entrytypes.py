"""BibTeX's and biblatex's entry types: the fields each requires, aliases, where each is listed."""

from __future__ import annotations

#: Entry types BibTeX and biblatex define, with the fields each requires (``a|b``: either;
#: biblatex's name of a field counts as the BibTeX one).  Every type also needs a title
#: here: an untitled publication cannot be listed.  biblatex's own requirements are looser
#: for some types (an ``@online`` needs no date); these are what a reader of a list misses.
REQUIRED_FIELDS: dict[str, tuple[str, ...]] = {
    "article": ("author", "title", "journal|journaltitle", "year|date"),
    "book": ("author|editor", "title", "publisher", "year|date"),
    "booklet": ("title",),
    "inbook": ("author|editor", "title", "chapter|pages|booktitle", "publisher", "year|date"),
    "incollection": ("author", "title", "booktitle", "publisher", "year|date"),
    "inproceedings": ("author", "title", "booktitle", "year|date"),
    "manual": ("title",),
    "mastersthesis": ("author", "title", "school|institution", "year|date"),
    "misc": ("title",),
    "phdthesis": ("author", "title", "school|institution", "year|date"),
    "proceedings": ("title", "year|date"),
    "techreport": ("author", "title", "institution|school", "year|date"),
    "unpublished": ("author", "title", "note|howpublished|year|date"),
    "online": ("title",),
    "software": ("title",),
    "dataset": ("title",),
    "patent": ("title",),
    "thesis": ("author", "title", "institution|school", "year|date"),
    "report": ("author", "title", "institution|school", "year|date"),
    # biblatex's further types.
    "collection": ("editor|author", "title", "year|date"),
    "mvbook": ("author|editor", "title", "year|date"),
    "mvcollection": ("editor|author", "title", "year|date"),
    "mvproceedings": ("title", "year|date"),
    "mvreference": ("title",),
    "bookinbook": ("title",),
    "periodical": ("title", "year|date"),
    "suppbook": ("title",),
    "suppcollection": ("title",),
    "suppperiodical": ("title",),
    "reference": ("title",),
    "inreference": ("title", "booktitle"),
    # biblatex's "unsupported" types: the standard style prints them as @misc.
    **dict.fromkeys(
        (
            "artwork",
            "audio",
            "bibnote",
            "commentary",
            "image",
            "jurisdiction",
            "legislation",
            "legal",
            "letter",
            "movie",
            "music",
            "performance",
            "review",
            "standard",
            "video",
        ),
        ("title",),
    ),
}
#: BibTeX aliases read as another type without a warning.
TYPE_ALIASES = {"conference": "inproceedings", "electronic": "online", "www": "online"}
#: biblatex entry types that are not publications: ``@set`` groups other entries and
#: ``@xdata`` only holds fields for others to inherit.
NOT_PUBLICATIONS = frozenset({"set", "xdata"})
#: Where an entry is listed when it has no ``pubtype`` field.
GROUP_OF_TYPE = {
    "article": "journal",
    "periodical": "journal",
    "suppperiodical": "journal",
    "inproceedings": "conference",
    "proceedings": "conference",
    "mvproceedings": "conference",
    "phdthesis": "thesis",
    "mastersthesis": "thesis",
    "thesis": "thesis",
    "techreport": "report",
    "report": "report",
    "unpublished": "preprint",
    **dict.fromkeys(
        (
            "book",
            "mvbook",
            "bookinbook",
            "inbook",
            "incollection",
            "booklet",
            "collection",
            "mvcollection",
            "suppbook",
            "suppcollection",
            "reference",
            "mvreference",
            "inreference",
        ),
        "book",
    ),
}
#: (biblatex field, BibTeX field): the BibTeX name is filled in from the biblatex one
#: when only that is given, so every reader of ``fields`` (venue, meta tags, COinS,
#: links) sees one name.  Both directions for the eprint fields: arXiv's own export
#: writes ``archiveprefix``/``primaryclass``, biblatex ``eprinttype``/``eprintclass``.
FIELD_ALIASES = (
    ("journaltitle", "journal"),
    ("location", "address"),
    ("eprinttype", "archiveprefix"),
    ("archiveprefix", "eprinttype"),
    ("eprintclass", "primaryclass"),
    ("primaryclass", "eprintclass"),
    ("institution", "school"),
    ("school", "institution"),
)
#: Where each entry type's venue is written, first found wins (then ``howpublished``).
VENUE_FIELDS = {
    "article": ("journal",),
    "inproceedings": ("booktitle",),
    "incollection": ("booktitle",),
    "inbook": ("booktitle", "publisher"),
    "book": ("publisher",),
    "proceedings": ("publisher", "organization"),
    "phdthesis": ("school",),
    "mastersthesis": ("school",),
    "thesis": ("institution", "school"),
    "techreport": ("institution",),
    "report": ("institution",),
    "manual": ("organization",),
    "unpublished": ("note",),
    "patent": ("number",),
    "bookinbook": ("booktitle", "publisher"),
    "inreference": ("booktitle",),
    "suppbook": ("booktitle",),
    "suppcollection": ("booktitle",),
    **dict.fromkeys(
        ("collection", "mvbook", "mvcollection", "reference", "mvreference"), ("publisher",)
    ),
    "mvproceedings": ("publisher", "organization"),
}
