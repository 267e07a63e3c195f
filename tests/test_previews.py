"""Entry thumbnails from al-folio's ``preview`` field (previews.py)."""

from __future__ import annotations

import struct
from pathlib import Path

import pytest

from bibfolio.build import bibliography
from bibfolio.doctree.previews import image_size

from .helpers import page, warnings_of


@pytest.mark.sphinx("html", testroot="previews", freshenv=True)
def test_a_preview_is_a_lazy_image_with_its_size_and_the_title_as_alt(app):
    app.build()
    warnings = warnings_of(app)
    # The missing file: one warning at its field's line, and no thumbnail.
    assert warnings.count("[bibfolio.local_file]") == 1
    assert "refs.bib:14: WARNING: 'tables': preview 'previews/missing.png'" in warnings
    soup = page(app)
    image = soup.select_one("#pub-engine img.bibfolio-preview")
    assert image["alt"] == "Notes on the Analytical Engine"
    assert (image["width"], image["height"], image["loading"]) == ("6", "4", "lazy")
    served = Path(app.outdir) / image["src"]
    source = Path(app.srcdir) / "previews" / "engine.png"
    assert served.read_bytes() == source.read_bytes()
    assert image["src"].startswith("_previews/engine-")  # named by content: no stale cache
    assert soup.select("#pub-tables img, #pub-plain img") == []
    # Before the entry's text, so it floats beside it.
    assert soup.select_one("#pub-engine").find(True) is image


@pytest.mark.sphinx("text", testroot="previews", freshenv=True)
def test_text_output_has_no_thumbnail(app):
    app.build()
    text = (Path(app.outdir) / "index.txt").read_text(encoding="utf-8")
    assert "Notes on the Analytical Engine" in text
    assert "engine.png" not in text


def test_image_sizes_of_every_kind_without_sphinx():
    png = b"\x89PNG\r\n\x1a\n" + b"\x00\x00\x00\x0dIHDR" + struct.pack(">II", 640, 480)
    assert image_size(png) == (640, 480)
    assert image_size(b"GIF89a" + struct.pack("<HH", 32, 16)) == (32, 16)
    jpeg = (
        b"\xff\xd8\xff\xe0\x00\x04\x00\x00"  # APP0, skipped
        + b"\xff\xc0\x00\x11\x08"
        + struct.pack(">HH", 300, 400)
        + b"\x03"
    )
    assert image_size(jpeg) == (400, 300)
    webp = b"RIFF\x00\x00\x00\x00WEBPVP8X" + b"\x00" * 8 + (99).to_bytes(3, "little") * 2
    assert image_size(webp) == (100, 100)
    assert image_size(b"<svg/>") is None


def test_a_no_change_rebuild_warns_again_without_reading_an_entry(build_root, monkeypatch):
    first = build_root("previews")
    calls = []
    real = bibliography.read_bib_files
    monkeypatch.setattr(
        bibliography, "read_bib_files", lambda *args: calls.append(args) or real(*args)
    )
    again = build_root("previews", fresh=False)
    assert calls == []  # the preview fields were kept: no entry read or decoded
    assert again.warnings.count("[bibfolio.local_file]") == 1
    assert "refs.bib:14: WARNING: 'tables': preview 'previews/missing.png'" in again.warnings
    (served,) = (again.outdir / "_previews").iterdir()
    assert served.name == first.page("index").select_one("#pub-engine img")["src"].split("/")[1]
    # An edited field is read again: the warning moves with it.
    bib = again.srcdir / "refs.bib"
    bib.write_text(bib.read_text().replace("previews/missing.png", "previews/gone.gif"))
    edited = build_root("previews", fresh=False)
    assert calls
    assert "refs.bib:14: WARNING: 'tables': preview 'previews/gone.gif'" in edited.warnings
    assert edited.warnings.count("[bibfolio.local_file]") == 1


def test_an_image_replaced_beside_an_unchanged_bib_is_shown_on_the_next_build(build_root):
    first = build_root("previews")
    old = first.page("index").select_one("#pub-engine img")
    engine = first.srcdir / "previews" / "engine.png"
    data = engine.read_bytes()
    # The same PNG, 12 pixels by 8 now (the size is in the IHDR chunk the page reads).
    engine.write_bytes(data[:16] + struct.pack(">II", 12, 8) + data[24:])
    again = build_root("previews", fresh=False)
    image = again.page("index").select_one("#pub-engine img")
    assert (image["width"], image["height"]) == ("12", "8")
    assert image["src"] != old["src"]
    assert (again.outdir / image["src"]).read_bytes() == engine.read_bytes()
    # As a fresh build of the same sources shows it.
    fresh = build_root("previews")
    assert str(fresh.page("index").select_one("#pub-engine img")) == str(image)
