"""The biblatex data model, read by the plain model (no Sphinx): dates, field names, types."""

from __future__ import annotations

import pytest

from bibfolio.formats.chart import yearly_counts
from bibfolio.model.assemble import build_publications
from bibfolio.model.dates import parse_date
from bibfolio.model.names import NamePattern
from bibfolio.model.publication import Settings
from bibfolio.model.selection import compile_filter, group_publications, newest_first
from bibfolio.model.venue import venue_line
from bibfolio.reading.bibtex import read_bib_files
from bibfolio.reading.entrytypes import GROUP_OF_TYPE, REQUIRED_FIELDS
from bibfolio.reading.richtext import plain


def read(text: str, settings: Settings | None = None):
    entries, problems = read_bib_files([("refs.bib", text.encode())])
    publications, diagnostics = build_publications(entries, settings or Settings())
    return publications, problems + diagnostics


@pytest.mark.parametrize(
    ("written", "year", "month", "shown"),
    [
        ("2006", 2006, None, "2006"),
        ("2006-03", 2006, 3, "March 2006"),
        ("2006-03-15", 2006, 3, "March 15, 2006"),
        ("1998/2000", 1998, None, "1998–2000"),
        ("2006-03/2006-05", 2006, 3, "March–May 2006"),
        ("2006-03-01/2006-03-01", 2006, 3, "March 1, 2006"),
        ("1998/", 1998, None, "1998–"),
        ("1998/..", 1998, None, "1998–"),
        ("/2000", 2000, None, "2000"),
        ("2004-22", 2004, None, "2004"),  # EDTF season: the year is still known
        ("2004~", 2004, None, "2004"),
    ],
)
def test_date_field_gives_year_month_and_shown_text(written, year, month, shown):
    publication = next(iter(read_dated(written).values()))
    assert (publication.year, publication.month, publication.date_text) == (year, month, shown)


def read_dated(date: str):
    publications, problems = read(
        f"@article{{a, author={{A, B}}, title={{T}}, journaltitle={{J}}, date={{{date}}}}}"
    )
    assert problems == []
    return publications


def test_not_a_date_falls_back_to_year():
    assert parse_date("circa 1850") is None
    publications, _ = read(
        "@book{b, author={A, B}, title={T}, publisher={P}, year={1850}, date={circa 1850}}"
    )
    assert publications["b"].year == 1850
    assert publications["b"].date_text == "1850"


def test_date_wins_over_year_as_in_biber():
    publications, _ = read(
        "@misc{m, title={T}, year={1999}, month={jan}, date={2001-07}}",
    )
    assert (publications["m"].year, publications["m"].date_text) == (2001, "July 2001")


BIBLATEX = """
@article{new, author={A, B}, title={New}, journaltitle={J}, date={2021-02}}
@article{old, author={A, B}, title={Old}, journaltitle={J}, date={1998/2000}}
@inproceedings{mid, author={A, B}, title={Mid}, booktitle={Proc}, date={2010-11-03}}
@report{rep, author={A, B}, title={Rep}, type={techreport}, institution={I}, date={2010}}
"""


def test_dates_sort_group_chart_and_filter_like_years():
    publications, problems = read(BIBLATEX)
    assert problems == []
    ordered = newest_first(publications.values())
    assert [p.key for p in ordered] == ["new", "mid", "rep", "old"]
    groups = group_publications(ordered, "year", ())
    assert [(g.title, [p.key for p in g.publications]) for g in groups] == [
        ("2021", ["new"]),
        ("2010", ["mid", "rep"]),
        ("1998", ["old"]),
    ]
    counts = {row.year: row.total for row in yearly_counts(list(publications.values()))}
    assert counts[2021] == 1
    assert counts[2010] == 2
    assert counts[1998] == 1
    month_filter = compile_filter("month == 11 and year >= 2010")
    assert [p.key for p in ordered if month_filter(p)] == ["mid"]


