"""Posts with ABlog on a portfolio: lists, card, feed beside bibfolio's, cite links, JSON-LD.

ABlog's words follow the portfolio's ``language`` (bibfolio's catalogs where ABlog has none).
"""

from __future__ import annotations

import json
import os
import re
import shutil
from typing import TYPE_CHECKING
from urllib.parse import urljoin

import pytest
from bs4 import BeautifulSoup

from .helpers import REPO, build_project
from .test_incremental_property import output_files

if TYPE_CHECKING:
    from pathlib import Path

    from .helpers import Built

pytest.importorskip("ablog", reason="posts are ABlog's (pip install bibfolio[posts])")

ROOT = REPO / "tests" / "roots" / "test-posts"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Built:
    base = tmp_path_factory.mktemp("posts")
    shutil.copytree(ROOT, base / "site")
    return build_project(base / "site", base / "_build")


def test_a_post_without_a_date_warns_at_its_page(site: Built) -> None:
    assert site.warnings.splitlines() == [
        f"{site.srcdir / 'posts' / 'nodate.md'}:1: WARNING: post 'A post without a date' has "
        "no date: ABlog keeps it as a draft, out of the post list and the feed; give it one "
        "(front matter date: YYYY-MM-DD) [bibfolio.post]"
    ]


def test_home_page_lists_the_latest_dated_posts(site: Built) -> None:
    home = site.page("index")
    titles = [a.get_text() for a in home.select("div.postlist a, ul.postlist a")]
    assert [t for t in titles if t.strip()] == ["Cards, again", "Why looms matter"]
    # The portfolio's own list is still there.
    assert home.select("li.bibfolio-entry")


def test_a_post_cites_refs_bib_and_the_link_lands_on_the_entry(site: Built) -> None:
    post = site.page("posts/looms")
    link = post.select_one('a[href$="#pub-new2023"]')
    assert link is not None and link.get_text() == "Lovelace, 2023"
    assert site.page("index").select_one("li#pub-new2023") is not None


def test_post_card_and_blog_posting(site: Built) -> None:
    post = site.page("posts/looms")
    card = post.select_one(".ablog__postcard")
    # The date as the news are dated (issue 45), not ABlog's "01 October 2026".
    assert card.select_one("time").get_text() == "October 1, 2026"
    assert card.select_one("time")["datetime"] == "2026-10-01"
    assert [a.get_text() for a in card.select("a")][-2:] == ["looms", "history"]
    scripts = [json.loads(s.string) for s in post.select('script[type="application/ld+json"]')]
    assert {
        "@context": "https://schema.org",
        "@type": "BlogPosting",
        "headline": "Why looms matter",
        "datePublished": "2026-10-01",
        "author": [{"@type": "Person", "name": "Ada Lovelace"}],
        "keywords": ["looms", "history"],
        "url": "https://ada.example.org/posts/looms.html",
    } in scripts


def test_feeds_sitemap_and_search_have_the_posts(site: Built) -> None:
    atom = (site.outdir / "blog" / "atom.xml").read_text(encoding="utf-8")
    assert "Why looms matter" in atom and "Cards, again" in atom
    assert "A post without a date" not in atom
    assert (site.outdir / "feeds" / "publications.atom").is_file()  # bibfolio's, beside it
    sitemap = (site.outdir / "sitemap.xml").read_text(encoding="utf-8")
    assert "https://ada.example.org/posts/looms.html" in sitemap
    index = (site.outdir / "searchindex.js").read_text(encoding="utf-8")
    assert '"posts/looms"' in index


def test_every_link_in_ablogs_feeds_lands_where_a_feed_reader_follows_it(tmp_path: Path) -> None:
    """Resolved as a reader does, against the feed's own address (no ``xml:base``)."""
    shutil.copytree(ROOT, tmp_path / "site")
    built = build_project(
        tmp_path / "site", tmp_path / "_build", overrides={"blog_feed_archives": True}
    )
    base = "https://ada.example.org/"
    feeds = sorted(built.outdir.glob("blog/**/atom.xml"))
    assert [str(feed.relative_to(built.outdir)) for feed in feeds] == [
        "blog/2026/atom.xml", "blog/atom.xml", "blog/tag/history/atom.xml",
        "blog/tag/looms/atom.xml",
    ]  # fmt: skip
    followed = []
    for feed in feeds:
        address = base + feed.relative_to(built.outdir).as_posix()
        for content in BeautifulSoup(feed.read_bytes(), "xml").find_all("content"):
            for tag in BeautifulSoup(content.get_text(), "html.parser").select("[href], [src]"):
                link = urljoin(address, tag.get("href") or tag.get("src"))
                assert link.startswith(base), (feed, link)
                path, _, anchor = link.removeprefix(base).partition("#")
                page = built.outdir / path
                assert page.is_file(), (feed, link)
                if anchor:
                    assert BeautifulSoup(page.read_bytes(), "html.parser").find(id=anchor)
                followed.append(link.removeprefix(base))
    # The post citing refs.bib is in four feeds (all, 2026, two tags): each link lands.
    assert followed.count("index.html#pub-new2023") == 4


