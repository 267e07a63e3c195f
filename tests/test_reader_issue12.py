"""The .bib reader on the reproductions of issue 12 ("Entries lost" and reader-level data).

Model tests: no Sphinx, milliseconds each.  ``test_reproductions_render`` builds one
small project so the same inputs are checked as a reader sees them on the page.
"""

from __future__ import annotations

import shutil

import pytest

from bibfolio.reading.bibtex import read_bib_files

from .helpers import build_project


def read(text: str | bytes, encoding: str = "utf-8-sig", path: str = "refs.bib"):
    data = text.encode() if isinstance(text, str) else text
    entries, diagnostics = read_bib_files([(path, data)], encoding)
    return {e.key: e for e in entries}, [(d.line, d.subtype, d.message) for d in diagnostics]


# -- entries lost ----------------------------------------------------------------------
TRAILING_COMMA_CLOSE = """\
@article{a1, author = {A, B}, title = {One}, journal = {J}, year = {2020},
},
@article{a2, author = {A, B}, title = {Two}, journal = {J}, year = {2021},
},
"""


def test_entries_closed_by_brace_comma_are_all_read():
    entries, problems = read(TRAILING_COMMA_CLOSE)
    assert [(k, e.get("title"), e.get("year")) for k, e in entries.items()] == [
        ("a1", "One", "2020"),
        ("a2", "Two", "2021"),
    ]
    assert problems == []


def test_extra_brace_before_more_fields_is_still_recovered():
    # "}, year = ..." is not the end of an entry but an extra brace inside it.
    entries, problems = read("@misc{a, title = {A}},\n  year = 2020}\n@misc{b, title={B}}\n")
    assert entries["a"].get("year") == "2020"
    assert [p[:2] for p in problems] == [(1, "unbalanced_braces")]


AT_IN_VALUE = """\
@misc{boinc, author = {Anderson, David}, title = {Volunteer computing},
  note = {Two projects:
  @Home (distributed) and Rosetta.},
  year = 2004}
@misc{after, title = {After}}
"""


def test_at_sign_inside_a_value_is_text():
    entries, problems = read(AT_IN_VALUE)
    assert list(entries) == ["boinc", "after"]
    assert entries["boinc"].get("note") == "Two projects: @Home (distributed) and Rosetta."
    assert entries["boinc"].get("year") == "2004"
    assert problems == []


def test_at_sign_inside_a_quoted_value_is_text():
    entries, problems = read('@misc{q, title = "Mail\n@me{now} please", year = 1}\n')
    assert entries["q"].get("title") == "Mail @me{now} please"
    assert problems == []


def test_a_brace_never_closed_still_skips_only_its_entry():
    # No '}' ever closes the value: reading resumes at the next line that starts an entry.
    entries, problems = read(
        "@misc{good1, title={A}}\n@misc{bad,\n  title = {Oops {x},\n"
        "  year = 2020\n@misc{good2, title={B}}\n"
    )
    assert list(entries) == ["good1", "good2"]
    assert [p[:2] for p in problems] == [(3, "unbalanced_braces")]
    assert "is skipped" in problems[0][2]


def test_syntax_error_keeps_the_fields_read_before_it():
    entries, problems = read(
        "@article{p, author = {Doe, J}, title = {Kept}, year = 2020,\n"
        "  pages 12--14, journal = {J}}\n@misc{next, title={Next}}\n"
    )
    assert list(entries) == ["p", "next"]
    assert {k: f.value for k, f in entries["p"].fields.items()} == {
        "author": "Doe, J",
        "title": "Kept",
        "year": "2020",
    }
    assert problems == [
        (
            2,
            "syntax",
            "syntax error in the @article entry starting on line 1: expected '=' after "
            "field name 'pages'; the entry keeps the fields read before the error",
        )
    ]


def test_syntax_error_before_the_title_skips_the_entry():
    entries, problems = read("@misc{p, year 2020, title = {T}}\n@misc{next, title={N}}\n")
    assert list(entries) == ["next"]
    assert problems[0][1] == "syntax" and problems[0][2].endswith("the entry is skipped")


# -- data altered ----------------------------------------------------------------------
def test_string_values_keep_their_spaces():
    entries, problems = read(
        '@string{b = "Bob "}\n@string{acm = "ACM "}\n'
        '@misc{s, author = b # "Smith", title = acm # "Symposium", note = b}\n'
    )
    assert entries["s"].get("author") == "Bob Smith"
    assert entries["s"].get("title") == "ACM Symposium"
    assert entries["s"].get("note") == "Bob"  # a field's own ends are still trimmed
    assert problems == []


