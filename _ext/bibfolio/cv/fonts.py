"""Fonts for every script of the CV: Typst's own serif, then system fonts where it has no glyph.

Typst's bundled Libertinus Serif writes Latin, Greek and Cyrillic.  A name or a page in
Chinese, Japanese, Korean, Arabic ... needs another font, or Typst draws empty boxes.
:func:`choose_fonts` finds, for the characters the CV holds that Libertinus lacks, fonts
that cover them: the ones ``bibfolio_cv_fonts`` names first (family names or font
files), then the system's (fontconfig's ``fc-list``), preferring a font made for the
CV's language (Simplified Chinese glyphs for ``zh_CN``, Japanese ones for ``ja``) and a
serif one.  What no font covers is returned, for a warning that names the characters.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import unicodedata
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

#: The CV's own font (bundled with Typst, so the PDF is the same on every machine).
MAIN_FONT = "Libertinus Serif"
#: Code points Libertinus Serif draws: Latin with its extensions and IPA, combining
#: marks, Greek (and its extended block), Cyrillic, punctuation, symbols and arrows.
_MAIN_COVERS = (
    (0x0000, 0x036F), (0x0370, 0x03FF), (0x0400, 0x052F), (0x1D00, 0x1DBF),
    (0x1E00, 0x1FFF), (0x2000, 0x2BFF), (0xFB00, 0xFB06),
)  # fmt: skip


@dataclass(frozen=True)
class Font:
    """A font face fontconfig knows: its file, family and the code points it draws."""

    path: str
    family: str
    languages: frozenset[str]
    ranges: tuple[tuple[int, int], ...] = field(repr=False)

    def covers(self, char: str) -> bool:
        """Whether the font has a glyph for *char*."""
        point = ord(char)
        return any(low <= point <= high for low, high in self.ranges)


@dataclass(frozen=True)
class FontChoice:
    """The fonts a CV needs beyond its own, and what none of them covers."""

    families: tuple[str, ...] = ()  #: Typst family names, in the order to try them.
    folders: tuple[str, ...] = ()  #: Folders to give Typst (``font_paths``).
    missing: tuple[str, ...] = ()  #: Characters no font covers, sorted.


def _drawn(char: str) -> bool:
    """Whether *char* needs a glyph (not a space, control or format character)."""
    return not (char.isspace() or unicodedata.category(char) in ("Cc", "Cf", "Zs", "Zl", "Zp"))


#: What Libertinus Serif does not draw: one regular expression scans a 3000-entry CV's
#: 1.4 MB of source in milliseconds (a test of each character in Python took 1.8 s).
_BEYOND_MAIN = re.compile(
    "[^" + "".join(f"\\U{low:08x}-\\U{high:08x}" for low, high in _MAIN_COVERS) + "]"
)


def needing_fonts(text: str) -> list[str]:
    """The characters of *text* that Libertinus Serif has no glyph for, sorted, once each."""
    return sorted(char for char in set(_BEYOND_MAIN.findall(text)) if _drawn(char))


def _ranges(charset: str) -> tuple[tuple[int, int], ...]:
    """The (low, high) pairs of fontconfig's ``%{charset}`` (``20-7e a0 ...``, hexadecimal)."""
    found = []
    for part in charset.split():
        low, _dash, high = part.partition("-")
        try:
            found.append((int(low, 16), int(high or low, 16)))
        except ValueError:
            continue
    return tuple(found)


@cache
def system_fonts() -> tuple[Font, ...]:
    """Every regular face fontconfig lists (none where ``fc-list`` is not installed)."""
    command = shutil.which("fc-list")
    if command is None:
        return ()
    fields = "%{file}\\t%{family[0]}\\t%{style[0]}\\t%{lang}\\t%{charset}\\n"
    try:
        listed = subprocess.run(
            [command, "--format", fields],
            capture_output=True,
            text=True,
            check=True,
            timeout=60,
        ).stdout
    except (OSError, subprocess.SubprocessError):
        return ()
    faces: dict[str, tuple[int, Font]] = {}  # family -> its most regular face
    for line in listed.splitlines():
        parts = line.split("\t")
        if len(parts) != 5 or not parts[0] or not parts[1]:
            continue
        path, family, style, languages, charset = parts
        regular = 0 if style in ("Regular", "Book", "Roman") else 1
        if family not in faces or regular < faces[family][0]:
            font = Font(path, family, frozenset(languages.split("|")), _ranges(charset))
            faces[family] = (regular, font)
    return tuple(font for _regular, font in sorted(faces.values(), key=lambda f: f[1].family))


def _fontconfig_language(language: str | None) -> str:
    """Sphinx's ``zh_CN`` as fontconfig names it: ``zh-cn``."""
    return (language or "en").replace("_", "-").lower()


#: The glyph style a language writes Han characters in, as CJK font families name it
#: (Noto's and Source Han's "SC", "TC", "HK", "JP", "KR"): fontconfig's language lists
#: say every such family covers every one of these languages.
_HAN_STYLE = {"zh-cn": "SC", "zh-sg": "SC", "zh": "SC", "zh-tw": "TC", "zh-hk": "HK",
              "zh-mo": "HK", "ja": "JP", "ko": "KR"}  # fmt: skip


def _named(name: str, fonts: tuple[Font, ...]) -> list[Font]:
    """The fonts a ``bibfolio_cv_fonts`` entry names: a family, or a font file."""
    if Path(name).suffix.lower() in (".ttf", ".otf", ".ttc", ".otc"):
        path = str(Path(name).resolve())
        return [font for font in fonts if font.path == path]
    return [font for font in fonts if font.family.casefold() == name.casefold()]


def choose_fonts(
    chars: list[str],
    language: str | None,
    named: list[str] | tuple[str, ...] = (),
    fonts: tuple[Font, ...] | None = None,
) -> FontChoice:
    """Fonts that together cover *chars*: named ones first, then the system's, greedily."""
    if not chars:
        return FontChoice()
    fonts = system_fonts() if fonts is None else fonts
    wanted = _fontconfig_language(language)
    base = wanted.split("-")[0]
    preferred = [font for name in named for font in _named(name, fonts)]

    # Without a CJK language (an English CV with one Chinese name): Simplified glyphs.
    style = _HAN_STYLE.get(wanted) or _HAN_STYLE.get(base) or "SC"

    def rank(font: Font) -> tuple[int, int, int, str]:
        fits = 0 if wanted in font.languages else 1 if base in font.languages else 2
        han = 0 if style and font.family.endswith(f" {style}") else 1
        name = font.family.casefold()
        serif = 0 if "serif" in name and "sans" not in name else 1
        mono = "mono" in name  # a proportional face reads better in running text
        return fits, han, serif + 2 * mono, font.family

    candidates = preferred + sorted((f for f in fonts if f not in preferred), key=rank)
    left = list(chars)
    chosen: list[Font] = []
    for font in candidates:
        if not left:
            break
        covered = [char for char in left if font.covers(char)]
        if covered and (font in preferred or len(covered) * 2 >= len(left) or not chosen):
            chosen.append(font)
            left = [char for char in left if char not in covered]
    # A second pass for what the preferred ones left: any font covering any of it.
    for font in candidates:
        if not left:
            break
        covered = [char for char in left if font.covers(char)]
        if covered and font not in chosen:
            chosen.append(font)
            left = [char for char in left if char not in covered]
    return FontChoice(
        families=tuple(dict.fromkeys(font.family for font in chosen)),
        folders=tuple(dict.fromkeys(str(Path(font.path).parent) for font in chosen)),
        missing=tuple(left),
    )
