"""``bibfolio new``: a fresh site that builds with -nW and shows only what its owner gave."""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pybtex.database
import pytest
from bs4 import BeautifulSoup

from bibfolio.__main__ import main
from bibfolio.model.names import parse_name, split_name_list
from bibfolio.reading.bibtex import read_bib_files
from bibfolio.reading.latex import latex_to_plain
from bibfolio.scaffold import new_portfolio
from bibfolio.scaffold.jinja import bibtex

from .helpers import REPO, build_project

PAGES = ["index", "publications", "news", "talks", "education-experience", "teaching", "honors"]

#: A Zotero-style export of a new owner, with her name in two spellings.
PRIYA_BIB = r"""@article{raman2024sparse,
  author  = {Raman, Priya S. and Okafor, Chidi},
  title   = {Sparse Attention for Streaming Sensor Data},
  journal = {Journal of Example Systems},
  volume  = {12},
  number  = {3},
  pages   = {1--20},
  year    = {2024},
  selected = {true},
}

@inproceedings{raman2023edge,
  author    = {Okafor, Chidi and Priya Raman},
  title     = {Edge Inference under Tight Memory Budgets},
  booktitle = {Proceedings of the Workshop on Example Machine Learning},
  year      = {2023},
}
"""

#: What the template's own demo portfolios are about; none of it may leak into a new one.
DEMO_WORDS = ["Mingyu", "Liang", "Cornell", "DeepMind", "ml2585", "Delimitrou"]


#: This environment with this Python's commands first on PATH: nox --no-venv runs `python`
#: and `sphinx-build` from PATH, and a suite started as `.venv/bin/python -m pytest` does
#: not put the virtualenv there (nox does).
VENV_FIRST = {
    **os.environ,
    "PATH": os.pathsep.join([str(Path(sys.executable).parent), os.environ.get("PATH", "")]),
}


def run(
    args: list[str], cwd: Path, timeout: float = 300, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        args,
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
        env={**(env or VENV_FIRST), "PYTHONUNBUFFERED": "1", "NO_COLOR": "1"},
    )


@pytest.mark.parametrize("pages", [[], ["--pages"]], ids=["site", "pages"])
def test_new_writes_into_a_folder_named_relative_to_the_working_folder(
    tmp_path, monkeypatch, pages
):
    # copier renders from a staged copy of the template: a relative path is still the
    # caller's (it once landed in the staging folder, and refs.bib's copy failed).
    (tmp_path / "mine.bib").write_text(
        "@misc{m, author = {Raman, Priya}, title = {M}, year = 2024}\n"
    )
    monkeypatch.chdir(tmp_path)
    assert main(["new", "site", "--name", "Priya Raman", "--bib", "mine.bib", *pages]) == 0
    conf = tmp_path / "site" / ("conf.py" if pages else "docs/conf.py")
    assert 'NAME = "Priya Raman"' in conf.read_text()
    bib = tmp_path / "site" / "refs.bib"
    assert bib.read_bytes() == (tmp_path / "mine.bib").read_bytes()


