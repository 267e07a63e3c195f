"""Paper pages filled into one render of their template are the pages a full render writes."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from bibfolio.pages import skeleton

from .helpers import build_project, copy_portfolio

ROOTS = Path(__file__).parent / "roots"


def _paper_files(outdir: Path) -> dict[str, bytes]:
    folder = outdir / "publications"
    return {
        path.relative_to(outdir).as_posix(): path.read_bytes()
        for path in sorted(folder.rglob("*.html"))
    }


def _both_ways(source: Path, tmp_path: Path, monkeypatch, builder: str, overrides: dict):
    """The paper pages built with skeletons, the number filled in, and built without."""
    filled = []
    fill = skeleton.SkeletonTemplates._fill

    def counted(self, parts, context):
        filled.append(context["pagename"])
        return fill(self, parts, context)

    with monkeypatch.context() as patch:
        patch.setattr(skeleton.SkeletonTemplates, "_fill", counted)
        fast = build_project(source, tmp_path / "fast", builder, overrides=overrides)
    with monkeypatch.context() as patch:
        patch.setattr(skeleton.SkeletonTemplates, "_key", lambda self, context: None)
        full = build_project(source, tmp_path / "full", builder, overrides=overrides)
    assert fast.warnings == full.warnings
    return _paper_files(fast.outdir), filled, _paper_files(full.outdir)


@pytest.mark.parametrize("builder", ["html", "dirhtml"])
def test_a_portfolios_paper_pages_are_the_full_render(tmp_path, monkeypatch, builder):
    # sphinxext-opengraph, the sitemap and a site address (each page's canonical link),
    # with furo: bibfolio's lean template (pydata-sphinx-theme's own page is
    # tests/test_paper_theme.py).
    source = copy_portfolio("liang-luo", tmp_path)
    overrides = {"html_theme": "furo"}
    fast, filled, full = _both_ways(source, tmp_path, monkeypatch, builder, overrides)
    assert len(fast) == 31
    assert fast.keys() == full.keys()
    for name, content in full.items():
        assert fast[name] == content, name
    # Every page but the one each skeleton is made from (and checked against).
    assert len(filled) >= len(fast) - 3


def test_rich_titles_and_a_site_address_are_the_full_render(tmp_path, monkeypatch):
    # Titles with markup (math, escapes) go through the <title>'s striptags and escaping.
    source = tmp_path / "latex"
    shutil.copytree(ROOTS / "test-latex", source)
    overrides = {"html_baseurl": "https://example.org/site/", "html_theme": "furo"}
    fast, filled, full = _both_ways(source, tmp_path, monkeypatch, "html", overrides)
    assert fast == full
    math = fast["publications/math.html"].decode()
    assert "<title>Sorting in O(n2) with α-tuning &#8212; " in math
    assert '<link rel="canonical" href="https://example.org/site/publications/math.html"' in math
    assert filled


def test_hostile_titles_are_the_full_render(tmp_path, monkeypatch):
    # Markup and script end tags in a title (text, not markup: written escaped, and
    # escaped again by the <title>'s striptags|e, as Jinja does).
    source = tmp_path / "hostile"
    shutil.copytree(ROOTS / "test-hostile", source)
    fast, filled, full = _both_ways(source, tmp_path, monkeypatch, "html", {})
    assert fast == full
    script = fast["publications/script.html"].decode()
    title = script.split("<title>", 1)[1].split("</title>", 1)[0]
    assert "<" not in title
    assert title.startswith(
        "Breaking out &lt;/script&gt;&lt;script&gt;alert(&#34;title&#34;)&lt;/script&gt; of "
        "&#34;JSON&#34; &amp; &lt;b&gt;HTML&lt;/b&gt; &#8212; "
    )
    assert "publications/script" in filled
