"""A :class:`~..model.Site` written as a site repository made by ``bibfolio new``.

:func:`write_site` makes the ordinary site (``scaffold.new_site``: the same template,
so it upgrades as any other), then fills in its pages: ``conf.py``, the home page,
news, talks, teaching, CV pages, projects, posts, members, other pages, ``refs.bib``,
the files the old site's pages named, the redirects and ``MIGRATION.md``.  Pages with
nothing of the owner's stay as the template left them.  OLD is only read.

Imports: :mod:`bibfolio.scaffold`, the model and the rest of :mod:`bibfolio.movein`.
"""

from __future__ import annotations

import posixpath
import re
from typing import TYPE_CHECKING

from ...scaffold import new_site
from ..bibwrite import bib_text
from ..links import Links
from ..model import Source
from ..owner import owned_keys
from ..report import migration_markdown
from .cited import owner_lists
from .data import item_key, news_items, talk_items, with_header
from .files import Copier
from .items import member_page, post_notebook, post_page, project_page
from .pages import PROJECTS_PAGE, cv_pages, has_raw_html, home_page, teaching_page, without_breaks
from .plan import TEMPLATE_PAGES, Plan
from .redirects import redirects
from .settings import conf_text, profile_values
from .text import add_to_toctree, page, write

if TYPE_CHECKING:
    from pathlib import Path

    from ..model import Report, Site

_PIN = re.compile(r"^(bibfolio\[)([^\]]*)(\])", re.M)


def owner_name(site: Site) -> str:
    """The name ``bibfolio new`` is given: the owner's (a group's first member's)."""
    names = [site.profile.name, *site.owner]
    if site.group:
        names = [member.name for member in site.members] + names
    return next((" ".join(name.split()) for name in names if name.strip()), "") or site.title


