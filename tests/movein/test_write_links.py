"""Links in moved bodies (``movein.links``): files copied, old addresses led to new pages."""

from __future__ import annotations

import pytest

from bibfolio.movein.links import Links, address_key
from bibfolio.movein.model import Report, Source


@pytest.fixture
def links(tmp_path) -> Links:
    for path in ("assets/img/x.png", "files/cv.pdf", "_posts/images/a.png", "static/uploads/b.pdf"):
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / path).write_bytes(b"x")
    return Links(
        tmp_path,
        Report(),
        addresses={"news/a": "news#news-a", "blog/2024/hello": "posts/hello"},
        sources={"_posts/2024-01-01-hello.md": "posts/hello"},
        docnames={"publications", "posts/hello"},
    )


POST = Source("_posts/2024-01-01-hello.md", 10)


def test_an_image_is_copied_and_linked_from_the_source_root(links):
    assert links.rewrite("![A](/assets/img/x.png)", "index", POST) == (
        "![A](/_static/moved/assets/img/x.png)"
    )
    assert links.files == {"docs/_static/moved/assets/img/x.png": "assets/img/x.png"}


def test_a_relative_image_is_found_beside_its_page(links):
    assert links.rewrite("![](images/a.png)", "posts/hello", POST) == (
        "![](/_static/moved/_posts/images/a.png)"
    )


def test_a_file_becomes_a_plain_link_relative_to_the_built_page(links):
    text = links.rewrite("My [CV](/files/cv.pdf).", "posts/hello", POST)
    assert text == "My [CV](../_static/moved/files/cv.pdf){.external}."
    assert links.external


def test_hugo_static_files_are_found_under_static(links):
    text = links.rewrite('<a href="/uploads/b.pdf">b</a>', "index", POST)
    assert text == '<a href="_static/moved/static/uploads/b.pdf">b</a>'


def test_old_addresses_lead_to_the_new_page_and_its_anchor(links):
    text = links.rewrite("[post](/blog/2024/hello/) and [news](/news/a.html)", "index", POST)
    assert text == "{doc}`post </posts/hello>` and [news](news.html#news-a){.external}"


def test_a_link_to_the_old_source_file_or_a_new_page_is_a_page_link(links):
    assert links.rewrite("[it](2024-01-01-hello.md)", "index", POST) == "{doc}`it </posts/hello>`"
    assert links.rewrite("[p](/publications)", "index", POST) == "{doc}`p </publications>`"


def test_a_missing_file_is_reported_at_its_line_and_kept_as_text(links):
    text = links.rewrite("First line.\n\nSee [the slides](/files/gone.pdf).", "index", POST)
    assert text == "First line.\n\nSee the slides."
    note = links.report.notes[0]
    assert (note.kind, str(note.source)) == ("left", "_posts/2024-01-01-hello.md:12")
    assert note.message == (
        "a link to /files/gone.pdf: no such file in the old site; kept as plain text"
    )


def test_code_is_left_alone_but_a_directives_text_is_read(links):
    body = (
        "```python\nprint('[x](/files/cv.pdf)')\n```\n\n"
        "```{note}\nSee ![A](/assets/img/x.png).\n```\n"
    )
    assert links.rewrite(body, "index", POST) == (
        "```python\nprint('[x](/files/cv.pdf)')\n```\n\n"
        "```{note}\nSee ![A](/_static/moved/assets/img/x.png).\n```\n"
    )


def test_a_figures_file_is_copied_and_its_path_rewritten(links):
    body = "```{figure} /assets/img/x.png\n:alt: A\n\nThe caption.\n```\n"
    assert links.rewrite(body, "index", POST).startswith(
        "```{figure} /_static/moved/assets/img/x.png\n"
    )


def test_an_html_image_alone_on_its_line_becomes_a_markdown_image(links):
    assert links.rewrite('<img src="/assets/img/x.png" alt="A">', "index", POST) == (
        "![A](/_static/moved/assets/img/x.png)"
    )
    missing = links.rewrite('Text <img src="/gone.png" alt="B"> here', "index", POST)
    assert missing == "Text B here"


def test_external_links_are_untouched(links):
    body = "[w](https://example.org/a.pdf) [m](mailto:a@b.org) [h](#top) <https://x.org>"
    assert links.rewrite(body, "index", POST) == body
    assert links.files == {}


@pytest.mark.parametrize(
    ("url", "key"),
    [("/news/a/", "news/a"), ("news/a/index.html", "news/a"), ("/cv.html", "cv"), ("/", "")],
)
def test_an_address_key_ignores_slashes_index_and_html(url, key):
    assert address_key(url) == key
