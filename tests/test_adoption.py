"""Both ways to adopt bibfolio work: copy this repository, or pip-install the wheel."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import venv
import zipfile
from typing import TYPE_CHECKING

import pytest

from .helpers import REPO, bib_files, build_project, portfolio_conf

if TYPE_CHECKING:
    from pathlib import Path

OWN_BIB = """@inproceedings{lovelace1843engine,
  author = {Lovelace, Ada and Babbage, Charles},
  author+an = {1=equal;2=equal},
  title = {Notes on the Analytical Engine},
  booktitle = {Scientific Memoirs},
  year = 1843,
  abbr = {SM'43},
  selected = {true},
}
@article{lovelace1842sketch,
  author = {Menabrea, Luigi and Lovelace, Ada},
  title = {Sketch of the Analytical Engine},
  journal = {Bibliothèque Universelle de Genève},
  year = 1842,
}
"""


def tracked_files() -> list[Path]:
    """The repository's files as a fresh clone has them."""
    result = subprocess.run(
        ["git", "ls-files"], cwd=REPO, capture_output=True, text=True, check=False
    )
    if result.returncode != 0:
        pytest.skip("not a git checkout: cannot tell which files a clone would have")
    return [REPO / line for line in result.stdout.splitlines() if (REPO / line).is_file()]


def test_template_copy_with_another_owner_builds_clean(tmp_path):
    copy = tmp_path / "my-portfolio"
    for path in tracked_files():
        target = copy / path.relative_to(REPO)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(path, target)
    # What the guide tells a new owner to change: conf.py, refs.bib and the pages.  docs/
    # is the demo's (refs.bib next to it) or, in a fork, the owner's (docs/refs.bib, from
    # bibfolio new): conf.py says which owner and which .bib.
    docs = copy / "docs"
    settings = portfolio_conf(docs)
    conf = docs / "conf.py"
    text = conf.read_text().replace(settings["bibfolio_owner"][0], "Ada Lovelace")
    if email := settings["bibfolio_profile"].get("email"):
        text = text.replace(f'"{email}"', '"ada@example.org"')
    conf.write_text(text)
    bib = bib_files(docs)[0]  # the only one, unless the owner splits their list
    bib.write_text(OWN_BIB)
    (docs / "honors.md").write_text(
        "# Honors & Awards\n\n- Her notes {cite:p}`lovelace1843engine` were read widely.\n"
    )
    pages = sorted({"publications", "honors", *(p.stem for p in docs.glob("*.md"))} - {"index"})
    (docs / "index.md").write_text(
        "# Ada Lovelace\n\n## Selected publications\n\n```{publications}\n:selected:\n```\n\n"
        "```{toctree}\n:hidden:\n\n" + "\n".join(pages) + "\n```\n"
    )
    built = build_project(
        docs, tmp_path / "_build", overrides={"bibtex_bibfiles": [os.path.relpath(bib, docs)]}
    )
    assert built.warnings == ""
    entry = built.page("publications").find("li", id="pub-lovelace1843engine")
    assert entry.select_one("strong.bibfolio-owner").get_text() == "Ada Lovelace"
    assert [p.get_text() for p in built.page("publications").select(".bibfolio-legend")] == [
        "*: equal contribution"
    ]
    link = built.page("honors").select_one("span.bibtex-citation a")["href"]
    assert link == "publications.html#pub-lovelace1843engine"


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    dist = tmp_path_factory.mktemp("dist")
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", str(dist), str(REPO)],
        check=True,
    )
    (found,) = dist.glob("bibfolio-*.whl")
    return found


def test_wheel_carries_the_static_assets(wheel):
    names = zipfile.ZipFile(wheel).namelist()
    for asset in (
        "bibfolio/static/bibfolio.css",
        "bibfolio/static/bibfolio.js",
        "bibfolio/templates/layout.html",
        "bibfolio/templates/notfound/bibfolio-notfound.html",
        "bibfolio/py.typed",
    ):
        assert asset in names
    assert not [name for name in names if name.startswith(("tests/", "docs/"))]


def test_existing_project_uses_the_wheel_from_a_clean_venv(wheel, tmp_path):
    environment = tmp_path / "venv"
    venv.create(environment, with_pip=True)
    python = environment / "bin" / "python"
    # A PYTHONPATH naming a checkout's _ext (as .ci/run sets for a fork) is not the venv's.
    clean = {name: value for name, value in os.environ.items() if name != "PYTHONPATH"}
    subprocess.run(
        [str(python), "-m", "pip", "install", "--quiet", str(wheel), "myst-parser"],
        check=True,
        env=clean,
    )
    site = tmp_path / "existing-project"
    site.mkdir()
    (site / "conf.py").write_text(
        'project = "An existing project"\n'
        'extensions = ["myst_parser", "sphinxcontrib.bibtex", "bibfolio"]\n'
        'bibtex_bibfiles = ["refs.bib"]\n'
        'bibfolio_owner = ["Ada Lovelace"]\n'
    )
    (site / "refs.bib").write_text(OWN_BIB)
    (site / "index.md").write_text(
        "# Existing docs\n\nSee {cite:t}`lovelace1842sketch`.\n\n```{toctree}\npapers\n```\n"
    )
    (site / "papers.md").write_text("# Papers\n\n```{publications}\n```\n")
    result = subprocess.run(
        [str(environment / "bin" / "sphinx-build"), "-nW", "--keep-going", "-b", "html",
         str(site), str(tmp_path / "out")],
        capture_output=True, text=True, check=False, env=clean,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    out = tmp_path / "out"
    assert (out / "_static" / "bibfolio.css").is_file()
    assert (out / "_static" / "bibfolio.js").is_file()
    papers = (out / "papers.html").read_text(encoding="utf-8")
    assert '<strong class="bibfolio-owner">Ada Lovelace</strong>' in papers
    assert (out / "publications" / "lovelace1843engine.html").is_file()
    # The wheel, not this checkout, is what ran.
    shown = subprocess.run(
        [str(python), "-c", "import bibfolio; print(bibfolio.__file__)"],
        capture_output=True, text=True, check=True, env=clean,
    ).stdout  # fmt: skip
    assert str(environment) in shown