def _post_edits(site: Path) -> None:
    """One post retitled and retagged (its tag "looms" now on no dated post), one removed,
    one added; the edited one's mtime later."""
    looms = site / "posts" / "looms.md"
    looms.write_text(
        looms.read_text().replace("# Why looms matter", "# Why looms still matter")
        .replace("tags: looms, history", "tags: history, cards"),
        encoding="utf-8",
    )  # fmt: skip
    later = looms.stat().st_mtime + 10
    os.utime(looms, (later, later))
    (site / "posts" / "cards.md").unlink()
    (site / "posts" / "engines.md").write_text(
        "---\nblogpost: true\ndate: 2026-12-01\ntags: engines\n---\n\n"
        "# Engines and looms\n\nOn engines {cite:p}`old2019`.\n",
        encoding="utf-8",
    )


def _feed_times_blanked(files: dict[str, bytes]) -> dict[str, bytes]:
    """ABlog's feeds with their own ``<updated>`` (the time of the build) blanked."""
    for name, data in files.items():
        if name.startswith("blog") and name.endswith(".xml"):
            head, entry, rest = data.partition(b"<entry>")
            files[name] = re.sub(rb"<updated>[^<]*</updated>", b"<updated/>", head, count=1)
            files[name] += entry + rest
    return files


def test_incremental_build_of_post_edits_equals_a_fresh_one(tmp_path: Path) -> None:
    feeds = {"blog_feed_archives": True}  # a feed per tag and year too
    source = tmp_path / "inc" / "site"
    shutil.copytree(ROOT, source)
    build_project(source, tmp_path / "inc" / "_build", overrides=feeds)
    _post_edits(source)
    incremental = build_project(source, tmp_path / "inc" / "_build", overrides=feeds, fresh=False)
    fresh_source = tmp_path / "fresh" / "site"
    shutil.copytree(ROOT, fresh_source)
    _post_edits(fresh_source)
    fresh = build_project(fresh_source, tmp_path / "fresh" / "_build", overrides=feeds)
    assert incremental.warnings.replace(str(source), "SRC") == fresh.warnings.replace(
        str(fresh_source), "SRC"
    )
    left = _feed_times_blanked(output_files(incremental.outdir))
    right = _feed_times_blanked(output_files(fresh.outdir))
    assert sorted(set(left) ^ set(right)) == []
    assert sorted(name for name in left if left[name] != right[name]) == []
    # What the edits show: the new post first, the removed one and its tag gone.
    home = [a.get_text() for a in incremental.page("index").select("ul.postlist a")]
    assert [t for t in home if t.strip()] == ["Engines and looms", "Why looms still matter"]
    assert "blog/tag/looms.html" not in left and "blog/tag/looms/atom.xml" not in left
    assert "blog/tag/engines/atom.xml" in left
    assert "posts/cards.html" not in left


def _words(tag) -> str:
    return " ".join(tag.get_text().split())


@pytest.mark.parametrize(
    ("language", "card", "tag_page"),
    [
        # The card's date is the news' (postdates.py, in the language).  ABlog
        # ships no Japanese or Arabic catalog: these words are bibfolio's
        # (locale/ablog/), loaded after Sphinx's and ABlog's own.
        ("ja", "2026年10月1日 タグ: looms history", "タグ: looms"),
        ("ar", "1 أكتوبر 2026 الوسوم: looms history", "تدوينات بالوسم looms"),
        # German: ABlog's own catalog, which its wheel ships uncompiled (sphinx.po, no
        # .mo), compiled by bibfolio; it leaves "Posts tagged" untranslated.
        ("de", "1. Oktober 2026 Schlagworte: looms history", "Posts tagged looms"),
    ],
    ids=["ja", "ar", "de"],
)
def test_ablog_words_are_in_the_portfolio_language(
    tmp_path: Path, language: str, card: str, tag_page: str
) -> None:
    # pydata-sphinx-theme turns Font Awesome on, and ABlog's card then shows icons where
    # its labels ("Tags:") would be; a site that turns it off shows the words.
    overrides = {"language": language, "fontawesome_included": False}
    shutil.copytree(ROOT, tmp_path / "site")
    built = build_project(tmp_path / "site", tmp_path / "_build", overrides=overrides)
    assert [line for line in built.warnings.splitlines() if "[bibfolio.post]" not in line] == []
    assert _words(built.page("posts/looms").select_one(".ablog__postcard")) == card
    tagged = built.page("blog/tag/looms")
    assert _words(tagged.select_one(".ablog__collection h1")) == tag_page


