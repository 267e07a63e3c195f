"""A Quarto project's files: ``_quarto.yml``, documents, ``_metadata.yml``, addresses.

Documents come with their folders' ``_metadata.yml`` defaults under their own fields.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import TYPE_CHECKING, Any

import yaml

from ..frontmatter import read_document
from ..model import Source, old_address

if TYPE_CHECKING:
    from ..model import Report

#: Documents Quarto renders in a website project.
DOCUMENTS = (".qmd", ".md", ".ipynb", ".rmd")
#: Folders that hold no content of the owner's: Quarto's output, its caches and
#: extensions, environments.  (``output-dir`` from ``_quarto.yml`` is added.)
SKIPPED = {
    "_site", "_freeze", ".quarto", "_extensions", "site_libs", "renv", "node_modules",
    ".git", ".github", ".venv", "venv", "__pycache__", ".ipynb_checkpoints",
}  # fmt: skip
#: Files in a repository that are about the repository, not pages (Quarto skips README).
REPOSITORY_FILES = {"readme", "license", "licence", "contributing", "code_of_conduct", "changelog"}


def load_config(root: Path) -> dict[str, Any] | None:
    """``_quarto.yml`` (or ``.yaml``) as data; None when absent or unreadable."""
    for name in ("_quarto.yml", "_quarto.yaml"):
        path = root / name
        if path.is_file():
            try:
                data = yaml.safe_load(path.read_text(encoding="utf-8"))
            except (yaml.YAMLError, UnicodeDecodeError):
                return None
            return data if isinstance(data, dict) else None
    return None


@dataclass
class QDoc:
    """One Quarto document: its own front matter, merged with the folders' defaults."""

    path: str
    #: The document's own fields (what it says about itself).
    own: dict[str, Any]
    #: ``_metadata.yml`` defaults of its folders, then its own fields over them.
    fields: dict[str, Any]
    lines: dict[str, int]
    body: str
    body_line: int
    notebook: bool = False
    used: bool = field(default=False, repr=False)

    def at(self, name: str | None = None) -> Source:
        """Where field *name* (or the document) is."""
        line = self.lines.get(name, 1) if name else 1
        return Source(self.path, line)

    @property
    def folder(self) -> str:
        """The document's folder, relative to OLD ("" at the top)."""
        parent = str(PurePosixPath(self.path).parent)
        return "" if parent == "." else parent

    @property
    def slug(self) -> str:
        """``posts/a/index.qmd`` → ``a``; ``cv.qmd`` → ``cv``."""
        pure = PurePosixPath(self.path)
        return pure.parent.name if pure.stem == "index" and pure.parent.name else pure.stem


def content_files(root: Path, config: dict[str, Any]) -> list[str]:
    """Every file of the project that is not Quarto's output or cache (POSIX, sorted)."""
    project = config.get("project") if isinstance(config.get("project"), dict) else {}
    skipped = set(SKIPPED)
    output = project.get("output-dir") if isinstance(project, dict) else None
    if isinstance(output, str) and output.strip("./"):
        skipped.add(output.strip("./").split("/")[0])
    found: list[str] = []
    for folder, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if d not in skipped and not d.startswith("."))
        base = Path(folder).relative_to(root)
        found += [(base / name).as_posix() for name in files if not name.startswith(".")]
    return sorted(found)


def is_document(path: str) -> bool:
    """True for a file Quarto renders (or includes, when its name starts with ``_``)."""
    return PurePosixPath(path).suffix.lower() in DOCUMENTS


def is_repository_file(path: str) -> bool:
    """``README.md``, ``LICENSE.md`` ... at the top: about the repository, not a page."""
    pure = PurePosixPath(path)
    return len(pure.parts) == 1 and pure.stem.lower() in REPOSITORY_FILES


def read_doc(root: Path, path: str, report: Report) -> QDoc | None:
    """The document at *path* with its folders' ``_metadata.yml`` defaults under it."""
    try:
        text = (root / path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        report.left(Source(path), f"cannot be read: {error}")
        return None
    notebook = path.lower().endswith(".ipynb")
    if notebook:
        text = _notebook_front_matter(text)
    document = read_document(text, Source(path), report)
    if document is None:
        return None
    defaults = folder_defaults(root, PurePosixPath(path).parent, report)
    merged = _merge(defaults, document.fields)
    return QDoc(
        path, document.fields, merged, document.lines, document.body, document.body_line, notebook
    )


def folder_defaults(root: Path, folder: PurePosixPath, report: Report) -> dict[str, Any]:
    """The ``_metadata.yml`` of *folder* and of every folder above it, the nearest winning."""
    merged: dict[str, Any] = {}
    chain = [*reversed(folder.parents), folder] if str(folder) != "." else []
    for part in chain:
        path = root / part / "_metadata.yml"
        if str(part) == "." or not path.is_file():
            continue
        try:
            data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
        except yaml.YAMLError as error:
            report.left(Source(f"{part}/_metadata.yml"), f"cannot be read: {error}")
            continue
        if isinstance(data, dict):
            merged = _merge(merged, data)
    return merged


def _merge(base: dict[str, Any], over: dict[str, Any]) -> dict[str, Any]:
    # Quarto merges metadata mappings key by key (citation: in _metadata.yml and in a page).
    merged = dict(base)
    for key, value in over.items():
        if isinstance(value, dict) and isinstance(merged.get(key), dict):
            merged[key] = _merge(merged[key], value)
        else:
            merged[key] = value
    return merged


def _notebook_front_matter(text: str) -> str:
    # A notebook's front matter is its first cell (raw, or markdown) when it starts with ---.
    try:
        cells = json.loads(text).get("cells") or []
    except (json.JSONDecodeError, AttributeError):
        return ""
    if not cells:
        return ""
    source = cells[0].get("source", "")
    first = "".join(source) if isinstance(source, list) else str(source)
    return first.strip() + "\n" if first.lstrip().startswith("---") else ""


def addresses(doc: QDoc) -> list[str]:
    """The old addresses of *doc*, as Quarto renders it.

    ``x/index.qmd`` → ``x/index.html`` and ``x/``; ``x.qmd`` → ``x.html``; and its
    ``aliases:`` (relative to its folder, or absolute).
    """
    pure = PurePosixPath(doc.path)
    html = str(pure.with_suffix(".html"))
    found = [old_address(html)]
    if pure.stem == "index" and str(pure.parent) != ".":
        found.append(old_address(str(pure.parent) + "/"))
    aliases = doc.own.get("aliases")
    given = aliases if isinstance(aliases, list) else []
    found += [_alias(doc.folder, a.strip()) for a in given if isinstance(a, str) and a.strip()]
    return [address for address in dict.fromkeys(found) if address]


def _alias(folder: str, alias: str) -> str:
    if alias.startswith("/") or "://" in alias:
        return old_address(alias.split("://", 1)[-1].split("/", 1)[-1] if "://" in alias else alias)
    parts: list[str] = [part for part in folder.split("/") if part]
    for part in alias.split("/"):
        if part == "..":
            if parts:
                parts.pop()
        elif part not in ("", "."):
            parts.append(part)
    return old_address("/".join(parts) + ("/" if alias.endswith("/") else ""))


def variables(root: Path) -> dict[str, Any]:
    """``_variables.yml``, for ``{{< var >}}``."""
    path = root / "_variables.yml"
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8")) if path.is_file() else {}
    except yaml.YAMLError:
        return {}
    return data if isinstance(data, dict) else {}
