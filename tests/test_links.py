"""Every link field becomes a link button; local files are copied into the site."""

from __future__ import annotations

import pytest

from .helpers import page, warnings_of

EVERY = [
    ("PDF", "https://example.org/every.pdf"),
    ("arXiv", "https://arxiv.org/abs/2401.00001"),
    ("DOI", "https://doi.org/10.1000/every"),
    ("HTML", "https://example.org/every.html"),
    ("URL", "https://example.org/every"),
    ("Code", "https://github.com/example/every"),
    ("Slides", "https://example.org/every-slides.pdf"),
    ("Poster", "https://example.org/every-poster.pdf"),
    ("Video", "https://example.org/every-video"),
    ("Supp", "https://example.org/every-supp.zip"),
    ("Website", "https://example.org/project"),
    ("Blog", "https://example.org/blog/every"),
]


def links(soup, key):
    entry = soup.find("li", id=f"pub-{key}")
    return [(a.get_text(), a["href"]) for a in entry.select("a.bibfolio-link")]


@pytest.mark.sphinx("html", testroot="links", freshenv=True)
def test_each_link_field(app):
    app.build()
    assert not warnings_of(app)
    soup = page(app)
    assert links(soup, "every") == EVERY
    assert links(soup, "standard") == [
        ("arXiv", "https://arxiv.org/abs/2301.00002"),
        ("DOI", "https://doi.org/10.1000/standard"),
        ("URL", "https://example.org/standard_page?a=1&b=2"),
    ]
    # Buttons carry a class per kind, so they can be styled alike and told apart.
    classes = soup.find("li", id="pub-every").select_one("a.bibfolio-link")["class"]
    assert {"bibfolio-link", "bibfolio-link-pdf"} <= set(classes)


@pytest.mark.sphinx("html", testroot="links", freshenv=True)
def test_local_file_is_copied_next_to_the_paper_page(app):
    app.build()
    assert links(page(app), "local") == [("PDF", "publications/local.pdf")]
    copied = app.outdir / "publications" / "local.pdf"
    assert copied.read_bytes() == (app.srcdir / "papers" / "x.pdf").read_bytes()
    paper = page(app, "publications/local")
    assert [a["href"] for a in paper.select("a.bibfolio-link")] == ["local.pdf"]


@pytest.mark.sphinx("text", testroot="links", freshenv=True)
def test_text_output_spells_out_urls(app):
    app.build()
    text = " ".join((app.outdir / "index.txt").read_text().split())
    assert "PDF: https://example.org/every.pdf; arXiv: https://arxiv.org/abs/2401.00001" in text
    assert "DOI: https://doi.org/10.1000/every" in text
