"""Lab and group sites: members as data, the people page, member pages, the group list.

``members.py``, ``matching.py`` and ``highlight.py`` are plain Python (the data, who
wrote what, a publication with other people marked); ``load.py`` reads the members when
the configuration is read, ``pages.py`` holds ``{people}`` and the member pages' card,
``lists.py`` the publication lists, ``head.py`` the JSON-LD, ``assets.py`` the CSS and
script, ``scaffold.py`` ``bibfolio new --group``.  This package may import from the rest
of bibfolio; outside it only ``bibfolio.setup``, ``scaffold.py`` (``--group``), and one
line each in ``transforms.py``/``html.py`` (:func:`highlight.shown`) and ``papers.py``
(:func:`load.paper_view`) import from it.
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
