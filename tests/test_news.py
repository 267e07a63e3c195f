"""News, talks and Atom feeds: data → pages, feeds a real parser reads, events, the CV.

One build of ``tests/roots/test-news`` (a fictional Ada Lovelace) serves most tests; a
second, fresh one into another folder checks that the feeds are byte-identical (then an
incremental one that an edit of news.yml shows), and one without ``html_baseurl`` that
no feed is written.
"""

from __future__ import annotations

import json
import re
import shutil
from xml.etree import ElementTree

import feedparser
import pytest
from bs4 import BeautifulSoup
from pypdf import PdfReader

from bibfolio.news.atom import Entry, Feed, atom_document
from bibfolio.news.data import parse_date, read_items
from bibfolio.news.events import talk_event

from .helpers import build_project

BASE = "https://ada.example.org/"


def copy_root(rootdir, target):
    shutil.copytree(rootdir / "test-news", target)
    return target


@pytest.fixture(scope="module")
def built(rootdir, tmp_path_factory):
    base = tmp_path_factory.mktemp("news")
    return build_project(copy_root(rootdir, base / "src"), base / "_build")


def soup(built, name):
    return BeautifulSoup((built.outdir / name).read_text(encoding="utf-8"), "html.parser")


def news_items(page):
    return [
        (
            item.select_one(".bibfolio-news-date").get_text()
            if item.select_one(".bibfolio-news-date")
            else "",
            " ".join(item.select_one(".bibfolio-news-text").get_text(" ").split()),
        )
        for item in page.select("ul.bibfolio-news > li.bibfolio-news-item")
    ]


# -- the data file, without Sphinx --------------------------------------------------------
def test_dates_are_days_months_or_years():
    assert parse_date("2026-03-01").text == "March 1, 2026"
    assert parse_date("2026-03").timestamp == "2026-03-01T00:00:00Z"
    assert parse_date("2026").iso == "2026"
    assert parse_date("2026-02-30") is None
    assert parse_date("March 2026") is None


def test_problems_are_located_and_items_kept(tmp_path):
    data = tmp_path / "news.yml"
    data.write_text(
        "- date: 2026-01-02\n  text: one\n  colour: blue\n- text: two\n- date: 2026-13\n  text: three\n"
        "- date: 2026-01-01\n  text: hidden\n  draft: yes\n",
        encoding="utf-8",
    )
    read = read_items(data, "news")
    assert [(p.line, p.subtype) for p in read.problems] == [(3, "news"), (4, "news"), (5, "news")]
    assert "unknown news field 'colour'" in read.problems[0].message
    assert [item.get("text") for _key, item in read.newest_first()] == ["one", "two", "three"]
    assert read.drafts == 1


def test_yaml_errors_name_their_line(tmp_path):
    data = tmp_path / "talks.yml"
    data.write_text("- title: a\n  date: 2026\n- title: [unclosed\n", encoding="utf-8")
    read = read_items(data, "talk")
    assert read.items == []
    assert [(p.line, p.subtype) for p in read.problems] == [(4, "talks")]
    assert "not valid YAML" in read.problems[0].message


def test_a_feed_is_as_new_as_its_newest_entry_and_never_empty():
    old = Entry(id="https://a.example/x", title="X", updated="2025-12-01T00:00:00Z",
                link="https://a.example/x")  # fmt: skip
    new = Entry(id="https://a.example/y", title="Y & <Z>", updated="2026-01-01T00:00:00Z",
                link="https://a.example/y")  # fmt: skip
    feed = Feed("https://a.example/f.atom", "F", "https://a.example/f.atom",
                "https://a.example/", "Ada", (old, new))  # fmt: skip
    document = atom_document(feed)
    assert document.count(b"<updated>2026-01-01T00:00:00Z</updated>") == 2  # the feed's, Y's
    assert feedparser.parse(document).entries[1].title == "Y & <Z>"  # escaped, read back
    with pytest.raises(ValueError, match="at least one entry"):
        atom_document(Feed("i", "t", "s", "p", "a", ()))


