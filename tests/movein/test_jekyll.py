"""Reading a Jekyll site: config, collections, old addresses, Liquid and kramdown → MyST."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bibfolio.movein.frontmatter import Document
from bibfolio.movein.jekyll import (
    Config,
    addresses,
    collection,
    liquid_to_myst,
    permalink,
    read_config,
)
from bibfolio.movein.model import Report, Source

if TYPE_CHECKING:
    from pathlib import Path


def _site(tmp_path: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return tmp_path


def read_config_from(data: dict) -> Config:
    return Config(data, {}, "_config.yml")


def _convert(text: str, line: int = 1) -> tuple[str, Report]:
    report = Report()
    return liquid_to_myst(text, Source("_pages/a.md", line), report), report


def test_config_fields_are_read_with_their_lines(tmp_path: Path) -> None:
    root = _site(tmp_path, {"_config.yml": "title: T\nscholar:\n  last_name: [Hörner]\n"})
    config = read_config(root, Report())
    assert config.get("scholar.last_name") == ["Hörner"]
    assert str(config.at("scholar.last_name")) == "_config.yml:3"


def test_config_that_cannot_be_read_is_reported_at_its_line(tmp_path: Path) -> None:
    root = _site(tmp_path, {"_config.yml": "title: T\nbad: [unclosed\n"})
    report = Report()
    config = read_config(root, report)
    assert config.data == {}
    assert report.notes[0].kind == "left"
    assert report.notes[0].source.path == "_config.yml"


def test_a_yaml_config_is_read_when_there_is_no_yml(tmp_path: Path) -> None:
    root = _site(tmp_path, {"_config.yaml": "title: T\n"})
    assert read_config(root, Report()).get("title") == "T"


def test_collection_documents_are_sorted_and_drafts_are_reported(tmp_path: Path) -> None:
    root = _site(
        tmp_path,
        {
            "_posts/2024-02-01-b.md": "---\ntitle: B\n---\nb\n",
            "_posts/2024-01-01-a.md": "---\ntitle: A\n---\na\n",
            "_posts/.hidden.md": "---\ntitle: H\n---\n",
            "_posts/2024-03-01-c.md": "---\ntitle: C\npublished: false\n---\n",
            "_drafts/idea.md": "---\ntitle: D\n---\n",
        },
    )
    report = Report()
    items = collection(root, "posts", report)
    assert [item.path for item in items] == ["_posts/2024-01-01-a.md", "_posts/2024-02-01-b.md"]
    assert items[0].doc.fields["title"] == "A"
    left = {note.source.path: note.message for note in report.notes if note.kind == "left"}
    assert "draft" in left["_drafts/idea.md"]
    assert "published: false" in left["_posts/2024-03-01-c.md"]


def test_front_matter_permalink_wins() -> None:
    config = read_config_from({"permalink": "/blog/:year/:title/"})
    doc = Document({"permalink": "/about-me/"})
    assert permalink(config, "posts", doc, "_posts/2020-01-02-x.md") == "about-me/"


def test_posts_follow_the_site_permalink_pattern() -> None:
    config = read_config_from({"permalink": "/blog/:year/:title/"})
    doc = Document({"title": "Ignored for the address"})
    assert permalink(config, "posts", doc, "_posts/2024-01-26-geojson-map.md") == (
        "blog/2024/geojson-map/"
    )


def test_posts_default_to_jekylls_date_style_with_categories() -> None:
    config = read_config_from({})
    doc = Document({"categories": "Research notes"})
    assert permalink(config, "posts", doc, "_posts/2019-03-07-my-post.md") == (
        "research/notes/2019/03/07/my-post.html"
    )


def test_front_matter_date_overrides_the_file_name_date() -> None:
    config = read_config_from({"permalink": "pretty"})
    doc = Document({"date": "2021-12-31 10:00:00"})
    assert permalink(config, "posts", doc, "_posts/2020-01-01-x.md") == "2021/12/31/x/"


def test_collections_use_their_pattern_or_the_default() -> None:
    config = read_config_from(
        {
            "permalink": "/blog/:year/:title/",
            "collections": {"talks": {"permalink": "/:collection/:name"}},
        }
    )
    assert permalink(config, "news", Document(), "_news/announcement_1.md") == (
        "news/announcement_1/"
    )
    assert permalink(config, "talks", Document(), "_talks/2012_talk_1.md") == "talks/2012-talk-1"


def test_pages_without_permalink_keep_their_path() -> None:
    config = read_config_from({})
    assert permalink(config, "", Document(), "_pages/dropdown.md") == "_pages/dropdown.html"
    assert permalink(config, "", Document(), "docs/index.md") == "docs/"


def test_redirect_from_adds_addresses_as_a_string_or_a_list() -> None:
    config = read_config_from({})
    doc = Document({"permalink": "/new/", "redirect_from": ["/old/", "/older.html"]})
    assert addresses(config, "", doc, "p.md") == ["new/", "old/", "older.html"]
    single = Document({"permalink": "/new/", "redirect_from": "/old/"})
    assert addresses(config, "", single, "p.md") == ["new/", "old/"]


def test_base_url_wrappers_are_removed_from_links() -> None:
    text, report = _convert(
        "[cv]({{ site.baseurl }}/assets/pdf/cv.pdf) [p]({{ base_path }}/p/) "
        "[h]({{ site.url }}{{ site.baseurl }}/x/) [r]({{ '/y/' | relative_url }}) "
        "[home]({{ site.baseurl | prepend: site.url }})"
    )
    assert text == "[cv](/assets/pdf/cv.pdf) [p](/p/) [h](/x/) [r](/y/) [home](/)"
    assert report.notes == []


def test_link_and_post_url_become_paths_or_what_resolve_gives() -> None:
    text, _ = _convert("[a]({% link _pages/about.md %}) [b]({% post_url 2010-07-21-name %})")
    assert text == "[a](_pages/about.md) [b](_posts/2010-07-21-name)"
    report = Report()
    text = liquid_to_myst(
        "[b]({% post_url 2010-07-21-name %})", Source("a.md", 1), report, resolve=str.upper
    )
    assert text == "[b](_POSTS/2010-07-21-NAME)"


def test_raw_blocks_are_kept_as_text() -> None:
    text, report = _convert("a\n{% raw %}{{ page.x }} {% include y %}{% endraw %}\nb")
    assert text == "a\n{{ page.x }} {% include y %}\nb"
    assert report.notes == []


def test_highlight_becomes_a_code_fence() -> None:
    text, _ = _convert("{% highlight python linenos %}\nprint(1)\n{% endhighlight %}\n")
    assert text == "```python\nprint(1)\n```\n"


def test_figure_include_becomes_an_image_with_its_caption_under_it() -> None:
    text, report = _convert(
        'x\n\n{% include figure.liquid path="assets/img/x.jpg" title="A lab" '
        'class="img-fluid" caption="Our lab" %}\n'
    )
    assert text == "x\n\n![A lab](/assets/img/x.jpg)\n\nOur lab\n"
    assert report.notes == []


def test_figure_include_inside_html_becomes_an_img_tag() -> None:
    text, _ = _convert(
        '<div>\n    {% include figure.html path="assets/img/x.jpg" alt="X" %}\n</div>'
    )
    assert text == '<div>\n    <img src="/assets/img/x.jpg" alt="X">\n</div>'


def test_figure_include_with_a_variable_path_is_reported() -> None:
    text, report = _convert("{% include figure.liquid path=page.img %}")
    assert text == ""
    assert report.notes[0].kind == "left"
    assert "variable" in report.notes[0].message


def test_video_include_becomes_a_link_or_an_html_video() -> None:
    text, report = _convert(
        '{% include video.liquid path="https://www.youtube.com/embed/abc" %}\n'
        '{% include video.liquid path="assets/video/talk.mp4" controls=true %}'
    )
    assert text == (
        "[Video](https://www.youtube.com/embed/abc)\n"
        '<video src="/assets/video/talk.mp4" controls></video>'
    )
    assert [note.kind for note in report.notes] == ["note", "note"]


def test_kramdown_attribute_lists_are_removed_with_a_note() -> None:
    text, report = _convert(
        'Intro\n{: .lead}\n[x](https://x.org){:target="_blank"} after\n'
        "{::options parse_block_html='true' /}\nend\n",
        line=5,
    )
    assert text == "Intro\n[x](https://x.org) after\nend\n"
    assert [str(note.source) for note in report.notes] == [
        "_pages/a.md:6",
        "_pages/a.md:7",
        "_pages/a.md:8",
    ]
    assert {note.kind for note in report.notes} == {"note"}


def test_kramdown_in_a_code_fence_is_kept() -> None:
    text, report = _convert("```\n{: .x}\n```\n")
    assert text == "```\n{: .x}\n```\n"
    assert report.notes == []


def test_other_liquid_is_removed_and_reported_at_its_line_with_the_tag() -> None:
    text, report = _convert(
        "Hello {{ page.title }}.\n\n{% for p in site.posts %}\n<li>{{ p.title }}</li>\n"
        "{% endfor %}\n{% include news.liquid %}\nBye\n",
        line=10,
    )
    assert text == "Hello .\n\n\n\nBye\n"
    found = [(str(note.source), note.message) for note in report.notes]
    assert found[0][0] == "_pages/a.md:10"
    assert "{{ page.title }}" in found[0][1]
    assert found[1][0] == "_pages/a.md:12"
    assert "{% for p in site.posts %}" in found[1][1]
    assert "to line 14" in found[1][1]
    assert found[2][0] == "_pages/a.md:15"
    assert "{% include news.liquid %}" in found[2][1]
    assert {note.kind for note in report.notes} == {"left"}


def test_cite_tag_becomes_a_cite_role() -> None:
    text, _ = _convert("see {% cite a2020 b2021 %}.")
    assert text == "see {cite:p}`a2020,b2021`."


def test_a_figure_whose_file_is_missing_is_left_out_and_reported() -> None:
    report = Report()
    text = liquid_to_myst(
        'a\n\n{% include figure.liquid path="assets/img/gone.jpg" %}\n',
        Source("_pages/a.md", 3),
        report,
        exists=lambda path: path != "assets/img/gone.jpg",
    )
    assert text == "a\n\n\n"
    assert [(str(note.source), note.kind) for note in report.notes] == [("_pages/a.md:5", "left")]


def test_markdowns_comment_lines_become_myst_comments():
    """``[comment]: <> (...)`` twice is a duplicate definition to MyST (seen on a real site)."""
    text, _ = _convert(
        '[comment]: <> (Preprints)\n[comment]: <> (======)\n[//]: # "draft"\nKept.\n'
    )
    assert text == "% Preprints\n% ======\n% draft\nKept.\n"
