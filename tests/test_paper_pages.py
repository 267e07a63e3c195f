"""One page per paper: generated, switchable, and safe with hostile titles."""

from __future__ import annotations

import json

import pytest

from .helpers import page


@pytest.mark.sphinx(
    "html",
    testroot="links",
    freshenv=True,
    confoverrides={"html_baseurl": "https://example.org/site/"},
)
def test_local_pdf_is_the_citation_pdf_url_next_to_the_page(app):
    app.build()
    soup = page(app, "publications/local")
    pdf = soup.find("meta", attrs={"name": "citation_pdf_url"})["content"]
    assert pdf == "https://example.org/site/publications/local.pdf"
    assert soup.find("meta", attrs={"name": "citation_abstract_html_url"})["content"] == (
        "https://example.org/site/publications/local.html"
    )


@pytest.mark.sphinx("html", testroot="alfolio", freshenv=True)
def test_abstract_on_the_page_and_in_the_metadata(app):
    app.build()
    soup = page(app, "publications/physrev.47.777")
    abstract = "In a complete theory there is an element corresponding to each element of reality."
    assert soup.select_one("section#abstract p").get_text() == abstract
    (data,) = [json.loads(s.string) for s in soup.find_all("script", type="application/ld+json")]
    assert data["abstract"] == abstract
    assert soup.find("meta", attrs={"name": "citation_abstract"})["content"] == abstract


def test_paper_pages_can_be_switched_off(build_root):
    first = build_root("links")
    assert (first.outdir / "publications" / "every.html").is_file()
    # Switching them off later removes the pages and their stubs (incremental build).
    built = build_root("links", overrides={"bibfolio_paper_pages": False}, fresh=False)
    assert built.warnings == ""
    # The pages are gone; the local PDF stays, because the list still links it.
    assert sorted(p.name for p in (built.outdir / "publications").iterdir()) == ["local.pdf"]
    assert not list((built.srcdir / "publications").glob("*.bibfolio"))
    title = built.page("index").find("li", id="pub-every").select_one(".bibfolio-title")
    assert title.name == "strong"  # no link to a page that does not exist


@pytest.mark.sphinx("html", testroot="hostile", freshenv=True)
def test_script_in_a_title_never_breaks_out_of_json_ld(app):
    app.build()
    soup = page(app, "publications/script")
    scripts = soup.find_all("script", type="application/ld+json")
    assert len(scripts) == 1
    data = json.loads(scripts[0].string)
    title = 'Breaking out </script><script>alert("title")</script> of "JSON" & <b>HTML</b>'
    assert data["name"] == title
    assert "</script>" not in scripts[0].string
    assert soup.find("meta", attrs={"name": "citation_title"})["content"] == title
    assert soup.find("h1").get_text().startswith(title)
    # The only scripts are the theme's files and the one JSON-LD block.
    inline = [s for s in soup.find_all("script") if not s.get("src")]
    assert all("alert" not in (s.string or "") or s is scripts[0] for s in inline)