def test_an_online_talk_is_a_virtual_location():
    event = talk_event({"title": "T", "place": "Online", "date": "2026-05", "url": "https://e.example/"},
                       "https://a.example/talks.html#t", "Ada")  # fmt: skip
    assert event["location"] == {"@type": "VirtualLocation", "url": "https://e.example/"}
    assert event["eventAttendanceMode"] == "https://schema.org/OnlineEventAttendanceMode"


# -- the build ----------------------------------------------------------------------------
def test_bad_data_warns_once_at_file_line(built):
    lines = [line for line in built.warnings.splitlines() if "WARNING" in line]
    expected = [
        ("news.yml:15:", "bad date '1841-13-01'", "[bibfolio.news]"),
        ("news.yml:17:", "news item without a date", "[bibfolio.news]"),
        ("news.yml:20:", "unknown news field 'colour'", "[bibfolio.news]"),
        ("talks.yml:19:", "talk without a title", "[bibfolio.talks]"),
        (
            "talks.yml:22:",
            "slides 'slides/missing.pdf' is not a file inside a folder of html_static_path",
            "[bibfolio.talks]",
        ),
        (
            "talks.yml:23:",
            "video must be a web address (https://...) or a file in the project",
            "[bibfolio.talks]",
        ),
    ]
    assert len(lines) == len(expected), built.warnings
    for line, (where, what, subtype) in zip(lines, expected, strict=True):
        assert where in line and what in line and line.endswith(subtype), line


def test_archive_lists_every_published_item_newest_first(built):
    items = news_items(soup(built, "news.html"))
    assert [date for date, _text in items] == [
        "October 1843", "September 5, 1843", "November 20, 1842", "June 1, 1840", "", "",
    ]  # fmt: skip
    texts = [text for _date, text in items]
    assert texts[0].startswith("Note G A table for the Bernoulli numbers")
    assert texts[-2:] == ["A date that is no date.", "An undated item."]
    # MyST inside the text: emphasis, a link, strong, code.
    page = soup(built, "news.html")
    first = page.select_one("#news-1843-09-05-our-notes-on-the-analytical-engine")
    assert first.select_one("em").get_text() == "Notes"
    assert first.select_one("a")["href"] == "https://example.org/notes"
    assert page.select_one("#news-1843-10-note-g code").get_text() == "code"
    # The list styles: on the pages that show news or talks (the CV shows the talks).
    for name, linked in (("news.html", True), ("talks.html", True), ("cv.html", True),
                         ("publications.html", False)):  # fmt: skip
        hrefs = [link["href"] for link in soup(built, name).head.select('link[rel="stylesheet"]')]
        assert any(href.startswith("_static/bibfolio-news.css?v=") for href in hrefs) is linked, (
            name
        )


def test_home_shows_the_newest_n_and_links_the_archive(built):
    page = soup(built, "index.html")
    assert [date for date, _text in news_items(page)] == ["October 1843", "September 5, 1843"]
    more = page.select_one("p.bibfolio-news-more a")
    assert more.get_text() == "All news"
    assert more["href"] == "news.html"
    assert soup(built, "news.html").select_one("p.bibfolio-news-more") is None


def test_drafts_are_published_nowhere(built):
    for path in built.outdir.rglob("*"):
        if path.is_file() and path.suffix in {".html", ".js", ".atom", ".xml", ".txt"}:
            text = path.read_text(encoding="utf-8", errors="replace")
            assert "A private plan" not in text, path
            assert "not yet announced" not in text and "Secret Meeting" not in text, path
    assert "A private plan" not in PdfReader(built.outdir / "cv.pdf").pages[0].extract_text()


