"""Lab and group sites: members as data, the people page, member pages, the group list.

``members.py`` and ``matching.py`` are plain Python (the data, who wrote what);
``load.py`` reads the members when the configuration is read, ``pages.py`` holds
``{people}`` and the member pages' card, ``front.py`` the front page's highlight rows
and people preview, ``generated.py`` the pages of members a table
lists, ``lists.py`` the publication lists, ``head.py``
the JSON-LD, ``assets.py`` the CSS and script.  ``bibfolio new --group`` writes a group
site from the one site template of ``scaffold/`` (its ``kind: group`` pages).

Layer: the top one beside nothing but ``__main__`` (above ``portfolio/``, whose profile
card a member page shows).  May import every other package of bibfolio; only
``bibfolio.setup`` imports it.  What the layers below
need of a group stays below or is asked for: a publication with other people marked is
``model/highlight.py`` (applied by ``pages/transforms.py`` and ``pages/html.py``), and
paper pages ask ``load.py`` through the ``bibfolio-paper-view`` and
``bibfolio-paper-signature`` events of ``pages/papers.py``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from sphinx.application import Sphinx


def register(app: Sphinx) -> None:
    """Config values, nodes, directives and handlers of group sites."""
    from . import assets, front, generated, head, lists, load, pages  # noqa: PLC0415

    load.register(app)
    pages.register(app)
    front.register(app)
    lists.register(app)
    generated.register(app)
    head.register(app)
    assets.register(app)