def test_new_writes_every_page_with_what_to_write_in_comments(tmp_path, capsys):
    # --pages: only the pages, as `bibfolio new docs` writes them inside a checkout.
    assert main(["new", str(tmp_path / "site"), "--name", "Priya Raman", "--pages"]) == 0
    out = capsys.readouterr().out
    site = tmp_path / "site"
    written = sorted(str(p.relative_to(site)) for p in site.rglob("*") if p.is_file())
    assert written == sorted(
        [
            "_static/favicon.svg",
            "conf.py",
            "refs.bib",
            "news.yml",
            "talks.yml",
            *(f"{name}.md" for name in PAGES),
        ]
    )
    assert f"Made a portfolio for Priya Raman in {site}:" in out
    assert "Next: write your own in the pages (their comments say what goes where)" in out
    # Issue 45: the pages hold their title and comments (not published) saying what to
    # write; no example text of the earlier template's, nothing a visitor would see.
    for name in ["news", "talks", "education-experience", "teaching", "honors"]:
        lines = (site / f"{name}.md").read_text().splitlines()
        body = [line for line in lines[1:] if line and not line.startswith("%")]
        assert body in ([], ["```{news}", "```"], ["```{talks}", "```"]), (name, body)
        assert sum(line.startswith("% ") for line in lines) >= 4, name
    for name in ["news.yml", "talks.yml"]:
        lines = (site / name).read_text().splitlines()
        assert all(line.startswith("#") for line in lines), name
        assert any(line.startswith(("# - date:", "# - title:")) for line in lines)
    conf = (site / "conf.py").read_text()
    assert 'NAME = "Priya Raman"' in conf
    assert "bibfolio_portfolio = True" in conf
    assert "Your position" not in conf
    assert '    # "position": "...",  # your role' in conf
    assert "What to write where: https://github.com/bibfolio/bibfolio/blob/" in conf
    home = (site / "index.md").read_text()
    # The biography is the {profile} block's content: comments until the owner writes it.
    biography = home.split("```{profile}\n", 1)[1].split("```", 1)[0]
    assert biography.startswith("% Your biography, shown beside the card")
    assert all(line.startswith("%") for line in biography.splitlines())
    assert "## Biography" not in home
    assert "bibfolio_owner = [NAME]" in conf
    assert 'bibtex_bibfiles = ["refs.bib"]' in conf
    assert ">PR</text>" in (site / "_static" / "favicon.svg").read_text()
    everything = "\n".join(p.read_text() for p in site.rglob("*") if p.is_file())
    for word in DEMO_WORDS:
        assert word not in everything, word
    # No example entry: comments that say what to put there, read as no entry, no problem.
    bib = site / "refs.bib"
    assert all(line.startswith("%") for line in bib.read_text().splitlines())
    assert "Google Scholar, Zotero" in bib.read_text()
    assert read_bib_files([(str(bib), bib.read_bytes())]) == ([], [])


def test_new_refuses_a_folder_that_is_not_empty(tmp_path, capsys):
    site = tmp_path / "docs"
    site.mkdir()
    (site / "index.md").write_text("# Mine\n")
    assert main(["new", str(site), "--name", "Priya Raman"]) == 2
    err = capsys.readouterr().err
    assert f"bibfolio new: error: {site} already exists and is not empty" in err
    assert main(["new", str(site), "--name", "Priya Raman", "--pages"]) == 2
    err = capsys.readouterr().err
    assert f"bibfolio new: error: {site} already exists and is not empty" in err
    assert (site / "index.md").read_text() == "# Mine\n"
    assert sorted(p.name for p in site.iterdir()) == ["index.md"]
    # An empty folder is fine; a missing .bib is refused before anything is written.
    empty = tmp_path / "empty"
    empty.mkdir()
    assert main(["new", str(empty), "--name", "P R", "--bib", str(tmp_path / "none.bib")]) == 2
    assert "cannot read --bib" in capsys.readouterr().err
    assert list(empty.iterdir()) == []
    assert main(["new", str(empty), "--name", "P R", "--pages"]) == 0
    capsys.readouterr()
    assert main(["new", str(empty / "conf.py"), "--name", "P R"]) == 2
    assert f"bibfolio new: error: {empty / 'conf.py'} is a file" in capsys.readouterr().err
    assert main(["new", str(tmp_path / "blank"), "--name", "  "]) == 2
    assert "the owner's name is empty" in capsys.readouterr().err
    assert not (tmp_path / "blank").exists()


def test_new_copies_the_bib_byte_for_byte(tmp_path):
    source = tmp_path / "priya.bib"
    source.write_bytes(PRIYA_BIB.encode() + b"% caf\xc3\xa9\r\n")
    new_portfolio(tmp_path / "site", "Priya Raman", source)
    assert (tmp_path / "site" / "refs.bib").read_bytes() == source.read_bytes()