def test_every_page_links_the_feeds_in_its_head(built):
    for name in ("index.html", "news.html", "talks.html", "publications.html", "cv.html",
                 "publications/lovelace1843notes.html"):  # fmt: skip
        links = soup(built, name).head.select('link[rel="alternate"][type="application/atom+xml"]')
        assert [link["href"] for link in links] == [
            BASE + "feeds/news.atom", BASE + "feeds/talks.atom", BASE + "feeds/publications.atom",
        ], name  # fmt: skip
        assert links[0]["title"] == "Ada Lovelace — News"
        assert links[1]["title"] == "Ada Lovelace — Talks"


def parsed(built, name):
    feed = feedparser.parse((built.outdir / "feeds" / name).read_bytes())
    assert not feed.bozo, feed.get("bozo_exception")
    assert feed.version == "atom10"
    return feed


def test_news_feed_is_valid_atom_with_the_newest_items(built):
    feed = parsed(built, "news.atom")
    assert feed.feed.id == BASE + "feeds/news.atom"
    assert feed.feed.title == "Ada Lovelace — News"
    assert feed.feed.updated == "1843-10-01T00:00:00Z"
    assert feed.feed.author == "Ada Lovelace"
    # bibfolio_news_feed = 3: the three newest dated items, never an undated or draft one.
    assert [entry.title for entry in feed.entries] == [
        "Note G",
        "Our Notes on the Analytical Engine appeared; see the translation.",
        "Began translating Menabrea’s memoir (Publications).",  # as the page shows it
    ]
    for entry in feed.entries:
        assert entry.id.startswith(BASE + "news.html#news-")
        assert entry.link == entry.id
        assert entry.updated
        assert entry.author == "Ada Lovelace"
    content = feed.entries[1].content[0]
    assert content.type == "text/html"
    assert '<a class="reference external" href="https://example.org/notes">' in content.value
    # A MyST cross-reference: relative on the page, resolved against the entry's xml:base.
    raw = (built.outdir / "feeds" / "news.atom").read_text(encoding="utf-8")
    assert 'xml:base="https://ada.example.org/news.html"' in raw
    assert 'href="https://ada.example.org/publications.html"' in feed.entries[2].content[0].value


def test_publications_feed_is_valid_atom_dated_by_the_bib(built):
    feed = parsed(built, "publications.atom")
    assert feed.feed.id == BASE + "feeds/publications.atom"
    assert feed.feed.updated == "1844-02-01T00:00:00Z"  # the newest entry's year and month
    # bibfolio_publications_feed = 2, newest first by year and month.
    assert [entry.title for entry in feed.entries] == [
        "Letters on Poetical Science", "Sketch of the Analytical Engine",
    ]  # fmt: skip
    sketch = feed.entries[1]
    assert sketch.id == sketch.link == BASE + "publications/lovelace1843notes.html"
    assert sketch.updated == "1843-09-01T00:00:00Z"
    assert [author.name for author in sketch.authors] == ["Luigi Menabrea", "Ada Lovelace"]
    assert sketch.summary == "Scientific Memoirs, September 1843"


def test_talks_feed_is_valid_atom_dated_by_the_talks_file(built):
    feed = parsed(built, "talks.atom")
    assert feed.feed.id == BASE + "feeds/talks.atom"
    assert feed.feed.title == "Ada Lovelace — Talks"
    assert feed.feed.link == BASE + "talks.html"
    assert feed.feed.updated == "1844-03-01T00:00:00Z"  # the newest talk's date, not the clock's
    # Every dated talk the talks page lists, newest first; never the private one.
    assert [entry.title for entry in feed.entries] == [
        "Bernoulli numbers by machine", "On the Analytical Engine", "Untitled Colloquium",
    ]  # fmt: skip
    soiree = feed.entries[1]
    assert soiree.id == soiree.link == BASE + "talks.html#talk-1843-06-15-on-the-analytical-engine"
    assert soiree.updated == "1843-06-15T00:00:00Z"
    assert soiree.author == "Ada Lovelace"
    assert soiree.summary == "Royal Society Soirée, London, June 15, 1843"
    assert [link.href for link in soiree.links if link.rel == "related"] == [
        "https://example.org/soiree"
    ]
    # Each entry's address is an anchor the talks page has.
    page = soup(built, "talks.html")
    for entry in feed.entries:
        assert page.find(id=entry.link.partition("#")[2]) is not None, entry.link


