"""Building and serving a portfolio as Read the Docs and GitHub Pages do.

Both hosts serve the site under a path (``/en/latest/``, ``/<repo>/``) and answer any
missing path with the site's ``404.html`` and status 404, at the depth the visitor
typed.  :func:`build_as_host` runs the host's own build command; :func:`serve_as_host`
serves the output that way on 127.0.0.1.
"""

from __future__ import annotations

import functools
import http.server
import io
import os
import subprocess
import sys
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import unquote, urlsplit

if TYPE_CHECKING:
    from typing import BinaryIO


@dataclass(frozen=True)
class Host:
    """A host: the environment its build sees, its build command's options, its base URL."""

    name: str
    canonical: str  #: the site's address, as the build is told it
    environ: dict[str, str]
    options: tuple[str, ...]

    @property
    def prefix(self) -> str:
        """The path the site is served under (``/en/latest/``)."""
        return urlsplit(self.canonical).path


#: A Read the Docs build of the "latest" version of an English project: the variables its
#: reference lists for every build, and the command it runs for ``fail_on_warning: true``
#: (in the folder of conf.py).
READ_THE_DOCS = Host(
    name="readthedocs",
    canonical="https://priya-raman.readthedocs.io/en/latest/",
    environ={
        "READTHEDOCS": "True",
        "READTHEDOCS_PROJECT": "priya-raman",
        "READTHEDOCS_LANGUAGE": "en",
        "READTHEDOCS_VERSION": "latest",
        "READTHEDOCS_VERSION_NAME": "latest",
        "READTHEDOCS_VERSION_TYPE": "branch",
        "READTHEDOCS_CANONICAL_URL": "https://priya-raman.readthedocs.io/en/latest/",
    },
    options=(
        "-T",
        "-W",
        "--keep-going",
        "-b",
        "html",
        "-d",
        "_build/doctrees",
        "-D",
        "language=en",
    ),
)
#: The GitHub Pages workflow (.github/workflows/pages.yml) of a project repository
#: ``priya/portfolio``: configure-pages' base URL plus "/" as READTHEDOCS_CANONICAL_URL,
#: then ``nox -s docs`` (its sphinx-build options).
GITHUB_PAGES = Host(
    name="github-pages",
    canonical="https://priya.github.io/portfolio/",
    environ={"READTHEDOCS_CANONICAL_URL": "https://priya.github.io/portfolio/"},
    options=("-E", "-a", "-nW", "--keep-going", "-b", "html"),
)


def build_as_host(source: Path, out: Path, host: Host) -> subprocess.CompletedProcess[str]:
    """Build the project in *source* into *out* with *host*'s command and environment."""
    environ = {
        name: value
        for name, value in os.environ.items()
        if not name.startswith("READTHEDOCS")  # nothing of the machine's own
    }
    return subprocess.run(
        [sys.executable, "-m", "sphinx", *host.options, ".", str(out)],
        cwd=source,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
        env={**environ, **host.environ},
    )


class _HostHandler(http.server.SimpleHTTPRequestHandler):
    """The output folder under :attr:`prefix`; ``404.html`` with status 404 for the rest."""

    prefix = "/"

    def log_message(self, format: str, *args: object) -> None:
        pass

    def send_head(self) -> BinaryIO | None:
        path = unquote(urlsplit(self.path).path)
        if not path.startswith(self.prefix):
            return self._not_found()
        target = Path(self.directory, path.removeprefix(self.prefix))
        if target.is_dir() and path.endswith("/"):
            target /= "index.html"  # no directory listings on these hosts
        elif target.is_dir():
            self.send_response(301)
            self.send_header("Location", path + "/")
            self.send_header("Content-Length", "0")
            self.end_headers()
            return None
        if not target.is_file() or not target.resolve().is_relative_to(Path(self.directory)):
            return self._not_found()
        self.path = "/" + target.relative_to(self.directory).as_posix()
        return super().send_head()

    def _not_found(self) -> BinaryIO:
        body = Path(self.directory, "404.html").read_bytes()
        self.send_response(404)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        return io.BytesIO(body)


def serve_as_host(root: Path, prefix: str) -> tuple[http.server.ThreadingHTTPServer, str]:
    """Serve *root* under *prefix* on a free port of 127.0.0.1; returns (server, site URL).

    Stop the server with ``shutdown()`` and ``server_close()``.
    """
    handler = type("Handler", (_HostHandler,), {"prefix": prefix})
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(handler, directory=str(root.resolve()))
    )
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}{prefix}"
