"""bibfolio's message catalogs: complete, compiled, and holding every message the code writes.

No Sphinx build: the catalogs are read with Babel (what Sphinx itself installs).
``tests/test_languages.py`` builds the portfolios in these languages.
"""

from __future__ import annotations

import subprocess
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import read_mo
from babel.messages.pofile import read_po

from bibfolio.build.translation import LOCALE_DIR, shipped_languages

from .helpers import REPO

if TYPE_CHECKING:
    from collections.abc import Iterable

    from babel.messages.catalog import Message

#: The languages bibfolio ships complete catalogs for (issue 27); Arabic makes the
#: right-to-left layout (tests/browser/test_rtl.py) a translated one, with six plural forms.
LANGUAGES = ("ar", "de", "es", "fr", "ja", "zh_CN")
HOW = (
    "run `python3 -m nox -s translations`, fill each empty msgstr in the .po files "
    "(_ext/bibfolio/locale/README.md), then run the session again to compile"
)


def _po(language: str):
    with (LOCALE_DIR / language / "LC_MESSAGES" / "bibfolio.po").open("rb") as file:
        return read_po(file, locale=language)


def _translated(forms: object) -> bool:
    return all(forms) if isinstance(forms, (list, tuple)) else bool(forms)


def _messages(catalog: Iterable[Message]) -> dict[object, object]:
    """msgid (a tuple for plurals) → msgstr (a tuple of forms), header left out."""
    return {
        tuple(m.id) if m.pluralizable else m.id: tuple(m.string) if m.pluralizable else m.string
        for m in catalog
        if m.id
    }


def code_messages() -> set[str]:
    """The msgids the extension marks (``_``, ``ngettext``, ``N_``), as ``pybabel extract``."""
    with (REPO / "babel.cfg").open() as file:
        method_map, options_map = parse_mapping_cfg(file)
    found = set()
    for _file, _line, message, _comments, _context in extract_from_dir(
        str(LOCALE_DIR.parent), method_map, options_map
    ):
        found.add(message[0] if isinstance(message, tuple) else message)
    return found


def test_the_shipped_languages_are_the_five() -> None:
    assert tuple(shipped_languages()) == LANGUAGES


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_message_of_a_shipped_catalog_is_translated(language: str) -> None:
    catalog = _po(language)
    untranslated = [m.id for m in catalog if m.id and not _translated(m.string)]
    fuzzy = [m.id for m in catalog if m.id and m.fuzzy]
    assert not untranslated, f"{language}: untranslated {untranslated}; {HOW}"
    assert not fuzzy, f"{language}: fuzzy (a guess nobody checked) {fuzzy}"
    assert not catalog.fuzzy, f"{language}: the header is marked fuzzy"


@pytest.mark.parametrize("language", LANGUAGES)
def test_plural_messages_have_every_form_and_the_same_placeholders(language: str) -> None:
    catalog = _po(language)
    plurals = [m for m in catalog if m.id and m.pluralizable]
    assert plurals, "the catalog has plural messages (counts are translated with ngettext)"
    for message in plurals:
        assert len(message.string) == catalog.num_plurals, message.id
    # Babel's checks: python-format placeholders of msgstr match the msgid's.
    problems = [(m.id, [str(e) for e in errors]) for m, errors in catalog.check()]
    assert not problems, problems


@pytest.mark.parametrize("language", LANGUAGES)
def test_each_compiled_catalog_is_compiled_from_its_po(language: str) -> None:
    folder = LOCALE_DIR / language / "LC_MESSAGES"
    with (folder / "bibfolio.mo").open("rb") as file:
        compiled = _messages(read_mo(file))
    assert compiled == _messages(_po(language)), (
        f"{folder / 'bibfolio.mo'} is stale: run nox -s translations"
    )


def test_the_code_writes_no_message_a_catalog_lacks() -> None:
    """What other changes add: each new ``_("...")`` must reach every catalog, translated."""
    written = code_messages()
    # Group headings, marks, labels, the CV's words ... (issue 27): a few dozen at least.
    assert len(written) >= 75, sorted(written)
    missing = {}
    for language in LANGUAGES:
        catalog = _po(language)
        lacking = sorted(
            msgid
            for msgid in written
            if (found := catalog.get(msgid)) is None or not _translated(found.string)
        )
        if lacking:
            missing[language] = lacking
    assert not missing, f"messages without a translation: {missing}; {HOW}"


def test_the_template_lists_every_message_the_code_writes() -> None:
    with (LOCALE_DIR / "bibfolio.pot").open("rb") as file:
        template = {m.id if isinstance(m.id, str) else m.id[0] for m in read_po(file) if m.id}
    assert code_messages() <= template, "bibfolio.pot is stale: run nox -s translations"


def test_every_catalog_is_compiled_and_in_git() -> None:
    # The wheel ships every file git has under _ext/bibfolio (tests/test_package.py): a .mo
    # that is only built locally would be missing from it.
    locale = REPO / "_ext" / "bibfolio" / "locale"  # the checkout's, not the installed copy
    listed = subprocess.run(
        ["git", "ls-files", "--", str(locale)], cwd=REPO, capture_output=True, text=True,
        check=False,
    )  # fmt: skip
    if listed.returncode != 0:
        pytest.skip("not a git checkout")
    tracked = {Path(REPO, name) for name in listed.stdout.split()}
    catalogs = sorted(locale.glob("*/LC_MESSAGES/bibfolio.po"))
    assert catalogs
    assert [po for po in catalogs if po.with_suffix(".mo") not in tracked] == []
