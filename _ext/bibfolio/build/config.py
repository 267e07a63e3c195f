"""The ``bibfolio_*`` configuration values, validated once when the config is read."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..model.messages import N_
from .warnings_ import warn

if TYPE_CHECKING:
    from collections.abc import Callable

    from sphinx.application import Sphinx
    from sphinx.config import Config

# English msgids: the writers translate them (bibfolio.build.translation.translated), so does
# any title or legend a project sets that its locale/<lang>/LC_MESSAGES/bibfolio.po has.
DEFAULT_GROUPS = (
    ("journal", N_("Journal Publications")),
    ("conference", N_("Conference Publications")),
    ("workshop", N_("Workshop Publications")),
    ("preprint", N_("Preprints")),
    ("book", N_("Books and Chapters")),
    ("thesis", N_("Theses")),
    ("report", N_("Technical Reports")),
    ("other", N_("Other Publications")),
)
DEFAULT_ANNOTATIONS = {
    "equal": ("*", N_("equal contribution")),
    "corresponding": ("†", N_("corresponding author")),
}


@dataclass(frozen=True, slots=True)
class Option:
    """One configuration value: its default, rebuild scope, types and validator."""

    default: Any
    rebuild: str
    types: tuple[type, ...]
    check: Callable[[Any], Any]  #: Returns the cleaned value or raises ValueError.
    description: str


def _string_list(value: Any) -> list[str]:
    if isinstance(value, str):
        raise ValueError(f"expected a list of names, got the string {value!r}")
    if not all(isinstance(item, str) and item.strip() for item in value):
        raise ValueError("every name must be a non-empty string")
    return [item.strip() for item in value]


def _annotations(value: Any) -> dict[str, tuple[str, str]]:
    cleaned = {}
    for name, style in dict(value).items():
        if (
            not isinstance(name, str)
            or not isinstance(style, (list, tuple))
            or len(style) != 2
            or not all(isinstance(part, str) for part in style)
        ):
            raise ValueError(f"annotation {name!r} must map to a (mark, legend) pair of strings")
        cleaned[name] = (style[0], style[1])
    return cleaned


def _groups(value: Any) -> list[tuple[str, str]]:
    cleaned = []
    for item in value:
        if (
            not isinstance(item, (list, tuple))
            or len(item) != 2
            or not all(isinstance(part, str) and part for part in item)
        ):
            raise ValueError(f"each group must be an (id, title) pair of strings, got {item!r}")
        cleaned.append((item[0], item[1]))
    return cleaned


def _positive_int(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ValueError(f"expected a positive integer, got {value!r}")
    return value


def _separators(value: Any) -> tuple[str, str]:
    if len(value) != 2 or not all(isinstance(part, str) for part in value):
        raise ValueError("expected two strings: (between authors, before the last author)")
    return (value[0], value[1])


def _citation_locale(value: Any) -> str:
    if value in ("page", "en-US"):
        # The default and "page" need no list of citeproc-py's locales (en-US is its own
        # default): a build that writes no reference then never imports citeproc.
        return str(value)
    from ..formats.references import check_citation_locale  # noqa: PLC0415 - as _styles

    return check_citation_locale(value)


def _bool(value: Any) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"expected True or False, got {value!r}")
    return value


def _path_part(value: Any) -> str:
    text = str(value).strip("/")
    if not text or ".." in text.split("/") or "\\" in text:
        raise ValueError(f"expected a folder name inside the source folder, got {value!r}")
    return text


def _cv_parts(value: Any) -> list[str] | bool | None:
    if value is None or value is True:
        return None  # the portfolio's own order: the home page, then its toctree
    if value is False:
        return False
    return _string_list(value)


def _cite_styles(value: Any) -> list[str]:
    from ..formats.references import STYLES  # noqa: PLC0415 - keeps config imports light

    styles = _string_list(value)
    unknown = [style for style in styles if style not in STYLES]
    if unknown:
        raise ValueError(f"unknown style {unknown[0]!r} (known: {', '.join(STYLES)})")
    return styles


def _string_dict(value: Any) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise ValueError(f"expected a dict, got {type(value).__name__}")
    return dict(value)


def _citation_source(value: Any) -> str:
    from ..metrics.data import SOURCE_NAMES  # noqa: PLC0415 - keeps config imports light

    if value not in SOURCE_NAMES:
        raise ValueError(f"unknown source {value!r} (known: {', '.join(SOURCE_NAMES)})")
    return value


def _days(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError(f"expected a number of days (0: never warn), got {value!r}")
    return value


def _count(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError(f"expected a number of entries (0: none), got {value!r}")
    return value


OPTIONS: dict[str, Option] = {
    "bibfolio_owner": Option(
        [], "env", (list, tuple, str), _string_list,
        "The site owner's name and aliases, e.g. ['Mingyu Liang', 'M. Liang'].",
    ),
    "bibfolio_annotations": Option(
        DEFAULT_ANNOTATIONS, "env", (dict,), _annotations,
        "author+an annotation names → (mark, legend), e.g. {'equal': ('*', 'equal contribution')}.",
    ),
    "bibfolio_groups": Option(
        list(DEFAULT_GROUPS), "env", (list, tuple), _groups,
        "Publication groups in display order, as (id, title) pairs.",
    ),
    "bibfolio_max_authors": Option(
        10, "env", (int,), _positive_int,
        "Authors shown before a long list is folded (the owner always stays visible).",
    ),
    "bibfolio_author_separators": Option(
        (", ", ", and "), "env", (list, tuple), _separators,
        "Text between authors, and before the last author.",
    ),
    "bibfolio_citation_locale": Option(
        "en-US", "env", (str,), _citation_locale,
        "The language of the APA and IEEE references: a CSL locale (en-US, de-DE ...) or "
        "'page' for the page's language.",
    ),
    "bibfolio_paper_pages": Option(
        True, "env", (bool,), _bool, "Generate one page per publication."
    ),
    "bibfolio_paper_dir": Option(
        "publications", "env", (str,), _path_part,
        "Folder (inside the source folder) for the generated paper pages.",
    ),
    "bibfolio_filter_ui": Option(
        True, "env", (bool,), _bool, "Show the type/year/text filter above full lists."
    ),
    "bibfolio_chart": Option(
        True, "env", (bool,), _bool, "Show the publications-per-year chart above full lists."
    ),
    "bibfolio_chart_min_entries": Option(
        1, "env", (int,), _positive_int,
        "A full list shows the chart only from this many entries (5 in a portfolio); "
        "a list's :chart: option overrides it.",
    ),
    "bibfolio_chart_min_years": Option(
        1, "env", (int,), _positive_int,
        "A full list shows the chart only when its entries span this many distinct years "
        "(5 in a portfolio); a list's :chart: option overrides it.",
    ),
    "bibfolio_filter_min_entries": Option(
        2, "env", (int,), _positive_int,
        "A full list shows the filter only from this many entries (20 in a portfolio); "
        "a list's :filter-ui: option overrides it.",
    ),
    "bibfolio_cite_styles": Option(
        [], "env", (list, tuple, str), _cite_styles,
        "Formatted references on paper pages, in list reveals and as whole-list files, by "
        "style: 'apa', 'ieee' (both in a portfolio). citeproc-py takes about 8 ms an entry "
        "for the two; they are kept between builds.",
    ),
    "bibfolio_portfolio": Option(
        False, "env", (bool,), _bool,
        "This project is a portfolio: bibfolio supplies the theme and the settings every "
        "portfolio repeats (see portfolio.py); conf.py values still win.",
    ),
    "bibfolio_fast_render": Option(
        True, "env", (bool,), _bool,
        "Render each entry's HTML once and reuse it across builds (output is identical).",
    ),
    "bibfolio_profile": Option(
        {}, "env", (dict,), _string_dict,
        "The owner's profile: the {profile} card, JSON-LD Person and OpenGraph profile "
        "(name, position, affiliation, interests, photo, photo_alt, email, scholar, orcid, "
        "github, linkedin, x, bluesky, mastodon, links).",
    ),
    "bibfolio_robots_txt": Option(
        True, "html", (bool,), _bool,
        "Write robots.txt pointing at the sitemap (needs html_baseurl).",
    ),
    "bibfolio_light_pages": Option(
        False, "html", (bool,), _bool,
        "Lighter pages everywhere: deferred scripts, search scripts only on search.html, "
        "header icons without the icon font (pydata-sphinx-theme).",
    ),
    "bibfolio_cv": Option(
        None, "html", (list, tuple, bool, type(None)), _cv_parts,
        "Documents (or 'doc#section-id') making up cv.pdf, in order; None: the home page "
        "and its toctree; False: no CV.",
    ),
    "bibfolio_citations": Option(
        True, "env", (bool,), _bool,
        "Show 'Cited by N' on entries when the citations file (bibfolio metrics) exists.",
    ),
    "bibfolio_citations_file": Option(
        "", "env", (str,), str,
        "The citations file, relative to conf.py; '' is citations.json next to the first "
        "bibtex_bibfiles file.",
    ),
    "bibfolio_citations_source": Option(
        "openalex", "env", (str,), _citation_source,
        "Where bibfolio metrics fetches counts: 'openalex', 'crossref' or 'semanticscholar'.",
    ),
    "bibfolio_citations_max_age_days": Option(
        60, "env", (int,), _days,
        "Counts fetched longer ago than this give one build warning (0: never).",
    ),
    # News, talks and feeds (news/): the data files and the feeds' lengths.
    "bibfolio_news_file": Option(
        "news.yml", "env", (str,), _path_part,
        "The news items (YAML, in the source folder) that {news} lists.",
    ),
    "bibfolio_talks_file": Option(
        "talks.yml", "env", (str,), _path_part,
        "The talks (YAML, in the source folder) that {talks} lists.",
    ),
    "bibfolio_news_feed": Option(
        20, "html", (int,), _count,
        "Items in the Atom feed feeds/news.atom (0: no feed); needs html_baseurl.",
    ),
    "bibfolio_talks_feed": Option(
        20, "html", (int,), _count,
        "Talks in the Atom feed feeds/talks.atom (0: no feed); needs html_baseurl.",
    ),
    "bibfolio_publications_feed": Option(
        0, "html", (int,), _count,
        "Newest entries in the Atom feed feeds/publications.atom (0: no feed; 20 in a "
        "portfolio); needs html_baseurl.",
    ),
    "bibfolio_translations": Option(
        {}, "html", (dict,), _string_dict,
        "Each language of the site -> the absolute URL of its build: language switcher, "
        "hreflang links and sitemap alternates (portfolio/languages.py).",
    ),
    "bibfolio_cv_fonts": Option(
        [], "html", (list, tuple), _string_list,
        "Fonts (family names or font files) for the CV's characters Typst's own font lacks "
        "(CJK, Arabic ...); the system's are searched after them.",
    ),
}  # fmt: skip


def register(app: Sphinx) -> None:
    """Declare every option with its types and rebuild scope."""
    for name, option in OPTIONS.items():
        app.add_config_value(
            name,
            option.default,
            option.rebuild,
            types=frozenset(option.types),
            description=option.description,
        )


def validate(app: Sphinx, config: Config) -> None:
    """Check each value once; a bad value warns and falls back to its default."""
    for name, option in OPTIONS.items():
        value = getattr(config, name)
        try:
            cleaned = option.check(value)
        except (TypeError, ValueError) as err:
            if name == "bibfolio_owner" and isinstance(value, str) and value.strip():
                warn(
                    f"bibfolio_owner should be a list of names; read {value!r} as "
                    f"[{value.strip()!r}]",
                    "config",
                )
                cleaned = [value.strip()]
            else:
                warn(
                    f"{name}: {err}; using the default {option.default!r}",
                    "config",
                )
                cleaned = option.default
        setattr(config, name, cleaned)
    # An unset bibfolio_owner is not a mistake here: a project may add bibfolio for
    # {cite} alone.  bibliography.check_owner warns once a {publications} list shows.


def user_set(config: Config, name: str) -> bool:
    """Whether ``conf.py`` or ``-D`` gave *name* a value.

    Sphinx has no public way to ask this (a value equal to its default may still have
    been chosen on purpose); ``Config._raw_config`` is conf.py's namespace, unchanged
    from Sphinx 7.3 to 9.0 (this was written against 9.0.4).  Asked by portfolio
    defaults, the news feeds and group sites.
    """
    raw = getattr(config, "_raw_config", {})
    return name in raw or name in config.overrides
