"""``similar_title``: duplicates and unpaired preprints, without false positives."""

from __future__ import annotations

import pytest

from bibfolio.model.lint import check_publications
from bibfolio.model.publication import Settings
from bibfolio.reading.bibtex import read_bib_files

from .helpers import warnings_of


def similar(bib: str) -> list[str]:
    """``line: message`` of every similar_title finding in *bib*."""
    entries, _ = read_bib_files([("refs.bib", bib.encode())], "utf-8")
    _, found = check_publications(entries, Settings())
    return [f"{d.line}: {d.message}" for d in found if d.subtype == "similar_title"]


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("Lectures on Algebra, Volume I", "Lectures on Algebra, Volume II"),
        ("Lectures on Algebra, Volume IV", "Lectures on Algebra, Volume VI"),
        ("Lectures on Algebra, Volume 1", "Lectures on Algebra, Volume 2"),
        ("Lectures on Algebra, Part One", "Lectures on Algebra, Part Two"),
        ("Elliptic Curves over Function Fields I", "Elliptic Curves over Function Fields II"),
    ],
)
def test_numbered_volumes_are_not_reported(first, second):
    bib = (
        f"@book{{a, author = {{Doe, Jane}}, title = {{{first}}}, publisher = {{P}}, year = 1}}\n"
        f"@book{{b, author = {{Doe, Jane}}, title = {{{second}}}, publisher = {{P}}, year = 2}}\n"
    )
    assert similar(bib) == []


def test_same_number_written_differently_is_still_the_same_title():
    bib = (
        "@misc{a, author = {Doe, Jane}, title = {Lectures on Algebra, Volume 2}}\n"
        "@misc{b, author = {Doe, Jane}, title = {Lectures on Algebra, Volume II}}\n"
    )
    assert similar(bib) == [
        "2: the title of 'b' repeats that of 'a' (refs.bib:1); is it the same paper?"
    ]


def test_same_title_by_different_authors_is_not_reported():
    bib = (
        "@book{jech, author = {Jech, Thomas}, title = {Set Theory},\n"
        "  publisher = {Springer}, year = 2003}\n"
        "@book{kunen, author = {Kunen, Kenneth}, title = {Set Theory},\n"
        "  publisher = {College Publications}, year = 2011}\n"
    )
    assert similar(bib) == []


def test_conference_and_journal_versions_are_two_publications():
    bib = (
        "@inproceedings{conf, author = {Doe, Jane and Roe, Rick}, title = {Fast Graphs},\n"
        "  booktitle = {Proc. of SODA}, year = 2020}\n"
        "@article{journal, author = {Doe, Jane and Roe, Rick}, title = {Fast Graphs},\n"
        "  journal = {J. ACM}, year = 2022}\n"
    )
    assert similar(bib) == []


PREPRINT_THEN_PUBLISHED = """\
@misc{doe2020arxiv,
  author = {Doe, Jane and Roe, Rick},
  title = {Fast Graphs for Everyone},
  year = 2020,
  eprint = {2001.00001},
  archiveprefix = {arXiv},
}
@article{doe2021,
  author = {Jane Doe and Rick Roe},
  title = {Fast graphs for everyone},
  journal = {Journal of Graphs},
  year = 2021,
}
"""


def test_preprint_and_published_version_are_reported_with_how_to_pair_them():
    assert similar(PREPRINT_THEN_PUBLISHED) == [
        "10: 'doe2021' and 'doe2020arxiv' (refs.bib:1) have the same title and authors: a "
        "published version and its preprint? To show them as one entry with both links, add "
        "preprint = {doe2020arxiv} to 'doe2021'"
    ]


def test_google_scholar_style_arxiv_journal_counts_as_a_preprint():
    bib = (
        "@article{pub, author = {Doe, Jane}, title = {Fast Graphs}, journal = {J. Graphs},\n"
        "  year = 2021}\n"
        "@article{pre, author = {Doe, Jane}, title = {Fast Graphs},\n"
        "  journal = {arXiv preprint arXiv:2001.00001}, year = 2020}\n"
    )
    (message,) = similar(bib)
    assert message.startswith("1: 'pub' and 'pre' (refs.bib:3)")
    assert message.endswith("add preprint = {pre} to 'pub'")


@pytest.mark.parametrize(
    "pairing",
    ["  preprint = {doe2020arxiv},\n", None],
    ids=["preprint-on-published", "published-on-preprint"],
)
def test_paired_versions_are_not_reported(pairing):
    if pairing:
        bib = PREPRINT_THEN_PUBLISHED.replace("  year = 2021,\n", "  year = 2021,\n" + pairing)
    else:
        bib = PREPRINT_THEN_PUBLISHED.replace(
            "  year = 2020,\n", "  year = 2020,\n  published = {doe2021},\n"
        )
    assert similar(bib) == []


def test_true_duplicates_are_still_reported():
    bib = (
        "@misc{a,\n  author = {Doe, Jane},\n  title = {Fast Graphs for Everyone}}\n"
        "@misc{b,\n  author = {Jane Doe},\n  title = {Fast graphs for {E}veryone.}}\n"
    )
    assert similar(bib) == [
        "6: the title of 'b' repeats that of 'a' (refs.bib:1); is it the same paper?"
    ]


def test_two_editions_are_two_publications():
    # sphinxcontrib-bibtex's own test project "duplicate_nearly_identical_entries".
    bib = (
        "@manual{ABC_R1, author = {xyz}, title = {{ABC}}, edition = {1st}, year = {2019}}\n"
        "@manual{ABC_R2, author = {xyz}, title = {{ABC}}, edition = {2nd}, year = {2019}}\n"
    )
    assert similar(bib) == []


def test_a_talk_given_in_two_years_is_not_reported():
    bib = (
        "@misc{a, author = {Doe, Jane}, title = {Fast Graphs}, howpublished = {Talk}, year = 2019}\n"
        "@misc{b, author = {Doe, Jane}, title = {Fast Graphs}, howpublished = {Talk}, year = 2021}\n"
    )
    assert similar(bib) == []


def test_a_duplicate_with_the_publisher_spelled_longer_is_reported():
    # Two entries of one book in the Stacks project's bibliography.
    bib = (
        "@book{K, author = {Koll{\\'a}r, J{\\'a}nos}, title = {Rational Curves on Algebraic "
        "Varieties},\n  publisher = {Springer-Verlag}, year = {1996}, volume = {32}}\n"
        "@book{KRC, author = {Koll\\'{a}r, J\\'{a}nos}, title = {Rational curves on algebraic "
        "varieties},\n  publisher = {Springer-Verlag, Berlin}, year = {1996}, volume = {32}}\n"
    )
    assert similar(bib) == [
        "3: the title of 'KRC' repeats that of 'K' (refs.bib:1); is it the same paper?"
    ]


@pytest.mark.sphinx("html", testroot="ident-preprint", freshenv=True)
def test_the_build_warns_once_and_says_how_to_pair(app):
    app.build()
    bib = app.srcdir / "refs.bib"
    assert warnings_of(app).splitlines() == [
        f"{bib}:3: WARNING: 'engine2021' and 'engine2020arxiv' ({bib}:7) have the same title "
        "and authors: a published version and its preprint? To show them as one entry with "
        "both links, add preprint = {engine2020arxiv} to 'engine2021' [bibfolio.similar_title]"
    ]
