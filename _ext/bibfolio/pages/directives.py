"""The ``{publications}`` directive: choose, order and group entries; leave placeholders."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.transforms import SphinxTransform
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

from ..build.bibliography import Listing, get_domain, get_library
from ..build.deprecations import rename_options, with_old_options
from ..build.emptypages import no_items
from ..build.translation import N_, translated
from ..build.warnings_ import warn
from ..doctree import nodes as bf
from ..model.selection import (
    FilterError,
    compile_filter,
    group_publications,
    newest_first,
    parse_titles,
)

if TYPE_CHECKING:
    from ..model.publication import Publication

logger = logging.getLogger(__name__)

_GROUP_BY = ("type", "year", "none")
#: How many of the newest entries a ``:selected:`` list shows when none is selected.
RECENT_COUNT = 5
#: The heading ``bibfolio new`` writes above the home page's selected list, and the one
#: it becomes while no entry is selected (a heading promising a choice nobody made).
SELECTED_HEADING = N_("Selected publications")
RECENT_HEADING = N_("Recent publications")
_YES = {"yes", "true", "on", "1"}
_NO = {"no", "false", "off", "0"}


def unique_id(base: str, taken: set[str] | dict[str, object]) -> str:
    """*base*, or *base* with the smallest ``-N`` suffix not in *taken*."""
    candidate = base
    number = 2
    while candidate in taken:
        candidate = f"{base}-{number}"
        number += 1
    return candidate


def anchor_for(key: str, taken: set[str] | dict[str, object]) -> str:
    """A stable id from a BibTeX key (``pub-<key>``), made unique among *taken*."""
    return unique_id(nodes.make_id("pub-" + key) or "pub", taken)


class PublicationsDirective(SphinxDirective):
    """List publications from ``bibtex_bibfiles``, grouped by type (newest first).

    With no options it lists every entry.  See the reference in docs/guide.md.
    """

    has_content = False
    option_spec: ClassVar[dict[str, object]] = with_old_options("publications", {
        "filter": directives.unchanged_required,
        "selected": directives.flag,
        "recent": directives.nonnegative_int,
        "limit": directives.positive_int,
        "group-by": directives.unchanged_required,
        "group-titles": directives.unchanged_required,
        "max-authors": directives.unchanged_required,
        "filter-ui": directives.unchanged_required,
        "download": directives.unchanged_required,
        "chart": directives.unchanged_required,
        "citable": directives.unchanged_required,
    })  # fmt: skip

    def _flag(self, name: str, default: bool) -> bool:
        value = self.options.get(name)
        if value is None:
            return default
        if value.strip().lower() in _YES:
            return True
        if value.strip().lower() in _NO:
            return False
        self._bad_option(name, value, "yes or no")
        return default

    def _bad_option(self, name: str, value: str, expected: str) -> None:
        warn(
            f"unknown value {value!r} for :{name}: (expected {expected}); using the default",
            "directive",
            location=self.get_location(),
        )

    #: Whether the list shows the newest entries for want of selected ones.
    recent = False

    def _choose(self, publications: list[Publication]) -> list[Publication]:
        recent = None
        if "selected" in self.options and publications:
            if not any(p.selected for p in publications):
                recent = self.options.get("recent", RECENT_COUNT)
            else:
                publications = [p for p in publications if p.selected]
        expression = self.options.get("filter")
        if expression:
            try:
                keep = compile_filter(expression)
                publications = [p for p in publications if keep(p)]
            except FilterError as err:
                warn(f"{err}; listing every entry", "filter", location=self.get_location())
        if recent:
            return self._newest_instead(publications, recent)
        limit = self.options.get("limit")
        return newest_first(publications)[:limit] if limit else newest_first(publications)

    def _newest_instead(self, publications: list[Publication], count: int) -> list[Publication]:
        """No entry is selected: the *count* newest, under a heading that says so.

        A new site's ``refs.bib`` (most exports) marks nothing ``selected``; an empty
        "Selected publications" section would be its home page's first impression.
        :class:`RecentHeading` renames the heading once the page is parsed.
        """
        self.recent = True
        domain = get_domain(self.env)
        if not domain.recent_said:
            domain.recent_said = True
            logger.info(
                "bibfolio: no entry in the bibliography has selected = {true}: %s lists the "
                "%d newest instead; add selected = {true} to the entries to show there",
                self.env.docname,
                count,
            )
        return newest_first(publications)[:count]

    def run(self) -> list[nodes.Node]:
        """Record the list and return its placeholders (none for a list with no entry)."""
        source, line = self.get_source_info()
        rename_options(
            "publications", self.options, f"{source}:{line}", self.config.suppress_warnings
        )
        env = self.env
        config = env.config
        library = get_library(env)
        for path in library.paths:
            env.note_dependency(str(path))
        # A short list (the selected, or the newest few): flat, without the full list's tools.
        selected = "selected" in self.options or "limit" in self.options
        publications = self._choose(list(library.publications.values()))

        group_by = self.options.get("group-by", "none" if selected else "type").strip().lower()
        if group_by not in _GROUP_BY:
            self._bad_option("group-by", group_by, " or ".join(_GROUP_BY))
            group_by = "none" if selected else "type"
        titles: dict[str, str] = {}
        if "group-titles" in self.options:
            try:
                titles = parse_titles(self.options["group-titles"])
            except ValueError as err:
                self._bad_option("group-titles", self.options["group-titles"], str(err))
        max_authors = config.bibfolio_max_authors
        if "max-authors" in self.options:
            text = self.options["max-authors"].strip()
            if text.isdigit() and int(text) > 0:
                max_authors = int(text)
            else:
                self._bad_option("max-authors", text, "a positive integer")
        citable = self._flag("citable", not selected)
        tools = {
            "filter_ui": self._flag("filter-ui", config.bibfolio_filter_ui and not selected),
            "download": self._flag("download", not selected),
            "chart": self._flag("chart", config.bibfolio_chart and not selected),
            # Asked for by the list itself: shown whatever the list's length.
            "explicit": tuple(name for name in ("chart", "filter-ui") if name in self.options),
        }

        document = self.state.document
        docname = env.docname
        listing_id = f"publications-{env.new_serialno('bibfolio-listing') + 1}"
        if not publications:
            # Still a list of the project (the checks and the CV are a portfolio's), but
            # none on the page, nor its tools, legend or download: its place, so that a
            # section or page holding only it is left out (build/emptypages.py).
            get_domain(env).listings.setdefault(docname, []).append(
                Listing(docname, listing_id, self.lineno, (), (), citable, download=False)
            )
            return [no_items("publications")]
        result: list[nodes.Node] = [
            bf.listing_tools(docname=docname, listing=listing_id, recent=self.recent, **tools),
        ]
        keys: list[str] = []
        anchors: list[str] = []
        for group in group_publications(publications, group_by, config.bibfolio_groups, titles):
            bullets = nodes.bullet_list(classes=["bibfolio-list"])
            for publication in group.publications:
                anchor = anchor_for(publication.key, document.ids)
                entry = bf.publication_entry(
                    ids=[anchor],
                    key=publication.key,
                    variant="selected" if selected else "list",
                    docname=docname,
                    listing=listing_id,
                    max_authors=max_authors,
                )
                document.ids[anchor] = entry
                bullets += entry
                keys.append(publication.key)
                anchors.append(anchor)
            if group_by == "none":
                result.append(bullets)
                continue
            section_id = unique_id(
                nodes.make_id(group.title or group.group_id) or "group", document.ids
            )
            section = nodes.section(
                ids=[section_id],
                names=[nodes.fully_normalize_name(group.title)],
                classes=["bibfolio-group"],
            )
            document.ids[section_id] = section
            heading = translated(group.title)
            section += nodes.title(heading, heading)
            section += bullets
            result.append(section)
        # The marks' legend follows the entries (a reader meets "*" before its meaning is
        # needed; a legend first would lead the list): in the last group's section.
        legend = bf.publication_legend(docname=docname, listing=listing_id)
        if isinstance(result[-1], nodes.section):
            result[-1] += legend
        else:
            result.append(legend)

        get_domain(env).listings.setdefault(docname, []).append(
            Listing(
                docname,
                listing_id,
                self.lineno,
                tuple(keys),
                tuple(anchors),
                citable,
                download=tools["download"],
            )
        )
        # Its entries' owner matches are checked with every list's (build/ownercheck.py).
        return result


class RecentHeading(SphinxTransform):
    """Read time: "Selected publications" above a list of the newest becomes "Recent ...".

    Only the heading ``bibfolio new`` writes (in English or the site's language): a
    heading of the user's own says what they chose it to say.
    """

    default_priority = 500

    def apply(self, **kwargs: object) -> None:
        for tools in self.document.findall(bf.listing_tools):
            section = tools.parent
            if not tools.get("recent") or not isinstance(section, nodes.section):
                continue
            title = section.next_node(nodes.title)
            if title is None or title.parent is not section:
                continue
            if title.astext().strip().casefold() in {
                SELECTED_HEADING.casefold(),
                translated(SELECTED_HEADING).casefold(),
            }:
                heading = translated(RECENT_HEADING)
                title.replace_self(nodes.title(heading, heading))
