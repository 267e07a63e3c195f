"""What languages.py writes into a page's head, each value escaped: alternates, the script's words."""

from __future__ import annotations

import json

import pytest

from .helpers import page, warnings_of

#: Odd but accepted values: an http(s) URL with a quote and markup, a code with both.
ODD = 'https://example.org/"><script>alert(1)</script>/'
TRANSLATIONS = {"en": ODD, 'de"<x': "https://example.org/de/"}


@pytest.mark.sphinx(
    "html",
    testroot="latex",
    freshenv=True,
    confoverrides={"bibfolio_translations": TRANSLATIONS},
)
def test_alternate_links_escape_the_configured_codes_and_urls(app) -> None:
    app.build()
    assert not warnings_of(app)
    raw = (app.outdir / "index.html").read_text(encoding="utf-8")
    soup = page(app)
    links = [(link["hreflang"], link["href"]) for link in soup.select('head link[rel="alternate"]')]
    assert links == [
        ("en", ODD + "index.html"),
        ('de"<x', "https://example.org/de/index.html"),
        ("x-default", ODD + "index.html"),
    ]
    assert soup.find("script", string="alert(1)") is None
    assert 'hreflang="de&quot;&lt;x"' in raw
    assert (
        'href="https://example.org/&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;/index.html"'
        in raw
    )


@pytest.mark.sphinx("html", testroot="latex", freshenv=True, confoverrides={"language": "de"})
def test_the_scripts_words_are_an_escaped_attribute(app) -> None:
    app.build()
    assert not warnings_of(app)
    meta = page(app).select_one('meta[name="bibfolio-words"]')
    assert json.loads(meta["content"])["loading"] == "Wird geladen…"