def test_the_raw_feeds_have_every_required_atom_element(built):
    # The standard library's parser: every XML parser gives an element's namespace with its
    # name ("{ns}feed"); how a tree library shows the xmlns attribute differs between them.
    atom = "{http://www.w3.org/2005/Atom}"
    for name in ("news.atom", "talks.atom", "publications.atom"):
        feed = ElementTree.parse(built.outdir / "feeds" / name).getroot()
        assert feed.tag == f"{atom}feed", name
        for tag in ("id", "title", "updated", "author"):
            assert feed.find(atom + tag) is not None, (name, tag)
        for entry in feed.findall(atom + "entry"):
            for tag in ("id", "title", "updated"):
                assert entry.findtext(atom + tag), (name, tag)
            (alternate,) = [
                link for link in entry.findall(atom + "link") if link.get("rel") == "alternate"
            ]
            assert alternate.get("href").startswith(BASE)


def test_talks_page_lists_talks_newest_first_with_links(built):
    page = soup(built, "talks.html")
    talks = page.select("ul.bibfolio-talks > li.bibfolio-talk")
    lines = [
        " ".join(talk.select_one(".bibfolio-talk-line").get_text(" ").split()) for talk in talks
    ]
    assert lines == [
        "Bernoulli numbers by machine . Ockham Park Seminar , Ockham , March 1844 .",
        "On the Analytical Engine . Royal Society Soirée , London , June 15, 1843 .",
        "Untitled Colloquium , Turin , 1840 .",
    ]
    links = {a.get_text(): a["href"] for a in talks[1].select(".bibfolio-links a")}
    assert links == {
        "Slides": "https://example.org/slides.pdf",
        "Video": "https://example.org/video",
    }
    assert talks[1].select_one("a em").get_text() == "Royal Society Soirée"  # the event, linked
    assert not talks[2].select(".bibfolio-links a")  # a missing file, a javascript: link
    # A file of the project in _static: linked where the site has it.
    links = {a.get_text(): a["href"] for a in talks[0].select(".bibfolio-links a")}
    assert links == {
        "Slides": "_static/talks/engine.pdf",
        "Poster": "https://example.org/poster.pdf",
    }
    assert (built.outdir / "_static" / "talks" / "engine.pdf").is_file()


def test_each_talk_is_a_schema_org_event(built):
    scripts = soup(built, "talks.html").head.select('script[type="application/ld+json"]')
    events = [json.loads(script.string) for script in scripts]
    assert [event["@type"] for event in events] == ["Event"] * 3
    # The slides a file of the site: at the site's address.
    assert events[0]["workFeatured"] == [
        {
            "@type": "PresentationDigitalDocument",
            "name": "Slides",
            "url": BASE + "_static/talks/engine.pdf",
        },
        {"@type": "CreativeWork", "name": "Poster", "url": "https://example.org/poster.pdf"},
    ]
    soiree = events[1]
    assert soiree == {
        "@context": "https://schema.org",
        "@type": "Event",
        "name": "On the Analytical Engine",
        "startDate": "1843-06-15",
        "location": {"@type": "Place", "name": "London", "address": "London"},
        "superEvent": {"@type": "Event", "name": "Royal Society Soirée", "url": "https://example.org/soiree"},
        "performer": {"@type": "Person", "name": "Ada Lovelace"},
        "url": BASE + "talks.html#talk-1843-06-15-on-the-analytical-engine",
        "workFeatured": [{"@type": "PresentationDigitalDocument", "name": "Slides",
                          "url": "https://example.org/slides.pdf"}],
        "recordedIn": {"@type": "VideoObject", "name": "On the Analytical Engine",
                       "url": "https://example.org/video"},
    }  # fmt: skip
    # The CV page shows the talks too, but the events are the talks page's alone.
    assert not soup(built, "cv.html").head.select('script[type="application/ld+json"]')


