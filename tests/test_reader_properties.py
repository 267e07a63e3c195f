"""Properties of the .bib reader: values read as pybtex reads them, and it never raises."""

from __future__ import annotations

import pybtex.errors
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pybtex.database import parse_string

from bibfolio.reading.bibtex import read_bib_files

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
# Value text without braces: '@' (even at a line start), quotes, '#', '%', ',', '=' and
# newlines are all plain text inside a braced value.
_PLAIN = st.text(alphabet="ab @\n\"#%,=()\\'", max_size=12)
_BALANCED = st.recursive(
    _PLAIN,
    lambda inner: st.lists(inner | inner.map(lambda s: "{" + s + "}"), max_size=4).map("".join),
    max_leaves=8,
)


def _space(text: str) -> str:
    return " ".join(text.split())


@SETTINGS
@given(value=_BALANCED, second=_BALANCED)
def test_braced_values_read_as_pybtex_reads_them(value, second):
    source = (
        f"@misc{{k, note = {{{value}}}, title = {{{second}}},\n}},\n@misc{{after, title={{x}}}}\n"
    )
    entries, diagnostics = read_bib_files([("x.bib", source.encode())])
    pybtex.errors.set_strict_mode(False)
    theirs = parse_string(source, "bibtex").entries
    assert [e.key for e in entries] == list(theirs) == ["k", "after"]
    assert entries[0].get("note") == _space(theirs["k"].fields["note"])
    assert entries[0].get("title") == _space(theirs["k"].fields["title"])
    assert diagnostics == []


_UNQUOTED = st.text(alphabet="ab @\n#%,=()'", max_size=12)
# A quoted value: quotes only inside braces, where they are text.
_QUOTED = st.lists(_UNQUOTED | _BALANCED.map(lambda s: "{" + s + "}"), max_size=4).map("".join)


@SETTINGS
@given(value=_QUOTED, macro=_UNQUOTED, tail=_QUOTED)
def test_quoted_values_and_string_concatenation_read_as_pybtex(value, macro, tail):
    source = (
        f'@string{{m = "{macro}"}}\n'
        f'@misc{{k, note = "{value}", title = m # "{tail}" # m}}\n@misc{{after, title={{x}}}}\n'
    )
    entries, diagnostics = read_bib_files([("x.bib", source.encode())])
    pybtex.errors.set_strict_mode(False)
    theirs = parse_string(source, "bibtex").entries
    assert [e.key for e in entries] == list(theirs) == ["k", "after"]
    assert entries[0].get("note") == _space(theirs["k"].fields["note"])
    assert entries[0].get("title") == _space(theirs["k"].fields["title"])
    assert diagnostics == []


_PIECES = st.sampled_from(
    [
        "@misc{",
        "@string{s = ",
        '@preamble{"\\newcommand{\\x}[1]{#1}',
        "\\def\\y#1{",
        "crossref = {",
        "xdata = {",
        "@xdata{",
        "@set{",
        "}",
        "{",
        ",",
        "=",
        '"',
        "#",
        "\n",
        "k",
        "title",
        "\\x{",
        "\\y",
    ]
)


@SETTINGS
@given(pieces=st.lists(_PIECES, max_size=40), encoding=st.sampled_from(["utf-8", "latin-1"]))
def test_the_reader_never_raises_and_locates_every_problem(pieces, encoding):
    text = "".join(pieces)
    entries, diagnostics = read_bib_files(
        [("a.bib", text.encode()), ("b.bib", text[::-1].encode())], encoding
    )
    assert all(entry.type not in ("xdata", "set") for entry in entries)
    lines = {"a.bib": text.count("\n") + 1, "b.bib": text.count("\n") + 1}
    assert all(1 <= d.line <= lines[d.path] for d in diagnostics)
