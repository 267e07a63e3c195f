"""The fast path (cached entry HTML) writes exactly what the plain node path writes, and a
parallel build (-j 2) writes exactly what a serial one does."""

from __future__ import annotations

import filecmp

import pytest

from .bench.genbib import generate
from .helpers import ON_READTHEDOCS, build_project, copy_portfolio


def site_files(outdir) -> dict[str, bytes]:
    return {
        str(path.relative_to(outdir)): path.read_bytes()
        for path in sorted(outdir.rglob("*"))
        # .buildinfo records the config hash, which differs by design between the runs.
        if path.is_file() and ".doctrees" not in path.parts and path.name != ".buildinfo"
    }


def generated_site(tmp_path, n: int = 120):
    source = tmp_path / "generated"
    source.mkdir(parents=True)
    (source / "refs.bib").write_text(generate(n, seed=7), encoding="utf-8")
    (source / "conf.py").write_text(
        'extensions = ["myst_parser", "sphinxcontrib.bibtex", "bibfolio"]\n'
        'bibtex_bibfiles = ["refs.bib"]\n'
        'bibfolio_owner = ["Liang Luo"]\n'
        'html_theme = "pydata_sphinx_theme"\n'
    )
    (source / "index.md").write_text("# Publications\n\n```{publications}\n```\n")
    return source


def portfolio(name: str, tmp_path):
    if name == "generated":
        return generated_site(tmp_path)
    return copy_portfolio(name, tmp_path)


@pytest.mark.parametrize("name", ["mingyu-liang", "liang-luo", "generated"])
def test_fast_path_output_is_identical(tmp_path, name):
    source = portfolio(name, tmp_path / "src")
    fast = build_project(source, tmp_path / "fast", environ=ON_READTHEDOCS)
    plain = build_project(
        source,
        tmp_path / "plain",
        environ=ON_READTHEDOCS,
        overrides={"bibfolio_fast_render": False},
    )
    assert fast.warnings == plain.warnings == ""
    fast_files, plain_files = site_files(fast.outdir), site_files(plain.outdir)
    assert sorted(fast_files) == sorted(plain_files)
    different = [name for name in fast_files if fast_files[name] != plain_files[name]]
    assert different == []


@pytest.mark.parametrize("name", ["mingyu-liang", "generated"])
def test_parallel_output_equals_serial(tmp_path, name):
    source = portfolio(name, tmp_path / "src")
    serial = build_project(source, tmp_path / "serial", environ=ON_READTHEDOCS)
    parallel = build_project(source, tmp_path / "parallel", environ=ON_READTHEDOCS, parallel=2)
    assert serial.warnings == parallel.warnings == ""
    compared = filecmp.dircmp(serial.outdir, parallel.outdir, ignore=[".doctrees"])
    serial_files, parallel_files = site_files(serial.outdir), site_files(parallel.outdir)
    assert sorted(serial_files) == sorted(parallel_files), compared.report()
    different = [name for name in serial_files if serial_files[name] != parallel_files[name]]
    assert different == []


def _sample_tree():
    from docutils import nodes

    link = nodes.reference("", "PDF & <more>", refuri="https://example.org/a?b=1&c=2")
    link["classes"] = ["bibfolio-link"]
    tree = nodes.container(classes=["bibfolio-entry"])
    line = nodes.paragraph()
    line += nodes.inline("", 'Zoë <O\'Neil> @ "home"', classes=["bibfolio-authors"])
    line += nodes.strong("", "Owner", classes=["bibfolio-owner"])
    line += nodes.emphasis("", "Venue")
    line += link
    line += nodes.reference("", "page", refuri="../p.html", internal=True, reftitle="Title")
    line += nodes.reference("", "someone@example.org", refuri="mailto:someone@example.org")
    line += nodes.inline("", "small", classes=["small"])  # an HTML5 inline tag: stock path
    line += nodes.literal("", "", nodes.inline("", "code", classes=["k"]))
    tree += line
    tree += nodes.container("", nodes.paragraph("", "inserted"), classes=["ins"])
    # A list item's only paragraph is written without the newline after </p>.
    alone = nodes.paragraph("", "alone", classes=["bibfolio-head"])
    tree += nodes.bullet_list("", nodes.list_item("", alone))
    return tree


def test_direct_writer_writes_what_the_translator_writes(tmp_path):
    from types import MethodType

    from docutils.utils import new_document
    from sphinx.testing.util import SphinxTestApp

    from bibfolio.build.fragments import DirectWriter

    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "conf.py").write_text("cloak_email_addresses = True\n")
    (tmp_path / "src" / "index.rst").write_text("Home\n====\n")
    app = SphinxTestApp("html", srcdir=tmp_path / "src", builddir=tmp_path / "out")
    try:
        app.build()  # sets up the writer settings translators are made with

        def translator():
            document = new_document("<test>", app.builder.docsettings)
            document.settings.env = app.env
            made = app.builder.create_translator(document, app.builder)
            made.body = []
            return made

        plain = translator()
        tree = _sample_tree()
        tree.document = plain.document
        tree.walkabout(plain)
        direct = DirectWriter(translator())
        tree = _sample_tree()
        tree.document = direct.translator.document
        direct.write(tree)
        assert "".join(direct.translator.body) == "".join(plain.body)
        assert "&#64;" in "".join(plain.body)
        assert len(direct._methods) == 7  # all stock visitors here

        # A translator whose strong visitor was replaced: strong goes the stock way.
        changed = translator()
        changed.visit_strong = MethodType(lambda self, node: self.body.append("<b>"), changed)
        assert nodes_handled(DirectWriter(changed)) == {
            "Text",
            "inline",
            "container",
            "emphasis",
            "paragraph",
            "reference",
        }
    finally:
        app.cleanup()


def nodes_handled(writer) -> set[str]:
    return {kind.__name__ for kind in writer._methods}