@pytest.mark.parametrize(
    "name", ["Zoë O'Brien-Müller", 'Ana "Ani" Ruiz', "Jean-Luc d'Arc", "Nguyễn Thị Minh Khai"]
)
def test_any_name_gives_a_portfolio_that_builds_clean(tmp_path, name):
    site = tmp_path / "site"
    new_portfolio(site, name)
    with (site / "refs.bib").open("a", encoding="utf-8") as bib:
        bib.write(f"@misc{{a,\n  author = {{{bibtex(name)} and Coauthor}},\n  title = {{T}},\n}}\n")
    built = build_project(site, tmp_path / "_build", warning_is_error=False)
    assert built.warnings == ""
    owner = built.page("publications").select("strong.bibfolio-owner")
    assert [strong.get_text() for strong in owner] == [" ".join(name.split())]
    heading = built.page("index").find("h1").get_text().rstrip("#¶")
    straight = heading.translate(str.maketrans("‘’“”", "''\"\""))
    assert straight == name  # docutils' smart quotes curl quotes and apostrophes


def test_a_name_with_tex_specials_reads_back_through_the_bib_filter(tmp_path):
    """The ``| bib`` filter is bibfolio's one TeX escaper: braces and a tilde are text.

    The template no longer writes an entry, but an upgrade renders an earlier release's
    template (its example entry) with the installed filters.
    """
    name = "Ana {Brace} Tilde~Name"
    bib = tmp_path / "refs.bib"
    bib.write_text(
        f"@inproceedings{{e,\n  author = {{{bibtex(name)} and Example Coauthor}},\n}}\n",
        encoding="utf-8",
    )
    text = bib.read_text(encoding="utf-8")
    assert "{Ana \\{Brace\\} Tilde\\textasciitilde{}Name and Example Coauthor}" in text
    entries, problems = read_bib_files([(str(bib), bib.read_bytes())])
    assert problems == []
    for entry in entries:
        first = split_name_list(entry.fields["author"].value)[0]
        assert parse_name(first).display == name  # display: the name as read, LaTeX decoded
        person = pybtex.database.parse_file(str(bib)).entries[entry.key].persons["author"][0]
        parts = [*person.first_names, *person.middle_names, *person.prelast_names]
        assert latex_to_plain(" ".join([*parts, *person.last_names])) == name


@pytest.mark.parametrize(
    ("name", "letters"),
    [
        ("Ana Núñez-Ortega", "AN"),
        ("María José García López", "ML"),
        ("王小明", "王"),
        ("Cher", "C"),
    ],
)
def test_the_favicon_has_the_given_and_first_family_names_initials(tmp_path, name, letters):
    """Issue 45: "Núñez-Ortega" is one family name, its first part's initial ("AO" before)."""
    new_portfolio(tmp_path / "site", name)
    favicon = (tmp_path / "site" / "_static" / "favicon.svg").read_text()
    assert f">{letters}</text>" in favicon


def test_a_group_sites_favicon_has_its_names_first_and_last_words(tmp_path):
    assert (
        main(["new", str(tmp_path / "lab"), "--group", "Lab of Odd Graphs", "--name", "Vesna Q"])
        == 0
    )
    assert ">LG</text>" in (tmp_path / "lab" / "docs" / "_static" / "favicon.svg").read_text()


def test_nox_new_session_makes_the_portfolio(tmp_path):
    made = run(
        [sys.executable, "-m", "nox", "--no-venv", "--no-install", "-f", str(REPO / "noxfile.py"),
         "-s", "new", "--", str(tmp_path / "site"), "--name", "Priya Raman"],
        cwd=tmp_path,
    )  # fmt: skip
    assert made.returncode == 0, made.stdout + made.stderr
    assert f"Made a site repository for Priya Raman in {tmp_path / 'site'}:" in made.stdout
    assert 'NAME = "Priya Raman"' in (tmp_path / "site" / "docs" / "conf.py").read_text()
    again = run(
        [sys.executable, "-m", "nox", "--no-venv", "--no-install", "-f", str(REPO / "noxfile.py"),
         "-s", "new", "--", str(tmp_path / "site"), "--name", "Priya Raman"],
        cwd=tmp_path,
    )  # fmt: skip
    assert again.returncode != 0
    assert "already exists and is not empty" in again.stdout + again.stderr


def sphinx_build(site: Path, *options: str) -> str:
    built = run(
        [sys.executable, "-m", "sphinx", "-E", "-b", "html", *options, str(site),
         str(site / "_build" / "html")],
        cwd=site,
    )  # fmt: skip
    assert built.returncode == 0, built.stderr
    return built.stdout + built.stderr


