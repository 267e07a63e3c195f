"""``bibfolio_owner``: ``scholar: first_name/last_name`` and the spellings entries use."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..owner import owner_spellings
from .common import plain

if TYPE_CHECKING:
    from ..model import Entry
    from .common import Reading


def _names(value: object) -> list[str]:
    if isinstance(value, list):
        return [plain(name) for name in value if plain(name)]
    return [plain(value)] if plain(value) else []


def read_owner(reading: Reading, entries: list[Entry]) -> None:
    """``site.owner``: the display name, then every other spelling of the owner."""
    config, site = reading.config, reading.site
    lasts = _names(config.get("scholar.last_name"))
    firsts = _names(config.get("scholar.first_name"))
    names = [f"{first} {last}" for last in lasts for first in firsts] or lasts
    if any("Einstein" in name for name in names) and not reading.keep_demo(
        config.at("scholar.last_name"), "the owner Albert Einstein (scholar: last_name)"
    ):
        names = []
    display = site.profile.name
    if names and (not display or not any(last in display for last in lasts)):
        display = names[0]
    wanted = list(dict.fromkeys(name for name in [display, *names] if name))
    if not wanted:
        return
    site.owner = owner_spellings(wanted, entries)
    if len(site.owner) > len(wanted):
        more = ", ".join(site.owner[len(wanted) :])
        reading.report.check(config.at("scholar.last_name"), f"the owner is also written "
                             f"{more} in the entries: added to bibfolio_owner")  # fmt: skip
