"""Lab and group sites: members as data, the people page, member pages, the group list.

``members.py`` and ``matching.py`` are plain Python (the data and who wrote what);
``load.py`` reads the members when the configuration is read, ``pages.py`` holds the
directives and the member pages' card, ``lists.py`` the publication lists,
``head.py`` the JSON-LD.  This package may import from the rest of bibfolio; nothing
outside it imports from it except ``bibfolio.setup`` (and the one-line highlight hook
in ``transforms.py``/``html.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from sphinx.application import Sphinx


def register(app: Sphinx) -> None:
    """Config values, nodes, directives and handlers of group sites."""
    from . import assets, head, lists, load, pages  # noqa: PLC0415

    load.register(app)
    pages.register(app)
    lists.register(app)
    head.register(app)
    assets.register(app)
