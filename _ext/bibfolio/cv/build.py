"""The site's pages, translated to Typst, compiled to ``cv.pdf`` (and ``cv-short.pdf``).

The CV is made of the documents (or sections) ``bibfolio_cv`` names, by default the
portfolio's own order: the home page, then its toctree.  Their doctrees are taken as
Sphinx stored them, bibfolio's list placeholders become CV entries (entries.py), the
references are resolved as for the site (source.py), and typst.py writes the markup.
``cv.pdf`` and the one-page ``cv-short.pdf`` (selected publications only) are compiled
with the ``typst`` package only when their Typst source (and template) changed.  The
sources are made when Sphinx starts writing (``write-started``: every doctree is read
and resolvable then), the compiles run in a child process while the site's pages are
written, and ``build-finished`` collects them (jobs.py).
"""

from __future__ import annotations

import gc
import hashlib
import importlib.metadata
import importlib.util
import os
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from importlib.resources import files
from pathlib import Path
from typing import TYPE_CHECKING
from weakref import WeakKeyDictionary

from sphinx.util import logging

from .. import atomic
from ..build.bibliography import get_library
from ..build.gcpolicy import frozen, release_free_memory
from ..build.translation import _
from ..build.warnings_ import warn
from .fonts import MAIN_FONT, choose_fonts, needing_fonts
from .header import cv_header
from .jobs import Compile, Typesetting
from .source import CvSource, cv_parts, list_variants, wants_cv
from .typst import escape, string_literal

if TYPE_CHECKING:
    from collections.abc import Iterator

    from sphinx.application import Sphinx
    from sphinx.builders import Builder

    from .fonts import FontChoice

logger = logging.getLogger(__name__)

#: The site builders whose output folder gets the CV (epub is an "html" format too).
BUILDERS = frozenset({"html", "dirhtml", "singlehtml"})
OUTPUTS = (("cv.pdf", False), ("cv-short.pdf", True))
#: The PDFs by the name ``{cv-link}`` and the CV page give them.
FILES = {"full": "cv.pdf", "short": "cv-short.pdf"}


@dataclass(frozen=True)
class Pending:
    """The PDFs being typeset, and what each one's stamp records once it is written."""

    job: Typesetting
    stamps: tuple[tuple[Path, str], ...]  #: (stamp, record) of each of the job's compiles


#: The compiles started at ``write-started``, collected at ``build-finished``.
RUNNING: WeakKeyDictionary[Sphinx, Pending] = WeakKeyDictionary()


def typesetting(app: Sphinx) -> bool:
    """Whether this build's PDFs are being typeset now (a core is Typst's meanwhile)."""
    pending = RUNNING.get(app)
    return pending is not None and pending.job.running()


def template() -> str:
    """The Typst layout (package data)."""
    return files(__package__).joinpath("template.typ").read_text(encoding="utf-8")


def header(app: Sphinx, short: bool, fonts: tuple[str, ...] = ()) -> str:
    """The ``#show: cv-doc.with(...)`` line: name, contact line, PDF metadata.

    The contact line is the profile card's (``bibfolio_profile``): position,
    affiliation, e-mail address and the profile's links, then the site's address.
    """
    head = cv_header(app.config)
    config = app.config
    name = head.name
    facts = list(head.facts)
    contact = [f"[{escape(value)}]" for value in facts]
    contact += [f"link({string_literal(link.url)})[{escape(link.text)}]" for link in head.links]
    keywords = ["curriculum vitae", name]
    keywords += facts
    epoch = os.environ.get("SOURCE_DATE_EPOCH", "")
    date = "none"  # no date at all unless one is given: rebuilds stay byte-identical
    if epoch.isdigit():
        when = datetime.fromtimestamp(int(epoch), tz=UTC)
        date = (
            f"datetime(year: {when.year}, month: {when.month}, day: {when.day}, "
            f"hour: {when.hour}, minute: {when.minute}, second: {when.second})"
        )
    title = _("%(name)s — Curriculum Vitae") % {"name": name}
    return (
        "#show: cv-doc.with(\n"
        f"  name: {string_literal(name)},\n"
        f"  title: {string_literal(title)},\n"
        f"  contact: ({''.join(item + ', ' for item in contact)}),\n"
        f"  keywords: ({''.join(string_literal(k) + ', ' for k in keywords)}),\n"
        f"  date: {date},\n"
        f"  compact: {'true' if short else 'false'},\n"
        f"  fonts: ({''.join(string_literal(f) + ', ' for f in (MAIN_FONT, *fonts))}),\n"
        f"  lang: {string_literal((config.language or 'en').split('_')[0].lower())},\n"
        ")\n\n"
    )


