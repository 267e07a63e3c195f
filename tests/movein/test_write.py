"""Writing a moved site (``movein.write``): the pages, refs.bib, links, files and redirects."""

from __future__ import annotations

import hashlib
import struct
import zlib
from typing import TYPE_CHECKING

import pytest
import yaml
from bs4 import BeautifulSoup

from bibfolio.movein.model import (
    CvItem,
    CvSection,
    Entry,
    Member,
    NewsItem,
    Page,
    Post,
    Profile,
    Project,
    Site,
    Source,
    Talk,
)
from bibfolio.movein.write import write_site
from bibfolio.movein.write.redirects import redirect_key

from ..test_new_portfolio import run_own_tests

if TYPE_CHECKING:
    from pathlib import Path


def png() -> bytes:
    """A real one-pixel PNG (the build reads its size)."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        crc = zlib.crc32(kind + data) & 0xFFFFFFFF
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", crc)

    header = struct.pack(">IIBBBBB", 1, 1, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(b"\x00\xff\x00\x00"))
        + chunk(b"IEND", b"")
    )


def old_site(root: Path) -> Path:
    """An old site's files: a photo, a preview image, a CV PDF."""
    (root / "assets" / "img").mkdir(parents=True)
    (root / "files").mkdir()
    (root / "assets" / "img" / "photo.png").write_bytes(png())
    (root / "assets" / "img" / "river.png").write_bytes(png())
    (root / "files" / "cv.pdf").write_bytes(b"%PDF-1.4\n")
    return root


def hoerner(*, talks: bool = True) -> Site:
    """A fictional owner's site with one of everything."""
    site = Site("al-folio", title="Ada Hörner")
    site.report.template = "al-folio"
    site.profile = Profile(
        name="Ada Hörner",
        position="Lecturer",
        affiliation="University of Ockham",
        interests=["rivers", "sediment"],
        email="ada@example.org",
        photo="assets/img/photo.png",
        links={"github": "adahoerner", "website": "https://ada.example.org"},
        bio=(
            "I study rivers; my [CV](/files/cv.pdf).\n\n"
            "![A river](/assets/img/river.png)\n\n"
            "Older: [news](/news/announcement_1/), [lost](/assets/img/gone.png), "
            "[web](https://example.org)."
        ),
        source=Source("_pages/about.md", 5),
    )
    site.owner = ["Ada Hörner", "Ada Hoerner"]
    site.bibliography.preamble = ["@string{jr = {Journal of Rivers}}"]
    site.bibliography.entries = [
        Entry(
            "hoerner2024",
            raw="@article{hoerner2024,\n  author = {Hoerner, Ada and Wrzos, Tomasz},\n"
            "  title = {Rivers},\n  journal = jr,\n  year = {2024},\n  selected = {true}\n}",
            addresses=["/publications/hoerner2024/"],
        ),
        Entry(
            "horner2023",
            "inproceedings",
            {
                "author": 'H{\\"o}rner, Ada and Quarrie, Imogen',
                "title": "Sediment \\& Flow",
                "booktitle": "Proc. of Rivers",
                "year": "2023",
            },
        ),
    ]
    site.news = [
        NewsItem("2024-03-01", "We moved to [Ockham](https://example.org).",
                 addresses=["/news/announcement_1/"], source=Source("_news/announcement_1.md", 1)),
        NewsItem("", "A thing with no date", source=Source("_news/undated.md", 1)),
    ]  # fmt: skip
    if talks:
        site.talks = [
            Talk("On rivers", date="2024-05-02", event="Seminar", place="Ockham",
                 slides="files/cv.pdf", addresses=["/talks/rivers/"],
                 source=Source("_talks/rivers.md", 1)),
        ]  # fmt: skip
    site.projects = [
        Project("river-x", "River X", summary="Where rivers go.", image="assets/img/river.png",
                start="2021-01-01", tags=["rivers"], code="https://example.org/c",
                body="See [the first post](/2024/01/02/first-post/).",
                addresses=["/projects/1_project/"]),
    ]  # fmt: skip
    site.posts = [
        Post("first-post", "First post", "2024-01-02", tags=["rivers", "notes"],
             body="Hello **world**.\n\n```\n[not a link](/a/link)\n```\n",
             addresses=["/2024/01/02/first-post/", "/blog/2024/first-post/"],
             source=Source("_posts/2024-01-02-first-post.md", 1)),
    ]  # fmt: skip
    site.cv = [
        CvSection("education", "Education", [CvItem("PhD in Hydrology", "University of Ockham",
                                                     start="2015", end="2019")]),
        CvSection("honors", "Awards", [CvItem("Best river paper", "River Society", start="2022")]),
        CvSection("other", "Service", [CvItem("Reviewer", "Journal of Rivers")]),
    ]  # fmt: skip
    site.pages = [Page("repositories", "Repositories", "My code.", addresses=["/repositories/"])]
    site.addresses = {"/publications/": "publications", "/news.html": "news"}
    return site


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, Site]:
    base = tmp_path_factory.mktemp("write")
    old = old_site(base / "old")
    site = hoerner()
    write_site(site, old, base / "new")
    return old, base / "new", site