@pytest.mark.skipif(
    importlib.util.find_spec("matplotlib") is not None,
    reason="with matplotlib, sphinxext-opengraph prints nothing to silence",
)
def test_the_silenced_lines_come_back_when_asked_for(tmp_path):
    site = tmp_path / "site"
    new_portfolio(site, "Priya Raman")
    quiet = sphinx_build(site)
    assert "matplotlib is not installed" not in quiet
    assert "MdParserConfig" not in quiet
    # -v shows MyST's configuration again.
    assert "MdParserConfig(" in sphinx_build(site, "-v")
    # A conf.py that does want social cards is told why there are none, once.
    conf = site / "conf.py"
    conf.write_text(conf.read_text() + 'ogp_social_cards = {"enable": True}\n')
    wanted = sphinx_build(site)
    assert wanted.count("matplotlib is not installed, social cards will not be generated") == 1


def test_new_makes_a_site_repository_of_its_own(tmp_path, capsys):
    site = tmp_path / "my-site"
    assert main(["new", str(site), "--name", 'Ana "Ani" Ruiz']) == 0
    assert f'Made a site repository for Ana "Ani" Ruiz in {site}:' in capsys.readouterr().out
    files = sorted(
        str(p.relative_to(site)) for p in site.rglob("*") if ".git" not in p.parts and p.is_file()
    )
    top = sorted({name.split("/")[0] for name in files})
    assert top == [
        ".copier-answers.yml", ".github", ".gitignore", ".readthedocs.yaml", "README.md",
        "docs", "noxfile.py", "refs.bib", "requirements.txt", "tests",
    ]  # fmt: skip
    assert (site / ".git").is_dir()
    assert not (site / "docs" / "refs.bib").exists()
    assert sorted(p for p in files if p.startswith(".github/")) == [
        ".github/dependabot.yml", ".github/workflows/citations.yml",
        ".github/workflows/import.yml", ".github/workflows/pages.yml",
        ".github/workflows/tests.yml",
    ]  # fmt: skip
    from bibfolio._version import __version__

    pins = [
        line
        for line in (site / "requirements.txt").read_text().splitlines()
        if line and not line.startswith("#")
    ]
    assert pins == [f"bibfolio[docs,testing]=={__version__}"]
    conf = (site / "docs" / "conf.py").read_text()
    assert 'NAME = "Ana \\"Ani\\" Ruiz"' in conf
    assert 'bibtex_bibfiles = ["../refs.bib"]' in conf
    # The site's noxfile checks refs.bib itself (given again, it was read twice).
    assert "`python3 -m nox -s check -- --owner ...`" in conf
    assert (
        "%   python3 -m nox -s check -- --owner 'Ana \"Ani\" Ruiz'\n"
        in (site / "refs.bib").read_text()
    )
    answers = (site / ".copier-answers.yml").read_text()
    assert 'owner_name: Ana "Ani" Ruiz' in answers
    assert f"_commit: v{__version__}" in answers
    # No extension, no demo, no copy of bibfolio's own tests.
    assert not (site / "_ext").exists() and not (site / "examples").exists()
    assert sorted(p.name for p in (site / "tests").iterdir()) == ["conftest.py", "test_site.py"]
    everything = "\n".join((site / p).read_text() for p in files if (site / p).is_file())
    for word in DEMO_WORDS:
        assert word not in everything, word


class MadeSite:
    """A site made by ``bibfolio new``, its own tests' output and their -nW build."""

    def __init__(self, root: Path, tests: subprocess.CompletedProcess[str], html: Path) -> None:
        self.root = root
        self.tests = tests
        self.html = html

    def page(self, name: str) -> BeautifulSoup:
        return BeautifulSoup((self.html / f"{name}.html").read_text(), "html.parser")


def run_own_tests(site: Path, basetemp: Path) -> MadeSite:
    """Run the site's tests/ as `nox -s tests` does; they build it -nW (bibfolio.testing).

    The build they check is kept in *basetemp* (the plugin's ``site0/html``), so the pages
    are looked at without a second build.
    """
    env = {**VENV_FIRST, "PYTHONPATH": str(REPO / "_ext")}  # this checkout's bibfolio
    tests = run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
         f"--basetemp={basetemp}", "tests"],
        cwd=site, env=env,
    )  # fmt: skip
    return MadeSite(site, tests, basetemp / "site0" / "html")


