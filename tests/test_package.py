"""The package users install is the package tested: sdist, wheel, clean installs, hosts' builds.

Every path a user takes runs here from an installed bibfolio, in a clean virtualenv with
nothing of this checkout on ``sys.path`` (tests/installed.py): Read the Docs' install and
build steps (read from .readthedocs.yaml) for both portfolios and the example lab, the
GitHub Pages workflow's steps, an existing pydata-sphinx-theme project turning the
portfolio on, and ``bibfolio new`` followed by a build.  Each output is compared, file by
file, with the same build run on this checkout's code.
"""

from __future__ import annotations

import ast
import email.parser
import re
import shutil
import subprocess
import tarfile
import zipfile
from pathlib import Path

import pytest
import yaml

from .helpers import REPO
from .hosting import GITHUB_PAGES, READ_THE_DOCS
from .installed import (
    build_distributions,
    clone,
    differing_files,
    make_venv,
    offline_environ,
    require_wheelhouse,
    run,
    tracked_files,
)

pytestmark = pytest.mark.package

#: Files of _ext/bibfolio/ that git tracks but the package does not ship, and why.  None:
#: every template, stylesheet, script, catalog and skeleton file is read at run time.
NOT_SHIPPED: dict[str, str] = {}
#: What a build writes that says when and with which settings, not what the site is.
BUILD_RECORDS = {".buildinfo", ".buildinfo.bak"}


def dist_info(wheel: Path) -> str:
    """The wheel's metadata folder: ``bibfolio-<version>.dist-info/``."""
    return "-".join(wheel.name.split("-")[:2]) + ".dist-info/"


@pytest.fixture(scope="module")
def dists(tmp_path_factory) -> dict[str, Path]:
    """The sdist and the wheel made from it, and a wheel made straight from the tree.

    Built from a copy of what a clone has, as a release or Read the Docs builds it.
    """
    source = clone(tmp_path_factory.mktemp("clone"))
    built = build_distributions(source, tmp_path_factory.mktemp("dist"))
    (sdist,) = [path for path in built if path.name.endswith(".tar.gz")]
    (wheel,) = [path for path in built if path.suffix == ".whl"]
    (direct,) = build_distributions(source, tmp_path_factory.mktemp("direct"), wheel_only=True)
    return {"sdist": sdist, "wheel": wheel, "direct": direct, "clone": source}


def package_files() -> set[str]:
    """``git ls-files _ext/bibfolio`` as paths inside the package, less :data:`NOT_SHIPPED`."""
    return {
        name.removeprefix("_ext/")
        for name in tracked_files("_ext/bibfolio")
        if name.removeprefix("_ext/bibfolio/") not in NOT_SHIPPED
    }


def test_the_wheel_carries_every_file_of_the_package(dists):
    names = set(zipfile.ZipFile(dists["wheel"]).namelist())
    shipped = {name for name in names if name.startswith("bibfolio/")}
    expected = package_files()
    assert not expected - shipped, f"missing from the wheel: {sorted(expected - shipped)}"
    assert not shipped - expected, f"in the wheel but not in git: {sorted(shipped - expected)}"
    # Nothing else: the package and its metadata (tests/ and docs/ stay in the repository).
    info = dist_info(dists["wheel"])
    assert {name for name in names if not name.startswith("bibfolio/")} == {
        info + part for part in ("METADATA", "RECORD", "WHEEL", "entry_points.txt", "top_level.txt")
    } | {info + "licenses/LICENSE"}


def test_the_sdist_carries_the_package_and_gives_the_same_wheel(dists):
    with tarfile.open(dists["sdist"]) as sdist:
        members = {member.name.split("/", 1)[1] for member in sdist.getmembers() if member.isfile()}
    expected = {f"_ext/{name}" for name in package_files()}
    assert not expected - members, f"missing from the sdist: {sorted(expected - members)}"
    assert {"LICENSE", "README.md", "pyproject.toml", "PKG-INFO"} <= members
    # The wheel built from the sdist (python -m build) is the wheel built from the tree.
    from_sdist, from_tree = (zipfile.ZipFile(dists[kind]) for kind in ("wheel", "direct"))
    assert sorted(from_sdist.namelist()) == sorted(from_tree.namelist())
    for name in from_sdist.namelist():
        assert from_sdist.read(name) == from_tree.read(name), name


