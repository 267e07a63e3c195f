"""Images in the CV: the page's image file, checked and named for the Typst root.

Typst reads PNG, JPEG, GIF, WebP and SVG.  A file is checked here (its first bytes, or
for SVG that it parses as XML with an ``<svg>`` root) so that an unreadable image is a
warning at its line instead of a Typst error that stops the whole PDF.  In the Typst
root the file is named by its content hash: an edited image changes the Typst source,
so the PDF is typeset again (build.py compares sources).
"""

from __future__ import annotations

import hashlib
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pathlib import Path

    from docutils import nodes

#: Suffix → how the file starts (SVG is checked by parsing).
_MAGIC = {
    ".png": (b"\x89PNG\r\n\x1a\n",),
    ".jpg": (b"\xff\xd8\xff",),
    ".jpeg": (b"\xff\xd8\xff",),
    ".gif": (b"GIF87a", b"GIF89a"),
    ".webp": (b"RIFF",),
}
#: Candidates Sphinx lists for ``image.*``, in the order the CV prefers them.
_MIMETYPES = ("image/svg+xml", "image/png", "image/jpeg", "image/gif", "image/webp")
_LENGTH = re.compile(r"^\s*(?P<number>\d+(?:\.\d+)?)\s*(?P<unit>px|pt|mm|cm|in|em|%)?\s*$")


@dataclass(frozen=True, slots=True)
class CvImage:
    """An image the CV shows: ``name`` in the Typst root, copied from ``path``."""

    name: str
    path: Path


def find_image(node: nodes.image, srcdir: Path) -> tuple[CvImage | None, str]:
    """The image file of *node* (a resolved doctree's image), or None and why not."""
    uri = node.get("uri", "")
    candidates = node.get("candidates", {})
    if uri.endswith("*") or "?" in candidates:
        uri = next((candidates[kind] for kind in _MIMETYPES if kind in candidates), "")
    if not uri or "://" in uri or uri.startswith("data:"):
        return None, "a remote image (only files of the project can be typeset)"
    path = srcdir / uri
    suffix = path.suffix.lower()
    if suffix != ".svg" and suffix not in _MAGIC:
        return None, f"{uri}: Typst reads PNG, JPEG, GIF, WebP and SVG images only"
    try:
        data = path.read_bytes()
    except OSError as err:
        return None, f"{uri} cannot be read ({err.strerror or err})"
    if not readable(data, suffix):
        return None, f"{uri} is not a readable {suffix[1:].upper()} image"
    digest = hashlib.sha256(data).hexdigest()[:16]
    return CvImage(f"image-{digest}{suffix}", path), ""


def readable(data: bytes, suffix: str) -> bool:
    """Whether *data* looks like an image of type *suffix*."""
    if suffix == ".svg":
        try:
            root = ET.fromstring(data)  # the project's own file
        except ET.ParseError:
            return False
        return root.tag.rsplit("}", 1)[-1] == "svg"
    if suffix == ".webp":
        return data[:4] == b"RIFF" and data[8:12] == b"WEBP"
    return any(data.startswith(magic) for magic in _MAGIC[suffix]) and len(data) > 32


def width_argument(node: nodes.image) -> str:
    """The Typst arguments for the image's ``:width:`` ("" when it has none).

    A percentage is of the column (``fraction``); pixels are read at 96 per inch.
    The template keeps every image inside the column and under a third of the page.
    """
    match = _LENGTH.match(str(node.get("width", "")))
    if not match:
        return ""
    number, unit = float(match["number"]), match["unit"] or "px"
    if unit == "%":
        return f", fraction: {number / 100:g}"
    if unit == "px":
        return f", width: {number * 0.75:g}pt"
    return f", width: {number:g}{unit}"
