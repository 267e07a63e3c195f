"""``build-finished``: the site's pages, translated to Typst, compiled to ``cv.pdf``.

The CV is made of the documents (or sections) ``bibfolio_cv`` names, by default the
portfolio's own order: the home page, then its toctree.  Their doctrees are taken as
Sphinx stored them, bibfolio's list placeholders become CV entries (entries.py), the
references are resolved as for the site, and typst.py writes the markup.  ``cv.pdf``
and the one-page ``cv-short.pdf`` (selected publications only) are compiled with the
``typst`` package only when their Typst source (and template) changed.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
from datetime import UTC, datetime
from importlib.resources import files
from pathlib import Path
from typing import TYPE_CHECKING, Any

from docutils import nodes
from sphinx import addnodes
from sphinx.util import logging

from .. import atomic
from ..build.bibliography import get_domain, get_library
from ..build.warnings_ import warn
from ..doctree import nodes as bf
from ..doctree.entrycontext import EntryContext
from .entries import cv_entry, legend
from .images import find_image
from .stock import fresh_citation_nodes
from .typst import TypstTranslator, escape, string_literal

if TYPE_CHECKING:
    from sphinx.application import Sphinx
    from sphinx.environment import BuildEnvironment

    from ..model.publication import Publication

logger = logging.getLogger(__name__)

#: The site builders whose output folder gets the CV (epub is an "html" format too).
BUILDERS = frozenset({"html", "dirhtml", "singlehtml"})
OUTPUTS = (("cv.pdf", False), ("cv-short.pdf", True))
#: The PDFs by the name ``{cv-link}`` and the CV page give them.
FILES = {"full": "cv.pdf", "short": "cv-short.pdf"}
#: The script that compiles a CV in a process of its own (see there why).
TYPESET = Path(__file__).with_name("typeset.py")


def template() -> str:
    """The Typst layout (package data)."""
    return files(__package__).joinpath("template.typ").read_text(encoding="utf-8")


def wants_cv(app: Sphinx) -> bool:
    """Whether the project has a CV: ``bibfolio_cv`` names parts, or it is a portfolio.

    A project using bibfolio only for ``{cite}`` (no owner, no list) gets none unless
    ``bibfolio_cv`` names its pages.
    """
    setting = app.config.bibfolio_cv
    if setting is None:
        return bool(app.config.bibfolio_owner and get_domain(app.env).listings)
    return bool(setting)


def cv_parts(
    env: BuildEnvironment, setting: list[str] | None, *, quiet: bool = False
) -> list[tuple[str, str]]:
    """(docname, section id or "") in CV order; a name that matches nothing warns.

    *quiet*: no warnings (the CV page reads the same setting; the PDF build says it).
    """
    papers = set(get_domain(env).papers)
    if setting is None:
        order: list[str] = []

        def walk(docname: str) -> None:
            if docname in order or docname in papers or docname not in env.all_docs:
                return
            order.append(docname)
            for child in env.toctree_includes.get(docname, ()):
                walk(child)

        walk(env.config.root_doc)
        return [(docname, "") for docname in order]
    parts = []
    for item in setting:
        docname, _, section = item.partition("#")
        if docname not in env.all_docs:
            if not quiet:
                warn(f"bibfolio_cv names {item!r}, but there is no document {docname!r}", "cv")
            continue
        if section and not isinstance(env.get_doctree(docname).ids.get(section), nodes.section):
            if not quiet:
                warn(f"bibfolio_cv: {docname} has no section {section!r}", "cv")
            continue
        parts.append((docname, section))
    return parts


class CvSource:
    """The Typst body of one CV variant, collected page by page."""

    def __init__(self, app: Sphinx, short: bool, lists: set[str]) -> None:
        self.app = app
        self.env = app.env
        self.short = short
        #: The list variants ("list", "selected") the CV's documents hold.
        self.lists = lists
        self.library = get_library(self.env)
        config = app.config
        self.context = EntryContext(
            variant="list",
            max_authors=config.bibfolio_max_authors,
            separators=tuple(config.bibfolio_author_separators),  # type: ignore[arg-type]
        )
        self.legends = tuple(
            (mark, text) for mark, text in config.bibfolio_annotations.values() if mark
        )
        self.baseurl = config.html_baseurl.rstrip("/") + "/" if config.html_baseurl else ""
        self.parts: list[str] = []
        self.shown: list[Publication] = []
        self.legend_done = False
        #: The images the CV shows: name in the Typst root → file.
        self.files: dict[str, Path] = {}
        self.image_problems: list[tuple[nodes.Node, str]] = []

    def resolved(
        self, docname: str, section_id: str, is_home: bool
    ) -> tuple[nodes.document, nodes.Element, int]:
        """*docname* as the CV shows it: (doctree, the part's root node, level offset).

        Its toctrees are gone, its lists are CV entries, its references are resolved
        (the site's post-transforms) and its empty sections are dropped.  The home
        page's title (the owner's name) is removed: the CV's header says it; its
        sections then sit one level up (offset -1).
        """
        doctree = self.env.get_doctree(docname)
        for toctree in list(doctree.findall(addnodes.toctree)):
            toctree.parent.remove(toctree)
        self.expand_lists(doctree)
        # Quietly: what resolving finds (a cited key that is gone, a missing reference)
        # is the page's, and the site's build of the page reports it once (issue 23).
        with fresh_citation_nodes(self.env, doctree), logging.suppress_logging():
            self.env.apply_post_transforms(doctree, docname)
        level = 0
        if section_id:
            root: nodes.Element = doctree.ids[section_id]  # checked by cv_parts
        else:
            root = doctree
            first = next(iter(doctree.findall(nodes.section)), None)
            if is_home and first is not None and first.parent is doctree:
                first.remove(first[0])
                level = -1
        drop_empty_sections(root)
        return doctree, root, level

    def add(self, docname: str, section_id: str, is_home: bool) -> None:
        """Translate *docname* (or its section *section_id*) and append it."""
        doctree, root, level = self.resolved(docname, section_id, is_home)
        translator = TypstTranslator(
            doctree, self.link_target, level, image_file=self.image_file, name=docname
        )
        root.walkabout(translator)
        problems = [
            (
                node,
                f"the CV leaves out a {node.tagname} (no Typst translation): "
                f"{node.astext()[:60]!r}",
            )
            for node in translator.skipped
        ]
        problems += translator.problems + self.image_problems
        self.image_problems = []
        # Both variants translate the same pages: say it once, for the full CV.
        for node, message in () if self.short else problems:
            warn(message, "cv", location=node)
        self.parts.append("".join(translator.parts))

    def expand_lists(self, doctree: nodes.document) -> None:
        """Placeholders → CV entries; the short CV keeps selected entries only.

        The full CV leaves out ``:selected:`` lists when it has a full list (the same
        papers twice); the short CV keeps them and, without any, selected entries of
        the full lists.
        """
        for tools in list(doctree.findall(bf.listing_tools)):
            tools.parent.remove(tools)
        has_full, has_selected = "list" in self.lists, "selected" in self.lists
        for entry in list(doctree.findall(bf.publication_entry)):
            publication = self.library.get(entry["key"])
            if entry["variant"] == "selected":
                keep = self.short or not has_full
            elif self.short:
                keep = not has_selected and publication is not None and publication.selected
            else:
                keep = True
            if not keep or publication is None:
                entry.parent.remove(entry)
                continue
            self.shown.append(publication)
            entry.replace_self(cv_entry(publication, self.context))
        for slot in list(doctree.findall(bf.publication_legend)):
            text = "" if self.legend_done else legend(self.shown, self.legends)
            if text:
                slot.replace_self(nodes.paragraph("", text, classes=["bibfolio-legend"]))
                self.legend_done = True
            else:
                slot.parent.remove(slot)

    def image_file(self, node: nodes.image) -> str:
        """The image's name in the Typst root, or "" (and a problem to report)."""
        image, problem = find_image(node, Path(self.app.srcdir))
        if image is None:
            self.image_problems.append((node, f"the CV leaves out an image: {problem}"))
            return ""
        self.files[image.name] = image.path
        return image.name

    def link_target(self, node: nodes.reference) -> str:
        """Web and mail links as they are; site pages only with ``html_baseurl``."""
        uri = node.get("refuri", "")
        if uri.startswith(("http://", "https://", "mailto:")):
            return uri
        if uri and self.baseurl and not node.get("refid"):
            return self.baseurl + uri
        return ""


def drop_empty_sections(root: nodes.Element) -> None:
    """Remove sections left with only a title (their list went to the other variant)."""
    for section in reversed(list(root.findall(nodes.section))):
        if section is root:
            continue
        body = [child for child in section.children if not isinstance(child, nodes.title)]
        if not any(child.astext().strip() for child in body):
            section.parent.remove(section)


def list_variants(env: BuildEnvironment, parts: list[tuple[str, str]]) -> set[str]:
    """The list variants ("list", "selected") in the CV's documents."""
    found: set[str] = set()
    for docname, _section in parts:
        found.update(
            node["variant"] for node in env.get_doctree(docname).findall(bf.publication_entry)
        )
    return found


def header(app: Sphinx, short: bool) -> str:
    """The ``#show: cv-doc.with(...)`` line: name, contact line, PDF metadata.

    The contact line is the profile card's (``bibfolio_profile``): position,
    affiliation, e-mail address and the profile's links, then the site's address.
    """
    from ..model.profile import read_profile  # noqa: PLC0415 - profile problems warn elsewhere

    config = app.config
    profile, _problems = read_profile(config.bibfolio_profile)
    name = profile.name or (config.bibfolio_owner or [config.project])[0]
    contact = [f"[{escape(value)}]" for value in (profile.position, profile.affiliation) if value]
    for link in profile.links:
        shown = link.url.removeprefix("mailto:") if link.kind == "email" else link.label
        contact.append(f"link({string_literal(link.url)})[{escape(shown)}]")
    if config.html_baseurl:
        url = config.html_baseurl
        shown = url.split("://", 1)[-1].rstrip("/")
        contact.append(f"link({string_literal(url)})[{escape(shown)}]")
    keywords = ["curriculum vitae", name]
    keywords += [value for value in (profile.position, profile.affiliation) if value]
    epoch = os.environ.get("SOURCE_DATE_EPOCH", "")
    date = "none"  # no date at all unless one is given: rebuilds stay byte-identical
    if epoch.isdigit():
        when = datetime.fromtimestamp(int(epoch), tz=UTC)
        date = (
            f"datetime(year: {when.year}, month: {when.month}, day: {when.day}, "
            f"hour: {when.hour}, minute: {when.minute}, second: {when.second})"
        )
    return (
        "#show: cv-doc.with(\n"
        f"  name: {string_literal(name)},\n"
        f"  title: {string_literal(name + ' — Curriculum Vitae')},\n"
        f"  contact: ({''.join(item + ', ' for item in contact)}),\n"
        f"  keywords: ({''.join(string_literal(k) + ', ' for k in keywords)}),\n"
        f"  date: {date},\n"
        f"  compact: {'true' if short else 'false'},\n"
        ")\n\n"
    )


def build_cv(app: Sphinx, exception: Exception | None) -> None:
    """``build-finished``: write ``cv.pdf`` and ``cv-short.pdf`` if their source changed."""
    setting = app.config.bibfolio_cv
    if exception is not None or app.builder.name not in BUILDERS:
        return
    if setting is False:
        remove_old(Path(app.outdir), Path(app.doctreedir))
        return
    try:
        import typst  # noqa: PLC0415 - optional dependency
    except ImportError:
        logger.info("bibfolio: no CV PDF: the typst package is not installed (pip install typst)")
        return
    env = app.env
    if not wants_cv(app):
        return
    parts = cv_parts(env, setting)
    if not parts:
        return
    outdir = Path(app.outdir)
    inputs = inputs_key(app, typst.__version__, parts)
    targets = [outdir / filename for filename, _short in OUTPUTS]
    stamps = Path(app.doctreedir)
    if all(up_to_date(stamps, target, inputs) for target in targets):
        return  # nothing the CV is made of changed: no doctree is even loaded
    lists = list_variants(env, parts)
    layout = template()
    for target, (_filename, short) in zip(targets, OUTPUTS, strict=True):
        cv = CvSource(app, short, lists)
        for docname, section in parts:
            cv.add(docname, section, is_home=docname == app.config.root_doc)
        if short and not cv.shown:
            # A short CV without publications is only a header: write none.
            if read_stamp(stamps, target)[1]:
                target.unlink(missing_ok=True)  # ours, from an earlier build
            atomic.write_file(stamp_of(stamps, target), f"{inputs}\n")
            logger.info("bibfolio: no %s: no entry is selected (selected = {true})", target.name)
            continue
        source = layout + "\n" + header(app, short) + "\n".join(cv.parts)
        write_pdf(typst, source, target, stamps, inputs, files=cv.files)


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
)