def test_biblatex_field_names_count_as_bibtex_ones():
    publications, problems = read(
        """
        @article{a, author={A, B}, title={T}, journaltitle={Annals}, date={2020},
                 location={Berlin}, eprinttype={arxiv}, eprintclass={math.AG}, langid={german}}
        @thesis{t, author={A, B}, title={T}, type={phdthesis}, institution={MIT}, date={2001}}
        @mastersthesis{m, author={A, B}, title={T}, institution={MIT}, date={2001}}
        """
    )
    # No missing_field for journal, year or school: biblatex's names are there.
    assert [d.subtype for d in problems] == []
    article = publications["a"]
    assert plain(article.venue) == "Annals"
    assert article.fields["address"] == "Berlin"
    assert article.fields["archiveprefix"] == "arxiv"
    assert article.fields["primaryclass"] == "math.AG"
    assert plain(publications["m"].venue) == "MIT"


def test_bibtex_names_of_eprint_fields_count_as_biblatex_ones():
    publications, _ = read(
        "@misc{p, title={T}, eprint={2101.00001}, archiveprefix={arXiv}, primaryclass={cs.LG}}"
    )
    assert publications["p"].fields["eprinttype"] == "arXiv"
    assert publications["p"].fields["eprintclass"] == "cs.LG"


def test_title_subtitle_and_titleaddon_as_biblatex_prints_them():
    publications, _ = read(
        """
        @book{a, author={A, B}, title={Title}, subtitle={Subtitle}, titleaddon={Addon},
              publisher={P}, year={2000}}
        @book{q, author={A, B}, title={Why?}, subtitle={Because}, publisher={P}, year={2000}}
        """
    )
    assert plain(publications["a"].title) == "Title: Subtitle. Addon"
    assert plain(publications["q"].title) == "Why? Because"


BIBLATEX_TYPES = [
    "collection",
    "mvbook",
    "mvcollection",
    "periodical",
    "online",
    "report",
    "thesis",
    "dataset",
    "software",
    "inreference",
    "reference",
    "suppbook",
    "patent",
    "unpublished",
    "bookinbook",
    "mvproceedings",
    "standard",
    "letter",
]


@pytest.mark.parametrize("kind", BIBLATEX_TYPES)
def test_biblatex_types_are_known(kind):
    publications, problems = read(
        f"@{kind}{{x, author={{A, B}}, editor={{E, F}}, title={{T}}, date={{2000}},"
        " booktitle={B}, institution={I}, publisher={P}, note={N}}"
    )
    assert kind in REQUIRED_FIELDS
    assert [d.subtype for d in problems] == []
    assert publications["x"].type == kind


@pytest.mark.parametrize(
    ("kind", "group"),
    [
        ("collection", "book"),
        ("mvbook", "book"),
        ("inreference", "book"),
        ("suppbook", "book"),
        ("periodical", "journal"),
        ("mvproceedings", "conference"),
        ("thesis", "thesis"),
        ("report", "report"),
        ("unpublished", "preprint"),
    ],
)
def test_biblatex_types_are_grouped(kind, group):
    assert GROUP_OF_TYPE[kind] == group


def test_set_and_xdata_are_not_publications():
    publications, _ = read(
        """
        @xdata{pub, publisher={P}, location={L}}
        @book{b, author={A, B}, title={T}, publisher={P}, year={2000}}
        @set{s, entryset={b}}
        """
    )
    assert list(publications) == ["b"]


def test_and_others_is_a_flag_not_an_author():
    publications, _ = read(
        """
        @article{a, author={Doe, Jane and Roe, Rick and others}, title={T}, journal={J},
                 year={2000}}
        @book{b, editor={Ed, Eve and Others}, title={T}, publisher={P}, year={2000}}
        """
    )
    article = publications["a"]
    assert [author.name for author in article.authors] == ["Jane Doe", "Rick Roe"]
    assert article.et_al is True
    book = publications["b"]
    assert [editor.name for editor in book.people] == ["Eve Ed"]
    assert book.people_are_editors
    assert book.people_et_al


