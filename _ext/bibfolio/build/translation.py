"""bibfolio's own words in the project's ``language``: the ``bibfolio`` message catalog.

Every string bibfolio writes into a page, the CV or a script goes through :data:`_`
(Sphinx's :func:`sphinx.locale.get_translation`), which looks it up in
``locale/<language>/LC_MESSAGES/bibfolio.mo`` beside this module.  Strings defined at
import time (group titles, link labels) are marked with :func:`N_` where they are
defined and translated with :func:`translated` where they are written.

``locale/README.md`` says how to add a language; ``nox -s translations`` extracts the
msgids (``babel.cfg``), merges them into every ``.po`` and compiles the ``.mo`` files.

ABlog's words: its own catalogs compiled, and ``locale/ablog/`` for the languages it has
none for (:func:`add_ablog_words`).
"""

from __future__ import annotations

import contextlib
import hashlib
import re
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from sphinx import locale
from sphinx.locale import get_translation
from sphinx.util.i18n import CatalogRepository

from ..formats.references import csl_locale_for, current_locale, use_locale
from ..model.messages import N_

if TYPE_CHECKING:
    from sphinx.application import Sphinx
    from sphinx.config import Config

__all__ = [
    "ABLOG_LOCALE_DIR",
    "CATALOG",
    "LOCALE_DIR",
    "N_",
    "_",
    "add_ablog_words",
    "author_separators",
    "ngettext",
    "register",
    "shipped_languages",
    "translate_labels",
    "translated",
]

#: The gettext domain of bibfolio's catalog (``bibfolio.po`` / ``bibfolio.mo``).
CATALOG = "bibfolio"
#: Where the catalogs are: ``<language>/LC_MESSAGES/bibfolio.{po,mo}``.
LOCALE_DIR = Path(__file__).parent.parent / "locale"
#: ABlog's words where ABlog has none (Japanese, Arabic), in Sphinx's own domain as ABlog
#: translates them: ``<language>/LC_MESSAGES/sphinx.{po,mo}``.  A folder of its own, so
#: that bibfolio's catalog tools and :func:`shipped_languages` never take it for a language.
ABLOG_LOCALE_DIR = LOCALE_DIR / "ablog"

#: ``_("Abstract")``: the message in the project's language.
_ = get_translation(CATALOG)


#: The language of the build under way (``register`` sets it), for dates and numbers.
_LANGUAGE: list[str] = ["en"]


def current_language() -> str:
    """The ``language`` of the build under way (``en`` before any)."""
    return _LANGUAGE[0]


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form of *singular*/*plural* the language uses for *count* (its plural rule).

    Not formatted: ``ngettext("%(count)d more author", "%(count)d more authors", n) %
    {"count": n}`` (languages place the number differently).
    """
    if not locale.is_translator_registered(CATALOG):
        return singular if count == 1 else plural
    return locale.get_translator(CATALOG).ngettext(singular, plural, count)


def translated(message: str) -> str:
    """*message* (a msgid marked with :func:`N_` elsewhere) in the project's language."""
    return str(_(message)) if message else message


#: ``bibfolio_author_separators``' default: its ", and " is a msgid ("、" in Japanese).
DEFAULT_SEPARATORS = (", ", N_(", and "))


def author_separators(config: Config) -> tuple[str, str]:
    """The author list's separators: the project's, or the default in its language."""
    between, last = tuple(config.bibfolio_author_separators)
    if (between, last) == DEFAULT_SEPARATORS:
        return between, translated(last)
    return between, last


def translate_words(text: str, phrases: tuple[str, ...]) -> str:
    """*text* with each of *phrases* (msgids, longest first) translated where it stands."""
    for phrase in phrases:
        if phrase in text:
            found = re.compile(rf"(?<!\w){re.escape(phrase)}(?!\w)")
            text = found.sub(lambda _match, p=phrase: translated(p), text)
    return text


#: What a label's placeholder stands for in a venue line: a number, English's ordinal
#: ending, a written edition (one word), or a value running to the end of the segment
#: (pages "37:1-37:13", volume "IV").
_LABEL_VALUES = {"number": r"\d+", "suffix": r"st|nd|rd|th", "edition": r"[^\W\d_][\w'’-]*"}
#: Placeholders whose label is found only as a whole text of the line (its own segment,
#: "Revised edition"), never inside a segment: a title's "…, Special edition" stays.
_WHOLE_SEGMENT = frozenset({"edition"})
_PLACEHOLDER = re.compile(r"%\((\w+)\)s")


@cache
def _label_pattern(label: str) -> re.Pattern[str]:
    parts = _PLACEHOLDER.split(label)  # text, name, text, name, ..., text
    pattern = ""
    for index, part in enumerate(parts):
        if index % 2:
            value = _LABEL_VALUES.get(part, r"[^,]+?(?=,|$)")
            pattern += rf"(?P<{part}>{value})"
        else:
            pattern += re.escape(part)
    if _WHOLE_SEGMENT.intersection(parts[1::2]):
        return re.compile(rf"^{pattern}$")
    return re.compile(rf"(?<!\w){pattern}(?!\w)")


def translate_labels(text: str, labels: tuple[str, ...]) -> str:
    """*text* with bibfolio's labels (``pp. %(pages)s``, msgids) in the project's language.

    ``pp. 1–10`` is found by its message's English form and written by its translation
    (``S. 1–10``, ``1–10 頁``), with the same values.
    """
    for label in labels:
        english = label.split("%", 1)[0].strip() or label.rsplit(")s", 1)[-1].strip()
        if english not in text:
            continue
        words = translated(label)
        if words == label:
            continue
        text = _label_pattern(label).sub(lambda found, w=words: w % found.groupdict(), text)
    return text


def shipped_languages() -> list[str]:
    """The languages with a catalog in the package (``de``, ``fr`` ...), sorted."""
    return sorted(path.parent.parent.name for path in LOCALE_DIR.glob("*/LC_MESSAGES/bibfolio.po"))


