"""What the renderers need to know about the page being written: links, slugs, files, settings.

One :class:`PageContext` per page at write time; it turns a publication into the
:class:`~bibfolio.doctree.render.EntryContext` of its entry on that page.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sphinx.util.osutil import relative_uri

from ..build.bibliography import get_domain, get_library
from ..build.citedby import cited_by
from ..build.slugs import page_slugs, paper_pages
from ..build.translation import author_separators, translated
from ..doctree.entrycontext import EntryContext
from ..doctree.previews import FOLDER, preview_of
from .localfiles import local_file_target, publishes_local_files, refused_files

if TYPE_CHECKING:
    from sphinx.builders import Builder

    from ..build.bibliography import Library, Listing
    from ..model.publication import Publication


def _translated_settings(env: Any) -> tuple[tuple[tuple[str, str], ...], tuple[str, str]]:
    """The annotation legends and author separators in the project's language.

    The same for every page of a build: made once (a paper page made them twice, 3,000
    pages ~0.2 s), keyed on the settings and language that decide them.
    """
    config = env.config
    decided_by = (
        config.language,
        repr(config.bibfolio_annotations),
        repr(config.bibfolio_author_separators),
    )
    memo = get_library(env).memo
    found = memo.get("page-translated-settings")
    if found is None or found[0] != decided_by:
        legends = tuple(
            (mark, translated(legend))
            for mark, legend in config.bibfolio_annotations.values()
            if mark
        )
        found = (decided_by, (legends, author_separators(config)))
        memo["page-translated-settings"] = found
    return found[1]


class PageContext:
    """What the renderers need to know about the page being written."""

    def __init__(self, env: Any, page: str) -> None:
        domain = get_domain(env)
        self.env = env
        self.page = page
        self.builder: Builder = domain.app.builder  # type: ignore[union-attr]
        self.library: Library = get_library(env)
        self.html = self.builder.format == "html"
        #: Key → page name of its paper page, only where this builder writes them
        #: (never in singlehtml or epub: a list title must not link to a missing page).
        self.paper_docs: dict[str, str] = paper_pages(env, self.builder)
        self.slugs: dict[str, str] = page_slugs(env)
        self.targets: dict[str, tuple[str, str]] = domain.targets
        config = env.config
        self.baseurl = (config.html_baseurl or "").rstrip("/") + "/" if config.html_baseurl else ""
        self.legends, self.separators = _translated_settings(env)

    def uri(self, docname: str) -> str:
        """Relative URI from the page being written to *docname*."""
        return self.builder.get_relative_uri(self.page, docname)

    def absolute(self, docname: str) -> str:
        """Absolute URL of *docname*, or "" without ``html_baseurl``."""
        return self.baseurl + self.builder.get_target_uri(docname) if self.baseurl else ""

    def context(
        self,
        publication: Publication,
        variant: str,
        anchor: str = "",
        max_authors: int | None = None,
        listing: str = "",
    ) -> EntryContext:
        """The :class:`EntryContext` of *publication* on this page."""
        config = self.env.config
        key = publication.key
        title_href = back_href = page_url = ""
        if self.html:
            paper = self.paper_docs.get(key)
            if paper and variant != "paper":
                title_href = self.uri(paper)
            if paper:
                page_url = self.absolute(paper)
            target = self.targets.get(key)
            if variant == "paper" and target:
                back_href = self.uri(target[0]) + "#" + target[1]
        return EntryContext(
            variant=variant,
            anchor=anchor,
            listing=listing,
            title_href=title_href,
            back_href=back_href,
            file_hrefs=self.file_hrefs(publication),
            max_authors=max_authors or config.bibfolio_max_authors,
            separators=self.separators,
            page_url=page_url,
            legends=self.legends,
            cite_styles=tuple(config.bibfolio_cite_styles) if variant == "paper" else (),
            cited_by=cited_by(self.env, key),
            preview=self.preview(publication) if variant != "paper" else (),
        )

    def preview(self, publication: Publication) -> tuple[str, int, int] | tuple[()]:
        """(relative URI, width, height) of the entry's thumbnail on this page, or ()."""
        if not self.html or "preview" not in publication.entry.fields:
            return ()
        found = preview_of(self.env, publication)
        if found is None:
            return ()
        outdir = Path(self.builder.outdir)
        here = Path(self.builder.get_outfilename(self.page)).relative_to(outdir).as_posix()
        return (relative_uri(here, f"{FOLDER}/{found[0]}"), found[1], found[2])

    def file_hrefs(self, publication: Publication) -> tuple[tuple[str, str], ...]:
        """(field, href) of the entry's local files, as this builder can link them.

        HTML sites link the copy next to the paper page; linkcheck gets the source file
        relative to the page's source, which is where it looks for local links.  An epub
        does not carry them, and refused files (outside the project) get no link.
        """
        local = [link for link in publication.links if link.local]
        if not local:
            return ()
        refused = refused_files(self.env)
        local = [link for link in local if (publication.key, link.field) not in refused]
        if self.builder.name == "linkcheck":
            here = Path(self.env.doc2path(self.page)).parent
            base = Path(publication.entry.path).parent
            return tuple(
                (link.field, Path(os.path.relpath(base / link.local, here)).as_posix())
                for link in local
            )
        if not publishes_local_files(self.builder):
            return ()
        outdir = Path(self.builder.outdir)
        here = Path(self.builder.get_outfilename(self.page)).relative_to(outdir).as_posix()
        slug = self.slugs[publication.key]
        folder = self.env.config.bibfolio_paper_dir
        targets = [
            (link.field, local_file_target(publication, link.field, link.local, slug, folder))
            for link in local
        ]
        return tuple((field, relative_uri(here, target)) for field, target in targets)

    def listing(self, docname: str, listing_id: str) -> Listing | None:
        """The recorded ``{publications}`` list *listing_id* of *docname*."""
        for listing in get_domain(self.env).listings.get(docname, ()):
            if listing.listing_id == listing_id:
                return listing
        return None
