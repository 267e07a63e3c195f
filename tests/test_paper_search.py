"""Paper pages in the search index: fed word by word, the index Sphinx's own feed writes."""

from __future__ import annotations

from bibfolio.pages import papersearch

from .bench.genbib import generate
from .helpers import build_project


def _project(tmp_path, language: str, owner: str = "Liang Luo"):
    source = tmp_path / f"site-{language}"
    source.mkdir()
    (source / "refs.bib").write_text(generate(60, seed=5), encoding="utf-8")
    (source / "conf.py").write_text(
        'extensions = ["myst_parser", "sphinxcontrib.bibtex", "bibfolio"]\n'
        'bibtex_bibfiles = ["refs.bib"]\n'
        f'bibfolio_owner = ["{owner}"]\n'
        f'language = "{language}"\n'
    )
    (source / "index.md").write_text("# Publications\n\n```{publications}\n```\n")
    return source


def test_the_index_is_the_one_sphinx_feeds(tmp_path, monkeypatch):
    for language in ("en", "de"):  # English and German stemming
        source = _project(tmp_path, language)
        fast = build_project(source, tmp_path / f"fast-{language}")
        with monkeypatch.context() as patch:
            patch.setattr(papersearch, "_feeds_as_written_against", lambda indexer: False)
            full = build_project(source, tmp_path / f"full-{language}")
        index = (fast.outdir / "searchindex.js").read_text(encoding="utf-8")
        assert index == (full.outdir / "searchindex.js").read_text(encoding="utf-8")
        # The paper pages are in it, by their titles' words.
        assert index.count('"publications/') >= 60


def test_a_paper_is_found_by_its_abstracts_words(tmp_path):
    source = _project(tmp_path, "en", owner="Ada Lovelace")
    (source / "refs.bib").write_text(
        "@article{lovelace1843notes, author = {Lovelace, Ada}, title = {Notes on the engine},"
        " journal = {Scientific Memoirs}, year = 1843,"
        " abstract = {Bernoulli numbers computed by the analytical engine}}\n",
        encoding="utf-8",
    )
    built = build_project(source, tmp_path / "one")
    index = (built.outdir / "searchindex.js").read_text(encoding="utf-8")
    # Stemmed ("comput") and on both pages: the list (document 0) and the paper page (1).
    assert '"docnames":["index","publications/lovelace1843notes"]' in index
    assert '"bernoulli":[0,1]' in index
    assert '"comput":[0,1]' in index
    # The title's words are the paper page's title terms.
    assert '"engin":1' in index.split('"titleterms":', 1)[1]
