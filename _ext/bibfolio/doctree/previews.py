"""Thumbnails of list entries: al-folio's ``preview`` field.

``preview = {previews/engine.png}`` names an image relative to the ``.bib`` file, as a
local ``pdf`` does; a bare file name not found there is looked for where al-folio keeps
previews, ``assets/img/publication_preview/`` beside the ``.bib``.  Each HTML list entry
with one shows it beside its text: an
``<img>`` with the file's own width and height (no layout shift while it loads),
``loading="lazy"`` and the entry's title as ``alt``.  The files are copied to
``_previews/`` in the output, named by their content hash (an edited image gets a new
address, so no browser keeps the old one).  A preview that is a URL, outside the
project, missing or not a PNG, JPEG, GIF or WebP file is left out with a
``bibfolio.local_file`` warning at its entry's line, once a build.  Other builders
(LaTeX, text, the CV) show no thumbnail.
"""

from __future__ import annotations

import hashlib
import shutil
from pathlib import Path, PurePosixPath
from typing import TYPE_CHECKING, Any

import imagesize
from docutils import nodes

from ..build.bibliography import get_domain, get_library
from ..build.warnings_ import warn

if TYPE_CHECKING:
    from sphinx.application import Sphinx
    from sphinx.environment import BuildEnvironment
    from sphinx.writers.html5 import HTML5Translator

    from ..model.publication import Publication

FOLDER = "_previews"
_SUFFIXES = {".png", ".jpg", ".jpeg", ".gif", ".webp"}


class preview_image(nodes.Inline, nodes.Element):  # noqa: N801 - docutils node naming
    """``<img>`` of an entry's thumbnail: ``src``, ``width``, ``height``, ``alt``."""


def image_size(path: Path) -> tuple[int, int] | None:
    """(width, height) of the PNG, JPEG, GIF or WebP file at *path*; None for anything else.

    The size is imagesize's, which reads as much of the file as it takes (a phone's JPEG
    has 60 KB of EXIF and an ICC profile before its size) and turns a JPEG by its EXIF
    orientation, as browsers show it.  Only these four formats: every browser shows them
    and they have a pixel size.  An SVG need not have one (the list and the cards reserve
    the image's width and height before it loads), and AVIF shares its container with
    HEIC, which only Safari shows.
    """
    try:
        with path.open("rb") as file:
            head = file.read(12)
        if not head.startswith(_SIGNATURES) and not (head[:4] == b"RIFF" and head[8:] == b"WEBP"):
            return None
        # A Path, never a str: imagesize 2 fetches a str that starts with http:// or https://.
        width, height = imagesize.get(path)
    except OSError:
        return None
    return (width, height) if width > 0 and height > 0 else None


#: How a PNG, JPEG and GIF file starts (a WebP file: RIFF, 4 bytes, WEBP).
_SIGNATURES = (b"\x89PNG\r\n\x1a\n", b"\xff\xd8\xff", b"GIF87a", b"GIF89a")


#: Where al-folio keeps the images its ``preview`` field names by their bare file names.
ALFOLIO_FOLDER = Path("assets", "img", "publication_preview")


def _source(value: str, bib_path: str) -> Path | None:
    """The preview file a ``preview`` field *value* in *bib_path* names inside the project."""
    value = value.strip()
    path = PurePosixPath(value)
    if not value or "://" in value or path.is_absolute() or ".." in path.parts:
        return None
    source = Path(bib_path).parent / path
    if not source.is_file() and len(path.parts) == 1:  # al-folio's folder of previews
        alfolio = source.parent / ALFOLIO_FOLDER / path
        if alfolio.is_file():
            return alfolio
    return source


def _read(source: Path | None) -> tuple[str, int, int] | None:
    """(name in ``_previews/``, width, height), or None when *source* is no usable preview."""
    if source is None or source.suffix.lower() not in _SUFFIXES or not source.is_file():
        return None
    size = image_size(source)
    if size is None:
        return None
    data = source.read_bytes()
    digest = hashlib.sha256(data).hexdigest()[:16]
    return f"{source.stem}-{digest}{source.suffix.lower()}", size[0], size[1]


