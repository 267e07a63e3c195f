"""``bibfolio new NEW --from OLD``: bad input is one line and exit 2, OLD is never written."""

from __future__ import annotations

import hashlib
import shutil
import socket
from pathlib import Path

import pytest

from bibfolio.__main__ import main

HERE = Path(__file__).parent
#: Every old site the tests hold: the templates' demos and the fictional cases.
OLD_SITES = sorted(
    path for folder in ("sites", "cases") for path in (HERE / folder).iterdir() if path.is_dir()
)


def digest(root: Path) -> dict[str, str]:
    """Every file of *root* (relative path) → its SHA-256: what "untouched" means."""
    return {
        str(path.relative_to(root)): hashlib.sha256(path.read_bytes()).hexdigest()
        for path in sorted(root.rglob("*"))
        if path.is_file()
    }


def test_an_old_site_that_does_not_exist_is_one_line_and_exit_2(tmp_path, capsys):
    status = main(["new", str(tmp_path / "new"), "--from", str(tmp_path / "nowhere")])
    err = capsys.readouterr().err
    assert status == 2
    assert err == (
        f"bibfolio new: error: {tmp_path / 'nowhere'} does not exist; give --from the folder "
        "of the old site's checkout\n"
    )
    assert not (tmp_path / "new").exists()


def test_a_new_folder_that_is_not_empty_is_refused_and_nothing_is_written(tmp_path, capsys):
    old = tmp_path / "old"
    shutil.copytree(HERE / "sites" / "academicpages", old)
    new = tmp_path / "new"
    new.mkdir()
    (new / "notes.txt").write_text("mine\n")
    before = digest(old)
    status = main(["new", str(new), "--from", str(old)])
    assert status == 2
    assert "already exists and is not empty" in capsys.readouterr().err
    assert sorted(p.name for p in new.iterdir()) == ["notes.txt"]
    assert digest(old) == before


def test_options_the_old_site_decides_cannot_be_given(tmp_path, capsys):
    status = main(["new", str(tmp_path / "new"), "--from", str(tmp_path), "--group", "Lab"])
    assert status == 2
    assert "--group cannot be given with --from" in capsys.readouterr().err


def test_a_new_folder_inside_the_old_site_is_refused(tmp_path, capsys):
    (tmp_path / "_config.yml").write_text("title: x\n")
    status = main(["new", str(tmp_path / "site"), "--from", str(tmp_path)])
    assert status == 2
    assert "the old site is never written to" in capsys.readouterr().err
    assert not (tmp_path / "site").exists()


def test_a_folder_of_no_known_template_says_what_was_looked_for(tmp_path, capsys):
    old = tmp_path / "old"
    old.mkdir()
    (old / "README.md").write_text("# My notes\n")
    status = main(["new", str(tmp_path / "new"), "--from", str(old)])
    err = capsys.readouterr().err
    assert status == 2
    assert err.startswith(f"bibfolio new: error: {old} is no site bibfolio can move in;")
    assert "al-folio: " in err and "academicpages: " in err
    assert err.count("\n") == 1
    assert not (tmp_path / "new").exists()
    assert digest(old) == {"README.md": digest(old)["README.md"]}


def test_moving_in_prints_the_summary_and_where_the_report_is(tmp_path, capsys):
    old = tmp_path / "old"
    shutil.copytree(HERE / "sites" / "academicpages", old)
    before = digest(old)
    status = main(["new", str(tmp_path / "new"), "--from", str(old), "--name", "Ada Hörner"])
    out = capsys.readouterr().out
    assert status == 0
    assert out.startswith(f"Made a site repository for Ada Hörner in {tmp_path / 'new'}, from")
    assert "Moved in from academicpages: " in out
    assert f"{tmp_path / 'new' / 'MIGRATION.md'}\n" in out
    report = (tmp_path / "new" / "MIGRATION.md").read_text()
    assert "| kind | found | converted |" in report
    assert "## Template demo content left out" in report
    assert digest(old) == before


@pytest.mark.parametrize("old", OLD_SITES, ids=lambda path: f"{path.parent.name}/{path.name}")
def test_moving_in_reads_no_network_and_writes_nothing_into_the_old_site(
    old, tmp_path, monkeypatch
):
    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError(f"moving in opened a network connection: {args}")

    monkeypatch.setattr(socket.socket, "connect", refuse)
    monkeypatch.setattr(socket, "create_connection", refuse)
    before = digest(old)
    assert (
        main(["new", str(tmp_path / "site"), "--from", str(old), "--name", "Imogen Quarrie"]) == 0
    )
    assert digest(old) == before
    assert (tmp_path / "site" / "MIGRATION.md").is_file()
