"""sphinx-autobuild's builder, building in forked copies of a warm process."""

from __future__ import annotations

import contextlib
import subprocess
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from sphinx_autobuild.build import Builder
from sphinx_autobuild.utils import show_command, show_message

from .fork import Zygote, ZygoteGoneError, forked_build
from .warm import changed_modules, import_ahead

if TYPE_CHECKING:
    from collections.abc import Sequence


class WarmBuilder(Builder):
    """sphinx-autobuild's builder, building in a forked child of a warm process.

    The first build (``changed_paths`` empty) runs in a child forked from the server;
    the modules it imported are then imported here, and the :class:`Zygote` that forks
    the later builds is made.
    """

    #: Module file → modification time (ns) when this process imported it; None: cold.
    warm: dict[str, int] | None = None
    #: Forks the builds after the first (None: forked here, or not warm).
    zygote: Zygote | None = None
    #: The server is stopping: no build starts.
    closed = False

    def __call__(self, *, changed_paths: Sequence[Path]) -> None:
        if changed_paths and self.warm is None:
            super().__call__(changed_paths=changed_paths)  # not warmed: sphinx-autobuild's own
            return
        changed = changed_modules(self.warm or {})
        if changed:
            show_message(
                f"Python modules changed since the preview started ({', '.join(changed[:3])}): "
                "building in a new process (restart the preview for fast rebuilds again)"
            )
            super().__call__(changed_paths=changed_paths)
            return
        if changed_paths:
            shown = [_shown(path) for path in changed_paths[:5] if path.exists()]
            if shown:
                show_message(f"Detected changes ({', '.join(shown)})")
            show_message("Rebuilding...")
        if _run_commands(self.pre_build_commands, "pre-build") != 0:
            return
        show_command(["python", "-m", "sphinx", "build", *self.sphinx_args])
        first = not changed_paths
        if first or self.zygote is None:
            code, imported = forked_build(self.sphinx_args, report_modules=first)
        else:
            try:
                code = self.zygote.build(self.sphinx_args)
            except ZygoteGoneError as err:
                if self.closed:
                    return
                show_message(f"The process that forks the builds ended ({err}): building anew")
                self.zygote = None
                super().__call__(changed_paths=changed_paths)
                return
        if code:
            sys.stdout.write(
                f"Sphinx exited with exit code: {code}\n"
                "The server will continue serving the build folder, but the contents "
                "being served are no longer in sync with the documentation sources. "
                "Please fix the cause of the error above or press Ctrl+C to stop the "
                "server.\n"
            )
        else:  # sphinx-autobuild 2024.10 has no post-build commands
            _run_commands(getattr(self, "post_build_commands", ()), "post-build")
        if first:
            self.warm = import_ahead(imported)
            try:
                self.zygote = Zygote()
            except OSError as err:  # no process to spare: builds forked here, in a pool
                show_message(f"Could not start the process that forks the builds ({err})")
        show_message(f"Serving on {self.uri}")

    def interrupt(self) -> None:
        """Stop the build running now (the server is stopping)."""
        if self.zygote is not None:
            self.zygote.interrupt()

    def close(self) -> None:
        """No more builds (the server is stopping): end the zygote (and a build it runs).

        Waited for (10 s at most), so that the server exits after its children: none is
        left to be reaped by another process.
        """
        self.closed = True
        if self.zygote is not None:
            self.zygote.close()
            self.zygote.wait_ended(timeout=10)

    def __getstate__(self) -> dict[str, object]:
        # Sent to sphinx-autobuild's pool workers (not warm): without the zygote's pipes.
        return {**self.__dict__, "zygote": None}


def _run_commands(commands: Sequence[Sequence[str]], context: str) -> int:
    """Run sphinx-autobuild's ``--pre-build`` (or ``--post-build``) commands, as it does.

    Its own runner is a private method that its 2024.10 releases (within our declared
    range) do not have; the exit code of the first that failed, else 0.
    """
    for command in commands:
        show_message(context)
        show_command(list(command))
        code = subprocess.run(list(command), check=False).returncode
        if code:
            sys.stdout.write(
                f"{context.title()} command exited with exit code: {code}\n"
                "Please fix the cause of the error above or press Ctrl+C to stop the server.\n"
            )
            return code
    return 0


def _shown(path: Path) -> str:
    """*path* as sphinx-autobuild names a change: relative to the working folder if inside."""
    with contextlib.suppress(ValueError):
        path = path.relative_to(Path.cwd())
    return path.as_posix()
