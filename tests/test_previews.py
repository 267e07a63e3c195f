"""Entry thumbnails from al-folio's ``preview`` field (previews.py)."""

from __future__ import annotations

import shutil
import struct
from pathlib import Path

import pytest

from bibfolio.build import bibliography
from bibfolio.doctree.previews import image_size

from .helpers import page, phone_jpeg, warnings_of


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


def test_image_sizes_of_every_kind_without_sphinx(tmp_path):
    def size(name: str, data: bytes):
        (tmp_path / name).write_bytes(data)
        return image_size(tmp_path / name)

    ihdr = b"\x00\x00\x00\x0dIHDR" + struct.pack(">II", 640, 480) + b"\x08\x06\x00\x00\x00"
    assert size("a.png", b"\x89PNG\r\n\x1a\n" + ihdr) == (640, 480)
    assert size("a.gif", b"GIF89a" + struct.pack("<HH", 32, 16) + b"\x00\x00\x00") == (32, 16)
    jpeg = (
        b"\xff\xd8\xff\xe0\x00\x04\x00\x00"  # APP0, skipped
        + b"\xff\xc0\x00\x11\x08"
        + struct.pack(">HH", 300, 400)
        + b"\x03\x01\x22\x00\x02\x11\x01\x03\x11\x01\xff\xd9"
    )
    assert size("a.jpg", jpeg) == (400, 300)
    webp = b"RIFF\x00\x00\x00\x00WEBPVP8X" + b"\x00" * 8 + (99).to_bytes(3, "little") * 2
    assert size("a.webp", webp) == (100, 100)
    # Formats browsers may not show, or without a pixel size, and broken files: none.
    assert size("a.svg", b'<svg width="10" height="10"/>') is None
    assert size("a.tif", b"II*\x00" + b"\x00" * 60) is None
    assert size("cut.jpg", phone_jpeg(640, 480)[:30_000]) is None
    assert size("empty.png", b"") is None
    assert image_size(tmp_path / "missing.png") is None


def test_a_phone_jpeg_is_read_past_its_exif_and_icc_segments(tmp_path):
    """A 60 KB EXIF and an 8 KB ICC profile come before the size: the whole file is read."""
    (tmp_path / "phone.jpg").write_bytes(phone_jpeg(640, 480))
    assert (tmp_path / "phone.jpg").read_bytes().index(b"\xff\xc0") > 65536
    assert image_size(tmp_path / "phone.jpg") == (640, 480)
    # Held sideways (EXIF orientation 6): browsers show it turned, and so is its size.
    (tmp_path / "portrait.jpg").write_bytes(phone_jpeg(640, 480, orientation=6))
    assert image_size(tmp_path / "portrait.jpg") == (480, 640)


def test_a_phone_jpeg_preview_is_a_thumbnail(build_root, tmp_path):
    source = tmp_path / "previews"
    shutil.copytree(Path(__file__).parent / "roots" / "test-previews", source)
    (source / "previews" / "phone.jpg").write_bytes(phone_jpeg(640, 480))
    bib = source / "refs.bib"
    bib.write_text(bib.read_text().replace("previews/engine.png", "previews/phone.jpg"))
    built = build_root("previews")
    assert built.warnings.count("[bibfolio.local_file]") == 1  # the missing file's alone
    image = built.page("index").select_one("#pub-engine img.bibfolio-preview")
    assert (image["width"], image["height"]) == ("640", "480")
    assert image["src"].startswith("_previews/phone-") and image["src"].endswith(".jpg")


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
