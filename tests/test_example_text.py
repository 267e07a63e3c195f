"""A site made by an earlier ``bibfolio new`` is told where its example text still is."""

from __future__ import annotations

import re

import pytest

from bibfolio.scaffold.leftovers import example_lines

#: The lines of tests/roots/test-example-text that hold 0.1.0's example text: its three
#: pages as that template wrote them, its news item, the profile's example position, and
#: the example entry of refs.bib (its comment, which says "example entry", is none).
FOUND = (
    "conf.py:4, education-experience.md:3, education-experience.md:9, honors.md:3, "
    "honors.md:6, news.yml:7, refs.bib:7, teaching.md:3, teaching.md:8"
)


def example_warnings(app) -> list[str]:
    return [line for line in app.warning.getvalue().splitlines() if "example_text" in line]


@pytest.mark.sphinx("html", testroot="example-text", freshenv=True)
def test_one_warning_lists_every_line_of_example_text(app):
    app.build()
    warnings = example_warnings(app)
    assert len(warnings) == 1, app.warning.getvalue()
    (warning,) = warnings
    assert re.search(
        r"/conf\.py:4: WARNING: example text written by an earlier bibfolio new is still "
        rf"published: {re.escape(FOUND)}\. Write your own in its place, or delete it .*"
        r"\[bibfolio\.example_text\]",
        warning,
    ), warning
    # The words in index.md's comments (% and <!-- -->) are not published: not listed.
    assert "index.md" not in warning
    assert app.warning.getvalue().count("WARNING") == 1
    # Again on an incremental build (nothing re-read): still once.
    app.warning.truncate(0)
    app.build()
    assert len(example_warnings(app)) == 1


@pytest.mark.sphinx(
    "html",
    testroot="example-text",
    freshenv=True,
    confoverrides={"suppress_warnings": ["bibfolio.example_text"]},
)
def test_the_warning_is_suppressed_by_its_subtype(app):
    app.build()
    assert app.warning.getvalue() == ""


@pytest.mark.parametrize(
    ("text", "kind", "lines"),
    [
        ("# T\n\n**Example text: replace it.** Old.\n", ".md", [3]),
        ("# T\n\n% **Example text: replace it.**\n  % *Course title*\n", ".md", []),
        ("# T\n<!-- a\n*Course title*\n-->\n| *Course title* | x |\n", ".md", [5]),
        (
            "# **Example item: replace it.**\n- text: |\n    **Example item: replace it.**\n",
            ".yml",
            [3],
        ),
        ('P = {"position": "Your position"}\n# "position": "Your position",\n', ".py", [1]),
        (
            "% Example Entry: Replace It\n@misc{e,\n title = {Example Entry: Replace It}"
            ' # " Too"}\n',
            ".bib",
            [3],
        ),
        ("Your position, *Course title*\n", ".rst", []),
    ],
    ids=["page", "comments", "html-comment", "yaml", "conf", "bib", "other-kind"],
)
def test_example_lines_skip_comments(text, kind, lines):
    assert example_lines(text, kind) == lines
