"""The owner is bold wherever they appear, however the .bib spells them, and only them."""

from __future__ import annotations

import pytest

from bibfolio.model.names import NamePattern, parse_name

from .helpers import page, warnings_of

MATCHES = ["lastfirst", "firstlast", "accents", "unicode", "caseandspace", "hyphen", "spaced"]


def bold_names(soup, key: str) -> list[str]:
    entry = soup.find("li", id=f"pub-{key}")
    return [strong.get_text() for strong in entry.select("strong.bibfolio-owner")]


@pytest.mark.sphinx("html", testroot="owner-match", freshenv=True)
def test_every_spelling_of_the_owner_is_bold(app):
    app.build()
    assert not warnings_of(app)
    soup = page(app)
    for key in MATCHES:
        assert len(bold_names(soup, key)) == 1, key
    assert bold_names(soup, "lastfirst") == ["Mingyu Liang"]
    assert bold_names(soup, "accents") == ["Míngyu Líang"]
    assert bold_names(soup, "hyphen") == ["Ming-yu Liang"]


@pytest.mark.sphinx("html", testroot="owner-match", freshenv=True)
def test_near_misses_and_bare_initials_are_not_the_owner(app):
    app.build()
    soup = page(app)
    assert bold_names(soup, "nearmiss") == []
    assert bold_names(soup, "initial") == []
    # N=highlight marks the owner where matching cannot.
    assert bold_names(soup, "highlighted") == ["M. Liang"]


@pytest.mark.sphinx(
    "html",
    testroot="owner-match",
    freshenv=True,
    confoverrides={"bibfolio_owner": ["Mingyu Liang", "M. Liang"]},
)
def test_an_initial_matches_when_configured_as_an_alias(app):
    app.build()
    soup = page(app)
    assert bold_names(soup, "initial") == ["M. Liang"]
    assert bold_names(soup, "nearmiss") == ["Mingfu Liang"]  # the alias is the user's choice
    assert bold_names(soup, "lastfirst") == ["Mingyu Liang"]


@pytest.mark.parametrize(
    ("configured", "written", "expected"),
    [
        ("Mingyu Liang", "Liang, Mingyu", True),
        ("Mingyu Liang", r"L{\'\i}ang, M{\'\i}ngyu", True),
        ("Mingyu Liang", r"Liang, Ming{-}yu", True),
        ("Mingyu Liang", "Liang, Mingfu", False),
        ("Mingyu Liang", "Liang, M.", False),
        ("Mingyu Liang", "Luo, Mingyu", False),
        ("Liang Luo", "Pan, Luoshang", False),
        ("Liang Luo", "Liang, Dong", False),
        ("Liang Luo", "Luo, Liang", True),
        ("M. Liang", "Liang, Mingyu", True),
        ("M. Liang", "Liang, M.", True),
        ("M. Liang", "Liang, Mingyu Jr.", False),
        ("J.-W. Choi", "Choi, Jae-Woo", True),
        ("Ludwig van Beethoven", "van Beethoven, Ludwig", True),
        ("Ludwig van Beethoven", "Beethoven, Ludwig", False),
        ("Zoë Müller", r"M{\"u}ller, Zo{\"e}", True),
        ("Zoë Müller", "MULLER, ZOE", True),
    ],
)
def test_name_patterns(configured, written, expected):
    assert NamePattern.from_config(configured).matches(parse_name(written)) is expected


@pytest.mark.parametrize(
    ("configured", "written", "expected"),
    [
        # Middle names and initials are optional on either side ...
        ("Priya Raman", "Raman, Priya S.", True),
        ("P. Raman", "Raman, Priya S.", True),
        ("P. Raman", "Raman, P.S.", True),
        ("Priya Raman", "Raman, Priya Sunita", True),
        ("Priya Raman", "Priya S. K. Raman", True),
        ("Priya S. Raman", "Raman, Priya", True),
        ("Priya Sunita Raman", "Raman, Priya S.", True),
        ("P. S. Raman", "Raman, Priya Sunita", True),
        # ... but must agree where both sides have one.
        ("Priya S. Raman", "Raman, Priya T.", False),
        ("P. S. Raman", "Raman, Priya K.", False),
        ("Priya Sunita Raman", "Raman, Priya Kavya", False),
        # The first given name decides: another Raman is not the owner.
        ("Priya Raman", "Raman, Pooja", False),
        ("Priya Raman", "Raman, Priyanka S.", False),
        ("P. Raman", "Raman, K. Priya", False),
        ("P. Raman", "Raman, Kavya", False),
        ("Priya Raman", "Ramanathan, Priya", False),
        # An initial in the list does not stand for a configured full first name.
        ("Priya Raman", "Raman, P.", False),
        ("Priya Raman", "Raman, P. S.", False),
        # A hyphenated given name is one name; a suffix is another person.
        ("Jae-Woo Choi", "Choi, Jae", False),
        ("J.-W. Choi", "Choi, J.-W.", True),
        ("Priya Raman", "Raman, Priya Jr.", False),
        ("Mingyu Liang", "Liang, Ming Yu", True),
    ],
)
def test_middle_names_and_initials(configured, written, expected):
    assert NamePattern.from_config(configured).matches(parse_name(written)) is expected


@pytest.mark.sphinx(
    "html",
    testroot="owner-match",
    freshenv=True,
    confoverrides={"bibfolio_owner": ["Liang, Mingyu S."]},
)
def test_a_configured_middle_initial_still_bolds_the_plain_name(app):
    app.build()
    soup = page(app)
    assert bold_names(soup, "lastfirst") == ["Mingyu Liang"]
    assert bold_names(soup, "nearmiss") == []
    assert bold_names(soup, "initial") == []


def test_name_forms_parse_alike():
    forms = ["Ludwig van Beethoven", "van Beethoven, Ludwig"]
    parsed = [parse_name(form) for form in forms]
    assert {p.display for p in parsed} == {"Ludwig van Beethoven"}
    junior = parse_name("King, Jr, Martin Luther")
    assert junior.display == "Martin Luther King, Jr"


@pytest.mark.sphinx("html", testroot="owner-latin-letters", freshenv=True)
def test_the_owner_is_bold_across_latin_letters_of_their_own(app):
    """ł, ø, đ, þ fold to l, o, d, th (issue 46); hanzi are never romanised."""
    app.build()
    # Only the near miss, which is another person, is reported.
    [warning] = warnings_of(app).splitlines()
    assert warning.endswith(
        "refs.bib:6: WARNING: 'nearmiss' is in the publication list of index, but none of its "
        "authors matches bibfolio_owner: if 'Lucyna Kowalczyk' is you, add it to bibfolio_owner "
        "(or mark the author N=highlight in author+an); a work you only cite needs no match: "
        "leave it out of the lists [bibfolio.owner_missing]"
    )
    soup = page(app)
    assert bold_names(soup, "lstroke") == ["Łucja Kowalczyk"]
    assert bold_names(soup, "ostroke") == ["Søren Holmgaard"]
    assert bold_names(soup, "ascii") == ["Soren Holmgaard"]
    assert bold_names(soup, "dstroke") == ["Đurđica Marević"]
    assert bold_names(soup, "thorn") == ["Þóra Eiríksdóttir"]
    assert bold_names(soup, "nearmiss") == []
    # 章伟 shares the pinyin "Zhang Wei" with 张伟, the owner: only 张伟 is bold.
    assert bold_names(soup, "hanzi") == ["张伟"]
