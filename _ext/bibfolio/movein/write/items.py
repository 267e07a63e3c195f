"""Pages of their own: projects, posts and a group's members."""

from __future__ import annotations

import json
import posixpath
import re
from typing import TYPE_CHECKING, Any

from ...model.profile import LINK_KINDS
from ..model import Source
from .text import page

if TYPE_CHECKING:
    from collections.abc import Callable

    from ..model import Member, Post, Project, Report

    #: Copies a file of OLD to a NEW path under docs/; True when it is there.
    Copy = Callable[[str, str, Source], bool]

_WEB = re.compile(r"^https?://\S+$")
_YEAR = re.compile(r"^(\d{4})")
#: The roles of ``bibfolio_group_roles`` by the words lab sites use for them.
_ROLES = (
    ("pi", ("pi", "principal", "professor", "head", "director", "lead")),
    ("postdoc", ("postdoc", "post-doc", "research fellow")),
    ("phd", ("phd", "doctoral", "graduate", "grad")),
    ("masters", ("master", "msc")),
    ("undergrad", ("undergrad", "bachelor", "bsc", "intern")),
    ("staff", ("staff", "engineer", "programmer", "technician", "manager", "scientist")),
)
_MEMBER_LINKS = frozenset(LINK_KINDS) | {"homepage"}


def year(value: str) -> int | None:
    """The year of a ``YYYY[-MM[-DD]]`` date, as front matter takes it."""
    found = _YEAR.match(value or "")
    return int(found.group(1)) if found else None


def project_page(project: Project, report: Report, copy: Copy) -> str:
    """``projects/<id>.md``: the card's fields as front matter, the description as text."""
    at = project.source or Source(f"projects/{project.id}")
    fields: dict[str, Any] = {"summary": " ".join(project.summary.split())}
    if project.image:
        name = f"images/projects/{posixpath.basename(project.image)}"
        if copy(project.image, f"docs/{name}", at):
            fields["image"] = name
            fields["image_alt"] = project.image_alt or project.title
    fields["start"] = year(project.start)
    fields["end"] = year(project.end)
    fields["tags"] = [str(tag) for tag in project.tags]
    for name in ("code", "data", "demo"):
        value = getattr(project, name)
        if value and not _WEB.match(value):
            report.left(at, f"the project's {name} link {value}: not a web address")
        elif value:
            fields[name] = value
    fields["publications"] = list(project.publications)
    fields["members"] = list(project.members)
    return page(project.title, project.body, fields)


def post_page(post: Post) -> str:
    """``posts/<slug>.md``: ABlog's front matter (blogpost, date, tags), title and text."""
    fields: dict[str, Any] = {"blogpost": True, "date": post.date}
    if post.tags:
        fields["tags"] = ", ".join(str(tag).replace(",", " ") for tag in post.tags)
    return page(post.title, post.body, fields)


def post_notebook(post: Post, text: str) -> str:
    """A notebook post: the old notebook with ABlog's fields in its metadata.

    A first raw cell of front matter (Quarto's) is dropped, its fields being in the
    metadata now; the first Markdown cell starts with the post's title when it has no
    heading (MyST-NB takes the page's title from there).
    """
    notebook = json.loads(text)
    cells = notebook.setdefault("cells", [])
    if cells and cells[0].get("cell_type") == "raw":
        source = "".join(cells[0].get("source", ""))
        if source.lstrip().startswith("---"):
            del cells[0]
    markdown = next((cell for cell in cells if cell.get("cell_type") == "markdown"), None)
    title = f"# {' '.join(post.title.split()) or post.slug}\n\n"
    if markdown is None:
        cells.insert(0, {"cell_type": "markdown", "metadata": {}, "source": [title]})
    elif not "".join(markdown.get("source", "")).lstrip().startswith("# "):
        source = markdown.get("source", "")
        markdown["source"] = [title, *source] if isinstance(source, list) else title + source
    metadata = notebook.setdefault("metadata", {})
    metadata.update({"blogpost": True, "date": post.date})
    if post.tags:
        metadata["tags"] = ", ".join(str(tag) for tag in post.tags)
    return json.dumps(notebook, ensure_ascii=False, indent=1) + "\n"


def member_page(member: Member, report: Report, copy: Copy) -> str:
    """``people/<id>.md``: the member's card as front matter, their biography as text."""
    at = member.source or Source(f"people/{member.id}")
    fields: dict[str, Any] = {"name": member.name}
    role, position = _role(member.role)
    fields["role"] = role
    fields["position"] = getattr(member, "position", "") or position
    fields["aliases"] = list(member.aliases)
    if member.alumni:
        fields["alumni"] = True
        report.check(at, f"{member.name} is a former member (alumni: true); the old site gave "
                     "no year they left: add end: YEAR to their page if you know it")  # fmt: skip
    if member.image:
        name = f"_static/people/{posixpath.basename(member.image)}"
        if copy(member.image, f"docs/{name}", at):
            fields["photo"] = name
            fields["photo_alt"] = member.name
    for kind, value in member.links.items():
        if kind in _MEMBER_LINKS:
            fields[kind] = value
        else:
            report.left(
                at, f"{member.name}'s {kind} link {value}: a member page has no field for it"
            )
    return page(member.name, member.body, fields)


def _role(text: str) -> tuple[str, str]:
    """(role id, position text): a known role by its words, else the text as position."""
    words = text.lower().strip()
    for role, names in _ROLES:
        if words == role or any(re.search(rf"\b{re.escape(name)}", words) for name in names):
            return role, "" if words == role else text
    return "", text