@contextmanager
def freeing_own_cycles() -> Iterator[None]:
    """Run the block, then free the reference cycles it left, without reading the rest.

    The CV's resolved doctrees are cycles of nodes (parent and child): freed at once,
    the site's pages reuse their memory (at N=3000 the build's peak is 25 MB lower).  The
    objects made before the block are frozen meanwhile (``gc.freeze``): a collection
    then reads only the block's, 0.05 instead of 0.3 CPU seconds at N=200 (case h).
    What they and the block freed then goes back to the system.
    """
    with frozen():
        yield
        gc.collect()
    release_free_memory()


def start_cv(app: Sphinx, builder: Builder) -> None:
    """``write-started``: start typesetting the PDFs whose source changed (see build_cv)."""
    with freeing_own_cycles():
        _start_cv(app, builder)


def _start_cv(app: Sphinx, builder: Builder) -> None:
    setting = app.config.bibfolio_cv
    if builder.name not in BUILDERS:
        return
    if setting is False:
        remove_old(Path(app.outdir), Path(app.doctreedir))
        return
    version = typst_version()
    if version is None:
        logger.info("bibfolio: no CV PDF: the typst package is not installed (pip install typst)")
        return
    env = app.env
    if not wants_cv(app):
        return
    parts = cv_parts(env, setting)
    if not parts:
        return
    outdir = Path(app.outdir)
    inputs = inputs_key(app, version, parts)
    targets = [outdir / filename for filename, _short in OUTPUTS]
    stamps = Path(app.doctreedir)
    if all(up_to_date(stamps, target, inputs) for target in targets):
        return  # nothing the CV is made of changed: no doctree is even loaded
    lists = list_variants(env, parts)
    layout = template()
    compiles: list[tuple[Compile, Path, str]] = []
    for target, (_filename, short) in zip(targets, OUTPUTS, strict=True):
        cv = CvSource(app, short, lists, typst=True)
        for docname, section in parts:
            cv.add(docname, section, is_home=docname == app.config.root_doc)
        if short and not cv.shown:
            # A short CV without publications is only a header: write none.
            if read_stamp(stamps, target)[1]:
                target.unlink(missing_ok=True)  # ours, from an earlier build
            atomic.write_file(stamp_of(stamps, target), f"{inputs}\n")
            logger.info("bibfolio: no %s: no entry is selected (selected = {true})", target.name)
            continue
        body = "\n".join(cv.parts)
        fonts = fonts_for(app, header(app, short) + body)
        source = layout + "\n" + header(app, short, fonts.families) + body
        needed = pdf_compile(
            version, source, target, stamps, inputs, files=cv.files, fonts=fonts.folders
        )
        if needed is not None:
            compiles.append(needed)
    if compiles:
        job = Typesetting([needed for needed, _stamp, _record in compiles])
        RUNNING[app] = Pending(job, tuple((stamp, record) for _job, stamp, record in compiles))


def build_cv(app: Sphinx, exception: Exception | None) -> None:
    """``build-finished``: wait for the PDFs :func:`start_cv` started; write their stamps.

    A failed build stops them: nothing is written.
    """
    pending = RUNNING.pop(app, None)
    if pending is None:
        return
    if exception is not None:
        pending.job.cancel()
        return
    errors = pending.job.finish()
    for target, error, (stamp, record) in zip(
        pending.job.targets, errors, pending.stamps, strict=True
    ):
        if error:
            warn(f"the CV could not be typeset ({target.name}): {error}", "cv")
            continue
        atomic.write_file(stamp, record)
        logger.info("bibfolio: wrote %s", target.name)


def fonts_for(app: Sphinx, text: str) -> FontChoice:
    """The fonts *text* needs beyond Typst's own; warns naming what none of them draws."""
    choice = choose_fonts(needing_fonts(text), app.config.language, app.config.bibfolio_cv_fonts)
    if choice.missing:
        shown = " ".join(choice.missing[:20]) + (" ..." if len(choice.missing) > 20 else "")
        codes = ", ".join(f"U+{ord(char):04X}" for char in choice.missing[:5])
        warn(
            f"no font draws {len(choice.missing)} character(s) of the CV: {shown} ({codes}"
            f"{', ...' if len(choice.missing) > 5 else ''}); they show as empty boxes in the "
            f"PDF. Install a font that has them (Read the Docs: build.apt_packages in "
            f".readthedocs.yaml) or name one in bibfolio_cv_fonts",
            "cv_font",
            location=app.config.root_doc,
        )
    return choice