def inputs_key(app: Sphinx, version: str, parts: list[tuple[str, str]]) -> str:
    """A hash of everything the Typst source is made from, cheap to compute.

    Each part's read time (``env.all_docs``; Sphinx re-reads a changed page and the
    pages that list or cite a changed .bib), the entries' content hashes, the
    settings and the template.  When it matches the stamp, the build skips the
    CV entirely; otherwise the source is made and compared (:func:`write_pdf`).
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


def write_pdf(
    typst: Any, source: str, target: Path, stamps: Path, inputs: str, *, files: dict[str, Path]
) -> None:
    """Compile *source* to *target*, unless the stamp says this source made it already.

    *files* (the images) are named by their content in *source*: the digest covers them.
    """
    digest = hashlib.sha256(f"{typst.__version__}\n{source}".encode()).hexdigest()
    stamp = stamp_of(stamps, target)
    if target.exists() and read_stamp(stamps, target)[1] == digest:
        atomic.write_file(stamp, f"{inputs}\n{digest}")
        return
    error = typeset(source, target, files)
    if error:
        warn(f"the CV could not be typeset ({target.name}): {error}", "cv")
        return
    atomic.write_file(stamp, f"{inputs}\n{digest}")
    logger.info("bibfolio: wrote %s", target.name)


def typeset(source: str, target: Path, files: dict[str, Path] | None = None) -> str:
    """Compile *source* to *target* in a child process (typeset.py); the error, or "".

    *files* are copied into the Typst root (a temporary folder) under their names.
    """
    with tempfile.TemporaryDirectory(prefix="bibfolio-cv-") as folder:
        root = Path(folder)
        for name, path in (files or {}).items():
            shutil.copyfile(path, root / name)
        main = root / "main.typ"
        main.write_text(source, encoding="utf-8")
        done = subprocess.run(  # our own script, with the running Python
            [sys.executable, str(TYPESET), str(main), str(root / "out.pdf")],
            capture_output=True,
            text=True,
            check=False,
        )
        if done.returncode:
            return done.stderr.strip() or f"exit status {done.returncode}"
        # Written whole, then moved: a reader never sees half a PDF.
        with atomic.replacing(target) as temporary:
            shutil.move(root / "out.pdf", temporary)
    return ""