@pytest.mark.parametrize(
    ("encoding", "data", "expected"),
    [
        (
            "ascii",
            b"@misc{a,\n title = {caf\xe9 \xff}}\n",
            [
                (2, "invalid ascii byte(s) b'\\xe9' at column 14; shown as U+FFFD "),
                (2, "invalid ascii byte(s) b'\\xff' at column 16; shown as U+FFFD "),
            ],
        ),
        (
            "utf-8",
            "@misc{a,\n title = {Ł\xe9}}\n".encode().replace(b"\xc3\xa9", b"\xe9"),
            [(2, "invalid UTF-8 byte(s) b'\\xe9' at column 12; shown as U+FFFD ")],
        ),
        (
            "utf-16-le",
            "@misc{a,\n title = {é?}}\n".encode("utf-16-le").replace(b"?\x00", b"\x00\xdc"),
            [(2, "invalid utf-16-le byte(s) b'\\x00\\xdc' at column 12; shown as U+FFFD ")],
        ),
        (
            "cp1252",
            b"@misc{a,\n title = {\xe9\x81}}\n",
            [(2, "invalid cp1252 byte(s) b'\\x81' at column 12; shown as U+FFFD ")],
        ),
    ],
)
def test_undecodable_bytes_warn_with_line_and_column(encoding, data, expected):
    entries, problems = read(data, encoding)
    assert "\ufffd" in entries["a"].get("title")
    assert [
        (line, message[: len(want)])
        for (line, _, message), (_, want) in zip(problems, expected, strict=True)
    ] == expected
    assert {subtype for _, subtype, _ in problems} == {"encoding"}


def test_latin1_file_read_with_its_encoding_and_unknown_encoding_named():
    entries, problems = read(b"@misc{a, title = {caf\xe9}}\n", "latin-1")
    assert entries["a"].get("title") == "café"
    assert problems == []
    entries, problems = read(b"@misc{a, title = {ok}}\n", "no-such-codec")
    assert entries["a"].get("title") == "ok"
    assert problems == [(1, "encoding", "unknown encoding 'no-such-codec'; read as UTF-8")]


@pytest.mark.parametrize(
    "text",
    ['@string{jmlr = "J. Mach. Learn. Res."}\n', '@preamble{"\\providecommand{\\x}{X}"}\n'],
)
def test_file_of_macros_only_is_not_empty(text):
    entries, problems = read(text)
    assert (entries, problems) == ({}, [])


@pytest.mark.parametrize(
    ("text", "problems"),
    [
        # What bibfolio new writes: a bibliography not filled in yet, nothing to say.
        ("% Your publications ...\n%\n%   python3 -m nox -s check\n", []),
        ("@comment{Your publications ...}\n", []),
        # What a failed export leaves: empty, or blank.
        ("", [(1, "empty_file", "bibliography file is empty: no entries")]),
        ("\n  \n\t\n", [(1, "empty_file", "bibliography file is empty: no entries")]),
        # Text that is no comment: an error page saved as .bib, a RIS file.
        (
            "% export\n\nTY  - JOUR\nER  -\n",
            [
                (
                    3,
                    "empty_file",
                    "bibliography file contains no entries: this text is neither a BibTeX "
                    "entry nor a comment (a line that starts with %)",
                )
            ],
        ),
    ],
    ids=["comments", "comment-command", "empty", "blank", "not-bibtex"],
)
def test_a_file_without_entries_warns_unless_it_is_comments(text, problems):
    assert read(text) == ({}, problems)


# -- @preamble -------------------------------------------------------------------------
PREAMBLE = r"""@preamble{ "\newcommand{\noopsort}[1]{} "
  # "\providecommand*\switchargs[2]{#2#1} "
  # "\ifx\undefined\cprime \def\cprime{$'$}\fi "
  # "\newcommand{\opt}[2][dflt]{(#1/#2)} \let\Ord=\textordmasculine "
  # "\def\pair#1#2{#1--#2}" }
@book{b, title = {Sw {\switchargs{a}{b}} \cprime s \opt{x} \opt[y]{z} \pair{1}{2} N\Ord},
  year = {{\noopsort{1973c}}1981}}
"""


