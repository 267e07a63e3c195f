"""The guide and the README stay true: every value, option, field and warning is
documented, and the commands they show run."""

from __future__ import annotations

import re
import shlex
import shutil
import subprocess
import sys
import tomllib

import pytest

from bibfolio.build.config import OPTIONS
from bibfolio.model.links import LINK_FIELDS
from bibfolio.pages.directives import PublicationsDirective
from bibfolio.reading.bibfields import PRESENTATION_FIELDS
from bibfolio.reading.diagnostics import SUBTYPES

from .helpers import REPO, build_project

GUIDE = (REPO / "GUIDE.md").read_text(encoding="utf-8")
README = (REPO / "README.md").read_text(encoding="utf-8")
PYPROJECT = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))


def table_rows(text: str, heading: str) -> list[str]:
    """The rows of the first table after *heading*."""
    section = text[text.index(heading) :]
    rows, started = [], False
    for line in section.splitlines()[1:]:
        if line.startswith("|"):
            started = True
            rows.append(line)
        elif started:
            break
    return rows[2:]


def first_cells(rows: list[str]) -> list[str]:
    return [row.split("|")[1].strip().strip("`") for row in rows]


def test_every_configuration_value_is_documented_with_its_default():
    rows = table_rows(GUIDE, "### Configuration values")
    assert first_cells(rows) == list(OPTIONS)
    for row, (name, option) in zip(rows, OPTIONS.items(), strict=True):
        default = row.split("|")[3].strip()
        if isinstance(option.default, (bool, int, str)) or option.default in ([], {}):
            assert default == f"`{option.default!r}`".replace("'", '"'), name


def test_every_directive_option_is_documented():
    documented = first_cells(table_rows(GUIDE, "### The `{publications}` directive"))
    assert [cell.strip(":") for cell in documented] == list(PublicationsDirective.option_spec)


def test_every_warning_subtype_is_documented():
    assert first_cells(table_rows(GUIDE, "### Warnings")) == list(SUBTYPES)


def test_every_field_is_documented():
    fields_section = GUIDE[GUIDE.index("### .bib fields") : GUIDE.index("### Author annotations")]
    for name in {*PRESENTATION_FIELDS, *(field for field, _, _ in LINK_FIELDS)}:
        assert f"`{name}`" in fields_section, name


def test_the_fields_visitors_never_see_are_listed():
    # The paragraph after the ".bib fields" table names reading/bibfields.py's set, in order.
    section = GUIDE[
        GUIDE.index("Visitors never see the fields") : GUIDE.index("### Private fields")
    ]
    names = re.findall(r"`([^`]+)`", section[: section.index("; mark symbols")])
    annotations = {name for name in PRESENTATION_FIELDS if name.endswith("+an")}
    assert [name for name in names if not name.endswith("+an")] == sorted(
        PRESENTATION_FIELDS - annotations
    )
    assert {name for name in names if name.endswith("+an")} == annotations | {"<name>+an"}