#: The configuration values the CV's text depends on.
CONFIG_INPUTS = (
    "project",
    "root_doc",
    "html_baseurl",
    "bibfolio_cv",
    "bibfolio_profile",
    "bibfolio_owner",
    "bibfolio_annotations",
    "bibfolio_max_authors",
    "bibfolio_author_separators",
    "bibfolio_cv_fonts",
    "language",
)


def inputs_key(app: Sphinx, version: str, parts: list[tuple[str, str]]) -> str:
    """A hash of everything the Typst source is made from, cheap to compute.

    Each part's read time (``env.all_docs``; Sphinx re-reads a changed page and the
    pages that list or cite a changed .bib), the entries' content hashes, the
    settings and the template.  When it matches the stamp, the build skips the
    CV entirely; otherwise the source is made and compared (:func:`pdf_compile`).
    """
    env = app.env
    digest = hashlib.sha256()
    for value in (
        version,
        template(),
        os.environ.get("SOURCE_DATE_EPOCH", ""),
        repr([(doc, section, env.all_docs.get(doc)) for doc, section in parts]),
        repr([getattr(app.config, name) for name in CONFIG_INPUTS]),
    ):
        digest.update(value.encode("utf-8", "surrogatepass") + b"\0")
    # The hashes kept in the environment's state: a no-change build decodes no entry.
    for key, content_hash in sorted(get_library(env).state.hashes.items()):
        digest.update(f"{key}={content_hash}\0".encode())
    return digest.hexdigest()


def stamp_of(stamps: Path, target: Path) -> Path:
    """Where the hashes that made *target* are kept: the doctree folder.

    Not the site: the stamp holds read times, which differ between two builds.
    """
    return stamps / f"bibfolio-{target.stem}.sha256"


def remove_old(outdir: Path, stamps: Path) -> None:
    """Switched off: remove the PDFs an earlier build wrote (never a file of the user's)."""
    for filename, _short in OUTPUTS:
        target = outdir / filename
        stamp = stamp_of(stamps, target)
        if stamp.exists():
            target.unlink(missing_ok=True)
            stamp.unlink()


def read_stamp(stamps: Path, target: Path) -> tuple[str, str]:
    """(inputs key, source hash) recorded with *target*, or empty strings."""
    try:
        inputs, _, source = stamp_of(stamps, target).read_text(encoding="utf-8").partition("\n")
    except OSError:
        return "", ""
    return inputs, source


def up_to_date(stamps: Path, target: Path, inputs: str) -> bool:
    """Whether *target* was made from *inputs* (or rightly not written: no digest)."""
    made_from, digest = read_stamp(stamps, target)
    return made_from == inputs and (target.exists() or not digest)


def typst_version() -> str | None:
    """The installed typst package's version, or None without it.

    Not imported: its native library is ~7 MB of the build process's memory, and the
    PDFs are typeset in a child (jobs.py).  Its distribution's version is the module's
    ``__version__``.
    """
    try:
        if importlib.util.find_spec("typst") is None:
            return None
        return importlib.metadata.version("typst")
    except (ImportError, ValueError):  # PackageNotFoundError is an ImportError
        return None


def pdf_compile(
    version: str,
    source: str,
    target: Path,
    stamps: Path,
    inputs: str,
    *,
    files: dict[str, Path],
    fonts: tuple[str, ...] = (),
) -> tuple[Compile, Path, str] | None:
    """The compile of *source* to *target*, with its stamp and the stamp's record.

    None when the stamp says this source made the target already.

    *files* (the images) are named by their content in *source*: the digest covers them.
    """
    digest = hashlib.sha256(f"{version}\n{fonts}\n{source}".encode()).hexdigest()
    stamp = stamp_of(stamps, target)
    if target.exists() and read_stamp(stamps, target)[1] == digest:
        atomic.write_file(stamp, f"{inputs}\n{digest}")
        return None
    return Compile(source, target, files, fonts), stamp, f"{inputs}\n{digest}"
