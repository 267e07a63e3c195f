"""``bibfolio_portfolio = True``: a short conf.py gets a homepage's frame, not a manual's."""

from __future__ import annotations

import pytest

from .helpers import page, warnings_of


def chrome(soup) -> dict[str, bool]:
    """Which pieces of documentation chrome a pydata-sphinx-theme page shows."""
    footer = soup.select_one("footer.bd-footer")
    return {
        "breadcrumbs": soup.select_one(".bd-breadcrumbs") is not None,
        "theme footer": footer is not None and "PyData Sphinx Theme" in footer.get_text(),
        "search field": soup.select_one(".search-button-field") is not None,
        "search button": soup.select_one("button.search-button") is not None,
        "page contents": soup.select_one(".bd-sidebar-secondary .page-toc") is not None,
        "prev/next": soup.select_one(".prev-next-area") is not None,
    }


@pytest.mark.sphinx("html", testroot="profile", freshenv=True)
def test_portfolio_pages_have_no_documentation_chrome(app):
    app.build()
    assert warnings_of(app) == ""
    for name in ("index", "publications"):
        soup = page(app, name)
        assert chrome(soup) == {
            "breadcrumbs": False,
            "theme footer": False,
            "search field": False,
            "search button": True,  # search kept, as an icon
            "page contents": False,
            "prev/next": False,
        }, name
    lean = chrome(page(app, "publications/engine"))  # paper pages: bibfolio's lean template
    assert not (lean["breadcrumbs"] or lean["theme footer"] or lean["search field"])
    soup = page(app)
    assert soup.select_one(".navbar-brand").get_text(strip=True) == "Ada Lovelace"
    assert soup.find("meta", property="og:site_name")["content"] == "Ada Lovelace"
    # The header links to the card's places, with icons bibfolio-icons.css draws.
    icons = soup.select(".navbar-icon-links a")  # the header's, and the phone menu's copy
    assert len(icons) == 2 * 9
    header = {a["href"].replace("%40", "@"): a.find("i")["class"] for a in icons}
    assert header["mailto:ada@example.org"] == ["fa-solid", "fa-envelope", "fa-lg"]
    assert header["https://orcid.org/0000-0002-1825-0097"] == ["fa-brands", "fa-orcid", "fa-lg"]
    assert header["https://example.org/notes"] == ["fa-solid", "fa-link", "fa-lg"]
    css = (app.outdir / "_static" / "bibfolio-icons.css").read_text(encoding="utf-8")
    for classes in header.values():
        assert f".{classes[0]}.{classes[1]} {{" in css, classes
    assert soup.find("link", href=lambda h: h and "bibfolio-icons.css" in h) is not None
    assert not (app.outdir / "genindex.html").exists()  # html_use_index = False
    assert not soup.select("a[href$='.txt']")  # no "show source" link


@pytest.mark.sphinx(
    "html",
    testroot="profile",
    freshenv=True,
    confoverrides={
        "project": "Lovelace Lab",
        "html_theme_options": {"footer_end": ["theme-version"]},
    },
)
def test_conf_py_values_win_and_names_come_from_the_profile(app):
    app.build()
    soup = page(app, "publications")
    assert chrome(soup)["theme footer"] is True  # the project's own footer_end
    assert chrome(soup)["breadcrumbs"] is False  # the other defaults stay
    # Title and link previews say the person, not the project's name.
    assert soup.title.get_text() == "Publications — Ada Lovelace"
    assert soup.find("meta", property="og:site_name")["content"] == "Ada Lovelace"


@pytest.mark.sphinx("html", testroot="profile", freshenv=True)
def test_short_list_has_no_chart_or_filter_unless_asked(app):
    app.build()
    short = page(app, "publications")
    assert len(short.select("li.bibfolio-entry")) == 3
    assert short.select(".bibfolio-chart-figure") == []
    assert short.select("form[data-listing]") == []
    assert short.select_one("a.bibfolio-download").get_text() == "Download all 3 as BibTeX"
    # The list's own :chart: yes / :filter-ui: yes win over the threshold.
    asked = page(app, "every-tool")
    assert len(asked.select("svg.bibfolio-chart")) == 1
    assert len(asked.select("form[data-listing]")) == 1


@pytest.mark.sphinx(
    "html",
    testroot="profile",
    freshenv=True,
    confoverrides={
        "bibfolio_chart_min_entries": 3,
        "bibfolio_chart_min_years": 1,
        "bibfolio_filter_min_entries": 4,
    },
)
def test_thresholds_are_configurable(app):
    app.build()
    soup = page(app, "publications")
    assert len(soup.select("svg.bibfolio-chart")) == 1  # 3 entries ≥ 3
    assert soup.select("form[data-listing]") == []  # 3 entries < 4


@pytest.mark.sphinx(
    "html",
    testroot="profile",
    freshenv=True,
    confoverrides={"bibfolio_chart_min_entries": 1, "bibfolio_filter_min_entries": 3},
)
def test_a_portfolio_charts_only_five_distinct_years(app):
    app.build()
    soup = page(app, "publications")
    assert app.config.bibfolio_chart_min_years == 5  # the portfolio's default
    assert soup.select("svg.bibfolio-chart") == []  # 3 entries, fewer than 5 years
    assert len(soup.select("form[data-listing]")) == 1  # 3 entries ≥ 3


@pytest.mark.sphinx(
    "html", testroot="profile", freshenv=True, confoverrides={"bibfolio_portfolio": False}
)
def test_without_the_flag_nothing_changes(app):
    app.build()
    soup = page(app, "publications")
    # Sphinx's own defaults: alabaster, "Name — project" titles, chart and filter at 3.
    assert soup.select_one("div.sphinxsidebar") is not None
    title = " ".join(page(app).title.get_text().split())  # Sphinx: "<project> <release> ..."
    assert title == "Ada Lovelace — Ada Lovelace documentation"
    assert len(soup.select("svg.bibfolio-chart")) == 1
    assert len(soup.select("form[data-listing]")) == 1
    assert soup.find("meta", property="og:type") is None  # no sphinxext-opengraph loaded


@pytest.mark.sphinx(
    "html", testroot="profile", freshenv=True, confoverrides={"html_theme": "alabaster"}
)
def test_another_theme_gets_no_pydata_options(app):
    app.build()
    assert warnings_of(app) == ""  # no "unsupported theme option" warnings
    soup = page(app)
    assert soup.select_one("div.sphinxsidebar") is None  # html_sidebars = {"**": []}
    assert len(soup.select("article, div.body")[0].select("a.bibfolio-profile-link")) == 8
