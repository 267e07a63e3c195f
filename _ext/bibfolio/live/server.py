"""sphinx-autobuild's watcher and reloader, waiting for warm builds without a process pool."""

from __future__ import annotations

import asyncio
from pathlib import Path

import watchfiles
from sphinx_autobuild.server import RebuildServer

from .builder import WarmBuilder

#: How often watchfiles looks at the changes it collected (ms; its default is 50).  A
#: save is reported once a look finds no change since the last: 20 to 40 ms after it.
WATCH_STEP_MS = 20


class WarmRebuildServer(RebuildServer):
    """sphinx-autobuild's :class:`RebuildServer`, its ``watch`` loop changed for warm builds.

    Its own loop runs each build in a new ``ProcessPoolExecutor``: two processes forked
    from this one, the server with all its memory, before every build, only for that
    process to start another.  A warm build is forked by the zygote, so here it is waited
    for in a thread; should the server stop meanwhile, the build is interrupted as
    Ctrl+C would, and the zygote ends with the loop.  Not warm (the first build could not
    make the zygote), it is sphinx-autobuild's own loop.
    """

    async def watch(self) -> None:
        builder = self.change_callback
        if not isinstance(builder, WarmBuilder) or builder.zygote is None:
            await super().watch()
            return
        try:
            async for changes in watchfiles.awatch(
                *self.paths,
                watch_filter=lambda _, path: not self.ignore(path),
                step=WATCH_STEP_MS,
            ):
                changed_paths = [Path(path).resolve() for (_, path) in changes]
                try:
                    await asyncio.to_thread(builder, changed_paths=changed_paths)
                except asyncio.CancelledError:
                    builder.interrupt()
                    raise
                self.flag.set()
        finally:
            # The server is stopping (sphinx-autobuild cancels this loop and does not wait;
            # uvicorn may then end the process at once): end the zygote, and wait for it here.
            builder.close()
