"""One portfolio in several languages: the switcher, ``hreflang`` alternates, text direction.

Each language is its own build of the same sources (``-D language=zh_CN``, the owner's
pages translated with Sphinx's gettext workflow, GUIDE.md), published at its own URL.
``bibfolio_translations`` maps every language of the site to that URL::

    bibfolio_translations = {
        "en": "https://example.github.io/site/",
        "zh_CN": "https://example.github.io/site/zh_CN/",
    }

Every page then links the same page in the other languages: ``<link rel="alternate"
hreflang>`` in its ``<head>`` (the first language is also ``x-default``), a switcher in
the header (pydata-sphinx-theme's ``navbar_end``; any theme can include
``bibfolio-languages.html``), and the same alternates in ``sitemap.xml``.  A right-to-left
language (Arabic, Hebrew ...) gets ``dir="rtl"`` on the page's ``<body>``.
"""

from __future__ import annotations

import html
import json
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from .. import atomic
from ..build.translation import _
from ..build.warnings_ import warn
from ..model.localized import babel_locale, text_direction

if TYPE_CHECKING:
    from sphinx.application import Sphinx
    from sphinx.config import Config

#: The switcher's template (``bibfolio-languages.html``), on the templates path.
TEMPLATES = Path(__file__).parent.parent / "templates" / "languages"
SWITCHER = "bibfolio-languages.html"
_SITEMAP = "http://www.sitemaps.org/schemas/sitemap/0.9"
_XHTML = "http://www.w3.org/1999/xhtml"


def register(app: Sphinx) -> None:
    """The handlers (``bibfolio_translations`` is declared with the other values)."""
    # Before the portfolio's defaults (390), which read html_baseurl.
    app.connect("config-inited", validate, priority=385)
    app.connect("config-inited", add_switcher, priority=401)  # after the portfolio's theme
    app.connect("html-page-context", add_alternates)
    # After sphinx-sitemap (500) has written sitemap.xml.
    app.connect("build-finished", add_sitemap_alternates, priority=600)


def hreflang(language: str) -> str:
    """Sphinx's ``zh_CN`` as HTML and sitemaps write it: ``zh-CN``."""
    return language.replace("_", "-")


def autonym(language: str) -> str:
    """A language's name in itself (``Deutsch``, ``中文（简体）``), for the switcher."""
    locale = babel_locale(language)
    if language.startswith("zh"):  # the script is what tells Chinese readers apart
        script = "Hant" if language in ("zh_TW", "zh_HK", "zh_Hant") else "Hans"
        return babel_locale(f"zh_{script}").get_display_name(babel_locale(f"zh_{script}"))
    return locale.get_display_name(locale) or language


def _address(url: object) -> str:
    """*url* with a final slash if it is an absolute http(s) URL, else ""."""
    if not isinstance(url, str) or urlsplit(url).scheme not in ("http", "https"):
        return ""
    return url if url.endswith("/") else url + "/"


def own_address(config: Config) -> str:
    """The address of the build, from ``bibfolio_translations`` and ``language``; "" for none."""
    languages = config.bibfolio_translations
    if not isinstance(languages, dict):
        return ""
    return _address(languages.get(config.language or "en"))


def validate(app: Sphinx, config: Config) -> None:
    """``config-inited``: absolute http(s) URLs only; this language's is ``html_baseurl``."""
    value = config.bibfolio_translations
    clean: dict[str, str] = {}
    if not isinstance(value, dict):
        warn(f"bibfolio_translations: expected a dict, got {value!r}; ignored", "config")
        value = {}
    for language, url in value.items():
        if not (isinstance(language, str) and isinstance(url, str)) or urlsplit(url).scheme not in (
            "http",
            "https",
        ):
            warn(
                f"bibfolio_translations: {language!r}: expected an absolute http(s) URL, "
                f"got {url!r}; left out",
                "config",
            )
            continue
        clean[language] = url if url.endswith("/") else url + "/"
    config.bibfolio_translations = clean
    own = clean.get(config.language or "en")
    if own:  # this build's address: canonical links, sitemap, Open Graph
        config.html_baseurl = own


def add_switcher(app: Sphinx, config: Config) -> None:
    """``config-inited``: with two languages or more, the switcher joins the header."""
    if len(config.bibfolio_translations) < 2:
        return
    if str(TEMPLATES) not in config.templates_path:
        config.templates_path = [*config.templates_path, str(TEMPLATES)]
    options = config.html_theme_options
    if config.html_theme == "pydata_sphinx_theme" and isinstance(options, dict):
        end = list(options.get("navbar_end", ["theme-switcher", "navbar-icon-links"]))
        if SWITCHER not in end:
            config.html_theme_options = {**options, "navbar_end": [SWITCHER, *end]}


