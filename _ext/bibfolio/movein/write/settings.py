"""``docs/conf.py`` of a moved site: the owner, the profile card, static files, redirects."""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING, Any

from ...model.profile import LINK_KINDS

if TYPE_CHECKING:
    from ..model import Profile

_PROFILE = re.compile(r"^bibfolio_profile = \{\n(.*?)^\}\n", re.M | re.S)
_COMMENTED = re.compile(r'^    # "(?P<key>\w+)": ')
_OWNER = re.compile(r"^bibfolio_owner = \[NAME\]\n", re.M)
_EXTENSIONS = re.compile(r"^extensions = \[(?P<list>[^\]\n]*)\]\n", re.M)


def profile_values(profile: Profile, photo: str) -> dict[str, Any]:
    """``bibfolio_profile``'s keys from the old profile (*photo*: its path in docs/, or "")."""
    values: dict[str, Any] = {}
    for key in ("position", "affiliation", "email"):
        if value := " ".join(getattr(profile, key).split()):
            values[key] = value
    if profile.interests:
        values["interests"] = ", ".join(" ".join(str(i).split()) for i in profile.interests)
    if photo:
        values["photo"] = photo
        values["photo_alt"] = profile.photo_alt or profile.name
    others = []
    for key, value in profile.links.items():
        if key == "email":
            values.setdefault("email", value.removeprefix("mailto:"))
        elif key in LINK_KINDS:
            values[key] = value
        else:
            # Converters key other links by their label ("ResearchGate"), or by a word.
            label = key if key != key.lower() else key.replace("_", " ").title()
            others.append({"label": label, "url": value})
    if others:
        values["links"] = others
    return values


def conf_text(
    template: str,
    owner: list[str],
    profile: dict[str, Any],
    *,
    redirects: dict[str, str],
    static: bool,
    extensions: list[str],
    attrs: bool = False,
    cv: list[str] | None = None,
) -> str:
    """The template's ``conf.py`` with the owner's spellings and the profile filled in.

    Each profile key goes in place of its comment (the rest before the closing brace);
    ``html_static_path`` is set when moved files are there, *extensions* are added, and
    ``redirects`` written when there are any; ``bibfolio_cv`` when *cv* names the CV's
    pages.
    """
    text = template
    if len(owner) > 1:
        spellings = ", ".join(_literal(name) for name in owner[1:])
        text = _OWNER.sub(lambda _: f"bibfolio_owner = [NAME, {spellings}]\n", text, count=1)
    found = _PROFILE.search(text)
    if found and profile:
        left = dict(profile)
        lines = []
        for line in found.group(1).splitlines(keepends=True):
            key = _COMMENTED.match(line)
            if key and key.group("key") in left:
                name = key.group("key")
                lines.append(f"    {_literal(name)}: {_literal(left.pop(name))},\n")
            else:
                lines.append(line)
        lines += [f"    {_literal(name)}: {_literal(value)},\n" for name, value in left.items()]
        text = text[: found.start(1)] + "".join(lines) + text[found.end(1) :]
    match = _EXTENSIONS.search(text)
    if match and extensions:
        listed = [part.strip() for part in match.group("list").split(",") if part.strip()]
        listed += [_literal(name) for name in extensions if _literal(name) not in listed]
        text = text[: match.start("list")] + ", ".join(listed) + text[match.end("list") :]
    extra = []
    if static:
        extra += [
            "",
            "# Files the old site's pages linked (images, PDFs), copied from it by",
            "# `bibfolio new --from`: they are published as they are, at _static/moved/.",
            'html_static_path = ["_static"]',
        ]
    if attrs:
        extra += [
            "",
            "# The portfolio's MyST extensions, and attrs_inline: the old pages' links to",
            "# files are written [text](url){.external}, a plain link the CV takes too.",
            'myst_enable_extensions = ["colon_fence", "deflist", "attrs_inline"]',
        ]
    if cv is not None:
        extra += [
            "",
            "# The CV's pages, in order: the pages kept from the old site are left out (they",
            "# were no CV's); add a page's name here to have it in the CV too.",
            f"bibfolio_cv = {_literal(cv)}",
        ]
    if redirects:
        extra += [
            "",
            "# The old site's addresses, each leading to its new page (sphinx-reredirects",
            "# writes a small page at each old address).  MIGRATION.md lists them.",
            "redirects = {",
            *(f"    {_literal(key)}: {_literal(url)}," for key, url in sorted(redirects.items())),
            "}",
        ]
    return text + ("\n".join(extra) + "\n" if extra else "")


def _literal(value: Any) -> str:
    """A Python literal of a string, list or dict of strings: JSON's is one."""
    return json.dumps(value, ensure_ascii=False)
