"""Which fonts the CV needs beyond Typst's own (bibfolio.cv.fonts): no Sphinx, no Typst."""

from __future__ import annotations

import shutil

import pytest

from bibfolio.cv.fonts import Font, choose_fonts, needing_fonts, system_fonts

HAN = (0x4E00, 0x9FFF)
KANA = (0x3040, 0x30FF)
FONTS = (
    Font("/f/NotoSansCJK.ttc", "Noto Sans CJK SC", frozenset({"zh-cn", "ja"}), (HAN, KANA)),
    Font("/f/NotoSerifCJK.ttc", "Noto Serif CJK JP", frozenset({"zh-cn", "ja"}), (HAN, KANA)),
    Font("/f/NotoSerifCJK.ttc", "Noto Serif CJK SC", frozenset({"zh-cn", "ja"}), (HAN, KANA)),
    Font("/g/DejaVuSans.ttf", "DejaVu Sans", frozenset({"ar", "he"}), ((0x0590, 0x06FF),)),
)


def test_latin_greek_and_cyrillic_need_no_other_font() -> None:
    assert needing_fonts("Émile Exemple, Ἀριστοτέλης, Пётр Ильич Чайковский — “Notes”") == []


def test_cjk_arabic_and_hebrew_do() -> None:
    assert needing_fonts("梁明宇 and 梁 ادا עדה") == sorted(set("梁明宇ادا" + "עדה"))


@pytest.mark.parametrize(
    ("language", "family"),
    [("zh_CN", "Noto Serif CJK SC"), ("ja", "Noto Serif CJK JP"), ("en", "Noto Serif CJK SC")],
)
def test_the_han_glyphs_of_the_language_and_a_serif_face_are_preferred(
    language: str, family: str
) -> None:
    choice = choose_fonts(needing_fonts("梁明宇"), language, fonts=FONTS)
    assert choice.families == (family,)
    assert choice.folders == ("/f",)
    assert choice.missing == ()


def test_a_font_named_in_conf_py_comes_first() -> None:
    choice = choose_fonts(needing_fonts("梁明宇"), "zh_CN", ["noto sans cjk sc"], fonts=FONTS)
    assert choice.families == ("Noto Sans CJK SC",)


def test_each_script_gets_a_font_and_the_rest_is_named() -> None:
    choice = choose_fonts(needing_fonts("梁明宇 עדה 𓀀"), "zh_CN", fonts=FONTS)
    assert choice.families == ("Noto Serif CJK SC", "DejaVu Sans")
    assert choice.missing == ("𓀀",)


def test_without_fonts_every_character_is_missing() -> None:
    assert choose_fonts(["梁"], "zh_CN", fonts=()).missing == ("梁",)


@pytest.mark.skipif(
    not shutil.which("fc-list"),
    reason="fontconfig's fc-list is not installed (apt-get install fontconfig)",
)
def test_the_system_fonts_are_read_from_fontconfig() -> None:
    fonts = system_fonts()
    assert fonts, "fc-list lists fonts"
    assert all(font.path and font.family and font.ranges for font in fonts)