def test_the_checker_command_runs_clean_on_refs_bib(tmp_path):
    # The command as documented, on the demo's refs.bib (a fork's own is at docs/refs.bib).
    shutil.copy2(REPO / "examples" / "mingyu-liang" / "refs.bib", tmp_path / "refs.bib")
    (command,) = re.findall(r"^python3 -m bibfolio check .*$", GUIDE, flags=re.MULTILINE)
    assert command in README
    argv = command.replace("python3", sys.executable, 1)
    result = subprocess.run(
        argv, shell=True, cwd=tmp_path, capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stdout + result.stderr
    # No finding: only the summary, on stdout.
    assert result.stdout.splitlines() == [
        "refs.bib: 5 entries, 0 problems",
        "owner 'Mingyu Liang': matches an author in 5 of 5 entries",
    ]


def test_the_existing_project_snippet_builds(tmp_path):
    section = GUIDE[GUIDE.index("## Add bibfolio to an existing Sphinx project") :]
    snippet = re.search(r"```python\n(.*?)```", section, flags=re.DOTALL).group(1)
    (tmp_path / "conf.py").write_text(snippet)
    (tmp_path / "refs.bib").write_text(
        "@misc{one, author = {Lovelace, Ada}, title = {One}, year = 1843}\n"
    )
    (tmp_path / "index.md").write_text("# Home\n\n```{publications}\n```\n")
    built = build_project(tmp_path, tmp_path / "_build")
    assert built.warnings == ""
    assert built.page("index").select_one("strong.bibfolio-owner").get_text() == "Ada Lovelace"


def test_nox_sessions_named_in_the_docs_exist():
    # This checkout's sessions, and those of a site made by `bibfolio new` (its template's).
    site = REPO / "_ext" / "bibfolio" / "scaffold" / "template" / "site" / "noxfile.py.jinja"
    noxfile = (REPO / "noxfile.py").read_text() + site.read_text()
    sessions = re.findall(r"@nox\.session(?:\((.*)\))?\ndef (\w+)", noxfile)
    names = set()
    for arguments, function in sessions:
        explicit = re.search(r'name="([\w-]+)"', arguments)
        names.add(explicit[1] if explicit else function)
    assert {"tests", "docs-live", "import", "lowest"} <= names
    mentioned = set(re.findall(r"nox -s ([\w-]+)", GUIDE + README))
    assert mentioned <= names, mentioned - names


def sessions_ci_runs() -> set[str]:
    """The nox sessions .ci/run runs (an ``--install-only`` line only installs)."""
    script = (REPO / ".ci" / "run").read_text()
    lines = [line for line in script.splitlines() if not line.lstrip().startswith("#")]
    runs = [line for line in lines if "python3 -m nox" in line and "--install-only" not in line]
    return {name for line in runs for name in re.findall(r"-s (\w+)", line)}


def test_readme_test_command_is_what_ci_runs():
    commands = re.findall(
        r"^python3 -m pip install nox && python3 -m nox -s (\w+(?: \w+)*)",
        README,
        flags=re.MULTILINE,
    )
    assert len(commands) == 2
    # ... and the lowest versions too (issue 30), beside the README's command.
    assert {*commands[1].split(), "lowest"} <= sessions_ci_runs()


@pytest.mark.parametrize("hook", ["bibfolio-check"])
def test_pre_commit_hook_id_matches_the_guide(hook):
    assert f"id: {hook}" in (REPO / ".pre-commit-hooks.yaml").read_text()
    assert f"id: {hook}" in GUIDE


def requirements_and_lines() -> list[tuple[str, list[str], int]]:
    """Every requirement of pyproject.toml with the file's lines and the line it is on."""
    text = (REPO / "pyproject.toml").read_text(encoding="utf-8")
    project = tomllib.loads(text)
    requirements = [
        *project["build-system"]["requires"],
        *project["project"]["dependencies"],
        *(r for extra in project["project"]["optional-dependencies"].values() for r in extra),
    ]
    lines = text.splitlines()
    found = []
    for requirement in requirements:
        quoted = f'"{requirement}"'
        number = next(i for i, line in enumerate(lines) if quoted in line)
        found.append((requirement, lines, number))
    return found


def test_every_lower_bound_says_why():
    """Issue 30: a comment on the bound's line or right above it (its block) gives the reason."""
    unexplained = []
    for requirement, lines, number in requirements_and_lines():
        if not re.search(r">=|==", requirement):
            continue
        line, above = lines[number], lines[number - 1].strip()
        if "#" not in line.split(f'"{requirement}"', 1)[1] and not above.startswith("#"):
            unexplained.append(requirement)
    assert unexplained == []


def test_lowest_runs_on_the_oldest_python_declared():
    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    oldest = project["project"]["requires-python"].removeprefix(">=")
    noxfile = (REPO / "noxfile.py").read_text(encoding="utf-8")
    assert f'@nox.session(python="{oldest}")\ndef lowest(' in noxfile


#: The owner's path in the guide: a site repository, from `bibfolio new` to its upgrade.
OWNER_PATH = ("## A portfolio of your own", "### Deprecations")
#: The owner's commands that are not run, only checked for their form, and why.
FORM_ONLY = {
    "python3 -m pip install bibfolio": "PyPI: the test runs this checkout's bibfolio",
    "python3 -m nox -s docs-live": "a server until stopped: tests/test_live_preview.py",
    "git push -u origin main": "the network: the test checks that the branch exists",
    'git commit -am "bibfolio X.Y.Z"': "after a bump to a next release: test_upgrade_proof.py",
}
#: Placeholders of the guide's commands, as an owner fills them in.
FILLED_IN = {"<you>": "priya", "<repo>": "my-site"}


def owner_commands() -> list[str]:
    """Every command of the console blocks of the guide's owner path, in order."""
    start, end = (GUIDE.index(heading) for heading in OWNER_PATH)
    blocks = re.findall(r"^ *```console\n(.*?)^ *```", GUIDE[start:end], re.M | re.S)
    return [line.strip() for block in blocks for line in block.splitlines() if line.strip()]


def as_run_here(command: str) -> str:
    """*command* as the test runs it: this checkout's bibfolio, nox without installing
    (no network), the push's stand-in (the branch it pushes exists)."""
    if command == "git push -u origin main":
        return "git rev-parse --verify --quiet refs/heads/main"
    for placeholder, value in FILLED_IN.items():
        command = command.replace(placeholder, value)
    python = shlex.quote(sys.executable)
    command = command.replace("python3 -m pip install nox && ", "")
    command = command.replace("python3 -m nox ", f"{python} -m nox --no-venv --no-install ")
    return re.sub(r"^bibfolio ", f"{python} -m bibfolio ", command)


@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
def test_the_owners_commands_run_on_a_site_made_by_bibfolio_new(tmp_path):
    """Issue 45: each command of the owner's path, in the guide's order, in one site."""
    from bibfolio.scaffold import BRANCH

    from .test_new_portfolio import PRIYA_BIB, VENV_FIRST

    commands = owner_commands()
    assert set(FORM_ONLY) <= set(commands), set(FORM_ONLY) - set(commands)
    # The forms: the package PyPI has, the branch the workflows build.
    assert f"python3 -m pip install {PYPROJECT['project']['name']}" in commands
    assert f"git push -u origin {BRANCH}" in commands
    assert not [command for command in commands if "docs/refs.bib" in command]  # a fork's
    config = tmp_path / "gitconfig"  # a git whose own default branch is master
    config.write_text(
        "[init]\n\tdefaultBranch = master\n[user]\n\tname = Priya Raman\n"
        "\temail = priya@example.org\n[commit]\n\tgpgsign = false\n"
    )
    env = {
        **VENV_FIRST, "PYTHONPATH": str(REPO / "_ext"), "GIT_CONFIG_GLOBAL": str(config),
        "GIT_CONFIG_NOSYSTEM": "1", "NO_COLOR": "1",
    }  # fmt: skip
    (tmp_path / "priya.bib").write_text(PRIYA_BIB)
    folder, ran = tmp_path, []
    for command in commands:
        if command in FORM_ONLY and command != "git push -u origin main":
            continue
        here = command
        if command.startswith("cd "):  # the folder the next commands run in too
            place, here = command.removeprefix("cd ").split(" && ", 1)
            folder = folder / place
        result = subprocess.run(
            as_run_here(here), shell=True, cwd=folder, capture_output=True, text=True,
            check=False, env=env, timeout=600,
        )  # fmt: skip
        assert result.returncode == 0, (command, result.stdout[-3000:], result.stderr[-3000:])
        ran.append((command, result.stdout + result.stderr))
    site = tmp_path / "my-site"
    outputs = dict(ran)
    assert len(ran) >= len(commands) - len(FORM_ONLY) + 1, [command for command, _ in ran]
    assert "build succeeded." in outputs["python3 -m nox -s docs"]
    assert re.search(r"\b6 passed in ", outputs["python3 -m nox -s tests"])
    assert (
        "refs.bib: 2 entries, 0 problems"
        in outputs['python3 -m nox -s check -- --owner "Priya Raman"']
    )
    assert "the scaffold files are bibfolio" in outputs["python3 -m nox -s upgrade"]
    assert "posts turned on" in outputs["python3 -m nox -s upgrade -- --posts"]
    branch = subprocess.run(
        ["git", "branch", "--show-current"], cwd=site, capture_output=True, text=True, check=True
    )
    assert branch.stdout.strip() == BRANCH
    # What the site shows: only what was given (the name and the .bib).
    home = (site / "docs" / "_build" / "html" / "index.html").read_text()
    assert "Sparse Attention for Streaming Sensor Data" in home
    for words in ("Example text", "replace it", "Your position", "Example Entry"):
        assert words not in home, words


def _anchors(text: str) -> set[str]:
    """The anchors GitHub gives *text*'s headings (outside code blocks), and its own ids."""
    anchors: set[str] = set(re.findall(r"<a (?:id|name)=\"([^\"]+)\"", text))
    seen: dict[str, int] = {}
    fence = ""
    for line in text.splitlines():
        opener = re.match(r"\s*(`{3,}|~{3,})", line)
        if opener and (not fence or opener[1].startswith(fence)):
            fence = "" if fence else opener[1]
            continue
        heading = re.match(r"#{1,6} (.+)", line)
        if fence or not heading:
            continue
        slug = re.sub(r"[^\w\- ]", "", heading[1].strip().lower()).replace(" ", "-")
        count = seen.get(slug, 0)
        seen[slug] = count + 1
        anchors.add(f"{slug}-{count}" if count else slug)
    return anchors


@pytest.mark.parametrize("name", ["GUIDE.md", "README.md"])
def test_every_link_to_a_heading_finds_it(name):
    text = (REPO / name).read_text(encoding="utf-8")
    anchors = _anchors(text)
    assert "news-and-talks" in anchors or name == "README.md"
    links = re.findall(r"\]\(#([^)\s]+)\)", text)
    assert links
    assert sorted({link for link in links if link not in anchors}) == []
