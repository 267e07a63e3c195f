"""Whether a portfolio's CV has anything of the owner's to show beyond their name.

A site fresh from ``bibfolio new`` has a name and nothing else yet: its pages are left
out as empty (``build/emptypages.py``), its publication lists show no entry, and its
home page's biography is not part of a CV.  Its CV would be a header alone, and the
header's "CV" link would lead there.  So, once reading is done, a portfolio whose CV
``bibfolio_cv`` leaves to its default is found to have something to show (an entry a
list shows, a page of the CV besides the home page, a section of the home page the CV
keeps) or not; without, :func:`~.source.wants_cv` says no CV: no page, no PDF, no link.
A setting that names the CV's parts is the owner's choice: it is made as named.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from docutils import nodes
from sphinx import addnodes

from ..build.bibliography import get_domain
from ..build.emptypages import hidden_sections
from ..news.directives import drop_news
from .source import HAS_CONTENT, cv_parts, drop_empty_sections, drop_post_lists, shows

if TYPE_CHECKING:
    from sphinx.application import Sphinx
    from sphinx.environment import BuildEnvironment

#: What the CV leaves out of the home page by default: the card and the biography.
_HOME_ONLY = frozenset({"bibfolio-home", "bibfolio-profile"})


def has_content(env: BuildEnvironment) -> bool:
    """Whether the default CV of *env*'s portfolio shows something beside its header."""
    domain = get_domain(env)
    if any(listing.keys for listings in domain.listings.values() for listing in listings):
        return True
    root = env.config.root_doc
    parts = [docname for docname, _section in cv_parts(env, None, quiet=True)]
    if any(docname != root for docname in parts):
        return True
    if root not in parts:
        return False
    page = next(iter(env.get_doctree(root).findall(nodes.section)), None)
    if page is None:
        return False
    page = page.deepcopy()
    hidden = hidden_sections(env, root)
    for node in list(page.findall(nodes.Element)):
        if node.parent is None:
            continue
        if (
            isinstance(node, addnodes.toctree)
            or _HOME_ONLY & set(node.get("classes", ()))
            or (isinstance(node, nodes.section) and hidden & set(node["ids"]))
        ):
            node.parent.remove(node)
    drop_news(page)
    drop_post_lists(page)
    drop_empty_sections(page)
    return any(shows(child) for child in page.children[1:])


def note_content(app: Sphinx, env: BuildEnvironment) -> list[str]:
    """``env-updated``, before the CV links' state is recorded: whether the CV has content.

    Every page is written again when that changes: each header's "CV" link follows it.
    """
    if app.config.bibfolio_cv is not None or not app.config.bibfolio_owner:
        return []
    domain = get_domain(env)
    content = has_content(env)
    if domain.data.get(HAS_CONTENT) == content:
        return []
    domain.data[HAS_CONTENT] = content
    return sorted(env.found_docs)