def test_owner_as_editor_and_editor_annotations():
    settings = Settings(owner=(NamePattern.from_config("Eve Ed"),))
    publications, _ = read(
        """
        @collection{c, editor={Ed, Eve and Other, Otto}, editor+an={2=equal},
                    title={T}, year={2000}}
        @incollection{i, author={Au, Thor}, editor={Ed, Eve}, title={Chapter},
                      booktitle={B}, publisher={P}, year={2000}}
        """,
        settings,
    )
    collection = publications["c"]
    assert collection.owner_matched
    assert [(e.name, e.owner, e.marks) for e in collection.editors] == [
        ("Eve Ed", True, ""),
        ("Otto Other", False, "*"),
    ]
    # Editing the book a chapter is in does not make the chapter the owner's.
    chapter = publications["i"]
    assert not chapter.owner_matched
    (segment,) = [s for s in venue_line(chapter).segments if s.kind == "people"]
    assert [(e.name, e.owner) for e in segment.people] == [("Eve Ed", True)]


def venue_text(publication) -> str:
    line = venue_line(publication)
    parts = []
    for segment in line.segments:
        if segment.kind == "people":
            parts.append(" and ".join(p.name for p in segment.people) + " (eds.)")
        else:
            parts.append(plain(segment.rich) + plain(segment.after))
    return line.prefix + ", ".join(parts)


def test_book_parts_use_booksubtitle_maintitle_and_eventtitle():
    publications, problems = read(
        """
        @incollection{c, author={A, B}, title={Chapter}, booktitle={Algebra},
            booksubtitle={Groups}, booktitleaddon={With Exercises}, maintitle={Mathematics},
            publisher={P}, date={2000}}
        @inproceedings{p, author={A, B}, title={Paper}, booktitle={Proceedings of X},
            eventtitle={X 2020}, venue={Paris}, date={2020}}
        @inproceedings{same, author={A, B}, title={Paper}, booktitle={Proceedings of X 2020},
            eventtitle={X 2020}, date={2020}}
        @inproceedings{vol, author={A, B}, title={Paper}, booktitle={Proceedings of MLSys 6},
            volume={6}, date={2024}}
        """
    )
    assert problems == []
    assert venue_text(publications["c"]) == ("In Mathematics. Algebra: Groups. With Exercises, P")
    assert venue_text(publications["p"]) == "In Proceedings of X (X 2020)"
    # An event title the book title already holds is not repeated; nor is its volume.
    assert venue_text(publications["same"]) == "In Proceedings of X 2020"
    assert venue_text(publications["vol"]) == "In Proceedings of MLSys 6"


def test_periodical_issue_and_patent_types():
    publications, problems = read(
        """
        @periodical{jcg, title={Computers and Graphics}, issuetitle={Semantic 3D Media},
            volume={35}, number={4}, date={2011}}
        @patent{us, author={A, B}, title={T}, number={5668842}, type={patentus},
            holder={Hughes Aircraft Company and Other Corp}, date={1997-09-16}}
        @patent{fr, author={A, B}, title={T}, number={9500261}, type={patreqfr}, date={1995}}
        @patent{plain, author={A, B}, title={T}, number={GB 1}, date={1995}}
        """
    )
    assert problems == []
    assert venue_text(publications["jcg"]) == "Semantic 3D Media, 35(4)"
    assert venue_text(publications["us"]) == (
        "U.S. patent 5668842, Hughes Aircraft Company, Other Corp"
    )
    assert venue_text(publications["fr"]) == "French patent request 9500261"
    assert venue_text(publications["plain"]) == "Patent GB 1"


def test_filter_author_finds_edited_volumes_by_their_editors():
    publications, _ = read(
        """
        @collection{c, editor={Ed, Eve}, title={T}, year={2000}}
        @article{a, author={Au, Thor}, title={T}, journal={J}, year={2000}}
        """
    )
    by_eve = compile_filter('author % "Eve Ed"')
    assert [p.key for p in publications.values() if by_eve(p)] == ["c"]