def test_preamble_definitions_are_obeyed():
    entries, problems = read(PREAMBLE)
    assert entries["b"].get("year") == "1981"
    assert entries["b"].get("title") == (r"Sw {ba} $'$s (dflt/x) (y/z) 1--2 N\textordmasculine")
    assert problems == []


def test_preamble_in_a_later_file_applies_to_earlier_entries():
    entries, problems = read_bib_files(
        [
            ("a.bib", rb"@misc{a, title = {T}, year = {{\noopsort{b}}1990}}"),
            ("b.bib", rb'@preamble{"\newcommand{\noopsort}[1]{}"}'),
        ]
    )
    assert entries[0].get("year") == "1990"
    assert problems == []


def test_preamble_definition_not_understood_warns_once_at_its_line():
    entries, problems = read(
        "@misc{a, title = {T}}\n"
        '@preamble{"\\usepackage{url} \\def\\x#1.{#1} \\newcommand{\\y}{Y}"}\n'
        "@misc{b, title = {\\y}}\n"
    )
    assert entries["b"].get("title") == "Y"  # what is understood still applies
    assert problems == [
        (
            2,
            "preamble",
            "@preamble: cannot interpret '\\usepackage{url}', '\\def\\x#1.{#1}'; "
            "commands it defines are not applied to the fields",
        )
    ]


def test_expansion_never_glues_a_command_to_the_next_word():
    entries, _ = read(
        '@preamble{"\\newcommand{\\noop}[1]{} \\let\\Ord=\\textordmasculine"}\n'
        "@misc{a, title = {N\\Ord x \\TeX\\noop{z}book}}\n"
    )
    assert entries["a"].get("title") == "N\\textordmasculine{}x \\TeX{}book"


def test_escaped_backslash_and_missing_arguments_are_left_alone():
    entries, _ = read(
        '@preamble{"\\newcommand{\\noopsort}[1]{}"}\n'
        "@misc{a, title = {line\\\\noopsort{x}}, note = {\\noopsort}}\n"
    )
    assert entries["a"].get("title") == "line\\\\noopsort{x}"
    assert entries["a"].get("note") == "\\noopsort"


# -- crossref, xdata, @set -------------------------------------------------------------
def test_crossref_child_inherits_venue_and_year_and_parent_is_kept():
    entries, problems = read(
        "@inproceedings{x, author={W, G}, title={T}, crossref={p}}\n"
        "@proceedings{p, editor={Lovelace, Ada}, title={Space and Beyond}, booktitle={Space and Beyond}, "
        "year={2000}, publisher={P}}\n"
    )
    child = entries["x"]
    assert (child.get("booktitle"), child.get("year"), child.get("title")) == (
        "Space and Beyond",
        "2000",
        "T",
    )
    assert child.fields["year"].inherited_from == "p"
    assert child.fields["year"].line == 1  # the crossref's line, in the child's file
    assert list(entries) == ["x", "p"]
    assert problems == []


def test_crossref_forward_across_files_and_biblatex_title_rules():
    entries, problems = read_bib_files(
        [
            (
                "a.bib",
                b"@incollection{c, title={Chapter}, author={A, B}, crossref={coll}}\n"
                b"@inbook{ib, title={Part}, crossref={mv}}\n"
                b"@article{ar, title={Paper}, crossref={per}}\n",
            ),
            (
                "b.bib",
                b"@collection{coll, title={Essays}, subtitle={Old and New}, editor={E, F},"
                b" shorttitle={Ess}, date={1999}}\n"
                b"@mvbook{mv, title={Collected Works}, author={K, D}, year={1990}}\n"
                b"@periodical{per, title={Journal of Things}, year={2001}}\n",
            ),
        ]
    )
    by_key = {e.key: e for e in entries}
    c = by_key["c"]
    assert (c.get("booktitle"), c.get("booksubtitle"), c.get("editor"), c.get("date")) == (
        "Essays",
        "Old and New",
        "E, F",
        "1999",
    )
    assert (c.get("title"), c.get("shorttitle")) == ("Chapter", "")
    ib = by_key["ib"]
    assert (ib.get("maintitle"), ib.get("bookauthor"), ib.get("author")) == (
        "Collected Works",
        "K, D",
        "K, D",
    )
    assert by_key["ar"].get("journaltitle") == "Journal of Things"
    assert problems == []


