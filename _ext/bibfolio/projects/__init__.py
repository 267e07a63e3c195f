"""Projects as data: a MyST page per project, the projects page of cards, its own page.

``data.py`` is plain Python (a page's front matter → a :class:`~.data.Project`);
``load.py`` reads every project page when the configuration is read and checks keys,
members and images; ``pages.py`` holds ``{projects}`` and what a project page gets
(its card's facts under the title, its publications and members at the end);
``assets.py`` the CSS and the tag filter's script; ``head.py`` a project page's
JSON-LD (``CreativeWork``).

Layer: above ``group`` (a project on a group site shows its members with
``{people-preview}``) and below ``__main__``; only ``bibfolio.setup`` imports it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from sphinx.application import Sphinx


def register(app: Sphinx) -> None:
    """Config values, nodes, directive and handlers of projects."""
    from . import assets, head, load, pages  # noqa: PLC0415

    app.add_config_value(
        "bibfolio_projects", ["projects"], "env", types=frozenset({list, tuple}),
        description="Folders of project pages, relative to the source folder.",
    )  # fmt: skip
    app.add_config_value(
        "bibfolio_projects_filter_min", 9, "env", types=frozenset({int}),
        description="The projects page shows its tag filter from this many projects on.",
    )  # fmt: skip
    pages.register(app)
    app.connect("config-inited", load.load)
    app.connect("env-updated", load.report_problems)
    assets.register(app)
    head.register(app)
