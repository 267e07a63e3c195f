"""The migration report: ``MIGRATION.md`` in NEW, and the summary printed on the terminal."""

from __future__ import annotations

import shlex
from typing import TYPE_CHECKING

from .model import KINDS

if TYPE_CHECKING:
    from collections.abc import Sequence

    from .model import Note, Report

#: The report's sections, by note kind, in the order they are written.
SECTIONS = (
    ("left", "Left behind", "Found in the old site and not carried over, and why."),
    ("demo", "Template demo content left out",
     "The template's own example content, never published as yours."),
    ("check", "Check these", "Carried over, but worth a look."),
    ("note", "Notes", "What was done, for the record."),
)  # fmt: skip


def _kinds(report: Report) -> list[str]:
    """The kinds with a count: :data:`~.model.KINDS` first, then any other, as counted."""
    counted = set(report.found) | set(report.converted)
    return [kind for kind in KINDS if kind in counted] + sorted(counted - set(KINDS))


def _line(note: Note) -> str:
    message = " ".join(note.message.split())
    return f"- `{note.source}` — {message}"


def migration_markdown(report: Report, command: str, owner: Sequence[str] = ()) -> str:
    """``MIGRATION.md``: what was found and converted per kind, every note, what to do next.

    *owner*: ``bibfolio_owner``'s names, for the check command (none on a group site).
    """
    template = report.template or "another template"
    lines = [
        "# Moving in",
        "",
        f"This site was made by `{command}` from a site made with {template}. The old "
        "site was only read, never changed.",
        "",
        "| kind | found | converted |",
        "| --- | ---: | ---: |",
    ]
    lines += [
        f"| {kind} | {report.found.get(kind, 0)} | {report.converted.get(kind, 0)} |"
        for kind in _kinds(report)
    ]
    for kind, title, about in SECTIONS:
        notes = [note for note in report.notes if note.kind == kind]
        lines += ["", f"## {title}", ""]
        if not notes:
            lines.append("Nothing.")
            continue
        lines += [about, ""]
        lines += [_line(note) for note in notes]
    lines += [
        "",
        "## Next",
        "",
        "1. Build the site and look at every page:",
        "   `python3 -m pip install nox && python3 -m nox -s docs`, then open",
        "   `docs/_build/html/index.html`. The build's warnings, if any, are the ones named",
        "   above.",
        *_owner_step(owner),
        "3. Run the site's tests (`python3 -m nox -s tests`), commit and push:",
        "   `git add -A && git commit -m 'Move in' && git push`. Once the new site is",
        "   published at the old address, the old addresses lead to their new pages.",
        "",
    ]
    return "\n".join(lines)


def _owner_step(owner: Sequence[str]) -> list[str]:
    if not owner:
        return [
            "2. Check that each member's name is bold in the group's lists: the build warns",
            "   (bibfolio.group_unmatched) for a member no entry names; add the spellings",
            "   their entries use to `aliases` in their page in `docs/people/`.",
        ]
    names = " ".join(f"--owner {shlex.quote(name)}" for name in owner)
    return [
        "2. Check that your name is bold in every author list (bibfolio_owner in",
        "   `docs/conf.py` lists the spellings found); this lists the entries where no",
        f"   author matches: `python3 -m nox -s check -- {names}`",
    ]


def summary(report: Report) -> list[str]:
    """The terminal's short version: counts per kind and how many notes of each sort."""
    counts = ", ".join(
        f"{kind} {report.converted.get(kind, 0)}/{report.found.get(kind, 0)}"
        for kind in _kinds(report)
    )
    lines = [f"Moved in from {report.template or 'another template'}: {counts or 'nothing'}."]
    sizes = {kind: sum(note.kind == kind for note in report.notes) for kind, *_ in SECTIONS}
    said = [f"{sizes[kind]} {title.lower()}" for kind, title, _ in SECTIONS if sizes[kind]]
    if said:
        lines.append("The report names " + "; ".join(said) + ".")
    return lines