def test_the_projects_own_words_for_ablog_come_before_bibfolios(tmp_path: Path) -> None:
    shutil.copytree(ROOT, tmp_path / "site")
    catalog = tmp_path / "site" / "locales" / "ja" / "LC_MESSAGES"  # locale_dirs' default
    catalog.mkdir(parents=True)
    (catalog / "sphinx.po").write_text(
        'msgid ""\nmsgstr "Content-Type: text/plain; charset=UTF-8\\n"\n\n'
        'msgid "Posts tagged"\nmsgstr "タグ別の投稿:"\n',
        encoding="utf-8",
    )
    built = build_project(tmp_path / "site", tmp_path / "_build", overrides={"language": "ja"})
    assert [line for line in built.warnings.splitlines() if "[bibfolio.post]" not in line] == []
    tagged = built.page("blog/tag/looms")
    assert _words(tagged.select_one(".ablog__collection h1")) == "タグ別の投稿: looms"
    assert _words(tagged.select_one(".ablog-post-expand")) == "続きを読む"  # bibfolio's


def _home_with_news(tmp_path: Path, language: str) -> Built:
    """test-posts with a news item beside the latest posts on its home page."""
    source = tmp_path / "site"
    shutil.copytree(ROOT, source)
    index = source / "index.md"
    text = index.read_text(encoding="utf-8").replace(
        '```{postlist} 2\n:date: "%Y-%m-%d"\n', "```{postlist} 2\n"
    )
    index.write_text(
        text.replace("## Latest posts", "## News\n\n```{news}\n```\n\n## Latest posts"),
        encoding="utf-8",
    )
    (source / "news.yml").write_text(
        "- date: 2026-09-01\n  text: A fictional item.\n", encoding="utf-8"
    )
    return build_project(source, tmp_path / "_build", overrides={"language": language})


@pytest.mark.parametrize(
    ("language", "news", "posts"),
    [
        ("en", ["September 1, 2026"], ["November 15, 2026", "October 1, 2026"]),
        ("de", ["1. September 2026"], ["15. November 2026", "1. Oktober 2026"]),
    ],
)
def test_news_and_posts_on_the_home_page_are_dated_alike(
    tmp_path: Path, language: str, news: list[str], posts: list[str]
) -> None:
    """Issue 45: one date format, the language's, for the news and the latest posts."""
    built = _home_with_news(tmp_path, language)
    assert [line for line in built.warnings.splitlines() if "[bibfolio.post]" not in line] == []
    home = built.page("index")
    assert [_words(p) for p in home.select(".bibfolio-news-date")] == news
    lines = [_words(p) for p in home.select("ul.postlist li.ablog-post > p")]
    assert [line.split(" - ")[0] for line in lines] == posts
    # Each date an inline of its own, for the news' date column (bibfolio.css).
    dates = home.select("ul.postlist li.ablog-post > p > span.bibfolio-post-date")
    assert [_words(date) for date in dates] == posts
    assert "\x1f" not in (built.outdir / "index.html").read_text(encoding="utf-8")
    # The post page: its card and the line for narrow screens say the same.
    post = built.page("posts/looms")
    assert [_words(t) for t in post.select(".ablog__postcard time, .bibfolio-post-line time")] == [
        posts[1],
        posts[1],
    ]
    # A list with a :date: of its own keeps it (posts.md: "%Y-%m-%d").
    listed = [_words(p) for p in built.page("posts").select("ul.postlist li.ablog-post > p")]
    assert [line.split(" - ")[0] for line in listed] == ["2026-11-15", "2026-10-01"]


def test_a_sites_own_post_date_format_is_left_to_ablog(tmp_path: Path) -> None:
    source = tmp_path / "site"
    shutil.copytree(ROOT, source)
    (source / "index.md").write_text(
        (source / "index.md").read_text(encoding="utf-8").replace('\n:date: "%Y-%m-%d"', ""),
        encoding="utf-8",
    )
    built = build_project(
        source, tmp_path / "_build", overrides={"post_date_format_short": "%Y/%m/%d"}
    )
    lines = [_words(p) for p in built.page("index").select("ul.postlist li.ablog-post > p")]
    assert [line.split(" - ")[0] for line in lines] == ["2026/11/15", "2026/10/01"]
