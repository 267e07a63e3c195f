"""Property-based: any author names and field values give no exception and no markup.

Runs ``BIBFOLIO_HYPOTHESIS_EXAMPLES`` examples per property (2000 by default, as in CI).
"""

from __future__ import annotations

import json
import os
import shutil
from urllib.parse import parse_qs

import pytest
from bs4 import BeautifulSoup
from docutils import nodes
from docutils.utils import new_document
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bibfolio.doctree.entrycontext import EntryContext
from bibfolio.doctree.render import entry_html_nodes, paper_nodes
from bibfolio.formats.metadata import coins, highwire_tags, json_for_script, scholarly_article
from bibfolio.model.names import NamePattern
from bibfolio.model.publication import Publication, Settings
from bibfolio.pages.head import _meta
from bibfolio.reading.bibtex import read_bib_text
from bibfolio.reading.entry import BibEntry, BibField
from bibfolio.reading.latex import latex_to_rich

EXAMPLES = int(os.environ.get("BIBFOLIO_HYPOTHESIS_EXAMPLES", "2000"))
SETTINGS = settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
ALLOWED_TAGS = {
    "li", "div", "span", "a", "strong", "em", "sup", "sub", "code", "pre", "p", "details",
    "summary", "section", "h1", "h2", "h3", "ul",
}  # fmt: skip
SAFE_HREF = ("http://", "https://", "mailto:", "publications/", "#", "../")

# Text mixing markup, BibTeX and LaTeX specials, Unicode and line separators.
nasty = st.lists(
    st.sampled_from(
        [
            *"<>&\"'/\\{}$%#~^_=:;,. -@!?*|`",
            *"abcXYZ019",
            *("é", "ü", "ß", "中", "ا", "\u2028", "\u00a0", "\n", "\t"),
            *("<script>", "</script>", "javascript:", " and ", "\\url{", "\\emph{", "$x^2$"),
            *("](", "<br>"),
        ]
    ),
    max_size=40,
).map("".join)


def balanced(text: str) -> str:
    """What the .bib reader can hand over: braces balanced (unmatched ones dropped/closed)."""
    out, depth = [], 0
    for char in text:
        if char == "}":
            if not depth:
                continue
            depth -= 1
        elif char == "{":
            depth += 1
        out.append(char)
    return " ".join(("".join(out) + "}" * depth).split())


field_value = nasty.map(balanced)


@pytest.fixture(scope="module")
def translator(tmp_path_factory, rootdir):
    """An HTML translator from a real build, to render entries as the site does."""
    base = tmp_path_factory.mktemp("properties")
    shutil.copytree(rootdir / "test-links", base / "src")
    from sphinx.testing.util import SphinxTestApp

    app = SphinxTestApp("html", srcdir=base / "src", builddir=base / "_build", freshenv=True)
    app.build()
    document = new_document("<test>", app.builder.docsettings)
    document.settings.env = app.env
    try:
        yield app.builder.create_translator(document, app.builder)
    finally:
        app.cleanup()


def flat(rich) -> str:
    """Rich text as the browser's text content reads it (superscripts inline)."""
    return "".join(part if isinstance(part, str) else flat(part.children) for part in rich)


def render(translator, tree: nodes.Element) -> str:
    translator.body = []
    tree.document = translator.document
    tree.walkabout(translator)
    return "".join(translator.body)


def entry_with(fields: dict[str, str]) -> Publication:
    entry = BibEntry("inproceedings", "k", "x.bib", 1)
    for name, value in fields.items():
        entry.fields[name] = BibField(name, value, 2)
    return Publication(entry, Settings(owner=(NamePattern.from_config("Ada Lovelace"),)))


def check_markup(html: str) -> BeautifulSoup:
    soup = BeautifulSoup(html, "html.parser")
    for element in soup.find_all(True):
        assert element.name in ALLOWED_TAGS, element.name
        for name, value in element.attrs.items():
            assert not name.startswith("on")
            if name == "href":
                assert value.startswith(SAFE_HREF), value
    return soup


@SETTINGS
@given(
    values=st.fixed_dictionaries(
        dict.fromkeys(
            ("title", "first", "second", "venue", "abstract", "award", "url"), field_value
        )
    )
)
def test_any_fields_render_as_text(translator, values):
    title = values["title"]
    fields = {
        "author": f"{values['first']} and Lovelace, Ada and {values['second']}",
        "title": title,
        "booktitle": values["venue"],
        "abstract": values["abstract"],
        "award": values["award"],
        "url": values["url"],
        "pdf": values["url"],
        "year": "2024",
        "additional_info": values["award"],
    }
    publication = entry_with(fields)
    context = EntryContext("list", anchor="pub-k", title_href="publications/k.html", listing="l")
    soup = check_markup(render(translator, entry_html_nodes(publication, context)))
    shown = " ".join(soup.select_one(".bibfolio-title").get_text().split())
    expected = " ".join(flat(latex_to_rich(title)).split())
    assert shown == (expected or "k")  # an empty title shows the key
    body = nodes.container("", *paper_nodes(publication, EntryContext("paper")))
    check_markup(render(translator, body))

    data = json.loads(json_for_script(scholarly_article(publication, "https://example.org/k.html")))
    assert "Ada Lovelace" in [author["name"] for author in data["author"]]
    assert "</" not in json_for_script(scholarly_article(publication))
    for name, content in highwire_tags(publication, page_url="https://example.org/k.html"):
        meta = BeautifulSoup(_meta(name, content), "html.parser").find_all(True)
        assert len(meta) == 1 and meta[0]["content"] == content
    parsed = parse_qs(coins(publication), keep_blank_values=True)
    assert parsed["ctx_ver"] == ["Z39.88-2004"]


@SETTINGS
@given(text=st.text(max_size=300) | nasty.map(lambda s: "@misc{k, title = {" + s))
def test_the_reader_never_raises(text):
    result = read_bib_text(text, "x.bib")
    for entry in result.entries:
        Publication(entry, Settings())
    assert all(d.line >= 1 for d in result.diagnostics)
