"""Hostile .bib data is text everywhere it lands; only safe URLs become links."""

from __future__ import annotations

import json
from urllib.parse import parse_qs

import pybtex.database
import pytest

from .helpers import page, warnings_of

TITLE = 'Breaking out </script><script>alert("title")</script> of "JSON" & <b>HTML</b>'
MALLORY = "Mallory <img src=x onerror=alert(1)>"
DANGEROUS = ("javascript:", "data:", "vbscript:")


def pages(app):
    return [p for p in app.outdir.rglob("*.html") if "_static" not in p.parts]


@pytest.fixture
def built(app):
    app.build()
    return app


@pytest.mark.sphinx("html", testroot="hostile", freshenv=True)
def test_unsafe_schemes_give_no_link_and_a_warning(built):
    bib = built.srcdir / "refs.bib"
    lines = warnings_of(built).splitlines()
    expected = {
        (14, "url", "the URL scheme 'javascript:' is not allowed (only http, https, mailto)"),
        (15, "pdf", "the URL scheme 'javascript:' is not allowed (only http, https, mailto)"),
        (16, "code", "the URL scheme 'javascript:' is not allowed (only http, https, mailto)"),
        (17, "slides", "the URL scheme 'data:' is not allowed (only http, https, mailto)"),
        (18, "poster", "the URL scheme 'vbscript:' is not allowed (only http, https, mailto)"),
        (19, "video", "the URL scheme 'javascript:' is not allowed (only http, https, mailto)"),
        (20, "website", "a network path or backslash is not a path inside the site"),
        (21, "blog", "a local path must stay inside the project (no '..' or leading '/')"),
        (
            23,
            "howpublished",
            "the URL scheme 'javascript:' is not allowed (only http, https, mailto)",
        ),
    }
    assert sorted(lines) == sorted(
        [
            f"{bib}:{line}: WARNING: no link made for field '{field}' of 'schemes': {reason} [bibfolio.unsafe_url]"
            for line, field, reason in expected
        ]
        + [
            f"{bib}:7: WARNING: no link made for field 'doi' of 'script': it is not a DOI "
            "(10.NNNN/suffix) ('10.1/x\" onmouseover=\"alert(4)') [bibfolio.invalid_identifier]"
        ]
    )
    entry = page(built).find("li", id="pub-schemes")
    assert [(a.get_text(), a["href"]) for a in entry.select("a.bibfolio-link")] == [
        ("Supp", "https://example.org/fine.zip")
    ]


@pytest.mark.sphinx("html", testroot="hostile", freshenv=True)
def test_no_dangerous_attribute_anywhere(built):
    for path in pages(built):
        soup = page(built, str(path.relative_to(built.outdir).with_suffix("")))
        for element in soup.find_all(True):
            for name, value in element.attrs.items():
                assert not name.lower().startswith("on"), (path, element)
                if name in ("href", "src", "action", "formaction"):
                    squeezed = "".join(str(value).split()).lower()
                    assert not squeezed.startswith(DANGEROUS), (path, element)
        assert not soup.find_all(["iframe", "img", "object", "embed"]), path
        assert not soup.find("b"), path
        for script in soup.find_all("script"):
            assert (
                "alert" not in (script.string or "") or script.get("type") == "application/ld+json"
            )


@pytest.mark.sphinx("html", testroot="hostile", freshenv=True)
def test_text_survives_as_text_everywhere(built):
    entry = page(built).find("li", id="pub-script")
    assert entry.select_one(".bibfolio-title").get_text() == TITLE
    assert MALLORY in entry.select_one(".bibfolio-authors").get_text()
    assert (
        entry.select_one(".bibfolio-award").get_text() == '<a href="javascript:alert(5)">click</a>'
    )
    bibtex = entry.select_one("details.bibfolio-cite .bibfolio-bibtex pre").get_text()
    assert f"title = {{{TITLE}}}" in bibtex
    coins = parse_qs(entry.select_one("span.Z3988")["title"])
    assert coins["rft.atitle"] == [TITLE]
    # "Family, Given", as BibTeX splits the hostile name (a von part: "<img" is lower case).
    assert coins["rft.au"] == ["Lovelace, Ada", "<img src=x onerror=alert(1)>, Mallory"]
    paper = page(built, "publications/script")
    metas = {m["name"]: m["content"] for m in paper.find_all("meta", attrs={"name": True})}
    assert metas["citation_title"] == TITLE
    assert [m["content"] for m in paper.find_all("meta", attrs={"name": "citation_author"})] == [
        "Lovelace, Ada",
        "<img src=x onerror=alert(1)>, Mallory",
    ]
    (data,) = [json.loads(s.string) for s in paper.find_all("script", type="application/ld+json")]
    assert data["name"] == TITLE
    assert data["abstract"].startswith("An abstract with </script><script>alert(3)</script>")
    # A DOI with a quote in it is no DOI: no link, and no DOI in the metadata.
    assert paper.find("a", class_="bibfolio-link-doi") is None
    assert "citation_doi" not in metas
    assert "identifier" not in data
    download = (built.outdir / "index.bib").read_text(encoding="utf-8")
    parsed = pybtex.database.parse_string(download, "bibtex").entries["script"]
    assert parsed.fields["title"] == TITLE