def test_conf_py_has_the_profile_the_owner_spellings_and_the_redirects(written):
    _, new, _ = written
    conf = (new / "docs" / "conf.py").read_text()
    values: dict = {}
    exec(compile(conf.replace("import os", "import os as os"), "conf.py", "exec"), values)
    assert values["bibfolio_owner"] == ["Ada Hörner", "Ada Hoerner"]
    profile = values["bibfolio_profile"]
    assert profile["position"] == "Lecturer"
    assert profile["photo"] == "_static/photo.png"
    assert profile["links"] == [{"label": "Website", "url": "https://ada.example.org"}]
    assert "sphinx_reredirects" in values["extensions"]
    assert values["redirects"]["news/announcement_1/index"] == "/news.html#news-announcement-1"
    assert values["redirects"]["2024/01/02/first-post/index"] == "/posts/first-post.html"
    # news.html is the new news page itself: no redirect would overwrite it.
    assert "news" not in values["redirects"]


def test_the_biography_goes_into_the_card_with_its_links_rewritten(written):
    _, new, _ = written
    index = (new / "docs" / "index.md").read_text()
    assert "I study rivers; my [CV](_static/moved/files/cv.pdf){.external}." in index
    assert "![A river](/_static/moved/assets/img/river.png)" in index
    assert "[news](news.html#news-announcement-1){.external}" in index
    assert "[web](https://example.org)" in index
    assert "[lost]" not in index and ", lost," in index
    assert (new / "docs" / "_static" / "moved" / "files" / "cv.pdf").read_bytes() == b"%PDF-1.4\n"


def test_a_missing_local_file_is_reported_at_its_line(written):
    _, _, site = written
    lines = [(str(note.source), note.message) for note in site.report.notes if note.kind == "left"]
    assert ("_pages/about.md:9", "a link to /assets/img/gone.png: no such file in the old "
            "site; kept as plain text") in lines  # fmt: skip


def test_news_and_talks_are_yaml_after_the_templates_comments(written):
    _, new, _ = written
    news = (new / "docs" / "news.yml").read_text()
    assert news.startswith("# Your news")
    items = yaml.safe_load(news)
    assert items[0] == {"date": "2024-03-01", "text": "We moved to [Ockham](https://example.org).",
                        "id": "announcement_1"}  # fmt: skip
    assert items[1] == {"text": "A thing with no date", "draft": True}
    talks = yaml.safe_load((new / "docs" / "talks.yml").read_text())
    assert talks[0]["slides"] == "_static/moved/files/cv.pdf"


def test_refs_bib_keeps_raw_entries_and_writes_the_others_from_fields(written):
    _, new, _ = written
    bib = (new / "refs.bib").read_text()
    assert "@string{jr = {Journal of Rivers}}" in bib
    assert "  journal = jr,\n" in bib
    assert '@inproceedings{horner2023,\n  author = {H{\\"o}rner, Ada and Quarrie, Imogen},' in bib


