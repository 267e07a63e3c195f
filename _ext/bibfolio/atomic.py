"""Writing a file so that it is either the old one or the whole new one, never half.

Every file bibfolio writes itself (paper pages, a list's citation files, linked local
files, static files, the CV, the caches beside the doctrees, and ``bibfolio import``'s
``refs.bib``) goes through :func:`write_file` or :func:`replacing`: the bytes go to
``<name>.<pid>.bibfolio-tmp`` in the same folder, which is then renamed over the target
(``os.replace``, atomic on POSIX and Windows within one file system), with the target's
file mode.  A build killed at any moment leaves at most such a temporary file, never a
truncated target that a later incremental build would keep; :func:`remove_leftovers`
deletes those at the start of the next build.  A user's own file is also written
*durable* (flushed to the disk before the rename), so that a power cut leaves the old
file or the new one, not an empty one.

A build killed while writing leaves complete files, but not all of them new: Sphinx
decides what to write from the sources' times, and a page that depends on the .bib was
read by the killed build and is not read again.  So a mark is left beside the doctrees
from the end of reading until the build finishes (:func:`mark_writing`); a build that
finds it reads every document again (:func:`interrupted`, ``papers.outdated_lists``).
"""

from __future__ import annotations

import contextlib
import os
import shutil
import stat
import weakref
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from collections.abc import Iterator


class Build(Protocol):
    """What the build handlers below use of Sphinx's application: its two folders.

    A protocol, not ``sphinx.application.Sphinx``: this module stays plain Python, so
    that ``bibfolio import`` (which imports no Sphinx) writes ``refs.bib`` with it.
    """

    @property
    def outdir(self) -> str | os.PathLike[str]: ...

    @property
    def doctreedir(self) -> str | os.PathLike[str]: ...


#: The suffix of temporary files (what :func:`remove_leftovers` looks for).
SUFFIX = ".bibfolio-tmp"


def temporary_name(path: Path) -> Path:
    """Where *path*'s new content is written before the rename (per process: ``-j``)."""
    return path.with_name(f"{path.name}.{os.getpid()}{SUFFIX}")


@contextlib.contextmanager
def replacing(path: str | Path) -> Iterator[Path]:
    """Yield a temporary path to write; on success it replaces *path*, else it is removed.

    A *path* that exists keeps its file mode (a ``refs.bib`` made read-only for the
    group, or executable, stays so); a new one gets the mode any new file gets.
    """
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    temporary = temporary_name(target)
    try:
        yield temporary
        with contextlib.suppress(FileNotFoundError):
            temporary.chmod(stat.S_IMODE(target.stat().st_mode))
        temporary.replace(target)
    finally:
        temporary.unlink(missing_ok=True)


def write_file(
    path: str | Path, content: str | bytes, *, if_changed: bool = True, durable: bool = False
) -> bool:
    """Write *content* (text as UTF-8, line ends as given) to *path* atomically.

    Returns whether it wrote.  With *if_changed* a file that already holds these bytes
    is left alone (its mtime stays, so servers and caches keep it).  With *durable* the
    bytes reach the disk (``fsync``) before the rename: for a user's own file, not for
    the thousands of pages a build writes, which a build writes again.
    """
    data = content.encode("utf-8") if isinstance(content, str) else content
    target = Path(path)
    if if_changed and _holds(target, data):
        return False
    with replacing(target) as temporary, temporary.open("wb") as stream:
        stream.write(data)
        if durable:
            stream.flush()
            os.fsync(stream.fileno())
    return True


def copy_file(source: str | Path, target: str | Path) -> bool:
    """Copy *source* to *target* atomically unless *target* has the same bytes already."""
    source, target = Path(source), Path(target)
    if target.is_file() and target.stat().st_size == source.stat().st_size:
        # Written after the source changed last: a copy of it (no need to read a PDF).
        if target.stat().st_mtime >= source.stat().st_mtime:
            return False
        if target.read_bytes() == source.read_bytes():
            return False
    with replacing(target) as temporary:
        shutil.copyfile(source, temporary)
    return True


def _holds(path: Path, data: bytes) -> bool:
    try:
        return path.stat().st_size == len(data) and path.read_bytes() == data
    except OSError:
        return False


#: Beside the doctrees while a build writes (see the module docstring).
WRITING_MARK = "bibfolio-writing"

#: Per application: whether the mark was there when its build started.
_FOUND_MARK: weakref.WeakKeyDictionary[Build, bool] = weakref.WeakKeyDictionary()


def mark_writing(app: Build, env: object) -> None:
    """``env-updated``: the build starts writing."""
    path = Path(app.doctreedir) / WRITING_MARK
    path.parent.mkdir(parents=True, exist_ok=True)
    path.touch()


def unmark_writing(app: Build, exception: Exception | None) -> None:
    """``build-finished``: the build wrote everything (kept after an error)."""
    if exception is None:
        (Path(app.doctreedir) / WRITING_MARK).unlink(missing_ok=True)


def interrupted(app: Build) -> bool:
    """Whether the last build in this folder stopped while writing.

    As found when this build started (:func:`remove_leftovers`): from ``env-updated`` on
    the mark is this build's own.
    """
    found = _FOUND_MARK.get(app)
    return found if found is not None else (Path(app.doctreedir) / WRITING_MARK).is_file()


def remove_leftovers(app: Build) -> None:
    """``builder-inited``: delete temporary files a killed build left in the output.

    Also notes whether the last build was killed while writing (:func:`interrupted`).
    """
    _FOUND_MARK[app] = (Path(app.doctreedir) / WRITING_MARK).is_file()
    for folder in (Path(app.outdir), Path(app.doctreedir)):
        if folder.is_dir():
            for leftover in folder.rglob(f"*{SUFFIX}"):
                leftover.unlink(missing_ok=True)
