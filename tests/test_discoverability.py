"""Paper pages and what machines read: Scholar tags, JSON-LD, COinS, OpenGraph, sitemap."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from urllib.parse import parse_qs

import extruct
import pybtex.database
import pytest
from pybtex.richtext import Text

from .helpers import CANONICAL, REPO

pytestmark = pytest.mark.portfolio

PORTFOLIOS = {
    "mingyu-liang": REPO / "examples" / "mingyu-liang" / "refs.bib",
    "liang-luo": REPO / "examples" / "liang-luo" / "refs.bib",
}


@pytest.fixture(params=sorted(PORTFOLIOS))
def site(request, built_mingyu_liang, built_liang_luo):
    built = built_mingyu_liang if request.param == "mingyu-liang" else built_liang_luo
    return built, pybtex.database.parse_file(str(PORTFOLIOS[request.param]))


def decoded(text: str) -> str:
    """A field as an independent decoder (pybtex + latexcodec) reads it."""
    return " ".join(Text.from_latex(text).render_as("text").split())


def person(p) -> str:
    return " ".join(
        p.first_names + p.middle_names + p.prelast_names + p.last_names + p.lineage_names
    )


def family_first(p) -> str:
    """The name as "Family, Given Suffix" from pybtex's parts (particles with the family).

    Zotero's Embedded Metadata (``processHighwireCreators``) and COinS
    (``parseContextObject``, zotero/utilities openurl.js) read a name with a comma through
    ``cleanAuthor(name, type, true)``: family before the comma, given names after it.
    """
    family = " ".join(p.prelast_names + p.last_names)
    given = " ".join(p.first_names + p.middle_names + p.lineage_names)
    return decoded(f"{family}, {given}" if given else family)


def metas(soup, name: str) -> list[str]:
    return [m["content"] for m in soup.find_all("meta", attrs={"name": name})]


def json_ld(soup) -> list[dict]:
    return [json.loads(s.string) for s in soup.find_all("script", type="application/ld+json")]


def test_every_entry_has_a_paper_page_and_its_title_links_there(site):
    built, bib = site
    pages = sorted(p.stem for p in (built.outdir / "publications").glob("*.html"))
    assert pages == sorted(bib.entries)
    lists = "publications" if (built.outdir / "publications.html").exists() else "index"
    for li in built.page(lists).select("li.bibfolio-entry"):
        assert li.select_one("a.bibfolio-title")["href"] == f"publications/{li['id'][4:]}.html"


def test_highwire_tags_match_the_bib(site):
    built, bib = site
    for key, entry in bib.entries.items():
        soup = built.page(f"publications/{key}")
        assert metas(soup, "citation_title") == [decoded(entry.fields["title"])], key
        expected_authors = [family_first(p) for p in entry.persons["author"]]
        assert metas(soup, "citation_author") == expected_authors, key  # count and order exact
        year = entry.fields["year"]
        assert metas(soup, "citation_publication_date")[0].split("/")[0] == year
        venue_tag = {
            "article": "citation_journal_title",
            "inproceedings": "citation_conference_title",
        }.get(entry.type)
        if venue_tag:
            venue = entry.fields.get("journal") or entry.fields.get("booktitle")
            assert metas(soup, venue_tag) == [decoded(venue)], key
        for field, tag in (
            ("volume", "citation_volume"),
            ("number", "citation_issue"),
            ("doi", "citation_doi"),
        ):
            assert metas(soup, tag) == ([entry.fields[field]] if field in entry.fields else []), (
                key,
                tag,
            )
        if "pages" in entry.fields:
            first, _, last = entry.fields["pages"].partition("--")
            assert (metas(soup, "citation_firstpage"), metas(soup, "citation_lastpage")) == (
                [first],
                [last],
            )
        if "pdf" in entry.fields:
            assert metas(soup, "citation_pdf_url") == [entry.fields["pdf"]]
        assert metas(soup, "citation_abstract_html_url") == [f"{CANONICAL}publications/{key}.html"]


def test_scholarly_article_json_ld(site):
    built, bib = site
    for key, entry in bib.entries.items():
        (data,) = json_ld(built.page(f"publications/{key}"))
        assert data["@type"] == "ScholarlyArticle"
        assert data["name"] == decoded(entry.fields["title"])
        assert [a["name"] for a in data["author"]] == [
            decoded(person(p)) for p in entry.persons["author"]
        ]
        assert data["datePublished"].startswith(entry.fields["year"])
        venue = entry.fields.get("journal") or entry.fields.get("booktitle")
        if venue:
            assert data["isPartOf"]["name"] == decoded(venue)
        if "doi" in entry.fields:
            assert data["sameAs"] == f"https://doi.org/{entry.fields['doi']}"
            assert data["identifier"]["value"] == entry.fields["doi"]
        assert data["url"] == f"{CANONICAL}publications/{key}.html"


def test_a_real_consumer_reads_json_ld_and_opengraph(site):
    built, bib = site
    key = next(iter(bib.entries))
    html = (built.outdir / "publications" / f"{key}.html").read_text(encoding="utf-8")
    data = extruct.extract(
        html, base_url=f"{CANONICAL}publications/{key}.html", syntaxes=["json-ld", "opengraph"]
    )
    assert [item["@type"] for item in data["json-ld"]] == ["ScholarlyArticle"]
    (graph,) = data["opengraph"]
    properties = dict(graph["properties"])
    assert properties["og:title"] == decoded(bib.entries[key].fields["title"])
    assert properties["og:type"] == "article"
    assert properties["og:url"] == f"{CANONICAL}publications/{key}.html"


def test_list_pages_have_coins_and_no_citation_tags(site):
    built, bib = site
    lists = "publications" if (built.outdir / "publications.html").exists() else "index"
    soup = built.page(lists)
    assert not soup.find_all("meta", attrs={"name": lambda n: n and n.startswith("citation_")})
    spans = soup.select("span.Z3988")
    assert len(spans) == len(bib.entries)
    for span in spans:
        fields = parse_qs(span["title"])
        key = span.find_parent("li")["id"][4:]
        entry = bib.entries[key]
        assert fields["ctx_ver"] == ["Z39.88-2004"]
        # The item's own title: rft.atitle in the journal and proceedings formats,
        # rft.title in Dublin Core (a preprint), as parseContextObject reads them.
        title_key = "rft.title" if "rft.type" in fields else "rft.atitle"
        assert fields[title_key] == [decoded(entry.fields["title"])]
        assert fields["rft.au"] == [family_first(p) for p in entry.persons["author"]]


def test_every_page_has_opengraph_tags(site):
    built, _ = site
    for path in built.outdir.rglob("*.html"):
        if "_static" in path.parts:
            continue  # theme assets, not pages
        if path.name in {"search.html", "404.html"}:  # pages for no search engine
            page = built.page(path.stem)
            assert page.find("meta", attrs={"name": "robots"})["content"] == "noindex"
            continue
        html = path.read_text(encoding="utf-8")
        graph = extruct.extract(html, base_url=CANONICAL, syntaxes=["opengraph"])["opengraph"]
        properties = dict(graph[0]["properties"])
        assert {"og:title", "og:type", "og:url", "og:site_name"} <= set(properties), path


def test_sitemap_lists_every_page_and_robots_points_at_it(site):
    built, bib = site
    tree = ET.parse(built.outdir / "sitemap.xml")
    urls = {loc.text for loc in tree.iter("{http://www.sitemaps.org/schemas/sitemap/0.9}loc")}
    for key in bib.entries:
        assert f"{CANONICAL}publications/{key}.html" in urls
    assert f"{CANONICAL}index.html" in urls
    robots = (built.outdir / "robots.txt").read_text()
    assert f"Sitemap: {CANONICAL}sitemap.xml" in robots.splitlines()


def test_home_page_profile(built_mingyu_liang):
    (data,) = json_ld(built_mingyu_liang.page("index"))
    assert data["@type"] == "ProfilePage"
    person_data = data["mainEntity"]
    assert person_data == {
        "@type": "Person",
        "name": "Mingyu Liang",
        "jobTitle": "Software Engineer",
        "affiliation": {"@type": "Organization", "name": "Google DeepMind"},
        "alumniOf": [
            {"@type": "CollegeOrUniversity", "name": "Cornell University"},
            {"@type": "CollegeOrUniversity", "name": "Shanghai Jiao Tong University"},
        ],
        "email": "mailto:ml2585@cornell.edu",
        "knowsAbout": "Performance and efficiency of cloud and machine learning systems",
    }
    assert not built_mingyu_liang.page("publications").find("script", type="application/ld+json")


def test_paper_page_shows_everything(built_mingyu_liang):
    soup = built_mingyu_liang.page("publications/liang2023ditto")
    article = soup.find("article")
    assert article.find("h1").get_text().startswith("Ditto: End-to-End Application Cloning")
    authors = article.select_one(".bibfolio-authors")
    assert authors.select_one("strong.bibfolio-owner").get_text() == "Mingyu Liang"
    assert [s.get_text() for s in authors.select("sup")] == ["*", "*"]
    assert article.select_one(".bibfolio-legend").get_text() == "*: equal contribution"
    assert "ASPLOS’23" in article.select_one(".bibfolio-paper-venue").get_text()
    assert "2023" in article.select_one(".bibfolio-paper-venue").get_text()
    assert [a.get_text() for a in article.select("a.bibfolio-link")] == ["DOI", "URL"]
    assert (
        article.select_one("#bibtex div.highlight pre")
        .get_text()
        .startswith("@inproceedings{liang2023ditto,")
    )
    assert article.select_one(".bibfolio-cite-as").get_text() == (
        "Mingyu Liang, Yu Gan, Yueying Li, Carlos Torres, Abhishek Dhanotia, Mahesh Ketkar, and "
        "Christina Delimitrou. 2023. Ditto: End-to-End Application Cloning for Networked Cloud "
        "Services. In Proceedings of the 28th ACM International Conference on Architectural "
        "Support for Programming Languages and Operating Systems, Volume 2 (ASPLOS 2023), pages "
        "222–236. https://doi.org/10.1145/3575693.3575751"
    )
    back = article.select_one(".bibfolio-back a")
    assert back["href"] == "../publications.html#pub-liang2023ditto"
    # Nothing lists the other papers: no sidebar navigation on paper pages.
    assert not soup.select(".bd-sidebar-primary .bd-links a")


BIBLATEX_ENTRY = b"""\
@article{baez,
  author = {Baez, John C. and Lauda, Aaron D. and others},
  title = {Higher-Dimensional Algebra V: 2-Groups},
  journaltitle = {Theory and Applications of Categories},
  date = {2004-03},
  volume = {12},
  pages = {423--491},
  eprint = {math/0307200},
  eprinttype = {arxiv},
  doi = {doi:10.1000/hda5},
  pmid = {12345678},
  isbn = {978-3-16-148410-0},
  file = {/Users/jb/Zotero/storage/X/hda5.pdf},
}
"""


@pytest.mark.parametrize(
    ("date", "scholar", "iso"),
    [
        ("2006-03-15", "2006/03/15", "2006-03-15"),
        ("2006-03", "2006/03", "2006-03"),
        ("2006", "2006", "2006"),
        ("1998/2000", "1998", "1998"),
        ("2006-03-15/2006-04-02", "2006/03/15", "2006-03-15"),
    ],
)
def test_metadata_dates_follow_biblatex_date(date, scholar, iso):
    from bibfolio.formats.metadata import coins, highwire_tags, scholarly_article
    from bibfolio.model.assemble import build_publications
    from bibfolio.model.publication import Settings
    from bibfolio.reading.bibtex import read_bib_files

    bib = f"@article{{a, author = {{Doe, Jane}}, title = {{T}}, journaltitle = {{J}}, date = {{{date}}}}}"
    entries, _ = read_bib_files([("refs.bib", bib.encode())], "utf-8")
    publication = build_publications(entries, Settings())[0]["a"]
    assert dict(highwire_tags(publication))["citation_publication_date"] == scholar
    assert parse_qs(coins(publication))["rft.date"] == [iso]
    assert scholarly_article(publication)["datePublished"] == iso


def test_metadata_of_a_biblatex_entry():
    from bibfolio.formats.metadata import coins, highwire_tags, scholarly_article
    from bibfolio.model.assemble import build_publications
    from bibfolio.model.publication import Settings
    from bibfolio.reading.bibtex import read_bib_files

    entries, _ = read_bib_files([("refs.bib", BIBLATEX_ENTRY)], "utf-8")
    publication = build_publications(entries, Settings())[0]["baez"]
    tags = highwire_tags(publication)
    assert tags == [
        ("citation_title", "Higher-Dimensional Algebra V: 2-Groups"),
        ("citation_author", "Baez, John C."),
        ("citation_author", "Lauda, Aaron D."),
        ("citation_publication_date", "2004/03"),
        ("citation_journal_title", "Theory and Applications of Categories"),
        ("citation_volume", "12"),
        ("citation_isbn", "978-3-16-148410-0"),
        ("citation_firstpage", "423"),
        ("citation_lastpage", "491"),
        ("citation_doi", "10.1000/hda5"),
        ("citation_arxiv_id", "math/0307200"),
        ("citation_pmid", "12345678"),
    ]
    kev = parse_qs(coins(publication))
    assert kev["rft.date"] == ["2004-03"]
    assert kev["rft.jtitle"] == ["Theory and Applications of Categories"]
    assert kev["rft.au"] == ["Baez, John C.", "Lauda, Aaron D."]
    assert kev["rft_id"] == ["info:doi/10.1000/hda5"]
    data = scholarly_article(publication)
    assert data["datePublished"] == "2004-03"
    assert data["isPartOf"] == {
        "@type": "Periodical",
        "name": "Theory and Applications of Categories",
    }
    assert data["identifier"]["value"] == "10.1000/hda5"
    assert "Zotero" not in json.dumps(data) + repr(tags) + coins(publication)


@pytest.mark.parametrize(
    ("entry", "expected"),
    [
        (
            "@phdthesis{x, author = {Doe, Jane}, title = {T}, school = {MIT}, year = 2020}",
            {"@type": "Thesis", "sourceOrganization": {"@type": "Organization", "name": "MIT"}},
        ),
        (
            "@incollection{x, author = {Doe, Jane}, title = {T}, booktitle = {The Book},\n"
            "  editor = {Roe, Rick}, publisher = {P}, year = 2020}",
            {"@type": "Chapter", "isPartOf": {"@type": "Book", "name": "The Book"}},
        ),
        (
            "@book{x, editor = {Roe, Rick}, title = {T}, publisher = {P}, year = 2020}",
            {"@type": "Book", "publisher": {"@type": "Organization", "name": "P"}},
        ),
        (
            "@techreport{x, author = {Doe, Jane}, title = {T}, institution = {Lab}, year = 2020}",
            {"@type": "Report", "sourceOrganization": {"@type": "Organization", "name": "Lab"}},
        ),
        (
            "@software{x, author = {Doe, Jane}, title = {T}, year = 2020}",
            {"@type": "SoftwareSourceCode"},
        ),
        (
            "@inproceedings{x, author = {Doe, Jane}, title = {T}, booktitle = {Proc. X}, year = 2020}",
            {"@type": "ScholarlyArticle", "isPartOf": {"@type": "CreativeWork", "name": "Proc. X"}},
        ),
    ],
)
def test_json_ld_type_follows_the_entry_type(entry, expected):
    from bibfolio.formats.metadata import scholarly_article
    from bibfolio.model.assemble import build_publications
    from bibfolio.model.publication import Settings
    from bibfolio.reading.bibtex import read_bib_files

    entries, _ = read_bib_files([("refs.bib", entry.encode())], "utf-8")
    data = scholarly_article(build_publications(entries, Settings())[0]["x"])
    assert {key: data.get(key) for key in expected} == expected
    if expected["@type"] != "ScholarlyArticle":
        assert "isPartOf" not in data or expected["@type"] == "Chapter"
