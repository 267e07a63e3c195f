"""The fast path (cached entry HTML) writes exactly what the plain node path writes, and a
parallel build (-j 2) writes exactly what a serial one does."""

from __future__ import annotations

import filecmp
import shutil

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


@pytest.mark.parametrize("name", ["docs", "examples/liang-luo", "generated"])
def test_fast_path_output_is_identical(tmp_path, name):
    source = portfolio(name, tmp_path / "src")
    fast = build_project(source, tmp_path / "fast", environ=ON_READTHEDOCS)
    # The stubs are regenerated identically; start the second build from the same state.
    shutil.rmtree(source / "publications", ignore_errors=True)
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


@pytest.mark.parametrize("name", ["docs", "generated"])
def test_parallel_output_equals_serial(tmp_path, name):
    source = portfolio(name, tmp_path / "src")
    serial = build_project(source, tmp_path / "serial", environ=ON_READTHEDOCS)
    shutil.rmtree(source / "publications", ignore_errors=True)
    parallel = build_project(source, tmp_path / "parallel", environ=ON_READTHEDOCS, parallel=2)
    assert serial.warnings == parallel.warnings == ""
    compared = filecmp.dircmp(serial.outdir, parallel.outdir, ignore=[".doctrees"])
    serial_files, parallel_files = site_files(serial.outdir), site_files(parallel.outdir)
    assert sorted(serial_files) == sorted(parallel_files), compared.report()
    different = [name for name in serial_files if serial_files[name] != parallel_files[name]]
    assert different == []
