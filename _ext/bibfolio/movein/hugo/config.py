"""A Hugo site's configuration: its files, theme, generation, title and permalinks."""

from __future__ import annotations

import json
import re
import tomllib
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import yaml

if TYPE_CHECKING:
    from pathlib import Path

TEMPLATE = "Hugo Blox"

_FILES = (
    "hugo.toml",
    "hugo.yaml",
    "hugo.yml",
    "hugo.json",
    "config.toml",
    "config.yaml",
    "config.yml",
)
#: What a config or ``go.mod`` says when the site is built with one of the three.
_THEME = re.compile(
    r"wowchemy|hugo-?blox|hugo-academic|theme\s*[=:]\s*\[?\s*[\"']?academic\b", re.IGNORECASE
)


@dataclass
class Config:
    """The config files (relative paths), their merged values, and their text."""

    files: list[str] = field(default_factory=list)
    values: dict[str, Any] = field(default_factory=dict)
    params: dict[str, Any] = field(default_factory=dict)
    text: str = ""


def config_files(root: Path) -> list[Path]:
    """The site's config files: top-level ``hugo.*``/``config.*`` and ``config/_default/*``."""
    found = [root / name for name in _FILES if (root / name).is_file()]
    folder = root / "config" / "_default"
    if folder.is_dir():
        found += sorted(
            p for p in folder.iterdir() if p.suffix in (".toml", ".yaml", ".yml", ".json")
        )
    return found


def read_config(root: Path) -> Config:
    """The config, merged as Hugo merges it.

    ``params.*`` go under ``params``, another ``config/_default/x.yaml`` under ``x``.
    """
    config = Config()
    for path in config_files(root):
        text = path.read_text(encoding="utf-8", errors="replace")
        config.files.append(path.relative_to(root).as_posix())
        config.text += text + "\n"
        data = _load(path, text)
        if not isinstance(data, dict):
            continue
        if path.parent.name == "_default" and path.stem not in ("config", "hugo"):
            if path.stem == "params":
                config.params.update(data)
            else:
                config.values.setdefault(path.stem, data)
        else:
            config.params.update(data.get("params") or {})
            config.values.update(data)
    go_mod = root / "go.mod"
    if go_mod.is_file():
        config.text += go_mod.read_text(encoding="utf-8", errors="replace")
    return config


def _load(path: Path, text: str) -> Any:
    try:
        if path.suffix == ".toml":
            return tomllib.loads(text)
        if path.suffix == ".json":
            return json.loads(text)
        return yaml.safe_load(text.replace("\t", "  "))
    except (tomllib.TOMLDecodeError, yaml.YAMLError, ValueError):
        return None


def is_academic(config: Config) -> bool:
    """True when the config or ``go.mod`` names Academic, Wowchemy or Hugo Blox."""
    return bool(_THEME.search(config.text))


def generation(root: Path) -> str:
    """Which generation of the template made the site, by where it keeps things."""
    if (root / "data" / "authors").is_dir():
        return "Hugo Blox 2026"
    home = root / "content" / "_index.md"
    if home.is_file() and re.search(
        r"^sections:", home.read_text(encoding="utf-8", errors="replace"), re.M
    ):
        return "Hugo Blox 2025"
    if (root / "content" / "home").is_dir():
        return "Hugo Academic / Wowchemy v5"
    return "Hugo Blox"


#: Titles the demos ship with.
DEMO_TITLES = ("Your Name", "Academic", "Hugo Academic CV Theme")


def site_title(config: Config) -> str:
    """The site's title (config ``title``, else Hugo Blox's ``identity.name``)."""
    title = str(config.values.get("title") or "").strip()
    hugoblox = config.params.get("hugoblox")
    identity = hugoblox.get("identity") if isinstance(hugoblox, dict) else None
    if not title and isinstance(identity, dict):
        title = str(identity.get("name") or "").strip()
    return title


def permalinks(config: Config) -> dict[str, str]:
    """Section → permalink pattern (``event`` → ``/talk/:slug/``)."""
    found = config.values.get("permalinks")
    if not isinstance(found, dict):
        return {}
    return {str(k): str(v) for k, v in found.items() if isinstance(v, str)}
