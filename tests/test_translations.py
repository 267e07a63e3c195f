"""bibfolio's message catalogs: complete, compiled, and holding every message the code writes.

Beside them, ABlog's words in the languages ABlog has no catalog for (``locale/ablog/``):
complete and compiled too, and holding every message of the installed ABlog's template.

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

from bibfolio.build.translation import ABLOG_LOCALE_DIR, LOCALE_DIR, shipped_languages

from .helpers import REPO

if TYPE_CHECKING:
    from collections.abc import Iterable

    from babel.messages.catalog import Message

#: The languages bibfolio ships complete catalogs for (issue 27); Arabic makes the
#: right-to-left layout (tests/browser/test_rtl.py) a translated one, with six plural forms.
LANGUAGES = ("ar", "de", "es", "fr", "ja", "zh_CN")
#: The languages bibfolio translates ABlog's words into: ABlog ships none for them.
ABLOG_LANGUAGES = ("ar", "ja")
#: Every catalog: its folder's ``<language>/LC_MESSAGES/<domain>.po``, as (folder, domain,
#: language); ABlog's words are in Sphinx's domain, where ABlog looks them up.
CATALOGS = [
    *((LOCALE_DIR, "bibfolio", language) for language in LANGUAGES),
    *((ABLOG_LOCALE_DIR, "sphinx", language) for language in ABLOG_LANGUAGES),
]
#: Test ids: ``ja`` for bibfolio's catalog, ``ablog-ja`` for ABlog's words.
CATALOG_IDS = [
    language if folder == LOCALE_DIR else f"{folder.name}-{language}"
    for folder, _domain, language in CATALOGS
]
HOW = (
    "run `python3 -m nox -s translations`, fill each empty msgstr in the .po files "
    "(_ext/bibfolio/locale/README.md), then run the session again to compile"
)


def _po(language: str, folder: Path = LOCALE_DIR, domain: str = "bibfolio"):
    with (folder / language / "LC_MESSAGES" / f"{domain}.po").open("rb") as file:
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


@pytest.mark.parametrize(("folder", "domain", "language"), CATALOGS, ids=CATALOG_IDS)
def test_every_message_of_a_shipped_catalog_is_translated(
    folder: Path, domain: str, language: str
) -> None:
    catalog = _po(language, folder, domain)
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


@pytest.mark.parametrize(("folder", "domain", "language"), CATALOGS, ids=CATALOG_IDS)
def test_each_compiled_catalog_is_compiled_from_its_po(
    folder: Path, domain: str, language: str
) -> None:
    mo = folder / language / "LC_MESSAGES" / f"{domain}.mo"
    with mo.open("rb") as file:
        compiled = _messages(read_mo(file))
    assert compiled == _messages(_po(language, folder, domain)), (
        f"{mo} is stale: run nox -s translations"
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


def test_the_ablog_catalogs_are_the_two() -> None:
    found = sorted(path.parent.parent.name for path in ABLOG_LOCALE_DIR.glob("*/LC_MESSAGES/*.po"))
    assert tuple(found) == ABLOG_LANGUAGES


@pytest.mark.parametrize("language", ABLOG_LANGUAGES)
def test_the_ablog_catalogs_have_every_message_of_ablogs_template(language: str) -> None:
    """A newer ABlog's new words must reach these catalogs (locale/README.md says how)."""
    ablog = pytest.importorskip("ablog", reason="ABlog's template is in its package")
    with (Path(ablog.__file__).parent / "locales" / "sphinx.pot").open("rb") as file:
        template = {m.id for m in read_po(file) if m.id}
    catalog = _po(language, ABLOG_LOCALE_DIR, "sphinx")
    assert sorted(template - {m.id for m in catalog if m.id}) == [], (
        f"ABlog has messages the {language} catalog lacks; {HOW}"
    )
    # "Updated on " is followed by a date: its space stays, as any leading or trailing one.
    assert "Updated on " in template

    def ends(text: str) -> tuple[bool, bool]:
        return text[:1].isspace(), text[-1:].isspace()

    assert [m.id for m in catalog if m.id and ends(m.string) != ends(m.id)] == []


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
    catalogs += sorted(locale.glob("ablog/*/LC_MESSAGES/sphinx.po"))
    assert len(catalogs) == len(CATALOGS)
    assert [po for po in catalogs if po.with_suffix(".mo") not in tracked] == []
