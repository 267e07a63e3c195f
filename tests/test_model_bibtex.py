"""The .bib reader: values, macros, line numbers, and recovery from malformed input."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from bibfolio.model import names as names_module
from bibfolio.reading.bibtex import read_bib_files, read_bib_text


def read(text: str):
    entries, diagnostics = read_bib_files([("refs.bib", text.encode())])
    return entries, [(d.line, d.subtype) for d in diagnostics]


def test_values_macros_and_lines():
    result = read_bib_text(
        '@string{jmlr = "Journal of ML"}\n'
        "@article{a,\n"
        "  title = {A {B} c},\n"
        '  journal = jmlr # " (JMLR)",\n'
        "  month = jul,\n"
        "  year = 2020\n"
        "}\n",
        "refs.bib",
    )
    (entry,) = result.entries
    assert entry.line == 2
    assert entry.get("title") == "A {B} c"
    assert entry.get("journal") == "Journal of ML (JMLR)"
    assert (entry.get("month"), entry.fields["month"].macro) == ("July", "jul")
    assert entry.line_of("year") == 6
    assert result.diagnostics == []


def test_percent_is_text():
    entries, problems = read("@misc{a, title = {50% of \\% things}}\n")
    assert entries[0].get("title") == "50% of \\% things"
    assert problems == []


def test_unbalanced_open_brace_skips_only_that_entry():
    entries, problems = read(
        "@misc{good1, title={A}}\n@misc{bad,\n  title = {Oops,\n  year = 2020}\n@misc{good2, title={B}}\n"
    )
    assert [e.key for e in entries] == ["good1", "good2"]
    assert problems == [(3, "unbalanced_braces")]


def test_extra_closing_brace_keeps_the_later_fields():
    entries, problems = read("@misc{a, title = {A}},\n  year = 2020}\n@misc{b, title={B}}\n")
    assert entries[0].get("year") == "2020"
    assert [e.key for e in entries] == ["a", "b"]
    assert problems == [(1, "unbalanced_braces")]


def test_missing_comma_is_read_through():
    entries, problems = read("@misc{a,\n  title = {A}\n  year = 2020}\n")
    assert entries[0].get("year") == "2020"
    assert problems == [(3, "missing_comma")]


def test_duplicates_keep_the_first_and_lose_nothing_else():
    entries, problems = read(
        "@misc{a, title={1}}\n@misc{a, title={2}}\n@misc{b,\n title={3},\n title={4}}\n@misc{c, title={5}}\n"
    )
    assert [(e.key, e.get("title")) for e in entries] == [("a", "1"), ("b", "3"), ("c", "5")]
    assert problems == [(2, "duplicate_key"), (5, "duplicate_field")]


def test_duplicate_keys_across_files():
    entries, diagnostics = read_bib_files(
        [
            ("one.bib", b"@misc{a, title={1}}\n"),
            ("two.bib", b"@misc{b, title={2}}\n@misc{a, title={3}}\n@misc{c, title={4}}\n"),
        ]
    )
    assert [e.key for e in entries] == ["a", "b", "c"]
    assert [(d.path, d.line, d.subtype) for d in diagnostics] == [("two.bib", 2, "duplicate_key")]


def test_invalid_utf8_and_empty_and_missing_files():
    entries, diagnostics = read_bib_files(
        [
            ("bad.bib", b"@misc{a,\n title={caf\xe9}}\n"),
            ("empty.bib", b"\n"),
            ("gone.bib", None),
        ]
    )
    assert entries[0].get("title") == "caf\ufffd"
    assert [(d.path, d.line, d.subtype) for d in diagnostics] == [
        ("bad.bib", 2, "encoding"),
        ("empty.bib", 1, "empty_file"),
        ("gone.bib", 1, "missing_file"),
    ]


def _words_by_characters(text: str) -> list[str]:
    """BibTeX's word split, one character at a time: at whitespace and ``~`` outside braces.

    As pybtex splits (BibTeX would cut the accent off), ``\\~`` is the tilde accent
    (``Casta\\~{n}eda``), not a tie.
    """
    words, current, depth = [], "", 0
    for index, char in enumerate(text):
        tie = char == "~" and text[index - 1 : index] != "\\"
        if (char in " \t\n" or tie) and depth == 0:
            if current:
                words.append(current)
            current = ""
            continue
        if char == "{":
            depth += 1
        elif char == "}":
            depth = max(depth - 1, 0)
        current += char
    if current:
        words.append(current)
    return words


@settings(max_examples=3000, deadline=None)
@given(st.text(alphabet="ab{}\\ \t\n~,", max_size=24))
def test_name_words_split_as_bibtex_does(text):
    assert names_module._words(text) == _words_by_characters(text)