def test_posts_projects_cv_and_pages_are_pages_of_their_own(written):
    _, new, _ = written
    docs = new / "docs"
    post = (docs / "posts" / "first-post.md").read_text()
    assert post.startswith("---\nblogpost: true\ndate: '2024-01-02'\ntags: rivers, notes\n---\n")
    assert "[not a link](/a/link)" in post  # code is left alone
    project = (docs / "projects" / "river-x.md").read_text()
    assert "image: images/projects/river.png" in project and "start: 2021" in project
    assert "{doc}`the first post </posts/first-post>`" in project
    # One line each, the date last: the CV page's date column (a heading alone is no CV part).
    education = (docs / "education-experience.md").read_text()
    assert "- PhD in Hydrology, University of Ockham, 2015–2019\n" in education
    assert (docs / "honors.md").read_text().startswith("# Honors & Awards\n")
    index = (docs / "index.md").read_text()
    assert index.rstrip().endswith("honors\nprojects\nservice\nrepositories\n```")


def test_pages_with_nothing_of_the_owners_stay_as_the_template_left_them(written):
    _, new, _ = written
    assert (new / "docs" / "teaching.md").read_text().count("\n%") > 3


def test_the_old_site_is_never_written_to(tmp_path):
    old = old_site(tmp_path / "old")
    before = {p: hashlib.sha256(p.read_bytes()).hexdigest() for p in old.rglob("*") if p.is_file()}
    write_site(hoerner(), old, tmp_path / "new")
    after = {p: hashlib.sha256(p.read_bytes()).hexdigest() for p in old.rglob("*") if p.is_file()}
    assert after == before


def test_a_group_site_gets_member_pages_instead_of_the_placeholder(tmp_path):
    site = Site("lab-website-template", group="Fernwater Lab")
    site.members = [
        Member("ada-horner", "Ada Hörner", role="Principal Investigator",
               links={"github": "ada", "twitter": "ada"}, body="Ada leads the lab."),
        Member("tomasz-wrzos", "Tomasz Wrzos", role="phd", alumni=True),
    ]  # fmt: skip
    write_site(site, tmp_path, tmp_path / "new")
    people = tmp_path / "new" / "docs" / "people"
    assert not (people / "pi.md").exists()
    ada = (people / "ada-horner.md").read_text()
    assert ada.startswith("---\nname: Ada Hörner\nrole: pi\nposition: Principal Investigator\n")
    assert "github: ada" in ada and "twitter" not in ada
    messages = [note.message for note in site.report.notes]
    assert any("twitter" in message for message in messages)
    assert any("Tomasz Wrzos is a former member" in message for message in messages)


@pytest.mark.parametrize(
    ("address", "key"),
    [("news/a/", "news/a/index"), ("/404.html", "404"), ("publication/x", "publication/x"),
     ("/", "")],
)  # fmt: skip
def test_a_redirect_key_is_the_docname_sphinx_reredirects_writes(address, key):
    assert redirect_key(address) == key


@pytest.mark.portfolio
def test_the_moved_site_builds_passes_its_tests_and_redirects(tmp_path):
    old = old_site(tmp_path / "old")
    write_site(hoerner(), old, tmp_path / "new")
    made = run_own_tests(tmp_path / "new", tmp_path / "basetemp")
    assert made.tests.returncode == 0, made.tests.stdout + made.tests.stderr
    redirect = (made.html / "news" / "announcement_1" / "index.html").read_text()
    assert 'url=../../news.html#news-announcement-1"' in redirect
    paper = (made.html / "publications" / "hoerner2024" / "index.html").read_text()
    assert 'url=../../publications/hoerner2024.html"' in paper  # the paper's own page
    assert (made.html / "publications" / "hoerner2024.html").is_file()
    post = (made.html / "2024" / "01" / "02" / "first-post" / "index.html").read_text()
    assert "../../../../posts/first-post.html" in post
    publications = made.page("publications")
    assert len(publications.select("li.bibfolio-entry strong.bibfolio-owner")) == 2
    news = made.page("news")
    assert news.select_one("#news-announcement-1") is not None
    assert (made.html / "_static" / "moved" / "files" / "cv.pdf").is_file()
    home = BeautifulSoup((made.html / "index.html").read_text(), "html.parser")
    assert home.select_one('a[href="_static/moved/files/cv.pdf"]') is not None
    cv = made.page("cv")
    dates = [date.get_text(strip=True) for date in cv.select(".bibfolio-cv-date")]
    assert "2015–2019" in dates and "2022" in dates  # the degree's and the award's