def test_crossref_child_does_not_take_the_parents_identifiers_but_xdata_gives_all():
    entries, problems = read(
        "@inbook{ch, title={Chapter}, pages={1--9}, crossref={bk}}\n"
        "@book{bk, title={Book}, author={A, B}, doi={10.1007/978-1-4939-4020-2},"
        " url={https://example.org/book}, isbn={978-1-4939-4018-9}, abstract={About the book},"
        " pdf={book.pdf}, selected={true}, project={looms}, author+an={1=highlight}}\n"
        "@xdata{x, url={https://example.org/series}}\n@misc{m, title={M}, xdata={x}}\n"
    )
    chapter = entries["ch"]
    assert (chapter.get("booktitle"), chapter.get("isbn")) == ("Book", "978-1-4939-4018-9")
    # Neither what identifies the book nor any field that only shapes how it is shown
    # (the one list of them, reading/bibfields.py): the chapter is on no project page.
    for name in ("doi", "url", "abstract", "pdf", "selected", "project", "author+an"):
        assert name not in chapter.fields, name
    assert set(chapter.fields) == {
        "title", "pages", "crossref", "booktitle", "author", "bookauthor", "isbn"
    }  # fmt: skip
    assert entries["m"].get("url") == "https://example.org/series"
    assert problems == []


def test_missing_parent_and_cycle_warn_at_the_reference():
    _, problems = read(
        "@inproceedings{y, title={T},\n crossref={nope}}\n"
        "@book{a, title={A},\n crossref={b}}\n@book{b, title={B}, crossref={a}}\n"
    )
    assert problems == [
        (
            2,
            "crossref",
            "crossref 'nope' of entry 'y' names no entry in the bibliography; "
            "nothing is inherited from it",
        ),
        (4, "crossref", "crossref cycle through entry 'a'; it is broken here"),
    ]


def test_xdata_fields_are_copied_and_xdata_and_set_are_not_publications():
    entries, problems = read(
        "@xdata{pub, publisher={Springer}, location={Berlin}}\n"
        "@xdata{ser, series={LNCS}, xdata={pub}}\n"
        "@book{bk, title={Book}, author={A, B}, xdata={ser}, location={Wien}}\n"
        "@set{both, entryset={bk,other}}\n@misc{other, title={Other}}\n"
    )
    assert list(entries) == ["bk", "other"]
    bk = entries["bk"]
    assert (bk.get("publisher"), bk.get("series"), bk.get("location")) == (
        "Springer",
        "LNCS",
        "Wien",
    )
    assert problems == []


# -- as a reader sees it ---------------------------------------------------------------
CROSSREF = """\
@inproceedings{x, author={Lovelace, Ada}, title={T}, crossref={p}}
@proceedings{p, editor={Lovelace, Ada}, title={Space and Beyond}, booktitle={Space and Beyond}, year={2000}}
"""


def test_reproductions_render(tmp_path, rootdir):
    source = tmp_path / "reader"
    shutil.copytree(rootdir / "test-malformed", source)
    # A file of macros only: no empty_file warning, and its macros keep their spaces.
    (source / "macros.bib").write_text('@string{acm = "ACM "}\n', encoding="utf-8")
    (source / "refs.bib").write_text(
        TRAILING_COMMA_CLOSE.replace("A, B", "Lovelace, Ada").replace(
            "journal = {J}, year = {2021}", 'journal = acm # "Symposium", year = {2021}'
        )
        + AT_IN_VALUE.replace("Anderson, David", "Lovelace, Ada").replace(
            "title = {After}", "author = {Lovelace, Ada}, title = {After}, year = 2005"
        )
        + PREAMBLE.replace("@book{b,", "@book{b, author = {Lovelace, Ada}, publisher = {P},")
        + CROSSREF,
        encoding="utf-8",
    )
    built = build_project(
        source, tmp_path / "_build", overrides={"bibtex_bibfiles": ["macros.bib", "refs.bib"]}
    )
    assert built.warnings == ""
    items = {
        li["id"][4:]: " ".join(li.get_text(" ").split())
        for li in built.page("index").select("li.bibfolio-entry")
    }
    assert sorted(items) == ["a1", "a2", "after", "b", "boinc", "p", "x"]
    assert "ACM Symposium" in items["a2"]
    assert "1981" in items["b"] and "1973" not in items["b"]
    assert "noopsort" not in items["b"]
    assert "Volunteer computing" in items["boinc"]
    assert "Space and Beyond" in items["x"] and "2000" in items["x"]
