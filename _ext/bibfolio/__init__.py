"""bibfolio: research portfolios with Sphinx.

The data path, one package per stage (GUIDE.md, "Architecture")::

    .bib files ─ reading/ ──────▶ model/ ──────────▶ build/bibliography.py
                 (text → entries)  (publications)     (once per change, in the env)
      ─▶ pages/directives.py ─▶ doctree/render.py ─▶ pages/html.py, transforms.py, papers.py
         (read: placeholders)   (nodes; formats/)     (write time) ─▶ writers

``reading/``, ``model/`` and ``formats/`` are plain Python (no Sphinx imports); the rest
wires them into Sphinx.  ``tests/test_architecture.py`` keeps the layers.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ._version import __version__

if TYPE_CHECKING:
    from sphinx.application import Sphinx
    from sphinx.util.typing import ExtensionMetadata

__all__ = ["__version__", "setup"]


def setup(app: Sphinx) -> ExtensionMetadata:
    """Register bibfolio: config values, nodes, directive and parser, then event handlers."""
    from . import atomic, cv, group, news, projects  # noqa: PLC0415
    from .build import (  # noqa: PLC0415
        bibliography,
        citebridge,
        citedby,
        config,
        confmistakes,
        deprecations,
        emptypages,
        gcpolicy,
        ownercheck,
        pybtexstyle,
        settled,
        targets,
        translation,
    )
    from .doctree import nodes, previews  # noqa: PLC0415
    from .pages import assets, head, pageload, papers, staticfiles  # noqa: PLC0415
    from .pages.directives import PublicationsDirective, RecentHeading  # noqa: PLC0415
    from .pages.html import (  # noqa: PLC0415
        HtmlPublicationsTransform,
        SingleHtmlCitationLinks,
        complete_sitemap,
        keep_noindex_out_of_sitemap,
    )
    from .pages.transforms import PublicationsTransform  # noqa: PLC0415
    from .portfolio import chrome, languages, leftovers, posts, profile, quiet  # noqa: PLC0415
    from .portfolio import defaults as portfolio  # noqa: PLC0415

    app.setup_extension("sphinxcontrib.bibtex")
    citebridge.log_as_stock()
    pybtexstyle.register()

    config.register(app)
    deprecations.register(app)
    confmistakes.register(app)
    translation.register(app)
    languages.register(app)
    quiet.register(app)  # before sphinxext-opengraph is imported; see quiet.py
    portfolio.load_extensions(app)
    nodes.register(app)
    profile.register(app)
    app.add_domain(bibliography.BibfolioDomain)
    app.add_directive("publications", PublicationsDirective)
    app.add_transform(RecentHeading)
    papers.register(app)
    app.add_post_transform(HtmlPublicationsTransform)
    app.add_post_transform(PublicationsTransform)
    app.add_post_transform(SingleHtmlCitationLinks)

    app.connect("config-inited", portfolio.apply_defaults, priority=390)
    app.connect("config-inited", settled.preset, priority=395)
    app.connect("config-inited", config.validate, priority=400)
    app.connect("config-inited", pageload.add_templates)
    # Before sphinxcontrib-bibtex (500) reads the files itself; see citebridge.py.
    app.connect("builder-inited", bibliography.load, priority=400)
    app.connect("builder-inited", pageload.cache_templates, priority=100)
    app.connect("builder-inited", pageload.add_icon_css)
    app.connect("builder-inited", atomic.remove_leftovers)
    app.connect("doctree-read", staticfiles.note_styled)
    app.connect("builder-inited", settled.drop_repeats, priority=settled.LAST)
    app.connect("env-get-outdated", assets.forget_removed_pages)
    app.connect("env-updated", targets.update, priority=400)
    app.connect("env-updated", bibliography.report_list_checks)
    ownercheck.register(app)
    emptypages.register(app)
    app.connect("env-updated", assets.forget_stale_files)
    app.connect("env-updated", atomic.mark_writing)
    app.connect("html-page-context", head.add_metadata)
    app.connect("html-page-context", head.drop_relative_urls, priority=head.AFTER_OPENGRAPH)
    # Before sphinx-sitemap (500) records the page.
    app.connect("html-page-context", keep_noindex_out_of_sitemap, priority=400)
    app.connect("html-page-context", pageload.add_page_assets)
    app.connect("html-page-context", pageload.lighten, priority=pageload.LATE)
    app.connect("write-started", staticfiles.copy_static_files)
    app.connect("html-collect-pages", assets.copy_files)
    app.connect("build-finished", assets.finish)
    app.connect("build-finished", complete_sitemap, priority=450)  # before sphinx-sitemap
    app.connect("build-finished", atomic.unmark_writing, priority=900)
    chrome.register(app)
    posts.register(app)  # ABlog's posts on a portfolio (portfolio/posts.py)
    leftovers.register(app)  # an earlier template's example text, still published
    previews.register(app)
    citedby.register(app)
    cv.register(app)
    news.register(app)
    gcpolicy.register(app)
    group.register(app)  # lab and group sites (group/)
    projects.register(app)  # projects as data (projects/)
    deprecations.register_deprecated_markup(app)  # last: wraps what is registered
    return {
        "version": __version__,
        "env_version": 7,  # bump with BibfolioDomain.data_version, or a new domain
        "parallel_read_safe": True,
        "parallel_write_safe": True,
    }