def test_the_cv_lists_the_talks_and_not_the_news(built):
    cv = soup(built, "cv.html")
    talks = [" ".join(li.get_text(" ").split()) for li in cv.select("li.bibfolio-talk")]
    assert len(talks) == 3 and talks[0].startswith("Bernoulli numbers by machine")
    assert not cv.select(".bibfolio-news, .bibfolio-news-more")
    text = " ".join(page.extract_text() for page in PdfReader(built.outdir / "cv.pdf").pages)
    text = " ".join(text.split())
    # Each talk's date leaves its line for the date column (flush right in the PDF).
    assert (
        "Talks Bernoulli numbers by machine. Ockham Park Seminar, Ockham. March 1844 "
        "Slides · Poster" in text
    )
    assert (
        "On the Analytical Engine. Royal Society Soirée, London. June 15, 1843 Slides · Video"
        in text
    )
    assert "Untitled Colloquium, Turin. 1840" in text
    dates = [
        " ".join(d.get_text().split()) for d in cv.select("li.bibfolio-talk .bibfolio-cv-date")
    ]
    assert dates == ["March 1844", "June 15, 1843", "1840"]
    assert "Note G" not in text and "All news" not in text


def test_two_builds_write_the_same_feeds_and_an_edit_shows(built, rootdir, tmp_path):
    source = copy_root(rootdir, tmp_path / "src")
    again = build_project(source, tmp_path / "_build", overrides={"bibfolio_cv": False})
    for name in ("news.atom", "talks.atom", "publications.atom"):
        first = (built.outdir / "feeds" / name).read_bytes()
        assert (again.outdir / "feeds" / name).read_bytes() == first
    # An item added to news.yml reaches the home page, the archive and the feed on an
    # incremental build (the pages depend on the file).
    news = source / "news.yml"
    news.write_text(
        news.read_text(encoding="utf-8") + "- date: 1850-01-01\n  text: Newest.\n", encoding="utf-8"
    )
    again = build_project(
        source, tmp_path / "_build", overrides={"bibfolio_cv": False}, fresh=False
    )
    assert news_items(soup(again, "index.html"))[0] == ("January 1, 1850", "Newest.")
    assert news_items(soup(again, "news.html"))[0] == ("January 1, 1850", "Newest.")
    assert parsed(again, "news.atom").entries[0].title == "Newest."
    # The same for a talk added to talks.yml.
    talks = source / "talks.yml"
    talks.write_text(
        talks.read_text(encoding="utf-8") + "- title: Newest talk\n  date: 1851-05\n",
        encoding="utf-8",
    )
    again = build_project(
        source, tmp_path / "_build", overrides={"bibfolio_cv": False}, fresh=False
    )
    newest = parsed(again, "talks.atom").entries[0]
    assert (newest.title, newest.updated) == ("Newest talk", "1851-05-01T00:00:00Z")


def test_without_a_site_address_no_feed_and_a_warning(rootdir, tmp_path):
    built = build_project(copy_root(rootdir, tmp_path / "src"), tmp_path / "_build",
                          overrides={"html_baseurl": "", "bibfolio_cv": False})  # fmt: skip
    assert not (built.outdir / "feeds").exists()
    assert not soup(built, "index.html").select('link[type="application/atom+xml"]')
    feed_warnings = re.findall(r"WARNING: no (\w+) feed: .*\[bibfolio\.feed\]", built.warnings)
    assert feed_warnings == ["news", "publications"]
    assert "set html_baseurl" in built.warnings
    # The events keep their data, without the page's (unknown) address.
    event = json.loads(
        soup(built, "talks.html").head.select_one('script[type="application/ld+json"]').string
    )
    assert "url" not in event and event["startDate"] == "1844-03"
