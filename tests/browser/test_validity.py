"""Every built page of both portfolios passes the Nu HTML Checker (vnu) with no errors."""

from __future__ import annotations

import json
import shutil
import subprocess

import pytest

from .support import ARTIFACTS

pytestmark = pytest.mark.browser

#: The Nu HTML Checker, from npm's vnu-jar (pinned: a new checker may add errors).
VNU_VERSION = "26.9.27"
VNU_CACHE = ARTIFACTS / "vnu"
VNU_PACKAGE = VNU_CACHE / "node_modules" / "vnu-jar"


def vnu_jar() -> str:
    """Path of vnu.jar, installed from npm into the (git-ignored) cache on first use."""
    manifest = VNU_PACKAGE / "package.json"
    installed = manifest.is_file() and json.loads(manifest.read_text())["version"]
    if installed != VNU_VERSION:
        # --ignore-scripts: the package's install script would fetch a Java runtime.
        done = subprocess.run(
            [
                shutil.which("npm") or "npm", "install", "--prefix", str(VNU_CACHE),
                "--no-audit", "--no-fund", "--ignore-scripts", f"vnu-jar@{VNU_VERSION}",
            ],
            capture_output=True,
            text=True,
            check=False,
            timeout=600,
        )  # fmt: skip
        assert done.returncode == 0, f"npm could not install vnu-jar:\n{done.stderr}"
    return str(VNU_PACKAGE / "build" / "dist" / "vnu.jar")


def test_every_page_is_valid_html(built_mingyu_liang, built_liang_luo):
    missing = [tool for tool in ("java", "npm") if shutil.which(tool) is None]
    if missing:
        pytest.skip(
            f"{' and '.join(missing)} not found: the Nu HTML Checker needs a Java runtime and"
            " npm (apt-get install default-jre-headless nodejs npm; .ci/run installs them)"
        )
    pages = [
        path
        for built in (built_mingyu_liang, built_liang_luo)
        for path in sorted(built.outdir.rglob("*.html"))
        if "_static" not in path.relative_to(built.outdir).parts
    ]
    assert len(pages) > 40
    checked = subprocess.run(
        ["java", "-jar", vnu_jar(), "--errors-only", "--format", "json", *map(str, pages)],
        capture_output=True,
        text=True,
        check=False,
        timeout=600,
    )
    # vnu writes its JSON report to stderr (after any note from the Java runtime).
    reports = [line for line in checked.stderr.splitlines() if line.startswith('{"')]
    assert reports, checked.stderr
    messages = json.loads(reports[-1])["messages"]
    errors = [
        f"{m.get('url', '?')}:{m.get('lastLine', '?')}: {m['message']}"
        + (f"\n    {m['extract']!r}" if m.get("extract") else "")
        for m in messages
        if m["type"] in {"error", "non-document-error"}
    ]
    assert not errors, "\n".join(errors)
    assert checked.returncode == 0, checked.stderr
