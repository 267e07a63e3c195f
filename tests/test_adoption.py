"""Adopting bibfolio by copying this repository works (the pip-installed wheel: test_package.py)."""

from __future__ import annotations

import os
import shutil
import subprocess
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
