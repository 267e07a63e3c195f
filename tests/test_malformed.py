"""Malformed BibTeX: one located, suppressible warning per problem; nothing else lost.

Each case puts one bad entry between two good ones (the bad one starts on line 6) and
checks the exact warning, the entries shown, and that -W fails the build.
"""

from __future__ import annotations

import shutil

import pytest

from bibfolio.cv.fonts import choose_fonts, system_fonts

from .helpers import build_project

GOOD1 = "@misc{good1,\n  author = {Lovelace, Ada},\n  title = {Good one},\n  year = 2020,\n}\n"
GOOD2 = "@misc{good2,\n  author = {Lovelace, Ada},\n  title = {Good two},\n  year = 2019,\n}\n"
ADA = "  author = {Lovelace, Ada},\n"

# name: (bad entry text, warnings as (line, message, subtype), keys shown)
CASES = {
    "unbalanced-open": (
        "@misc{bad,\n" + ADA + "  title = {Oops,\n  year = 2021,\n}\n",
        [
            (
                8,
                "unbalanced braces: a '{' or '\"' opened here is never closed; the @misc entry starting on line 6 is skipped",
                "unbalanced_braces",
            )
        ],
        ["good1", "good2"],
    ),
    "unbalanced-close": (
        "@misc{bad,\n" + ADA + "  title = {Extra}},\n  year = 2021,\n}\n",
        [
            (
                8,
                "unbalanced braces: an extra '}' closes entry 'bad' early; the fields after it are still read",
                "unbalanced_braces",
            )
        ],
        ["bad", "good1", "good2"],
    ),
    "missing-comma": (
        "@misc{bad,\n" + ADA + "  title = {No comma}\n  year = 2021,\n}\n",
        [
            (
                9,
                "missing comma before field 'year' in entry 'bad'; read as if it were there",
                "missing_comma",
            )
        ],
        ["bad", "good1", "good2"],
    ),
    "undefined-macro": (
        "@article{bad,\n" + ADA + "  title = {Macro},\n  journal = jmlr,\n  year = 2021,\n}\n",
        [(9, "undefined @string macro 'jmlr'; its name is used as the text", "undefined_macro")],
        ["bad", "good1", "good2"],
    ),
    "duplicate-key": (
        "@misc{good1,\n" + ADA + "  title = {Same key},\n  year = 2021,\n}\n",
        [
            (
                6,
                "bibliography data error in refs.bib: repeated bibliography entry: good1 (first defined at {bib}:1); this entry is ignored",
                "duplicate_key",
            )
        ],
        ["good1", "good2"],
    ),
    "duplicate-field": (
        "@misc{bad,\n" + ADA + "  title = {First},\n  title = {Second},\n  year = 2021,\n}\n",
        [
            (
                9,
                "bibliography data error in refs.bib: duplicate field 'title' in entry 'bad'; the first value (line 8) is kept",
                "duplicate_field",
            )
        ],
        ["bad", "good1", "good2"],
    ),
    "unknown-type": (
        "@foo{bad,\n" + ADA + "  title = {Foo},\n  year = 2021,\n}\n",
        [(6, "unknown entry type '@foo' for 'bad'; shown as @misc", "unknown_type")],
        ["bad", "good1", "good2"],
    ),
    "missing-field": (
        "@article{bad,\n" + ADA + "  title = {No journal},\n  year = 2021,\n}\n",
        [
            (
                6,
                "entry 'bad' (@article) lacks the required field 'journal' or 'journaltitle'",
                "missing_field",
            )
        ],
        ["bad", "good1", "good2"],
    ),
    "too-many-commas": (
        "@misc{bad,\n  author = {Lovelace, Ada and Too, Many, Commas, Here},\n  title = {Commas},\n  year = 2021,\n}\n",
        [
            (
                7,
                "too many commas in author name 'Too, Many, Commas, Here' of 'bad' (BibTeX allows 'Last, First' or 'Last, Jr, First'); shown as written",
                "name",
            )
        ],
        ["bad", "good1", "good2"],
    ),
    "empty-author": (
        "@misc{bad,\n  author = {Lovelace, Ada and and Babbage, Charles},\n  title = {Empty},\n  year = 2021,\n}\n",
        [
            (
                7,
                "empty name at position 2 in the author list of 'bad'; it is left out",
                "empty_author",
            )
        ],
        ["bad", "good1", "good2"],
    ),
    "et-al": (
        "@misc{bad,\n  author = {Ada Lovelace et al.},\n  title = {Typed},\n  year = 2021,\n}\n",
        [
            (
                7,
                "the author list of 'bad' ends in a typed 'et al.'; write 'and others' (BibTeX's way to say more people follow): read as 'and others'",
                "et_al",
            )
        ],
        ["bad", "good1", "good2"],
    ),
    "invalid-utf8": (
        b"@misc{bad,\n" + ADA.encode() + b"  title = {Caf\xe9},\n  year = 2021,\n}\n",
        [
            (
                8,
                "invalid UTF-8 byte(s) b'\\xe9' at column 15; shown as U+FFFD (save the file as UTF-8)",
                "encoding",
            )
        ],
        ["bad", "good1", "good2"],
    ),
}