def write_site(site: Site, old_root: Path, target: Path, *, command: str = "") -> list[Path]:
    """Write *site* (read from *old_root*) as a new site repository in *target*.

    Returns the files written, sorted.  Raises ``scaffold.ScaffoldError`` (nothing
    written) when *target* exists and is not empty or no name is known.  *command* is how
    the report names the command that made the site.
    """
    new_site(target, owner_name(site), group=site.group or None, posts=bool(site.posts))
    docs = target / "docs"
    report = site.report
    copier = Copier(old_root, target, report)
    owned = set() if site.group else owned_keys(site.owner, site.bibliography.entries)
    plan = Plan.of(site, owned)
    links = Links(old_root, report, plan.addresses, plan.sources, site.files, plan.docnames)
    rewrite = links.rewrite
    written: list[Path] = []

    index = docs / "index.md"
    write(index, home_page(index.read_text(encoding="utf-8"), site, rewrite), written)
    if site.news:
        for item, key in zip(site.news, plan.news_ids, strict=True):
            item.id = key
            item.text = without_breaks(rewrite(item.text, "news", item.source))
        text = with_header(
            (docs / "news.yml").read_text(encoding="utf-8"), news_items(site.news, report)
        )
        write(docs / "news.yml", text, written)
    if site.talks:
        for talk, key in zip(site.talks, plan.talk_ids, strict=True):
            talk.id = key

        def local(path: str, at: Source) -> str:
            moved = f"_static/moved/{path.lstrip('/')}"
            return moved if copier.copy(path.lstrip("/"), f"docs/{moved}", at) else ""

        items = talk_items(site.talks, report, local)
        write(
            docs / "talks.yml",
            with_header((docs / "talks.yml").read_text(encoding="utf-8"), items),
            written,
        )
    if site.teaching:
        teaching = docs / "teaching.md"
        write(
            teaching,
            teaching_page(teaching.read_text(encoding="utf-8"), site.teaching, rewrite),
            written,
        )
    templates = {
        name: (docs / f"{name}.md").read_text(encoding="utf-8")
        for name in ("education-experience", "honors")
        if (docs / f"{name}.md").is_file()
    }
    header: list[str] = []
    taken = TEMPLATE_PAGES | set(plan.pages)
    for name, text in cv_pages(site.cv, templates, rewrite, taken).items():
        write(docs / f"{name}.md", text, written)
        if name not in templates:
            header.append(name)
    for project, docname in zip(site.projects, plan.projects, strict=True):
        project.body = rewrite(project.body, docname, project.source)
        write(docs / f"{docname}.md", project_page(project, report, copier.copy), written)
    if site.projects:
        write(docs / "projects.md", PROJECTS_PAGE, written)
        header.insert(0, "projects")
    notebooks = False
    for post, docname in zip(site.posts, plan.posts, strict=True):
        if post.notebook:
            origin = old_root / post.notebook
            if origin.is_file():
                text = post_notebook(post, origin.read_text(encoding="utf-8"))
                write(docs / f"{docname}.ipynb", text, written)
                notebooks = True
                continue
            report.left(post.source or Source(post.notebook), "the notebook is missing")
            continue
        post.body = rewrite(post.body, docname, post.source)
        if not post.date:
            # ABlog takes an undated post for a draft and the build warns: kept outside
            # docs/, so the site builds, until the owner gives it a date.
            draft = f"drafts/{docname.removeprefix('posts/')}.md"
            write(target / draft, post_page(post), written)
            report.check(
                post.source or Source(draft),
                f"a post without a date: kept as {draft}, not published; give it a date "
                f"and move it to docs/{docname}.md",
            )
            continue
        write(docs / f"{docname}.md", post_page(post), written)
    for extra, docname in zip(site.pages, plan.pages, strict=True):
        body = rewrite(extra.body, docname, extra.source)
        if has_raw_html(body):
            report.check(
                extra.source or Source(f"docs/{docname}.md"),
                f"docs/{docname}.md has HTML, which the CV leaves out with a warning "
                "(bibfolio.cv): write it in Markdown, or take the page out of the CV",
            )
        # A page titled " " (its theme showed no title) is named after its file.
        title = extra.title.strip() or re.sub(r"[-_ ]+", " ", extra.name).strip().capitalize()
        write(docs / f"{docname}.md", page(title, body), written)
        header.append(docname)
    if site.members:
        (docs / "people" / "pi.md").unlink(missing_ok=True)
        for member, docname in zip(site.members, plan.members, strict=True):
            member.body = rewrite(member.body, docname, member.source)
            write(docs / f"{docname}.md", member_page(member, report, copier.copy), written)
    add_to_toctree(index, header)

    write(target / "refs.bib", bib_text(site.bibliography, report), written)
    if not site.group:
        owner_lists(site, owned, docs, written)
    copier.copy_all(site.files)
    photo = ""
    if site.profile.photo:
        photo = f"_static/{posixpath.basename(site.profile.photo)}"
        if not copier.copy(site.profile.photo, f"docs/{photo}", site.profile.source):
            photo = ""
    docnames = {
        str(path.relative_to(docs).with_suffix("")).replace("\\", "/")
        for path in docs.rglob("*")
        if path.suffix in {".md", ".ipynb"} and "_build" not in path.parts
    }
    # Targets: the pages written, and those bibfolio generates (paper pages, the CV).
    targets = docnames | set(plan.papers.values()) | {"cv"}
    moved = redirects(plan.redirects, docnames | plan.docnames, report, targets)
    report.count("addresses", len(plan.redirects), len(moved))
    extensions = ["sphinx_reredirects"] if moved else []
    if notebooks:
        extensions.append("myst_nb")
        _pin_extra(target / "requirements.txt", "notebooks")
        report.note(
            Source("docs/conf.py"), "notebook posts: myst_nb reads them (bibfolio[notebooks])"
        )
    conf = docs / "conf.py"
    text = conf_text(
        conf.read_text(encoding="utf-8"),
        site.owner,
        {} if site.group else profile_values(site.profile, photo),
        redirects=moved,
        static=any(new.startswith("docs/_static/") for new in copier.copied),
        extensions=extensions,
        attrs=links.external,
        cv=cv_parts(docs, header, plan.pages, report),
    )
    write(conf, text, written)
    write(
        target / "MIGRATION.md",
        migration_markdown(
            report,
            command or f"bibfolio new {target} --from {old_root}",
            [] if site.group else site.owner,
        ),
        written,
    )
    return sorted(path for path in target.rglob("*") if path.is_file() and ".git" not in path.parts)


#: The CV's pages in a CV's order (GUIDE "The CV PDF"), before the old CV's other sections.
_CV_ORDER = ("education-experience", "publications", "projects", "talks", "teaching", "honors")


def cv_parts(docs: Path, header: list[str], kept: list[str], report: Report) -> list[str] | None:
    """``bibfolio_cv`` when pages were kept from the old site: the CV's pages without them.

    By default the CV takes every page of the home page's toctree; a page kept from the
    old site (a Liquid page, a widget's text, an "Outreach" page) is no CV's, and its
    HTML and admonitions have no CV form.  None when no page was kept (the default).
    """
    if not kept:
        return None
    sections = [name for name in header if name not in kept and name not in _CV_ORDER]
    parts = [name for name in _CV_ORDER if (docs / f"{name}.md").is_file()]
    parts[1:1] = sections  # the old CV's other sections after education and experience
    report.note(
        Source("docs/conf.py"),
        f"the CV holds the site's CV pages, not the {len(kept)} pages kept from the old "
        f"site ({', '.join(kept)}): to add one, name it in bibfolio_cv",
    )
    return parts


def _pin_extra(requirements: Path, extra: str) -> None:
    text = requirements.read_text(encoding="utf-8")

    def add(found: re.Match[str]) -> str:
        extras = [name for name in found.group(2).split(",") if name]
        return (
            found.group(1)
            + ",".join([*extras, extra] if extra not in extras else extras)
            + found.group(3)
        )

    requirements.write_text(_PIN.sub(add, text, count=1), encoding="utf-8")


__all__ = ["item_key", "owner_name", "write_site"]