def preview_of(env: BuildEnvironment, publication: Publication) -> tuple[str, int, int] | None:
    """Cached per build: (file name, width, height) of the entry's thumbnail, or None."""
    entry = publication.entry
    return _cached(env, publication.key, entry.get("preview"), entry.path)


def _cached(env: BuildEnvironment, key: str, value: str, bib_path: str) -> Any:
    # On the build's library: read once a build, forgotten with it.
    cache: dict[str, Any] = get_library(env).__dict__.setdefault("bibfolio_previews", {})
    if key not in cache:
        cache[key] = _read(_source(value, bib_path))
    return cache[key]


#: A publication's ``preview`` field as written: key, value, .bib file, line.
Field = tuple[str, str, str, int]


def preview_fields(env: BuildEnvironment) -> tuple[Field, ...]:
    """The ``preview`` fields of the library's publications, in file order.

    Kept in the environment with the signature of the files they were read from, so a
    build whose .bib files did not change (a no-change rebuild, a page edit) finds them
    without reading or decoding a single entry.
    """
    library = get_library(env)
    data = get_domain(env).data
    stored = data.get("previews")
    if stored is not None and stored[0] == library.state.signature:
        return stored[1]
    fields = tuple(
        (p.key, p.entry.get("preview"), p.entry.path, p.entry.line_of("preview"))
        for p in library.publications.values()
        if "preview" in p.entry.fields
    )
    data["previews"] = (library.state.signature, fields)
    return fields


def note_preview_fields(app: Sphinx, env: BuildEnvironment) -> None:
    """``env-updated``: record the fields before the environment is saved."""
    preview_fields(env)


def outdated_lists(
    app: Sphinx, env: BuildEnvironment, added: set[str], changed: set[str], removed: set[str]
) -> list[str]:
    """``env-get-outdated``: the documents with lists, when a preview image changed.

    A list shows a thumbnail under a name made from the image's content, with the image's
    size; an image replaced, added or deleted beside an unchanged ``.bib`` changes no
    source document and no entry, so without this the list would keep the old one.
    """
    domain = get_domain(env)
    current = tuple(
        _cached(env, key, value, bib_path) for key, value, bib_path, _line in preview_fields(env)
    )
    previous = domain.data.get("preview_files")
    domain.data["preview_files"] = current
    if previous is None or previous == current:
        return []
    return sorted(domain.listings)


def copy_previews(app: Sphinx) -> list[Any]:
    """``html-collect-pages``: copy the used previews; warn once for each unusable one."""
    if app.builder.format != "html":
        return []
    target = Path(app.outdir) / FOLDER
    for key, value, bib_path, line in preview_fields(app.env):
        found = _cached(app.env, key, value, bib_path)
        if found is None:
            warn(
                f"'{key}': preview {value!r} is not a "
                "PNG, JPEG, GIF or WebP file inside the project; no thumbnail",
                "local_file",
                location=f"{bib_path}:{line}",
            )
            continue
        copy = target / found[0]
        if not copy.is_file():
            target.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(_source(value, bib_path), copy)  # type: ignore[arg-type]
    return []


def _visit_html(self: HTML5Translator, node: preview_image) -> None:
    attributes = {
        "src": node["src"],
        "width": str(node["width"]),
        "height": str(node["height"]),
        "alt": node["alt"],
        "loading": "lazy",
        "decoding": "async",
        "CLASS": "bibfolio-preview",
    }
    self.body.append(self.starttag(node, "img", "", empty=True, **attributes))
    raise nodes.SkipNode


def _skip(self: Any, node: nodes.Node) -> None:
    raise nodes.SkipNode


def register(app: Sphinx) -> None:
    """The node (written by HTML only) and the copying."""
    skip = (_skip, None)
    app.add_node(
        preview_image, html=(_visit_html, None), latex=skip, text=skip, man=skip, texinfo=skip
    )
    app.connect("env-get-outdated", outdated_lists)
    app.connect("env-updated", note_preview_fields)
    app.connect("html-collect-pages", copy_previews)
