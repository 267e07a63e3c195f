"""Projects in the CV: one line each where ``{projects}`` shows its cards, never their pages.

A CV names a project, its years and what it is in a line (as a job or a degree); the
card's picture, tags and buttons, and the project's page (its description, papers and
people), stay on the site.  The line: the title linking to the project's page, " — ",
the summary, and the years in the date column (dates.py).

Read by the classes projects/pages.py gives its nodes (the ``projects`` package sits
above this one): a ``{projects}`` list is a ``bibfolio-projects`` container of
``bibfolio-project-card`` containers, and a project's page has a
``bibfolio-project-header`` under its title.
"""

from __future__ import annotations

from docutils import nodes

from .dates import set_apart

#: The container a project page gets under its title (projects/pages.py, ``add_card``).
PROJECT_HEADER = "bibfolio-project-header"
#: ``{projects}``'s tag filter node, by name (HTML only; no use in a CV).
PROJECT_FILTER = "project_filter"


def is_project_page(doctree: nodes.document) -> bool:
    """Whether *doctree* is a project's page (the CV lists it where ``{projects}`` stands)."""
    return any(PROJECT_HEADER in node["classes"] for node in doctree.findall(nodes.container))


def project_lines(root: nodes.Element) -> int:
    """Replace each ``{projects}`` list under *root* with a line per project; how many."""
    found = 0
    for node in list(root.findall(nodes.Element)):
        if node.parent is not None and type(node).__name__ == PROJECT_FILTER:
            node.parent.remove(node)
    for grid in list(root.findall(nodes.container)):
        if "bibfolio-projects" not in grid["classes"]:
            continue
        listing = nodes.bullet_list(classes=["bibfolio-cv-projects"])
        for card in grid.children:
            if isinstance(card, nodes.Element) and "bibfolio-project-card" in card["classes"]:
                listing += nodes.list_item("", project_line(card))
        found += len(listing)
        if len(listing):
            grid.parent.replace(grid, listing)  # not replace_self: it keeps the grid's classes
        else:
            grid.parent.remove(grid)
    return found


def project_line(card: nodes.Element) -> nodes.paragraph:
    """A card's title (linked, bold), " — " and summary; its years set apart."""
    parts = {
        name: child
        for child in card.children
        if isinstance(child, nodes.Element)
        for name in ("title", "summary", "meta")
        if f"bibfolio-project-{name}" in child["classes"]
    }
    line = nodes.paragraph(classes=["bibfolio-cv-project"])
    title = parts.get("title")
    if title is not None:
        line += nodes.strong("", "", *title.deepcopy().children)
    summary = parts.get("summary")
    if summary is not None and summary.astext().strip():
        line += nodes.Text(" — ")
        line += nodes.inline("", "", *summary.deepcopy().children)
    meta = parts.get("meta")
    years = (
        [n for n in meta.findall(nodes.inline) if "bibfolio-project-years" in n["classes"]]
        if meta is not None
        else []
    )
    if years and years[0].astext().strip():
        set_apart(line, years[0].astext().strip())
    return line