def alternates(app: Sphinx, pagename: str) -> list[dict[str, Any]]:
    """The page in each language: code, hreflang, name, URL, and whether it is this one."""
    target = app.builder.get_target_uri(pagename)  # as the canonical link writes it
    current = app.config.language
    return [
        {
            "language": language,
            "hreflang": hreflang(language),
            "name": autonym(language),
            "url": base + target,
            "current": language == current,
        }
        for language, base in app.config.bibfolio_translations.items()
    ]


def add_alternates(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    """``html-page-context``: the alternates, the switcher's data and the text direction.

    Also the words of bibfolio's templates (``bibfolio_words``) and, for its script, a
    ``<meta name="bibfolio-words">`` with theirs, in the page's language.
    """
    if text_direction(app.config.language) == "rtl":
        context["bibfolio_dir"] = "rtl"
    context["bibfolio_words"] = template_words()
    if app.builder.format == "html" and (app.config.language or "en") != "en":
        words = json.dumps(script_words(), ensure_ascii=False)
        meta = empty_element("meta", name="bibfolio-words", content=words)
        context["metatags"] = context.get("metatags", "") + "\n" + meta
    if len(app.config.bibfolio_translations) < 2 or app.builder.format != "html":
        return
    pages = alternates(app, pagename)
    context["bibfolio_languages"] = pages
    context["bibfolio_languages_label"] = _("Languages")
    # The codes and URLs are the configuration's, written as they are: escaped.
    links = [
        empty_element("link", rel="alternate", hreflang=code, href=url)
        for code, url in [(p["hreflang"], p["url"]) for p in pages]
        + [("x-default", pages[0]["url"])]
    ]
    context["metatags"] = context.get("metatags", "") + "\n".join(["", *links])


def empty_element(tag: str, /, **attributes: str) -> str:
    """``<tag key="value" ... />``, each value escaped for an HTML attribute."""
    written = "".join(
        f' {key}="{html.escape(value, quote=True)}"' for key, value in attributes.items()
    )
    return f"<{tag}{written} />"


def template_words() -> dict[str, str]:
    """The words bibfolio's templates write (the 404 page, the paper pages' skip link)."""
    return {
        "skip": _("Skip to main content"),
        "site": _("Site"),
        "not_found": _(
            "There is no page at this address. It may have moved or been renamed, "
            "or the link may be mistyped."
        ),
        "home_and_publications": _("Home page and publications"),
        "home": _("Home page"),
        "publications": _("Publications"),
    }


def script_words() -> dict[str, str]:
    """The words bibfolio.js writes, keyed as the script asks for them."""
    return {
        "showing": _("Showing %(shown)s of %(total)s publications"),
        "loading": _("Loading…"),
        "failed_links": _("Could not load this entry's formats; the links below have them."),
        "failed": _("Could not load this entry's formats."),
    }


def add_sitemap_alternates(app: Sphinx, exception: Exception | None) -> None:
    """``build-finished``: each ``<url>`` of sitemap.xml lists the page in every language."""
    languages = app.config.bibfolio_translations
    sitemap = Path(app.outdir) / getattr(app.config, "sitemap_filename", "sitemap.xml")
    own = languages.get(app.config.language or "en")
    if exception is not None or len(languages) < 2 or own is None or not sitemap.exists():
        return
    ET.register_namespace("", _SITEMAP)
    ET.register_namespace("xhtml", _XHTML)
    tree = ET.parse(sitemap)
    for url in tree.getroot().iter(f"{{{_SITEMAP}}}url"):
        loc = url.find(f"{{{_SITEMAP}}}loc")
        if loc is None or not (loc.text or "").startswith(own):
            continue
        page = (loc.text or "")[len(own) :]
        for link in url.findall(f"{{{_XHTML}}}link"):
            url.remove(link)
        for language, base in [*languages.items(), ("x-default", next(iter(languages.values())))]:
            code = language if language == "x-default" else hreflang(language)
            ET.SubElement(
                url,
                f"{{{_XHTML}}}link",
                {"rel": "alternate", "hreflang": code, "href": base + page},
            )
    data = ET.tostring(tree.getroot(), encoding="utf-8", xml_declaration=True)
    atomic.write_file(sitemap, data)
