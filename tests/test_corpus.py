"""Real .bib files read by bibfolio and by pybtex, compared entry by entry, field by field.

The files in ``tests/corpus/`` (sources and licences in its README) were written by other
people with other tools: biblatex's own examples, a JabRef-saved database, the Stacks
project's 704-entry mathematics bibliography and BibTeX's ``xampl.bib``.  pybtex reads
them as BibTeX does; every way bibfolio's reading differs must be one of the reviewed
rows of :data:`INTENDED`, or follow from one of two documented rules that the test checks
against pybtex's own reading of the parent entry:

- a field inherited through ``crossref``/``xdata`` (pybtex leaves them unresolved) must
  equal the parent's field it comes from;
- an ``@set``/``@xdata`` entry is no publication, so bibfolio does not return it.
"""

from __future__ import annotations

from pathlib import Path

import pybtex.errors
import pytest
from pybtex.database import parse_file

from bibfolio.model.names import parse_name, split_name_list
from bibfolio.reading.bibtex import read_bib_files

CORPUS = Path(__file__).parent / "corpus"
FILES = ("biblatex-examples.bib", "jabref-authors.bib", "stacks-project-my.bib", "xampl.bib")
_NOOPSORT = "xampl's @preamble defines \\noopsort{x} to print nothing; LaTeX prints"

#: (file, key, field): (pybtex's value, ours, why ours is intended).  Field "@entry"
#: stands for the whole entry.
INTENDED: dict[tuple[str, str, str], tuple[str, str, str]] = {
    ("biblatex-examples.bib", "set", "@entry"): (
        "@set",
        "absent",
        "a biblatex @set groups other entries; it is not a publication",
    ),
    ("biblatex-examples.bib", "stdmodel", "@entry"): (
        "@set",
        "absent",
        "a biblatex @set groups other entries; it is not a publication",
    ),
    **{
        ("xampl.bib", key, "year"): ("{\\noopsort{1973b}}1973", "1973", _NOOPSORT + " 1973")
        for key in ("inbook-minimal", "inbook-full", "inbook-crossref")
    },
    **{
        ("xampl.bib", key, "year"): ("{\\noopsort{1973c}}1981", "1981", _NOOPSORT + " 1981")
        for key in ("book-minimal", "book-full", "book-crossref")
    },
    ("xampl.bib", "whole-set", "year"): (
        "{\\noopsort{1973a}}{\\switchargs{--90}{1968}}",
        "{1968--90}",
        "the @preamble's \\switchargs{a}{b} prints ba, so LaTeX prints 1968--90",
    ),
    ("xampl.bib", "booklet-minimal", "key"): (
        "Kn{\\printfirst{v}{1987}}",
        "Kn{v}",
        "the @preamble's \\printfirst{a}{b} prints a",
    ),
    **{
        ("xampl.bib", key, "key"): (
            "OX{\\singleletter{stoc}}",
            "OX{stoc}",
            "the @preamble's \\singleletter{a} prints a (inproceedings-crossref inherits "
            "its key from whole-proceedings)",
        )
        for key in ("proceedings-minimal", "whole-proceedings", "inproceedings-crossref")
    },
}

# Where an inherited field comes from in the parent (biblatex's title rules).
_SOURCE = {
    "booktitle": "title",
    "booksubtitle": "subtitle",
    "booktitleaddon": "titleaddon",
    "maintitle": "title",
    "mainsubtitle": "subtitle",
    "maintitleaddon": "titleaddon",
    "journaltitle": "title",
    "journalsubtitle": "subtitle",
    "bookauthor": "author",
}


def _space(value: str) -> str:
    return " ".join(value.split())


def _our_people(value: str) -> list[tuple[str, str, str, str]]:
    people = [parse_name(text) for text in split_name_list(value)]
    return [tuple(" ".join(part) for part in (p.first, p.von, p.last, p.jr)) for p in people]


def _pybtex_people(persons) -> list[tuple[str, str, str, str]]:
    return [
        (
            " ".join(p.first_names + p.middle_names),
            " ".join(p.prelast_names),
            " ".join(p.last_names),
            " ".join(p.lineage_names),
        )
        for p in persons
    ]


def _pybtex_value(entry, name: str):
    """A pybtex entry's field as comparable data: a person list or normalised text."""
    persons = {role.lower(): people for role, people in entry.persons.items()}
    if name in persons:
        return _pybtex_people(persons[name])
    fields = {field.lower(): value for field, value in entry.fields.items()}
    return _space(fields[name]) if name in fields else None


def differences(name: str) -> tuple[dict[tuple[str, str, str], tuple[str, str]], int]:
    """Every difference between pybtex's and bibfolio's reading of corpus file *name*."""
    path = CORPUS / name
    ours, diagnostics = read_bib_files([(name, path.read_bytes())])
    assert diagnostics == []
    pybtex.errors.set_strict_mode(False)
    theirs = parse_file(str(path), bib_format="bibtex").entries
    by_key = {entry.key: entry for entry in ours}
    found: dict[tuple[str, str, str], tuple[str, str]] = {}
    compared = 0
    for key, entry in theirs.items():
        if key not in by_key:
            found[name, key, "@entry"] = (f"@{entry.type.lower()}", "absent")
    for key, entry in by_key.items():
        other = theirs.get(key)
        if other is None:
            found[name, key, "@entry"] = ("absent", f"@{entry.type}")
            continue
        if other.type.lower() != entry.type:
            found[name, key, "@type"] = (other.type.lower(), entry.type)
        names = set(entry.fields) | {f.lower() for f in other.fields}
        names |= {role.lower() for role in other.persons}
        for field_name in sorted(names):
            bib_field = entry.fields.get(field_name)
            if bib_field is not None and bib_field.inherited_from:
                parent = theirs[bib_field.inherited_from]
                source = (
                    field_name
                    if field_name in parent.fields
                    or field_name in (role.lower() for role in parent.persons)
                    else _SOURCE.get(field_name, field_name)
                )
                want = _pybtex_value(parent, source)
            else:
                want = _pybtex_value(other, field_name)
            got = None if bib_field is None else bib_field.value
            if got is not None and isinstance(want, list):  # pybtex split it into persons
                got = _our_people(got)
            compared += 1
            if want != got:
                found[name, key, field_name] = (str(want), str(got))
    return found, compared


@pytest.mark.parametrize("name", FILES)
def test_corpus_reads_as_pybtex_does_except_reviewed_improvements(name):
    found, compared = differences(name)
    expected = {where: row[:2] for where, row in INTENDED.items() if where[0] == name}
    assert found == expected
    assert compared > 200  # the comparison really looked at the fields


def test_corpus_files_are_cited_and_modest():
    readme = (CORPUS / "README.md").read_text(encoding="utf-8")
    for name in FILES:
        assert f"`{name}`" in readme
        assert (CORPUS / name).stat().st_size <= 300_000
