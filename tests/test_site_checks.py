"""bibfolio.testing: a site's checks pass on a fresh site and name what is wrong in a broken one."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from typing import TYPE_CHECKING

import pytest

from bibfolio.scaffold import new_site
from bibfolio.testing import build_site, checks

from .helpers import REPO

if TYPE_CHECKING:
    from pathlib import Path

pytestmark = pytest.mark.portfolio
CHECKS = [
    "test_the_site_builds_with_n_and_w",
    "test_every_entry_has_an_author_the_owner_matches",
    "test_every_listed_entry_shows_the_owner_in_bold",
    "test_no_internal_link_or_resource_is_dangling",
    "test_every_page_is_reachable_from_the_home_page",
    "test_nothing_private_is_published",
]


def site_tests(site: Path) -> tuple[dict[str, str], str]:
    """Run the site's own tests/ as its nox session does; each check's outcome by name."""
    env = {**os.environ, "PYTHONPATH": str(REPO / "_ext"), "NO_COLOR": "1"}
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-vv", "-p", "no:cacheprovider", "-p", "no:randomly"],
        cwd=site, capture_output=True, text=True, check=False, env=env, timeout=600,
    )  # fmt: skip
    found = dict(re.findall(r"tests/test_site\.py::(\w+)\b.*? (PASSED|FAILED)", result.stdout))
    assert sorted(found) == sorted(CHECKS), result.stdout + result.stderr
    return found, result.stdout


def test_a_fresh_site_passes_every_check(tmp_path):
    site = tmp_path / "site"
    new_site(site, "Priya Raman")
    assert site_tests(site)[0] == dict.fromkeys(CHECKS, "PASSED")


def test_a_site_with_a_talk_and_a_paper_passes_every_check(tmp_path):
    """A talk is listed as an entry of the talks page and the CV, with no authors to bold."""
    site = tmp_path / "site"
    new_site(site, "Priya Raman")
    (site / "docs" / "talks.yml").write_text(
        "- title: Weights for surveys\n  event: Methods Seminar\n  date: 2026-02-14\n"
    )
    (site / "refs.bib").write_text(
        "@article{raman2026weights,\n  author = {Raman, Priya},\n  title = {Weights},\n"
        "  journal = {Survey Methods},\n  year = {2026},\n}\n"
    )
    assert site_tests(site)[0] == dict.fromkeys(CHECKS, "PASSED")


def test_a_broken_site_fails_the_checks_that_see_it(tmp_path):
    site = tmp_path / "site"
    new_site(site, "Priya Raman")
    # A page in no toctree (orphan: no Sphinx warning) and a link to an anchor that is not there.
    (site / "docs" / "extra.md").write_text("---\norphan: true\n---\n# Extra\n")
    # A page of html_extra_path (copied as it is, no warning) with a link to a missing anchor.
    (site / "docs" / "_extra").mkdir()
    (site / "docs" / "_extra" / "links.html").write_text(
        '<html><body><a href="honors.html#no-such-anchor">x</a></body></html>\n'
    )
    conf = site / "docs" / "conf.py"
    conf.write_text(conf.read_text() + 'html_extra_path = ["_extra"]\n')
    # An entry none of whose authors is the owner.
    with (site / "refs.bib").open("a") as bib:
        bib.write("\n@misc{other2020,\n  author = {Someone Else},\n  title = {Not Mine},\n"
                  "  year = {2020},\n}\n")  # fmt: skip
    # An e-mail address the owner did not write, published through the .bib.
    with (site / "refs.bib").open("a") as bib:
        bib.write("\n@misc{raman2021,\n  author = {Priya Raman},\n  title = {Mine},\n"
                  "  note = {ask stranger@example.net},\n  year = {2021},\n}\n")  # fmt: skip
    outcome, output = site_tests(site)
    assert outcome == dict.fromkeys(CHECKS, "FAILED")
    # Each names what it found: the build its warning, the others the entry, link, page, address.
    assert "WARNING: entry 'other2020'" in output or "other2020" in output
    assert "[bibfolio.owner_missing]" in output
    # The build and the check say the same, naming the setting that applies.
    said = "'other2020' is in the publication list of index, but none of its authors "
    said += "matches bibfolio_owner: add the spelling it gives your name to bibfolio_owner"
    assert output.count(said) >= 2  # the build's warning, and the check's failure
    assert "'links.html'," in output and "'honors.html#no-such-anchor'," in output
    assert "'extra.html'" in output
    assert "stranger@example.net" in output


def only_cited(site: Path, entry: str) -> None:
    """Add *entry* to the site's .bib, keep it out of every list, and cite it on a page."""
    with (site / "refs.bib").open("a") as bib:
        bib.write(entry)
    for page in (site / "docs").glob("*.md"):
        text = page.read_text()
        if "```{publications}\n" in text:
            page.write_text(
                text.replace("```{publications}\n", "```{publications}\n:filter: owner\n")
            )
    with (site / "docs" / "teaching.md").open("a") as page:
        page.write("\nAs {cite:p}`other2020` shows.\n\n```{bibliography}\n:filter: cited\n```\n")


