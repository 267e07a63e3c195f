"""Paper pages do not grow with the number of publications (no list of every paper)."""

from __future__ import annotations

import re

from .bench.genbib import generate
from .helpers import build_project


def test_paper_pages_stay_small_with_1000_publications(tmp_path):
    source = tmp_path / "big"
    source.mkdir()
    (source / "refs.bib").write_text(generate(1000, seed=3), encoding="utf-8")
    (source / "conf.py").write_text(
        'extensions = ["myst_parser", "sphinxcontrib.bibtex", "bibfolio"]\n'
        'bibtex_bibfiles = ["refs.bib"]\n'
        'bibfolio_owner = ["Liang Luo"]\n'
        'html_theme = "pydata_sphinx_theme"\n'
        'html_sidebars = {"**": ["sidebar-nav-bs"]}\n'  # the theme's navigation sidebar on
    )
    (source / "index.md").write_text("# Publications\n\n```{toctree}\npublications\n```\n")
    (source / "publications.md").write_text("# Publications\n\n```{publications}\n```\n")
    built = build_project(source, tmp_path / "_build")
    assert built.warnings == ""
    # Nothing was written into the source folder (no stubs, no .gitignore).
    assert sorted(p.name for p in source.iterdir()) == [
        "conf.py",
        "index.md",
        "publications.md",
        "refs.bib",
    ]
    pages = list((built.outdir / "publications").glob("*.html"))
    assert len(pages) == 1000
    sizes = sorted(page.stat().st_size for page in pages)
    assert sizes[-1] <= 40 * 1024, f"largest paper page: {sizes[-1]} bytes"
    # The list page links every paper; a paper page links none of the others (its
    # siblings would be plain "<slug>.html" links from inside publications/).
    sample = built.page(f"publications/{pages[0].stem}")
    siblings = [
        a["href"]
        for a in sample.select("a[href]")
        if re.fullmatch(r"[\w.-]+\.html(#.*)?", a["href"])
        and not a["href"].startswith(pages[0].name)
    ]
    assert siblings == []
