"""The markup the client-side filter needs; the behaviour is tested in a browser."""

from __future__ import annotations

import pytest

from .helpers import page, warnings_of


@pytest.mark.sphinx("html", testroot="list-options", freshenv=True)
def test_filter_form_is_hidden_without_javascript_and_labelled(app):
    app.build()
    assert "index.md" not in warnings_of(app)  # (broken.md warns on purpose)
    soup = page(app)
    form = soup.select_one("form[data-listing]")
    assert form.has_attr("hidden")  # without JavaScript the full list shows, no dead form
    assert form["role"] == "search"
    for control in form.select("input, select"):
        label = form.select_one(f'label[for="{control["id"]}"]')
        assert label is not None and label.get_text().strip()
    assert [o["value"] for o in form.select("select[name=type] option")] == [
        "",
        "journal",
        "conference",
        "workshop",
        "preprint",
    ]
    assert [o["value"] for o in form.select("select[name=year] option")] == [
        "",
        "2023",
        "2022",
        "2021",
        "2020",
    ]
    status = form.select_one("[role=status]")
    assert status["aria-live"] == "polite"
    entries = soup.select("li.bibfolio-entry")
    assert {li["data-listing"] for li in entries} == {form["data-listing"]}
    assert [(li["data-type"], li["data-year"]) for li in entries][:2] == [
        ("journal", "2022"),
        ("journal", "2020"),
    ]
    scripts = [s["src"] for s in soup.find_all("script", src=True)]
    assert any(src.startswith("_static/bibfolio.js") for src in scripts)


@pytest.mark.sphinx("html", testroot="list-options", freshenv=True)
def test_selected_lists_have_no_filter_or_download(app):
    app.build()
    flat = page(app, "flat")
    assert len(flat.select("form[data-listing]")) == 1  # the full list's, not the selected one's
    assert len(flat.select("a.bibfolio-download")) == 1
