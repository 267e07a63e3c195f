"""Hugo Academic, Wowchemy and Hugo Blox sites, three generations, TOML and YAML.

v4/v5 widgets, 2024-2025 blocks with ``content/authors/admin``, 2026 with
``data/authors/me.yaml``.

Modules: :mod:`.config` (which site, which generation), :mod:`.content` (pages, addresses),
:mod:`.shortcodes` (bodies as MyST), :mod:`.profile` and :mod:`.cv` (the owner),
:mod:`.publications`, :mod:`.marks` and :mod:`.links` (the entries), :mod:`.items` and
:mod:`.courses` (talks, projects, posts, courses), :mod:`.home` (widgets and blocks),
:mod:`.demo` (the template's demo content) and :mod:`.site` (reading it all into one
:class:`~bibfolio.movein.model.Site`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .config import TEMPLATE, is_academic, read_config
from .site import read_site

if TYPE_CHECKING:
    from pathlib import Path

    from ..model import Site

__all__ = ["LOOKS_FOR", "TEMPLATE", "read", "recognise"]

LOOKS_FOR = (
    "a Hugo config (config.toml, hugo.toml, hugo.yaml or config/_default/*) naming the "
    "academic theme, Wowchemy or Hugo Blox, and a content/ folder"
)


def recognise(root: Path) -> bool:
    """True when *root* is a Hugo site built with Academic, Wowchemy or Hugo Blox."""
    return (root / "content").is_dir() and is_academic(read_config(root))


def read(root: Path, *, include_demo: bool = False) -> Site:
    """The site at *root*, never written to.

    The template's demo is left out (named in the report) unless *include_demo*.
    """
    return read_site(root, include_demo=include_demo)