def test_an_undated_post_is_kept_as_a_draft_outside_docs(tmp_path):
    site = hoerner(talks=False)
    site.posts.append(Post("someday", "Someday", "", body="Not yet.", addresses=["/blog/x/"]))
    write_site(site, old_site(tmp_path / "old"), tmp_path / "new")
    assert (
        (tmp_path / "new" / "drafts" / "someday.md")
        .read_text()
        .startswith("---\nblogpost: true\n---\n\n# Someday\n")
    )
    assert not (tmp_path / "new" / "docs" / "posts" / "someday.md").exists()
    conf = (tmp_path / "new" / "docs" / "conf.py").read_text()
    assert '"blog/x/index": "/posts.html"' in conf
    assert any("drafts/someday.md" in note.message for note in site.report.notes)


def test_works_the_owner_only_cites_are_left_out_of_the_lists(tmp_path):
    site = hoerner(talks=False)
    site.bibliography.entries.append(
        Entry("wrzos2020", fields={"author": "Wrzos, Tomasz", "title": "Tides", "year": "2020"})
    )
    write_site(site, old_site(tmp_path / "old"), tmp_path / "new")
    publications = (tmp_path / "new" / "docs" / "publications.md").read_text()
    assert "```{publications}\n:filter: owner\n" in publications
    checks = [note.message for note in site.report.notes if note.kind == "check"]
    assert any(message.startswith("wrzos2020: no author is you") for message in checks)


def test_a_courses_kind_stands_before_its_date_and_a_season_joins_it():
    from bibfolio.movein.model import Course
    from bibfolio.movein.write.pages import teaching_page

    courses = [
        Course("Data Culture", term="Undergraduate course", place="Ockham", date="2020-01-15"),
        Course("Rivers 101", term="Spring", date="2024"),
        Course("Deltas", term="Fall 2023", date="2023-09-01"),
    ]
    text = teaching_page("# Teaching\n", courses, lambda body, *_: body)
    assert text.splitlines()[2::2] == [
        "## Data Culture, Ockham, Undergraduate course, Jan 2020",
        "## Rivers 101, Spring 2024",
        "## Deltas, Fall 2023",
    ]


def test_a_kept_page_with_a_blank_title_is_named_after_its_file(tmp_path):
    site = hoerner(talks=False)
    site.pages = [Page("selected-talks", " ", "What I said.")]
    write_site(site, old_site(tmp_path / "old"), tmp_path / "new")
    assert (
        (tmp_path / "new" / "docs" / "selected-talks.md")
        .read_text()
        .startswith("# Selected talks\n")
    )


def test_an_old_address_whose_page_the_new_site_has_not_leads_home():
    """A real academicpages site: /year-archive/ led to posts, all of them the demo's."""
    from bibfolio.movein.model import Report
    from bibfolio.movein.write.redirects import redirects

    report = Report()
    pairs = [("/year-archive/", "posts"), ("/teaching/", "teaching")]
    found = redirects(pairs, {"index", "posts", "teaching"}, report, {"index", "teaching"})
    assert found == {"year-archive/index": "/index.html", "teaching/index": "/teaching.html"}
    assert [note.kind for note in report.notes] == ["check"]