def test_pubstate_urldate_and_proceedings_event():
    publications, problems = read(
        """
        @article{a, author={A, B}, title={T}, journaltitle={J}, date={2024},
            pubstate={inpress}}
        @online{o, author={A, B}, title={T}, organization={Org}, date={2020},
            url={https://example.org/x}, urldate={2024-05-02}}
        @proceedings{p, editor={E, F}, title={Proceedings of X}, eventtitle={X 2020},
            publisher={P}, date={2020}}
        """
    )
    assert problems == []
    assert venue_text(publications["a"]) == "J, in press"
    assert venue_text(publications["o"]) == "Org, accessed May 2, 2024"
    assert venue_text(publications["p"]) == "X 2020, P"


def test_xampl_style_inbook_and_written_editions():
    publications, _ = read(
        """
        @inbook{minimal, author={Knuth, Donald E.}, title={Fundamental Algorithms},
            chapter={1.2}, publisher={Addison-Wesley}, year={1973}}
        @book{full, author={Knuth, Donald E.}, title={Seminumerical Algorithms},
            series={The Art of Computer Programming}, volume={2}, edition={Second},
            publisher={Addison-Wesley}, year={1981}}
        @inbook{child, author={Knuth, Donald E.}, title={Fundamental Algorithms},
            booktitle={The Art of Computer Programming}, series={The Art of Computer Programming},
            volume={1}, chapter={1.2}, publisher={Addison-Wesley}, year={1973}}
        """
    )
    # An @inbook's title is the book: no "In" before its publisher.
    assert venue_text(publications["minimal"]) == "chapter 1.2, Addison-Wesley"
    assert venue_text(publications["full"]) == (
        "Second edition, The Art of Computer Programming, vol. 2, Addison-Wesley"
    )
    assert venue_text(publications["child"]) == (
        "In The Art of Computer Programming, vol. 1, chapter 1.2, Addison-Wesley"
    )


def test_editors_are_shown_once():
    publications, _ = read(
        "@incollection{i, editor={Ed, Eve}, title={T}, booktitle={B}, publisher={P}, year={2000}}"
    )
    chapter = publications["i"]
    assert [e.name for e in chapter.people] == ["Eve Ed"]
    assert venue_text(chapter) == "In B, P"


@pytest.mark.parametrize(
    ("bib", "style", "expected"),
    [
        # Known to pybtex: the type as written, even when a field is missing.
        ("@article{x, author={A, B}, title={T}, year={2000}}", "alpha", "article"),
        ("@article{x, author={A, B}, title={T}, year={2000}}", "bibfolio", "article"),
        ("@online{x, title={T}, url={https://example.org}}", "alpha", "online"),
        # biblatex types pybtex lacks: their closest BibTeX type ...
        ("@thesis{x, author={A, B}, title={T}, school={S}, year={2000}}", "alpha", "phdthesis"),
        ("@collection{x, editor={A, B}, title={T}, publisher={P}, year={2000}}", "alpha", "book"),
        # ... or misc when that type's fields are missing and the style would raise.
        ("@collection{x, editor={A, B}, title={T}, date={2000}}", "alpha", "misc"),
        ("@collection{x, editor={A, B}, title={T}, date={2000}}", "bibfolio", "book"),
        ("@artwork{x, title={T}}", "alpha", "misc"),
    ],
)
def test_type_sphinxcontrib_bibtex_sees(bib, style, expected):
    from bibfolio.build.citebridge import _pybtex_type

    (entry,), _ = read_bib_files([("refs.bib", bib.encode())])
    assert _pybtex_type(entry, style) == expected


def test_fields_sphinxcontrib_bibtex_sees_have_bibtex_names():
    from bibfolio.build.citebridge import bibtex_fields

    (entry,), _ = read_bib_files(
        [
            (
                "refs.bib",
                b"@article{x, author={A, B}, title={T}, journaltitle={J}, date={2006-03-15},"
                b" location={Berlin}}",
            )
        ]
    )
    fields = bibtex_fields(entry)
    assert (fields["journal"], fields["year"], fields["month"], fields["address"]) == (
        "J",
        "2006",
        "March",
        "Berlin",
    )
