"""JSON-LD of a project page: a schema.org ``CreativeWork`` with its parts.

The project is a ``CreativeWork`` (schema.org's ``ResearchProject`` is an organization,
not the work): ``name``, ``abstract`` (the summary), ``keywords`` (the tags),
``temporalCoverage`` (the years, ``2021/2024`` or ``2021/..``), ``image`` and ``url``
with ``html_baseurl``, ``sameAs`` its code, data and demo links, and ``hasPart`` its
publications by title, each typed as its entry is (``SoftwareSourceCode``, ``Dataset``,
``ScholarlyArticle`` ...).  On a group site its members are ``contributor`` ``Person``\\ s.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..build.bibliography import get_library
from ..formats.metadata import json_for_script, scholarly_article
from ..group.head import member_person
from ..group.load import get_group
from .load import get_projects, keys_of

if TYPE_CHECKING:
    from sphinx.application import Sphinx

    from .data import Project


def creative_work(app: Sphinx, project: Project) -> dict[str, Any]:
    """The project as a schema.org ``CreativeWork``."""
    data: dict[str, Any] = {
        "@context": "https://schema.org", "@type": "CreativeWork", "name": project.title,
    }  # fmt: skip
    if project.summary:
        data["abstract"] = project.summary
    if project.tags:
        data["keywords"] = list(project.tags)
    if project.start or project.end:
        data["temporalCoverage"] = f"{project.start or '..'}/{project.end or '..'}"
    baseurl = str(app.config.html_baseurl or "").rstrip("/")
    if baseurl:
        data["url"] = f"{baseurl}/{app.builder.get_target_uri(project.docname)}"
        if project.image and project.image in app.env.images:
            # The file's name in _images/ (Sphinx renames one that another image has).
            data["image"] = f"{baseurl}/_images/{app.env.images[project.image][1]}"
    if project.links:
        data["sameAs"] = list(project.links.values())
    library = get_library(app.env)
    parts = [library.publications[key] for key in keys_of(app.env, project)]
    if parts:
        works = [scholarly_article(p) for p in parts]
        data["hasPart"] = [{"@type": w["@type"], "name": w["name"]} for w in works]
    group = get_group(app.env)
    if group is not None:
        members = [group.by_id[m] for m in project.members if m in group.by_id]
        if members:
            data["contributor"] = [
                {"@type": "Person", **member_person(app, group, m)} for m in members
            ]
    return data


def add_metadata(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    """``html-page-context``: a project page's ``CreativeWork``."""
    found = get_projects(app.env)
    project = found.pages.get(pagename) if found is not None else None
    if project is None:
        return
    data = json_for_script(creative_work(app, project))
    script = f'<script type="application/ld+json">{data}</script>'
    context["metatags"] = context.get("metatags", "") + "\n" + script


def register(app: Sphinx) -> None:
    """The JSON-LD handler."""
    app.connect("html-page-context", add_metadata)