def test_twine_check_passes_and_the_metadata_is_complete(dists):
    done = subprocess.run(
        ["twine", "check", "--strict", str(dists["sdist"]), str(dists["wheel"])],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.count("PASSED") == 2, done.stdout
    info = dist_info(dists["wheel"])
    metadata = email.parser.Parser().parsestr(
        zipfile.ZipFile(dists["wheel"]).read(info + "METADATA").decode()
    )
    classifiers = metadata.get_all("Classifier")
    assert "Framework :: Sphinx :: Extension" in classifiers
    oldest = re.fullmatch(r">=(3\.\d+)", metadata["Requires-Python"]).group(1)
    assert f"Programming Language :: Python :: {oldest}" in classifiers
    urls = dict(url.split(", ", 1) for url in metadata.get_all("Project-URL"))
    assert {"Homepage", "Documentation", "Source", "Issues"} <= set(urls)
    assert all(url.startswith("https://") for url in urls.values())
    assert metadata["License-Expression"] == "MIT"
    assert metadata["License-File"] == "LICENSE"
    assert metadata["Description-Content-Type"] == "text/markdown"


def test_the_long_description_renders_with_working_links(dists):
    from readme_renderer.markdown import render

    info = dist_info(dists["wheel"])
    text = zipfile.ZipFile(dists["wheel"]).read(info + "METADATA").decode()
    description = email.parser.Parser().parsestr(text).get_payload()
    html = render(description)  # what PyPI shows; None where it cannot render
    assert html is not None
    # Every section of the README is there, as a heading.
    sections = re.findall(r"^## (.+)$", description, flags=re.MULTILINE)
    assert sections
    assert re.findall(r"<h2[^>]*>(.+?)<a ", html) == sections
    # On PyPI a link to a file of the repository (GUIDE.md) or a picture in it has nowhere
    # to go: every link and image is absolute, or an anchor of a heading of the page.
    ids = set(re.findall(r'id="user-content-([^"]+)"', html))
    links = re.findall(r'(?:href|src)="([^"]+)"', html)
    assert links
    broken = [
        link
        for link in links
        if not link.startswith(("https://", "http://127.0.0.1:"))  # the live preview's address
        and link.removeprefix("#").removeprefix("user-content-") not in ids
    ]
    assert broken == []


# -- installed in a clean virtualenv -------------------------------------------------------
def read_the_docs_installs() -> list[list[str]]:
    """The ``pip install`` commands Read the Docs runs for .readthedocs.yaml, in order.

    Its own first steps (pip and setuptools upgraded), then one command per entry of
    ``python.install`` (here: ``method: pip`` with ``path`` and ``extra_requirements``).
    """
    config = yaml.safe_load((REPO / ".readthedocs.yaml").read_text(encoding="utf-8"))
    commands = [["-m", "pip", "install", "--upgrade", "--no-cache-dir", "pip", "setuptools"]]
    for install in config["python"]["install"]:
        assert install["method"] == "pip", install  # what this replay knows how to run
        extras = ",".join(install.get("extra_requirements", []))
        target = install["path"] + (f"[{extras}]" if extras else "")
        commands.append(
            ["-m", "pip", "install", "--upgrade", "--upgrade-strategy", "only-if-needed",
             "--no-cache-dir", target]
        )  # fmt: skip
    return commands


@pytest.fixture(scope="module")
def read_the_docs(tmp_path_factory) -> tuple[Path, Path]:
    """A clone installed as Read the Docs installs it: (the virtualenv's python, the clone)."""
    require_wheelhouse()
    checkout = clone(tmp_path_factory.mktemp("rtd") / "checkout")
    python = make_venv(tmp_path_factory.mktemp("rtd-venv"))
    for command in read_the_docs_installs():
        run([str(python), *command], checkout, offline_environ())
    return python, checkout


def assert_installed_not_checkout(python: Path) -> None:
    """*python* imports bibfolio from its own site-packages, and nothing of a checkout."""
    shown = run(
        [str(python), "-c", "import bibfolio, sys; print(bibfolio.__file__); print(sys.path)"],
        python.parent,
        offline_environ(),
    )
    where, path = shown.splitlines()[:2]
    assert "site-packages" in where, where
    checkout = [
        entry
        for entry in ast.literal_eval(path)
        if entry and (Path(entry).resolve() == REPO or "_ext" in Path(entry).parts)
    ]
    assert checkout == [], path


def host_build(python: Path, source: Path, out: Path, options, environ) -> str:
    """*python* runs ``python -m sphinx OPTIONS . OUT`` in *source*, as a host does."""
    shutil.rmtree(source / "_build", ignore_errors=True)  # -d _build/doctrees: fresh each time
    return run([str(python), "-m", "sphinx", *options, ".", str(out)], source, environ)


@pytest.mark.portfolio
@pytest.mark.parametrize("folder", ["docs", "examples/liang-luo", "examples/fernhollow-lab"])
def test_read_the_docs_builds_from_the_installed_package_as_from_the_checkout(
    read_the_docs, folder, tmp_path
):
    python, checkout = read_the_docs
    assert_installed_not_checkout(python)
    source = checkout / folder
    host = offline_environ(**READ_THE_DOCS.environ)
    output = host_build(python, source, tmp_path / "installed", READ_THE_DOCS.options, host)
    assert "WARNING" not in output and "ERROR" not in output, output
    # The same build with the checkout's code first on the path (an editable install).
    editable = {**host, "PYTHONPATH": str(checkout / "_ext")}
    host_build(python, source, tmp_path / "from-checkout", READ_THE_DOCS.options, editable)
    assert (tmp_path / "installed" / "index.html").is_file()
    assert (tmp_path / "installed" / "404.html").is_file()
    assert (
        differing_files(tmp_path / "installed", tmp_path / "from-checkout", ignore=BUILD_RECORDS)
        == []
    )


@pytest.mark.portfolio
def test_the_pages_workflow_builds_from_the_installed_package(tmp_path):
    require_wheelhouse()
    workflow = yaml.safe_load(
        (REPO / ".github" / "workflows" / "pages.yml").read_text(encoding="utf-8")
    )
    (step,) = [step for step in workflow["jobs"]["build"]["steps"] if "run" in step]
    checkout = clone(tmp_path / "checkout")
    # actions/setup-python: a Python of its own, first on PATH as python3.
    runner = make_venv(tmp_path / "runner")
    environ = offline_environ(**GITHUB_PAGES.environ)
    environ["PATH"] = f"{runner.parent}:{environ['PATH']}"
    run(["bash", "-euo", "pipefail", "-c", step["run"]], checkout, environ)
    # What upload-pages-artifact publishes (moved: the build below starts afresh).
    built = shutil.move(
        checkout / workflow["jobs"]["build"]["steps"][-1]["with"]["path"], tmp_path / "published"
    )
    assert (built / "index.html").is_file()
    # What nox installed for the build is the package, not a link to the checkout.
    (docs_python,) = (checkout / ".nox").glob("docs*/bin/python")
    assert_installed_not_checkout(docs_python)
    assert not list((checkout / ".nox").glob("docs*/lib/python*/site-packages/__editable__*"))
    editable = {**environ, "PYTHONPATH": str(checkout / "_ext")}
    host_build(docs_python, checkout / "docs", tmp_path / "from-checkout", GITHUB_PAGES.options,
               editable)  # fmt: skip
    assert differing_files(built, tmp_path / "from-checkout", ignore=BUILD_RECORDS) == []


@pytest.fixture(scope="module")
def wheel_venv(dists, tmp_path_factory) -> Path:
    """A clean virtualenv with the built wheel and its ``docs`` extra: its python."""
    require_wheelhouse()
    python = make_venv(tmp_path_factory.mktemp("wheel-venv"))
    run([str(python), "-m", "pip", "install", f"{dists['wheel']}[docs]"], python.parent,
        offline_environ())  # fmt: skip
    assert_installed_not_checkout(python)
    return python


EXISTING_CONF = """\
project = "An existing project"
html_theme = "pydata_sphinx_theme"
extensions = ["myst_parser", "sphinxcontrib.bibtex", "bibfolio"]
bibtex_bibfiles = ["refs.bib"]
bibfolio_owner = ["Ada Lovelace"]
bibfolio_portfolio = True
"""
EXISTING_BIB = """\
@article{lovelace1843notes,
  author = {Lovelace, Ada and Babbage, Charles},
  author+an = {1=equal;2=equal},
  title = {Notes on the Analytical Engine},
  journal = {Scientific Memoirs},
  year = 1843,
}
"""


def test_an_existing_pydata_project_turns_the_portfolio_on_from_the_wheel(
    wheel_venv, dists, tmp_path
):
    site = tmp_path / "existing"
    site.mkdir()
    (site / "conf.py").write_text(EXISTING_CONF)
    (site / "refs.bib").write_text(EXISTING_BIB)
    (site / "index.md").write_text(
        "# Existing docs\n\nSee {cite:t}`lovelace1843notes`.\n\n```{toctree}\npapers\n```\n"
    )
    (site / "papers.md").write_text("# Papers\n\n```{publications}\n```\n")
    options = ("-nW", "--keep-going", "-b", "html")
    output = host_build(wheel_venv, site, tmp_path / "installed", options, offline_environ())
    assert "WARNING" not in output, output
    page = (tmp_path / "installed" / "papers.html").read_text(encoding="utf-8")
    assert '<strong class="bibfolio-owner">Ada Lovelace</strong>' in page
    # The CV link of the portfolio's navbar template (templates/portfolio/), which the wheel
    # once lacked: every such build stopped with TemplateNotFound.
    assert '<a class="nav-link nav-internal" href="cv.html">CV</a>' in page
    assert (tmp_path / "installed" / "publications" / "lovelace1843notes.html").is_file()
    editable = offline_environ(PYTHONPATH=str(dists["clone"] / "_ext"))
    host_build(wheel_venv, site, tmp_path / "from-checkout", options, editable)
    assert (
        differing_files(tmp_path / "installed", tmp_path / "from-checkout", ignore=BUILD_RECORDS)
        == []
    )


def test_bibfolio_new_then_the_build_run_from_the_wheel(wheel_venv, dists, tmp_path):
    owner = ["--name", "Émile Exemple", "--bib", str(REPO / "tests" / "site" / "owner.bib")]
    command = wheel_venv.parent / "bibfolio"  # the console script the wheel installed
    made = run([str(command), "new", "site", *owner], tmp_path, offline_environ())
    assert "Émile Exemple in site" in made
    editable = offline_environ(PYTHONPATH=str(dists["clone"] / "_ext"))
    run([str(wheel_venv), "-m", "bibfolio", "new", "again", *owner], tmp_path, editable)
    options = ("-nW", "--keep-going", "-b", "html")
    outputs = []
    for folder, environ in (("site", offline_environ()), ("again", editable)):
        source = tmp_path / folder
        source = source / "docs" if (source / "docs" / "conf.py").is_file() else source
        out = tmp_path / f"{folder}-html"
        output = host_build(wheel_venv, source, out, options, environ)
        assert "WARNING" not in output, output
        outputs.append(out)
    assert "Émile Exemple" in (outputs[0] / "index.html").read_text(encoding="utf-8")
    assert differing_files(*outputs, ignore=BUILD_RECORDS) == []
