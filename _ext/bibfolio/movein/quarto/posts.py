"""Blog posts (``posts/<slug>/index.qmd`` or ``.ipynb``) → ABlog posts.

Quarto's starter posts are recognised as demo content.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..model import Post, Project
from .dates import is_render_date, quarto_date
from .project import addresses

if TYPE_CHECKING:
    from ..model import Report
    from .markdown import Converter
    from .project import QDoc

#: What ``quarto create project blog`` writes: title → its author.
DEMO_POSTS = {"Welcome To My Blog": "Tristan O'Malley", "Post With Code": "Harlow Malloc"}
_STARTS = ("This is the first post in a Quarto blog", "This is a post with executable code")


def is_demo(doc: QDoc) -> bool:
    """True for a starter post of Quarto's blog template (its title and author, or text)."""
    title = str(doc.own.get("title", ""))
    author = doc.own.get("author")
    if title in DEMO_POSTS and (author == DEMO_POSTS[title] or author is None):
        return True
    return title in DEMO_POSTS and doc.body.strip().startswith(_STARTS)


def read_post(doc: QDoc, convert: Converter, report: Report) -> Post:
    """*doc* as a post: title, date, categories as tags, the body as MyST.

    A notebook is kept as it is: ``Post.notebook`` names it.
    """
    value = doc.fields.get("date")
    date = quarto_date(value)
    title = str(doc.fields.get("title", doc.slug)).strip()
    if not date:
        why = (
            "is the render's date, not the post's"
            if is_render_date(value)
            else "is missing or no date Quarto reads"
        )
        report.check(doc.at("date"), f"post {title!r}: its date {why}; ABlog shows it undated")
    tags = doc.fields.get("categories", [])
    post = Post(
        slug=doc.slug,
        title=title,
        date=date,
        tags=[str(tag) for tag in tags] if isinstance(tags, list) else [str(tags)],
        source=doc.at(),
        addresses=addresses(doc),
    )
    if doc.notebook:
        post.notebook = doc.path
        report.note(doc.at(), "a notebook post: kept as the notebook it is (not executed)")
    else:
        post.body = convert.myst(doc.body, doc.path, doc.body_line, doc.fields)
    _lead(post, doc, report)
    return post


def _lead(post: Post, doc: QDoc, report: Report) -> None:
    # The listing card's image and description have no field in ABlog's front matter:
    # they open the post instead, so nothing of them is lost.
    lead = []
    description = doc.own.get("description")
    if isinstance(description, str) and description.strip():
        lead.append(description.strip())
    image = doc.own.get("image")
    if isinstance(image, str) and image.strip() and image.strip() not in post.body:
        lead.append(f"![]({image.strip()})")
    if not lead:
        return
    if doc.notebook:
        report.left(doc.at(), "the notebook post's description/image: no place in a notebook")
        return
    post.body = "\n\n".join([*lead, post.body]).rstrip() + "\n"


def read_project(doc: QDoc, body: str, report: Report) -> Project:
    """*doc* (``projects/<slug>/index.qmd``) as a project page.

    Title, description as the summary, date as its start, categories as tags, ``image``,
    ``code``/``data``/``demo`` links, and the body (MyST).
    """
    tags = doc.fields.get("categories", [])
    image = doc.own.get("image")
    project = Project(
        id=doc.slug,
        title=str(doc.fields.get("title", doc.slug)).strip(),
        summary=str(doc.own.get("description", "") or "").strip(),
        body=body,
        image=f"{doc.folder}/{image}".lstrip("/") if isinstance(image, str) and image else "",
        start=quarto_date(doc.fields.get("date")),
        tags=[str(tag) for tag in tags] if isinstance(tags, list) else [str(tags)],
        source=doc.at(),
        addresses=addresses(doc),
    )
    for name in ("code", "data", "demo"):
        value = doc.own.get(name)
        if isinstance(value, str):
            setattr(project, name, value)
    for name in sorted(set(doc.own) - _PROJECT_FIELDS):
        report.left(doc.at(name), f"front matter '{name}' of a project: no place")
    return project


_PROJECT_FIELDS = {"title", "description", "date", "categories", "image", "code", "data",
                   "demo", "aliases", "author", "image-alt", "draft", "format", "toc"}  # fmt: skip