#: The group's .bib: its member an author, as the site's tests check.
LAB_BIB = (
    "@misc{quarrington2024, author = {Quarrington, Vesna}, title = {Odd Graphs}, year = 2024}\n"
)
#: What the earlier template showed on a new site (issue 45): a fresh one shows none of it.
PLACEHOLDER_WORDS = [
    "replace it", "Example text", "Example item", "example post", "Your position",
    "Your university", "Course title", "Award or fellowship", "Degree and field",
    "Two or three sentences", "Your Name", "placeholder",
]  # fmt: skip


def write_first_post(site: Path) -> Path:
    """The post posts.md's comments show, in posts/, citing one of the site's entries."""
    lines = (site / "docs" / "posts.md").read_text().splitlines()
    start = lines.index("% ---")
    end = next(i for i, line in enumerate(lines) if line.startswith("% The text of the post"))
    post = "\n".join(line.removeprefix("%").removeprefix(" ") for line in lines[start : end + 1])
    path = site / "docs" / "posts" / "why-looms-matter.md"
    path.parent.mkdir()
    path.write_text(post.replace("{cite:p}`key`", "{cite:p}`raman2024sparse`") + "\n")
    return path


@pytest.fixture(scope="module")
def posts_sites(tmp_path_factory: pytest.TempPathFactory) -> dict[str, MadeSite]:
    """A personal site and a group site made with --posts and their .bib, each tested (and
    built) once; and the personal one after its first post, written as its pages say."""
    pytest.importorskip("ablog", reason="posts are ABlog's (pip install bibfolio[posts])")
    base = tmp_path_factory.mktemp("posts-sites")
    (base / "priya.bib").write_text(PRIYA_BIB)
    (base / "lab.bib").write_text(LAB_BIB)
    made = {}
    for kind, options in (
        ("person", ["--name", "Priya Raman", "--bib", str(base / "priya.bib")]),
        ("group", ["--group", "Lab of Odd Graphs", "--name", "Vesna Quarrington",
                   "--bib", str(base / "lab.bib")]),
    ):  # fmt: skip
        assert main(["new", str(base / kind), *options, "--posts"]) == 0
        made[kind] = run_own_tests(base / kind, base / f"{kind}-tests")
    posted = base / "posted"
    shutil.copytree(base / "person", posted)
    write_first_post(posted)  # the home page's latest posts show it: nothing to uncomment
    made["posted"] = run_own_tests(posted, base / "posted-tests")
    return made


def test_new_posts_writes_posts_the_pin_and_the_answers(posts_sites):
    from bibfolio._version import __version__

    for kind in ("person", "group"):
        site = posts_sites[kind].root
        pins = [
            line
            for line in (site / "requirements.txt").read_text().splitlines()
            if line and not line.startswith("#")
        ]
        assert pins == [f"bibfolio[docs,testing,posts]=={__version__}"], kind
        conf = (site / "docs" / "conf.py").read_text()
        assert 'extensions = ["bibfolio", "ablog"]' in conf, kind
        assert 'blog_post_pattern = "posts/*"' in conf, kind
        assert 'blog_baseurl = os.environ.get("READTHEDOCS_CANONICAL_URL", "")' in conf, kind
        # No example post: posts.md's comments show how to write the first one.
        assert not (site / "docs" / "posts").exists(), kind
        page = (site / "docs" / "posts.md").read_text()
        assert "% blogpost: true\n" in page and "```{postlist}\n" in page
        answers = (site / ".copier-answers.yml").read_text()
        assert "\nposts: true\n" in answers and f"\nkind: {kind}\n" in answers, kind


def visible_text(made: MadeSite) -> dict[str, str]:
    """The words of every page of the site a visitor sees (not Sphinx's search page)."""
    return {
        str(path.relative_to(made.html)): " ".join(
            BeautifulSoup(path.read_text(), "html.parser").body.get_text(" ").split()
        )
        for path in made.html.rglob("*.html")
        if path.name != "search.html" and not path.relative_to(made.html).parts[0].startswith("_")
    }


