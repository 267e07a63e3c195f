"""Names in any script: a CJK owner with a Latin alias, and the CV PDF's fonts for them.

tests/roots/test-scripts: the (historical) owner 祖冲之, alias Chongzhi Zu, with
co-authors written in Cyrillic and Greek, and a profile holding an Egyptian hieroglyph
that no font on a usual system draws.
"""

from __future__ import annotations

import shutil

import pytest
from pypdf import PdfReader

from bibfolio.cv.fonts import choose_fonts, system_fonts
from bibfolio.model.names import NamePattern, parse_name

OWNERS = {
    "chinese": (
        ["祖冲之", "Chongzhi Zu"],
        ["祖冲之", "祖 冲之", "祖, 冲之", "Zu, Chongzhi", "Chongzhi Zu"],
    ),
    "russian": (
        ["Софья Ковалевская", "Sofia Kovalevskaya"],
        ["Ковалевская, Софья", "Софья Ковалевская", "Kovalevskaya, Sofia"],
    ),
}


@pytest.mark.parametrize("who", sorted(OWNERS))
def test_an_owner_in_another_script_is_matched_in_either_script(who: str) -> None:
    names, written = OWNERS[who]
    patterns = [NamePattern.from_config(name) for name in names]
    for author in written:
        assert any(p.matches(parse_name(author)) for p in patterns), author
    for other in ("祖暅之", "Zu, Gengzhi", "Ковалевский, Владимир"):
        assert not any(p.matches(parse_name(other)) for p in patterns), other


def test_the_cv_draws_every_script_and_names_what_no_font_has(build_root) -> None:
    if not shutil.which("fc-list") or choose_fonts(["祖"], "en", fonts=system_fonts()).missing:
        pytest.skip("no font draws Chinese on this system (apt-get install fonts-noto-cjk)")
    built = build_root("scripts")
    warnings = built.warnings.splitlines()
    missing = [line for line in warnings if "[bibfolio.cv_font]" in line]
    assert missing == [
        f"{built.srcdir / 'index.md'}: WARNING: no font draws 1 character(s) of the CV: 𓂀 "
        "(U+13080); they show as empty boxes in the PDF. Install a font that has them (Read "
        "the Docs: build.apt_packages in .readthedocs.yaml) or name one in bibfolio_cv_fonts "
        "[bibfolio.cv_font]"
    ]
    assert len(warnings) == 1, warnings
    home = built.page("index")
    assert [s.get_text() for s in home.select("strong.bibfolio-owner")] == [
        "祖 冲之",
        "Chongzhi Zu",
    ]
    reader = PdfReader(built.outdir / "cv.pdf")
    text = "".join(page.extract_text() for page in reader.pages)
    for name in ("祖冲之", "Ковалевская", "Ὑπατία"):
        assert name in text.replace(" ", ""), name
    fonts = {
        str(font.get_object()["/BaseFont"])
        for page in reader.pages
        for font in (page["/Resources"].get("/Font") or {}).values()
    }
    if not shutil.which("fc-list") or choose_fonts(["祖"], "en", fonts=system_fonts()).missing:
        pytest.skip("no font draws Chinese on this system (apt-get install fonts-noto-cjk)")
    assert any("CJK" in font for font in fonts), fonts
    assert any("Libertinus" in font for font in fonts), fonts
