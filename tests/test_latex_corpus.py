"""Real bibliographies: no LaTeX command shows as a word, none is reported unknown.

Runs on the public .bib files in ``tests/corpus/`` (see its README): biblatex's own
examples and a math-heavy bibliography (the Stacks project's), read by the model alone.
"""

from __future__ import annotations

import re

import pytest

from bibfolio.model.assemble import build_publications
from bibfolio.model.publication import Settings
from bibfolio.reading.bibtex import read_bib_files
from bibfolio.reading.latex import VERBATIM_FIELDS, latex_to_plain

from .helpers import REPO

CORPUS = REPO / "tests" / "corpus"
#: Commands whose output is their own name, as a reader expects it: logos and operators.
NAMED_OUTPUT = {"TeX", "LaTeX", "BibTeX", "log", "lim", "sin", "cos", "exp", "max", "min"}
_COMMAND = re.compile(r"\\([A-Za-z]+)")


def read(name: str):
    path = CORPUS / name
    if not path.is_file():
        pytest.skip(f"tests/corpus/{name} is not there")
    entries, _ = read_bib_files([(str(path), path.read_bytes())])
    return entries


@pytest.mark.parametrize("name", ["biblatex-examples.bib", "stacks-project-my.bib"])
def test_no_command_name_is_shown_as_a_word(name):
    leaks = []
    for entry in read(name):
        for field, found in entry.fields.items():
            if field in VERBATIM_FIELDS or field in ("author", "editor"):
                continue
            commands = set(_COMMAND.findall(found.value)) - NAMED_OUTPUT
            shown = set(re.findall(r"[A-Za-z]+", latex_to_plain(found.value)))
            # One-letter commands (\i, \o) are letters, and \L{}ukasz-style words are fine.
            leaks.extend((entry.key, field, c) for c in commands & shown if len(c) > 1)
    assert leaks == []


@pytest.mark.parametrize("name", ["biblatex-examples.bib", "stacks-project-my.bib"])
def test_no_unknown_command(name):
    _, diagnostics = build_publications(read(name), Settings())
    assert [d.message for d in diagnostics if d.subtype == "latex"] == []