def project_catalog_dirs(app: Sphinx) -> list[str]:
    """The project's ``locale_dirs`` that hold a ``bibfolio.po`` for its language.

    A portfolio translates its own ``conf.py`` words (the profile card's position,
    affiliation and interests) and may reword any of bibfolio's there; its ``.po`` is
    compiled here as Sphinx compiles its own ``sphinx.po``.
    """
    language = app.config.language
    if not language or language == "en":
        return []
    repo = CatalogRepository(
        app.srcdir, app.config.locale_dirs, language, app.config.source_encoding
    )
    found = []
    for catalog in repo.catalogs:
        if catalog.domain == CATALOG:
            if catalog.is_outdated():
                catalog.write_mo(language)
            found.append(str(Path(catalog.base_dir).parent.parent))  # <dir>/<lang>/LC_MESSAGES
    return found


#: The compiled catalogs the build under way reads (``register`` sets them).
_LOADED: list[Path] = []


def catalog_signature() -> str:
    """A digest of the compiled catalogs in use: cached renderings keep to their words."""
    digest = hashlib.sha256(current_locale().encode())  # the references' language too
    for path in _LOADED:
        digest.update(str(path).encode())
        with contextlib.suppress(OSError):
            digest.update(path.read_bytes())
    return digest.hexdigest()


def register(app: Sphinx) -> None:
    """Load the catalogs for ``app.config.language``: the project's first, then bibfolio's."""
    # Sphinx merges a second load into the first (init() adds a fallback), so a second
    # build in one process (a test run, a live preview) in another language would keep
    # the first language's words: start from no translator for this catalog.
    locale.translators.pop(("general", CATALOG), None)
    _LANGUAGE[0] = app.config.language or "en"
    directories = [*project_catalog_dirs(app), str(LOCALE_DIR)]
    language = app.config.language or "en"
    _LOADED[:] = [Path(d, language, "LC_MESSAGES", f"{CATALOG}.mo") for d in directories]
    for directory in directories:
        app.add_message_catalog(CATALOG, directory)
    app.connect("config-inited", use_citation_locale, priority=600)  # after validate
    app.connect("builder-inited", add_ablog_words, priority=900)


def add_ablog_words(app: Sphinx) -> None:
    """``builder-inited``, with ABlog: its words in the project's language.

    ABlog translates with Sphinx's ``sphinx`` domain, and its wheel ships each language's
    catalog as a ``.po`` alone (ABlog 0.11.13: German, Spanish, French, Chinese ...), which
    gettext does not read: its post card, tag and archive pages stayed English.  The
    project's language's ``.po`` of ABlog's is compiled beside the doctrees
    (:func:`compiled_ablog_catalog`); for Japanese and Arabic, which ABlog has no catalog
    for, ``locale/ablog/`` has bibfolio's.  A catalog added to a domain is a fallback of
    those loaded before it: the project's ``locale_dirs``, Sphinx's, ABlog's and every
    extension's and theme's (all loaded by now), so these fill only what none of them
    translates.
    """
    extension = app.extensions.get("ablog")
    if extension is None:
        return
    compiled = compiled_ablog_catalog(
        Path(extension.module.__file__).parent / "locales",
        app.config.language or "en",
        Path(app.doctreedir) / ABLOG_COMPILED,
    )
    if compiled is not None:
        app.add_message_catalog("sphinx", str(compiled))
    app.add_message_catalog("sphinx", str(ABLOG_LOCALE_DIR))


#: Beside the doctrees: ABlog's catalog of the project's language, compiled.
ABLOG_COMPILED = "bibfolio-ablog-locale"


def compiled_ablog_catalog(locales: Path, language: str, folder: Path) -> Path | None:
    """*folder*, holding ABlog's ``.po`` of *language* compiled, or None (none, or a ``.mo``).

    gettext's own fallback from ``pt_BR`` to ``pt`` is followed.  Written by Babel, as
    Sphinx compiles a project's catalogs, on every build: 26 messages, a few milliseconds.
    """
    from babel.messages.mofile import write_mo  # noqa: PLC0415 - with ABlog only
    from babel.messages.pofile import read_po  # noqa: PLC0415

    for name in dict.fromkeys((language, language.partition("_")[0])):
        source = locales / name / "LC_MESSAGES" / "sphinx.po"
        if not source.is_file() or source.with_suffix(".mo").is_file():
            continue
        target = folder / name / "LC_MESSAGES" / "sphinx.mo"
        target.parent.mkdir(parents=True, exist_ok=True)
        with source.open("rb") as po:
            catalog = read_po(po, locale=name)
        with target.open("wb") as mo:
            write_mo(mo, catalog)  # fuzzy messages left out, as gettext's msgfmt does
        return folder
    return None


def use_citation_locale(app: Sphinx, config: Config) -> None:
    """``config-inited``: APA and IEEE in ``bibfolio_citation_locale`` (``"page"``: the page's)."""
    wanted = config.bibfolio_citation_locale
    use_locale(csl_locale_for(config.language) if wanted == "page" else wanted)
