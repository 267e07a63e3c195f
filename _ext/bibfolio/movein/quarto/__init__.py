"""Quarto academic websites: ``_quarto.yml`` with ``project: type: website``.

What is read: the about page (``about:`` with ``image`` and ``links``) as the profile;
publication folders (``publications/<slug>/index.qmd`` with structured ``author:``,
``citation:``, ``doi``) as entries, paired with a ``.bib`` the site keeps; talks and
teaching kept as YAML lists a listing page reads; posts (``.qmd`` and notebooks); every
other page.  Modules: :mod:`.project` (files, ``_metadata.yml``, addresses),
:mod:`.markdown` and :mod:`.cite` (Pandoc Markdown → MyST), :mod:`.authors`,
:mod:`.publications`, :mod:`.bibfiles`, :mod:`.listings`, :mod:`.posts`, :mod:`.profile`,
:mod:`.reader` (which document is what) and :mod:`.leftovers` (nothing lost).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .project import load_config
from .reader import read_site

if TYPE_CHECKING:
    from pathlib import Path

    from ..model import Site

TEMPLATE = "Quarto"
LOOKS_FOR = "_quarto.yml with project: type: website"


def recognise(root: Path) -> bool:
    """True when *root* holds a ``_quarto.yml`` of a website project."""
    config = load_config(root)
    project = config.get("project") if config else None
    return isinstance(project, dict) and project.get("type") == "website"


def read(root: Path, *, include_demo: bool = False) -> Site:
    """The site at *root*, never written to.

    Quarto's starter content is left out unless *include_demo*.
    """
    return read_site(root, load_config(root) or {}, TEMPLATE, include_demo)