def test_a_fresh_site_shows_only_what_its_owner_gave(posts_sites):
    for kind in ("person", "group"):
        made = posts_sites[kind]
        assert made.tests.returncode == 0, made.tests.stdout
        assert re.search(r"\b6 passed in ", made.tests.stdout), made.tests.stdout
        for page, text in visible_text(made).items():
            found = [word for word in PLACEHOLDER_WORDS if word.lower() in text.lower()]
            assert found == [], (kind, page, found)
        home = made.page("index")
        headings = [h.get_text(strip=True).rstrip("#¶") for h in home.select("article h2")]
        assert "Latest posts" not in headings and "News" not in headings, (kind, headings)
        # posts.md, with no post yet, is written but not in the header.
        assert "posts.html" not in [a["href"] for a in home.select(".bd-header a.nav-link")]
        assert made.page("posts").select("article li") == []  # no post, no example
    # The person's card: the initials and the CV, nothing not given; no biography yet.
    home = posts_sites["person"].page("index")
    card = " ".join(home.select_one(".bibfolio-profile").get_text(" ").split())
    assert card == "PR CV"
    assert home.select_one(".bibfolio-profile-bio") is None
    for page in ("teaching", "honors", "education-experience", "news", "talks"):
        article = posts_sites["person"].page(page).select_one("article")
        assert [tag.name for tag in article.find_all(True) if tag.get_text(strip=True)] == [
            "section",
            "h1",
            "a",
        ], page  # the title alone (and its link)
    group = posts_sites["group"].page("index")
    assert group.select_one("div.bibfolio-people-preview") is not None
    assert group.select(".bibfolio-highlight-heading") == []  # in comments, to fill in
    # No start year that nobody gave, on the people page's card or the member's page.
    card = posts_sites["group"].page("people").select_one(".bibfolio-person")
    profile = posts_sites["group"].page("people/pi").select_one(".bibfolio-profile")
    assert "Vesna Quarrington" in card.get_text() and "since" not in card.get_text()
    assert "since" not in profile.get_text()


def test_the_first_post_written_as_the_pages_say_is_listed(posts_sites):
    made = posts_sites["posted"]
    assert made.tests.returncode == 0, made.tests.stdout
    assert re.search(r"\b6 passed in ", made.tests.stdout), made.tests.stdout
    home = made.page("index")
    # The home page's latest posts, there by themselves with the first post: it, linked.
    latest = home.select_one("#latest-posts")
    assert [a["href"] for a in latest.select("a") if "posts/" in a["href"]] == [
        "posts/why-looms-matter.html"
    ]
    header = [a["href"] for a in home.select(".bd-header a.nav-link")]
    assert "posts.html" in header, header
    assert made.page("posts").select_one('a[href="posts/why-looms-matter.html"]') is not None
    post = made.page("posts/why-looms-matter")
    assert post.select_one(".ablog__postcard") is not None
    # ABlog's archives, reached from the post (posts.md need not link them).
    year = re.search(
        r"^date: (\d{4})", (made.root / "docs/posts/why-looms-matter.md").read_text(), re.M
    )
    sidebar = [a["href"] for a in post.select(".bd-sidebar-primary a")]
    assert {"../blog/archive.html", f"../blog/{year[1]}.html", "../blog/tag.html"} <= set(sidebar)
    cite = post.select_one("article a[href*='publications.html#']")
    assert cite is not None and cite["href"].endswith("#pub-raman2024sparse")
    assert "Why looms matter" in (made.html / "blog" / "atom.xml").read_text()
    # A CV lists no posts: not the latest, not the page of posts.
    cv = made.page("cv")
    headings = [h.get_text(" ", strip=True).rstrip(" #") for h in cv.select("article h2")]
    assert "Selected publications" in headings or "Publications" in headings, headings
    assert [h for h in headings if "posts" in h.lower()] == []
    assert cv.select_one('article a[href*="posts/"]') is None
    assert "Why looms matter" not in cv.select_one("article").get_text()
