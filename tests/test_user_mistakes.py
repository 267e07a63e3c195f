"""Mistakes beyond the .bib syntax: config, the owner's name, annotations."""

from __future__ import annotations

import shutil

import pytest

from .helpers import build_project

ENTRIES = (
    "@misc{one,\n  author = {Lovelace, Ada and Babbage, Charles},\n  title = {One},\n  year = 2020,\n}\n"
    "@misc{two,\n  author = {Babbage, Charles and Somerville, Mary},\n  title = {Two},\n  year = 2019,\n}\n"
)


@pytest.fixture
def project(tmp_path, rootdir):
    source = tmp_path / "mistakes"
    shutil.copytree(rootdir / "test-malformed", source)
    (source / "refs.bib").write_text(ENTRIES)
    return source


def build(project, tmp_path, **overrides):
    return build_project(project, tmp_path / "_build", overrides=overrides)


def shown(built) -> list[str]:
    return sorted(li["id"][4:] for li in built.page("index").select("li.bibfolio-entry"))


@pytest.mark.parametrize(
    ("value", "message"),
    [
        # An unset owner is no config mistake: tests/test_host_project.py covers it.
        (
            "Ada Lovelace",
            "bibfolio_owner should be a list of names; read 'Ada Lovelace' as ['Ada Lovelace']",
        ),
        (
            ["Ada Lovelace", 42],
            "bibfolio_owner: every name must be a non-empty string; using the default []",
        ),
    ],
)
def test_owner_config_mistakes(project, tmp_path, value, message):
    # Written in conf.py: -D overrides would turn a string into a list before bibfolio sees it.
    with (project / "conf.py").open("a") as conf:
        conf.write(f"bibfolio_owner = {value!r}\n")
    built = build(project, tmp_path)
    assert message in built.warnings
    assert "[bibfolio.config]" in built.warnings
    assert shown(built) == ["one", "two"]  # the list still shows
    bold = [s.get_text() for s in built.page("index").select("strong.bibfolio-owner")]
    assert bold == (["Ada Lovelace"] if isinstance(value, str) else [])


def test_owner_never_matched_names_the_closest(project, tmp_path):
    built = build(project, tmp_path, bibfolio_owner=["Ada Lovelase"])
    bib = project / "refs.bib"
    assert (
        f"{bib}:1: WARNING: the owner 'Ada Lovelase' (bibfolio_owner) matches no author in 2 "
        f"entries; closest author names: 'Ada Lovelace' [bibfolio.owner_not_found]"
    ) in built.warnings.splitlines()


def test_owner_missing_from_one_entry_of_a_list(project, tmp_path):
    built = build(project, tmp_path, bibfolio_owner=["Ada Lovelace"])
    assert built.warnings.splitlines() == [
        f"{project / 'refs.bib'}:6: WARNING: 'two' is in the publication list of index, but none "
        "of its authors matches bibfolio_owner: add the spelling it gives your name to "
        "bibfolio_owner (or mark the author N=highlight in author+an); a work you only cite "
        "needs no match: leave it out of the lists [bibfolio.owner_missing]"
    ]
    quiet = build(
        project,
        tmp_path,
        bibfolio_owner=["Ada Lovelace"],
        suppress_warnings=["bibfolio.owner_missing"],
    )
    assert quiet.warnings == ""


def test_owner_missing_names_the_closest_author_once_for_every_list(project, tmp_path):
    # In a short list and the full list of another page: one warning each, at the first page.
    with (project / "refs.bib").open("a") as bib:
        bib.write(
            "@misc{three,\n  author = {Lovelace, A.},\n  title = {Three},\n  year = 2021,\n}\n"
        )
    (project / "index.md").write_text(
        "# Home\n\n```{publications}\n:limit: 3\n```\n\n```{toctree}\n:hidden:\n\nall\n```\n"
    )
    (project / "all.md").write_text("# All\n\n```{publications}\n```\n")
    built = build(project, tmp_path, bibfolio_owner=["Ada Lovelace"])
    bib = project / "refs.bib"
    assert sorted(built.warnings.splitlines()) == [
        f"{bib}:11: WARNING: 'three' is in the publication list of all, but none of its "
        "authors matches bibfolio_owner: if 'A. Lovelace' is you, add it to bibfolio_owner (or "
        "mark the author N=highlight in author+an); a work you only cite needs no match: leave "
        "it out of the lists [bibfolio.owner_missing]",
        f"{bib}:6: WARNING: 'two' is in the publication list of all, but none of its authors "
        "matches bibfolio_owner: add the spelling it gives your name to bibfolio_owner (or "
        "mark the author N=highlight in author+an); a work you only cite needs no match: leave "
        "it out of the lists [bibfolio.owner_missing]",
    ]


def test_an_entry_no_list_shows_needs_no_owner_match(project, tmp_path):
    # A work the owner only cites: left out of the list, cited on the page.
    (project / "index.md").write_text(
        "# Home\n\nAs {cite:p}`two` shows.\n\n```{publications}\n:filter: owner\n```\n\n"
        "```{bibliography}\n:filter: cited\n```\n"
    )
    built = build(project, tmp_path, bibfolio_owner=["Ada Lovelace"])
    assert built.warnings == ""
    assert shown(built) == ["one"]


@pytest.mark.parametrize(
    ("annotation", "message"),
    [
        (
            "3=equal",
            "author+an of 'one': annotation '3=equal' refers to author 3, but the entry has 2 authors",
        ),
        (
            "first=equal",
            "author+an of 'one': malformed annotation 'first=equal' (expected N=name, e.g. 1=equal)",
        ),
        (
            "1=equl",
            "author+an of 'one': unknown annotation 'equl' (known: corresponding, equal, highlight)",
        ),
    ],
)
def test_annotation_mistakes(project, tmp_path, annotation, message):
    text = ENTRIES.replace(
        "  title = {One},", f"  author+an = {{{annotation}}},\n  title = {{One}},"
    )
    (project / "refs.bib").write_text(text)
    built = build(project, tmp_path, bibfolio_owner=["Ada Lovelace", "Charles Babbage"])
    assert built.warnings.splitlines() == [
        f"{project / 'refs.bib'}:3: WARNING: {message} [bibfolio.annotation]"
    ]
    assert shown(built) == ["one", "two"]