OTHER = (
    "\n@misc{other2020,\n  author = {Someone Else},\n  title = {Not Mine},\n  year = {2020},\n}\n"
)
MINE = "\n@misc{raman2021,\n  author = {Priya Raman},\n  title = {Mine},\n  year = {2021},\n}\n"


def test_a_work_the_owner_only_cites_needs_no_match(tmp_path):
    # GUIDE: leave it out of your lists.  The build is green, and so are the site's tests.
    site = tmp_path / "site"
    new_site(site, "Priya Raman")
    only_cited(site, MINE + OTHER)
    outcome, output = site_tests(site)
    assert outcome == dict.fromkeys(CHECKS, "PASSED"), output


def test_the_build_and_the_check_name_the_members_on_a_group_site(tmp_path):
    # A group site's conf.py has no bibfolio_owner: the members' aliases are what applies.
    site = tmp_path / "site"
    new_site(site, "Ada Quill", group="Quill Lab")
    with (site / "refs.bib").open("a") as bib:
        bib.write(OTHER)
    listing = site / "docs" / "publications.md"
    listing.write_text(
        listing.read_text().replace("```{group-publications}\n", "```{group-publications}\n:all:\n")
    )
    docs = (site / "docs").resolve()
    built = build_site(docs, tmp_path / "html")
    said = (
        "'other2020' is in the publication list of publications, but none of its authors is a "
        "member of the group: add the spelling it gives a member's name to their aliases (or "
        "mark the author N=highlight in author+an); a work the group only cites needs no "
        "match: leave it out of the lists"
    )
    assert f"{site.resolve() / 'refs.bib'}:" in built.output
    assert f"WARNING: {said} [bibfolio.owner_missing]" in built.output
    with pytest.raises(AssertionError) as failed:
        checks.test_every_entry_has_an_author_the_owner_matches(docs, built)
    assert said in str(failed.value)
    assert "bibfolio_owner" not in str(failed.value)  # a group site's conf.py has none


def test_a_redirect_is_no_page_but_its_target_must_exist(tmp_path):
    pytest.importorskip("sphinx_reredirects", reason="the docs extra's redirects")
    # A site moved in keeps its old addresses as sphinx-reredirects' redirects: each an
    # HTML file with a refresh and no body, which no page links to.
    site = tmp_path / "site"
    new_site(site, "Priya Raman")
    conf = site / "docs" / "conf.py"
    conf.write_text(
        conf.read_text() + 'extensions += ["sphinx_reredirects"]\n'
        'redirects = {"old-home": "index.html", "old/page": "/index.html"}\n'
    )
    built = build_site(site / "docs", tmp_path / "html")
    assert built.returncode == 0, built.output
    assert checks.redirects(built) == {
        built.outdir / "old-home.html": "index.html",
        built.outdir / "old" / "page.html": "../index.html",
    }
    checks.test_every_page_is_reachable_from_the_home_page(built)
    checks.test_no_internal_link_or_resource_is_dangling(built)
    # A redirect to nothing is a dangling link (this one is relative to old/: old/index.html).
    conf.write_text(conf.read_text() + 'redirects["old/gone"] = "index.html"\n')
    built = build_site(site / "docs", tmp_path / "html-2")
    assert checks.redirects(built)[built.outdir / "old" / "gone.html"] == "index.html"
    with pytest.raises(AssertionError):
        checks.test_no_internal_link_or_resource_is_dangling(built)
    (built.outdir / "old" / "index.html").write_text("<html><body>Old</body></html>")
    checks.test_no_internal_link_or_resource_is_dangling(built)  # it was that link
    (built.outdir / "old" / "index.html").unlink()
    checks.test_every_page_is_reachable_from_the_home_page(built)
    # A page that only waits before it refreshes, and shows something, is a page.
    soup = built.soup(built.outdir / "old" / "gone.html")
    assert checks.redirect_target(soup) == "index.html"
    (built.outdir / "later.html").write_text(
        '<html><head><meta http-equiv="refresh" content="30; url=index.html"></head>'
        "<body><p>This page has moved.</p></body></html>"
    )
    with pytest.raises(AssertionError):
        checks.test_every_page_is_reachable_from_the_home_page(built)