# Problems sphinxcontrib-bibtex reports itself keep its warning name (issue 13);
# bibfolio's name still suppresses them (test_each_warning_can_be_suppressed).
SHOWN_AS = {
    "duplicate_key": "bibtex.bibfile_data_error",
    "duplicate_field": "bibtex.bibfile_data_error",
    "missing_file": "bibtex.bibfile_error",
}


@pytest.fixture
def project(tmp_path, rootdir):
    source = tmp_path / "malformed"
    shutil.copytree(rootdir / "test-malformed", source)
    return source


def build(project, tmp_path, content: str | bytes | None, **kwargs):
    bib = project / "refs.bib"
    if content is None:
        bib.unlink()
    else:
        bib.write_bytes(content if isinstance(content, bytes) else content.encode())
    return build_project(project, tmp_path / "_build", **kwargs)


def shown(built) -> list[str]:
    return sorted(li["id"][4:] for li in built.page("index").select("li.bibfolio-entry"))


@pytest.mark.parametrize("case", sorted(CASES))
def test_one_warning_at_the_line_and_nothing_else_lost(project, tmp_path, case):
    bad, expected, keys = CASES[case]
    content = GOOD1.encode() + (bad if isinstance(bad, bytes) else bad.encode()) + GOOD2.encode()
    built = build(project, tmp_path, content)
    bib = project / "refs.bib"
    assert without_cv_font(built.warnings).splitlines() == [
        f"{bib}:{line}: WARNING: {message.replace('{bib}', str(bib))} [{SHOWN_AS.get(subtype, 'bibfolio.' + subtype)}]"
        for line, message, subtype in expected
    ]
    assert shown(built) == keys


#: Whether no system font draws U+FFFD, the character an invalid byte is shown as (a
#: machine without fontconfig's fonts: Debian's fonts-dejavu-core has it).  Then the CV
#: also says it cannot draw it; that warning is the CV's (tests/test_cv_fonts.py).
NO_FONT_FOR_FFFD = bool(choose_fonts(["\ufffd"], "en", fonts=system_fonts()).missing)


def without_cv_font(warnings: str) -> str:
    """*warnings*, less the CV's cv_font line where no system font draws U+FFFD."""
    if not NO_FONT_FOR_FFFD:
        return warnings
    return "".join(
        line for line in warnings.splitlines(keepends=True) if "[bibfolio.cv_font]" not in line
    )


