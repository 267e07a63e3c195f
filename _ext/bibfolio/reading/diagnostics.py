"""Problems found in the input, as plain data shared by the build and the checker."""

from __future__ import annotations

from dataclasses import dataclass

#: Every subtype bibfolio reports, with what it means.  Warnings are emitted as
#: ``bibfolio.<subtype>``, so ``suppress_warnings = ["bibfolio.<subtype>"]`` silences one.
SUBTYPES: dict[str, str] = {
    "syntax": "a BibTeX syntax error; the entry keeps the fields read before it if it has "
    "a title, else it is skipped",
    "unbalanced_braces": "a '{' without its '}' (entry skipped unless it has a title) or an "
    "extra '}' (entry kept)",
    "missing_comma": "a missing comma between two fields (the entry is read as if it were there)",
    "undefined_macro": "a value uses an @string macro that was never defined",
    "duplicate_key": "two entries share a key, in one file or across files; the later is ignored",
    "duplicate_field": "an entry sets the same field twice; the first value is kept",
    "unknown_type": "an entry type BibTeX does not know; rendered as @misc",
    "missing_field": "an entry lacks a field its type requires",
    "name": "an author or editor name that cannot be parsed (too many commas)",
    "empty_author": "an empty name in an author or editor list",
    "et_al": "a typed 'et al.' ending an author or editor list (write 'and others'); it is "
    "read as 'and others'",
    "latex": "a LaTeX command bibfolio does not know (\\foo): it prints nothing but its braced "
    "argument; once per command and field",
    "encoding": "bytes that are not valid in the bibtex_encoding (UTF-8 by default), or an "
    "unknown encoding name",
    "empty_file": "a bibliography file with no entries and no @string/@preamble/@comment: "
    "empty, or with text that is not a % comment (a file of % comments alone is not reported)",
    "preamble": "an @preamble holds something other than a macro definition bibfolio applies "
    "(\\newcommand, \\providecommand, \\def, \\let); one warning per @preamble",
    "crossref": "a crossref or xdata field names no entry (or a cycle); nothing is inherited",
    "missing_file": "a bibliography file that does not exist",
    "annotation": "an author+an annotation out of range, malformed or unknown",
    "owner_unset": "a {publications} list is shown but bibfolio_owner is not set (one warning, "
    "at the first list; projects that only {cite} never see it)",
    "owner_not_found": "the configured owner matches no author in any entry",
    "owner_missing": "an entry in a publication list whose authors do not include the owner",
    "unsafe_url": "a link field with a scheme other than http, https or mailto, or a path "
    "outside the project; no link is made",
    "local_file": "a link field names a local file that does not exist; a preview is not an "
    "image file inside the project",
    "duplicate_doi": "two entries share a DOI",
    "pairing": "a preprint/published field names no entry, the entry itself, or an entry "
    "already paired; the entries are listed separately",
    "invalid_identifier": "a doi, arxiv, eprint, pmid, pmcid or isbn value that is not a valid "
    "identifier of its kind (syntax or checksum); no link is made",
    "private_field": "private or local fields (file paths, reference-manager bookkeeping) were "
    "left out of the published BibTeX; one note per build, at info level (never fails -W)",
    "similar_title": "two entries have the same or nearly the same title",
    "config": "a bibfolio_* configuration value of the wrong type or with a bad value, or a "
    "bibfolio_* name in conf.py that is no setting (the closest setting named)",
    "deprecated": "a renamed or removed setting, a renamed directive option, directive or "
    "role, or a renamed .bib field: the new name is used (a removed setting is ignored); a "
    "note during the release that renamed it (not failing -W), a warning from a later one",
    "directive": "a {publications} option value bibfolio does not know",
    "filter": "a {publications} :filter: expression that cannot be parsed or evaluated",
    "paper_pages": "a paper page renamed (a page of the project has its name), or old stubs kept",
    "cv": "the CV PDF: a node with no Typst translation (left out of the PDF), an image it "
    "cannot read, a math command it prints nothing for, a bibfolio_cv name that matches no "
    "document or section, or a Typst error",
    "cv_font": "the CV PDF holds characters that neither Typst's own font nor any font "
    "bibfolio_cv_fonts names or the system has can draw; the message names them",
    "citations_file": "the citation counts file (citations.json) cannot be read; no counts show",
    "citations_stale": "the citation counts are older than bibfolio_citations_max_age_days: "
    "run bibfolio metrics",
    "news": "a news item (news.yml) without a date, with a bad date, an unknown field or no "
    "text; or a {news} list without the file.  The item is kept (undated ones last, not fed)",
    "talks": "a talk (talks.yml) without a title or date, with a bad date, an unknown field or a "
    "link that is neither a web address nor a file in html_static_path; or a {talks} list "
    "without the file.  The talk is kept",
    "feed": "an Atom feed asked for in conf.py cannot be written (no html_baseurl)",
    "group_member": "a group member's data: an unknown field, role or year, a missing photo, "
    "a duplicate id, a row without id or name (the member is kept where possible)",
    "group_unmatched": "a group member matches no author in the bibliography, though an author "
    "name is close to theirs or they list aliases",
    "group_no_entries": "(a note) a group member has no entries in the bibliography yet",
    "group_ambiguous": "an author matches two group members; marked for neither",
    "project": "a project page's front matter: an unknown field, a bad year, an image that "
    "is missing, not an image or outside the project, a link that is no web address, a "
    ".bib key that names no entry, an unknown member, a duplicate id; or an entry's project "
    "field naming no project.  The project is kept without it",
    "post": "an ABlog post without a date (ABlog keeps it as a draft, out of the post list "
    "and the feed)",
    "front_page": "a front-page directive ({highlight-row}, {people-preview}): an image that is "
    "missing or outside the project, or an unknown role; the rest is shown without it",
    "example_text": "example text an earlier bibfolio new wrote is still published (a page's "
    "'Example text: replace it.', '*Course title*' ...); one warning per build lists every "
    "file:line",
}
#: Subtypes that inform rather than warn: the build logs them at info level (so ``-W``
#: passes) and the checker prints them as notes that do not change its exit status.
NOTES = frozenset({"private_field", "group_no_entries"})


@dataclass(frozen=True, slots=True)
class Diagnostic:
    """One problem, located at ``path:line``.

    Problems with a whole file (missing, empty, owner never matched) are at line 1, as
    linters such as ruff report them: Sphinx and editors need a line to place them.
    """

    path: str
    line: int
    subtype: str
    message: str
    #: Informs rather than warns, as every problem of a subtype in :data:`NOTES` does; a
    #: renamed field is a note until its ``warn_from`` release (``renamedfields.py``).
    note: bool = False

    @property
    def is_note(self) -> bool:
        """Logged at info level (``-W`` passes); a note for the checker."""
        return self.note or self.subtype in NOTES

    @property
    def location(self) -> str:
        """``path:line``, the form Sphinx and editors understand."""
        return f"{self.path}:{self.line}"
