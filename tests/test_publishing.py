"""Publishing: the GitHub Pages workflow and Read the Docs build what ``nox -s docs`` builds."""

from __future__ import annotations

import os
import re
import subprocess
import sys

import yaml
from bs4 import BeautifulSoup

from bibfolio.scaffold import new_portfolio

from .helpers import REPO

WORKFLOW = REPO / ".github" / "workflows" / "pages.yml"
CANONICAL = "https://priya-raman.readthedocs.io/"


def readme_build_command() -> str:
    """The README's set-up command that builds the site."""
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    (line,) = [line for line in readme.splitlines() if line.endswith("# build the site")]
    return line.split("#")[0].strip()


def nox_docs_session() -> str:
    """The body of noxfile.py's ``docs`` session, as text."""
    noxfile = (REPO / "noxfile.py").read_text(encoding="utf-8")
    return noxfile[
        noxfile.index("def docs(") : noxfile.index("\n@nox.session", noxfile.index("def docs("))
    ]


def test_the_pages_workflow_builds_with_the_readme_command_and_deploys():
    workflow = yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))
    triggers = workflow.get("on", workflow.get(True))  # YAML 1.1 reads a bare `on` as True
    assert triggers["push"] == {"branches": ["main"]}
    assert "workflow_dispatch" in triggers
    assert workflow["permissions"] == {"contents": "read", "pages": "write", "id-token": "write"}

    build = workflow["jobs"]["build"]["steps"]
    runs = [step["run"] for step in build if "run" in step]
    assert runs == [readme_build_command()]
    assert runs == ["python3 -m pip install nox && python3 -m nox -s docs"]
    assert "-nW" in nox_docs_session()  # what that command runs

    uses = {step["uses"].split("@")[0]: step for step in build if "uses" in step}
    assert uses["actions/configure-pages"]["id"] == "pages"
    assert uses["actions/upload-pages-artifact"]["with"]["path"] == "docs/_build/html"
    assert 'Path(source, "_build", "html")' in nox_docs_session()  # where nox writes it
    (step,) = [step for step in build if "run" in step]
    assert step["env"] == {"READTHEDOCS_CANONICAL_URL": "${{ steps.pages.outputs.base_url }}/"}

    deploy = workflow["jobs"]["deploy"]
    assert deploy["needs"] == "build"
    assert deploy["environment"]["name"] == "github-pages"
    assert [step["uses"].split("@")[0] for step in deploy["steps"]] == ["actions/deploy-pages"]


def test_read_the_docs_builds_the_folder_and_extra_nox_builds():
    config = yaml.safe_load((REPO / ".readthedocs.yaml").read_text(encoding="utf-8"))
    assert config["version"] == 2
    assert set(config) <= {"version", "build", "sphinx", "python", "formats", "submodules"}
    assert re.fullmatch(r"ubuntu-\d\d\.04", config["build"]["os"])
    assert re.fullmatch(r"3\.\d+", config["build"]["tools"]["python"])
    # The same folder as nox -s docs (its default), failing on warnings as -W does.
    assert config["sphinx"] == {"configuration": "docs/conf.py", "fail_on_warning": True}
    assert 'return session.posargs[0] if session.posargs else "docs"' in (
        REPO / "noxfile.py"
    ).read_text(encoding="utf-8")
    # The same dependencies: the docs extra nox installs.
    (install,) = config["python"]["install"]
    assert install == {"method": "pip", "path": ".", "extra_requirements": ["docs"]}
    assert 'session.install(".[docs]")' in nox_docs_session()  # as Read the Docs: not editable


def test_a_new_portfolio_builds_as_read_the_docs_builds_it(tmp_path):
    site = tmp_path / "docs"
    new_portfolio(site, "Priya Raman")
    with (site / "refs.bib").open("a", encoding="utf-8") as bib:  # the first publication
        bib.write("@misc{raman2025, author = {Priya Raman}, title = {T}, year = 2025}\n")
    out = tmp_path / "html"
    # Read the Docs' command for `fail_on_warning: true`, run in the conf.py's folder.
    built = subprocess.run(
        [sys.executable, "-m", "sphinx", "-T", "-W", "--keep-going", "-b", "html",
         "-d", "_build/doctrees", "-D", "language=en", ".", str(out)],
        cwd=site,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
        env={**os.environ, "READTHEDOCS_CANONICAL_URL": CANONICAL},
    )  # fmt: skip
    assert built.returncode == 0, built.stderr
    assert "WARNING" not in built.stderr
    home = BeautifulSoup((out / "index.html").read_text(encoding="utf-8"), "html.parser")
    assert home.find("link", rel="canonical")["href"] == f"{CANONICAL}index.html"
    sitemap = (out / "sitemap.xml").read_text(encoding="utf-8")
    assert f"<loc>{CANONICAL}publications.html</loc>" in sitemap
    assert f"Sitemap: {CANONICAL}sitemap.xml" in (out / "robots.txt").read_text()