@pytest.mark.parametrize("case", sorted(CASES))
def test_dash_w_fails_the_build(project, tmp_path, case):
    bad = CASES[case][0]
    content = GOOD1.encode() + (bad if isinstance(bad, bytes) else bad.encode()) + GOOD2.encode()
    assert build(project, tmp_path, content, warning_is_error=True).statuscode == 1


@pytest.mark.parametrize("case", sorted(CASES))
def test_each_warning_can_be_suppressed(project, tmp_path, case):
    bad, expected, _ = CASES[case]
    content = GOOD1.encode() + (bad if isinstance(bad, bytes) else bad.encode()) + GOOD2.encode()
    subtypes = [f"bibfolio.{subtype}" for _, _, subtype in expected]
    built = build(project, tmp_path, content, overrides={"suppress_warnings": subtypes})
    assert without_cv_font(built.warnings) == ""


def test_duplicate_key_across_files(project, tmp_path):
    (project / "more.bib").write_text(
        "@misc{other, author = {Lovelace, Ada}, title = {Other}, year = 2018}\n"
        "@misc{good1,\n  author = {Lovelace, Ada},\n  title = {Again},\n  year = 2017,\n}\n"
        "@misc{after, author = {Lovelace, Ada}, title = {After}, year = 2016}\n"
    )
    built = build(
        project, tmp_path, GOOD1 + GOOD2, overrides={"bibtex_bibfiles": ["refs.bib", "more.bib"]}
    )
    assert built.warnings.splitlines() == [
        f"{project / 'more.bib'}:2: WARNING: bibliography data error in more.bib: repeated "
        f"bibliography entry: good1 (first defined at {project / 'refs.bib'}:1); this entry is "
        "ignored [bibtex.bibfile_data_error]"
    ]
    assert shown(built) == ["after", "good1", "good2", "other"]


def test_conference_is_inproceedings_without_a_warning(project, tmp_path):
    bad = (
        "@conference{conf,\n"
        + ADA
        + "  title = {Conference},\n  booktitle = {Proc. of C},\n  year = 2021,\n}\n"
    )
    built = build(project, tmp_path, GOOD1 + bad + GOOD2)
    assert built.warnings == ""
    entry = built.page("index").find("li", id="pub-conf")
    assert entry["data-type"] == "conference"
    assert entry.select_one(".bibfolio-venue").get_text().strip() == "In Proc. of C, 2021"
    assert (
        entry.select_one("details.bibfolio-cite .bibfolio-bibtex pre")
        .get_text()
        .startswith("@inproceedings{conf,")
    )


def test_percent_signs_are_kept_whole(project, tmp_path):
    bad = (
        "@misc{pct,\n"
        + ADA
        + "  title = {50% faster and 10\\% smaller, with 5% left},\n  year = 2021,\n}\n"
    )
    built = build(project, tmp_path, GOOD1 + bad + GOOD2)
    assert built.warnings == ""
    title = built.page("index").find("li", id="pub-pct").select_one(".bibfolio-title").get_text()
    assert title == "50% faster and 10% smaller, with 5% left"
    paper = built.page("publications/pct")
    assert paper.find("meta", attrs={"name": "citation_title"})["content"] == title


def test_empty_file(project, tmp_path):
    built = build(project, tmp_path, "")
    assert built.warnings.splitlines() == [
        f"{project / 'refs.bib'}:1: WARNING: bibliography file is empty: no entries [bibfolio.empty_file]"
    ]
    assert build(project, tmp_path, " \n", warning_is_error=True).statuscode == 1
    # Comments alone (what bibfolio new writes without --bib): not a mistake.
    assert build(project, tmp_path, "% only a comment\n", warning_is_error=True).statuscode == 0


def test_missing_file(project, tmp_path):
    built = build(project, tmp_path, None)
    assert built.warnings.splitlines() == [
        f"{project / 'refs.bib'}:1: WARNING: could not open bibtex file refs.bib: bibliography "
        "file not found [bibtex.bibfile_error]"
    ]
    assert shown(built) == []
