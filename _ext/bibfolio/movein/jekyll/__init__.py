"""Reading a Jekyll site: its config, documents, old addresses, Liquid and kramdown.

Shared by al-folio, academicpages and the lab template.  Plain Python: imports
:mod:`..frontmatter`, :mod:`..model` and :mod:`...reading`.
"""

from __future__ import annotations

from .address import addresses, permalink, post_name, slugify
from .liquid import liquid_to_myst
from .site import Config, Item, collection, read_config, read_document_at

__all__ = [
    "Config",
    "Item",
    "addresses",
    "collection",
    "liquid_to_myst",
    "permalink",
    "post_name",
    "read_config",
    "read_document_at",
    "slugify",
]
